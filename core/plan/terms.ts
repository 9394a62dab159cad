/**
 * WHERE / ON terms: conjuncts of a lowered predicate with the nodes each one reads, so it
 * can be placed where those nodes are available and used to seek an index.
 */
import type { PlanExpr } from "./plan.ts";
import { CompareOp } from "../value/logic.ts";
import { exprChildren, exprSubPlan } from "./walk.ts";
import { outsideRefs } from "./correlation.ts";
import { logEst as logEstOf } from "./row_size.ts";

/** One conjunct and the ids of the nodes it reads (outside its own sub-plans). */
export interface Term {
  expr: PlanExpr;
  refs: Set<number>;
  /** Placed as a filter already. */
  placed: boolean;
  /**
   * Derived from another term that stays as the filter (e.g. `x IN (1, 2)` from
   * `x = 1 OR x = 2`): usable to seek, never placed as a filter itself.
   */
  virtual?: boolean;
  /**
   * `x > NULL` derived from `x IS NOT NULL` (not_null_range.ts): seeks an index past its
   * NULL entries (the bound is "below every value") and narrows no estimate.
   */
  belowNulls?: boolean;
  /**
   * From the ON (or USING) of an inner join: part of the join operand, so a RIGHT or FULL
   * join later in the FROM must not see it (it is evaluated below that join, never above).
   */
  fromOn?: boolean;
  /** One half of this `BETWEEN` (the lowered AND it came from). */
  between?: PlanExpr;
  /** The written term a virtual one derives from (where.c's iParent): using it uses both. */
  parent?: Term;
  /**
   * A transitive constraint's column ("node:column"): the one it seeks. Its other side is
   * only its value (whereScanNext never constrains a column by itself through its class).
   */
  seeks?: string;
  /**
   * Made false from `x IS NULL` (never_null_terms.ts): the leaf of column x, which where.c
   * keeps under its FALSE, so that the term constrains that leaf alone.
   */
  falseOf?: number;
  /** The FROM step (unit) whose ON clause it was written in, where from.ts knows it. */
  onStep?: number;
}

/**
 * The truth probabilities written with likelihood(), likely() and unlikely() around a
 * WHERE conjunct, on where.c's scale (LogEst of the probability; SQLite strips the call
 * and keeps this as the term's truthProb), by the lowered expression they wrapped.
 */
const truthProbs = new WeakMap<PlanExpr, number>();

/** Notes that `e` was written inside likelihood(…, `probability`). */
export function noteLikelihood(e: PlanExpr, probability: number): void {
  // resolve.c keeps the probability as an integer fraction of 2^27; where.c's truthProb
  // is its LogEst less 270 (the LogEst of 2^27).
  truthProbs.set(e, logEstOf(Math.trunc(probability * 134217728)) - 270);
}

/** where.c's truthProb of a term: its likelihood() hint (<= 0), or 1 when it has none. */
export function truthProb(t: Term): number {
  return truthProbs.get(t.expr) ?? 1;
}

/**
 * Whether `e` is an `=` or an `IS` (SQLite's WO_EQ / WO_IS). `x IS NULL` is no WO_IS:
 * SQLite's parser makes it TK_ISNULL.
 */
export function isEqualityOp(e: PlanExpr): boolean {
  if (e.kind === "compare") return e.op === CompareOp.Eq;
  return e.kind === "is" && !e.not && !(e.right.kind === "const" && e.right.value === null);
}

/**
 * For an `=` or `IS` term ({@link isEqualityOp}) with a column on one side, its other side;
 * else null.
 */
export function equalityRight(e: PlanExpr): PlanExpr | null {
  if (isEqualityOp(e) && (e.kind === "compare" || e.kind === "is")) {
    if (e.left.kind === "column") return e.right;
    if (e.right.kind === "column") return e.left;
  }
  return null;
}

/** The operands of `e` joined by `op` (`a AND b AND c` → `a`, `b`, `c`). */
function split(e: PlanExpr, op: "and" | "or", out: PlanExpr[] = []): PlanExpr[] {
  if (e.kind === "logic" && e.op === op) {
    split(e.left, op, out);
    split(e.right, op, out);
  } else out.push(e);
  return out;
}

