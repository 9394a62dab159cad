/**
 * WHERE terms compiled as jumps: a comparison, LIKE, IN or NULL test whose result only the
 * If/IfNot after it reads becomes one statement on the JS backend, which jumps on two
 * numbers, or on a column's TEXT bytes (or its NULL-ness) when they decide, without
 * writing the result (backends/js-codegen/translate.ts). Every polarity (a term, its NOT, inside AND/OR),
 * every operator, and values of every class and NULL, in a table scan and in a loop that
 * hands out rows, against SQLite on every backend.
 */
import assert from "node:assert/strict";
import { assertSameAsSqlite, withEachBackend } from "./support/oracle_queries.ts";

const SCHEMA = `
CREATE TABLE t(id INTEGER PRIMARY KEY, s TEXT, n INTEGER, x REAL, u);
INSERT INTO t(s, n, x, u) VALUES
  ('Male', 1, 1.5, 1), ('Female', 2, NULL, 'a'), (NULL, NULL, 2.0, NULL),
  ('male', 3, -0.0, 2.5), ('Male ', 0, 3.25, x'00'), ('', -1, 1e300, '1'),
  ('Malé', 9007199254740991, 0.5, 3), ('Zed', -9223372036854775808, -1.5, 'Male');
INSERT INTO t(s, n, x, u) SELECT s, n + 1, x * 2, u FROM t;
INSERT INTO t(s, n, x, u) SELECT s || 'x', n, x, u FROM t;
`;

const TERMS = [
  "s = 'Male'",
  "s <> 'Male'",
  "s < 'Male'",
  "s >= 'Male'",
  "'Male' > s",
  "s = u",
  "n > 1",
  "n <= 2",
  "n = x",
  "x < 2",
  "x <> 0",
  "u > 1",
  "u = 'a'",
  "n != u",
  "s LIKE 'Ma%'",
  "s LIKE '%le'",
  "u LIKE 'm%'",
  "s IN ('Male', 'Zed')",
  "s NOT IN ('Male', '')",
  "n IN (1, 3)",
  "s IS NULL",
  "x IS NOT NULL",
  "u IS NULL",
];

const QUERIES = TERMS.flatMap((term) => [
  `SELECT count(*), sum(n) FROM t WHERE ${term}`,
  `SELECT count(*) FROM t WHERE NOT (${term})`,
  `SELECT id FROM t WHERE ${term} AND n IS NOT NULL LIMIT 5`,
  `SELECT id FROM t WHERE NOT (${term}) OR x > 3 LIMIT 7`,
  `SELECT count(*) FROM t WHERE (${term}) OR s IS NULL`,
]);

Deno.test("WHERE comparisons as jumps: every polarity and class as SQLite", () => {
  assertSameAsSqlite(SCHEMA, QUERIES, [], { bigints: true });
});

Deno.test("WHERE comparisons as jumps: the JS backend writes both forms", () => {
  let checked = 0;
  withEachBackend(SCHEMA, (_oracle, db, backend) => {
    if (backend !== "js") return;
    for (const sql of [QUERIES[1], QUERIES[30], QUERIES[5 * 14], QUERIES[5 * 17 + 1]]) {
      const source = db.prepare(sql).explain();
      assert.match(source, /If(Not)?: fused into the test above/, sql);
      checked++;
    }
    assert.match(db.prepare(QUERIES[1]).explain(), /if\(e!==null\)\{if\(/);
  });
  assert.equal(checked, 4);
});
