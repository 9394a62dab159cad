/**
 * Result column names and declared types, differential against node:sqlite (issue 3):
 * for valid queries over tests/corpus/schema.sql, litejit's `Statement.columns()` must give
 * SQLite's `name`, `database`, `table`, `column` and declared type for every column.
 *
 * Two corpora: a fixed list of hand-written queries (each one a naming rule or a quirk),
 * and queries from tests/support/query_gen.ts (seeded; replay with LITEJIT_SEED, run count
 * from LITEJIT_RUNS). The oracle tests check the corpora themselves and always run; the
 * differential tests are skipped until `Database.prototype.prepare` exists.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import type { DatabaseSync } from "node:sqlite";
import { Database } from "../mod.ts";
import { propertyParams, propertySeed } from "./support/random_db.ts";
import { arbQuery, buildCorpusDb, loadQuerySchema, QUERY_FEATURES } from "./support/query_gen.ts";

/** One result column as both sides describe it (node's `type` is our `declaredType`). */
interface ColumnView {
  name: string;
  declaredType: string | null;
  database: string | null;
  table: string | null;
  column: string | null;
}

/** The statement API litejit is getting (mod.ts); typed here so this file checks today. */
/** litejit's side: the columns of `sql` as prepared by litejit. */
function litejitColumns(db: Database, sql: string): ColumnView[] {
  return db.prepare(sql).columns().map((c) => ({
    name: c.name,
    declaredType: c.declaredType,
    database: c.database,
    table: c.table,
    column: c.column,
  }));
}

/** SQLite's side: the columns of `sql`, or null when SQLite does not prepare it. */
function sqliteColumns(oracle: DatabaseSync, sql: string): ColumnView[] | null {
  let columns;
  try {
    columns = oracle.prepare(sql).columns();
  } catch {
    return null;
  }
  return columns.map((c) => ({
    name: c.name,
    declaredType: c.type ?? null,
    database: c.database ?? null,
    table: c.table ?? null,
    column: c.column ?? null,
  }));
}

