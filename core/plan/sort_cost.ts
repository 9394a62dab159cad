/**
 * where.c's whereSortingCost: what the sort an ORDER BY (or GROUP BY) leaves to do
 * costs, in LogEst units (10·log2), for the solver to weigh (path_solver.ts).
 */
import { estLog, logEst } from "./row_size.ts";
import type { PlanExpr } from "./plan.ts";

/** What the sort's cost depends on besides its rows: the result's columns, a LIMIT. */
export interface SortShape {
  /** The number of result columns (pEList->nExpr). */
  columns: number;
  /** A LIMIT given as an integer constant of at least 1 (select.c's SF_FixedLimit). */
  limit: number | null;
  /** A SELECT DISTINCT not run as a GROUP BY (WHERE_WANT_DISTINCT). */
  distinct: boolean;
}

/** The sort shape of a SELECT with `columns` result columns and this LIMIT expression. */
export function sortShapeOf(
  columns: number,
  limit: PlanExpr | null,
  distinct: boolean,
): SortShape {
  const v = limit?.kind === "const" ? limit.value : null;
  const n = typeof v === "number" && Number.isInteger(v)
    ? v
    : typeof v === "bigint"
    ? Number(v)
    : 0;
  return { columns, limit: n >= 1 ? n : null, distinct };
}

/**
 * where.c whereSortingCost: sorting `nRow` (LogEst) rows by `nOrderBy` terms whose first
 * `nSorted` come in order already.
 */
export function sortingCostLogEst(
  nRow: number,
  nOrderBy: number,
  nSorted: number,
  shape: SortShape,
): number {
  let cost = nRow + logEst(Math.floor((shape.columns + 59) / 30));
  if (nSorted > 0) {
    cost += logEst(Math.floor((nOrderBy - nSorted) * 100 / nOrderBy)) - 66;
  }
  let rows = nRow;
  if (shape.limit !== null) {
    // A LIMIT's sorter keeps only LIMIT rows, at twice the cost (1.5 more when partial).
    cost += nSorted > 0 ? 16 : 10;
    rows = Math.min(rows, logEst(shape.limit));
  } else if (shape.distinct && rows > 10) {
    // A DISTINCT is taken to halve the rows the sort keeps.
    rows -= 10;
  }
  return cost + estLog(rows);
}
