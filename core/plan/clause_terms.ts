/**
 * The WHERE clause as SQLite's planner holds it when it looks for partial indexes
 * (whereexpr.c): the WHERE and ON conditions split at AND (COLLATE and likely() skipped),
 * `<expr> op <column>` commuted to `<column> op <expr>`, and the virtual terms SQLite
 * derives: the commuted copy of `<column> op <column>`, `x >= a` and `x <= b` from
 * `x BETWEEN a AND b`, one term per field of `(a, b) = (c, d)`, `x IN (a, b)` from
 * `x = a OR x = b`, `x <= y` from `x < y OR x = y`, and the range of `x LIKE 'ab%'`.
 */
import type * as B from "../analyze/bound.ts";
import { sameExpr } from "../analyze/same_expr.ts";
import { skipCollate } from "../analyze/column_names.ts";
import { referencedSources } from "../analyze/bound_walk.ts";
import { sqliteShape } from "./expr_implies.ts";
import { likeRange } from "./like_range.ts";
import { StorageClass } from "../value/types.ts";
import { builtinName } from "../functions/catalog.ts";
import { cmpCollation } from "./collation.ts";
import { plainInfo } from "../analyze/expr_affinity.ts";

/** One term of the clause. */
export interface ClauseTerm {
  expr: B.BoundExpr;
  /** From the ON clause of an outer join: the id of the join's right source (EP_OuterON). */
  outerJoin: number | null;
  /** Commuted with a change of collation (EP_Commuted): unequal to anything as written. */
  commuted: boolean;
}

type Binary = B.BoundBinary;

/** The built-in names of likely(), unlikely() and likelihood(). */
export const LIKELY = new Set(["likely", "unlikely", "likelihood"]);
const FLIPPED: Record<string, B.BoundBinary["op"]> = {
  "=": "=",
  "is": "is",
  "<": ">",
  "<=": ">=",
  ">": "<",
  ">=": "<=",
};
const RANGE = new Set(["<", "<=", ">", ">="]);

/** `e` under its COLLATE operators and likely(), unlikely(), likelihood() calls. */
export function skipCollateAndLikely(e: B.BoundExpr): B.BoundExpr {
  for (;;) {
    if (e.kind === "collate") e = e.operand;
    else if (e.kind === "function" && LIKELY.has(builtinName(e.def)) && e.args.length) {
      e = e.args[0];
    } else return e;
  }
}

/** sqlite3WhereSplit: the `op` (AND / OR) operands of `e`. */
function split(e: B.BoundExpr, op: "and" | "or", out: B.BoundExpr[] = []): B.BoundExpr[] {
  const s = skipCollateAndLikely(e);
  if (s.kind === "binary" && s.op === op) {
    split(s.left, op, out);
    split(s.right, op, out);
  } else out.push(s);
  return out;
}

function binary(op: B.BoundBinary["op"], left: B.BoundExpr, right: B.BoundExpr): Binary {
  return { kind: "binary", op, left, right, ...plainInfo(left.start, left.end) };
}

function text(value: string, at: B.BoundExpr): B.BoundExpr {
  return { kind: "literal", value, cls: StorageClass.Text, ...plainInfo(at.start, at.end) };
}

/** exprMightBeIndexed, for plain columns only (indexes on expressions are not considered). */
function mightBeIndexed(e: B.BoundExpr, op: string): boolean {
  e = skipCollate(e);
  if (e.kind === "row" && RANGE.has(op)) e = e.items[0];
  return e.kind === "column";
}

/**
 * exprAnalyze for one term: appends it (commuted if need be) and its virtual terms.
 * `top`: a term of the AND clause itself, not of an OR's operands (whose clause derives
 * no BETWEEN, LIKE or row-value terms).
 */
