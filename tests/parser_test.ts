/**
 * Parser tests: AST shapes for the SELECT grammar, keywords as identifiers, parameter
 * numbering, spans, statement tails, and a property: random SELECT texts that node:sqlite
 * prepares must parse.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { DatabaseSync } from "node:sqlite";
import { parseSelect, parseStatement } from "../core/sql/parser.ts";
import type { Expr, ParsedStatement, Select, SelectCore } from "../core/sql/ast.ts";
import { propertyParams } from "./support/random_db.ts";
// Statements that write are parsed in full and checked (what mod.ts installs).
import "../core/api/full_front_end.ts";

function parse(sql: string): ParsedStatement {
  const p = parseStatement(sql);
  assert.ok(p, sql);
  return p;
}
function core(sql: string): SelectCore {
  const s = parseSelect(sql);
  assert.equal(s.first.kind, "core");
  return s.first as SelectCore;
}
function col(sql: string, i = 0): Expr {
  const c = core(sql).columns[i];
  assert.equal(c.kind, "expr");
  return (c as { expr: Expr }).expr;
}
/** A compact rendering of an expression tree, for structure checks. */
function show(e: Expr): string {
  switch (e.kind) {
    case "literal":
      return e.type === "string" ? `'${e.text}'` : e.type === "null" ? "NULL" : e.text;
    case "column":
      return [e.schema, e.table, e.name].filter((x) => x !== null).join(".");
    case "variable":
      return `${e.text}#${e.index}`;
    case "unary":
      return `(${e.op} ${show(e.operand)})`;
    case "binary":
      return `(${show(e.left)} ${e.op} ${show(e.right)})`;
    case "collate":
      return `(${show(e.operand)} COLLATE ${e.collation})`;
    case "cast":
      return `CAST(${show(e.operand)} AS ${e.typeName})`;
    case "like":
      return `(${show(e.left)} ${e.not ? "NOT " : ""}${e.op} ${show(e.right)}${
        e.escape ? " ESCAPE " + show(e.escape) : ""
      })`;
    case "between":
      return `(${show(e.operand)} ${e.not ? "NOT " : ""}BETWEEN ${show(e.low)} AND ${
        show(e.high)
      })`;
    case "inList":
      return `(${show(e.operand)} ${e.not ? "NOT " : ""}IN [${e.list.map(show).join(", ")}])`;
    case "inSelect":
      return `(${show(e.operand)} ${e.not ? "NOT " : ""}IN select)`;
    case "inTable":
      return `(${show(e.operand)} ${e.not ? "NOT " : ""}IN ${
        e.schema ? e.schema + "." : ""
      }${e.table}${e.args ? "(" + e.args.map(show).join(", ") + ")" : ""})`;
    case "nullTest":
      return `(${show(e.operand)} ${e.not ? "NOTNULL" : "ISNULL"})`;
    case "case":
      return `CASE(${e.operand ? show(e.operand) : "-"}; ${
        e.whens.map((w) => show(w.when) + "->" + show(w.then)).join("; ")
      }; ${e.otherwise ? show(e.otherwise) : "-"})`;
    case "exists":
      return "EXISTS(select)";
    case "subquery":
      return "(select)";
    case "row":
      return `ROW(${e.items.map(show).join(", ")})`;
    case "function":
      return `${e.name}(${e.distinct ? "DISTINCT " : ""}${
        e.star ? "*" : e.args.map(show).join(", ")
      }${e.orderBy ? " ORDER BY " + e.orderBy.map((o) => show(o.expr)).join(", ") : ""})${
        e.filter ? " FILTER " + show(e.filter) : ""
      }${e.over === null ? "" : typeof e.over === "string" ? " OVER " + e.over : " OVER (...)"}`;
    case "currentTime":
      return `CURRENT_${e.which.toUpperCase()}`;
    case "raise":
      return `RAISE(${e.action}${e.message ? ", " + show(e.message) : ""})`;
  }
}

