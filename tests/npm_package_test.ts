/**
 * The npm package end to end: `deno task build:npm`, `npm pack`, `npm install` of the
 * tarball into an empty project, then plain `node` (not Deno) opens a database file made by
 * node:sqlite, queries it on every backend, imports `litejit/browser`, `litejit/lite` with
 * one backend and `litejit/better-sqlite3`, type-checks a consumer against the `.d.ts` files and runs the `litejit` bin.
 * Expected rows come from node:sqlite (run here, in Deno) or are written out below.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";

const ROOT = new URL("../", import.meta.url).pathname;
const canRun = (await Deno.permissions.query({ name: "run" })).state === "granted";

async function works(cmd: string, args: string[]): Promise<boolean> {
  if (!canRun) return false;
  return await new Deno.Command(cmd, { args, stdout: "null", stderr: "null" }).output()
    .then((o) => o.success, () => false);
}
const hasNpm = await works("npm", ["--version"]) && await works("node", ["--version"]);

interface Run {
  stdout: string;
  stderr: string;
}

async function run(cmd: string, args: string[], cwd: string): Promise<Run> {
  const out = await new Deno.Command(cmd, { args, cwd, stdout: "piped", stderr: "piped" })
    .output();
  const dec = new TextDecoder();
  const result = { stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
  if (!out.success) {
    throw new Error(
      `${cmd} ${args.join(" ")} failed (${out.code}):\n${result.stdout}${result.stderr}`,
    );
  }
  return result;
}

/** One value as JSON-safe text, the same on both sides (it is passed to node as source). */
function encodeValue(v: unknown): unknown {
  if (typeof v === "bigint") return `${v}n`;
  if (v instanceof Uint8Array) {
    return `x'${Array.from(v, (b) => b.toString(16).padStart(2, "0")).join("")}'`;
  }
  if (typeof v === "number" && (!Number.isFinite(v) || Object.is(v, -0))) return String(v);
  return v;
}

const QUERIES: { sql: string; params: unknown[] }[] = [
  { sql: "SELECT * FROM items ORDER BY id", params: [] },
  {
    sql: "SELECT kind, count(*) AS n, sum(price) AS total, group_concat(name, '|') AS names " +
      "FROM items GROUP BY kind ORDER BY kind",
    params: [],
  },
  {
    sql: "SELECT i.name, t.label FROM items i LEFT JOIN tags t ON t.item_id = i.id " +
      "ORDER BY i.id, t.label",
    params: [],
  },
  { sql: "SELECT typeof(data) AS ty, length(data) AS len, hex(data) AS h FROM items", params: [] },
  { sql: "SELECT name FROM items WHERE price > ? ORDER BY name", params: [2.5] },
  { sql: "SELECT max(big) AS m, min(big) AS lo FROM items", params: [] },
];

function makeDatabase(path: string): void {
  const db = new DatabaseSync(path);
  db.exec(`
    CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, kind TEXT, price REAL, data BLOB,
                        big INTEGER);
    CREATE TABLE tags (item_id INTEGER, label TEXT);
    CREATE INDEX tags_item ON tags(item_id);
    INSERT INTO items VALUES
      (1, 'apple', 'fruit', 1.25, x'00ff10', 9007199254740993),
      (2, 'bröd', 'bakery', 3.5, NULL, -9223372036854775808),
      (3, 'cheese 🧀', 'dairy', NULL, x'', 42),
      (4, NULL, 'fruit', 2.75, randomblob(0), NULL),
      (5, 'date', NULL, -0.5, zeroblob(3), 9223372036854775807);
    INSERT INTO tags VALUES (1, 'red'), (1, 'sweet'), (3, 'smelly'), (9, 'orphan');
  `);
  db.close();
}

function oracle(path: string): unknown[][] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return QUERIES.map(({ sql, params }) => {
      const st = db.prepare(sql);
      st.setReadBigInts(true);
      return st.all(...(params as [])).map((row) =>
        Object.fromEntries(Object.entries(row).map(([k, v]) => [k, encodeValue(v)]))
      );
    });
  } finally {
    db.close();
  }
}

