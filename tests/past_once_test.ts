/**
 * A loop whose body starts with a Once (the build of an IN subquery's set, a constant
 * subquery's value) goes back past the Once's block in the JS backend's translation
 * (backends/js-codegen/loop_regions.ts, `pastOnce`), so the rest of its body is a JS loop.
 * Against SQLite on every backend: IN and NOT IN with and without NULLs, a subquery that
 * fails only when a row reaches it (an empty table never runs it), rows handed out under a
 * LIMIT, backwards, a join's inner loop, a constant scalar subquery.
 */
import assert from "node:assert/strict";
import { assertSameAsSqlite, withEachBackend } from "./support/oracle_queries.ts";

const SCHEMA = `
CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER, s TEXT, x REAL);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
INSERT INTO t(k, s, x) SELECT i % 37, printf('row %05d', i),
  CASE WHEN i % 11 = 0 THEN NULL ELSE i / 7.0 END FROM n;
CREATE TABLE u(a INTEGER, b TEXT);
INSERT INTO u VALUES (3, 'x'), (5, 'y'), (36, 'z');
CREATE TABLE v(a INTEGER);
INSERT INTO v VALUES (4), (NULL);
CREATE TABLE e(k INTEGER);
`;

const QUERIES = [
  "SELECT count(*), max(s), sum(x) FROM t WHERE k IN (SELECT a FROM u)",
  "SELECT count(*), min(s) FROM t WHERE k NOT IN (SELECT a FROM u)",
  "SELECT count(*) FROM t WHERE k NOT IN (SELECT a FROM v)",
  "SELECT count(*) FROM t WHERE k IN (SELECT a FROM v)",
  "SELECT count(*) FROM e WHERE k IN (SELECT abs(-9223372036854775808) FROM u)",
  "SELECT count(*) FROM t WHERE k IN (SELECT abs(-9223372036854775808) FROM u)",
  "SELECT id, s FROM t WHERE k IN (SELECT a FROM u) AND id % 100 = 3 LIMIT 20",
  "SELECT id FROM t WHERE k IN (SELECT a FROM u) ORDER BY id DESC LIMIT 7",
  "SELECT u.b, count(*), max(t.id) FROM u JOIN t ON t.k = u.a " +
  "WHERE t.id IN (SELECT id FROM t WHERE id % 500 = 0) GROUP BY u.b",
  "SELECT count(*), max(id) FROM t WHERE x > (SELECT avg(x) FROM t WHERE k = 7)",
];

Deno.test("loops past a Once: the rows and errors as SQLite", () => {
  assertSameAsSqlite(SCHEMA, QUERIES, []);
});

Deno.test("loops past a Once: the JS backend steps the outer scan in a loop of its own", () => {
  let checked = 0;
  withEachBackend(SCHEMA, (_oracle, db, backend) => {
    if (backend !== "js") return;
    // Both scans (t's, and u's that builds the set) are leaf loops in functions.
    const source = db.prepare(QUERIES[0]).explain();
    assert.equal(source.match(/let q\d+=Q\d+;/g)?.length, 2, source);
    checked++;
  });
  assert.equal(checked, 1);
});