Deno.test("parser: operator precedence and associativity", () => {
  const cases: [string, string][] = [
    ["1 + 2 * 3", "(1 + (2 * 3))"],
    ["1 - 2 - 3", "((1 - 2) - 3)"],
    ["a OR b AND c", "(a or (b and c))"],
    ["NOT a = b", "(not (a = b))"],
    ["NOT a AND b", "((not a) and b)"],
    ["a = b LIKE c", "((a = b) like c)"],
    ["a LIKE b ESCAPE c < d", "(a like b ESCAPE (c < d))"],
    ["a NOT GLOB b", "(a NOT glob b)"],
    ["a || b COLLATE nocase", "(a || (b COLLATE nocase))"],
    ["-a * b", "((- a) * b)"],
    ["- - 1", "(- (- 1))"],
    ["~a COLLATE x", "((~ a) COLLATE x)"],
    ["a & b | c << d >> e", "((((a & b) | c) << d) >> e)"],
    ["a < b = c", "((a < b) = c)"],
    ["a = b NOT NULL", "((a = b) NOTNULL)"],
    ["a AND b ISNULL", "(a and (b ISNULL))"],
    ["a IS NOT b", "(a is not b)"],
    ["a IS NOT DISTINCT FROM b", "(a is b)"],
    ["a IS DISTINCT FROM b", "(a is not b)"],
    ["a IS NULL", "(a is NULL)"],
    ["a BETWEEN 1 AND 2 AND c", "((a BETWEEN 1 AND 2) and c)"],
    ["a BETWEEN b AND c OR d", "((a BETWEEN b AND c) or d)"],
    ["a NOT BETWEEN 1 + 1 AND 2 * 3", "(a NOT BETWEEN (1 + 1) AND (2 * 3))"],
    ["a IN (1, 2)", "(a IN [1, 2])"],
    ["a NOT IN ()", "(a NOT IN [])"],
    ["a IN main.t", "(a IN main.t)"],
    ["a IN json_each('[1]')", "(a IN json_each('[1]'))"],
    ["a -> 'x' ->> 'y'", "((a -> 'x') ->> 'y')"],
    ["CASE WHEN a THEN 1 ELSE 2 END", "CASE(-; a->1; 2)"],
    ["CASE a WHEN 1 THEN 2 WHEN 3 THEN 4 END", "CASE(a; 1->2; 3->4; -)"],
    ["CAST(a AS VARCHAR ( 10 ))", "CAST(a AS VARCHAR ( 10 ))"],
    ['CAST(a AS "INT" x)', "CAST(a AS INT)"],
    ["CAST(a AS)", "CAST(a AS )"],
    ["(a, b) = (1, 2)", "(ROW(a, b) = ROW(1, 2))"],
    ["((a))", "a"],
    ["count(DISTINCT a)", "count(DISTINCT a)"],
    ["count(*)", "count(*)"],
    ["group_concat(a, ',' ORDER BY b DESC)", "group_concat(a, ',' ORDER BY b)"],
    ["sum(a) FILTER (WHERE a > 1) OVER w", "sum(a) FILTER (a > 1) OVER w"],
    ["s.t.c + t.c", "(s.t.c + t.c)"],
    ["'t'.c", "t.c"],
    ["current_timestamp", "CURRENT_TIMESTAMP"],
    ["RAISE(ABORT, 'no')", "RAISE(abort, 'no')"],
    ["RAISE(IGNORE)", "RAISE(ignore)"],
    ["x'0aFF'", "0aFF"],
    ["1_000 + 0x1F + 1.5e3", "((1000 + 0x1F) + 1.5e3)"],
  ];
  for (const [sql, expected] of cases) {
    let got: string;
    try {
      got = show(col("SELECT " + sql));
    } catch (e) {
      got = `${sql}: ${(e as Error).message}`;
    }
    assert.equal(got, expected, sql);
  }
});

