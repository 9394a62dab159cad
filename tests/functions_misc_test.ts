/**
 * The remaining built-ins against node:sqlite, through the public API: the write-history
 * functions (0 on a read-only connection), sqlite_source_id, sqlite_log, subtype,
 * load_extension's error, the likelihood hints, soundex and unistr / unistr_quote (with
 * fast-check properties over random texts), and the compile options litejit claims.
 * Replay a property run with LITEJIT_SEED=<seed>; set the run count with LITEJIT_RUNS.
 */
import { deepStrictEqual, equal, ok } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import fc from "fast-check";
import { Database } from "../mod.ts";
import { propertyParams } from "./support/random_db.ts";
import { COMPILE_OPTIONS } from "../core/functions/scalar/misc_build.ts";

/** Runs `body` with the same fresh database opened by node:sqlite and by litejit. */
function withBoth(
  encoding: string,
  body: (oracle: DatabaseSync, db: Database) => void,
): void {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_misc_" });
  try {
    const path = join(dir, "misc.db");
    const setup = new DatabaseSync(path);
    setup.exec(`PRAGMA encoding = '${encoding}';
      CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT, c BLOB, d);
      INSERT INTO t VALUES (1, 'Robert', x'526f62657274', 1.5), (2, 'Ashcraft', NULL, 'x'),
        (3, NULL, x'c3a9', -7), (4, 'Ünïcödé Tymczak', x'', 0);`);
    setup.close();
    const oracle = new DatabaseSync(path, { readOnly: true });
    const db = new Database(path);
    try {
      body(oracle, db);
    } finally {
      oracle.close();
      db.close();
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

type Outcome = { rows: unknown[] } | { error: string };

function outcome(run: () => unknown[]): Outcome {
  try {
    return { rows: run().map((r) => ({ ...(r as object) })) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

function same(oracle: DatabaseSync, db: Database, sql: string, params: unknown[] = []): void {
  const want = outcome(() => oracle.prepare(sql).all(...(params as [])));
  const got = outcome(() => db.prepare(sql).all(...(params as [])));
  deepStrictEqual(got, want, sql);
}

const QUERIES = [
  "SELECT changes(), total_changes(), last_insert_rowid()",
  "SELECT sqlite_source_id(), sqlite_version()",
  "SELECT sqlite_log(1, 'hello') AS a, sqlite_log(NULL, NULL) AS b",
  "SELECT subtype(json('[1]')) a, subtype('[1]') b, subtype(1) c, subtype(NULL) d",
  "SELECT subtype(json_array(1, 2)) a, subtype(json_extract('{\"a\":[1]}', '$.a')) b",
  "SELECT subtype(b) FROM t",
  "SELECT load_extension('x')",
  "SELECT load_extension('x', 'y')",
  "SELECT load_extension(NULL)",
  "SELECT likely(a), unlikely(b), likelihood(d, 0.25) FROM t",
  "SELECT a FROM t WHERE likely(a > 1) AND unlikely(b IS NOT NULL) ORDER BY a",
  "SELECT likelihood(1, 2)",
  "SELECT likelihood(1, d) FROM t",
  "SELECT soundex(b), soundex(c), soundex(d), soundex(a) FROM t",
  "SELECT soundex(''), soundex(NULL), soundex('1234'), soundex('x'), soundex('Pfister')",
  "SELECT soundex('Tymczak'), soundex('Lloyd'), soundex('Honeyman'), soundex('Ashcroft')",
  "SELECT soundex('a' || char(0) || 'bc'), soundex('é'), soundex('çà va'), soundex(3.5)",
  "SELECT unistr('a\\0041\\u00e9\\+01F600\\U0001F601\\\\z') AS u",
  "SELECT unistr(NULL), unistr(12), unistr(x'41'), unistr('')",
  "SELECT unistr('\\x')",
  "SELECT unistr('\\u12')",
  "SELECT unistr('abc\\')",
  "SELECT unistr('\\+00004')",
  "SELECT unistr('\\ud83d'), unistr('\\U0021F600'), unistr('\\UFFFFFFFF'), unistr('\\uFFFE'), unistr('\\U0010FFFF')",
  "SELECT unistr_quote(b), unistr_quote(c), unistr_quote(d), unistr_quote(a) FROM t",
  "SELECT unistr_quote('a' || char(10) || 'b''c\\d'), unistr_quote(char(1)), unistr_quote(NULL)",
  "SELECT unistr_quote(1.5e300), unistr_quote(-0.0), unistr_quote(x'00ff')",
  "SELECT sqlite_compileoption_used(NULL), sqlite_compileoption_used(1)",
  "SELECT sqlite_compileoption_used('sqlite_max_length'), sqlite_compileoption_used('MAX_LEN')",
  "SELECT sqlite_compileoption_used('MAX_LENGTH=1000000000')",
  "SELECT sqlite_compileoption_used('max_length=10')",
  "SELECT sqlite_compileoption_get(-1), sqlite_compileoption_get(100000)",
  "SELECT count(*) FROM t WHERE sqlite_compileoption_used('SOUNDEX')",
];

Deno.test("misc built-ins: same results and errors as node:sqlite", () => {
  for (const encoding of ["UTF-8", "UTF-16le"]) {
    withBoth(encoding, (oracle, db) => {
      for (const sql of QUERIES) same(oracle, db, sql);
    });
  }
});

Deno.test("misc built-ins: the claimed compile options are node:sqlite's, but COMPILER", () => {
  withBoth("UTF-8", (oracle, db) => {
    const nodeOptions = oracle.prepare("SELECT compile_options AS o FROM pragma_compile_options")
      .all().map((r) => r.o as string);
    ok(COMPILE_OPTIONS.length > 1);
    COMPILE_OPTIONS.forEach((opt, i) => {
      const row = db.prepare("SELECT sqlite_compileoption_get(?) AS o").get(i)!;
      equal(row.o, opt);
      const name = opt.split("=")[0];
      const used = db.prepare("SELECT sqlite_compileoption_used(?) AS u").get(name)!.u;
      equal(used, 1, name);
      if (name !== "COMPILER") {
        ok(nodeOptions.includes(opt), `node:sqlite's build has ${opt} too`);
        same(oracle, db, "SELECT sqlite_compileoption_used(?) AS u", [`SQLITE_${name}`]);
      }
    });
    // Options of features litejit does not have are not claimed.
    for (const name of ["ENABLE_FTS5", "ENABLE_RTREE", "ENABLE_LOAD_EXTENSION", "THREADSAFE"]) {
      equal(db.prepare("SELECT sqlite_compileoption_used(?) AS u").get(name)!.u, 0, name);
    }
  });
});

Deno.test("misc built-ins: soundex, unistr and unistr_quote of random texts", () => {
  const params = propertyParams(60, "functions_misc");
  const pieces = fc.oneof(
    fc.constantFrom("\\", "\\\\", "\\u", "\\U", "\\+", "'", "\n", "\t", "\x01", "é", "😀"),
    fc.stringMatching(/^[0-9a-fA-F]{0,9}$/),
    fc.string({ maxLength: 6 }),
    fc.string({ unit: "grapheme", maxLength: 4 }),
  );
  const text = fc.array(pieces, { maxLength: 8 }).map((a) => a.join(""));
  for (const encoding of ["UTF-8", "UTF-16le"]) {
    withBoth(encoding, (oracle, db) => {
      fc.assert(
        fc.property(text, (s) => {
          same(oracle, db, "SELECT soundex(?1) AS s, unistr_quote(?1) AS q", [s]);
          same(oracle, db, "SELECT unistr(?1) AS u", [s]);
        }),
        params,
      );
    });
  }
});
