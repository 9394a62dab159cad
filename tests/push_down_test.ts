/**
 * SQLite pushes WHERE terms into a compound FROM subquery's arms, where each arm's own
 * expression (and its affinity) stands for the column: `x = '2'` drops an arm's bare
 * literal 2. Compared with node:sqlite for every backend; the cases litejit does not
 * follow yet are listed in tests/expectations.json ("where push-down") and must still
 * differ.
 */
import assert from "node:assert/strict";
import { knownGaps } from "./support/expectations.ts";
import { assertSameAsSqlite } from "./support/oracle_queries.ts";

const SETUP = `
CREATE TABLE t(a INTEGER, r REAL, s TEXT COLLATE NOCASE);
INSERT INTO t VALUES (2, 2.0, '2'), (3, 3.5, 'x');
CREATE VIEW v AS SELECT a AS x FROM t UNION ALL SELECT 2;
CREATE TABLE u(g VARCHAR(8));
INSERT INTO u VALUES ('7'), ('8'), (7);
`;

const PUSHED = [
  "SELECT x FROM (SELECT CAST(1 AS REAL) AS x UNION ALL SELECT 2) WHERE x = '2'",
  "SELECT x FROM (SELECT a AS x FROM t UNION ALL SELECT 2) WHERE x = '2'",
  "SELECT x FROM (SELECT r AS x FROM t UNION ALL SELECT a + 0 FROM t) WHERE x = '2'",
  "SELECT x FROM (SELECT 2 AS x UNION ALL SELECT a FROM t) WHERE x = '2'",
  "SELECT x, y FROM (SELECT a AS x FROM t UNION ALL SELECT 2) JOIN (SELECT 1 AS y) WHERE x = '2'",
  "SELECT x FROM (SELECT a AS x FROM t UNION ALL SELECT 2) JOIN t AS o ON x = '2'",
  "SELECT x FROM v WHERE x = '2'",
  "SELECT x FROM (SELECT a AS x FROM t UNION ALL SELECT 2) WHERE x IN ('2', 7)",
  "SELECT x FROM (SELECT a AS x FROM t UNION ALL SELECT 2) WHERE x BETWEEN '2' AND '2'",
  "SELECT x FROM (SELECT a AS x FROM t UNION ALL SELECT 2) WHERE x + 0 = '2'",
  "SELECT x FROM (SELECT a AS x FROM t UNION ALL SELECT 2) WHERE x = '2' OR x = 3",
  "SELECT x FROM (SELECT a AS x FROM t UNION SELECT 2) WHERE x = '2'",
  "SELECT x FROM (SELECT a AS x FROM t EXCEPT SELECT 3) WHERE x = '2'",
  "SELECT x, y FROM (SELECT a AS x, s AS y FROM t UNION ALL SELECT 2, 'X') " +
  "WHERE y = 'x' AND x = '2'",
  "SELECT x FROM (SELECT 'X' AS x UNION ALL SELECT s FROM t) WHERE x = 'x'",
  "WITH c AS (SELECT a AS x FROM t UNION ALL SELECT 2) SELECT x FROM c WHERE x = '2'",
  "WITH c AS NOT MATERIALIZED (SELECT a AS x FROM t UNION ALL SELECT 2) " +
  "SELECT c1.x FROM c AS c1, c AS c2 WHERE c1.x = '2' AND c2.x = 3",
  "WITH c AS (SELECT a AS x FROM t UNION ALL SELECT 2) " +
  "SELECT c1.x FROM c AS c1, c AS c2 WHERE c1.x = '2' AND c2.x = 3",
  // Under a COLLATE the arm's own affinity too (the compound column's is none here: the
  // arms are a TEXT column and a function's value).
  "SELECT x FROM (SELECT g AS x FROM u UNION ALL SELECT json('2') EXCEPT SELECT 5) " +
  "WHERE (x COLLATE NOCASE) != 7",
  "SELECT x FROM (SELECT g AS x FROM u UNION ALL SELECT 'x' EXCEPT SELECT 5) " +
  "WHERE (x COLLATE BINARY) != 7",
  // aggregate arms: into HAVING
  "SELECT x FROM (SELECT a AS x FROM t UNION ALL SELECT count(*) FROM t) WHERE x = '2'",
  "SELECT x FROM (SELECT 2 AS x FROM t GROUP BY a UNION ALL SELECT a FROM t) WHERE x = '2'",
  "SELECT x FROM (SELECT a AS x FROM t UNION ALL SELECT 2 FROM t GROUP BY a) WHERE x = '2'",
  "SELECT x FROM (SELECT max(a) AS x FROM t UNION ALL SELECT 2) WHERE x = '3'",
  "SELECT x FROM (SELECT a AS x FROM t UNION ALL SELECT sum(a) - 3 FROM t HAVING 1) " +
  "WHERE x = '2'",
  // not pushed: LIMIT, a MATERIALIZED CTE (or one used twice), VALUES
  "SELECT x FROM (SELECT a AS x FROM t UNION ALL SELECT 2 LIMIT 9) WHERE x = '2'",
  "WITH c AS MATERIALIZED (SELECT a AS x FROM t UNION ALL SELECT 2) " +
  "SELECT x FROM c WHERE x = '2'",
  "SELECT x FROM (SELECT a AS x FROM t UNION ALL VALUES (2), (5)) WHERE x = '2'",
  // a RIGHT JOIN that the WHERE makes an inner join first (select.c simplifies it)
  "SELECT x FROM (SELECT a AS x FROM t UNION ALL SELECT 2) RIGHT JOIN t AS o ON 1 WHERE x = '2'",
];

Deno.test("WHERE terms pushed into compound subqueries take each arm's affinity", () => {
  assertSameAsSqlite(SETUP, PUSHED);
});

Deno.test("push-down cases litejit does not follow yet still differ (listed)", () => {
  for (const sql of knownGaps("where push-down").keys()) {
    assert.throws(() => assertSameAsSqlite(SETUP, [sql]), Error, `passes now: ${sql}`);
  }
});
