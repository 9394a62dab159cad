/**
 * Differential test of syntax errors: for every broken statement node:sqlite's prepare
 * must fail, and parseStatement must throw the same message. A fast-check property mutates
 * valid statements and compares the two parsers' verdicts.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { DatabaseSync } from "node:sqlite";
import { parseStatement } from "../core/sql/parser.ts";
import { SqliteError } from "../core/errors.ts";
import { tokenize } from "../core/sql/tokenize.ts";
import { propertyParams } from "./support/random_db.ts";

const db = new DatabaseSync(":memory:");
db.exec("CREATE TABLE t(a, b, c); CREATE TABLE u(x, y); CREATE TABLE v(key, value, action);");

function sqliteError(sql: string): string | null {
  try {
    db.prepare(sql);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

function ourError(sql: string): string | null {
  try {
    parseStatement(sql);
    return null;
  } catch (e) {
    if (!(e instanceof SqliteError)) throw e;
    return e.message;
  }
}

const deep = (n: number, open: string, leaf: string, close: string) =>
  open.repeat(n) + leaf + close.repeat(n);

/** Broken statements; SQLite must reject each one at parse time. */
const BROKEN: string[] = [
  // incomplete input
  "SELECT",
  "SELECT 1 +",
  "SELECT * FROM",
  "SELECT a FROM t WHERE",
  "SELECT a FROM t WHERE a =",
  "SELECT (1",
  "SELECT f(1",
  "SELECT CASE WHEN 1 THEN 2",
  "SELECT a FROM t ORDER BY",
  "SELECT a FROM t ORDER BY a NULLS",
  "SELECT a FROM t LIMIT",
  "SELECT a FROM t LIMIT 1 OFFSET",
  "SELECT a FROM t GROUP BY",
  "SELECT 1 UNION",
  "SELECT 1 UNION ALL",
  "WITH x AS (SELECT 1)",
  "WITH",
  "WITH RECURSIVE",
  "EXPLAIN",
  "EXPLAIN QUERY PLAN",
  "PRAGMA",
  "PRAGMA x =",
  "PRAGMA x(",
  "BEGIN TRANSACTION x y",
  "ROLLBACK TO",
  "ROLLBACK TO savepoint",
  "RELEASE",
  "SAVEPOINT",
  "SELECT a BETWEEN 1",
  "SELECT a BETWEEN 1 AND",
  "SELECT a IN (",
  "SELECT a IS NOT DISTINCT",
  "SELECT CAST(1 AS",
  "SELECT a NOT",
  "SELECT sum(a) OVER (",
  "SELECT sum(a) OVER (ROWS BETWEEN",
  "SELECT * FROM t JOIN u ON",
  "SELECT * FROM t JOIN u USING (",
  "SELECT x'00' ||",
  "VALUES (1), (",
  "SELECT 1 + /* comment */",
  // missing or extra tokens
  "SELECT 1 +;",
  "SELECT FROM t",
  "SELECT a FROM WHERE a = 1",
  "SELECT a, FROM t",
  "SELECT a,, b FROM t",
  "SELECT a FROM t WHERE a = = 1",
  "SELECT a FROM t t2 t3",
  "SELECT (1))",
  "SELECT ((1)",
  "SELECT 1 2",
  "SELECT a b c FROM t",
  "SELECT a FROM t ORDER a",
  "SELECT a FROM t GROUP a",
  "SELECT a FROM t WHERE a IN 1, 2",
  "SELECT a FROM t WHERE a BETWEEN 1 OR 2",
  "SELECT a FROM t LIMIT 1, 2, 3",
  "SELECT * FROM t JOIN",
  "SELECT * FROM t, JOIN u",
  "SELECT * FROM t JOIN u ON a = b ON c",
  "SELECT * FROM t INDEXED u",
  "SELECT * FROM t NOT u",
  "SELECT * FROM t AS",
  "SELECT a AS FROM t",
  "SELECT count(*, a) FROM t",
  "SELECT count(DISTINCT *) FROM t",
  "SELECT f(a,) FROM t",
  "SELECT f(,a) FROM t",
  "SELECT CASE END",
  "SELECT CASE a END",
  "SELECT CASE WHEN 1 END",
  "SELECT CASE WHEN 1 THEN 2 ELSE END",
  "SELECT CAST(1) FROM t",
  "SELECT CAST(1 AS int(1 2)) FROM t",
  "SELECT CAST(1 AS int(-)) FROM t",
  "SELECT EXISTS 1",
  "SELECT EXISTS (1)",
  "SELECT NOT FROM t",
  "SELECT a IS FROM t",
  "SELECT a ISNULL NULL FROM t",
  "SELECT a NOT 1",
  "SELECT a LIKE",
  "SELECT a LIKE b ESCAPE",
  "SELECT a COLLATE",
  "SELECT a COLLATE 1",
  "SELECT a.b.c.d FROM t",
  "SELECT a. FROM t",
  "SELECT .a FROM t",
  "SELECT t.* .a FROM t",
  "SELECT main.t.* FROM t",
  "SELECT * FROM main.",
  "SELECT * FROM t WHERE a = 1 WHERE b = 2",
  "SELECT * FROM t GROUP BY a WHERE b = 2",
  "SELECT * FROM t LIMIT 1 ORDER BY a",
  "SELECT * FROM t ORDER BY a DESC ASC",
  "SELECT * FROM t ORDER BY a NULLS a",
  "SELECT * FROM t HAVING",
  "SELECT DISTINCT ALL a FROM t",
  "SELECT ALL DISTINCT a FROM t",
  "SELECT 1 UNION UNION SELECT 2",
  "SELECT 1 UNION ALL ALL SELECT 2",
  "SELECT 1 INTERSECT ALL SELECT 2",
  "SELECT 1 EXCEPT VALUES",
  "VALUES",
  "VALUES ()",
  "VALUES (1) (2)",
  "VALUES (1), 2",
  "VALUES (1) ORDER BY 1",
  "WITH x AS SELECT 1 SELECT * FROM x",
  "WITH x(a,) AS (SELECT 1) SELECT * FROM x",
  "WITH x AS (SELECT 1) x AS (SELECT 2) SELECT 1",
  "WITH x AS NOT (SELECT 1) SELECT 1",
  "WITH recursive AS (SELECT 1) SELECT * FROM recursive",
  "WITH x AS (SELECT 1) DROP TABLE t",
  "SELECT sum(a) OVER () OVER () FROM t",
  "SELECT sum(a) FILTER (a > 1) FROM t",
  "SELECT sum(a) OVER (ROWS 1) FROM t",
  "SELECT sum(a) OVER (ROWS UNBOUNDED FOLLOWING) FROM t",
  "SELECT sum(a) OVER (ROWS BETWEEN CURRENT ROW AND UNBOUNDED PRECEDING) FROM t",
  "SELECT sum(a) OVER (PARTITION a) FROM t",
  "SELECT sum(a) OVER (ORDER BY a ROWS CURRENT ROW EXCLUDE) FROM t",
  "SELECT sum(a) OVER (ORDER BY a ROWS CURRENT ROW EXCLUDE NO) FROM t",
  "SELECT sum(a) OVER w FROM t WINDOW w AS (ORDER BY a) ORDER",
  "SELECT sum(a) OVER w FROM t WINDOW w AS ORDER BY a",
  "SELECT sum(a) OVER w FROM t WINDOW w AS (ROWS)",
  "EXPLAIN query SELECT 1",
  "EXPLAIN EXPLAIN SELECT 1",
  "PRAGMA 1",
  "PRAGMA x = ;",
  "PRAGMA x = 1 2",
  "PRAGMA x(1",
  "PRAGMA x = - a",
  "PRAGMA x = 1_000",
  "PRAGMA x.y.z",
  "BEGIN foo",
  "BEGIN DEFERRED IMMEDIATE",
  "COMMIT WORK",
  "ROLLBACK TO SAVEPOINT",
  "SAVEPOINT a b",
  "RELEASE SAVEPOINT",
  "SELECT a left FROM t",
  "SELECT a FROM t LEFT",
  "SELECT a FROM t NATURAL LEFT OUTER FULL JOIN u",
  "SELECT a FROM t LEFT OUTER INNER JOIN u",
  // bad keywords as names
  "SELECT select FROM t",
  "SELECT from FROM t",
  "SELECT * FROM where",
  "SELECT * FROM t AS order",
  "SELECT a AS group FROM t",
  "SELECT cast FROM t",
  "SELECT raise FROM t",
  "SELECT current_date() FROM t",
  "SELECT case FROM t",
  "SELECT * FROM t WHERE exists",
  "SELECT table FROM t",
  "SELECT 'a'(1)",
  "SELECT x'ab'(1)",
  "SELECT 1(2)",
  "SELECT a FROM t WHERE a = all",
  "SELECT * FROM t AS x(a)",
  // illegal tokens
  "SELECT $",
  "SELECT 1 + $",
  "SELECT a FROM t WHERE a = ?a",
  "SELECT 'abc",
  'SELECT "abc',
  "SELECT [abc",
  "SELECT x'0g'",
  "SELECT x'abc'",
  "SELECT 1_",
  "SELECT 1__0",
  "SELECT 0x",
  "SELECT 1e",
  "SELECT 1 ! 2",
  "SELECT a FROM t WHERE a = 1 \\",
  "SELECT @",
  "SELECT :",
  "SELECT 1 FROM t WHERE ^",
  "SELECT 1 FROM t ) $",
  "SELECT 1 $ )",
  "SELECT `abc",
  // errors raised by grammar actions
  "SELECT #1",
  "SELECT ?0",
  "SELECT ?32767",
  "SELECT ?99999999999999999999",
  "SELECT * FROM t OUTER JOIN u",
  "SELECT * FROM t LEFT INNER JOIN u",
  'SELECT * FROM t LEFT "OUTER" JOIN u',
  "SELECT * FROM t foo bar JOIN u",
  "SELECT * FROM t NATURAL CROSS bogus JOIN u",
  "SELECT 1 ORDER BY 1 UNION SELECT 2",
  "SELECT 1 LIMIT 1 UNION ALL SELECT 2",
  "SELECT 1 ORDER BY 1 LIMIT 1 INTERSECT SELECT 2 EXCEPT SELECT 3",
  "SELECT (SELECT 1 LIMIT 1 EXCEPT SELECT 2)",
  "SELECT 1 ORDER BY 1 UNION SELECT 2 )",
  "SELECT 1 ORDER BY 1 UNION SELECT 2 $",
  "SELECT * FROM t ON 1",
  "SELECT * FROM t USING (a)",
  "SELECT * FROM t ON 1 5",
  "SELECT * FROM t, (VALUES (1),(1,2))",
  "SELECT * FROM t, (VALUES (1),(1,2) 5)",
  "SELECT count(DISTINCT a) OVER () FROM t",
  "SELECT sum(a ORDER BY b) OVER () FROM t",
  "SELECT count(DISTINCT a ORDER BY b) OVER () FROM t",
  "SELECT sum(a) OVER (ROWS BETWEEN 1 FOLLOWING AND CURRENT ROW) FROM t",
  "SELECT sum(a) OVER (ROWS 1 FOLLOWING) FROM t",
  "SELECT sum(a) OVER (ROWS BETWEEN CURRENT ROW AND 1 PRECEDING) FROM t",
  "WITH x(a COLLATE nocase) AS (SELECT 1) SELECT * FROM x",
  "WITH x(a DESC) AS (SELECT 1) SELECT * FROM x",
  "WITH x(a COLLATE nocase 5) AS (SELECT 1) SELECT 1",
  // deep nesting
  "SELECT " + deep(3000, "(", "1", ")"),
  "SELECT " + deep(2494, "(", "1", ")"),
  "SELECT " + "(".repeat(2495) + "1",
  "SELECT 1" + " OR 1".repeat(1000),
  "SELECT 1" + " * 2 + 1".repeat(1200),
  "SELECT 1" + "+1".repeat(1000),
  "SELECT " + deep(2000, "f(", "1", ")"),
  "SELECT " + deep(1500, "1+(", "1", ")"),
  "SELECT " + deep(1000, "CASE WHEN 1 THEN ", "1", " END"),
  "SELECT * FROM " + deep(2000, "(", "t", ")"),
  "SELECT * FROM " + deep(1000, "(SELECT * FROM ", "t", ")"),
  "SELECT " + deep(20000, "(", "1", ")"),
  "SELECT " + "- ".repeat(50000) + "1",
];

