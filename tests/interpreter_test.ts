/**
 * The interpreter backend on hand-built plans, checked against node:sqlite's rows (with
 * storage classes: INTEGER comes back as bigint, REAL as number) for the SQL each plan
 * stands for. The planner is not used: each plan here is what it should produce.
 */
import assert from "node:assert/strict";
import { EXPLAIN_COLUMNS } from "../core/backend.ts";
import { INTERPRETER, type InterpreterProgram } from "../backends/interpreter/mod.ts";
import { OPCODES } from "../backends/bytecode/opcodes.ts";
import type { PlanExpr, Query, RelNode } from "../core/plan/plan.ts";
import { CompareOp } from "../core/value/logic.ts";
import { Affinity, StorageClass } from "../core/value/types.ts";

/** Seek keys here compare as `column op literal`: any affinity but BLOB (the column's). */
const KEY_AFF = Affinity.Numeric;
import {
  agg,
  cmp,
  col,
  filter,
  fn,
  key,
  lit,
  planFixture,
  project,
  query,
  scan,
  sub,
} from "./support/plan_builders.ts";

const SCHEMA = `
CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b TEXT, c REAL, d, e TEXT COLLATE NOCASE);
INSERT INTO t VALUES
  (1, 5, 'apple', 1.5, 'x', 'Abc'),
  (2, NULL, 'Banana', 2, 7, 'abc'),
  (3, 5, NULL, NULL, 2.0, 'ABD'),
  (4, -3, 'cherry', -0.5, X'00ff', NULL),
  (5, 9223372036854775807, 'date', 1e300, NULL, 'b'),
  (6, -9223372036854775808, 'apple', 3, '10', 'B '),
  (7, 2, '10', 4.25, 10, 'c'),
  (8, NULL, 'fig', NULL, 1, 'abc'),
  (10, 7, 'grape', 7, 'y', 'Zed');
CREATE INDEX ta ON t(a);
CREATE INDEX tbd ON t(b DESC, a);
CREATE INDEX te ON t(e);
CREATE TABLE w(k TEXT PRIMARY KEY, v INTEGER) WITHOUT ROWID;
INSERT INTO w VALUES ('m', 1), ('b', 2), ('z', NULL), ('a', 4), ('B', 5);
CREATE TABLE u(x INTEGER, y TEXT);
INSERT INTO u VALUES (5, 'five'), (2, 'two'), (5, 'cinq'), (NULL, 'none'), (11, 'eleven');
CREATE TABLE empty(x);
`;

const fx = planFixture(SCHEMA);
const T = fx.table("t");
const W = fx.table("w");
const U = fx.table("u");
const EMPTY = fx.table("empty");
const [ID, A, B, C, D, E] = [0, 1, 2, 3, 4, 5];

function run(q: Query, params: (string | number | bigint | null)[] = []): unknown[][] {
  return fx.run(INTERPRETER, q, params);
}

function same(q: Query, sql: string, params: (string | number | bigint | null)[] = []): void {
  assert.deepStrictEqual(run(q, params), fx.expect(sql, params), sql);
}

Deno.test("interpreter: table scans (rowid order, reverse, WITHOUT ROWID, defaults)", () => {
  same(
    query(scan(0, T), [col(0, ID), col(0, A), col(0, B), col(0, C), col(0, D), col(0, E)]),
    "SELECT id, a, b, c, d, e FROM t NOT INDEXED",
  );
  same(
    query(scan(0, T, true), [col(0, -1), col(0, B)]),
    "SELECT rowid, b FROM t NOT INDEXED ORDER BY rowid DESC",
  );
  same(query(scan(0, W), [col(0, 0), col(0, 1)]), "SELECT k, v FROM w");
  same(query(scan(0, W, true), [col(0, 1), col(0, 0)]), "SELECT v, k FROM w ORDER BY k DESC");
  same(query(scan(0, EMPTY), [col(0, 0)]), "SELECT x FROM empty");
});

Deno.test("interpreter: filter and project", () => {
  const f = filter(scan(0, T), cmp(CompareOp.Gt, col(0, A), lit(2), Affinity.Numeric));
  same(query(project(1, f, [col(0, B)]), [col(1, 0)]), "SELECT b FROM t NOT INDEXED WHERE a > 2");
  // TEXT column compared with an integer: the integer takes TEXT affinity.
  const g = filter(scan(0, T), cmp(CompareOp.Eq, col(0, B), lit(10), Affinity.Text));
  same(query(g, [col(0, ID)]), "SELECT id FROM t NOT INDEXED WHERE b = 10");
  const h = filter(scan(0, T), cmp(CompareOp.Eq, col(0, E), lit("ABC"), Affinity.Text, "NOCASE"));
  same(query(h, [col(0, ID)]), "SELECT id FROM t NOT INDEXED WHERE e = 'ABC'");
});

