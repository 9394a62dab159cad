/**
 * LEFT JOINs SQLite turns into inner joins because the WHERE rejects the NULL row of the
 * right table (sqlite3ExprImpliesNonNullRow), compared with SQLite: rows in order and
 * EXPLAIN QUERY PLAN (the join may then be reordered, and lose its LEFT-JOIN mark).
 */
import { assertSameAsSqlite, assertSamePlans } from "./support/oracle_queries.ts";

const SETUP = `
CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 1), (2, NULL), (3, 3), (4, 1);
CREATE TABLE u(a, c); INSERT INTO u VALUES (1, 'x'), (3, NULL), (5, 'z'), (1, 'y');
CREATE INDEX ua ON u(a);
CREATE TABLE v(k INTEGER PRIMARY KEY, w); INSERT INTO v VALUES (1, 'p'), (3, 'q');
`;

const QUERIES = [
  "SELECT * FROM t LEFT JOIN u ON u.a = t.a WHERE u.c > 'a'",
  "SELECT * FROM t LEFT JOIN u ON u.a = t.a WHERE u.c IS NULL",
  "SELECT * FROM t LEFT JOIN u ON u.a = t.a WHERE u.c IS NOT NULL",
  "SELECT * FROM t LEFT JOIN u ON u.a = t.a WHERE u.c NOTNULL",
  "SELECT * FROM t LEFT JOIN u ON u.a = t.a WHERE NOT u.c IS NULL",
  "SELECT * FROM t LEFT JOIN u ON u.a = t.a WHERE t.b = u.a",
  "SELECT * FROM t LEFT JOIN u ON u.a = t.a WHERE coalesce(u.c, 1)",
  "SELECT * FROM t LEFT JOIN u ON u.a = t.a WHERE u.c > 'a' OR t.b = 1",
  "SELECT * FROM t LEFT JOIN u ON u.a = t.a WHERE u.c > 'a' OR u.a = 3",
  "SELECT * FROM t LEFT JOIN u ON u.a = t.a WHERE u.a IN (1, 3)",
  "SELECT * FROM t LEFT JOIN u ON u.a = t.a WHERE u.a + 1 BETWEEN 0 AND 9",
  "SELECT * FROM v LEFT JOIN t ON t.a = v.k WHERE t.b + 0 > 0",
  "SELECT * FROM v LEFT JOIN u ON u.a = v.k LEFT JOIN t ON t.a = u.a WHERE t.b BETWEEN 0 AND 5",
  "SELECT * FROM t LEFT JOIN u ON u.a = t.a WHERE likely(u.c = 'x')",
];

Deno.test("outer joins: a LEFT JOIN whose NULL row the WHERE rejects is an inner join", () => {
  assertSameAsSqlite(SETUP, QUERIES);
  assertSamePlans(SETUP, QUERIES);
});

/**
 * RIGHT and FULL joins (select.c, the same loop): a FULL JOIN whose WHERE rejects the NULL
 * row of its right table is a RIGHT JOIN, of its left side a LEFT JOIN; a RIGHT JOIN whose
 * WHERE rejects the NULL row of a table on its left is an inner join (the WHERE's own terms
 * only: an inner join's ON does not count there).
 */
