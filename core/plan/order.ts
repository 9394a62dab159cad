/**
 * Orders an access path gives: whether a table's path yields the rows in ORDER BY or
 * GROUP BY order, so the sort (or the grouping b-tree) can be skipped.
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

/** How a path orders its rows by some terms (see {@link pathOrder}). */
export interface PathOrder {
  /** The path must run backwards. */
  reverse: boolean;
  /**
   * Per term, whether its values come out descending (the path run forwards, or backwards
   * when `reverse`); null where the term's value is fixed (one value) or decided earlier
   * (a unique prefix ends the comparison).
   */
  desc: (boolean | null)[];
  /** The path orders by the terms in another order than theirs (GROUP BY only). */
  permuted: boolean;
}

/**
 * Does `path` give rows ordered by `terms`? `reverse`: the path must run backwards.
 * NULL placement must be SQLite's default for the direction. With `grouping` (a GROUP BY,
 * which only needs equal keys together: where.c skips the direction test under
 * WHERE_GROUPBY and matches the terms in any order) the path runs forwards and its
 * columns may give the terms in any order and direction.
 */
export function pathOrder(
  path: AccessPath,
  terms: readonly OrderTerm[],
  grouping = false,
): PathOrder | null {
  const node = path.node;
  const desc: (boolean | null)[] = terms.map(() => null);
  if (node.kind === "tableScan" && node.rowid?.kind === "key" && node.rowid.key.kind === "value") {
    return { reverse: false, desc, permuted: false };
  }
  const matches = (t: OrderTerm, oc: AccessPath["order"][number]) =>
    columnOf(t.expr, node.id) === oc.column &&
    (oc.column < 0 || oc.collation.toUpperCase() === t.collation.toUpperCase());
  // Terms whose value the path fixes need no order.
  const left = new Set<number>();
  for (let i = 0; i < terms.length; i++) {
    const column = columnOf(terms[i].expr, node.id);
    if (column === null || !path.fixed.has(column)) left.add(i);
  }
  let reverse: boolean | null = grouping ? false : null;
  let permuted = false;
  for (const oc of path.order) {
    if (left.size === 0) break;
    if (path.fixed.has(oc.column)) continue;
    const next = Math.min(...left);
    let i = next;
    if (!matches(terms[i], oc)) {
      if (!grouping) return null;
      const other = [...left].find((j) => matches(terms[j], oc));
      if (other === undefined) return null;
      i = other;
      permuted = true;
    }
    const t = terms[i];
    if (!grouping) {
      if (t.nullsFirst !== !t.desc) return null;
      const rev = t.desc !== oc.desc;
      if (reverse === null) reverse = rev;
      else if (reverse !== rev) return null;
    }
    desc[i] = oc.desc !== (reverse ?? false);
    left.delete(i);
    if (oc.unique) left.clear();
  }
  if (left.size > 0) return null;
  return { reverse: reverse ?? false, desc, permuted };
}

/**
 * The longest prefix of `terms` that `path` gives (0: none), and whether the path must
 * run backwards for it. SQLite then sorts only the remaining terms, block by block of
 * equal prefix (select.c's nOBSat): the same order as a stable sort of all terms over the
 * path's rows, so ties keep the path's order (its direction included).
 */
export function orderedPrefix(
  path: AccessPath,
  terms: readonly OrderTerm[],
): { length: number; reverse: boolean } {
  for (let n = terms.length; n > 0; n--) {
    const o = pathOrder(path, terms.slice(0, n));
    if (o) return { length: n, reverse: o.reverse };
  }
  return { length: 0, reverse: false };
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
  /** The number of wanted terms. */
  count(): number;
  /** where.c indexMightHelpWithOrderBy for a path's index. */
  mightHelp(path: AccessPath): boolean;
  /** where.c whereSortingCost of `nRow` rows (LogEst), the first `nSorted` terms in order. */
  sortingCost(nRow: number, nSorted: number): number;
}

/**
 * The wanted order `terms` (`grouping`: a GROUP BY's, in any direction; see
 * {@link pathOrder}); `shape`: the statement's result columns and constant LIMIT, which
 * where.c's sort cost weighs.
 */
export function wantedOrder(
  lower: () => OrderTerm[],
  grouping: boolean,
  shape: SortShape,
): WantedOrder {
  const limited = { ...shape, limit: grouping ? null : shape.limit };
  let lowered: OrderTerm[] | undefined;
  // Lowered once the FROM's sources are registered (the solver asks first).
  const terms = () => (lowered ??= lower());
  return {
    terms,
    grouping,
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