Deno.test("parser: keywords that fall back to identifiers", () => {
  const c = core("SELECT key, value, action, replace, left, indexed FROM t");
  assert.deepEqual(
    c.columns.map((x) => x.kind === "expr" && show(x.expr)),
    ["key", "value", "action", "replace", "left", "indexed"],
  );
  assert.equal(show(col("SELECT replace(a, 'x', 'y') FROM t")), "replace(a, 'x', 'y')");
  assert.equal(show(col("SELECT like(a, b)")), "like(a, b)");
  const from = core("SELECT * FROM key AS left JOIN desc").from!;
  assert.deepEqual(from.items.map((i) => i.item.kind === "table" && [i.item.name, i.item.alias]), [
    ["key", "left"],
    ["desc", null],
  ]);
  const a = core("SELECT 1 desc, 2 'x', 3 \"y\"").columns.map((x) => x.kind === "expr" && x.alias);
  assert.deepEqual(a, ["desc", "x", "y"]);
  // Before its AND, BETWEEN's low bound swallows `c AND d` under an OR, as in SQLite.
  assert.throws(() => parseStatement("SELECT a BETWEEN b OR c AND d FROM t"), /near "FROM"/);
  // RECURSIVE after WITH is the keyword, as in SQLite.
  assert.throws(() => parseStatement("WITH recursive AS (SELECT 1) SELECT 1"), /near "AS"/);
});

Deno.test("parser: SELECT clauses", () => {
  const s = parseSelect(
    "WITH RECURSIVE r(n) AS MATERIALIZED (SELECT 1), q AS NOT MATERIALIZED (VALUES (1), (2)) " +
      "SELECT DISTINCT r.*, n AS m FROM main.t AS x INDEXED BY i NATURAL LEFT OUTER JOIN r " +
      "USING (n) CROSS JOIN (SELECT 1) s, json_each('[]') j, (u JOIN v ON u.a = v.a) " +
      "WHERE n > 0 GROUP BY n, m HAVING count(*) > 1 WINDOW w AS (PARTITION BY n ORDER BY m " +
      "RANGE BETWEEN UNBOUNDED PRECEDING AND 1 FOLLOWING EXCLUDE TIES) " +
      "UNION ALL SELECT 1, 2 ORDER BY 1 COLLATE nocase DESC NULLS FIRST, 2 LIMIT 10 OFFSET 5",
  );
  assert.equal(s.with!.recursive, true);
  assert.deepEqual(s.with!.ctes.map((c) => [c.name, c.columns, c.materialized]), [
    ["r", ["n"], true],
    ["q", null, false],
  ]);
  const c = s.first as SelectCore;
  assert.equal(c.distinct, true);
  assert.deepEqual(c.columns[0], {
    kind: "tableStar",
    schema: null,
    table: "r",
    start: c.columns[0].start,
    end: c.columns[0].end,
  });
  const items = c.from!.items;
  assert.deepEqual(items.map((i) => i.item.kind), [
    "table",
    "table",
    "subquery",
    "tableFunction",
    "join",
  ]);
  assert.deepEqual(items[0].item, {
    kind: "table",
    schema: "main",
    name: "t",
    alias: "x",
    indexedBy: "i",
    start: items[0].item.start,
    end: items[0].item.end,
  });
  assert.deepEqual(items[1].join, { comma: false, natural: true, outer: "left", cross: false });
  assert.deepEqual(items[1].using, ["n"]);
  assert.deepEqual(items[2].join, { comma: false, natural: false, outer: null, cross: true });
  assert.equal(items[3].join!.comma, true);
  assert.equal(c.groupBy!.length, 2);
  assert.ok(c.having);
  const w = c.windows![0];
  assert.equal(w.name, "w");
  assert.deepEqual(w.spec.frame, {
    unit: "range",
    start: { type: "unboundedPreceding", offset: null },
    end: { type: "following", offset: w.spec.frame!.end!.offset },
    exclude: "ties",
  });
  assert.deepEqual(s.compounds.map((x) => x.op), ["unionAll"]);
  assert.deepEqual(s.orderBy!.map((o) => [show(o.expr), o.desc, o.nulls]), [
    ["(1 COLLATE nocase)", true, "first"],
    ["2", false, null],
  ]);
  assert.deepEqual(s.limit && [show(s.limit.limit), show(s.limit.offset!)], ["10", "5"]);
  const l = parseSelect("SELECT 1 LIMIT 5, 10").limit!;
  assert.deepEqual([show(l.limit), show(l.offset!)], ["10", "5"]);
  const v = parseSelect("VALUES (1, 2), (3, 4)").first;
  assert.equal(v.kind, "values");
  assert.equal(v.kind === "values" && v.rows.length, 2);
  // A parenthesized single table is the table itself, as in SQLite.
  const p = core("SELECT * FROM (t AS y)").from!.items;
  assert.deepEqual(p.map((i) => i.item.kind === "table" && [i.item.name, i.item.alias]), [[
    "t",
    "y",
  ]]);
  assert.equal(
    core("SELECT * FROM t NOT INDEXED").from!.items[0].item.kind === "table" &&
      (core("SELECT * FROM t NOT INDEXED").from!.items[0].item as { indexedBy: unknown }).indexedBy,
    false,
  );
});

