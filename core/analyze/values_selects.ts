/**
 * The SELECTs SQLite turns a multi-row VALUES clause into (sqlite3MultiValues). Usually
 * the rows are read through one co-routine, and the clause becomes `SELECT * FROM
 * (co-routine)`: its columns are column references, so they always have a collation
 * (the first row's, else BINARY) and no affinity. The parser falls back to one SELECT
 * per row, joined by UNION ALL, for a row that is not constant, after a WITH clause,
 * inside a view, or while the previous row has an affinity (a CAST). Which form was
 * chosen shows in compounds: the left-most collation wins, and every SELECT counts in
 * the affinity rule.
 */
import type * as B from "./bound.ts";
import type { FunctionDef } from "../functions/catalog.ts";
import type { Affinity } from "../value/types.ts";
import { childExprs, mapExpr, resultExprs, selectCores } from "./bound_walk.ts";
import { StorageClass } from "../value/types.ts";
import { compoundColumnAffinity } from "./compound_affinity.ts";

/** Functions SQLite does not count as constant (VFUNCTION: neither CONSTANT nor SLOCHNG). */
export const NOT_CONSTANT = new Set([
  "changes",
  "last_insert_rowid",
  "load_extension",
  "random",
  "randomblob",
  "total_changes",
]);

/**
 * Whether calls of `f` with constant arguments are constant: a registered function only
 * when declared deterministic, a built-in unless it is in {@link NOT_CONSTANT}.
 */
export function isConstantFunction(f: FunctionDef): boolean {
  return f.user ? !f.volatile : !NOT_CONSTANT.has(f.name);
}

/**
 * SQLite's sqlite3ExprIsConstant as the parser applies it: no columns, no subqueries, only
 * functions SQLite marks constant or slow-changing (date('now') counts).
 */
export function isConstantExpr(e: B.BoundExpr): boolean {
  return constantWith(e, isConstantFunction, () => false);
}

/**
 * The walk of {@link isConstantExpr}, with scalar calls allowed when `callOk` holds for
 * their function, and any expression `given` accepts taken as constant without looking
 * inside (sqlite3ExprIsConstantOrGroupBy's GROUP BY terms).
 */
export function constantWith(
  e: B.BoundExpr,
  callOk: (f: FunctionDef) => boolean,
  given: (e: B.BoundExpr) => boolean,
): boolean {
  if (given(e)) return true;
  if (e.kind === "column" || e.kind === "subquery" || e.kind === "exists") return false;
  if (e.kind === "inSelect" || (e.kind === "function" && (e.role !== "scalar" || !callOk(e.def)))) {
    return false;
  }
  return childExprs(e).every((c) => constantWith(c, callOk, given));
}

/**
 * Splits `rows` as SQLite's parser does: returns the SELECTs left to right, each as its
 * first row and row count (a count above 1 is a co-routine). `withFromRow` is the AST's;
 * `inView` is true while a view's stored SQL is bound (SQLite parses it with the schema).
 */
export function splitValues(
  rows: readonly B.BoundExpr[][],
  withFromRow: number | null,
  inView: boolean,
): B.ValuesSelect[] {
  const out: B.ValuesSelect[] = [{ first: 0, count: 1 }];
  for (let i = 1; i < rows.length; i++) {
    const last = out.at(-1)!;
    const fallBack = (withFromRow !== null && i >= withFromRow) || inView ||
      !rows[i].every(isConstantExpr) ||
      (last.count === 1 &&
        !rows[last.first].every((e) => isConstantExpr(e) && e.affinity === null));
    if (fallBack) out.push({ first: i, count: 1 });
    else last.count++;
  }
  return out;
}

/** `x IS [NOT] TRUE|FALSE` as the plain comparison `x IS [NOT] 1|0`. */
function truthAsIs(e: B.BoundExpr): B.BoundExpr | null {
  if (e.kind !== "truth") return null;
  const one: B.BoundExpr = {
    kind: "literal",
    value: +e.value,
    cls: StorageClass.Integer,
    affinity: null,
    collation: null,
    hasCollate: false,
    start: e.start,
    end: e.end,
  };
  const left = mapExpr(e.operand, truthAsIs);
  return { ...e, kind: "binary", op: e.not ? "is not" : "is", left, right: one };
}

/**
 * SQLite's parser codes the rows after the first of a co-routine before names are
 * resolved, so there `x IS TRUE` is no truth test but `x IS 1` (TRUE is the integer 1):
 * `-1 IS TRUE` is 0 in those rows. Returns `rows` with that rewrite applied.
 */
export function asCoded(
  rows: B.BoundExpr[][],
  selects: readonly B.ValuesSelect[],
): B.BoundExpr[][] {
  const out = rows.slice();
  for (const { first, count } of selects) {
    for (let i = first + 1; i < first + count; i++) {
      out[i] = rows[i].map((e) => mapExpr(e, truthAsIs));
    }
  }
  return out;
}

/** A reference to column `column` of `v` read as a subquery: the planner never sees it. */
function columnOf(
  v: B.BoundValues,
  column: number,
  affinity: Affinity | null,
  collation: string | null,
): B.BoundExpr {
  const e = v.rows[0][column];
  return {
    kind: "column",
    source: v.id,
    column,
    affinity,
    collation: collation ?? "BINARY",
    hasCollate: false,
    start: e.start,
    end: e.end,
  };
}

/** The SELECTs of `v` as the parser makes them: a row as itself, a co-routine as columns. */
function segments(v: B.BoundValues): B.BoundExpr[][] {
  return v.selects.map(({ first, count }) =>
    count === 1 ? v.rows[first] : v.rows[first].map((e, i) => columnOf(v, i, null, e.collation))
  );
}

/**
 * The result expressions of each SELECT a VALUES clause stands for, left to right. As the
 * first part of a statement its SELECTs are the compound's own; to the right of a compound
 * operator, more than one SELECT is wrapped as `SELECT * FROM (...)` (parse.y), whose
 * columns take the first row's collation (else BINARY) and the compound rule's affinity.
 */
export function valuesSelects(v: B.BoundValues, firstPart: boolean): B.BoundExpr[][] {
  const own = segments(v);
  if (firstPart || v.rows.length === 1) return own;
  return [
    v.rows[0].map((e, i) =>
      columnOf(v, i, compoundColumnAffinity(own.map((s) => s[i])), e.collation)
    ),
  ];
}

/** The result expressions of each SELECT SQLite sees in one part of a compound. */
export function partSelects(
  part: B.BoundCore | B.BoundValues,
  firstPart: boolean,
): B.BoundExpr[][] {
  return part.kind === "values" ? valuesSelects(part, firstPart) : [resultExprs(part)];
}

/** Every SELECT SQLite sees in `s` (in its first `parts` parts), left to right. */
export function compoundSelects(s: B.BoundSelect, parts = Infinity): B.BoundExpr[][] {
  return selectCores(s).slice(0, parts).flatMap((p, k) => partSelects(p, k === 0));
}

/**
 * The result expressions of a compound's right-most SELECT, the one SQLite consults for a
 * subquery's affinity and an IN's comparisons.
 */
export function rightmostSelect(s: B.BoundSelect): B.BoundExpr[] {
  return compoundSelects(s).at(-1)!;
}