/** Expression cases evaluated per row of t: [sql, plan]. */
const EXPRS: [string, PlanExpr][] = [
  ["a + 1", { kind: "arith", op: "add", left: col(0, A), right: lit(1) }],
  ["a * 2", { kind: "arith", op: "multiply", left: col(0, A), right: lit(2) }],
  ["a / 2", { kind: "arith", op: "divide", left: col(0, A), right: lit(2) }],
  ["c - a", { kind: "arith", op: "subtract", left: col(0, C), right: col(0, A) }],
  ["a % 3", { kind: "arith", op: "remainder", left: col(0, A), right: lit(3) }],
  ["b || e", { kind: "arith", op: "concat", left: col(0, B), right: col(0, E) }],
  ["a & 6", { kind: "arith", op: "bitAnd", left: col(0, A), right: lit(6) }],
  ["a << 2", { kind: "arith", op: "shiftLeft", left: col(0, A), right: lit(2) }],
  ["-a", { kind: "unary", op: "negate", operand: col(0, A) }],
  ["~a", { kind: "unary", op: "bitNot", operand: col(0, A) }],
  ["NOT a", { kind: "unary", op: "not", operand: col(0, A) }],
  ["+d", { kind: "unary", op: "plus", operand: col(0, D) }],
  ["a IS NULL", { kind: "nullTest", not: false, operand: col(0, A) }],
  ["a NOTNULL", { kind: "nullTest", not: true, operand: col(0, A) }],
  ["d IS 2", {
    kind: "is",
    not: false,
    left: col(0, D),
    right: lit(2),
    affinity: Affinity.Blob,
    collation: "BINARY",
  }],
  ["a IS NOT NULL", {
    kind: "is",
    not: true,
    left: col(0, A),
    right: lit(null),
    affinity: Affinity.Numeric,
    collation: "BINARY",
  }],
  ["a > 2 AND c > 1", {
    kind: "logic",
    op: "and",
    left: cmp(CompareOp.Gt, col(0, A), lit(2), Affinity.Numeric),
    right: cmp(CompareOp.Gt, col(0, C), lit(1), Affinity.Real),
  }],
  ["a > 2 OR c > 1", {
    kind: "logic",
    op: "or",
    left: cmp(CompareOp.Gt, col(0, A), lit(2), Affinity.Numeric),
    right: cmp(CompareOp.Gt, col(0, C), lit(1), Affinity.Real),
  }],
  ["a IS TRUE", { kind: "truth", operand: col(0, A), value: true, not: false }],
  ["c IS NOT FALSE", { kind: "truth", operand: col(0, C), value: false, not: true }],
  ["CAST(d AS INTEGER)", { kind: "cast", operand: col(0, D), affinity: Affinity.Integer }],
  ["CAST(a AS TEXT)", { kind: "cast", operand: col(0, A), affinity: Affinity.Text }],
  ["CAST(b AS REAL)", { kind: "cast", operand: col(0, B), affinity: Affinity.Real }],
  ["CASE WHEN a > 2 THEN 'big' WHEN a < 0 THEN 'neg' END", {
    kind: "case",
    operand: null,
    whens: [
      {
        when: cmp(CompareOp.Gt, col(0, A), lit(2), Affinity.Numeric),
        then: lit("big"),
        affinity: Affinity.Blob,
        collation: "BINARY",
      },
      {
        when: cmp(CompareOp.Lt, col(0, A), lit(0), Affinity.Numeric),
        then: lit("neg"),
        affinity: Affinity.Blob,
        collation: "BINARY",
      },
    ],
    otherwise: null,
  }],
  ["CASE e WHEN 'abc' THEN 1 WHEN 'b' THEN 2.0 ELSE 3 END", {
    kind: "case",
    operand: col(0, E),
    whens: [
      { when: lit("abc"), then: lit(1), affinity: Affinity.Text, collation: "NOCASE" },
      { when: lit("b"), then: lit(2, true), affinity: Affinity.Text, collation: "NOCASE" },
    ],
    otherwise: lit(3),
  }],
  ["a IN (5, 2, NULL)", {
    kind: "inList",
    not: false,
    operand: col(0, A),
    list: [lit(5), lit(2), lit(null)],
    affinity: Affinity.Numeric,
    collation: "BINARY",
  }],
  ["a NOT IN (5, 2)", {
    kind: "inList",
    not: true,
    operand: col(0, A),
    list: [lit(5), lit(2)],
    affinity: Affinity.Numeric,
    collation: "BINARY",
  }],
  ["e IN ('ABC', 'zed')", {
    kind: "inList",
    not: false,
    operand: col(0, E),
    list: [lit("ABC"), lit("zed")],
    affinity: Affinity.Text,
    collation: "NOCASE",
  }],
  ["d IN ()", {
    kind: "inList",
    not: false,
    operand: col(0, D),
    list: [],
    affinity: Affinity.Blob,
    collation: "BINARY",
  }],
  ["typeof(c)", fn("typeof", [col(0, C)])],
  ["max(e, 'b')", fn("max", [col(0, E), lit("b")], "NOCASE")],
  ["substr(b, 2, 3)", fn("substr", [col(0, B), lit(2), lit(3)])],
  ["b LIKE 'a%'", fn("like", [lit("a%"), col(0, B)])],
  ["coalesce(a, c, 'none')", fn("coalesce", [col(0, A), col(0, C), lit("none")])],
  ["x'41' || 1.0", {
    kind: "arith",
    op: "concat",
    left: lit(new Uint8Array([0x41])),
    right: lit(1, true),
  }],
];

Deno.test("interpreter: every expression kind against SQLite", () => {
  for (const [sql, e] of EXPRS) {
    same(query(scan(0, T), [col(0, ID), e]), `SELECT id, ${sql} AS v FROM t NOT INDEXED`);
  }
});

Deno.test("interpreter: parameters, and errors as SqliteError", () => {
  same(
    query(scan(0, T), [{ kind: "param", index: 1 }, { kind: "param", index: 2 }, col(0, ID)]),
    "SELECT ?1 AS p, ?2 AS q, id FROM t NOT INDEXED",
    [7n, "s"],
  );
  assert.throws(
    () => run(query(scan(0, T), [fn("abs", [col(0, A)])])),
    (e: Error) => e.name === "SqliteError" && /integer overflow/.test(e.message),
  );
  assert.throws(() => fx.expect("SELECT abs(a) FROM t"), /integer overflow/);
  assert.throws(
    () =>
      run(query({ kind: "limit", input: scan(0, T), limit: lit("x"), offset: null }, [col(0, ID)])),
    (e: Error) => e.name === "SqliteError" && /datatype mismatch/.test(e.message),
  );
});

