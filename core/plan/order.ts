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
 * What the wanted terms are (where.c's flags): an ORDER BY, taken in turn and direction; a
 * GROUP BY (WHERE_GROUPBY), in any order and direction; a DISTINCT's result columns
 * (WHERE_DISTINCTBY), in any order but each in the direction of the first.
 */
export type OrderKind = "orderBy" | "groupBy" | "distinctBy";

/**
 * The order a statement wants from its FROM (ORDER BY, GROUP BY, or a DISTINCT's result
 * columns), as the solver weighs it (path_solver.ts).
 */
export interface WantedOrder {
  /** The wanted terms. */
  terms(): OrderTerm[];
  kind: OrderKind;
  /** A GROUP BY that the ORDER BY repeats (select.c's orderByGrp). */
  sortByGroup: boolean;
  /**
   * The result columns of a SELECT DISTINCT (WHERE_WANT_DISTINCT), or null: planFrom
   * tells whether they come unique or grouped (each row's copies in a row) on their own.
   */
  distinct: (() => OrderTerm[]) | null;
  /** where.c indexMightHelpWithOrderBy for a path's index. */
  mightHelp(path: AccessPath): boolean;
  /** where.c whereSortingCost of `nRow` rows (LogEst), the first `nSorted` terms in order. */
  sortingCost(nRow: number, nSorted: number): number;
}

/**
 * The wanted order `terms` of this kind; `shape`: the statement's result columns, constant
 * LIMIT and DISTINCT, which where.c's sort cost weighs (an aggregate's sort, a GROUP BY's
 * or one made of a DISTINCT, takes no LIMIT).
 */
export function wantedOrder(
  lower: () => OrderTerm[],
  kind: OrderKind,
  sortByGroup: boolean,
  shape: SortShape,
  distinct: (() => OrderTerm[]) | null = null,
): WantedOrder {
  const limited = { ...shape, limit: kind === "groupBy" || sortByGroup ? null : shape.limit };
  let lowered: OrderTerm[] | undefined;
  // Lowered once the FROM's sources are registered (the solver asks first).
  const terms = () => (lowered ??= lower());
  return {
    terms,
    kind,
    sortByGroup,
    distinct,
    // where.c indexMightHelpWithOrderBy: does a wanted term read the rowid or a key column
    // of the path's index? (Only its declared columns: not the primary key or rowid an
    // index entry ends with.)
    mightHelp(p: AccessPath): boolean {
      if (!p.order.length) return false; // ANALYZE's "unordered" index
      const n = p.node;
      const keys = new Set(
        (n.kind === "indexScan" ? n.index.keyColumns : p.order).map((o) => o.column),
      );
      return terms().some((t) => {
        const c = columnOf(t.expr, p.node.id);
        return c !== null && (c === -1 || keys.has(c));
      });
    },
    sortingCost: (nRow: number, nSorted: number) =>
      sortingCostLogEst(nRow, terms().length, nSorted, limited),
  };
}
