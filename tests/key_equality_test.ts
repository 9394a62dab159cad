/**
 * GROUP BY, DISTINCT and IN find values equal exactly when SQLite's comparison does:
 * INTEGER and REAL by exact value, at the 64-bit edges too (REAL -2^63 equals INTEGER
 * -2^63; REAL 2^63 equals no INTEGER). Compared with node:sqlite, for every backend.
 */
import { assertSameAsSqlite } from "./support/oracle_queries.ts";

const PAIRS = [
  ["-9223372036854775808", "-9223372036854775808.0"],
  ["9223372036854775807", "9223372036854775807.0"],
  ["9007199254740993", "9007199254740992.0"],
  ["1", "1.0"],
  ["0", "-0.0"],
];

function queries(): string[] {
  return PAIRS.flatMap(([i, r]) => {
    const both = `SELECT ${i} AS x UNION ALL SELECT ${r}`;
    return [
      `SELECT count(*) FROM (${both}) GROUP BY x`,
      `SELECT count(*) FROM (SELECT DISTINCT x FROM (${both}))`,
      `SELECT ${i} IN (SELECT ${r}), ${r} IN (SELECT ${i}), ${i} IN (${r})`,
      `SELECT count(*) FROM (SELECT ${i} UNION SELECT ${r})`,
      `SELECT count(*) FROM (SELECT ${i} INTERSECT SELECT ${r})`,
    ];
  });
}

Deno.test("values are equal for grouping and sets exactly when SQLite compares them equal", () => {
  assertSameAsSqlite("", queries());
});