/** Valid queries, each exercising a naming rule, a kind of source or a SQLite quirk. */
const HAND_WRITTEN: readonly string[] = [
  // Tables of every shape, by `*`.
  "SELECT * FROM users",
  "SELECT * FROM orders",
  "SELECT * FROM kv",
  "SELECT * FROM pairs",
  "SELECT * FROM __proto__",
  "SELECT * FROM CamelTable",
  'SELECT * FROM "Mixed Case"',
  'SELECT * FROM "select"',
  'SELECT * FROM "weird.name"',
  "SELECT * FROM t_strict",
  "SELECT * FROM gen",
  "SELECT * FROM rowid_shadow",
  "SELECT * FROM main.users",
  "SELECT * FROM sqlite_schema",
  "SELECT * FROM sqlite_master",
  "SELECT name, sql FROM main.sqlite_schema",
  // Views with and without column lists, and what they pass through.
  "SELECT * FROM user_orders",
  "SELECT * FROM v_cols",
  'SELECT who, "how much" FROM v_cols',
  'SELECT * FROM "View With Space"',
  "SELECT * FROM v_expr",
  'SELECT "x + y", "count(*)", "max z" FROM v_expr',
  "SELECT * FROM v_nested",
  "SELECT * FROM v_star",
  "SELECT * FROM v_join",
  "SELECT * FROM v_dup",
  // Column references: the name is the declared column name, not the text as written.
  'SELECT id, name, "Email Address", age, score, balance, data, misc FROM users',
  "SELECT NAME, u.NAME, U.nAmE FROM users u",
  "SELECT id, value, upper, LOWER FROM cameltable",
  'SELECT "UPPER", "upper", lower FROM CamelTable',
  "SELECT CamelTable.ID, camelTABLE.value FROM CamelTable",
  'SELECT "Col One", [col"quote], `back tick`, "bracket col" FROM "Mixed Case"',
  'SELECT "from", "where", [order] FROM "select"',
  'SELECT "", "y z", x FROM "weird.name"',
  "SELECT __proto__, constructor, toString, hasOwnProperty FROM __proto__",
  "SELECT a, b, c FROM gen",
  'SELECT users."Email Address" FROM users',
  "SELECT [users].[name] FROM [users]",
  "SELECT `users`.`id` FROM `users`",
  "SELECT main.users.id FROM main.users",
  "SELECT users.id FROM main.users",
  'SELECT * FROM users AS "U"',
  'SELECT U.name FROM users AS "U"',
  'SELECT "u"."name" FROM users u',
  'SELECT "id", "ID" FROM users',
  "SELECT (x) FROM nums",
  "SELECT   x   FROM nums",
  "SELECT\n\tx\n FROM nums",
  // rowid and its aliases (named after the rowid alias column when there is one).
  "SELECT rowid, oid, _rowid_ FROM users",
  "SELECT rowid, oid, _rowid_ FROM rowid_shadow",
  "SELECT ROWID, Oid FROM nums",
  "SELECT *, rowid FROM users",
  "SELECT rowid, * FROM nums",
  "SELECT 1 FROM users WHERE rowid = 1",
  // Expressions: the name is the text as written, comments and spacing included.
  "SELECT 1",
  "SELECT 1 + 1, 1+1, 1  +  1",
  "SELECT x /* c */ + 1 FROM nums",
  "SELECT x -- c\n + 1 FROM nums",
  "SELECT count(*), COUNT(*), count( * ) FROM nums",
  "SELECT count(x), sum(x), total(x), avg(x), min(x), max(x) FROM nums",
  "SELECT group_concat(x, ','), string_agg(y, '-') FROM nums",
  "SELECT group_concat(x ORDER BY y DESC) FROM nums",
  "SELECT count(DISTINCT y) FROM nums",
  "SELECT count(*) FILTER (WHERE x > 1) FROM nums",
  "SELECT row_number() OVER (), rank() OVER (ORDER BY x) FROM nums",
  "SELECT sum(x) OVER w FROM nums WINDOW w AS (PARTITION BY y)",
  "SELECT avg(x) OVER (ORDER BY y ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM nums",
  "SELECT ntile(2) OVER (PARTITION BY y ORDER BY x), lag(x, 1, 0) OVER (ORDER BY x) FROM nums",
  "SELECT CAST(x AS TEXT), CAST(y AS integer), CAST(z AS VARCHAR(10)) FROM nums",
  "SELECT x COLLATE NOCASE FROM nums",
  "SELECT name COLLATE nocase AS n FROM users",
  "SELECT CASE WHEN x > 1 THEN 'big' ELSE 'small' END FROM nums",
  "SELECT CASE x WHEN 1 THEN 'one' WHEN 2 THEN 'two' END FROM nums",
  "SELECT x BETWEEN 1 AND 2, x NOT BETWEEN 1 AND 2 FROM nums",
  "SELECT name LIKE 'a%', name GLOB 'a*', name NOT LIKE 'b' ESCAPE '!' FROM users",
  "SELECT x IN (1, 2), x NOT IN (SELECT y FROM nums) FROM nums",
  "SELECT x IS NULL, x ISNULL, x NOTNULL, x NOT NULL, x IS NOT NULL FROM nums",
  "SELECT (SELECT max(y) FROM nums), EXISTS (SELECT 1 FROM kv) FROM nums",
  "SELECT EXISTS (SELECT 1), NOT EXISTS (SELECT 2)",
  "SELECT -x, +x, ~x, NOT x FROM nums",
  "SELECT 'x' || name || 'y' FROM users",
  "SELECT x % 2, x & 1, x | 2, x << 1, x >> 1, x / 2.0 FROM nums",
  "SELECT x == 1, x <> 1, x != 1, x IS 1, x IS NOT DISTINCT FROM 1 FROM nums",
  "SELECT x ->> '$.a', x -> 'a' FROM nums",
  "SELECT (x, y) = (1, 2) FROM nums",
  "SELECT lower(name), UPPER(name), length(name) FROM users",
  "SELECT coalesce(age, 0), ifnull(score, 0.0), iif(age > 30, 'old', 'young') FROM users",
  "SELECT typeof(data), hex(data), quote(misc) FROM users",
  "SELECT TRUE, FALSE, true, NULL, CURRENT_TIMESTAMP, current_date",
  "SELECT 1e3, .5, 0x1F, 1_000, x'AB', 'it''s', -1, +1",
  "SELECT 9223372036854775807, 9223372036854775808, -9223372036854775808",
  "SELECT max(x), x FROM nums",
  // Aliases: AS, bare, quoted, string, empty, prototype names.
  "SELECT 1 AS one",
  "SELECT 1 one",
  'SELECT 1 AS "One Two"',
  "SELECT 1 'string alias'",
  "SELECT 1 AS 'string alias'",
  "SELECT 1 [bracket], 2 `tick`",
  "SELECT 1 AS __proto__, 2 AS constructor",
  "SELECT 1 AS \"\", 2 AS ''",
  "SELECT 'a' 'b'",
  'SELECT "Email Address" AS email FROM users',
  'SELECT x AS "x", x AS X FROM nums',
  "SELECT (SELECT name FROM users WHERE users.id = orders.user_id) AS who FROM orders",
  // Subqueries, VALUES and CTEs: duplicate names get ":N" suffixes when passed through.
  "SELECT * FROM (SELECT x, y FROM nums)",
  "SELECT * FROM (SELECT x + 1, x + 1 FROM nums)",
  "SELECT * FROM (SELECT 1 AS a, 2 AS a)",
  "SELECT * FROM (SELECT x, x FROM nums)",
  "SELECT * FROM (SELECT * FROM users)",
  "SELECT * FROM (SELECT * FROM v_join)",
  "SELECT * FROM (SELECT * FROM nums n1, nums n2)",
  "SELECT sq.* FROM (SELECT x AS a FROM nums) AS sq",
  "SELECT a FROM (SELECT x AS a FROM nums) sq",
  "SELECT * FROM (VALUES (1, 'a'), (2, 'b'))",
  "SELECT column1, column2 FROM (VALUES (1, 2))",
  "VALUES (1, 2), (3, 4)",
  "WITH c AS (SELECT x FROM nums) SELECT * FROM c",
  "WITH c(a, b) AS (SELECT x, y FROM nums) SELECT * FROM c",
  "WITH c AS (SELECT x, x FROM nums) SELECT * FROM c",
  "WITH c AS (SELECT x, y AS x FROM nums) SELECT * FROM c",
  "WITH RECURSIVE cnt(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM cnt WHERE n < 5) SELECT n FROM cnt",
  "WITH c AS MATERIALIZED (SELECT name FROM users) SELECT c.name FROM c",
  "SELECT * FROM nums n1 JOIN (SELECT x AS q FROM nums) ON q = n1.x",
  // Compound selects take their names from the first core.
  "SELECT x FROM nums UNION SELECT y FROM nums",
  "SELECT x AS a FROM nums UNION ALL SELECT y AS b FROM nums ORDER BY 1",
  "SELECT x, y FROM nums INTERSECT SELECT a, b FROM pairs",
  "SELECT 1 EXCEPT SELECT 2",
  "VALUES (1) UNION SELECT x FROM nums",
  // Joins.
  "SELECT * FROM users JOIN orders ON orders.user_id = users.id",
  "SELECT * FROM users u LEFT JOIN orders o ON o.user_id = u.id",
  "SELECT * FROM nums NATURAL JOIN nums",
  "SELECT * FROM nums n1 JOIN nums n2 USING (x)",
  "SELECT * FROM nums n1 JOIN nums n2 USING (x, y)",
  "SELECT x, n1.y, n2.y FROM nums n1 JOIN nums n2 USING (x)",
  "SELECT * FROM users CROSS JOIN kv",
  "SELECT * FROM users RIGHT JOIN orders ON 1",
  "SELECT * FROM users FULL OUTER JOIN orders ON 1",
  "SELECT * FROM users, orders, kv",
  "SELECT nums.*, pairs.* FROM nums, pairs",
  "SELECT o.* FROM users u JOIN orders o ON 1",
  "SELECT * FROM (users JOIN orders ON 1)",
  "SELECT * FROM users NATURAL LEFT JOIN v_star",
  "SELECT id FROM users WHERE id IN (SELECT user_id FROM orders)",
  // Table-valued functions.
  "SELECT * FROM json_each('[1,2]')",
  "SELECT key, value FROM json_each('{\"a\":1}') AS j",
  "SELECT * FROM pragma_table_info('users')",
  "SELECT name FROM pragma_table_info('users') WHERE pk",
  // Clauses that do not change names.
  "SELECT x, count(*) FROM nums GROUP BY x HAVING count(*) > 0",
  "SELECT x FROM nums ORDER BY y DESC NULLS FIRST LIMIT 2 OFFSET 1",
  "SELECT x FROM nums LIMIT 1, 2",
  "SELECT * FROM users WHERE id = ?1 AND name = :name",
  "SELECT ?, ?5, :a, @b, $c, ?",
  "SELECT * FROM gen WHERE b > 1",
  // Quirks: statements SQLite accepts that look broken.
  "SELECT ?ab",
  "SELECT * FROM users LEFT RIGHT JOIN orders",
  "SELECT * FROM users NATURAL NATURAL JOIN orders",
  "SELECT * FROM users LEFT OUTER OUTER JOIN orders",
  "SELECT * FROM users NATURAL CROSS JOIN orders",
  "SELECT * FROM users u JOIN orders u ON 1",
  "SELECT u.id FROM users u JOIN orders u ON 1",
  "SELECT * FROM nums n1 JOIN nums n2 JOIN nums n3 USING (x)",
  "SELECT DISTINCT abs(DISTINCT x) FROM nums",
  "SELECT 'a' COLLATE nosuch",
  "SELECT 1 COLLATE __proto__",
  "SELECT x FROM nums WINDOW w AS (), w AS ()",
  "SELECT x FROM nums UNION SELECT y FROM nums ORDER BY nums.x",
  "SELECT * FROM users INDEXED BY users_name WHERE age = 3",
  "SELECT * FROM kv INDEXED BY kv_n WHERE k = 'a'",
  "SELECT printf()",
  "SELECT 1; -- a trailing statement separator (a second statement is refused: api_prepare_test)",
];

