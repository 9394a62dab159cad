/**
 * select.c havingToWhere: in a query with GROUP BY, each AND-term of HAVING that reads
 * nothing but GROUP BY terms (with BINARY collation) and constants moves to the WHERE, where
 * an index may serve it (sqlite3ExprIsConstantOrGroupBy). The groups kept are the same; the
 * plan, and so the rows' order, may not be.
 */
import type * as B from "../analyze/bound.ts";
import { constantWith } from "../analyze/values_selects.ts";
import { sameExpr } from "../analyze/same_expr.ts";
import { boundAnd, boundConjuncts } from "./bound_terms.ts";
import { collationOf } from "./collation.ts";

/** A GROUP BY term `e` equals, up to a COLLATE on top, whose collation is BINARY. */
function isGroupTerm(e: B.BoundExpr, groupBy: readonly B.BoundExpr[]): boolean {
  const bare = e.kind === "collate" ? e.operand : e;
  return groupBy.some((g) => (sameExpr(e, g) || sameExpr(bare, g)) && collationOf(g) === "BINARY");
}

/** ExprAlwaysFalse: the integer literal 0 or FALSE. */
function alwaysFalse(e: B.BoundExpr): boolean {
  if (e.kind === "trueFalse") return !e.value;
  // A number or bigint zero (-0 === 0); text, NULL and blobs are not.
  return e.kind === "literal" && (e.value === 0 || e.value === 0n);
}

/** `core` with its movable HAVING terms in the WHERE (after the WHERE's own). */
export function havingToWhere(core: B.BoundCore): B.BoundCore {
  const groupBy = core.groupBy;
  if (!core.having || !groupBy?.length) return core;
  if (core.windowFunctions.length) return core;
  let where = core.where;
  const kept: B.BoundExpr[] = [];
  for (const t of boundConjuncts(core.having)) {
    // sqlite3ExprIsConstantOrGroupBy: constants and deterministic calls around GROUP BY terms.
    const movable = constantWith(t, (f) => !f.volatile, (x) => isGroupTerm(x, groupBy));
    if (movable && !alwaysFalse(t)) where = boundAnd(where, t);
    else kept.push(t);
  }
  if (where === core.where) return core;
  // boundAnd(null, t) is t: the same left-deep AND, or null for none.
  const having = kept.reduce<B.BoundExpr | null>(boundAnd, null);
  return { ...core, where, having };
}
