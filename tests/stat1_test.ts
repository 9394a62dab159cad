/**
 * `sqlite_stat1` steers the planner as in SQLite (analyze.c's loader, where.c's costs):
 * table sizes, the rows an `=` on an index prefix leaves, `unordered`, rows naming an
 * unknown index (they give the table's size) and malformed numbers. Rows in order and
 * EXPLAIN QUERY PLAN compared with SQLite. The oracle is built with STAT4, so the setups
 * delete `sqlite_stat4` after ANALYZE, to test `sqlite_stat1` alone (tests/stat4_test.ts
 * has the samples).
 */
import { assertSameAsSqlite, assertSamePlans } from "./support/oracle_queries.ts";

/** ANALYZE over real data: selectivities measured. */
const ANALYZED = `
CREATE TABLE t(a INTEGER PRIMARY KEY, b, c, d);
CREATE INDEX tb ON t(b);
CREATE INDEX tc ON t(c);
CREATE INDEX tcd ON t(c, d);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
INSERT INTO t SELECT i, i % 3, i % 100, i % 7 FROM n;
CREATE TABLE s(x INTEGER PRIMARY KEY, y);
INSERT INTO s VALUES (1, 'a'), (2, 'b'), (3, 'c');
CREATE TABLE w(k TEXT PRIMARY KEY, v) WITHOUT ROWID;
CREATE INDEX wv ON w(v);
INSERT INTO w SELECT 'k' || a, a % 2 FROM t;
ANALYZE;
DELETE FROM sqlite_stat4;
`;

const ANALYZED_QUERIES = [
  "SELECT a FROM t WHERE b = 1 AND c = 5",
  "SELECT a FROM t WHERE b = 1 AND c > 5",
  "SELECT * FROM t WHERE b = 1 AND d = 3",
  "SELECT * FROM t, s WHERE t.b = s.x",
  "SELECT * FROM s, t WHERE t.c = s.x",
  "SELECT * FROM t WHERE c = 5 AND d = 5",
  "SELECT count(*) FROM t WHERE b = 2",
  "SELECT * FROM sqlite_stat1",
];

/** Tables with hand-written statistics: a big table, a selective index, an unordered one. */
const STATISTICS = `
CREATE TABLE t(a INTEGER PRIMARY KEY, b, c, d);
CREATE INDEX tc ON t(c);
CREATE INDEX tb ON t(b);
CREATE INDEX tbd ON t(b, d);
CREATE TABLE big(x, y);
CREATE INDEX bigx ON big(x);
CREATE TABLE small(p, q);
CREATE INDEX smallp ON small(p);
CREATE TABLE u(m, n);
CREATE INDEX un ON u(n);
CREATE INDEX um ON u(m);
INSERT INTO t VALUES (1, 1, 5, 1), (2, 1, 2, 2), (3, 2, 2, 3), (4, 1, 2, 4), (5, 2, 9, 5);
INSERT INTO big VALUES (1, 'a'), (2, 'b'), (3, 'c'), (2, 'd');
INSERT INTO small VALUES (2, 'x'), (3, 'y'), (1, 'z');
INSERT INTO u VALUES (1, 2), (2, 1), (3, 3);
ANALYZE;
DELETE FROM sqlite_stat4;
DELETE FROM sqlite_stat1;
INSERT INTO sqlite_stat1 VALUES ('t', 'tb', '1000000 500000');
INSERT INTO sqlite_stat1 VALUES ('t', 'tbd', '1000000 500000 400000');
INSERT INTO sqlite_stat1 VALUES ('t', 'tc', '1000000 2');
INSERT INTO sqlite_stat1 VALUES ('big', 'bigx', '5000000 5');
INSERT INTO sqlite_stat1 VALUES ('small', 'smallp', '10 1');
INSERT INTO sqlite_stat1 VALUES ('u', 'un', '100 2 unordered');
INSERT INTO sqlite_stat1 VALUES ('u', 'um', 'garbage');
INSERT INTO sqlite_stat1 VALUES ('nosuch', 'nosuch', '1 1');
`;

const WRITTEN = STATISTICS + `
CREATE TABLE w(k TEXT PRIMARY KEY, v, z) WITHOUT ROWID;
CREATE INDEX wv ON w(v);
INSERT INTO w VALUES ('a', 1, 1), ('b', 2, 2), ('c', 1, 3);
INSERT INTO sqlite_stat1 VALUES ('w', 'w', '200000 1');
INSERT INTO sqlite_stat1 VALUES ('w', 'wv', '200000 100000');
`;

const WRITTEN_QUERIES = [
  "SELECT a FROM t WHERE b = 1 AND c = 2",
  "SELECT a FROM t WHERE b = 1 AND c > 1",
  "SELECT * FROM t WHERE b = 1 AND d = 2",
  "SELECT * FROM t WHERE b = 1",
  "SELECT * FROM big, small WHERE big.x = small.p",
  "SELECT * FROM small, big WHERE big.x = small.p",
  "SELECT * FROM t, small WHERE t.c = small.p",
  "SELECT * FROM t, small WHERE t.b = small.p",
  "SELECT * FROM u WHERE n > 1 ORDER BY n",
  "SELECT n FROM u ORDER BY n",
  "SELECT * FROM w WHERE v = 1",
  "SELECT * FROM w WHERE v = 1 AND k = 'a'",
];

/** Malformed and stray rows: an unknown index's row sizes its table; garbage reads as 0. */
const MALFORMED = STATISTICS + `
INSERT INTO sqlite_stat1 VALUES ('t', 'nosuchidx', '5 5');
INSERT INTO sqlite_stat1 VALUES ('u', NULL, 'x7');
`;

