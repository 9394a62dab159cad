/**
 * A loop's function returns to run() and is called again from the loop's start: a table
 * scan at each new leaf page, any other loop every so many rows (backends/js-codegen/
 * translate.ts, jumpFrom). Scans over many pages, index ranges longer than one call's rows,
 * loops that hand out rows with long stretches of rejected rows between them, backwards,
 * and a join's inner loop, against SQLite on every backend.
 */
import assert from "node:assert/strict";
import { assertSameAsSqlite, withEachBackend } from "./support/oracle_queries.ts";

const SCHEMA = `
CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER, s TEXT, x REAL);
CREATE INDEX t_k ON t(k);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
INSERT INTO t(k, s, x) SELECT i % 37, printf('row %05d %s', i, hex(randomblob(0))),
  CASE WHEN i % 11 = 0 THEN NULL ELSE i / 7.0 END FROM n;
CREATE TABLE u(a INTEGER, b TEXT);
INSERT INTO u VALUES (3, 'x'), (5, 'y'), (36, 'z');
`;

const QUERIES = [
  "SELECT count(*), sum(k), total(x), max(s) FROM t",
  "SELECT count(*), sum(x) FROM t WHERE k BETWEEN 3 AND 30",
  "SELECT id, s FROM t WHERE k = 5 AND id % 997 = 0",
  "SELECT id FROM t WHERE id % 1200 = 7",
  "SELECT id FROM t WHERE id % 1200 = 7 ORDER BY id DESC",
  "SELECT id, k FROM t WHERE k > 30 AND x IS NULL LIMIT 40",
  "SELECT id FROM t WHERE s LIKE '%4999%' OR id = 1",
  "SELECT u.b, count(*), max(t.id) FROM u JOIN t ON t.k = u.a GROUP BY u.b",
  "SELECT u.b, t.id FROM u JOIN t ON t.k >= u.a WHERE t.id % 1500 = 1",
];

Deno.test("loops called again from their start: the rows as SQLite", () => {
  assertSameAsSqlite(SCHEMA, QUERIES, []);
});

Deno.test("loops called again from their start: the JS backend writes both returns", () => {
  let checked = 0;
  withEachBackend(SCHEMA, (_oracle, db, backend) => {
    if (backend !== "js") return;
    // A table scan returns at each new page; an index range every so many rows.
    assert.match(db.prepare(QUERIES[0]).explain(), /next\(\)\)\)return -3;/);
    assert.match(db.prepare(QUERIES[1]).explain(), /\{if\(--L>0\)continue W\d+;return -3;\}/);
    checked++;
  });
  assert.equal(checked, 1);
});