Deno.test("interpreter: limit and offset (MustBeInt rules)", () => {
  const base = scan(0, T);
  const lim = (l: PlanExpr | null, o: PlanExpr | null): Query =>
    query({ kind: "limit", input: base, limit: l, offset: o }, [col(0, ID)]);
  same(lim(lit(3), null), "SELECT id FROM t NOT INDEXED LIMIT 3");
  same(lim(lit(3), lit(2)), "SELECT id FROM t NOT INDEXED LIMIT 3 OFFSET 2");
  same(lim(lit(-1), lit(4)), "SELECT id FROM t NOT INDEXED LIMIT -1 OFFSET 4");
  same(lim(lit(0), null), "SELECT id FROM t NOT INDEXED LIMIT 0");
  same(lim(lit("2"), lit(2, true)), "SELECT id FROM t NOT INDEXED LIMIT '2' OFFSET 2.0");
  same(lim(lit(2), lit(-5)), "SELECT id FROM t NOT INDEXED LIMIT 2 OFFSET -5");
  assert.throws(() => run(lim(lit(1.5), null)), /datatype mismatch/);
  assert.throws(() => run(lim(lit(null), null)), /datatype mismatch/);
  assert.throws(() => fx.expect("SELECT id FROM t NOT INDEXED LIMIT 1.5"), /datatype mismatch/);
});

Deno.test("interpreter: values, sort (stable, NULL placement, collations) and top-N", () => {
  same(
    query({ kind: "values", id: 0, rows: [[lit(1), lit("a")], [lit(2.5), lit(null)]] }, [
      col(0, 0),
      col(0, 1),
    ]),
    "VALUES (1, 'a'), (2.5, NULL)",
  );
  const sorted = (
    keys: ReturnType<typeof key>[],
    limit: PlanExpr | null = null,
    offset: PlanExpr | null = null,
  ): RelNode => ({
    kind: "sort",
    id: 1,
    input: scan(0, T),
    columns: [col(0, ID), col(0, A), col(0, B), col(0, E)],
    keys,
    limit,
    offset,
  });
  same(
    query(sorted([key(1)]), [col(1, 0), col(1, 1)]),
    "SELECT id, a FROM t NOT INDEXED ORDER BY a",
  );
  same(
    query(sorted([key(1, true)]), [col(1, 0), col(1, 1)]),
    "SELECT id, a FROM t NOT INDEXED ORDER BY a DESC",
  );
  same(
    query(sorted([key(3, false, "NOCASE"), key(0, true)]), [col(1, 0), col(1, 3)]),
    "SELECT id, e FROM t NOT INDEXED ORDER BY e, id DESC",
  );
  same(
    query(sorted([{ column: 2, desc: false, nullsFirst: false, collation: "BINARY" }]), [
      col(1, 2),
    ]),
    "SELECT b FROM t NOT INDEXED ORDER BY b NULLS LAST",
  );
  const topN = sorted([key(2)], lit(2), lit(1));
  same(
    query({ kind: "limit", input: topN, limit: lit(2), offset: lit(1) }, [col(1, 0)]),
    "SELECT id FROM t NOT INDEXED ORDER BY b LIMIT 2 OFFSET 1",
  );
});

Deno.test("interpreter: distinct (collations, INTEGER 1 = REAL 1.0, NULLs equal)", () => {
  const v = {
    kind: "values",
    id: 0,
    rows: [[lit(1)], [lit(1, true)], [lit(null)], [lit("A")], [lit("a")], [lit(null)], [lit(2)]],
  } as RelNode;
  same(
    query({ kind: "distinct", input: v, columns: [col(0, 0)], collations: ["NOCASE"] }, [
      col(0, 0),
    ]),
    "SELECT DISTINCT column1 COLLATE NOCASE FROM (VALUES (1),(1.0),(NULL),('A'),('a'),(NULL),(2))",
  );
  same(
    query({ kind: "distinct", input: scan(0, T), columns: [col(0, E)], collations: ["NOCASE"] }, [
      col(0, E),
    ]),
    "SELECT DISTINCT e FROM t NOT INDEXED",
  );
});

