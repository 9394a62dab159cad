/**
 * Join order for a set of inner-joined leaves: a bounded best-first search over partial
 * orders (SQLite's wherePathSolver keeps the N cheapest paths at each length), with each
 * leaf read by its cheapest access path given the leaves before it.
 */
import { type AccessPath, TABLE_ROWS, tablePaths } from "./access_path.ts";
import type { Leaf } from "./leaves.ts";
import type { Term } from "./terms.ts";

/** A chosen step of a join order: the leaf and, for a table, its access path. */
export interface JoinStep {
  leaf: Leaf;
  path: AccessPath | null;
}

interface Partial {
  steps: JoinStep[];
  placed: Set<number>;
  cost: number;
  rows: number;
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

/** The cheapest access path of `leaf` after the leaves in `placed`. */
export function bestStep(
  leaf: Leaf,
  terms: readonly Term[],
  placed: ReadonlySet<number>,
  leafIds: ReadonlySet<number>,
  choose?: (paths: AccessPath[]) => AccessPath,
): { step: JoinStep; cost: number; rows: number } {
  let rows = leaf.kind === "table" ? TABLE_ROWS : 1000;
  let cost = rows;
  let path: AccessPath | null = null;
  const ready = (t: Term) => termReady(t, placed, leafIds, leaf.id);
  if (leaf.kind === "table") {
    const paths = tablePaths(leaf.table, terms, ready);
    if (paths.length === 0) throw new Error("no query solution");
    path = choose ? choose(paths) : paths.reduce((a, b) => (b.cost < a.cost ? b : a));
    rows = path.rows;
    cost = path.cost;
  }
  // Terms that become checkable here and are not used by the seek thin the rows out.
  for (const t of terms) {
    if (!t.refs.has(leaf.id) || path?.used.includes(t) || !ready(t)) continue;
    rows = Math.max(1, rows / 4);
  }
  return { step: { leaf, path }, cost, rows };
}

/** Leaves whose node reads other leaves (table-valued function arguments) wait for them. */
function dependenciesMet(leaf: Leaf, deps: Map<number, Set<number>>, placed: Set<number>) {
  const d = deps.get(leaf.id);
  if (!d) return true;
  for (const x of d) if (!placed.has(x)) return false;
  return true;
}

/**
 * The cheapest order of `leaves` (inner joins only) and each leaf's access path.
 * `deps`: leaf id → leaf ids it must come after. `firstChoice` picks the first leaf's
 * path (to prefer one giving the ORDER BY).
 */
export function chooseJoinOrder(
  leaves: readonly Leaf[],
  terms: readonly Term[],
  deps: Map<number, Set<number>>,
  firstChoice?: (paths: AccessPath[]) => AccessPath,
): JoinStep[] {
  const leafIds = new Set(leaves.map((l) => l.id));
  const relevant = new Map<number, Term[]>();
  for (const l of leaves) relevant.set(l.id, []);
  for (const t of terms) {
    for (const r of t.refs) relevant.get(r)?.push(t);
  }
  const width = leaves.length <= 1 ? 1 : leaves.length <= 2 ? 5 : leaves.length <= 16 ? 10 : 2;
  let beam: Partial[] = [{ steps: [], placed: new Set(), cost: 0, rows: 1 }];
  for (let depth = 0; depth < leaves.length; depth++) {
    const next = new Map<string, Partial>();
    for (const p of beam) {
      for (const leaf of leaves) {
        if (p.placed.has(leaf.id) || !dependenciesMet(leaf, deps, p.placed)) continue;
        const mine = relevant.get(leaf.id)!;
        const b = bestStep(leaf, mine, p.placed, leafIds, depth === 0 ? firstChoice : undefined);
        const placed = new Set(p.placed).add(leaf.id);
        const cand: Partial = {
          steps: [...p.steps, b.step],
          placed,
          cost: p.cost + p.rows * b.cost,
          rows: Math.min(p.rows * b.rows, 1e300),
        };
        const key = [...placed].sort((x, y) => x - y).join(",");
        const old = next.get(key);
        if (!old || cand.cost < old.cost) next.set(key, cand);
      }
    }
    if (next.size === 0) throw new Error("planner: no join order satisfies the dependencies");
    beam = [...next.values()].sort((a, b) => a.cost - b.cost).slice(0, width);
  }
  return beam[0].steps;
}
