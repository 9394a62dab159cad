/**
 * The path of the only table of a FROM chosen as where.c's wherePathSolver chooses it for
 * an ORDER BY (or GROUP BY): a first pass ignoring the order estimates the rows of the
 * result (nRowEst, the cheapest path's rows after whereLoopOutputAdjust, plus one); the
 * second charges every path that does not give the order the same sort of those rows
 * (whereSortingCost), plus 3, and never turns an `=` seek of the first pass into a scan
 * (whereInterstageHeuristic). All in LogEst units (10·log2).
 */
import { type AccessPath, costScaleLogEst, tableRows } from "./access_path.ts";
import { equalityRight, logEstAdd } from "./partial_scan_cost.ts";
import { logEst } from "./row_size.ts";
import type { Term } from "./terms.ts";
import type { PlanExpr } from "./plan.ts";
import { getOrMake } from "../util/multimap.ts";

/** What the sort's cost depends on besides its rows: the result's columns, a LIMIT. */
export interface SortShape {
  /** The number of result columns (pEList->nExpr). */
  columns: number;
  /** A LIMIT given as an integer constant of at least 1 (select.c's SF_FixedLimit). */
  limit: number | null;
}

/** The sort shape of a SELECT with `columns` result columns and this LIMIT expression. */
export function sortShapeOf(columns: number, limit: PlanExpr | null): SortShape {
  const v = limit?.kind === "const" ? limit.value : null;
  const n = typeof v === "number" && Number.isInteger(v)
    ? v
    : typeof v === "bigint"
    ? Number(v)
    : 0;
  return { columns, limit: n >= 1 ? n : null };
}

/** where.c estLog: the LogEst of the logarithm of a LogEst row count. */
function estLog(n: number): number {
  return n <= 10 ? 0 : logEst(n) - 33;
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
  }
  return cost + estLog(rows);
}

/**
 * where.c whereLoopOutputAdjust: the LogEst rows `path` yields once the terms it does not
 * use are tested: one LogEst less per term, and at most the table's rows less 20 (10 for
 * `x = -1`, `0` or `1`, maybe a flag) when one of them is an `=`.
 */
function outputLogEst(path: AccessPath, terms: readonly Term[]): number {
  let rows = logEst(Math.max(1, Math.round(path.rows)));
  let reduce = 0;
  for (const t of terms) {
    if (t.virtual || path.used.includes(t)) continue;
    rows--;
    const right = equalityRight(t.expr);
    if (right) {
      const v = right.kind === "const" ? right.value : null;
      const flag = (typeof v === "number" || typeof v === "bigint") &&
        Number.isInteger(Number(v)) &&
        Number(v) >= -1 && Number(v) <= 1;
      reduce = Math.max(reduce, flag ? 10 : 20);
    }
  }
  return Math.min(rows, logEst(tableRows(path.node.table)) - reduce);
}

/** The continuous LogEst of a path's cost, on where.c's scale. */
function costLogEst(p: AccessPath): number {
  return 10 * Math.log2(Math.max(1, p.cost)) - costScaleLogEst(p.node.table);
}

/** Does the path seek with `=` or IN (WHERE_COLUMN_EQ / WHERE_COLUMN_IN)? */
function seeksEqual(p: AccessPath): boolean {
  const n = p.node;
  return n.kind === "indexScan" ? n.eq.length > 0 : n.rowid?.kind === "key";
}

/**
 * The path of a single-table FROM for an order of `nOrderBy` terms, of which `sorted(p)`
 * come in order from path `p`; `terms` are the table's WHERE terms.
 */
export function singleTableSortChoice(
  paths: readonly AccessPath[],
  terms: readonly Term[],
  nOrderBy: number,
  sorted: (p: AccessPath) => number,
  shape: SortShape,
): AccessPath {
  const first = paths.reduce((a, b) => (b.cost < a.cost ? b : a));
  const nRowEst = Math.max(1, outputLogEst(first, terms) + 1);
  const candidates = seeksEqual(first) ? paths.filter((p) => p.used.length > 0) : paths;
  const sortCost = new Map<number, number>();
  let best = candidates[0];
  let bestCost = Infinity;
  let bestRows = Infinity;
  for (const p of candidates) {
    const n = sorted(p);
    let cost = costLogEst(p);
    if (n < nOrderBy) {
      const s = getOrMake(sortCost, n, () => sortingCostLogEst(nRowEst, nOrderBy, n, shape));
      cost = logEstAddExact(cost, s) + 3;
    }
    // On equal costs the path yielding fewer rows wins, else the first.
    const rows = outputLogEst(p, terms);
    if (cost < bestCost - 1e-9 || (Math.abs(cost - bestCost) <= 1e-9 && rows < bestRows)) {
      best = p;
      bestCost = cost;
      bestRows = rows;
    }
  }
  return best;
}

/** sqlite3LogEstAdd on continuous values (the sum of two costs, as a LogEst). */
function logEstAddExact(a: number, b: number): number {
  if (Number.isInteger(a) && Number.isInteger(b)) return logEstAdd(a, b);
  return 10 * Math.log2(2 ** (a / 10) + 2 ** (b / 10));
}
