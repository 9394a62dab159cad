/**
 * HAVING terms on GROUP BY terms move to the WHERE as in SQLite (select.c havingToWhere),
 * where an index serves them: rows in order and EXPLAIN QUERY PLAN compared with SQLite.
 * Terms with aggregates, non-deterministic calls or an always-false constant stay.
 */
import { assertSameAsSqlite, assertSamePlans } from "./support/oracle_queries.ts";
import { PLAN_SETUP } from "./support/plan_fixture.ts";

const SETUP = PLAN_SETUP;

const QUERIES = [
  "SELECT b, count(*) FROM t GROUP BY b HAVING b > 2",
  "SELECT b, count(*) FROM t GROUP BY b HAVING b > 2 AND count(*) > 1",
  "SELECT b, count(*) FROM t GROUP BY b HAVING count(*) > 1 AND b > 2",
  "SELECT y, sum(x) FROM u GROUP BY y HAVING y + 1 > 3",
  "SELECT y, sum(x) FROM u GROUP BY y HAVING abs(y) > 3",
  "SELECT y, sum(x) FROM u GROUP BY y HAVING 0",
  "SELECT s, count(*) FROM n GROUP BY s HAVING s > 'a'",
  "SELECT s COLLATE NOCASE AS k, count(*) FROM n GROUP BY k HAVING k > 'a'",
  "SELECT * FROM (SELECT b, count(*) AS m FROM t GROUP BY b) WHERE b > 2",
  "SELECT b, count(*) FROM t WHERE c > 0 GROUP BY b HAVING b IN (3, 5, 9)",
];

Deno.test("HAVING to WHERE: rows and plans as SQLite's", () => {
  assertSameAsSqlite(SETUP, QUERIES);
  assertSamePlans(SETUP, QUERIES);
});
