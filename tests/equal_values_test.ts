/**
 * Which of several equal but different values SQLite returns (INTEGER 1 and REAL 1.0, 0 and
 * -0.0, 'a' and 'A' under NOCASE, 'x' and 'x ' under RTRIM), compared exactly (storage
 * class, sign of zero, row order) with SQLite:
 * - GROUP BY: the key and bare columns come from the group's first row, or all from the row
 *   of the single min()/max() (a GROUP BY column too; a result column that is an expression
 *   key stays the first's, the key inside a larger expression is worked out from that row);
 * - DISTINCT keeps the first row; UNION keeps the right side's first row of an equal pair
 *   (SQLite merges the sorted sides), INTERSECT and EXCEPT the left side's;
 * - min()/max() keep the first of equal values.
 */
import { assertSameAsSqlite } from "./support/oracle_queries.ts";

const T = "CREATE TABLE t(a, b COLLATE NOCASE, c, r TEXT COLLATE RTRIM);" +
  "INSERT INTO t VALUES (1,'a',1,'x'),(1.0,'A',2,'x '),(0,'b',3,'x  '),(-0.0,'B',4,'y')," +
  "(0.0,'a',5,'y ');" +
  "CREATE TABLE u(a); INSERT INTO u VALUES (1.0),(1),(2),(2.0);";

const GROUPS = [
  "SELECT a, count(*) FROM t GROUP BY a",
  "SELECT a, c FROM t GROUP BY a",
  "SELECT b, c FROM t GROUP BY b",
  "SELECT r, c FROM t GROUP BY r",
  "SELECT a, max(c) FROM t GROUP BY a",
  "SELECT a, min(c) FROM t GROUP BY a",
  "SELECT a, max(c), count(*) FROM t GROUP BY a",
  "SELECT a, c, max(c) FROM t GROUP BY a HAVING a >= 0",
  "SELECT a, min(c) FROM t GROUP BY a ORDER BY a",
  "SELECT b, max(c) FROM t GROUP BY b",
  "SELECT r, max(c) FROM t GROUP BY r",
  "SELECT a + 0, max(c) FROM t GROUP BY a + 0",
  "SELECT typeof(a + 0), max(c) FROM t GROUP BY a + 0",
  "SELECT (a + 0) * 1, a + 0, min(c) FROM t GROUP BY a + 0",
  "SELECT max(c), first_value(typeof(a + 0)) OVER () FROM t GROUP BY a + 0",
  "SELECT max(c), first_value(a + 0) OVER (PARTITION BY a + 0) FROM t GROUP BY a + 0",
  "SELECT a, max(c) FROM t GROUP BY a + 0",
  "SELECT a, max(c) FROM t GROUP BY a, b",
  "SELECT (SELECT a), max(c) FROM t GROUP BY a",
  "SELECT a, max(c) FROM t GROUP BY a COLLATE NOCASE",
  "SELECT a, c, sum(c) FROM t GROUP BY a",
];

Deno.test("equal values: GROUP BY keys and bare columns (sorted, or delivered by an index)", () => {
  assertSameAsSqlite(T, GROUPS, [], { bigints: true });
  assertSameAsSqlite(`${T} CREATE INDEX ta ON t(a); CREATE INDEX tb ON t(b, a)`, GROUPS, [], {
    bigints: true,
  });
});

Deno.test("equal values: DISTINCT keeps the first, UNION the right side's first", () => {
  assertSameAsSqlite(
    T,
    [
      "SELECT DISTINCT a FROM t",
      "SELECT DISTINCT b FROM t",
      "SELECT DISTINCT r FROM t",
      "SELECT DISTINCT a FROM u ORDER BY a",
      "SELECT a FROM t UNION SELECT a FROM t",
      "SELECT a FROM u UNION SELECT a FROM u",
      "SELECT a FROM u UNION SELECT 7",
      "SELECT 1 UNION SELECT 1.0",
      "SELECT 1.0 UNION SELECT 1",
      "SELECT 1 UNION SELECT 1.0 UNION SELECT 1",
      "SELECT 2 UNION SELECT 1 UNION SELECT 1.0",
      "SELECT b FROM t UNION SELECT 'B'",
      "SELECT 'B' UNION SELECT b FROM t",
      "SELECT r FROM t UNION SELECT 'y  '",
      "SELECT a FROM u UNION ALL SELECT 1 UNION SELECT 2.0",
      "SELECT a FROM u UNION SELECT 1 UNION ALL SELECT 2.0",
      "SELECT 1 INTERSECT SELECT 1.0",
      "SELECT 1.0 INTERSECT SELECT 1",
      "SELECT a FROM u INTERSECT SELECT a FROM u",
      "SELECT a FROM u EXCEPT SELECT 7",
      "SELECT a FROM u INTERSECT SELECT 1 UNION SELECT 2.0 ORDER BY 1",
      "VALUES (1), (1.0) UNION SELECT 5",
    ],
    [],
    { bigints: true },
  );
});

Deno.test("equal values: min()/max() and aggregate DISTINCT keep the first of equals", () => {
  assertSameAsSqlite(
    T,
    [
      "SELECT max(a), min(a), max(b), min(b), max(r), min(r) FROM t",
      "SELECT count(DISTINCT a), group_concat(DISTINCT a), group_concat(DISTINCT b) FROM t",
      "SELECT max(1, 1.0), max(1.0, 1), min('a', 'A' COLLATE NOCASE)",
      "SELECT c % 2, max(a), min(b) FROM t GROUP BY 1",
    ],
    [],
    { bigints: true },
  );
});
