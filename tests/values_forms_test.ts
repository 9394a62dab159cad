/**
 * A multi-row VALUES is one co-routine SELECT in SQLite unless a row is not constant, a
 * WITH came first, it is inside a view, or the row before has an affinity; then each row
 * is a SELECT of its own. The form decides a compound's collation (the left-most wins)
 * and its subquery columns' affinity. Checked against node:sqlite.
 */
import { assertSameAsSqlite } from "./support/oracle_queries.ts";

const SETUP = `
CREATE TABLE t(a INTEGER, b TEXT COLLATE NOCASE);
INSERT INTO t VALUES (1, 'a'), (2, 'A'), (3, 'b'), (4, '4');
CREATE TABLE u(c TEXT);
INSERT INTO u VALUES ('a'), ('A');
CREATE VIEW vv AS SELECT 5 FROM t UNION VALUES (1), (2) UNION SELECT b FROM t;
CREATE VIEW vs AS VALUES (1), (2);
CREATE VIEW vf AS VALUES (1), (2) UNION SELECT b FROM t;
`;

/** Compounds whose collation comes from b (NOCASE) only if VALUES has no co-routine. */
const COLLATION = [
  "SELECT 5 FROM t UNION VALUES (1), (2) UNION SELECT b FROM t",
  "VALUES (1), (2) UNION SELECT b FROM t",
  "SELECT 5 FROM t UNION ALL VALUES (1), (2) UNION SELECT b FROM t",
  "SELECT 5 FROM t INTERSECT VALUES ('a'), ('A') UNION SELECT b FROM t",
  "SELECT 5 FROM t UNION VALUES ('x' COLLATE NOCASE), (2) UNION SELECT c FROM u",
  "SELECT 5 FROM t UNION VALUES (1), ('x' COLLATE NOCASE) UNION SELECT c FROM u",
  "SELECT 5 FROM t UNION VALUES (1), (2) UNION SELECT b FROM t ORDER BY 1",
  "SELECT * FROM (SELECT 5 FROM t UNION VALUES (1), (2) UNION SELECT b FROM t)",
  // each row a SELECT of its own: the chain goes on to b
  "WITH c(x) AS (SELECT 1) SELECT 5 FROM t UNION VALUES (1), (2) UNION SELECT b FROM c, t",
  "SELECT * FROM vv",
  "SELECT 5 FROM t UNION SELECT * FROM vs UNION SELECT b FROM t",
  "SELECT 5 FROM t UNION VALUES (CAST(1 AS TEXT)), (2) UNION SELECT b FROM t",
  "SELECT 5 FROM t UNION VALUES (CAST(1 AS TEXT)), (2), (3) UNION SELECT b FROM t",
  "SELECT 5 FROM t UNION VALUES (1), (random() % 1) UNION SELECT b FROM t",
  "SELECT 5 FROM t UNION VALUES (1), (abs(-1)), (date('2000-01-01')) UNION SELECT b FROM t",
  "SELECT 5 FROM t UNION VALUES (1), ((SELECT 2)) UNION SELECT b FROM t",
  "SELECT 5 FROM t UNION VALUES (1), (2), ((SELECT 3)), (4) UNION SELECT b FROM t",
  "SELECT 5 FROM t UNION VALUES (1), (2) UNION SELECT b FROM t " +
  "WHERE a IN (WITH w AS (SELECT 1) SELECT * FROM w UNION VALUES (2), (3), (4))",
  // as the first part, one SELECT per row continues the chain to b
  "WITH c(x) AS (SELECT 1) VALUES (1), (2) UNION SELECT b FROM c, t",
  "SELECT * FROM vf",
  "VALUES (CAST(1 AS TEXT)), (2) UNION SELECT b FROM t",
  "VALUES (1), ((SELECT 2)) UNION SELECT b FROM t",
  "VALUES (1), (2), ((SELECT 3)) UNION SELECT b FROM t",
  "SELECT (SELECT 5 FROM t UNION VALUES (1), (2) UNION SELECT b FROM t ORDER BY 1 DESC)",
  "SELECT b FROM t WHERE b IN (VALUES ('A'), ('x'))",
  "SELECT 'A' IN (VALUES ('a' COLLATE NOCASE), ('x'))",
];

/** Subquery columns of compounds with VALUES: affinity from every SELECT SQLite sees. */
const AFFINITY = [
  "SELECT x = 4 FROM (SELECT CAST(a AS TEXT) AS x FROM t UNION ALL VALUES ('1'), ('2'))",
  "SELECT x = 4 FROM (SELECT CAST(a AS TEXT) AS x FROM t UNION ALL VALUES ('1'))",
  "SELECT x = '4' FROM (SELECT a AS x FROM t UNION ALL VALUES (1), (2))",
  "SELECT x = '4' FROM (VALUES (CAST(4 AS INTEGER)), ('x'), (2))",
  "SELECT x = '4' FROM (VALUES (NULL), (CAST(4 AS INTEGER)), (2))",
  "SELECT column1 = '1' FROM (VALUES (1), (CAST('2' AS TEXT)))",
  "SELECT (VALUES (CAST(4 AS TEXT)), (4), (5)) = 4",
  "SELECT 4 IN (VALUES (CAST(4 AS TEXT)), (5))",
];

Deno.test("multi-row VALUES: co-routine or one SELECT per row, as SQLite decides", () => {
  assertSameAsSqlite(SETUP, [...COLLATION, ...AFFINITY]);
  // A parameter counts as constant: still a co-routine.
  assertSameAsSqlite(SETUP, ["SELECT 5 FROM t UNION VALUES (1), (?1) UNION SELECT b FROM t"], [1]);
});

Deno.test("rows after the first of a VALUES co-routine compare `x IS TRUE` as `x IS 1`", () => {
  assertSameAsSqlite("", [
    "SELECT * FROM (VALUES (1), (-1 IS TRUE), (2 IS NOT FALSE), ('abc' IS NOT FALSE))",
    "VALUES (-1 IS TRUE), (-1 IS TRUE), (-1 IS NOT FALSE)",
    "VALUES (CAST(1 AS TEXT)), (-1 IS TRUE), (-1 IS TRUE)",
    "VALUES (1), ((SELECT 1) AND -1 IS TRUE), (-1 IS TRUE)",
    "WITH c AS (SELECT 1) VALUES (-1 IS TRUE), (-1 IS TRUE)",
    "SELECT 'a' IS NOT (FALSE COLLATE NOCASE), 2 IS (TRUE COLLATE NOCASE)",
  ]);
  assertSameAsSqlite("", ["VALUES (NULL, (NULL)), (NULL, ?2 IS TRUE)"], [null, -1]);
});
