/**
 * The entry points: which backends each one carries, the default backend's fallback where
 * generating code is forbidden, and the sources each one opens. Registrations are module
 * state, so each case that depends on what was imported runs in a fresh Deno process.
 */
import assert from "node:assert/strict";
import { fileURLToPath as fromFileUrl } from "node:url";
import { Database, SqliteError } from "../mod.ts";

const ROOT = new URL("../", import.meta.url);
const SAMPLE = fromFileUrl(new URL("examples/sample.db", ROOT));
const CONFIG = fromFileUrl(new URL("deno.json", ROOT));

/**
 * Runs `body` as a module that imports `imports` (paths from the repository root) and
 * prints one JSON line; returns what it printed, parsed.
 */
async function runIsolated(
  imports: string[],
  body: string,
  v8Flags: string[] = [],
): Promise<Record<string, unknown>> {
  const dir = await Deno.makeTempDir();
  const file = `${dir}/case.ts`;
  // The first entry as m0; the others for their effect (a namespace import nobody uses would
  // be dropped by TypeScript's import elision).
  const lines = imports.map((p, i) =>
    i === 0
      ? `import * as m0 from "${new URL(p, ROOT).href}";`
      : `import "${new URL(p, ROOT).href}";`
  );
  await Deno.writeTextFile(
    file,
    `${lines.join("\n")}\nconst out: Record<string, unknown> = {};\n${body}\n` +
      `console.log(JSON.stringify(out));\n`,
  );
  const flags = v8Flags.length ? [`--v8-flags=${v8Flags.join(",")}`] : [];
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--config", CONFIG, "--allow-read", ...flags, file],
    stdout: "piped",
    stderr: "piped",
  }).output();
  await Deno.remove(dir, { recursive: true });
  const text = new TextDecoder().decode(stdout).trim();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  return JSON.parse(text.split("\n").at(-1)!);
}

/** Source of a statement that records `expr`'s value, or the error it throws, as `out[key]`. */
function attempt(key: string, expr: string): string {
  return `try { out[${JSON.stringify(key)}] = ${expr}; } catch (e) {` +
    ` out[${
      JSON.stringify(key)
    }] = { error: e.constructor.name, code: e.code, message: e.message }; }`;
}

const OPEN = `new m0.Database(Deno.readFileSync(${JSON.stringify(SAMPLE)}))`;
const COUNT = `.prepare("SELECT count(*) AS n FROM cities").get().n`;

Deno.test("lite entry: no backend until one is imported, then that one is the default", async () => {
  const none = await runIsolated(["lite.ts"], attempt("open", `${OPEN}.backend`));
  assert.deepEqual(none.open, {
    error: "SqliteError",
    code: "SQLITE_MISUSE",
    message: "no backend registered: import litejit's interpreter, js or wasm entry point",
  });
  const expected = new Database(SAMPLE).prepare("SELECT count(*) AS n FROM cities").get()!.n;
  for (const name of ["interpreter", "js", "wasm", "tiered"]) {
    const got = await runIsolated(
      ["lite.ts", `${name}.ts`],
      `${attempt("backend", `${OPEN}.backend`)}\n${attempt("n", `${OPEN}${COUNT}`)}\n` +
        attempt(
          "other",
          `new m0.Database(new Uint8Array(0), { backend: "${name === "wasm" ? "js" : "wasm"}" })`,
        ),
    );
    assert.equal(got.backend, name);
    assert.equal(got.n, expected);
    // A backend that was not imported is not in the bundle: asking for it says so.
    assert.equal((got.other as { code: string }).code, "SQLITE_MISUSE");
    // tiered.ts carries the two backends it runs on.
    const carried = name === "tiered" ? "interpreter, js, tiered" : name;
    assert.match(
      (got.other as { message: string }).message,
      new RegExp(`available: ${carried}\\)`),
    );
  }
});

Deno.test("where new Function is forbidden, the default falls back to the interpreter", async () => {
  // V8's flag makes `new Function` throw as a Content-Security-Policy without 'unsafe-eval'
  // does in a browser (the Chromium test checks the real policy, tests/browser_test.ts).
  const got = await runIsolated(
    ["mod.ts"],
    `${attempt("backend", `${OPEN}.backend`)}\n${attempt("n", `${OPEN}${COUNT}`)}\n` +
      `${attempt("js", `new m0.Database(new Uint8Array(0), { backend: "js" })`)}\n` +
      attempt("wasm", `new m0.Database(new Uint8Array(0), { backend: "wasm" })`),
    ["--disallow-code-generation-from-strings"],
  );
  assert.equal(got.backend, "interpreter");
  assert.equal(got.n, new Database(SAMPLE).prepare("SELECT count(*) AS n FROM cities").get()!.n);
  for (const name of ["js", "wasm"]) {
    const e = got[name] as { error: string; code: string; message: string };
    assert.equal(e.error, "SqliteError");
    assert.equal(e.code, "SQLITE_ERROR");
    assert.match(e.message, new RegExp(`^backend "${name}" cannot run here: `));
    assert.match(e.message, /Content-Security-Policy without 'unsafe-eval'/);
  }
});

