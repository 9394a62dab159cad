/**
 * Join order for a set of inner-joined leaves (where.c's solver: path_solver.ts), and the
 * cheapest access path of one leaf read alone or after a fixed set of leaves (an outer
 * join's units keep their FROM order).
 */
import { type AccessPath, TABLE_ROWS, tablePaths } from "./access_path.ts";
import type { Leaf } from "./leaves.ts";
import type * as B from "../analyze/bound.ts";
import { sqlError } from "../errors.ts";
import type { Term } from "./terms.ts";
import type { OrderChooser } from "./order.ts";
import { type AutoIndex, autoIndexFor } from "./auto_index.ts";
import { leafLoops, type WhereLoop } from "./where_loop.ts";
import { solveJoin, type SolverOrder } from "./path_solver.ts";
import { getOrMake } from "../util/multimap.ts";

/** A chosen step of a join order: the leaf and, for a table, its access path. */
export interface JoinStep {
  leaf: Leaf;
  path: AccessPath | null;
  /** Read through an automatic index (a hash lookup) instead of `path`. */
  auto: AutoIndex | null;
}

/** Can `term` be evaluated once the leaves in `placed` (plus `self`) are available? */
export function termReady(
  term: Term,
  placed: ReadonlySet<number>,
  leafIds: ReadonlySet<number>,
  self: number,
): boolean {
  for (const r of term.refs) {
    if (r !== self && leafIds.has(r) && !placed.has(r)) return false;
  }
  return true;
}

/**
 * Rows a non-table leaf is taken to yield: one for a subquery without FROM (SQLite's
 * nSelectRow of a loop over no tables), else a fixed guess.
 */
function subqueryRows(source: B.BoundSource): number {
  if (source.kind !== "subquery") return 1000;
  const s = source.select;
  return s.compounds.length === 0 && s.first.kind === "core" && s.first.from === null ? 1 : 1000;
}

/**
 * The cheapest access path of `leaf` after the leaves in `placed`, which yield about
 * `outerRows` rows (an automatic index costs `setup` once, then little per probe).
 */
export function bestStep(
  leaf: Leaf,
  terms: readonly Term[],
  placed: ReadonlySet<number>,
  leafIds: ReadonlySet<number>,
  choose?: (paths: AccessPath[], terms?: readonly Term[]) => AccessPath,
  outerRows = 1,
): { step: JoinStep; cost: number; rows: number; setup: number } {
  let rows = leaf.kind === "table" ? TABLE_ROWS : subqueryRows(leaf.source);
  let cost = rows;
  let path: AccessPath | null = null;
  const ready = (t: Term) => termReady(t, placed, leafIds, leaf.id);
  if (leaf.kind === "table") {
    // A whole non-covering index scan is for an ORDER BY: the chooser weighs it.
    const all = tablePaths(leaf.table, terms, ready);
    const paths = choose ? all : all.filter((p) => !p.orderOnly);
    if (paths.length === 0) throw sqlError("no query solution");
    // The only table of its FROM: the chooser weighs the sort as where.c does, from its terms.
    const single = leafIds.size === 1 && placed.size === 0;
    const local = single ? terms.filter((t) => t.refs.has(leaf.id) && ready(t)) : undefined;
    path = choose ? choose(paths, local) : paths.reduce((a, b) => (b.cost < a.cost ? b : a));
    rows = path.rows;
    cost = path.cost;
  }
  let auto: AutoIndex | null = null;
  let setup = 0;
  if (!path || path.used.length === 0) {
    const a = autoIndexFor(leaf, terms, ready, placed);
    if (a && a.setup + outerRows * a.cost < outerRows * cost) {
      auto = a;
      setup = a.setup;
      cost = a.cost;
      rows = a.rows;
    }
  }
  // Terms that become checkable here and are not used by the seek thin the rows out.
  for (const t of terms) {
    if (!t.refs.has(leaf.id) || path?.used.includes(t) || !ready(t)) continue;
    if (auto && auto.keys.some((k) => k.term === t)) continue;
    rows = Math.max(1, rows / 4);
  }
  return { step: { leaf, path: auto ? null : path, auto }, cost, rows, setup };
}

/**
 * The cheapest order of `leaves` (inner joins only) and each leaf's access path, as
 * where.c's solver finds it (path_solver.ts, where_loop.ts). `deps`: leaf id → leaf ids
 * it must come after. `firstChoice`: the wanted ORDER BY or GROUP BY, which the first
 * leaf's path may give.
 */
export function chooseJoinOrder(
  leaves: readonly Leaf[],
  terms: readonly Term[],
  deps: Map<number, Set<number>>,
  firstChoice?: OrderChooser,
): JoinStep[] {
  const leafIds = new Set(leaves.map((l) => l.id));
  if (leaves.length === 1) return [bestStep(leaves[0], terms, new Set(), leafIds).step];
  // A leaf's loops depend only on which leaves it shares a term with are placed (and on
  // whether any leaf is: an automatic index is never the outer loop).
  const neighbours = new Map(leaves.map((l) => [l.id, new Set<number>()]));
  for (const t of terms) {
    for (const r of t.refs) for (const o of t.refs) if (r !== o) neighbours.get(r)?.add(o);
  }
  const cache = new Map<string, readonly WhereLoop[]>();
  const loopsAt = (leaf: Leaf, placed: ReadonlySet<number>) => {
    const near = [...neighbours.get(leaf.id)!].filter((x) => placed.has(x)).sort((a, b) => a - b);
    const key = `${leaf.id}:${placed.size > 0}:${near.join(",")}`;
    return getOrMake(cache, key, () => {
      const ready = (t: Term) => termReady(t, placed, leafIds, leaf.id);
      return leafLoops(leaf, terms, ready, placed, leafIds, leafRows, firstChoice);
    });
  };
  const order: SolverOrder | null = firstChoice
    ? {
      count: firstChoice.count(),
      satisfied: (loop) => loop.auto || !loop.path ? 0 : firstChoice.joinPrefix(loop.path),
      sortingCost: (nRow, nSorted) => firstChoice.sortingCost(nRow, nSorted),
    }
    : null;
  const loops = solveJoin(leaves, loopsAt, deps, order);
  if (!loops) throw sqlError("no query solution");
  return loops.map((l) => ({ leaf: l.leaf, path: l.auto ? null : l.path, auto: l.auto }));
}

/** The rows a non-table leaf is taken to yield. */
function leafRows(leaf: Leaf): number {
  return leaf.kind === "table" ? TABLE_ROWS : subqueryRows(leaf.source);
}
