/**
 * OFFSET as SQLite applies it: a row the OFFSET skips is skipped before its result columns
 * are computed (SQLite's selectInnerLoop tests the offset first), so an expression that
 * would fail on a skipped row never runs, and the rows that remain are SQLite's. Every
 * backend against node:sqlite.
 */
import { assertSameAsSqlite } from "./support/oracle_queries.ts";

const SETUP = "CREATE TABLE t(id INTEGER PRIMARY KEY, x, s TEXT);" +
  "INSERT INTO t VALUES (1, -9223372036854775808, 'a'), (2, 5, 'bb'), (3, -7, NULL)," +
  " (4, 2.5, 'dddd'), (5, NULL, 'e');" +
  "CREATE TABLE u(t_id, label); INSERT INTO u VALUES (2, 'two'), (4, 'four'), (4, 'FOUR');";

Deno.test("limit/offset: an expression is not evaluated on the rows OFFSET skips", () => {
  assertSameAsSqlite(SETUP, [
    "SELECT abs(x) AS a FROM t LIMIT 10 OFFSET 1", // abs() of row 1 overflows: skipped
    "SELECT abs(x) AS a FROM t LIMIT -1 OFFSET 1",
    "SELECT abs(x) AS a FROM t LIMIT 1", // not skipped: SQLite's "integer overflow"
    "SELECT id, abs(x) FROM t WHERE id < 4 LIMIT 2 OFFSET 1",
  ]);
});

Deno.test("limit/offset: computed columns, filters, joins and subqueries under OFFSET", () => {
  assertSameAsSqlite(SETUP, [
    "SELECT id, s || '!', length(s) FROM t ORDER BY id LIMIT 2 OFFSET 2",
    "SELECT id, s FROM t LIMIT 3 OFFSET 0",
    "SELECT id, s FROM t LIMIT 3 OFFSET -2",
    "SELECT id, s FROM t LIMIT 3 OFFSET 99",
    "SELECT id FROM t LIMIT 0 OFFSET 1",
    "SELECT id, x * 2 FROM t WHERE x IS NOT NULL LIMIT 2 OFFSET 1",
    "SELECT t.id, u.label FROM t JOIN u ON u.t_id = t.id LIMIT 5 OFFSET 1",
    "SELECT id, (SELECT count(*) FROM u WHERE u.t_id = t.id) FROM t LIMIT 3 OFFSET 2",
    "SELECT id FROM t ORDER BY s DESC LIMIT 2 OFFSET 1",
    "SELECT DISTINCT s IS NULL FROM t LIMIT 5 OFFSET 1",
    "SELECT id, row_number() OVER (ORDER BY id DESC) FROM t LIMIT 2 OFFSET 2",
    "SELECT * FROM (SELECT id, s FROM t LIMIT 3 OFFSET 1) LIMIT 1 OFFSET 1",
    "SELECT id FROM t UNION ALL SELECT t_id FROM u LIMIT 3 OFFSET 4",
  ]);
});