Deno.test("interpreter: aggregates (hash groups in key order, no GROUP BY, calls' options)", () => {
  const ag = (
    groupBy: PlanExpr[],
    aggregates: ReturnType<typeof agg>[],
    carried: PlanExpr[] = [],
    carryFromMinMax = false,
    input: RelNode = scan(0, T),
    colls?: string[],
  ): RelNode => ({
    kind: "aggregate",
    id: 1,
    input,
    groupBy,
    groupCollations: colls ?? groupBy.map(() => "BINARY"),
    groupDesc: groupBy.map(() => false),
    aggregates,
    carried,
    carryFromMinMax,
    strategy: "hash",
  });
  same(
    query(ag([col(0, A)], [agg("count", []), agg("sum", [col(0, C)])]), [
      col(1, 0),
      col(1, 1),
      col(1, 2),
    ]),
    "SELECT a, count(*), sum(c) FROM t NOT INDEXED GROUP BY a",
  );
  same(
    query(ag([], [agg("count", []), agg("max", [col(0, B)]), agg("avg", [col(0, C)])]), [
      col(1, 0),
      col(1, 1),
      col(1, 2),
    ]),
    "SELECT count(*), max(b), avg(c) FROM t NOT INDEXED",
  );
  same(
    query(ag([], [agg("count", []), agg("sum", [col(0, 0)])], [col(0, 0)], false, scan(0, EMPTY)), [
      col(1, 0),
      col(1, 1),
      col(1, 2),
    ]),
    "SELECT count(*), sum(x), x FROM empty",
  );
  same(
    query(
      ag(
        [col(0, E)],
        [agg("count", [col(0, A)], { distinct: true })],
        [col(0, ID)],
        false,
        scan(0, T),
        ["NOCASE"],
      ),
      [col(1, 0), col(1, 1), col(1, 2)],
    ),
    "SELECT e, count(DISTINCT a), id FROM t NOT INDEXED GROUP BY e",
  );
  same(
    query(
      ag([], [
        agg("group_concat", [col(0, B)], {
          orderBy: [{ value: col(0, B), desc: true, nullsFirst: false, collation: "BINARY" }],
        }),
      ]),
      [col(1, 0)],
    ),
    "SELECT group_concat(b ORDER BY b DESC) FROM t NOT INDEXED",
  );
  same(
    query(
      ag([], [
        agg("count", [], { filter: cmp(CompareOp.Gt, col(0, A), lit(0), Affinity.Numeric) }),
      ]),
      [col(1, 0)],
    ),
    "SELECT count(*) FILTER (WHERE a > 0) FROM t NOT INDEXED",
  );
  const u = scan(0, U);
  same(
    query(ag([col(0, 0)], [agg("max", [col(0, 1)])], [col(0, 1)], true, u), [
      col(1, 0),
      col(1, 1),
      col(1, 2),
    ]),
    "SELECT x, max(y), y AS yy FROM u GROUP BY x",
  );
  same(
    query(ag([col(0, 0)], [agg("count", [])], [col(0, 1)], false, u), [col(1, 0), col(1, 2)]),
    "SELECT x, y FROM u GROUP BY x",
  );
  // Group keys: INTEGER 1 and REAL 1.0 are one group.
  const vals = {
    kind: "values",
    id: 0,
    rows: [[lit(1, true)], [lit(1)], [lit(null)], [lit("1")]],
  } as RelNode;
  same(
    query(ag([col(0, 0)], [agg("count", [])], [], false, vals), [col(1, 0), col(1, 1)]),
    "SELECT column1, count(*) FROM (VALUES (1.0),(1),(NULL),('1')) GROUP BY column1",
  );
});

Deno.test("interpreter: streaming aggregation (groups end when the key changes)", () => {
  const byIndex = (index: string, reverse = false): RelNode => ({
    kind: "indexScan",
    id: 0,
    table: T,
    index: fx.index(index),
    label: "t",
    eq: [],
    lower: null,
    upper: null,
    reverse,
    covering: false,
  });
  const stream = (
    input: RelNode,
    groupBy: PlanExpr[],
    colls: string[],
    carried: PlanExpr[] = [],
    carryFromMinMax = false,
    aggregates = [agg("count", []), agg("sum", [col(0, C)]), agg("group_concat", [col(0, B)])],
  ): RelNode => ({
    kind: "aggregate",
    id: 1,
    input,
    groupBy,
    groupCollations: colls,
    groupDesc: [],
    aggregates,
    carried,
    carryFromMinMax,
    strategy: "stream",
  });
  const out = (n: number) => Array.from({ length: n }, (_, i) => col(1, i));
  // NULL keys group together first; INTEGER keys from the index in order.
  same(
    query(stream(byIndex("ta"), [col(0, A)], ["BINARY"]), out(4)),
    "SELECT a, count(*), sum(c), group_concat(b) FROM t INDEXED BY ta GROUP BY a",
  );
  // NOCASE keys: 'Abc', 'abc', 'abc' are one group; its key and bare column are the first row's.
  same(
    query(stream(byIndex("te"), [col(0, E)], ["NOCASE"], [col(0, ID)]), out(5)),
    "SELECT e, count(*), sum(c), group_concat(b), id FROM t INDEXED BY te GROUP BY e COLLATE NOCASE",
  );
  // Bare column from the row that set max().
  same(
    query(
      stream(byIndex("ta"), [col(0, A)], ["BINARY"], [col(0, B)], true, [agg("max", [col(0, C)])]),
      out(3),
    ),
    "SELECT a, max(c), b FROM t INDEXED BY ta GROUP BY a",
  );
  // A filter above the groups (HAVING) and a LIMIT that stops in the middle of the input.
  same(
    query(
      {
        kind: "limit",
        input: filter(
          stream(byIndex("ta"), [col(0, A)], ["BINARY"]),
          cmp(CompareOp.Gt, col(1, 1), lit(1)),
        ),
        limit: lit(1),
        offset: null,
      },
      out(2),
    ),
    "SELECT a, count(*) FROM t GROUP BY a HAVING count(*) > 1 LIMIT 1",
  );
  // No input row: no group.
  same(
    query(stream(scan(0, EMPTY), [col(0, 0)], ["BINARY"], [], false, [agg("count", [])]), out(2)),
    "SELECT x, count(*) FROM empty GROUP BY x",
  );
  // No table of groups: the program never looks a group up or sorts groups.
  const program = INTERPRETER.compile({
    query: query(stream(byIndex("ta"), [col(0, A)], ["BINARY"]), out(4)),
    encoding: fx.file.encoding,
    parameters: [],
    nodeCount: 2,
  }, fx.file) as InterpreterProgram;
  const ops = program.explainRows().map((r) => r[1]);
  assert.ok(ops.includes("AggSameKey") && !ops.includes("AggGroup") && !ops.includes("AggSort"));
});

