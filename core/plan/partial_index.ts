/**
 * Partial indexes as SQLite uses them (where.c). An index with a WHERE holds only some
 * rows, so the planner considers it only when every AND-term of that WHERE is implied by
 * a term of the statement's WHERE clause (whereUsablePartialIndex): any term for a table
 * joined inward, only the terms of its own ON clause for the right table of an outer
 * join, none for a table left of a RIGHT or FULL join. A usable index's `col = <constant>`
 * terms (wherePartIdxExpr) fix columns the index then covers: reading one gives the
 * constant with the column's affinity, as SQLite reads it.
 */
import type * as B from "../analyze/bound.ts";
import type { IndexInfo } from "../format/schema_types.ts";
import { isConstantExpr } from "../analyze/values_selects.ts";
import { Affinity } from "../value/types.ts";
import type { PlanExpr } from "./plan.ts";
import { colRef, type LowerScope, type PlanContext } from "./scope.ts";
import { mapColumnRefs } from "./capture.ts";
import { lowerExpr } from "./lower_expr.ts";
import { impliesExpr, sqliteShape } from "./expr_implies.ts";
import type { ClauseTerm } from "./clause_terms.ts";
import { cmpCollation } from "./collation.ts";
import { boundConjuncts } from "./bound_terms.ts";

/**
 * Where a table sits in its join: joined inward, the right table of a LEFT join (its rows
 * may be NULL-filled), the right table of a RIGHT or FULL join, or left of a RIGHT or FULL
 * join (SQLite's JT_LTORJ).
 */
export type JoinSide = "inner" | "left" | "rightOrFull" | "leftOfRight";

/** A usable partial index: per column its WHERE fixes, the value a read of it gives. */
export type FixedColumns = Map<number, PlanExpr>;

/** whereUsablePartialIndex: does the clause imply every AND-term of `where`? */
export function partialIndexUsable(
  where: B.BoundExpr,
  source: number,
  side: JoinSide,
  terms: readonly ClauseTerm[],
): boolean {
  // On the right of a RIGHT or FULL join its ON terms may imply one for the loop that
  // seeks per left row (from.ts planRightTable), not for the unmatched rows' own loop.
  if (side === "leftOfRight") return false;
  // Joined inward any term serves; on the right of an outer join its own ON terms only.
  return boundConjuncts(sqliteShape(where)).every((cond) =>
    terms.some((t) =>
      (t.outerJoin === null ? side === "inner" : t.outerJoin === source) &&
      impliesExpr(t.expr, cond, t.commuted)
    )
  );
}

const FIXABLE = new Set([Affinity.Text, Affinity.Numeric, Affinity.Integer, Affinity.Real]);

/**
 * The partial indexes of table `source` (read as plan node `id`) that the clause lets
 * the planner use, with the columns each fixes. On the right of a LEFT join a fixed column
 * reads NULL on the NULL-filled row, told by its key column being NULL.
 */
export function usablePartialIndexes(
  ctx: PlanContext,
  scope: LowerScope,
  source: B.TableSource,
  id: number,
  side: JoinSide,
  terms: readonly ClauseTerm[],
): Map<IndexInfo, FixedColumns> {
  const out = new Map<IndexInfo, FixedColumns>();
  const table = source.table;
  source.partialWhere.forEach((where, i) => {
    if (!where || !partialIndexUsable(where, source.id, side, terms)) return;
    const fixed: FixedColumns = new Map();
    // wherePartIdxExpr: the `col = <constant>` / `col IS <constant>` terms of `where` fix a
    // column: BINARY comparison, a stored column whose affinity converts (not BLOB). Like
    // SQLite, it looks at the right operand of each AND and at the left one only when that
    // is no AND itself (`a = 1 AND b = 2 AND c = 3` fixes only c).
    const walk = (e: B.BoundExpr): void => {
      if (e.kind === "binary" && e.op === "and") {
        walk(e.right);
        e = e.left;
      }
      if (e.kind !== "binary" || (e.op !== "=" && e.op !== "is")) return;
      const col = e.left;
      if (col.kind !== "column" || col.column < 0 || !isConstantExpr(e.right)) return;
      if (cmpCollation(col, e.right) !== "BINARY") return;
      const c = table.columns[col.column];
      // A VIRTUAL column's reads are computed from other columns: never treated as fixed.
      if (!FIXABLE.has(c.affinity) || c.generated?.stored === false) return;
      const value: PlanExpr = {
        kind: "affinity",
        operand: lowerExpr(ctx, scope, e.right),
        affinity: c.affinity,
      };
      // On the right of a LEFT join: NULL when node `id` stands on its NULL-filled row (no
      // key then).
      fixed.set(
        col.column,
        side === "left"
          ? {
            kind: "case",
            operand: null,
            whens: [{
              when: {
                kind: "nullTest",
                not: true,
                operand: colRef(id, table.withoutRowid ? table.primaryKey[0].column : -1),
              },
              then: value,
              affinity: Affinity.Blob,
              collation: "BINARY",
            }],
            otherwise: null,
          }
          : value,
      );
    };
    walk(where);
    out.set(table.indexes[i], fixed);
  });
  return out;
}

/**
 * `q` (the statement's whole plan) with every read of a column registered in
 * `ctx.fixedColumns` (a covering partial index that does not hold it) replaced by the
 * value it reads as.
 */
export function readFixedColumns<T>(ctx: PlanContext, q: T): T {
  const fixed = ctx.fixedColumns;
  if (!fixed.size) return q;
  return mapColumnRefs(q, (r) => fixed.get(r.node)?.get(r.column) ?? r);
}
