/**
 * The query flattener as SQLite runs it (select.c flattenSubquery): FROM subqueries, views
 * and CTEs merged into the outer query, so the outer WHERE and ORDER BY use the tables'
 * indexes and joins are reordered. Compared with SQLite for every backend: rows in order
 * and EXPLAIN QUERY PLAN. Also the subquery ORDER BY SQLite drops as pointless, the
 * restrictions that keep a subquery a co-routine (DISTINCT, aggregate, LIMIT, windows,
 * an ORDER BY under a complex result), LEFT JOIN subqueries whose expressions must read
 * NULL on the NULL row, USING columns, collations and correlated references.
 */
import { assertSameAsSqlite, assertSamePlans } from "./support/oracle_queries.ts";
import { PLAN_SETUP } from "./support/plan_fixture.ts";

const SETUP = PLAN_SETUP;

const QUERIES = [
  "SELECT * FROM (SELECT * FROM t) WHERE b > 4",
  "SELECT * FROM v WHERE a > 1",
  "SELECT * FROM u, v WHERE v.a = u.x",
  "WITH c AS (SELECT * FROM t) SELECT * FROM c WHERE b > 4",
  "WITH c AS NOT MATERIALIZED (SELECT * FROM t) SELECT * FROM c WHERE b > 4",
  "SELECT * FROM u LEFT JOIN (SELECT a, b + 1 AS e, 5 AS k, coalesce(c, 9) AS f FROM t) s ON s.a = u.x",
  "SELECT * FROM u LEFT JOIN (SELECT k, 7 AS q, z FROM w) s ON s.k = u.x",
  "SELECT * FROM u LEFT JOIN (SELECT * FROM t WHERE c > 1) s ON s.a = u.x",
  "SELECT * FROM u LEFT JOIN (SELECT * FROM t WHERE c > 1) s ON s.a = u.x WHERE s.b IS NULL",
  "SELECT * FROM (SELECT * FROM t ORDER BY c DESC) s, u WHERE u.x < 4",
  "SELECT b FROM (SELECT b FROM t ORDER BY c DESC)",
  "SELECT abs(b) FROM (SELECT * FROM t ORDER BY c DESC)",
  "SELECT * FROM vo",
  "SELECT a FROM vo ORDER BY a",
  "SELECT * FROM (SELECT b FROM t ORDER BY c DESC LIMIT 2) ORDER BY 1",
  "SELECT group_concat(b) FROM (SELECT * FROM t ORDER BY c)",
  "SELECT count(*) FROM (SELECT * FROM t ORDER BY c)",
  "SELECT max(b) FROM (SELECT b FROM t)",
  "SELECT count(*) FROM (SELECT * FROM t WHERE b > 4)",
  "SELECT * FROM (SELECT * FROM (SELECT a, b FROM t WHERE b > 2) WHERE a < 4) ORDER BY b",
  "SELECT * FROM (SELECT b, count(*) AS m FROM t GROUP BY b) WHERE m > 0",
  "SELECT * FROM (SELECT * FROM t LIMIT 3)",
  "SELECT * FROM (SELECT * FROM t LIMIT 3) WHERE b > 2",
  "SELECT * FROM (SELECT true AS tr, a FROM t) WHERE tr",
  "SELECT * FROM u JOIN (SELECT a AS x, b FROM t) s USING (x)",
  "SELECT * FROM (SELECT a AS x, b FROM t) s NATURAL JOIN u",
  "SELECT s.a, (SELECT count(*) FROM u WHERE u.x = s.a) FROM (SELECT * FROM t WHERE b > 2) s",
  "SELECT * FROM (SELECT s COLLATE NOCASE AS sn, r FROM n) WHERE sn = 'b'",
  "SELECT * FROM (SELECT s COLLATE NOCASE AS sn, r FROM n) ORDER BY sn, r",
  "SELECT * FROM (SELECT s AS sn, r FROM n) WHERE sn > 'a'",
  "SELECT * FROM v AS v1, v AS v2 WHERE v1.a = v2.a",
  "SELECT (SELECT d FROM v WHERE v.a = u.x) FROM u",
  "SELECT * FROM (SELECT a, b FROM t WHERE b > 3), (SELECT x FROM u WHERE y < 4)",
  "SELECT a, b FROM (SELECT * FROM t) ORDER BY b LIMIT 3",
  "SELECT * FROM (SELECT b + 0 AS e FROM t) WHERE e = '5'",
  "SELECT * FROM (SELECT b AS e FROM t) WHERE e = '5'",
  // A CTE used twice is flattened at each use; a LIMIT subquery that stays a co-routine
  // keeps reading every column of its table (SQLite's colUsed is set before nulling).
  "WITH c AS (SELECT * FROM t WHERE b > 4) SELECT * FROM c, c AS d WHERE c.a = d.a",
  "WITH c AS (SELECT a, b FROM t) SELECT * FROM c AS c1 LEFT JOIN c AS c2 ON c2.a = c1.b",
  "WITH c AS (SELECT * FROM t ORDER BY c) SELECT * FROM c, c AS d WHERE c.a = d.b",
  "WITH c AS (SELECT * FROM v) SELECT * FROM c JOIN c AS d USING (a)",
  "SELECT * FROM (SELECT * FROM t LIMIT 4), u WHERE u.y = b",
  "SELECT DISTINCT b FROM (SELECT * FROM t LIMIT 10)",
  "SELECT b FROM (SELECT * FROM t LIMIT 10) WHERE b > 0",
  "SELECT count(b) FROM (SELECT * FROM t LIMIT 10)",
  "SELECT DISTINCT b FROM (SELECT * FROM t ORDER BY c LIMIT 10)",
  "SELECT b FROM (SELECT * FROM t ORDER BY c LIMIT 10) WHERE b > 0",
  "SELECT b FROM (SELECT a, b FROM t LIMIT 10) WHERE b > 0",
  "SELECT b FROM (SELECT b, a FROM t LIMIT 10) WHERE b > 0",
];

