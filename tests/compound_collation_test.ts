/**
 * Which rows a compound operator (UNION, INTERSECT, EXCEPT) takes for equal when its parts'
 * columns have different collations, as SQLite 3.53 answers: each run of such operators
 * compares by the left-most collation among the parts up to the run's last operator (a
 * collation only a later part, after a UNION ALL, has does not count), except that a
 * column the ORDER BY sorts without a COLLATE of its own compares by the whole compound's;
 * an ORDER BY's own COLLATE only sorts. Under an ORDER BY, SQLite's merge drops a row only
 * when it equals the one before it under the collations of the parts up to the operator.
 * Compared with node:sqlite, rows in order.
 */
import { assertSameAsSqlite } from "./support/oracle_queries.ts";

const QUERIES = [
  `SELECT 'a' UNION SELECT 'A' UNION ALL SELECT 'b' COLLATE NOCASE`,
  `SELECT 'a' UNION SELECT 'A' UNION SELECT 'b' COLLATE NOCASE`,
  `SELECT 'a' UNION SELECT 'A' UNION ALL SELECT 'b' COLLATE NOCASE ORDER BY 1`,
  `SELECT 'a' UNION SELECT 'A' UNION ALL SELECT 'b' COLLATE NOCASE ORDER BY 1 COLLATE NOCASE`,
  `SELECT 'a' UNION SELECT 'A' ORDER BY 1 COLLATE NOCASE`,
  `SELECT 'a' UNION SELECT 'A' UNION SELECT 'b' ORDER BY 1 COLLATE NOCASE`,
  `SELECT 'a' UNION SELECT 'A' UNION ALL SELECT 'b' ORDER BY 1 COLLATE NOCASE`,
  `SELECT 'a' COLLATE NOCASE UNION SELECT 'A' UNION ALL SELECT 'b' ORDER BY 1 COLLATE BINARY`,
  `SELECT 'a' UNION SELECT 'A' UNION SELECT 'b' COLLATE NOCASE ORDER BY 1`,
  `SELECT 'a' INTERSECT SELECT 'A' UNION ALL SELECT 'b' COLLATE NOCASE`,
  `SELECT 'a' INTERSECT SELECT 'A' UNION ALL SELECT 'b' COLLATE NOCASE ORDER BY 1`,
  `SELECT 'a' UNION ALL SELECT 'A' UNION SELECT 'b' COLLATE NOCASE`,
  `SELECT 'a' EXCEPT SELECT 'A' UNION ALL SELECT 'A' COLLATE NOCASE`,
  `SELECT 'a' EXCEPT SELECT 'A' UNION ALL SELECT 'A' COLLATE NOCASE ORDER BY 1 DESC`,
  `VALUES ('a'), ('A') UNION SELECT 'b' COLLATE NOCASE`,
  `SELECT 'a' UNION SELECT 'A' UNION ALL VALUES ('b' COLLATE NOCASE), ('c')`,
  `SELECT 'a', 'x' UNION SELECT 'A', 'X' UNION ALL SELECT 'b' COLLATE NOCASE, 'y' COLLATE NOCASE ORDER BY 2`,
  `SELECT 'a', 'x' UNION SELECT 'A', 'X' UNION ALL SELECT 'b' COLLATE NOCASE, 'y' COLLATE NOCASE ORDER BY 2 COLLATE NOCASE`,
  // A run of operators compares by the collation at its end.
  `SELECT 'B' INTERSECT SELECT 'b' UNION SELECT 'a' COLLATE NOCASE ORDER BY 1`,
  `SELECT 'B' UNION SELECT 'b' INTERSECT SELECT 'b' UNION ALL SELECT 'c' COLLATE NOCASE`,
  `SELECT 'a' EXCEPT SELECT 'A' UNION SELECT 'b' COLLATE NOCASE UNION ALL SELECT 'a'`,
  // Rows match by the ORDER BY's NOCASE, but 'a' and 'A' of one side both stay (BINARY),
  // and a row repeats when not next to its equal (SQLite drops it only after an equal one).
  `SELECT column1 || '' FROM (VALUES ('A'), ('a'), ('A')) UNION SELECT 'x'
     UNION ALL SELECT 'b' COLLATE NOCASE ORDER BY 1`,
  `SELECT 'A' UNION SELECT column1 || '' FROM (VALUES ('a'), ('A'))
     UNION ALL SELECT 'b' COLLATE NOCASE ORDER BY 1`,
  `SELECT column1 || '' FROM (VALUES ('a'), ('A')) UNION SELECT 'x'
     UNION ALL SELECT 'b' COLLATE NOCASE ORDER BY 1`,
  `SELECT column1 || '' FROM (VALUES ('a'), ('A')) UNION SELECT 'A'
     UNION ALL SELECT 'b' COLLATE NOCASE ORDER BY 1`,
  `SELECT column1 || '' FROM (VALUES ('a'), ('A')) INTERSECT SELECT 'A'
     UNION ALL SELECT 'b' COLLATE NOCASE ORDER BY 1`,
  `SELECT column1 || '' FROM (VALUES ('a'), ('A')) EXCEPT SELECT 'A'
     UNION ALL SELECT 'b' COLLATE NOCASE ORDER BY 1`,
];

Deno.test("compound operators compare rows with SQLite's collations", () => {
  assertSameAsSqlite("", QUERIES);
});
