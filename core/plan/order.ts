/**
 * Orders an access path gives: whether a table's path yields the rows in ORDER BY or
 * GROUP BY order, so the sort (or the grouping b-tree) can be skipped.
 */
import type { PlanExpr } from "./plan.ts";
import type { AccessPath } from "./access_path.ts";

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
}

/**
 * Does `path` give rows ordered by `terms`? `reverse`: the path must run backwards.
 * NULL placement must be SQLite's default for the direction. With `anyDirection` (a
 * GROUP BY, which only needs equal keys together: where.c skips the direction test under
 * WHERE_GROUPBY) each term may come out in either direction and the path runs forwards.
 */
export function pathOrder(
  path: AccessPath,
  terms: readonly OrderTerm[],
  anyDirection = false,
): PathOrder | null {
  const node = path.node;
  const desc: (boolean | null)[] = terms.map(() => null);
  if (node.kind === "tableScan" && node.rowid?.kind === "key" && node.rowid.key.kind === "value") {
    return { reverse: false, desc };
  }
  let reverse: boolean | null = anyDirection ? false : null;
  let pos = 0;
  const order = path.order;
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i];
    const e = t.expr;
    if (e.kind !== "column" || e.node !== node.id) return null;
    if (path.fixed.has(e.column)) continue;
    while (pos < order.length && path.fixed.has(order[pos].column)) pos++;
    if (pos >= order.length) return null;
    const oc = order[pos];
    if (oc.column !== e.column) return null;
    if (oc.column >= 0 && oc.collation.toUpperCase() !== t.collation.toUpperCase()) return null;
    if (!anyDirection) {
      if (t.nullsFirst !== !t.desc) return null;
      const rev = t.desc !== oc.desc;
      if (reverse === null) reverse = rev;
      else if (reverse !== rev) return null;
    }
    desc[i] = oc.desc !== (reverse ?? false);
    if (oc.unique) break;
    pos++;
  }
  return { reverse: reverse ?? false, desc };
}

/**
 * Picks a table's path for a wanted order; `givesOrder` says whether a path (of the
 * outermost loop of a join) yields the rows in that order, `sortCost` what sorting
 * `rows` rows costs otherwise.
 */
export interface OrderChooser {
  (paths: AccessPath[]): AccessPath;
  givesOrder(path: AccessPath | null): boolean;
  sortCost(rows: number): number;
}

function sortCost(rows: number): number {
  return rows * Math.log2(Math.max(2, rows)) * 3;
}

/**
 * Picks the cheapest path counting the sort a path that does not give `terms` order
 * needs (`grouping`: a GROUP BY's order, in any direction; see {@link pathOrder}).
 */
export function orderAwareChooser(terms: () => OrderTerm[], grouping: boolean): OrderChooser {
  const gives = (p: AccessPath, wanted: readonly OrderTerm[]) =>
    pathOrder(p, wanted, grouping) !== null;
  const choose = (paths: AccessPath[]) => {
    const wanted = terms();
    let best: AccessPath | null = null;
    let bestCost = Infinity;
    for (const p of paths) {
      const cost = p.cost + (gives(p, wanted) ? 0 : sortCost(p.rows));
      if (cost < bestCost) {
        best = p;
        bestCost = cost;
      }
    }
    return best!;
  };
  return Object.assign(choose, {
    givesOrder(path: AccessPath | null): boolean {
      if (path === null) return false;
      const wanted = terms();
      const id = path.node.id;
      if (!wanted.every((t) => t.expr.kind === "column" && t.expr.node === id)) return false;
      return gives(path, wanted);
    },
    sortCost,
  });
}
