/**
 * The order a statement wants from its FROM: its ORDER BY or GROUP BY terms, and what the
 * solver weighs of them (whether loops give them: loops_order.ts).
 */
import type { PlanExpr } from "./plan.ts";
import { type AccessPath, columnOf } from "./access_path.ts";
import { sortingCostLogEst, type SortShape } from "./sort_cost.ts";

/** A wanted order: an expression per key, direction, NULL placement, collation. */
export interface OrderTerm {
  expr: PlanExpr;
  desc: boolean;
  nullsFirst: boolean;
  collation: string;
}

/**
 * The order a statement wants from its FROM (ORDER BY, or GROUP BY), as the solver weighs
 * it (path_solver.ts).
 */
export interface WantedOrder {
  /** The wanted terms. */
  terms(): OrderTerm[];
  /** A GROUP BY's: its terms may come in any order and direction. */
  grouping: boolean;
  /** A GROUP BY that the ORDER BY repeats (select.c's orderByGrp). */
  sortByGroup: boolean;
  /** The number of wanted terms. */
  count(): number;
  /** where.c indexMightHelpWithOrderBy for a path's index. */
  mightHelp(path: AccessPath): boolean;
  /** where.c whereSortingCost of `nRow` rows (LogEst), the first `nSorted` terms in order. */
  sortingCost(nRow: number, nSorted: number): number;
}

/**
 * The wanted order `terms` (`grouping`: a GROUP BY's, in any direction); `shape`: the statement's result columns and constant LIMIT, which
 * where.c's sort cost weighs.
 */
export function wantedOrder(
  lower: () => OrderTerm[],
  grouping: boolean,
  sortByGroup: boolean,
  shape: SortShape,
): WantedOrder {
  const limited = { ...shape, limit: grouping ? null : shape.limit };
  let lowered: OrderTerm[] | undefined;
  // Lowered once the FROM's sources are registered (the solver asks first).
  const terms = () => (lowered ??= lower());
  return {
    terms,
    grouping,
    sortByGroup,
    count: () => terms().length,
    // where.c indexMightHelpWithOrderBy: does a wanted term read the rowid or a key column
    // of the path's index?
    mightHelp(p: AccessPath): boolean {
      const keys = new Set(p.order.map((o) => o.column));
      if (keys.size === 0) return false; // ANALYZE's "unordered" index
      return terms().some((t) => {
        const c = columnOf(t.expr, p.node.id);
        return c !== null && (c === -1 || keys.has(c));
      });
    },
    sortingCost: (nRow: number, nSorted: number) =>
      sortingCostLogEst(nRow, terms().length, nSorted, limited),
  };
}