/** Plain-node script: every backend through "litejit" (file paths), rows as JSON. */
const BACKENDS_SCRIPT = `
import { Database } from "litejit";
const encodeValue = ${encodeValue.toString()};
const queries = ${JSON.stringify(QUERIES)};
const out = {};
for (const backend of ["interpreter", "js", "wasm", "tiered"]) {
  const db = new Database(process.argv[2], { backend, readBigInts: true });
  out[backend] = { used: db.backend, results: queries.map(({ sql, params }) =>
    db.prepare(sql).all(...params).map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, encodeValue(v)])))) };
  db.close();
}
console.log(JSON.stringify(out));
`;

/** `litejit/lite` registers no backend; the one imported after it becomes the default. */
const liteScript = (backend: string) => `
import { readFileSync } from "node:fs";
import { Database } from "litejit/lite";
let before;
try { new Database(readFileSync(process.argv[2])); before = "opened"; }
catch (e) { before = e.constructor.name; }
await import("litejit/${backend}");
const db = new Database(readFileSync(process.argv[2]));
console.log(JSON.stringify({ before, backend: db.backend,
  row: db.prepare("SELECT count(*) AS n, sum(id) AS s FROM items").get() }));
`;

const BROWSER_SCRIPT = `
import { readFileSync } from "node:fs";
import { Database, SqliteError } from "litejit/browser";
const db = await Database.open(new Blob([readFileSync(process.argv[2])]));
const rows = db.prepare("SELECT label FROM tags WHERE item_id = ? ORDER BY label").values(1);
let error;
try { db.prepare("SELECT nope FROM items"); } catch (e) { error = [e instanceof SqliteError, e.code, e.message]; }
console.log(JSON.stringify({ backend: db.backend, rows, error }));
`;

/**
 * The better-sqlite3 drop-in under Node, with a user-defined function, and the class names
 * programs read (bundling must not rename them: better-sqlite3's are these).
 */
const DROP_IN_SCRIPT = `
import Database from "litejit/better-sqlite3";
import { SqliteError } from "litejit";
const db = new Database(process.argv[2], { readonly: true });
db.function("shout", (s) => s.toUpperCase() + "!");
const names = db.prepare("SELECT shout(name) FROM items WHERE id < 3 ORDER BY id").pluck().all();
let readonly;
try { db.prepare("DELETE FROM items").run(); } catch (e) {
  readonly = [e instanceof Database.SqliteError, e.code, e.constructor.name, e.name];
}
const classes = [Database.name, db.constructor.name, Database(process.argv[2]).constructor.name,
  db.prepare("SELECT 1").constructor.name, Database.SqliteError.name,
  Database.SqliteError("m", "c").constructor.name, SqliteError.name];
console.log(JSON.stringify({ names, readonly, classes }));
`;

const CONSUMER_TS = `
import { Database, type SqlValue, SqliteError } from "litejit";
import { Database as LiteDatabase } from "litejit/lite";
import { JS_BACKEND } from "litejit/js";
import { WASM_BACKEND } from "litejit/wasm";
import { INTERPRETER_BACKEND } from "litejit/interpreter";
import { Database as BrowserDatabase } from "litejit/browser";
const db = new Database("x.db", { backend: "wasm", readBigInts: true });
const value: SqlValue | undefined = db.prepare("SELECT 1 AS x").get()?.x;
const lite: LiteDatabase = new LiteDatabase(new Uint8Array(0), { backend: JS_BACKEND });
const opened: Promise<BrowserDatabase> = BrowserDatabase.open(new Blob([]));
export { INTERPRETER_BACKEND, lite, opened, SqliteError, value, WASM_BACKEND };
`;

/** The same import with a type error: proves the check reads the declarations. */
const WRONG_TS = `import { Database } from "litejit";\nconst n: number = new Database("x.db");\n`;

