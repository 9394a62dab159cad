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

/** `core` with its movable HAVING terms in the WHERE (after the WHERE's own). */
export function havingToWhere(core: B.BoundCore): B.BoundCore {
  const groupBy = core.groupBy;
  if (!core.having || !groupBy?.length) return core;
  if (core.windowFunctions.length) return core;
  let where = core.where;
  const kept: B.BoundExpr[] = [];
  for (const t of boundConjuncts(core.having)) {
    // sqlite3ExprIsConstantOrGroupBy: constants and deterministic calls around GROUP BY terms.
    // A GROUP BY term is one x equals, up to a COLLATE on top, whose collation is BINARY.
    const movable = constantWith(t, (f) => !f.volatile, (x) => {
      const bare = x.kind === "collate" ? x.operand : x;
      return groupBy.some((g) =>
        (sameExpr(x, g) || sameExpr(bare, g)) && collationOf(g) === "BINARY"
      );
    });
    // Not when ExprAlwaysFalse: FALSE or the integer literal 0 (a number or bigint zero,
    // -0 === 0; text, NULL and blobs are not).
    if (
      movable &&
      (t.kind === "trueFalse" ? t.value : t.kind !== "literal" || t.value !== 0 && t.value !== 0n)
    ) where = boundAnd(where, t);
    else kept.push(t);
  }
  if (where === core.where) return core;
  // boundAnd(null, t) is t: the same left-deep AND, or null for none.
  const having = kept.reduce<B.BoundExpr | null>(boundAnd, null);
  return { ...core, where, having };
}