function analyze(t: ClauseTerm, out: ClauseTerm[], top: boolean): void {
  const e = t.expr;
  if (e.kind === "binary" && e.op in FLIPPED && mightBeIndexed(e.right, e.op)) {
    // exprCommute: `y op' x` for `x op y`, flagged when the comparison's collation changes.
    const flag = e.left.kind === "row" || e.right.kind === "row" ||
      cmpCollation(e.left, e.right) !== cmpCollation(e.right, e.left);
    const expr: Binary = { ...e, op: FLIPPED[e.op], left: e.right, right: e.left };
    if (mightBeIndexed(e.left, e.op)) {
      out.push(t, { ...t, expr, commuted: flag });
    } else out.push({ ...t, expr, commuted: t.commuted !== flag });
  } else out.push(t);
  const derived = (expr: B.BoundExpr) => analyze({ ...t, expr, commuted: false }, out, top);
  if (e.kind === "between" && !e.not && top) {
    derived(binary(">=", e.operand, e.low));
    derived(binary("<=", e.operand, e.high));
  } else if (e.kind === "binary" && e.op === "or") {
    orTerms(t, out);
  }
  const range = e.kind === "like" && top ? likeRange(e) : null;
  if (range) {
    const x: B.BoundExpr = {
      kind: "collate",
      operand: range.operand,
      name: range.collation,
      start: range.operand.start,
      end: range.operand.end,
      affinity: range.operand.affinity,
      collation: range.collation,
      hasCollate: true,
    };
    derived(binary(">=", x, text(range.lower, x)));
    derived(binary("<", x, text(range.upper, x)));
  }
  if (
    top && e.kind === "binary" && (e.op === "=" || e.op === "is") && e.left.kind === "row" &&
    e.right.kind === "row" && e.left.items.length === e.right.items.length
  ) {
    const right = e.right.items;
    e.left.items.forEach((l, i) => derived(binary(e.op, l, right[i])));
  }
}

/**
 * exprAnalyzeOrTerm's virtual terms, for an OR of single comparisons each with a column on
 * the left (once commuted) and an operand reading no column on the right.
 */
function orTerms(t: ClauseTerm, out: ClauseTerm[]): void {
  const parts: ClauseTerm[] = [];
  for (const p of split(t.expr, "or")) analyze({ ...t, expr: p, commuted: false }, parts, false);
  // The left column of each analyzed comparison term (its `leftCursor`), or null.
  const cols = parts.map(({ expr: e }) => {
    if (e.kind !== "binary" || !(e.op in FLIPPED)) return null;
    const l = skipCollate(e.left);
    return l.kind === "column" ? l : null;
  });
  const terms = parts.map((p) => p.expr as Binary);
  // A right side that is a column too has a commuted copy; one reading the left column's
  // table makes no indexable term: either way SQLite derives nothing here.
  const simple = terms.every((x, i) => {
    const reads = new Set<number>();
    if (cols[i]) referencedSources(x.right, reads);
    return !!cols[i] && !mightBeIndexed(x.right, x.op) && !reads.has(cols[i]!.source);
  });
  if (!simple) return;
  if (terms.length === 2) combineDisjuncts(t, parts[0], parts[1], out);
  const [first] = cols;
  const sameColumn = cols.every((c) => c!.source === first!.source && c!.column === first!.column);
  const inOk = sameColumn &&
    terms.every((x) =>
      x.op === "=" && (x.right.affinity === null || x.right.affinity === x.left.affinity)
    );
  if (!inOk) return;
  const left = terms.at(-1)!.left;
  const inList: B.BoundExpr = {
    kind: "inList",
    not: false,
    operand: left,
    list: terms.map((x) => x.right),
    ...plainInfo(left.start, left.end),
  };
  out.push({ ...t, expr: inList, commuted: false });
}

const LOWER = new Set(["=", "<", "<="]);
const UPPER = new Set(["=", ">", ">="]);

/** whereCombineDisjuncts: `x < y OR x = y` → `x <= y` (and `x = y OR x = y` → `x = y`). */
function combineDisjuncts(t: ClauseTerm, one: ClauseTerm, two: ClauseTerm, out: ClauseTerm[]) {
  const a = one.expr as Binary;
  const b = two.expr as Binary;
  // IS is in neither set: `x IS y OR ...` combines to nothing.
  const ops = new Set([a.op, b.op]);
  const lower = [...ops].every((o) => LOWER.has(o));
  if (!lower && ![...ops].every((o) => UPPER.has(o))) return;
  if (!sameExpr(a.left, b.left) || !sameExpr(a.right, b.right)) return;
  const op = ops.size === 1 ? a.op : lower ? "<=" : ">=";
  out.push({ ...t, expr: { ...a, op }, commuted: one.commuted });
}

/** The analyzed terms of `roots` (each a WHERE or ON condition). */
export function clauseTerms(
  roots: readonly { expr: B.BoundExpr; outerJoin: number | null }[],
): ClauseTerm[] {
  const out: ClauseTerm[] = [];
  for (const r of roots) {
    for (const expr of split(sqliteShape(r.expr), "and")) {
      analyze({ expr, outerJoin: r.outerJoin, commuted: false }, out, true);
    }
  }
  return out;
}