Deno.test({
  name: hasNpm
    ? "npm package: build, pack, install; plain node queries every backend, runs the bin"
    : "npm package: build, pack, install (skipped: no npm/node or no --allow-run)",
  ignore: !hasNpm,
  fn: async () => {
    const tmp = await Deno.makeTempDir({ prefix: "litejit-npm-" });
    try {
      await run(Deno.execPath(), ["run", "-A", "scripts/build_npm.ts"], ROOT);
      const manifest = JSON.parse(await Deno.readTextFile(`${ROOT}dist/npm/package.json`));
      assert.equal(manifest.dependencies, undefined); // nothing to install but litejit
      assert.equal(manifest.devDependencies, undefined);
      assert.equal(manifest.type, "module");
      assert.equal(manifest.engines.node, ">=20.16");
      const bin = await Deno.readTextFile(`${ROOT}dist/npm/${manifest.bin.litejit}`);
      assert.ok(bin.startsWith("#!/usr/bin/env node\n"));

      const packed = await run("npm", ["pack", `${ROOT}dist/npm`, "--pack-destination", tmp], tmp);
      const tarball = `${tmp}/${packed.stdout.trim().split("\n").at(-1)}`;
      const project = `${tmp}/project`;
      await Deno.mkdir(project);
      await Deno.writeTextFile(
        `${project}/package.json`,
        JSON.stringify({ name: "consumer", private: true, type: "module" }),
      );
      await run("npm", ["install", "--no-audit", "--no-fund", tarball], project);

      const dbPath = `${project}/shop.db`;
      makeDatabase(dbPath);
      const want = oracle(dbPath);
      // A hand-written check that the oracle's encoding is what this test thinks it is.
      assert.deepEqual(want[5], [{ m: "9223372036854775807n", lo: "-9223372036854775808n" }]);

      const node = async (name: string, source: string) => {
        await Deno.writeTextFile(`${project}/${name}`, source);
        return JSON.parse((await run("node", [name, dbPath], project)).stdout);
      };
      const all = await node("backends.mjs", BACKENDS_SCRIPT);
      for (const backend of ["interpreter", "js", "wasm", "tiered"]) {
        assert.equal(all[backend].used, backend);
        assert.equal(all[backend].results.length, QUERIES.length);
        all[backend].results.forEach((rows: unknown, i: number) =>
          assert.deepEqual(rows, want[i], `${backend}: ${QUERIES[i].sql}`)
        );
      }

      for (const backend of ["js", "wasm", "interpreter", "tiered"]) {
        const lite = await node(`lite_${backend}.mjs`, liteScript(backend));
        assert.equal(lite.before, "SqliteError", "lite alone has no backend");
        assert.deepEqual(lite, { before: "SqliteError", backend, row: { n: 5, s: 15 } });
      }

      assert.deepEqual(await node("browser.mjs", BROWSER_SCRIPT), {
        backend: "js",
        rows: [["red"], ["sweet"]],
        error: [true, "SQLITE_ERROR", "no such column: nope"],
      });

      assert.deepEqual(await node("drop_in.mjs", DROP_IN_SCRIPT), {
        names: ["APPLE!", "BRÖD!"],
        readonly: [true, "SQLITE_READONLY", "SqliteError", "SqliteError"],
        classes: [
          "Database",
          "Database",
          "Database",
          "Statement",
          "SqliteError",
          "SqliteError",
          "SqliteError",
        ],
      });

      const cli = await run(
        "npx",
        ["litejit", "--csv", dbPath, "SELECT id, name, big FROM items WHERE id < 3 ORDER BY id"],
        project,
      );
      assert.equal(
        cli.stdout,
        "id,name,big\r\n1,apple,9007199254740993\r\n2,bröd,-9223372036854775808\r\n",
      );

      await typeCheckConsumer(project);
    } finally {
      await Deno.remove(tmp, { recursive: true });
    }
  },
});

/** tsc --noEmit on a consumer of the installed package: accepts it, rejects a type error. */
async function typeCheckConsumer(project: string): Promise<void> {
  // The TypeScript that deno.json pins (installed by the build's tsc run), under plain node.
  const tsc = `${ROOT}node_modules/typescript/bin/tsc`;
  // URL, Blob and WebAssembly appear in the declarations: a consumer has lib dom or @types/node.
  const options = ["--noEmit", "--strict", "--module", "nodenext", "--target", "es2022"];
  options.push("--lib", "es2023,dom", "--types", "", "--ignoreConfig");
  await Deno.writeTextFile(`${project}/consumer.ts`, CONSUMER_TS);
  await run("node", [tsc, ...options, "consumer.ts"], project);
  await Deno.writeTextFile(`${project}/wrong.ts`, WRONG_TS);
  await assert.rejects(
    run("node", [tsc, ...options, "wrong.ts"], project),
    /TS2322: Type 'Database' is not assignable to type 'number'/,
  );
}