Deno.test("interpreter: countRows from a table and from an index", () => {
  same(
    query({ kind: "countRows", id: 0, table: T, index: null, label: "t" }, [col(0, 0)]),
    "SELECT count(*) FROM t NOT INDEXED",
  );
  same(
    query({ kind: "countRows", id: 0, table: T, index: fx.index("ta"), label: "t" }, [col(0, 0)]),
    "SELECT count(*) FROM t NOT INDEXED",
  );
});

Deno.test("interpreter: nested loops inner, left (NULL row for the whole inner side), full", () => {
  const on = cmp(CompareOp.Eq, col(0, A), col(1, 0), Affinity.Numeric);
  const cols = [col(0, ID), col(1, 1), col(2, 0)];
  const innerSide = project(2, scan(1, U), [fn("upper", [col(1, 1)])]);
  const nl = (join: "inner" | "left" | "full"): Query =>
    query({ kind: "nestedLoop", join, outer: scan(0, T), inner: innerSide, on }, cols);
  same(
    nl("inner"),
    "SELECT t.id, u.y, upper(u.y) AS uy FROM t NOT INDEXED CROSS JOIN u ON t.a = u.x",
  );
  same(
    nl("left"),
    "SELECT t.id, u.y, upper(u.y) AS uy FROM t NOT INDEXED LEFT JOIN u ON t.a = u.x",
  );
  const full = fx.expect(
    "SELECT t.id, u.y, upper(u.y) AS uy FROM t NOT INDEXED FULL JOIN u ON t.a = u.x",
  );
  assert.deepStrictEqual(run(nl("full")), full);
});

Deno.test("interpreter: rowid seeks (keys, lists, ranges with text/real bounds)", () => {
  const byKey = (k: PlanExpr, reverse = false): Query =>
    query({
      kind: "tableScan",
      id: 0,
      table: T,
      label: "t",
      reverse,
      rowid: { kind: "key", key: { kind: "value", value: k, affinity: KEY_AFF } },
    }, [col(0, ID), col(0, B)]);
  same(byKey(lit(3)), "SELECT id, b FROM t NOT INDEXED WHERE rowid = 3");
  same(byKey(lit("3")), "SELECT id, b FROM t NOT INDEXED WHERE rowid = '3'");
  same(byKey(lit(3, true)), "SELECT id, b FROM t NOT INDEXED WHERE rowid = 3.0");
  same(byKey(lit(3.5)), "SELECT id, b FROM t NOT INDEXED WHERE rowid = 3.5");
  same(byKey(lit(null)), "SELECT id, b FROM t NOT INDEXED WHERE rowid = NULL");
  same(byKey(lit(9)), "SELECT id, b FROM t NOT INDEXED WHERE rowid = 9");
  const list = query({
    kind: "tableScan",
    id: 0,
    table: T,
    label: "t",
    reverse: false,
    rowid: {
      kind: "key",
      key: { kind: "list", values: [lit(7), lit(2), lit("2"), lit(null), lit(99)] },
    },
  }, [col(0, ID)]);
  same(list, "SELECT id FROM t NOT INDEXED WHERE rowid IN (7, 2, '2', NULL, 99)");
  const range = (
    lower: PlanExpr | null,
    li: boolean,
    upper: PlanExpr | null,
    ui: boolean,
    reverse = false,
  ): Query =>
    query({
      kind: "tableScan",
      id: 0,
      table: T,
      label: "t",
      reverse,
      rowid: {
        kind: "range",
        lower: lower && { value: lower, inclusive: li, affinity: KEY_AFF },
        upper: upper && { value: upper, inclusive: ui, affinity: KEY_AFF },
      },
    }, [col(0, ID)]);
  same(
    range(lit(2), false, lit(7), true),
    "SELECT id FROM t NOT INDEXED WHERE rowid > 2 AND rowid <= 7",
  );
  same(
    range(lit(2.5), true, lit(6.5), false),
    "SELECT id FROM t NOT INDEXED WHERE rowid >= 2.5 AND rowid < 6.5",
  );
  same(
    range(lit(3), true, null, false, true),
    "SELECT id FROM t NOT INDEXED WHERE rowid >= 3 ORDER BY rowid DESC",
  );
  same(range(null, false, lit("x"), false), "SELECT id FROM t NOT INDEXED WHERE rowid < 'x'");
  same(range(lit("x"), false, null, false), "SELECT id FROM t NOT INDEXED WHERE rowid > 'x'");
  same(range(lit("4"), true, null, false), "SELECT id FROM t NOT INDEXED WHERE rowid >= '4'");
  same(
    range(lit(-1e30), true, lit(1e30), true),
    "SELECT id FROM t NOT INDEXED WHERE rowid >= -1e30 AND rowid <= 1e30",
  );
  same(range(lit(null), true, null, false), "SELECT id FROM t NOT INDEXED WHERE rowid >= NULL");
});