Deno.test("parser: parameters are numbered as SQLite numbers them", () => {
  const p = parse("SELECT ?, :a, ?5, :a, ?, @b, $c, ?2");
  const cols = (p.statement as { select: Select }).select.first as SelectCore;
  assert.deepEqual(cols.columns.map((c) => c.kind === "expr" && show(c.expr)), [
    "?#1",
    ":a#2",
    "?5#5",
    ":a#2",
    "?#6",
    "@b#7",
    "$c#8",
    "?2#2",
  ]);
  assert.deepEqual(p.parameters, [null, null, ":a", null, null, null, null, "@b", "$c"]);
  assert.throws(
    () => parseStatement("SELECT ?0"),
    /variable number must be between \?1 and \?32766/,
  );
});

Deno.test("parser: spans, result column text and tails", () => {
  const sql =
    "SELECT  a + 1 /* c */ AS x, count( * ) , b FROM t; SELECT 2;;  PRAGMA main.cache_size = -5";
  const p1 = parse(sql);
  const cols = ((p1.statement as { select: Select }).select.first as SelectCore).columns;
  assert.deepEqual(cols.map((c) => c.kind === "expr" && c.text), [
    "a + 1 /* c */",
    "count( * )",
    "b",
  ]);
  assert.equal(sql.slice(cols[0].start, cols[0].end), "a + 1 /* c */ AS x");
  assert.equal(sql.slice(p1.tail - 1, p1.tail), ";");
  const p2 = parse(sql.slice(0));
  assert.equal(p2.tail, p1.tail);
  const second = parseStatement(sql, p1.tail)!;
  assert.equal(second.statement.kind, "select");
  const third = parseStatement(sql, second.tail)!;
  assert.deepEqual(third.statement, {
    kind: "pragma",
    schema: "main",
    name: "cache_size",
    value: "-5",
    assigns: true,
    start: sql.indexOf("PRAGMA"),
    end: sql.length,
  });
  assert.equal(third.tail, sql.length);
  assert.equal(parseStatement(sql, third.tail), null);
  assert.equal(parseStatement(" ;; -- x\n"), null);
});