Deno.test("front end names: every hand-written query prepares in SQLite (>= 100)", () => {
  const corpus = buildCorpusDb();
  try {
    assert.ok(HAND_WRITTEN.length >= 100, `only ${HAND_WRITTEN.length} hand-written queries`);
    assert.equal(new Set(HAND_WRITTEN).size, HAND_WRITTEN.length, "duplicate queries");
    const rejected = HAND_WRITTEN.filter((sql) => sqliteColumns(corpus.oracle, sql) === null);
    assert.deepEqual(rejected, [], "SQLite rejects these 'valid' queries");
  } finally {
    corpus.close();
  }
});

Deno.test("front end names: generated queries are valid and use every feature", () => {
  const corpus = buildCorpusDb();
  try {
    const schema = loadQuerySchema(corpus.oracle);
    const names = schema.sources.map((s) => s.name);
    for (const bad of ["v_dangling", "v_loop1", "v_self", "v_wrong_count"]) {
      assert.ok(!names.includes(bad), `${bad} should be left out of the generator's schema`);
    }
    const seed = propertySeed("front_end_names/query_gen");
    const samples = fc.sample(arbQuery(schema), { seed, numRuns: 1500 });
    const seen = new Set(samples.flatMap((q) => q.features));
    const missing = QUERY_FEATURES.filter((f) => !seen.has(f));
    assert.deepEqual(missing, [], "features the generator never produced");
    const invalid = samples.filter((q) => sqliteColumns(corpus.oracle, q.sql) === null);
    assert.ok(
      invalid.length <= samples.length * 0.05,
      `${invalid.length} of ${samples.length} generated queries are invalid, e.g.\n` +
        invalid.slice(0, 3).map((q) => q.sql).join("\n"),
    );
  } finally {
    corpus.close();
  }
});

