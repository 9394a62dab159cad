/**
 * The affinity of a compound subquery's columns (SQLite's selectAddColumnTypeAndCollation):
 * the first SELECT with an affinity gives it, other SELECTs that may produce numbers or text
 * turn TEXT or numeric into BLOB, and REAL columns read their integers as REAL. Every pair of
 * column kinds, in FROM subqueries and CTEs, UNION and UNION ALL, compared with node:sqlite
 * through comparisons whose result depends on the affinity.
 */
import { assertSameAsSqlite } from "./support/oracle_queries.ts";

const PARTS = [
  "i",
  "r",
  "tx",
  "b",
  "n",
  "u",
  "i+0",
  "'1'",
  "1",
  "x'31'",
  "CAST(u AS TEXT)",
  "CAST(u AS INTEGER)",
  "tx || ''",
  "NULL",
  "tx LIKE '1'",
  "tx NOT GLOB '1'",
];
const LITERALS = ["'1'", "1", "' 1'", "'1.0'"];

function queries(): string[] {
  const out: string[] = [];
  for (const a of PARTS) {
    for (const b of PARTS) {
      for (const op of ["UNION ALL", "UNION"]) {
        for (const lit of LITERALS) {
          const body = `SELECT ${a} FROM t ${op} SELECT ${b} FROM t WHERE 0`;
          out.push(`SELECT x = ${lit}, typeof(x) FROM (${body.replace(a, `${a} AS x`)})`);
          out.push(`WITH c(x) AS (${body}) SELECT x = ${lit}, typeof(x) FROM c`);
        }
      }
    }
  }
  return out;
}

Deno.test("compound subquery columns take SQLite's affinity", () => {
  assertSameAsSqlite(
    `CREATE TABLE t(i INTEGER, r REAL, tx TEXT, b BLOB, n NUMERIC, u);
      INSERT INTO t VALUES (1, 1, '1', 1, 1, 1);`,
    queries(),
  );
});

Deno.test("a numeric compound column with a CAST on the left reads as NUMERIC (FLEXNUM)", () => {
  assertSameAsSqlite(
    `CREATE TABLE t(i INTEGER, tx TEXT); INSERT INTO t VALUES (3, '3'), (4, '4.0');`,
    [
      "SELECT x, typeof(x) FROM (SELECT CAST(1 AS REAL) AS x UNION ALL SELECT 2)",
      "SELECT x, typeof(x) FROM (SELECT CAST(1 AS REAL) AS x UNION SELECT i FROM t)",
      "SELECT x, typeof(x) FROM (SELECT CAST(tx AS REAL) AS x FROM t UNION ALL SELECT i FROM t)",
      "SELECT x, typeof(x) FROM (SELECT CAST(1 AS INTEGER) AS x UNION ALL SELECT 2.0)",
      "SELECT x, typeof(x) FROM (SELECT 2.0 AS x UNION ALL SELECT CAST(1 AS REAL))",
      "SELECT x, typeof(x) FROM (SELECT NULL AS x UNION ALL SELECT CAST(1 AS REAL) UNION ALL SELECT 2)",
      "WITH c(x) AS (SELECT CAST(1 AS REAL) UNION ALL SELECT i FROM t) SELECT x, typeof(x) FROM c",
    ],
  );
});

Deno.test("a VALUES of several SELECTs right of a compound operator reads REAL columns as REAL", () => {
  // A row that is not constant splits the VALUES into one SELECT per row; to the right of
  // an operator the parser wraps them as a subquery, whose REAL column turns 1 into 1.0.
  assertSameAsSqlite(
    `CREATE TABLE t(i INTEGER, r REAL); INSERT INTO t VALUES (1, 2.0);`,
    [
      "SELECT 5, 6 UNION ALL VALUES ('b', EXISTS (SELECT 1)), (2, CAST(42 AS REAL))",
      "SELECT 5, 6 UNION VALUES ('b', EXISTS (SELECT 1)), (2, CAST(42 AS REAL)) ORDER BY 2",
      "SELECT 5 EXCEPT VALUES (EXISTS (SELECT 1)), (CAST(42 AS REAL))",
      "SELECT 1.0 INTERSECT VALUES (EXISTS (SELECT 1)), (CAST(42 AS REAL))",
      "SELECT 5 UNION ALL VALUES ((SELECT i FROM t) + 0), (CAST(42 AS REAL))",
      "SELECT 5 UNION ALL VALUES ((SELECT i FROM t) > 0), ((SELECT r FROM t))",
      "SELECT typeof(x) FROM (SELECT 'a' AS x UNION ALL VALUES (EXISTS (SELECT 1)), (CAST(1 AS REAL)))",
      "VALUES (EXISTS (SELECT 1)), (CAST(42 AS REAL))",
      "SELECT 5 UNION ALL VALUES (1), (CAST(2 AS REAL)), ((SELECT 3))",
      "WITH c AS (SELECT 1) SELECT 5 UNION ALL VALUES (1), (CAST(2 AS REAL))",
    ],
    [],
    { bigints: true },
  );
});