Deno.test("interpreter: index scans (eq prefixes, lists, subquery keys, ranges, NULL skipping, DESC, covering, reverse)", () => {
  const ix = (
    index: string,
    eq: PlanExpr[] | { kind: "list" | "query"; v: unknown }[],
    lower: [PlanExpr, boolean] | null,
    upper: [PlanExpr, boolean] | null,
    reverse = false,
    covering = false,
  ): RelNode => ({
    kind: "indexScan",
    id: 0,
    table: T,
    index: fx.index(index),
    label: "t",
    eq: (eq as PlanExpr[]).map((v) => ({ kind: "value", value: v, affinity: KEY_AFF })),
    lower: lower && { value: lower[0], inclusive: lower[1], affinity: KEY_AFF },
    upper: upper && { value: upper[0], inclusive: upper[1], affinity: KEY_AFF },
    reverse,
    covering,
  });
  const cols = [col(0, ID), col(0, A), col(0, B)];
  same(
    query(ix("ta", [lit(5)], null, null), cols),
    "SELECT id, a, b FROM t INDEXED BY ta WHERE a = 5",
  );
  same(
    query(ix("ta", [lit("5")], null, null), cols),
    "SELECT id, a, b FROM t INDEXED BY ta WHERE a = '5'",
  );
  same(
    query(ix("ta", [], [lit(0), false], null), cols),
    "SELECT id, a, b FROM t INDEXED BY ta WHERE a > 0",
  );
  same(
    query(ix("ta", [], null, [lit(5), true]), cols),
    "SELECT id, a, b FROM t INDEXED BY ta WHERE a <= 5",
  );
  same(
    query(ix("ta", [], null, [lit(5), true], true), cols),
    "SELECT id, a, b FROM t INDEXED BY ta WHERE a <= 5 ORDER BY a DESC, id DESC",
  );
  same(
    query(ix("ta", [], [lit(-3), true], [lit(5), false], true), cols),
    "SELECT id, a, b FROM t INDEXED BY ta WHERE a >= -3 AND a < 5 ORDER BY a DESC, id DESC",
  );
  same(
    query(ix("ta", [], null, null, false, true), [col(0, A), col(0, ID)]),
    "SELECT a, id FROM t INDEXED BY ta ORDER BY a, id",
  );
  same(
    query(ix("ta", [], null, null, true, true), [col(0, A), col(0, -1)]),
    "SELECT a, rowid FROM t INDEXED BY ta ORDER BY a DESC, rowid DESC",
  );
  // b DESC, a: a range on b runs against the index direction.
  same(
    query(ix("tbd", [], [lit("b"), true], null), cols),
    "SELECT id, a, b FROM t INDEXED BY tbd WHERE b >= 'b' ORDER BY b DESC, a",
  );
  same(
    query(ix("tbd", [], null, [lit("d"), false]), cols),
    "SELECT id, a, b FROM t INDEXED BY tbd WHERE b < 'd' ORDER BY b DESC, a",
  );
  same(
    query(ix("tbd", [], null, [lit("d"), false], true), cols),
    "SELECT id, a, b FROM t INDEXED BY tbd WHERE b < 'd' ORDER BY b, a DESC",
  );
  same(
    query(ix("tbd", [lit("apple")], [lit(0), false], null), cols),
    "SELECT id, a, b FROM t INDEXED BY tbd WHERE b = 'apple' AND a > 0",
  );
  same(
    query(ix("te", [lit("ABC")], null, null, false, true), [col(0, E), col(0, ID)]),
    "SELECT e, id FROM t INDEXED BY te WHERE e = 'ABC'",
  );
  same(
    query(ix("ta", [lit(null)], null, null), cols),
    "SELECT id, a, b FROM t NOT INDEXED WHERE a = NULL",
  );
  same(
    query(ix("ta", [], [lit(null), false], null), cols),
    "SELECT id, a, b FROM t NOT INDEXED WHERE a > NULL",
  );
  const listScan: RelNode = {
    ...(ix("ta", [], null, null) as object),
    eq: [{ kind: "list", values: [lit(7), lit(5), lit(null), lit(5.0, true), lit("2")] }],
  } as RelNode;
  same(
    query(listScan, cols),
    "SELECT id, a, b FROM t INDEXED BY ta WHERE a IN (7, 5, NULL, 5.0, '2') ORDER BY a, id",
  );
  const subScan: RelNode = {
    ...(ix("ta", [], null, null, true) as object),
    eq: [{ kind: "query", query: sub(scan(5, U), [col(5, 0)], false) }],
  } as RelNode;
  same(
    query(subScan, cols),
    "SELECT id, a, b FROM t INDEXED BY ta WHERE a IN (SELECT x FROM u) ORDER BY a DESC, id DESC",
  );
  // WITHOUT ROWID primary key as the scanned b-tree, and an index lookup back into it.
  const wpk: RelNode = {
    kind: "indexScan",
    id: 0,
    table: W,
    index: W.indexes.find((i) => i.origin === "pk") ?? W.indexes[0],
    label: "w",
    eq: [],
    lower: { value: lit("b"), inclusive: true, affinity: KEY_AFF },
    upper: null,
    reverse: false,
    covering: true,
  };
  if (W.indexes.length > 0) {
    same(query(wpk, [col(0, 0), col(0, 1)]), "SELECT k, v FROM w WHERE k >= 'b'");
  }
});

Deno.test("interpreter: hash lookup as the inner side of a join", () => {
  const inner: RelNode = {
    kind: "hashLookup",
    id: 2,
    input: scan(1, U),
    columns: [col(1, 0), col(1, 1)],
    buildKeys: [col(1, 0)],
    probeKeys: [col(0, A)],
    affinities: [Affinity.Numeric],
    collations: ["BINARY"],
    nulls: [false],
    label: "u",
  };
  same(
    query({ kind: "nestedLoop", join: "inner", outer: scan(0, T), inner, on: null }, [
      col(0, ID),
      col(2, 1),
    ]),
    "SELECT t.id, u.y FROM t NOT INDEXED CROSS JOIN u ON t.a = u.x",
  );
  same(
    query({ kind: "nestedLoop", join: "left", outer: scan(0, T), inner, on: null }, [
      col(0, ID),
      col(2, 1),
    ]),
    "SELECT t.id, u.y FROM t NOT INDEXED LEFT JOIN u ON t.a = u.x",
  );
});

