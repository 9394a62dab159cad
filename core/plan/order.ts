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

/**
 * Does `path` give rows ordered by `terms`? `reverse`: the path must run backwards.
 * NULL placement must be SQLite's default for the direction.
 */
export function pathOrder(
  path: AccessPath,
  terms: readonly OrderTerm[],
): { reverse: boolean } | null {
  const node = path.node;
  if (node.kind === "tableScan" && node.rowid?.kind === "key" && node.rowid.key.kind === "value") {
    return { reverse: false };
  }
  let reverse: boolean | null = null;
  let pos = 0;
  const order = path.order;
  for (const t of terms) {
    const e = t.expr;
    if (e.kind !== "column" || e.node !== node.id) return null;
    if (path.fixed.has(e.column)) continue;
    while (pos < order.length && path.fixed.has(order[pos].column)) pos++;
    if (pos >= order.length) return null;
    const oc = order[pos];
    if (oc.column !== e.column) return null;
    if (oc.column >= 0 && oc.collation.toUpperCase() !== t.collation.toUpperCase()) return null;
    if (t.nullsFirst !== !t.desc) return null;
    const rev = t.desc !== oc.desc;
    if (reverse === null) reverse = rev;
    else if (reverse !== rev) return null;
    if (oc.unique) break;
    pos++;
  }
  return { reverse: reverse ?? false };
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
 * needs (`stream`: the order must run forwards).
 */
export function orderAwareChooser(terms: () => OrderTerm[], forwardOnly: boolean): OrderChooser {
  const gives = (p: AccessPath, wanted: readonly OrderTerm[]) => {
    const o = pathOrder(p, wanted);
    return o !== null && !(forwardOnly && o.reverse);
  };
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