Deno.test("flattening: rows in SQLite's order", () => {
  assertSameAsSqlite(SETUP, QUERIES);
});

Deno.test("flattening: EXPLAIN QUERY PLAN names the flattened tables", () => {
  assertSamePlans(SETUP, QUERIES);
});

/** UNION ALL subqueries: the outer query becomes a compound with one copy per arm (17). */
const COMPOUNDS = [
  "SELECT * FROM (SELECT a FROM t UNION ALL SELECT a FROM t) WHERE a > 4",
  "SELECT * FROM u, (SELECT a, b FROM t UNION ALL SELECT a, c FROM t) s WHERE s.a = u.x",
  "SELECT * FROM (SELECT a, b FROM t UNION ALL SELECT a, c FROM t) s, u WHERE s.b = u.y",
  "SELECT * FROM (SELECT y FROM u UNION ALL SELECT b FROM t) WHERE y > 3",
  "SELECT * FROM (SELECT a, b FROM t UNION ALL SELECT a, c FROM t LIMIT 5)",
  "SELECT * FROM (SELECT s, r FROM n UNION ALL SELECT s, r FROM n WHERE r > 2) WHERE s = 'a' COLLATE NOCASE",
];

Deno.test("flattening a UNION ALL subquery: rows and plans as SQLite's", () => {
  assertSameAsSqlite(SETUP, COMPOUNDS);
  assertSamePlans(SETUP, COMPOUNDS);
});

/** WHERE terms copied into a subquery that stays a co-routine (select.c pushDownWhereTerms). */
const PUSHED_DOWN = [
  "SELECT * FROM (SELECT DISTINCT b, c FROM t) WHERE b > 2",
  "SELECT * FROM (SELECT b, count(*) AS m FROM t GROUP BY b) WHERE m > 1",
  "SELECT * FROM (SELECT b, c FROM t LIMIT 9) WHERE b > 2",
  "SELECT * FROM (SELECT DISTINCT y, x FROM u) WHERE y < 4",
  "SELECT * FROM (SELECT DISTINCT y, x FROM u) s LEFT JOIN t ON t.b = s.y WHERE s.y < 4",
  "WITH q AS (SELECT DISTINCT b, c FROM t) SELECT * FROM q WHERE b > 2",
];

Deno.test("push-down into a subquery that is not flattened: rows and plans as SQLite's", () => {
  assertSameAsSqlite(SETUP, PUSHED_DOWN);
  assertSamePlans(SETUP, PUSHED_DOWN);
});

/**
 * A CTE flattened while another CTE's body is planned: its copies' tables must still know
 * which columns are read (an index on other columns does not cover them).
 */
const NESTED_CTE_SETUP = `
CREATE TABLE t0 (id INTEGER, a INTEGER, g NUMERIC AS (id * 2) STORED, PRIMARY KEY (id)) WITHOUT ROWID;
CREATE INDEX t0_i0 ON t0 (lower(a), id);
INSERT INTO t0 (id, a) VALUES (0, 'b'), (1, NULL), (2, NULL), (3, 7);
`;

Deno.test("flattening inside a CTE body reads the columns the copies need", () => {
  const queries = [
    "WITH c0(k0, k1) AS (SELECT 5, a0.g FROM t0 AS a0 WHERE a0.g), c1(k0) AS (SELECT 1 FROM c0 AS a3 GROUP BY a3.k1 UNION ALL SELECT 2 FROM c0 AS a5 GROUP BY a5.k1) SELECT * FROM c1",
    "WITH RECURSIVE c0(k) AS (SELECT a0.g FROM t0 AS a0 WHERE a0.g), r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r, c0 WHERE n < 3 AND k = 2) SELECT * FROM r",
  ];
  assertSameAsSqlite(NESTED_CTE_SETUP, queries);
});
