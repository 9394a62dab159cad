/**
 * Skip-scans (where.c's WHERE_SKIPSCAN): after ANALYZE, an index whose first columns hold
 * few distinct values is sought for a term on a later column once per distinct value of
 * the skipped ones (`ANY(a) AND b=?`). Plans and rows, in order, as SQLite's on every
 * backend: skipped columns holding NULLs, equal INTEGER and REAL values, BLOBs, NOCASE
 * and DESC columns, two skipped columns, ranges, IN lists, reverse scans for an ORDER BY,
 * a WITHOUT ROWID primary key, and a `noskipscan` statistic that forbids it.
 */
import assert from "node:assert/strict";
import { assertSameAsSqlite, assertSamePlans, withSqliteFile } from "./support/oracle_queries.ts";

const SETUP = `
CREATE TABLE k(id INTEGER PRIMARY KEY, a, b, c, d, e TEXT);
CREATE INDEX kab ON k(a, b);
CREATE INDEX kcb ON k(c DESC, b);
CREATE INDEX kacd ON k(a, c, d);
CREATE INDEX ke ON k(e COLLATE NOCASE, d);
CREATE TABLE w(x, y, z, PRIMARY KEY(x, y)) WITHOUT ROWID;
CREATE TABLE s(v INTEGER PRIMARY KEY, label);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1200)
INSERT INTO k SELECT i,
  CASE i % 6 WHEN 0 THEN NULL WHEN 1 THEN 1 WHEN 2 THEN 1.0 WHEN 3 THEN 'x'
    WHEN 4 THEN x'00' ELSE 2.5 END,
  CASE WHEN i % 37 = 0 THEN NULL ELSE (i * 7) % 50 END,
  i % 4,
  (i * 13) % 90,
  CASE i % 3 WHEN 0 THEN 'abc' WHEN 1 THEN 'ABC' ELSE 'q' END
FROM n;
INSERT INTO w SELECT id % 5, id, id * 2 FROM k;
WITH RECURSIVE m(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM m WHERE i < 60)
INSERT INTO s SELECT i, 'v' || i FROM m;
ANALYZE;
DELETE FROM sqlite_stat4;
`;

/** Each is planned as a skip-scan by SQLite (the test checks that it is). */
const SKIP_SCANS = [
  "SELECT * FROM k WHERE b = 21",
  "SELECT id, a, b FROM k WHERE b > 20 AND b < 24",
  "SELECT * FROM k WHERE b IN (21, 7, 35)",
  "SELECT * FROM k WHERE b = 21 ORDER BY a DESC",
  "SELECT * FROM k WHERE b = 21 ORDER BY a",
  "SELECT a, b FROM k WHERE b = 21 ORDER BY a DESC, b DESC",
  "SELECT * FROM k WHERE b IS NULL",
  "SELECT * FROM k WHERE b = NULL",
  "SELECT * FROM k WHERE b = '21'",
  "SELECT * FROM k WHERE b = 21.0",
  "SELECT count(*) FROM k WHERE b = 14",
  "SELECT max(id) FROM k WHERE b = 21",
  "SELECT DISTINCT a FROM k WHERE b = 21",
  "SELECT a, count(*) FROM k WHERE b < 5 GROUP BY a",
  "SELECT * FROM k WHERE b = 21 LIMIT 3",
  "SELECT * FROM k WHERE d = 26",
  "SELECT id, a, c, d FROM k WHERE d BETWEEN 10 AND 12",
  "SELECT id, e FROM k WHERE d > 80 ORDER BY e COLLATE NOCASE DESC",
  "SELECT c, b FROM k WHERE b = 21",
  "SELECT c, b FROM k WHERE b = 21 ORDER BY c",
  "SELECT c, b FROM k WHERE b = 21 ORDER BY c DESC",
  "SELECT * FROM k INDEXED BY kacd WHERE d = 26",
  "SELECT a, c, d FROM k INDEXED BY kacd WHERE d > 85 ORDER BY a DESC, c DESC",
  "SELECT * FROM w WHERE y = 17",
  "SELECT * FROM w WHERE y > 1190",
  "SELECT * FROM w WHERE y > 1190 ORDER BY x DESC",
];

/** Around them: a seek on the first column wins, and a join's inner loop. */
const OTHERS = [
  "SELECT * FROM k WHERE b = 21 AND c = 2",
  "SELECT s.label, k.id FROM s JOIN k ON k.b = s.v WHERE s.v < 3",
  "SELECT s.v, k.id FROM s LEFT JOIN k ON k.b = s.v AND k.a > 1 WHERE s.v > 55",
];

Deno.test("skip-scan: plans and rows in order as SQLite's", () => {
  const queries = [...SKIP_SCANS, ...OTHERS];
  assertSamePlans(SETUP, queries);
  assertSameAsSqlite(SETUP, queries);
  assertSameAsSqlite(SETUP, ["SELECT * FROM k WHERE b = ?", "SELECT * FROM w WHERE y < ?"], [9]);
});

Deno.test("skip-scan: the queries above are skip-scans in SQLite", () => {
  withSqliteFile(SETUP, (_path, oracle) => {
    for (const sql of SKIP_SCANS) {
      const plan = oracle.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[];
      assert.ok(plan.some((r) => r.detail.includes("ANY(")), sql);
    }
  });
});

Deno.test("skip-scan: `noskipscan` in sqlite_stat1 turns it off", () => {
  const setup = SETUP + `
    UPDATE sqlite_stat1 SET stat = stat || ' noskipscan' WHERE idx IN ('kab', 'ke');`;
  const queries = ["SELECT * FROM k WHERE b = 21", "SELECT * FROM k WHERE d = 26"];
  assertSamePlans(setup, queries);
  assertSameAsSqlite(setup, queries);
});