Deno.test("interpreter: subqueries (scalar, EXISTS, IN with rows; correlated and not)", () => {
  const maxX = sub(
    {
      kind: "aggregate",
      id: 5,
      input: scan(4, U),
      groupBy: [],
      groupCollations: [],
      groupDesc: [],
      aggregates: [agg("max", [col(4, 0)])],
      carried: [],
      carryFromMinMax: false,
      strategy: "hash",
    },
    [col(5, 0)],
    false,
  );
  same(
    query(scan(0, T), [col(0, ID), { kind: "subquery", query: maxX }]),
    "SELECT id, (SELECT max(x) FROM u) AS m FROM t NOT INDEXED",
  );
  const corr = sub(
    {
      kind: "limit",
      input: filter(scan(4, U), cmp(CompareOp.Eq, col(4, 0), col(0, A), Affinity.Numeric)),
      limit: lit(1),
      offset: null,
    },
    [col(4, 1)],
    true,
  );
  same(
    query(scan(0, T), [col(0, ID), { kind: "subquery", query: corr }]),
    "SELECT id, (SELECT y FROM u WHERE x = t.a LIMIT 1) AS m FROM t NOT INDEXED",
  );
  same(
    query(scan(0, T), [col(0, ID), { kind: "exists", query: corr }]),
    "SELECT id, EXISTS (SELECT y FROM u WHERE x = t.a LIMIT 1) AS m FROM t NOT INDEXED",
  );
  const xs = sub(scan(4, U), [col(4, 0)], false);
  const inq = (not: boolean): PlanExpr => ({
    kind: "inQuery",
    not,
    operands: [col(0, A)],
    query: xs,
    affinities: [Affinity.Numeric],
    collations: ["BINARY"],
  });
  same(
    query(scan(0, T), [col(0, ID), inq(false), inq(true)]),
    "SELECT id, a IN (SELECT x FROM u) AS i, a NOT IN (SELECT x FROM u) AS n FROM t NOT INDEXED",
  );
  const pairs = sub(scan(4, U), [col(4, 0), col(4, 1)], false);
  const rowIn: PlanExpr = {
    kind: "inQuery",
    not: false,
    operands: [col(0, A), lit("five")],
    query: pairs,
    affinities: [Affinity.Numeric, Affinity.Text],
    collations: ["BINARY", "BINARY"],
  };
  same(
    query(scan(0, T), [col(0, ID), rowIn]),
    "SELECT id, (a, 'five') IN (SELECT x, y FROM u) AS i FROM t NOT INDEXED",
  );
  const corrIn: PlanExpr = {
    kind: "inQuery",
    not: false,
    operands: [lit(5)],
    query: sub(filter(scan(4, U), cmp(CompareOp.Ne, col(4, 1), col(0, B), Affinity.Text)), [
      col(4, 0),
    ], true),
    affinities: [Affinity.Numeric],
    collations: ["BINARY"],
  };
  same(
    query(scan(0, T), [col(0, ID), corrIn]),
    "SELECT id, 5 IN (SELECT x FROM u WHERE y != t.b) AS i FROM t NOT INDEXED",
  );
});

Deno.test("interpreter: subquery scans, compounds (sorted distinct results), recursive CTEs", () => {
  const sq: RelNode = {
    kind: "subqueryScan",
    id: 1,
    query: query(filter(scan(0, U), cmp(CompareOp.Gt, col(0, 0), lit(2), Affinity.Numeric)), [
      col(0, 1),
      col(0, 0),
    ]),
    label: "s",
  };
  same(query(sq, [col(1, 0), col(1, 1)]), "SELECT * FROM (SELECT y, x FROM u WHERE x > 2)");
  const left = query(scan(0, U), [col(0, 0)]);
  const right = query(scan(2, T), [col(2, A)]);
  for (
    const [op, sql] of [["unionAll", "UNION ALL"], ["union", "UNION"], ["intersect", "INTERSECT"], [
      "except",
      "EXCEPT",
    ]] as const
  ) {
    same(
      query({ kind: "compound", id: 1, op, left, right, collations: ["BINARY"] }, [col(1, 0)]),
      `SELECT x FROM u ${sql} SELECT a FROM t NOT INDEXED`,
    );
  }
  const seed = query({ kind: "values", id: 2, rows: [[lit(1)]] }, [col(2, 0)]);
  const step = query(
    filter(
      { kind: "recursiveRef", id: 3, cte: 1, label: "c" },
      cmp(CompareOp.Lt, col(3, 0), lit(5), Affinity.Blob),
    ),
    [{ kind: "arith", op: "add", left: col(3, 0), right: lit(1) }],
  );
  const cte = (limit: PlanExpr | null, offset: PlanExpr | null): RelNode => ({
    kind: "recursiveCte",
    id: 1,
    seed,
    step,
    distinct: true,
    collations: ["BINARY"],
    orderBy: [],
    limit,
    offset,
    label: "c",
  });
  same(
    query(cte(null, null), [col(1, 0)]),
    "WITH RECURSIVE c(n) AS (SELECT 1 UNION SELECT n + 1 FROM c WHERE n < 5) SELECT n FROM c",
  );
  same(
    query(cte(lit(3), lit(1)), [col(1, 0)]),
    "WITH RECURSIVE c(n) AS (SELECT 1 UNION SELECT n + 1 FROM c WHERE n < 5 LIMIT 3 OFFSET 1) SELECT n FROM c",
  );
});