Deno.test("syntax errors: the same message as SQLite for broken statements", () => {
  assert.ok(BROKEN.length >= 150, `${BROKEN.length} statements`);
  const failures: string[] = [];
  for (const sql of BROKEN) {
    const expected = sqliteError(sql);
    if (expected === null) {
      failures.push(`SQLite accepts ${JSON.stringify(sql.slice(0, 80))}`);
      continue;
    }
    let actual: string | null;
    try {
      actual = ourError(sql);
    } catch (e) {
      actual = `threw ${(e as Error).name}: ${(e as Error).message}`;
    }
    if (actual !== expected) {
      failures.push(`${JSON.stringify(sql.slice(0, 100))}: SQLite ${expected}, we ${actual}`);
    }
  }
  assert.deepEqual(failures, []);
});

// ---------------------------------------------------------------------------------------
// Mutations of valid statements

const VALID: string[] = [
  "SELECT a, b AS x, c y FROM t WHERE a > 1 AND b IS NOT NULL ORDER BY a DESC LIMIT 5",
  "SELECT t.*, u.x FROM t LEFT JOIN u ON t.a = u.x WHERE u.y IN (1, 2, 3)",
  "SELECT count(*), sum(a) FILTER (WHERE b > 0) FROM t GROUP BY c HAVING count(*) > 1",
  "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT n FROM r",
  "SELECT CASE WHEN a BETWEEN 1 AND 2 THEN 'x' ELSE CAST(b AS TEXT) END FROM t",
  "SELECT a FROM t WHERE b LIKE 'x%' ESCAPE '\\' OR c NOT IN (SELECT x FROM u)",
  "SELECT sum(a) OVER (PARTITION BY b ORDER BY c ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t",
  "SELECT key, value, action FROM v NATURAL JOIN t",
  "VALUES (1, 2), (3, 4)",
  "SELECT a FROM t UNION SELECT x FROM u ORDER BY 1",
  "SELECT -a, +b, ~c, NOT a, a || b, a -> 'x', a ->> 'y' FROM t",
  "SELECT * FROM (SELECT a FROM t) AS s, (t JOIN u ON a = x) WHERE EXISTS (SELECT 1)",
  "PRAGMA main.table_info(t)",
  "PRAGMA cache_size = -2000",
  "SELECT a FROM t INDEXED BY i WHERE a = ?1 AND b = :name AND c = @p",
  "SELECT sum(a) OVER w FROM t WINDOW w AS (ORDER BY b)",
  "SELECT (a, b) = (1, 2), a IS DISTINCT FROM b, a ISNULL, b NOTNULL, c NOT NULL FROM t",
];

