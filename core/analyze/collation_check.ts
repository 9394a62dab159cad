/**
 * `no such collation sequence: X`. SQLite does not check a COLLATE name when it parses
 * or resolves it: `SELECT 'a' COLLATE nosuch` is fine. It looks the name up only where it
 * needs the collation of an expression (sqlite3ExprCollSeq) while generating code:
 * comparisons (also inside BETWEEN, CASE x WHEN y, a one-element IN list and IN (SELECT)),
 * the left side of any IN, the keys of ORDER BY / GROUP BY / DISTINCT / PARTITION BY and
 * of UNION / INTERSECT / EXCEPT, DISTINCT and ordered aggregates, min/max/nullif, and the
 * result columns of a FROM subquery. The collation an expression has is the one
 * expr_affinity.ts derives (an explicit COLLATE, outermost first, propagated up through
 * operators); only an explicit one can name an unknown collation. The errors come after
 * name resolution, so they are recorded as late errors.
 */
import type * as B from "./bound.ts";
import { bindError } from "./errors.ts";
import type { BindContext } from "./scope.ts";
import { childExprs, resultExprs, selectCores } from "./bound_walk.ts";
import { builtinName } from "../functions/catalog.ts";

const KNOWN = new Set(["BINARY", "NOCASE", "RTRIM"]);

/** Functions SQLite flags SQLITE_FUNC_NEEDCOLL: they compare their arguments. */
const NEEDS_COLLATION = new Set(["min", "max", "nullif"]);

/**
 * Children in the order SQLite searches them for a propagated COLLATE: the operands, but
 * LIKE's pattern before its subject, and a function's arguments.
 */
function children(e: B.BoundExpr): B.BoundExpr[] {
  if (e.kind === "like") return e.escape ? [e.right, e.left, e.escape] : [e.right, e.left];
  return childExprs(e);
}

/** The COLLATE node (as written) that gives `e` its explicit collation, or null. */
function explicitCollate(e: B.BoundExpr): string | null {
  for (let x: B.BoundExpr | undefined = e; x;) {
    if (x.kind === "collate") return x.name;
    if (!x.hasCollate) return null;
    const want: string | null = x.collation;
    x = children(x).find((c) => c.hasCollate && c.collation === want);
  }
  return null;
}

/** SQLite needs the collation of `e`: record an error if it names an unknown one. */
export function needCollation(ctx: BindContext, e: B.BoundExpr): void {
  if (!e.hasCollate || e.collation === null || KNOWN.has(e.collation)) return;
  const name = explicitCollate(e) ?? e.collation;
  ctx.late.push(bindError(`no such collation sequence: ${name}`, e.start));
}

/** The collation of `a <op> b` is needed (sqlite3BinaryCompareCollSeq); rows pairwise. */
export function needComparison(ctx: BindContext, a: B.BoundExpr, b: B.BoundExpr): void {
  if (a.kind === "row" && b.kind === "row" && a.items.length === b.items.length) {
    a.items.forEach((x, i) => needComparison(ctx, x, b.items[i]));
    return;
  }
  if (a.hasCollate) needCollation(ctx, a);
  else if (b.hasCollate) needCollation(ctx, b);
}

/** The first of `exprs` that has a collation decides (min/max, compound columns). */
export function needFirstCollation(ctx: BindContext, exprs: readonly B.BoundExpr[]): void {
  const first = exprs.find((x) => x.collation !== null);
  if (first) needCollation(ctx, first);
}

/** A function call: min/max/nullif compare; DISTINCT and ORDER BY aggregates sort. */
export function needFunctionCollations(ctx: BindContext, f: B.BoundFunction): void {
  if (NEEDS_COLLATION.has(builtinName(f.def))) needFirstCollation(ctx, f.args);
  if (f.role === "aggregate" && f.distinct) { for (const a of f.args) needCollation(ctx, a); }
  for (const t of f.orderBy ?? []) needCollation(ctx, t.expr);
}

/** The result expressions of every part of `s`, left to right. */
function parts(s: B.BoundSelect): B.BoundExpr[][] {
  return selectCores(s).map(resultExprs);
}

/** Column `i` of a compound: the left-most part with a collation (multiSelectCollSeq). */
function compoundColumn(ctx: BindContext, all: B.BoundExpr[][], i: number): void {
  needFirstCollation(ctx, all.map((p) => p[i]).filter((x) => !!x));
}

/** `x IN (SELECT ...)`: each left value is compared with the select's column. */
export function needInSelect(ctx: BindContext, operand: B.BoundExpr, s: B.BoundSelect): void {
  const all = parts(s);
  const left = operand.kind === "row" ? operand.items : [operand];
  left.forEach((x, i) => {
    if (x.hasCollate) needCollation(ctx, x);
    else compoundColumn(ctx, all, i);
  });
}

/**
 * A SELECT's own keys: UNION / INTERSECT / EXCEPT compare whole rows (the parts up to the
 * last such operator), and the compound ORDER BY sorts.
 */
export function needCompoundCollations(ctx: BindContext, s: B.BoundSelect): void {
  let last = -1;
  s.compounds.forEach((c, i) => {
    if (c.op !== "unionAll") last = i + 1;
  });
  if (last > 0) {
    const all = parts(s).slice(0, last + 1);
    for (let i = 0; i < all[0].length; i++) compoundColumn(ctx, all, i);
  }
}

/** A FROM subquery, CTE or view: SQLite derives each column's collation when it opens it. */
export function needSourceCollations(ctx: BindContext, s: B.BoundSelect): void {
  for (const e of parts(s)[0]) needCollation(ctx, e);
}

/** A compound's ORDER BY term: its own COLLATE, else the column's (multiSelectCollSeq). */
export function needCompoundOrderTerm(
  ctx: BindContext,
  s: B.BoundSelect,
  term: B.BoundOrderingTerm,
  hasCollate: boolean,
): void {
  if (hasCollate) needCollation(ctx, term.expr);
  else compoundColumn(ctx, parts(s), term.resultColumn - 1);
}