const RIGHT_FULL = [
  "SELECT * FROM t FULL JOIN u ON u.a = t.a WHERE t.b > 0",
  "SELECT * FROM t FULL JOIN u ON u.a = t.a WHERE t.b > 0 AND u.c > 'a'",
  "SELECT * FROM t RIGHT JOIN u ON u.a = t.a WHERE t.b > 0",
  "SELECT * FROM t RIGHT JOIN u ON u.a = t.a WHERE t.b IS NOT NULL",
  "SELECT * FROM t RIGHT JOIN u ON u.a = t.a WHERE t.b = 1 OR t.a = 3",
  "SELECT * FROM t JOIN v ON v.k = t.a RIGHT JOIN u ON u.a = t.a WHERE v.w > 'a'",
  "SELECT * FROM t RIGHT JOIN u ON u.a = t.a FULL JOIN v ON v.k = u.a WHERE t.b > 0",
  "SELECT * FROM t LEFT JOIN u ON u.a = t.a RIGHT JOIN v ON v.k = t.a WHERE u.c > 'a'",
  "SELECT * FROM t FULL JOIN u ON u.a = t.a WHERE u.c > 'a'",
  "SELECT * FROM t RIGHT JOIN u ON u.a = t.a WHERE u.c > 'a'",
  "SELECT * FROM t RIGHT JOIN u ON u.a = t.a WHERE t.b IS NULL",
  "SELECT * FROM t RIGHT JOIN u ON u.a = t.a WHERE coalesce(t.b, 1)",
  "SELECT * FROM t RIGHT JOIN u ON u.a = t.a WHERE t.b = 1 OR u.c = 'x'",
  "SELECT * FROM t JOIN v ON v.k = t.b RIGHT JOIN u ON u.a = t.a",
  "SELECT * FROM t LEFT JOIN u ON u.a = t.a RIGHT JOIN v ON v.k = t.a WHERE t.b > 0",
  "SELECT * FROM t FULL JOIN u ON u.a = t.a FULL JOIN v ON v.k = u.a WHERE v.w > 'a'",
];

/**
 * The same, compared by rows only: a parenthesized join on a FULL join's right side is
 * planned alone and read again for its unmatched rows, where SQLite materializes it.
 */
const RIGHT_FULL_ROWS = [
  "SELECT * FROM v FULL JOIN (t JOIN u ON u.a = t.a) ON v.k = t.a WHERE u.c > 'a'",
];

Deno.test("outer joins: RIGHT and FULL joins simplified as SQLite does", () => {
  assertSameAsSqlite(SETUP, [...RIGHT_FULL, ...RIGHT_FULL_ROWS]);
  assertSamePlans(SETUP, RIGHT_FULL);
});

/**
 * The right table of a RIGHT or FULL join is read per left row with the ON terms, seeking
 * as a LEFT join's right table does, and its rows that matched none come from a second loop
 * over it alone, told apart by rowid (SQLite's RIGHT-JOIN subroutine). The seek matters to
 * the rows, not only their order: a REAL -9223372036854775808.0 equals the INTEGER
 * -9223372036854775808 when compared, but finds nothing when it seeks a rowid.
 */
const SEEK_SETUP = `
CREATE TABLE r(id INTEGER PRIMARY KEY, c REAL, d);
INSERT INTO r VALUES (-9223372036854775808, 1, 'a'), (1, -9223372036854775808.0, 'b'),
  (2, 1, 'c'), (3, 9, 'd'), (4, 2, NULL);
CREATE TABLE s(k INTEGER PRIMARY KEY, e); INSERT INTO s VALUES (1, 10), (2, 20), (7, 70);
CREATE INDEX r_d ON r(d);
`;

const RIGHT_FULL_SEEKS = [
  "SELECT quote(r1.id), r1.c, quote(r2.id) FROM r AS r1 FULL JOIN r AS r2 ON r1.c = r2.id",
  "SELECT quote(r1.id), r1.c, quote(r2.id) FROM r AS r1 RIGHT JOIN r AS r2 ON r1.c = r2.id",
  "SELECT quote(r1.id), quote(r2.id), r2.d FROM r AS r1 RIGHT JOIN r AS r2 ON r1.c = r2.id " +
  "WHERE r2.d > 'a'",
  "SELECT quote(r1.id), quote(r2.id) FROM r AS r1 FULL JOIN r AS r2 ON r1.c = r2.id " +
  "WHERE r2.id > 1",
  "SELECT quote(r.id), s.*, quote(r2.id) FROM r FULL JOIN s ON s.k = r.c " +
  "FULL JOIN r AS r2 ON r2.id = s.e / 10",
  "SELECT s.*, quote(r.id), r.d FROM s FULL JOIN r ON r.d = 'c' AND r.id = s.k",
  "SELECT s.*, quote(r.id), r.d FROM s RIGHT JOIN r ON r.c = s.k ORDER BY r.d",
];

Deno.test("outer joins: a RIGHT or FULL join's right table seeks, then its unmatched rows", () => {
  assertSameAsSqlite(SEEK_SETUP, RIGHT_FULL_SEEKS);
  assertSamePlans(SEEK_SETUP, RIGHT_FULL_SEEKS);
});
