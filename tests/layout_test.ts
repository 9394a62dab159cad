/**
 * The folders' dependency graph, as README.md's "Layout" draws it, read off the imports:
 * core/ imports nothing from backends/; the shared bytecode (backends/bytecode/) and the JS
 * translation (backends/js-codegen/) import no executor; no executor (interpreter, js,
 * wasm) imports another; the tiered backend (backends/tiered/) imports the two it runs, and
 * no executor imports it. A file that breaks it is named with the import.
 */
import assert from "node:assert/strict";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "..");
const EXECUTORS = ["backends/interpreter", "backends/js", "backends/wasm"];

/** Every .ts file under `dir` (relative to the root). */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of Deno.readDirSync(join(ROOT, dir))) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) out.push(...sources(path));
    else if (e.name.endsWith(".ts")) out.push(path);
  }
  return out;
}

/** The files `file` imports (relative specifiers, static and dynamic), relative to the root. */
function importsOf(file: string): string[] {
  // Comments are left out: doc examples import the public entry points.
  const text = Deno.readTextFileSync(join(ROOT, file)).replace(/\/\*[\s\S]*?\*\//g, "");
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)];
  return specs.map((m) => relative(ROOT, resolve(ROOT, dirname(file), m[1])));
}

/** The folder group a path belongs to: an executor, bytecode, js-codegen, core, or other. */
function groupOf(path: string): string {
  if (path.startsWith("core/")) return "core";
  for (const g of [...EXECUTORS, "backends/tiered", "backends/bytecode", "backends/js-codegen"]) {
    if (path.startsWith(`${g}/`)) return g;
  }
  return path.startsWith("backends/") ? "backends" : "other";
}

/** What each group may import besides itself. */
const ALLOWED: Record<string, readonly string[]> = {
  "core": [],
  "backends/bytecode": ["core"],
  "backends/js-codegen": ["core", "backends/bytecode"],
  "backends/interpreter": ["core", "backends/bytecode", "backends"],
  "backends/js": ["core", "backends/bytecode", "backends/js-codegen", "backends"],
  "backends/wasm": ["core", "backends/bytecode", "backends/js-codegen", "backends"],
  "backends/tiered": ["core", "backends/interpreter", "backends/js", "backends"],
};

function violations(): string[] {
  const bad: string[] = [];
  for (const dir of ["core", "backends"]) {
    for (const file of sources(dir)) {
      const from = groupOf(file);
      const allowed = ALLOWED[from];
      if (allowed === undefined) continue; // backends/*.ts: the registry of every executor
      for (const target of importsOf(file)) {
        const to = groupOf(target);
        if (to !== from && !allowed.includes(to)) bad.push(`${file} imports ${target}`);
      }
    }
  }
  return bad;
}

Deno.test("layout: imports follow the folders' dependency graph", () => {
  assert.deepEqual(violations(), []);
});

Deno.test("layout: the check sees imports (a file of every group imports what it should)", () => {
  // Guards the check itself: if the import reader found nothing, the test above would pass
  // vacuously.
  const seen = new Set(
    [...sources("backends"), ...sources("core")].flatMap((f) =>
      importsOf(f).map((t) => `${groupOf(f)} -> ${groupOf(t)}`)
    ),
  );
  for (
    const edge of [
      "backends/interpreter -> backends/bytecode",
      "backends/js -> backends/js-codegen",
      "backends/wasm -> backends/js-codegen",
      "backends/js-codegen -> backends/bytecode",
      "backends/bytecode -> core",
      "backends/tiered -> backends/interpreter",
    ]
  ) assert.ok(seen.has(edge), `no import seen for ${edge}`);
});
