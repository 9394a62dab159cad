/**
 * Builds the npm package in dist/npm/ (`deno task build:npm`): ESM JavaScript from esbuild,
 * `.d.ts` declarations from tsc, package.json, README.md, LICENSE and the `litejit` bin.
 *
 * Every entry point is bundled in ONE esbuild build with code splitting: the entries share
 * module state (the backend registry), so `litejit/lite` followed by `litejit/js` must load
 * one copy of the registry, which separate bundles would each duplicate. The `litejit` bin
 * is the exception: a program of its own, it is one minified file (scripts/build_cli.ts).
 *
 * @module
 */
import * as esbuild from "esbuild";
import config from "../deno.json" with { type: "json" };
import { bundleOneFile } from "./build_cli.ts";

/** One public entry point of the package. */
export interface NpmEntry {
  /** The package.json "exports" key. */
  subpath: string;
  /** The TypeScript source, relative to the repository root. */
  source: string;
  /** The output name, without extension (`<name>.js`, `types/<source>.d.ts`). */
  name: string;
}

/** The package's entry points; adding one is one line here. */
export const NPM_ENTRIES: readonly NpmEntry[] = [
  { subpath: ".", source: "mod.ts", name: "mod" },
  { subpath: "./browser", source: "browser.ts", name: "browser" },
  { subpath: "./lite", source: "lite.ts", name: "lite" },
  { subpath: "./remote", source: "remote.ts", name: "remote" },
  { subpath: "./interpreter", source: "interpreter.ts", name: "interpreter" },
  { subpath: "./js", source: "js.ts", name: "js" },
  { subpath: "./wasm", source: "wasm.ts", name: "wasm" },
  { subpath: "./tiered", source: "tiered.ts", name: "tiered" },
  { subpath: "./wasm-text", source: "wasm_text.ts", name: "wasm-text" },
  { subpath: "./better-sqlite3", source: "better_sqlite3.ts", name: "better-sqlite3" },
];

/** The `litejit` command: source and output (relative to the package root, without `.js`). */
const BIN = { source: "cli/bin.ts", name: "bin/litejit" };

const ROOT = new URL("../", import.meta.url);
const rootPath = (relative: string) => new URL(relative, ROOT).pathname;

/** Builds the package into `outDir` (default dist/npm/) and returns the entries built. */
export async function buildNpm(outDir = rootPath("dist/npm/")): Promise<NpmEntry[]> {
  const entries = [...NPM_ENTRIES];
  await Deno.remove(outDir, { recursive: true }).catch(() => {});
  await Deno.mkdir(outDir, { recursive: true });

  await bundle(entries, outDir);
  await declarations(entries, outDir);
  await writePackageJson(entries, outDir);
  for (const file of ["README.md", "LICENSE"]) {
    await Deno.copyFile(rootPath(file), `${outDir}/${file}`);
  }
  return entries;
}

async function bundle(entries: readonly NpmEntry[], outDir: string): Promise<void> {
  try {
    await esbuild.build({
      entryPoints: entries.map((e) => ({ in: rootPath(e.source), out: e.name })),
      outdir: outDir,
      bundle: true,
      splitting: true, // shared chunks: one backend registry for every entry
      format: "esm",
      platform: "neutral", // the browser, lite and backend entries import no node:* module
      target: "es2022",
      external: ["node:*"],
      // No keepNames: it wraps every function expression a function makes in a call that
      // defines its name, which ran on every statement (a third of a point lookup's time in
      // Node). Bundling renames a class whose name another module also uses (litejit's
      // SqliteError and the drop-in's, its Database and the drop-in's), so the drop-in's two,
      // whose names programs read (`e.constructor.name`), set their names themselves.
      keepNames: false,
      chunkNames: "chunks/[name]-[hash]",
      logLevel: "warning",
    });
  } finally {
    await esbuild.stop();
  }
  // The bin is one file of its own (scripts/build_cli.ts): a command starts faster from one
  // minified file than from the package's chunks.
  const bin = `${outDir}/${BIN.name}.js`;
  await bundleOneFile(BIN.source, bin);
  await Deno.writeTextFile(bin, `#!/usr/bin/env node\n${await Deno.readTextFile(bin)}`);
  await Deno.chmod(bin, 0o755);
}

/**
 * tsc writes declarations for the entries and everything they import. The sources import
 * with `.ts` extensions, which tsc keeps in the `.d.ts` files; they are rewritten to `.js`,
 * which every consumer's module resolution maps to the `.d.ts` beside it.
 */
async function declarations(entries: readonly NpmEntry[], outDir: string): Promise<void> {
  const typesDir = `${outDir}/types`;
  const tsc = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      `${config.imports.typescript}/tsc`,
      "--declaration",
      "--emitDeclarationOnly",
      "--noCheck", // declarations only: the sources are type-checked by `deno check`
      "--skipLibCheck",
      "--allowImportingTsExtensions",
      "--target",
      "es2022",
      "--lib",
      "es2024,dom",
      "--module",
      "nodenext",
      "--moduleResolution",
      "nodenext",
      "--rootDir",
      rootPath("."),
      "--outDir",
      typesDir,
      ...entries.map((e) => rootPath(e.source)),
    ],
    cwd: rootPath("."),
  });
  const { code, stdout, stderr } = await tsc.output();
  if (code !== 0) {
    const text = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
    throw new Error(`tsc failed (exit code ${code}):\n${text}`);
  }
  for await (const file of walkDeclarations(typesDir)) {
    const text = await Deno.readTextFile(file);
    await Deno.writeTextFile(file, text.replace(/(["']\.\.?\/[^"']*)\.ts(["'])/g, "$1.js$2"));
  }
}

async function* walkDeclarations(dir: string): AsyncIterable<string> {
  for await (const item of Deno.readDir(dir)) {
    const path = `${dir}/${item.name}`;
    if (item.isDirectory) yield* walkDeclarations(path);
    else if (item.name.endsWith(".d.ts")) yield path;
  }
}

async function writePackageJson(entries: readonly NpmEntry[], outDir: string): Promise<void> {
  const types = (e: NpmEntry) => `./types/${e.source.replace(/\.ts$/, ".d.ts")}`;
  const exports: Record<string, Record<string, string>> = {};
  for (const e of entries) {
    exports[e.subpath] = e.subpath === "."
      // Bundlers that honour the "browser" condition get the build without node:fs.
      ? { types: types(e), browser: "./browser.js", default: "./mod.js" }
      : { types: types(e), default: `./${e.name}.js` };
  }
  exports["./package.json"] = { default: "./package.json" };
  const pkg = {
    name: "litejit",
    version: config.version,
    description: "A SQLite read engine in pure TypeScript: opens SQLite files and answers " +
      "SELECT exactly like SQLite, through a bytecode interpreter, a JS or a Wasm code generator.",
    license: config.license,
    type: "module",
    main: "./mod.js",
    types: "./types/mod.d.ts",
    exports,
    bin: { litejit: `./${BIN.name}.js` },
    engines: { node: ">=20.16" },
    keywords: ["sqlite", "sql", "database", "reader", "wasm", "browser"],
  };
  await Deno.writeTextFile(`${outDir}/package.json`, JSON.stringify(pkg, null, 2) + "\n");
}

if (import.meta.main) {
  const built = await buildNpm();
  console.log(`build:npm: dist/npm/ with ${built.map((e) => e.subpath).join(", ")} and the bin`);
}
