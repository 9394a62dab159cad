/**
 * HAVING terms on GROUP BY terms move to the WHERE as in SQLite (select.c havingToWhere),
 * where an index serves them: rows in order and EXPLAIN QUERY PLAN compared with SQLite.
 * Terms with aggregates, non-deterministic calls or an always-false constant stay.
 */
import { assertSameAsSqlite, assertSamePlans } from "./support/oracle_queries.ts";

const SETUP = `
CREATE TABLE t(a INTEGER PRIMARY KEY, b, c);
CREATE INDEX tb ON t(b);
INSERT INTO t VALUES (1, 9, 1), (2, 3, 2), (3, 7, 3), (4, 5, 4), (5, NULL, 0), (6, 5, 2);
CREATE TABLE u(x, y);
CREATE INDEX uy ON u(y);
INSERT INTO u VALUES (1, 2), (3, 4), (7, 3), (5, 5), (3, 1);
CREATE TABLE w(k TEXT PRIMARY KEY, z) WITHOUT ROWID;
INSERT INTO w VALUES ('1', 1), ('3', NULL), ('7', 'q');
CREATE TABLE n(s TEXT, r);
CREATE INDEX ns ON n(s);
INSERT INTO n VALUES ('b', 1), ('A', 2), ('a', 3), ('B', 4), ('c', 5);
CREATE VIEW v AS SELECT a, b * 2 AS d FROM t WHERE c > 1;
CREATE VIEW vo AS SELECT a, c FROM t ORDER BY c DESC;
`;

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
