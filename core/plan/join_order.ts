/**
 * Join order for a set of inner-joined leaves, and each one's access path, as where.c's
 * solver finds them (path_solver.ts over where_loop.ts's loops): one leaf alone is the
 * one-loop case, an outer join's unit one leaf read after a fixed set of leaves.
 */
import type { AccessPath } from "./access_path.ts";
import type { Leaf } from "./leaves.ts";
import { sqlError } from "../errors.ts";
import type { Term } from "./terms.ts";
import type { OrderKind, WantedOrder } from "./order.ts";
import type { AutoIndex } from "./auto_index.ts";
import { columnEq, leafLoops, type WhereLoop } from "./where_loop.ts";
import { solveJoin } from "./path_solver.ts";
import { type LoopsOrder, loopsOrder, oneRow } from "./loops_order.ts";
import { getOrMake } from "../util/multimap.ts";
import { logEst } from "./row_size.ts";

/** A chosen step of a join order: the leaf and, for a table, its access path. */
export interface JoinStep {
  leaf: Leaf;
  path: AccessPath | null;
  /** Read through an automatic index (a hash lookup) instead of `path`. */
  auto: AutoIndex | null;
}

/** A join order: its steps, and the wanted order they give (null: none is wanted). */
export interface JoinOrder {
  steps: JoinStep[];
  order: LoopsOrder | null;
  /** The wanted DISTINCT's rows come grouped (WHERE_DISTINCT_ORDERED). */
  distinctOrdered: boolean;
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
function leafRows(leaf: Leaf): number {
  if (leaf.kind === "table" || leaf.source.kind !== "subquery") return 1000;
  const s = leaf.source.select;
  return !s.compounds.length && s.first.kind === "core" && !s.first.from ? 1 : 1000;
}

/**
 * The cheapest order of `leaves` (inner joins only) and each leaf's access path. `deps`:
 * leaf id → leaf ids it must come after. `wanted`: the ORDER BY or GROUP BY, which the
 * loops may give. `before`: leaves read before all of these (an outer join's earlier
 * units), taken to yield a full table's rows. `seekOnly`: leaves that may seek with these
 * terms alone (a LEFT JOIN's right side, its ON terms).
 */
export function chooseJoinOrder(
  leaves: readonly Leaf[],
  terms: readonly Term[],
  deps: Map<number, Set<number>>,
  wanted?: WantedOrder,
  before: ReadonlySet<number> = new Set(),
  seekOnly?: ReadonlyMap<number, readonly Term[]>,
): JoinOrder {
  const leafIds = new Set(leaves.map((l) => l.id));
  // A leaf's loops depend on the placed leaves only through the terms they make usable
  // and whether any leaf comes first (an automatic index needs one): the solver asks for
  // many placed sets that share both, so the loops are made once per pair.
  const cache = new Map<string, readonly WhereLoop[]>();
  const loopsAt = (leaf: Leaf, placed: ReadonlySet<number>) => {
    const only = seekOnly?.get(leaf.id);
    const usable = (t: Term) => !only || only.includes(t);
    const ready = (t: Term) => termReady(t, placed, leafIds, leaf.id) && usable(t);
    let key = `${leaf.id}:${before.size || placed.size ? 1 : 0}:`;
    terms.forEach((t, i) => {
      if (ready(t)) key += `${i},`;
    });
    return getOrMake(cache, key, () => {
      const all = before.size ? new Set([...before, ...placed]) : placed;
      const mPrereq = deps.get(leaf.id);
      return leafLoops(leaf, terms, ready, all, leafIds, leafRows, wanted, usable, mPrereq);
    });
  };
  const given = (
    loops: readonly WhereLoop[],
    complete: boolean,
    kind: OrderKind = wanted!.kind,
    wantedTerms = wanted!.terms(),
  ) => loopsOrder(wantedTerms, kind, loops, terms, leafIds, complete);
  const best = solveJoin(leaves, loopsAt, deps, wanted, given, before.size ? 200 : 0);
  if (!best) throw sqlError("no query solution");
  let order = wanted ? given(best, true) : null;
  // where.c's WHERE_SORTBYGROUP: a GROUP BY the loops give that the ORDER BY repeats may
  // run them backwards to give the ORDER BY's directions too.
  if (order && wanted!.sortByGroup && order.given === order.desc.length) {
    const directed = given(best, true, "orderBy");
    if (directed.given === order.given) order = directed;
  }
  // whereCheckIfBloomFilterIsUseful: past the first, a loop on an analyzed table seeking
  // with `=` and thinning its rows by a term of its own gets a Bloom filter when the loops
  // before it make more seeks than the table has rows (up to a table not analyzed).
  let nSearch = 0;
  for (const [i, l] of best.entries()) {
    const rows = l.leaf.kind === "table" ? l.leaf.table.table.stat1Rows : undefined;
    if (rows === undefined) break;
    const node = l.path?.node;
    // (A rowid `=` is a one-row lookup; an index seek on IS NULL alone is not COLUMN_EQ.)
    const eq = node?.kind === "tableScan" ? oneRow(l) : columnEq(l);
    if (i > 0 && eq && l.selfCull && nSearch > logEst(rows)) node!.bloom = true;
    nSearch += l.nOut;
  }
  pullDownBlooms(best);
  // A DISTINCT without ORDER BY is the wanted order itself: its answer is `order`.
  const distinct = wanted?.distinct?.();
  const distinctOrdered = !!distinct &&
    (distinct === wanted!.terms() ? order! : given(best, true, "distinctBy", distinct)).given ===
      distinct.length;
  // (A loop is a step: an automatic index's has no path.)
  return { steps: best, order, distinctOrdered };
}

/**
 * sqlite3ConstructBloomFilter's pull-down: building a loop's Bloom filter, SQLite goes on to
 * build those of later loops that need no leaf read from this one on (not on a LEFT JOIN's
 * right side, nor seeking with an IN), so EXPLAIN shows them together.
 */
function pullDownBlooms(loops: readonly WhereLoop[]): void {
  loops.forEach((l, i) => {
    const node = l.path?.node;
    if (!node?.bloom || node.bloomPulled) return;
    const before = new Set(loops.slice(0, i).map((p) => p.leaf.id));
    for (const later of loops.slice(i + 1)) {
      const n = later.path?.node;
      if (!n?.bloom || later.leaf.leftJoined || ![...later.prereq].every((r) => before.has(r))) {
        continue;
      }
      const keys = n.kind === "indexScan" ? n.eq : n.rowid?.kind === "key" ? [n.rowid.key] : [];
      if (keys.some((k) => k.kind === "list" || k.kind === "query")) continue;
      n.bloomPulled = true;
      (node.bloomAlso ??= []).push(n);
    }
  });
}