Deno.test("parser: EXPLAIN, transactions and statements that write", () => {
  assert.equal(parse("EXPLAIN SELECT 1").explain, "explain");
  assert.equal(parse("EXPLAIN QUERY PLAN SELECT 1").explain, "queryPlan");
  for (
    const [sql, verb] of [
      ["BEGIN IMMEDIATE TRANSACTION", "BEGIN"],
      ["end", "END"],
      ["COMMIT", "COMMIT"],
      ["ROLLBACK TO SAVEPOINT x", "ROLLBACK"],
      ["SAVEPOINT x", "SAVEPOINT"],
      ["RELEASE x", "RELEASE"],
    ]
  ) {
    assert.deepEqual([parse(sql).statement.kind, (parse(sql).statement as { verb: string }).verb], [
      "transaction",
      verb,
    ]);
  }
  const trig = "CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT CASE WHEN 1 THEN 2 END; " +
    "UPDATE t SET a = 1; END; SELECT 1";
  const p = parse(trig);
  assert.deepEqual([p.statement.kind, (p.statement as { verb: string }).verb], ["write", "CREATE"]);
  assert.equal(trig.slice(p.tail).trim(), "SELECT 1");
  const w = parse("WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x; SELECT 2");
  assert.deepEqual([w.statement.kind, (w.statement as { verb: string }).verb], ["write", "INSERT"]);
  // INSERT, REPLACE, UPDATE and DELETE are parsed in full (their syntax errors are SQLite's).
  for (
    const [sql, verb] of [
      [
        "INSERT INTO t(a) VALUES (?) ON CONFLICT(a) DO UPDATE SET a = excluded.a RETURNING *",
        "INSERT",
      ],
      ["REPLACE INTO t SELECT 1", "REPLACE"],
      ["UPDATE OR IGNORE t AS x INDEXED BY i SET (a, b) = (1, 2) FROM u WHERE 1", "UPDATE"],
      ["DELETE FROM main.t NOT INDEXED WHERE a RETURNING a", "DELETE"],
    ]
  ) {
    const p = parse(sql);
    assert.deepEqual([p.statement.kind, (p.statement as { verb: string }).verb], ["write", verb]);
    assert.ok((p.statement as { dml: unknown }).dml, sql);
  }
  assert.equal(parse("INSERT INTO t VALUES (?, :a)").parameters.length, 3);
  for (
    const [sql, message] of [
      ["INSERT users VALUES (1)", 'near "users": syntax error'],
      ["UPDATE t SET (a, b) = (1, 2, 3)", "2 columns assigned 3 values"],
      ["DELETE FROM t LIMIT 1", 'near "LIMIT": syntax error'],
      ["INSERT INTO t DEFAULT VALUES ON CONFLICT DO NOTHING", 'near "ON": syntax error'],
      [
        "INSERT INTO t VALUES (1) ON CONFLICT DO NOTHING ON CONFLICT DO NOTHING",
        'near "ON": syntax error',
      ],
    ]
  ) assert.throws(() => parseStatement(sql), { message }, sql);
  // The other statements that write are delimited here and checked by the binder.
  for (
    const v of [
      "DROP",
      "ALTER",
      "VACUUM",
      "ATTACH",
      "DETACH",
      "REINDEX",
      "ANALYZE",
    ]
  ) {
    assert.equal(parse(`${v} whatever (;) x`).statement.kind, "write");
  }
  assert.deepEqual(parse("PRAGMA table_info('t')").statement, {
    kind: "pragma",
    schema: null,
    name: "table_info",
    value: "t",
    assigns: false,
    start: 0,
    end: 22,
  });
});