Deno.test("interpreter: window node (stored columns, then one result per call)", () => {
  const frame = (start: "unboundedPreceding" | "preceding", offset: PlanExpr | null) => ({
    unit: "rows" as const,
    start: { type: start, offset },
    end: { type: "currentRow" as const, offset: null },
    exclude: "noOthers" as const,
  });
  const w: RelNode = {
    kind: "window",
    id: 1,
    input: scan(0, T),
    columns: [col(0, ID), col(0, E)],
    partitionBy: [{ column: 1, desc: false, nullsFirst: true, collation: "NOCASE" }],
    orderBy: [{ column: 0, desc: true, nullsFirst: false, collation: "BINARY" }],
    calls: [
      {
        name: "row_number",
        args: [],
        filter: null,
        frame: frame("unboundedPreceding", null),
        collation: "BINARY",
      },
      {
        name: "sum",
        args: [col(0, C)],
        filter: null,
        frame: frame("preceding", lit(1)),
        collation: "BINARY",
      },
    ],
  };
  same(
    query(w, [col(1, 0), col(1, 2), col(1, 3)]),
    "SELECT id, row_number() OVER win, sum(c) OVER (win ROWS 1 PRECEDING) FROM t " +
      "WINDOW win AS (PARTITION BY e ORDER BY id DESC) ORDER BY e COLLATE NOCASE, id DESC",
  );
});

Deno.test("interpreter: resumable execution, early close, storage classes kept", () => {
  const program = INTERPRETER.compile({
    query: query(scan(0, T), [col(0, ID), col(0, C)]),
    encoding: fx.file.encoding,
    parameters: [],
    nodeCount: 1,
  }, fx.file);
  const exec = program.start([]);
  assert.equal(exec.step(), true);
  assert.deepStrictEqual([exec.row[0].v, exec.row[0].c, exec.row[1].c], [
    1,
    StorageClass.Integer,
    StorageClass.Real,
  ]);
  assert.equal(exec.step(), true);
  assert.equal(exec.row[0].v, 2);
  assert.equal(exec.row[1].c, StorageClass.Real); // 2 stored in a REAL column reads back as REAL
  exec.close();
  assert.equal(exec.step(), false);
  // A second run of the same program starts over.
  const again = program.start([]);
  let n = 0;
  while (again.step()) n++;
  assert.equal(n, 9);
  assert.equal(again.step(), false);
});

Deno.test("interpreter: UTF-16 database (text compare, NOCASE index seek)", () => {
  const f16 = planFixture(SCHEMA, "UTF-16le");
  try {
    const t = f16.table("t");
    const q = query(
      filter(scan(0, t), cmp(CompareOp.Lt, col(0, B), lit("cherry"), Affinity.Text)),
      [col(0, ID), col(0, B)],
    );
    assert.deepStrictEqual(
      f16.run(INTERPRETER, q),
      f16.expect("SELECT id, b FROM t NOT INDEXED WHERE b < 'cherry'"),
    );
    const ix: RelNode = {
      kind: "indexScan",
      id: 0,
      table: t,
      index: f16.index("te"),
      label: "t",
      eq: [{ kind: "value", value: lit("abc"), affinity: KEY_AFF }],
      lower: null,
      upper: null,
      reverse: false,
      covering: false,
    };
    assert.deepStrictEqual(
      f16.run(INTERPRETER, query(ix, [col(0, ID), col(0, E)])),
      f16.expect("SELECT id, e FROM t INDEXED BY te WHERE e = 'abc'"),
    );
  } finally {
    f16.cleanup();
  }
});

Deno.test("interpreter: opcode table and EXPLAIN listing", () => {
  const names = Object.values(OPCODES).map((o) => o.name);
  assert.equal(new Set(names).size, names.length, "opcode names are unique");
  const q = query(filter(scan(0, T), cmp(CompareOp.Gt, col(0, A), lit(2), Affinity.Numeric)), [
    col(0, B),
    lit("x"),
  ]);
  const program = INTERPRETER.compile({
    query: q,
    encoding: fx.file.encoding,
    parameters: [],
    nodeCount: 1,
  }, fx.file) as InterpreterProgram;
  const code = program.compiled.code;
  for (const [addr, insn] of code.entries()) {
    const spec = OPCODES[insn.op];
    assert.ok(spec, `opcode ${insn.op} at ${addr} is in the table`);
    if (spec.jump) assert.ok(insn.p2 >= 0 && insn.p2 < code.length, `jump target of ${addr}`);
  }
  const rows = program.explainRows();
  assert.equal(rows.length, code.length);
  for (const [i, r] of rows.entries()) {
    assert.equal(r.length, EXPLAIN_COLUMNS.length);
    assert.equal(r[0], i);
    assert.equal(typeof r[1], "string");
    for (const p of [2, 3, 4, 6]) assert.equal(typeof r[p], "number");
    assert.equal(typeof r[7], "string");
  }
  assert.equal(rows[0][1], "Init");
  const opcodes = rows.map((r) => r[1]);
  for (const op of ["OpenRead", "Rewind", "Column", "Gt", "IfNot", "ResultRow", "Next", "Halt"]) {
    assert.ok(opcodes.includes(op), `${op} in ${opcodes.join(" ")}`);
  }
  // The literal lives in the constant pool and EXPLAIN shows it as P4, and in the comment
  // where the synopsis says P4 (as SQLite does: r[N]='x', not the constant's pool index).
  const string8 = rows.find((r) => r[1] === "String8")!;
  assert.equal(string8[5], "x");
  assert.equal(string8[7], `r[${string8[3]}]='x'`);
  const text = program.explainText();
  assert.match(text.split("\n")[0], /^addr\s+opcode\s+p1\s+p2\s+p3\s+p4\s+p5\s+comment$/);
  assert.equal(text.split("\n").length, code.length + 2);
});

Deno.test("interpreter: close the shared fixture", () => {
  fx.cleanup();
});