Deno.test("with code generation allowed, the default is tiered (js in the browser entry)", async () => {
  const db = new Database(SAMPLE);
  assert.equal(db.backend, "tiered");
  db.close();
  // browser.ts registers the three executors only (its size budget): generated JS.
  const got = await runIsolated(["browser.ts"], attempt("backend", `${OPEN}.backend`));
  assert.equal(got.backend, "js");
});

Deno.test("sources: a path, a file: URL, a Uint8Array, an ArrayBuffer, a Blob", async () => {
  const bytes = Deno.readFileSync(SAMPLE);
  const sql = "SELECT name FROM cities ORDER BY id LIMIT 3";
  const want = new Database(SAMPLE).prepare(sql).all();
  assert.equal(want.length, 3);
  const sources: [string, Database][] = [
    ["file: URL", new Database(new URL("examples/sample.db", ROOT))],
    ["Uint8Array", new Database(bytes)],
    ["ArrayBuffer", new Database(bytes.slice().buffer)],
    ["Blob", await Database.open(new Blob([bytes]))],
    ["path via open", await Database.open(SAMPLE)],
  ];
  for (const [what, db] of sources) {
    assert.deepEqual(db.prepare(sql).all(), want, what);
    db.close();
  }
  assert.throws(
    () => new Database(42 as unknown as Uint8Array),
    (e) => e instanceof SqliteError && e.code === "SQLITE_MISUSE",
  );
});

Deno.test("browser and lite entries: no path opener, so a path is SQLITE_CANTOPEN", async () => {
  const got = await runIsolated(
    ["browser.ts"],
    attempt("path", `new m0.Database(${JSON.stringify(SAMPLE)})`),
  );
  const e = got.path as { code: string; message: string };
  assert.equal(e.code, "SQLITE_CANTOPEN");
  assert.match(e.message, /this entry point has no file system/);
});

Deno.test("the WAT printer: only with the wasm-text entry (mod.ts imports it)", async () => {
  const explain = attempt(
    "text",
    `new m0.Database(Deno.readFileSync(${
      JSON.stringify(SAMPLE)
    }), { backend: "wasm" }).prepare("SELECT name FROM cities WHERE population > 0").explain()`,
  );
  const without = (await runIsolated(["browser.ts"], explain)).text as string;
  assert.match(
    without,
    /^;; a \d+-byte module: import litejit's wasm-text entry point to print it\n/,
  );
  assert.match(without, /imported as host\.seg: the JS segments/);
  for (const imports of [["browser.ts", "wasm_text.ts"], ["mod.ts"]]) {
    const text = (await runIsolated(imports, explain)).text as string;
    assert.match(text, /^\(module \$litejit\n/, imports.join(" + "));
    assert.match(text, /\(func \$run /, imports.join(" + "));
  }
});

Deno.test("mod, browser, lite and backend entries import no node:* module", async () => {
  for (
    const entry of [
      "mod.ts",
      "browser.ts",
      "lite.ts",
      "remote.ts",
      "interpreter.ts",
      "js.ts",
      "wasm.ts",
      "tiered.ts",
      "wasm_text.ts",
    ]
  ) {
    const { stdout, code } = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", "--config", CONFIG, fromFileUrl(new URL(entry, ROOT))],
      stdout: "piped",
      stderr: "null",
    }).output();
    assert.equal(code, 0);
    const graph = JSON.parse(new TextDecoder().decode(stdout)) as {
      modules: { specifier: string; dependencies?: { specifier: string }[] }[];
    };
    // The printer entry is small: it reads module bytes and nothing else.
    const minimum = entry === "wasm_text.ts" ? 3 : 50;
    assert.ok(graph.modules.length > minimum, `${entry}: a real module graph`);
    const nodeImports = graph.modules.flatMap((m) =>
      (m.dependencies ?? []).filter((d) => d.specifier.startsWith("node:")).map((d) =>
        `${m.specifier} imports ${d.specifier}`
      )
    );
    assert.deepEqual(nodeImports, [], entry);
  }
  // The check can fail: the better-sqlite3 drop-in does import node:fs.
  const { stdout } = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "--config", CONFIG, fromFileUrl(new URL("better_sqlite3.ts", ROOT))],
    stdout: "piped",
    stderr: "null",
  }).output();
  assert.match(new TextDecoder().decode(stdout), /"specifier": "node:fs"/);
});