type Mutation = { kind: "drop" | "dup" | "swap" | "insert"; at: number; other: number };

const INSERTS = ["(", ")", ",", "SELECT", "FROM", "NOT", "AND", "AS", "1", "'s'", "*", ";", "$"];

function mutate(sql: string, m: Mutation): string {
  const toks = tokenize(sql);
  if (toks.length === 0) return sql;
  const i = m.at % toks.length;
  const j = m.other % toks.length;
  const text = toks.map((t) => sql.slice(t.start, t.end));
  if (m.kind === "drop") text.splice(i, 1);
  else if (m.kind === "dup") text.splice(i, 0, text[i]);
  else if (m.kind === "swap") [text[i], text[j]] = [text[j], text[i]];
  else text.splice(i, 0, INSERTS[m.other % INSERTS.length]);
  return text.join(" ");
}

function isComparable(message: string | null): boolean {
  return message === null || message.startsWith("near ") || message === "incomplete input" ||
    message.startsWith("unrecognized token");
}

Deno.test("syntax errors: mutated statements get SQLite's verdict", () => {
  const { seed, numRuns } = propertyParams(300, "syntax mutations");
  let compared = 0;
  fc.assert(
    fc.property(
      fc.constantFrom(...VALID),
      fc.array(
        fc.record({
          kind: fc.constantFrom("drop", "dup", "swap", "insert"),
          at: fc.nat(200),
          other: fc.nat(200),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      (base, ms) => {
        let sql = base;
        for (const m of ms) sql = mutate(sql, m as Mutation);
        const head = tokenize(sql)[0];
        const verb = head ? sql.slice(head.start, head.end).toUpperCase() : "";
        if (!["SELECT", "VALUES", "WITH", "PRAGMA"].includes(verb)) return;
        const expected = sqliteError(sql);
        if (expected === null && verb === "WITH" && !/\bSELECT\b/i.test(sql)) return;
        if (!isComparable(expected)) return;
        const actual = ourError(sql);
        if (expected === null && actual !== null && !isComparable(actual)) return;
        compared++;
        assert.equal(actual, expected, sql);
      },
    ),
    { seed, numRuns },
  );
  console.log(`compared ${compared} mutated statements with SQLite`);
  assert.ok(compared > numRuns / 4);
});
