/**
 * WHERE / ON terms: conjuncts of a lowered predicate with the nodes each one reads, so it
 * can be placed where those nodes are available and used to seek an index.
 */
import type { PlanExpr } from "./plan.ts";
import { allIds, exprChildren, exprSubPlan, forEachColumnRef } from "./walk.ts";

/** One conjunct and the ids of the nodes it reads (outside its own sub-plans). */
export interface Term {
  expr: PlanExpr;
  refs: Set<number>;
  /** Placed as a filter already. */
  placed: boolean;
}

/** The conjuncts of `e` (`a AND b AND c` → `a`, `b`, `c`). */
export function conjuncts(e: PlanExpr, out: PlanExpr[] = []): PlanExpr[] {
  if (e.kind === "logic" && e.op === "and") {
    conjuncts(e.left, out);
    conjuncts(e.right, out);
  } else out.push(e);
  return out;
}

/** Ids of the nodes `e` reads, not counting nodes of its own sub-plans. */
export function exprRefs(e: PlanExpr, out: Set<number> = new Set()): Set<number> {
  if (e.kind === "column") out.add(e.node);
  const sub = exprSubPlan(e);
  if (sub) {
    const inside = allIds(sub);
    forEachColumnRef(sub, (r) => {
      if (!inside.has(r.node)) out.add(r.node);
    });
  }
  for (const c of exprChildren(e)) exprRefs(c, out);
  return out;
}

/** Terms of a lowered predicate. */
export function termsOf(e: PlanExpr | null): Term[] {
  if (e === null) return [];
  return conjuncts(e).map((expr) => ({ expr, refs: exprRefs(expr), placed: false }));
}

/** `a AND b AND ...` of `exprs` (null when empty). */
export function andAll(exprs: PlanExpr[]): PlanExpr | null {
  if (exprs.length === 0) return null;
  return exprs.reduce((a, b) => ({ kind: "logic", op: "and", left: a, right: b }));
}
