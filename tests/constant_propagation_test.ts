/**
 * select.c's propagateConstants: a WHERE `x = constant` writes the constant, with x's
 * affinity, in place of x in the other WHERE terms, so a join term on x no longer waits for
 * x's table (join orders and automatic indexes as SQLite's), and values as SQLite's: the
 * comparison keeps x's affinity (`b = a` with `a = 123` still matches '0123'), a BLOB
 * column is replaced only as an operand of a comparison (`x = 10 AND x LIKE 10` stays
 * false for 10.0), two constants for one column contradict, a NOCASE comparison lends
 * nothing, and sub-queries keep their columns. Rows in order and plans, every backend.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { openDatabaseFile } from "../core/io/open_path.ts";
import { bothPlans } from "./support/eqp_compare.ts";
import { corpusDatabase, generateSchema } from "./support/eqp_generated.ts";
import { assertSameAsSqlite, assertSamePlans } from "./support/oracle_queries.ts";

const SETUP = `
CREATE TABLE t1(a INT, b TEXT, r REAL, x, n TEXT COLLATE NOCASE);
INSERT INTO t1 VALUES (123, '0123', 5, 10.0, 'Ab'), (123, '123', 5.5, 10, 'ab'),
  (7, '7', 2, '10', 'AB'), (123, NULL, NULL, x'10', NULL);
CREATE TABLE p(id INTEGER PRIMARY KEY, k INT, v TEXT);
CREATE TABLE q(id INTEGER PRIMARY KEY, pk INT, w TEXT);
CREATE TABLE s(id INTEGER PRIMARY KEY, qk INT, z TEXT);
CREATE INDEX qpk ON q(pk);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
INSERT INTO p SELECT i, i % 7, 'p' || i FROM n;
INSERT INTO q SELECT id, id % 9, 'q' || id FROM p;
INSERT INTO s SELECT id, id % 4, 's' || id FROM p;
`;

const QUERIES = [
  // Values: affinities, BLOB columns, contradictions, collations, sub-queries.
  "SELECT a, b FROM t1 WHERE a = 123 AND b = a",
  "SELECT a, b FROM t1 WHERE a = 123 AND b = 123",
  "SELECT rowid FROM t1 WHERE x = 10 AND x LIKE 10",
  "SELECT rowid FROM t1 WHERE x = 10 AND x < 11",
  "SELECT rowid FROM t1 WHERE b = 123 AND typeof(b) = 'text'",
  "SELECT rowid, r FROM t1 WHERE r = 5 AND r / 2 = 2.5",
  "SELECT rowid FROM t1 WHERE a = 123 AND a = 7",
  "SELECT rowid FROM t1 WHERE a = 7 AND a + 0 = 7 AND b = '7'",
  "SELECT rowid FROM t1 WHERE n = 'ab' AND n = 'AB'",
  "SELECT rowid FROM t1 WHERE a = ? AND b = a",
  "SELECT rowid FROM t1 WHERE a = 123 AND EXISTS (SELECT 1 FROM p WHERE p.k = t1.a % 7)",
  "SELECT rowid FROM t1 WHERE a IN (7) AND a * 2 = 14",
  // Plans: a join term on a fixed column needs not its table first.
  "SELECT p.v, q.w FROM p, q WHERE q.pk = p.k AND p.k = 3 ORDER BY q.id",
  "SELECT p.id, q.id, s.id FROM p, q, s WHERE q.pk = p.id AND s.qk = q.pk AND p.id = 5",
  "SELECT s.z, q.w FROM q JOIN s ON s.qk = q.pk WHERE q.pk = 2 AND s.id < 20",
  "SELECT p.v FROM p LEFT JOIN q ON q.pk = p.k WHERE p.k = 4 ORDER BY p.id",
];

Deno.test("constant propagation: rows and plans as SQLite's", () => {
  assertSameAsSqlite(SETUP, QUERIES, [123]);
  // (SQLite plans the EXISTS as a join, which litejit does not yet.)
  assertSamePlans(SETUP, QUERIES.filter((q) => !q.includes("?") && !q.includes("EXISTS")));
});

/** Joins of the generated EXPLAIN corpus (seed 4, no statistics) whose plans it changes. */
const GENERATED = [
  "SELECT * FROM t3, t2, t1 WHERE t2.id = t3.t2_id AND t1.id = t2.t1_id AND t1.id = 34 AND t1.id = 13",
  "SELECT t1.id, sum(t3.c1) FROM t1 JOIN t2 ON t2.t1_id = t1.id, t3 WHERE t3.t2_id = t2.id AND " +
  "t2.id = t3.t1_id AND t1.id = 40 AND t1.c3 > 2.92 GROUP BY t1.id",
  "SELECT t3.c1, t1.c2, t3.t1_id FROM t2, t3, t1 WHERE t2.id = t3.t2_id AND t3.t1_id = t1.c3 AND " +
  "t1.id = t3.t1_id AND t3.t2_id = 99999 AND t1.id IN (2, 29, 19)",
];

Deno.test("constant propagation: plans of generated joins as SQLite's", () => {
  const dir = Deno.makeTempDirSync();
  const path = join(dir, "c.db");
  const sqlite = corpusDatabase(path, generateSchema(4), "none");
  const file = openDatabaseFile(path);
  try {
    for (const sql of GENERATED) {
      const { expected, actual } = bothPlans(sqlite, file, sql);
      assert.equal(actual, expected, sql);
    }
  } finally {
    file.close();
    sqlite.close();
    Deno.removeSync(dir, { recursive: true });
  }
});