const MALFORMED_QUERIES = [
  "SELECT a FROM t WHERE b = 1 AND c = 2",
  "SELECT a FROM t WHERE b = 1 AND c > 1",
  "SELECT * FROM t WHERE b = 1 AND d = 2",
  "SELECT * FROM big, small WHERE big.x = small.p",
  "SELECT * FROM small, big WHERE big.x = small.p",
  "SELECT * FROM u WHERE n > 1 ORDER BY n",
  "SELECT * FROM u WHERE m = 1 AND n = 2",
  "SELECT n FROM u ORDER BY n",
  "SELECT * FROM t, u WHERE t.b = u.m",
];

/**
 * where.c's columnIsGoodIndexCandidate: no automatic index on a column that a later place of
 * an analyzed index holds where its prefix leaves more than 2 entries (v2's, not v3's).
 */
const CANDIDATES = `
CREATE TABLE small(p, q);
CREATE TABLE v2(p, q, r);
CREATE INDEX v2pq ON v2(p, q);
CREATE TABLE v3(p, q, r);
CREATE INDEX v3pq ON v3(p, q);
INSERT INTO small VALUES (1, 2), (2, 3), (2, 4);
INSERT INTO v2 VALUES (1, 1, 1), (2, 2, 2), (3, 2, 3);
INSERT INTO v3 SELECT * FROM v2;
ANALYZE;
DELETE FROM sqlite_stat4;
DELETE FROM sqlite_stat1;
INSERT INTO sqlite_stat1 VALUES ('small', NULL, '50000');
INSERT INTO sqlite_stat1 VALUES ('v2', 'v2pq', '600 300 100 noskipscan');
INSERT INTO sqlite_stat1 VALUES ('v3', 'v3pq', '600 300 2 noskipscan');
`;

const CANDIDATE_QUERIES = [
  "SELECT * FROM small, v2 WHERE v2.q = small.p",
  "SELECT * FROM small, v3 WHERE v3.q = small.p",
];

/**
 * where.c's WHERE_SELFCULL stays on its loop template: the seek of `r.m = 3` has it from the
 * whole scan of `rm` weighed before it (a WITHOUT ROWID table's), so EXPLAIN shows a Bloom
 * filter ahead of it.
 */
const SELF_CULL = `
CREATE TABLE o(id INTEGER PRIMARY KEY, v);
CREATE TABLE q(id INTEGER PRIMARY KEY, x, y);
CREATE INDEX qx ON q(x);
CREATE TABLE r(k, m, PRIMARY KEY(k)) WITHOUT ROWID;
CREATE INDEX rm ON r(m);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
INSERT INTO o SELECT i, i % 7 FROM n;
INSERT INTO q SELECT id, id % 10, id FROM o WHERE id <= 100;
INSERT INTO r SELECT id, id % 5 FROM o WHERE id <= 100;
ANALYZE;
DELETE FROM sqlite_stat4;
`;

const SELF_CULL_QUERIES = [
  "SELECT * FROM o, r WHERE r.m = 3",
  "SELECT o.v FROM o, q WHERE q.id = o.v AND q.x = 2",
  "SELECT * FROM o, q WHERE q.x = 5",
  // The filter of a later loop needing only the tables before an earlier filter's is built
  // with it (sqlite3ConstructBloomFilter's pull-down); not when it needs a table between.
  "SELECT * FROM o, q, r WHERE q.id = o.v AND r.k = o.v AND q.y = 3 AND r.m = 2",
  "SELECT * FROM o, q, r WHERE q.id = o.v AND r.k = q.x AND q.y = 3 AND r.m = 2",
];

/**
 * where.c's IN-versus-scan rule: a second IN on an index is left out when scanning the
 * entries the first leaves, testing it on each, looks cheaper than its seeks (20 values over
 * 10 entries here), and kept when it does not (2 values).
 */
const IN_SCAN = `
CREATE TABLE v(a, b, c);
CREATE INDEX vab ON v(a, b);
INSERT INTO v VALUES (1, 1, 1), (2, 2, 2), (3, 3, 3);
ANALYZE;
DELETE FROM sqlite_stat4;
DELETE FROM sqlite_stat1;
INSERT INTO sqlite_stat1 VALUES ('v', 'vab', '1000000 10 5');
`;

const IN_SCAN_QUERIES = [
  "SELECT * FROM v WHERE a IN (1, 2, 3) AND b IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, " +
  "13, 14, 15, 16, 17, 18, 19, 20)",
  "SELECT * FROM v WHERE a IN (1, 2, 3) AND b IN (1, 2)",
  "SELECT * FROM v WHERE a = 1 AND b IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, " +
  "16, 17, 18, 19, 20)",
];

for (
  const [name, setup, queries] of [
    ["ANALYZE", ANALYZED, ANALYZED_QUERIES],
    ["written statistics", WRITTEN, WRITTEN_QUERIES],
    ["malformed rows", MALFORMED, MALFORMED_QUERIES],
    ["automatic index candidates", CANDIDATES, CANDIDATE_QUERIES],
    ["Bloom filters", SELF_CULL, SELF_CULL_QUERIES],
    ["IN versus scan", IN_SCAN, IN_SCAN_QUERIES],
  ] as const
) {
  Deno.test(`sqlite_stat1 (${name}): rows and plans as SQLite's`, () => {
    assertSameAsSqlite(setup, queries);
    assertSamePlans(setup, queries);
  });
}
