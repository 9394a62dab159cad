/**
 * Join order for a set of inner-joined leaves: a bounded best-first search over partial
 * orders (SQLite's wherePathSolver keeps the N cheapest paths at each length), with each
 * leaf read by its cheapest access path given the leaves before it.
 */
import { Bug, bugError } from "../internal_error.ts";
import { type AccessPath, TABLE_ROWS, tablePaths } from "./access_path.ts";
import type { Leaf } from "./leaves.ts";
import type * as B from "../analyze/bound.ts";
import { sqlError } from "../errors.ts";
import type { Term } from "./terms.ts";
import type { OrderChooser } from "./order.ts";
import { type AutoIndex, autoIndexFor } from "./auto_index.ts";

/** A chosen step of a join order: the leaf and, for a table, its access path. */
export interface JoinStep {
  leaf: Leaf;
  path: AccessPath | null;
  /** Read through an automatic index (a hash lookup) instead of `path`. */
  auto: AutoIndex | null;
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

/** A cost on SQLite's LogEst scale (10·log2): costs this close are a tie, as in SQLite. */
function logEst(cost: number): number {
  return Math.round(10 * Math.log2(cost + 1));
}

/**
 * Orders partial join orders: cheaper first; on a tie (same LogEst), the one that keeps
 * the FROM order longer (leaf ids grow in FROM order), as SQLite keeps the first found.
 */
function better(a: Partial, b: Partial): number {
  const d = logEst(a.cost) - logEst(b.cost);
  if (d !== 0) return d;
  for (let i = 0; i < a.steps.length && i < b.steps.length; i++) {
    const x = a.steps[i].leaf.id - b.steps[i].leaf.id;
    if (x !== 0) return x;
  }
  return 0;
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
  firstChoice?: OrderChooser,
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
        const first = depth === 0 ? firstChoice : undefined;
        const b = bestStep(leaf, mine, p.placed, leafIds, first, p.rows);
        const placed = new Set(p.placed).add(leaf.id);
        const cand: Partial = {
          steps: [...p.steps, b.step],
          placed,
          cost: p.cost + b.setup + p.rows * b.cost,
          rows: Math.min(p.rows * b.rows, 1e300),
        };
        if (
          firstChoice && depth === leaves.length - 1 && !firstChoice.givesOrder(cand.steps[0].path)
        ) {
          // The order the outer loop does not give costs a sort of the join's rows.
          cand.cost += firstChoice.sortCost(cand.rows);
        }
        const key = [...placed].sort((x, y) => x - y).join(",");
        const old = next.get(key);
        if (!old || better(cand, old) < 0) next.set(key, cand);
      }
    }
    if (next.size === 0) throw bugError(Bug.NoJoinOrder);
    beam = [...next.values()].sort(better).slice(0, width);
  }
  return beam[0].steps;
}
