/**
 * Corrupt files through every backend: real databases written by node:sqlite, mutated where
 * the reader trusts the file (fuzz_test.ts's mutations), then queried on each backend with
 * statements that exercise what the backends do themselves — scans decoding numeric
 * columns, text compared as bytes, GROUP BY and aggregates, ORDER BY … LIMIT on one key or
 * several, count(*)'s walk of a b-tree, rowid and index ranges, integer comparisons in
 * WHERE terms. Every statement must finish and throw nothing but SqliteError (compiled code
 * never reads outside its memory or loops forever), and every backend must give the
 * interpreter's outcome: the same rows, or an error too.
 *
 * Replay with LITEJIT_SEED=<seed> (printed at the start); LITEJIT_RUNS scales the cases.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { Database, SqliteError } from "../mod.ts";
import { TEST_BACKENDS } from "./support/backends.ts";
import { mutate, prng } from "./support/mutate.ts";
import { propertyParams } from "./support/random_db.ts";

/** Statements run on each corrupt file, on every backend. */
const QUERIES = [
  "SELECT count(*) FROM t",
  "SELECT count(*) FROM t NOT INDEXED",
  "SELECT a % 7 AS k, count(*), sum(b), avg(a), min(c), max(b) FROM t GROUP BY k",
  "SELECT count(*), sum(a), total(b), min(a), max(c) FROM t WHERE b > 10 AND a < 300",
  "SELECT id, b FROM t ORDER BY b DESC LIMIT 5",
  "SELECT id, a FROM t WHERE s = 'row 3' AND a = a",
  "SELECT id, s, c FROM t WHERE id BETWEEN 20 AND 60",
  "SELECT s, count(*) FROM t WHERE a >= 100 AND a < 200 GROUP BY s",
  "SELECT * FROM t WHERE a * 2 + 1 > b",
  // Top-N with several keys and NULLs (first ascending, last descending) tested natively.
  "SELECT id, a, c FROM t ORDER BY c, a DESC, id LIMIT 6",
  "SELECT id FROM t ORDER BY c DESC, b, id LIMIT 4 OFFSET 3",
  // A header read once per row, as far as the last field a column reads.
  "SELECT sum(c), max(a) - min(id), count(b) FROM t WHERE c > 5 OR a < 9",
  // Two integer columns compared by a WHERE term (a jump without a result); a first key
  // with ties, tested alone before the others are computed.
  "SELECT id, c FROM t WHERE a < c AND c <> 7",
  "SELECT id, a FROM t ORDER BY a % 5, c DESC, id LIMIT 3",
];

/** Two files: 512-byte pages (deep trees, overflow pages) and UTF-16 with 1 KB pages. */
function makeBases(): { name: string; bytes: Uint8Array }[] {
  const dir = Deno.makeTempDirSync({ prefix: "litejit-backend-fuzz-" });
  try {
    return [
      { name: "utf8-512", pragmas: "PRAGMA page_size = 512;" },
      { name: "utf16-1024", pragmas: "PRAGMA page_size = 1024; PRAGMA encoding = 'UTF-16le';" },
    ].map(({ name, pragmas }, n) => {
      const path = `${dir}/base${n}.db`;
      const db = new DatabaseSync(path);
      db.exec(`
        ${pragmas}
        CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b REAL, c NUMERIC, s TEXT);
        CREATE INDEX t_a ON t(a);
        WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 400)
        INSERT INTO t SELECT i, (i * 37) % 400, i / 3.0, CASE WHEN i % 9 = 0 THEN NULL ELSE i END,
          CASE WHEN i % 50 = 0 THEN printf('%.900c', 'x') ELSE 'row ' || (i % 11) END FROM k;
      `);
      db.close();
      return { name, bytes: Deno.readFileSync(path) };
    });
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

/** What `sql` gives on `db`: its rows as JSON, or "error" (a SqliteError; anything else throws). */
function outcome(db: Database, sql: string, where: () => string): string {
  try {
    // INTEGERs as bigints: a damaged record may hold any 64-bit value.
    const st = db.prepare(sql);
    st.setReadBigInts(true);
    return JSON.stringify(st.all(), (_k, v) => typeof v === "bigint" ? `${v}n` : v);
  } catch (e) {
    if (e instanceof SqliteError) return "error";
    throw new Error(`${where()}: ${sql}: ${e instanceof Error ? e.stack : String(e)}`);
  }
}

Deno.test("backend fuzz: corrupt files give the same rows or a SqliteError on every backend", () => {
  const { seed, numRuns } = propertyParams(6, "backend fuzz");
  const rand = prng(seed);
  let answered = 0, rejected = 0;
  for (const base of makeBases()) {
    // The unmutated base answers every statement on every backend, the same way.
    for (const sql of QUERIES) {
      const outs = TEST_BACKENDS.map((backend) => {
        const db = new Database(base.bytes, { backend });
        try {
          return outcome(db, sql, () => `${base.name} unmutated on ${backend}`);
        } finally {
          db.close();
        }
      });
      assert.notEqual(outs[0], "error", `${base.name}: ${sql}`);
      for (const o of outs) assert.equal(o, outs[0], `${base.name}: ${sql}`);
    }
    for (let n = 0; n < numRuns * 20; n++) {
      const m = mutate(base.bytes, rand);
      const where = (backend: string) => () =>
        `seed ${seed}, base ${base.name}, case ${n} (${m.what}) on ${backend}`;
      const results = TEST_BACKENDS.map((backend) => {
        let db: Database;
        try {
          db = new Database(m.bytes, { backend, cachePages: 16 });
        } catch (e) {
          if (e instanceof SqliteError) return QUERIES.map(() => "error");
          throw e;
        }
        try {
          return QUERIES.map((sql) => outcome(db, sql, where(backend)));
        } finally {
          db.close();
        }
      });
      QUERIES.forEach((sql, q) => {
        const outs = results.map((r) => r[q]);
        if (outs[0] === "error") rejected++;
        else answered++;
        // Every backend reads what the interpreter reads, and finds what it finds wrong.
        for (let b = 1; b < outs.length; b++) {
          assert.equal(outs[b], outs[0], `${where(TEST_BACKENDS[b])()}: ${sql} answers differ`);
        }
      });
    }
  }
  console.log(`backend fuzz: ${answered} statements answered alike, ${rejected} rejected alike`);
  assert.ok(answered > 0 && rejected > 0, "mutations must leave some files readable, break others");
});