/** Ids of the nodes `e` reads, not counting nodes of its own sub-plans. */
export function exprRefs(e: PlanExpr, out: Set<number> = new Set()): Set<number> {
  if (e.kind === "column") out.add(e.node);
  const sub = exprSubPlan(e);
  if (sub) outsideRefs(sub, out);
  for (const c of exprChildren(e)) exprRefs(c, out);
  return out;
}

/** Terms of a lowered predicate. */
export function termsOf(e: PlanExpr | null): Term[] {
  const out: Term[] = [];
  const add = (x: PlanExpr, between?: PlanExpr): void => {
    if (x.kind === "logic" && x.op === "and") {
      add(x.left, x.between ? x : between);
      add(x.right, x.between ? x : between);
    } else out.push({ expr: x, refs: exprRefs(x), placed: false, between });
  };
  if (e) add(e);
  return out;
}

/**
 * `terms` in the order SQLite's WHERE clause holds them (whereexpr.c): the written terms
 * first, then the halves of each BETWEEN, appended as it analyses the terms from the last
 * to the first. Its planner keeps the first of equally good ranges in that order.
 */
export function sqliteTermOrder(terms: readonly Term[]): readonly Term[] {
  // Asked for the same list by every loop the join order search weighs: made once.
  let ordered = termOrders.get(terms);
  if (!ordered) {
    const rank = (t: Term) =>
      t.between ? terms.length - terms.findIndex((x) => x.between === t.between) : 0;
    termOrders.set(terms, ordered = [...terms].sort((a, b) => rank(a) - rank(b)));
  }
  return ordered;
}

const termOrders = new WeakMap<readonly Term[], readonly Term[]>();

/**
 * The expressions of `terms`, in their order, except that the two halves of a BETWEEN
 * both among them are the BETWEEN again, where its first half was: a filter then codes it
 * as one term, its operand evaluated once, as SQLite codes the term it was written as.
 */
export function termExprs(terms: readonly Term[]): PlanExpr[] {
  const out: PlanExpr[] = [];
  const here = (x: PlanExpr) => terms.some((t) => t.expr === x);
  for (const { expr, between: b } of terms) {
    if (b?.kind !== "logic" || !here(b.left) || !here(b.right)) out.push(expr);
    else if (!out.includes(b)) out.push(b);
  }
  return out;
}

/** `a AND b AND ...` of `exprs` (null when empty). */
export function andAll(exprs: PlanExpr[]): PlanExpr | null {
  if (!exprs.length) return null;
  return exprs.reduce((a, b) => ({ kind: "logic", op: "and", left: a, right: b }));
}

/**
 * SQLite's OR optimization for one column: `x = a OR x = b OR ...` (same column, same
 * comparison affinity and collation, values not reading x's node) also gives a virtual
 * `x IN (a, b, ...)` term, so an index or the rowid can be probed once per value.
 */
export function orToInTerms(terms: readonly Term[]): Term[] {
  const out: Term[] = [];
  for (const t of terms) {
    if (t.expr.kind !== "logic" || t.expr.op !== "or") continue;
    const parts = split(t.expr, "or");
    let column: PlanExpr | null = null;
    const values: PlanExpr[] = [];
    let affinity: InListAffinity | null = null;
    let collation = "";
    const ok = parts.every((p) => {
      if (p.kind !== "compare" || p.op !== CompareOp.Eq) return false;
      const sides = p.left.kind === "column" ? [p.left, p.right] : [p.right, p.left];
      const [col, value] = sides;
      if (col.kind !== "column" || exprRefs(value).has(col.node)) return false;
      if (!column) {
        column = col;
        affinity = p.affinity;
        collation = p.collation;
      } else if (
        column.kind !== "column" || column.node !== col.node || column.column !== col.column ||
        affinity !== p.affinity || collation !== p.collation
      ) return false;
      values.push(value);
      return true;
    });
    if (!ok || !column) continue;
    const expr: PlanExpr = {
      kind: "inList",
      not: false,
      operand: column,
      list: values,
      affinity: affinity!,
      collation,
    };
    out.push({ expr, refs: exprRefs(expr), placed: false, virtual: true, parent: t });
  }
  return out;
}

type InListAffinity = Extract<PlanExpr, { kind: "inList" }>["affinity"];
