/**
 * The order of rows whose sort keys tie, compared exactly with SQLite: which order is
 * SQLite's follows from how it sorts (a stable sorter over rows in the order they arrive),
 * from the direction it gives the GROUP BY (the ORDER BY's, term by term, when both lists
 * have the same length), from the index that delivers a GROUP BY (forwards, in its own
 * direction) and from the order of window passes (the last window innermost).
 */
import { assertSameAsSqlite } from "./support/oracle_queries.ts";

const ROWS = "INSERT INTO t VALUES (1,'x',1,1),(2,'y',2,2),(1,'z',1,1),(2,'w',3,1)," +
  "(3,'v',1,2),(1,'u',2,1),(4,'x',1,2),(5,'y',2,1),(NULL,NULL,3,2),(NULL,'x',1,1)," +
  "(2,'X',2,2),(1,'Z',3,1);";

const PLAIN = `CREATE TABLE t(a, b, c, d); ${ROWS}`;

Deno.test("sort ties: ORDER BY keeps the scan order of tied rows, ASC and DESC, under LIMIT", () => {
  assertSameAsSqlite(PLAIN, [
    "SELECT b FROM t ORDER BY a",
    "SELECT b FROM t ORDER BY a DESC",
    "SELECT b FROM t ORDER BY a DESC NULLS FIRST",
    "SELECT b FROM t ORDER BY c, d DESC",
    "SELECT b FROM t ORDER BY a LIMIT 4",
    "SELECT b FROM t ORDER BY a DESC LIMIT 3 OFFSET 2",
    "SELECT b, c FROM t ORDER BY c DESC LIMIT 6",
    "SELECT b FROM t ORDER BY b COLLATE NOCASE",
    "SELECT DISTINCT b, c FROM t ORDER BY c",
    "SELECT b, c FROM t UNION ALL SELECT b, a FROM t ORDER BY 2",
  ]);
});

Deno.test("sort ties: GROUP BY takes the ORDER BY's directions when both have as many terms", () => {
  const queries = [
    "SELECT b, count(*) n FROM t GROUP BY b ORDER BY n DESC",
    "SELECT b, count(*) n FROM t GROUP BY b ORDER BY n",
    "SELECT b, count(*) n FROM t GROUP BY b",
    "SELECT b, count(*) n FROM t GROUP BY b ORDER BY b",
    "SELECT b, count(*) n FROM t GROUP BY b ORDER BY b DESC",
    "SELECT b, count(*) n FROM t GROUP BY b ORDER BY b DESC NULLS FIRST",
    "SELECT b, a, count(*) n FROM t GROUP BY b, a ORDER BY n DESC, b",
    "SELECT b, a, count(*) n FROM t GROUP BY b, a ORDER BY b, a DESC",
    "SELECT b, a, count(*) n FROM t GROUP BY a, b ORDER BY b DESC, a DESC",
    "SELECT c, sum(a) s FROM t GROUP BY c ORDER BY count(*) DESC",
    "SELECT c, d, max(b) FROM t GROUP BY c, d ORDER BY max(b) DESC, 1",
    "SELECT * FROM (SELECT b, count(*) n FROM t GROUP BY b) ORDER BY n DESC",
  ];
  // Sorted by SQLite's GROUP BY sorter, then delivered by an index in either direction.
  assertSameAsSqlite(PLAIN, queries);
  assertSameAsSqlite(`${PLAIN} CREATE INDEX tb ON t(b);`, queries);
  assertSameAsSqlite(`${PLAIN} CREATE INDEX tb ON t(b DESC);`, queries);
  assertSameAsSqlite(`${PLAIN} CREATE INDEX tb ON t(b DESC, a);`, queries);
});

Deno.test("sort ties: ORDER BY inside aggregates keeps arrival order of tied rows", () => {
  assertSameAsSqlite(PLAIN, [
    "SELECT group_concat(b, ',' ORDER BY a) FROM t",
    "SELECT group_concat(b, ',' ORDER BY a DESC) FROM t",
    "SELECT c, group_concat(b, ',' ORDER BY a DESC) FROM t GROUP BY c",
    "SELECT b, json_group_array(c ORDER BY a) FROM t GROUP BY b",
  ]);
});

