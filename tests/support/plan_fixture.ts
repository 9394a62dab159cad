/**
 * Tables, indexes and views the rewrite tests (flattening, HAVING to WHERE) plan over: a
 * rowid table with an index, a plain table, a WITHOUT ROWID table, a text column in mixed
 * case and two views (one with an ORDER BY).
 */
export const PLAN_SETUP = `
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
