/**
 * WHERE-clause terms of a bound query, for the rewrites that move them before planning
 * (flattening, push-down, HAVING to WHERE, USING as ON): split at AND, joined with AND, and
 * a USING pair as the `=` term it stands for.
 */
import type * as B from "../analyze/bound.ts";
import { propagatedCollation } from "../analyze/expr_affinity.ts";

/** The terms of `e` joined by AND, appended to `out`. */
export function boundConjuncts(e: B.BoundExpr | null, out: B.BoundExpr[] = []): B.BoundExpr[] {
  if (!e) return out;
  if (e.kind === "binary" && e.op === "and") {
    boundConjuncts(e.left, out);
    boundConjuncts(e.right, out);
  } else out.push(e);
  return out;
}

/** `a AND b`, or the one that is not null. */
export function boundAnd<T extends B.BoundExpr | null>(
  a: B.BoundExpr | null,
  b: T,
): B.BoundExpr | T {
  if (!a) return b;
  if (!b) return a;
  return { ...a, kind: "binary", op: "and", left: a, right: b, affinity: null, collation: null };
}

/** A USING pair as the ON term it stands for. */
export function usingTerm(u: { left: B.BoundColumn; right: B.BoundColumn }): B.BoundExpr {
  return {
    kind: "binary",
    op: "=",
    left: u.left,
    right: u.right,
    start: 0,
    end: 0,
    affinity: null,
    ...propagatedCollation([u.left, u.right]),
  };
}

/** Whether `item` is joined by a RIGHT or FULL join (which NULL-fills the rows before it). */
export function isRightOrFull(item: { readonly join: B.JoinKind | null }): boolean {
  return item.join === "right" || item.join === "full";
}
