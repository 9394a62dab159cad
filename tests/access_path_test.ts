/**
 * Access paths that decide the row order of a query without ORDER BY, compared with SQLite
 * (rows in order, and EXPLAIN QUERY PLAN): a covering index is scanned instead of its
 * table only when SQLite estimates its rows smaller (where.c's szIdxRow < szTabRow, sizes
 * from the declared types), the index created last wins a tie, a WITHOUT ROWID table's
 * other indexes win a tie with its primary key (scans and seeks alike), and CROSS JOIN
 * keeps the written order.
 * count(*) counts the index whose entries are estimated smallest, if smaller than rows.
 */
import { assertSameAsSqlite, assertSamePlans } from "./support/oracle_queries.ts";

const SCHEMA = `
CREATE TABLE t0(c INTEGER PRIMARY KEY, d TEXT);
CREATE INDEX t0_i0 ON t0(d);
CREATE INDEX t0_i1 ON t0(c, d);
INSERT INTO t0 VALUES (5, 'b'), (1, 'z'), (3, 'a');
CREATE TABLE t(a, b);
CREATE INDEX tab ON t(a, b);
INSERT INTO t VALUES (2, 1), (1, 2);
CREATE TABLE u(a INT, b TEXT, c BLOB);
CREATE INDEX ua ON u(a);
CREATE INDEX ub ON u(b);
CREATE INDEX uab ON u(a, b);
INSERT INTO u VALUES (3, 'x', 1), (1, 'y', 2), (2, 'a', 3);
CREATE TABLE v(a VARCHAR(40), b CHAR(2), c);
CREATE INDEX va ON v(a);
CREATE INDEX vb ON v(b);
INSERT INTO v VALUES ('q', 'b', 1), ('p', 'a', 2), ('r', 'c', 0);
CREATE TABLE w(k TEXT PRIMARY KEY, v INT, x TEXT) WITHOUT ROWID;
CREATE INDEX wv ON w(v);
INSERT INTO w VALUES ('b', 1, 'p'), ('a', 2, 'q'), ('c', 0, 'r');
CREATE TABLE wk(c REAL PRIMARY KEY) WITHOUT ROWID;
CREATE INDEX wk_desc ON wk(c DESC);
INSERT INTO wk VALUES (1.5), (-2), (7);
CREATE TABLE x(d);
CREATE INDEX x1 ON x(d);
INSERT INTO x VALUES (3), (1), (2);
`;

const QUERIES = [
  "SELECT d, c FROM t0",
  "SELECT * FROM t0",
  "SELECT c FROM t0",
  "SELECT * FROM t",
  "SELECT a FROM t",
  "SELECT a FROM u",
  "SELECT b FROM u",
  "SELECT a, b FROM u",
  "SELECT * FROM u",
  "SELECT b FROM v",
  "SELECT a FROM v",
  "SELECT k FROM w",
  "SELECT v FROM w",
  "SELECT k, v FROM w",
  "SELECT * FROM w",
  "SELECT * FROM wk",
  "SELECT * FROM wk WHERE c > 0",
  "SELECT * FROM wk WHERE c BETWEEN -5 AND 5",
  "SELECT a.d, b.c FROM x AS a CROSS JOIN t0 AS b",
  "SELECT a.c, b.d FROM t0 AS a CROSS JOIN x AS b",
  "SELECT a.d, b.c, c.a FROM x AS a CROSS JOIN t0 AS b JOIN u AS c",
  "SELECT count(*) FROM u",
  "SELECT count(*) FROM v",
  "SELECT count(*) FROM w",
  "SELECT count(*) FROM x",
  "SELECT count(*) FROM t0",
];

Deno.test("access paths: rows in SQLite's order without ORDER BY", () => {
  assertSameAsSqlite(SCHEMA, QUERIES, [], { bigints: true });
});

Deno.test("access paths: EXPLAIN QUERY PLAN names the same scans", () => {
  assertSamePlans(SCHEMA, QUERIES);
});