Deno.test("parser: random SELECTs that SQLite prepares parse", () => {
  const { seed, numRuns } = propertyParams(300, "parser random selects");
  const db = new DatabaseSync(":memory:");
  db.exec("CREATE TABLE t(a, b, c, key, replace); CREATE TABLE u(x, y); CREATE INDEX i ON t(a);");
  const name = fc.constantFrom("a", "b", "c", "t.a", "key", '"b"', "[c]", "`a`", "replace");
  const lit = fc.constantFrom("1", "2.5", "'s'", "NULL", "x'00'", "?", ":p", "0x10", "1e3", "TRUE");
  const expr: fc.Arbitrary<string> = fc.letrec((tie) => ({
    e: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      name,
      lit,
      fc.tuple(
        tie("e"),
        fc.constantFrom(
          "+",
          "-",
          "*",
          "/",
          "%",
          "||",
          "=",
          "<>",
          "<",
          ">=",
          "AND",
          "OR",
          "IS",
          "IS NOT",
          "LIKE",
          "GLOB",
          "&",
          "<<",
          "->",
        ),
        tie("e"),
      ).map(([l, o, r]) => `${l} ${o} ${r}`),
      fc.tuple(fc.constantFrom("-", "+", "~", "NOT "), tie("e")).map(([o, x]) => o + x),
      tie("e").map((x) => `(${x})`),
      fc.tuple(tie("e"), tie("e")).map(([x, y]) => `(${x}, ${y}) = (1, 2)`),
      fc.tuple(tie("e"), tie("e"), tie("e")).map(([x, y, z]) => `${x} BETWEEN ${y} AND ${z}`),
      fc.tuple(tie("e"), fc.array(tie("e"), { maxLength: 3 })).map(([x, l]) =>
        `${x} IN (${l.join(", ")})`
      ),
      tie("e").map((x) => `${x} IN (SELECT a FROM t)`),
      tie("e").map((x) => `${x} COLLATE nocase`),
      tie("e").map((x) => `CAST(${x} AS TEXT)`),
      tie("e").map((x) => `coalesce(${x}, 1)`),
      tie("e").map((x) => `CASE WHEN ${x} THEN 1 ELSE 2 END`),
      tie("e").map((x) => `${x} ISNULL`),
      tie("e").map((x) => `EXISTS (SELECT ${x})`),
    ),
  })).e;
  const select = fc.record({
    cols: fc.array(fc.tuple(expr, fc.constantFrom("", " AS z", " w")), {
      minLength: 1,
      maxLength: 3,
    }),
    from: fc.constantFrom(
      "",
      " FROM t",
      " FROM t, u",
      " FROM t LEFT JOIN u ON a = x",
      " FROM (SELECT a, b, c FROM t) AS t",
      " FROM t NATURAL JOIN u",
    ),
    where: fc.option(expr),
    group: fc.boolean(),
    order: fc.option(fc.tuple(expr, fc.constantFrom("", " DESC", " ASC NULLS LAST"))),
    limit: fc.constantFrom("", " LIMIT 3", " LIMIT 1 OFFSET 2", " LIMIT 1, 2"),
    compound: fc.constantFrom("", " UNION SELECT 1", " EXCEPT SELECT 1"),
  }).map((s) =>
    "SELECT " + s.cols.map(([e, a]) => e + a).join(", ") + s.from +
    (s.where !== null ? " WHERE " + s.where : "") + (s.group ? " GROUP BY 1" : "") +
    s.compound + (s.order ? " ORDER BY " + s.order[0] + s.order[1] : "") + s.limit
  );
  let accepted = 0;
  fc.assert(
    fc.property(select, (sql) => {
      try {
        db.prepare(sql);
      } catch {
        return;
      }
      accepted++;
      const p = parseStatement(sql);
      assert.equal(p?.statement.kind, "select", sql);
    }),
    { seed, numRuns },
  );
  console.log(`${accepted} statements accepted by SQLite parsed`);
  assert.ok(accepted > 0);
});

Deno.test("parser: speed of a typical join (printed, not asserted)", () => {
  const sql =
    "SELECT t.a, u.x, count(*) AS n FROM t JOIN u ON u.x = t.a LEFT JOIN v ON v.key = u.y " +
    "WHERE t.b > 10 AND u.y LIKE 'a%' GROUP BY t.a, u.x ORDER BY n DESC, t.a LIMIT 20";
  for (let i = 0; i < 2000; i++) parseStatement(sql + " ".repeat(i % 2));
  const n = 20000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) parseStatement(i % 2 ? sql : sql + " ");
  const ms = (performance.now() - t0) / n;
  console.log(`3-table join: ${(ms * 1000).toFixed(1)} µs per parse (incl. tokenizing)`);
  assert.ok(ms > 0);
});