Deno.test("sort ties: several windows run last to first, the output in the first's order", () => {
  assertSameAsSqlite(PLAIN, [
    "SELECT b, row_number() OVER (ORDER BY a) FROM t",
    "SELECT b, row_number() OVER (PARTITION BY c ORDER BY a DESC) FROM t",
    "SELECT b, row_number() OVER (ORDER BY a), rank() OVER (PARTITION BY c) FROM t",
    "SELECT b, row_number() OVER (PARTITION BY c), rank() OVER (ORDER BY a) FROM t",
    "SELECT b, count() OVER (ORDER BY a), count() OVER (ORDER BY c), count() OVER (ORDER BY d) " +
    "FROM t",
    "SELECT b, count() OVER (ORDER BY a), count() OVER (ORDER BY c), count() OVER (ORDER BY a) " +
    "FROM t",
    "SELECT b, count() OVER (ORDER BY a), count() OVER (ORDER BY c), " +
    "count() OVER (ORDER BY a ROWS CURRENT ROW) FROM t",
    "SELECT b, count() OVER (ORDER BY d), count() OVER (ORDER BY c), " +
    "count() OVER (ORDER BY d ROWS CURRENT ROW), count() OVER (ORDER BY c ROWS 1 PRECEDING) FROM t",
    "SELECT b, count() OVER (ORDER BY a), count() OVER (ORDER BY c) FROM t GROUP BY b",
  ]);
});

const SETUP = `
CREATE TABLE t(a, b, c);
INSERT INTO t VALUES (1,'x',5),(2,'y',5),(1,'z',4),(2,'w',4),(3,'v',5),(1,'u',4),
  (NULL,'n',5),(NULL,'m',4),(4,'X',5),(5,'Y',4),(4,'x',4);
CREATE TABLE u(a, b, c);
INSERT INTO u SELECT * FROM t;
CREATE INDEX ua ON u(a);
CREATE TABLE v(a, b, c);
INSERT INTO v SELECT * FROM t;
CREATE INDEX vad ON v(a DESC);
`;

Deno.test("sort ties: GROUP BY delivered by an index: forwards unless the ORDER BY is the same", () => {
  assertSameAsSqlite(SETUP, [
    "SELECT a, count(*) n FROM v GROUP BY a ORDER BY n DESC",
    "SELECT a, count(*) n FROM v GROUP BY a ORDER BY n",
    "SELECT a, count(*) n FROM v GROUP BY a",
    "SELECT a, count(*) n FROM v GROUP BY a ORDER BY a",
    "SELECT a, count(*) n FROM v GROUP BY a ORDER BY a DESC",
    "SELECT a, group_concat(b, '' ORDER BY c) FROM u GROUP BY a ORDER BY a DESC",
    "SELECT a, group_concat(b, '') FROM u GROUP BY a ORDER BY a DESC",
    "SELECT a, group_concat(b, '') FROM v GROUP BY a ORDER BY a",
    "SELECT a, group_concat(b, '') FROM u GROUP BY a ORDER BY a DESC NULLS FIRST",
    "SELECT a, group_concat(b, ''), count(*) n FROM v GROUP BY a ORDER BY n",
    "SELECT a, count(*) n FROM u GROUP BY a ORDER BY n DESC",
    "SELECT a, count(*) n FROM u GROUP BY a ORDER BY n",
    "SELECT a, count(*) n FROM u GROUP BY a ORDER BY a DESC",
    "SELECT a, count(*) n FROM u GROUP BY a",
  ]);
});

Deno.test("sort ties: an index gives a prefix of the ORDER BY: ties come in its scan direction", () => {
  assertSameAsSqlite(SETUP, [
    "SELECT a, b, c FROM u ORDER BY a, c",
    "SELECT a, b, c FROM u ORDER BY a DESC, c",
    "SELECT a, b, c FROM u ORDER BY a DESC, c DESC",
    "SELECT a, b, c FROM u WHERE a > 1 ORDER BY a DESC, c",
    "SELECT a, b, c FROM u ORDER BY a DESC, c LIMIT 5",
    "SELECT a, b, c FROM v ORDER BY a, c",
    "SELECT a, b, c FROM v ORDER BY a DESC, c",
  ]);
});

Deno.test("sort ties: with windows the GROUP BY takes the first computed window's order", () => {
  assertSameAsSqlite(SETUP, [
    "SELECT a, count(*) n, sum(a) OVER () FROM t GROUP BY a ORDER BY n DESC",
    "SELECT a, count(*) n, row_number() OVER (ORDER BY count(*) DESC) FROM t GROUP BY a",
    "SELECT a, count(*) n, row_number() OVER (ORDER BY count(*)) FROM t GROUP BY a",
    "SELECT a, c, count(*) n, row_number() OVER (PARTITION BY c ORDER BY count(*) DESC) " +
    "FROM t GROUP BY a, c",
    "SELECT a, c, count(*) n, row_number() OVER (PARTITION BY c ORDER BY count(*) DESC), " +
    "rank() OVER (ORDER BY a DESC) FROM t GROUP BY a",
    "SELECT a, count(*) n, rank() OVER (ORDER BY a DESC), " +
    "row_number() OVER (ORDER BY count(*) DESC) FROM t GROUP BY a ORDER BY n",
    "SELECT a, b, row_number() OVER (PARTITION BY c ORDER BY a) FROM t",
    "SELECT a, b, row_number() OVER (ORDER BY a DESC) FROM t ORDER BY c",
  ]);
});