Deno.test({
  name: "front end names: hand-written queries name columns as SQLite does",
  fn() {
    const corpus = buildCorpusDb();
    const db = new Database(corpus.path);
    try {
      const failures: string[] = [];
      for (const sql of HAND_WRITTEN) {
        const expected = sqliteColumns(corpus.oracle, sql);
        let actual: ColumnView[] | string;
        try {
          actual = litejitColumns(db, sql);
        } catch (e) {
          actual = `threw ${e}`;
        }
        try {
          assert.deepEqual(actual, expected);
        } catch {
          failures.push(
            `${sql}\n  sqlite:  ${JSON.stringify(expected)}\n  litejit: ${JSON.stringify(actual)}`,
          );
        }
      }
      assert.equal(failures.length, 0, `${failures.length} mismatches:\n${failures.join("\n")}`);
    } finally {
      db.close();
      corpus.close();
    }
  },
});

Deno.test({
  name: "front end names: generated queries name columns as SQLite does",
  fn() {
    const corpus = buildCorpusDb();
    const db = new Database(corpus.path);
    try {
      const arb = arbQuery(loadQuerySchema(corpus.oracle));
      const params = propertyParams(500, "front_end_names");
      fc.assert(
        fc.property(arb, (q) => {
          const expected = sqliteColumns(corpus.oracle, q.sql);
          fc.pre(expected !== null);
          assert.deepEqual(litejitColumns(db, q.sql), expected, q.sql);
        }),
        { ...params, maxSkipsPerRun: 1000 },
      );
    } finally {
      db.close();
      corpus.close();
    }
  },
});
