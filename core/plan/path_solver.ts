/**
 * The join order, as where.c's wherePathSolver finds it: paths grow one loop at a time,
 * keeping the N best at each length (1 for one table, 5 for two, 12 for more); a path's
 * cost is the LogEst sum of each loop's setup and its run times the rows before it, plus
 * the sort its order leaves to do; costs, rows and the unsorted cost are compared as
 * where.c compares them, so ties go the same way. With an ORDER BY (or GROUP BY) a first
 * pass ignores the order to estimate the result's rows, and the second weighs the sort
 * of that many rows (after whereInterstageHeuristic).
 */
import type { Leaf } from "./leaves.ts";
import { indexRowSize, logEstAdd } from "./row_size.ts";
import type { WhereLoop } from "./where_loop.ts";
import type { WantedOrder } from "./order.ts";
import type { LoopsOrder } from "./loops_order.ts";

/** The loops of `leaf` once the leaves of `placed` are read. */
export type LoopsAt = (leaf: Leaf, placed: ReadonlySet<number>) => readonly WhereLoop[];

/**
 * The wanted terms `loops` give (loops_order.ts); `complete`: they are every loop of the
 * join.
 */
export type OrderGiven = (loops: readonly WhereLoop[], complete: boolean) => LoopsOrder;

interface WherePath {
  mask: bigint;
  loops: WhereLoop[];
  nRow: number;
  rCost: number;
  rUnsort: number;
  /** ORDER BY terms satisfied; -1: not known yet. */
  isOrdered: number;
}

/** whereLoopIsNoBetter: on a tie, only a smaller index entry makes `candidate` better. */
function isNoBetter(candidate: WhereLoop, baseline: WhereLoop): boolean {
  const a = candidate.path?.node;
  const b = baseline.path?.node;
  if (a?.kind !== "indexScan" || b?.kind !== "indexScan") return true;
  return !(indexRowSize(a.table, a.index) < indexRowSize(b.table, b.index));
}

/** Whether every leaf of `deps` (none: true) is in `placed`. */
function after(deps: ReadonlySet<number> | undefined, placed: ReadonlySet<number>): boolean {
  if (deps) { for (const d of deps) if (!placed.has(d)) return false; }
  return true;
}

/** One run of the solver; `nRowEst` 0 ignores the order. Null: no path (no solution). */
function solve(
  leaves: readonly Leaf[],
  loopsAt: LoopsAt,
  deps: ReadonlyMap<number, ReadonlySet<number>>,
  order: WantedOrder | undefined,
  given: OrderGiven,
  nRowEst: number,
  scanless: ReadonlySet<number>,
  nRowBefore: number,
): WherePath | null {
  const nLoop = leaves.length;
  const mxChoice = nLoop <= 1 ? 1 : nLoop === 2 ? 5 : 12;
  const nOrderBy = order && nRowEst ? order.terms().length : 0;
  const sortCost = new Map<number, number>();
  const bit = new Map(leaves.map((l, i) => [l.id, 1n << BigInt(i)]));
  const placedOf = (mask: bigint) =>
    new Set(leaves.filter((l) => mask & bit.get(l.id)!).map((l) => l.id));
  let from: WherePath[] = [{
    mask: 0n,
    loops: [],
    nRow: nRowBefore,
    rCost: 0,
    rUnsort: 0,
    isOrdered: nOrderBy ? (nLoop > 0 ? -1 : nOrderBy) : 0,
  }];
  for (let iLoop = 0; iLoop < nLoop; iLoop++) {
    const to: WherePath[] = [];
    let mxI = 0;
    let mxCost = 0;
    let mxUnsort = 0;
    for (const pFrom of from) {
      const placed = placedOf(pFrom.mask);
      for (const leaf of leaves) {
        if (placed.has(leaf.id)) continue;
        if (!after(deps.get(leaf.id), placed)) continue;
        for (const loop of loopsAt(leaf, placed)) {
          if (scanless.has(leaf.id) && !loop.used.length && !loop.auto) continue;
          // An automatic index must pay off within the first few rows (nRow < 1.25).
          if (loop.auto && pFrom.nRow < 3) continue;
          let rUnsort = loop.rRun + pFrom.nRow;
          if (loop.rSetup) rUnsort = logEstAdd(loop.rSetup, rUnsort);
          rUnsort = logEstAdd(rUnsort, pFrom.rUnsort);
          const nOut = pFrom.nRow + loop.nOut;
          const mask = pFrom.mask | bit.get(leaf.id)!;
          const isOrdered = pFrom.isOrdered < 0
            ? given([...pFrom.loops, loop], iLoop + 1 === nLoop).given
            : pFrom.isOrdered;
          let rCost: number;
          if (isOrdered >= 0 && isOrdered < nOrderBy) {
            let s = sortCost.get(isOrdered);
            if (s === undefined) {
              sortCost.set(isOrdered, s = order!.sortingCost(nRowEst, isOrdered));
            }
            // A small extra charge for sorting favours plans giving the order.
            rCost = logEstAdd(rUnsort, s) + 3;
          } else {
            rCost = rUnsort;
            rUnsort -= 2;
          }
          let jj = -1;
          for (let k = 0; k < to.length && jj < 0; k++) {
            if (to[k].mask === mask && (to[k].isOrdered < 0) === (isOrdered < 0)) jj = k;
          }
          if (jj < 0) {
            if (
              to.length >= mxChoice && (rCost > mxCost || (rCost === mxCost && rUnsort >= mxUnsort))
            ) continue;
            jj = to.length < mxChoice ? to.length : mxI;
          } else {
            const p = to[jj];
            if (
              p.rCost < rCost ||
              (p.rCost === rCost && p.nRow < nOut) ||
              (p.rCost === rCost && p.nRow === nOut && p.rUnsort < rUnsort) ||
              (p.rCost === rCost && p.nRow === nOut && p.rUnsort === rUnsort &&
                isNoBetter(loop, p.loops[iLoop]))
            ) continue;
          }
          to[jj] = { mask, loops: [...pFrom.loops, loop], nRow: nOut, rCost, rUnsort, isOrdered };
          if (to.length >= mxChoice) {
            // where.c starts its search for the worst path from the first's rows.
            mxI = 0;
            mxCost = to[0].rCost;
            mxUnsort = to[0].nRow;
            for (let k = 1; k < mxChoice; k++) {
              if (to[k].rCost > mxCost || (to[k].rCost === mxCost && to[k].rUnsort > mxUnsort)) {
                mxCost = to[k].rCost;
                mxUnsort = to[k].rUnsort;
                mxI = k;
              }
            }
          }
        }
      }
    }
    from = to;
  }
  if (!from.length) return null;
  return from.reduce((best, p) => (best.rCost > p.rCost ? p : best));
}

/**
 * The cheapest order of `leaves` and each one's loop, or null when there is none. `nRowBefore`: the LogEst rows of loops outside the solver that run
 * them all per row.
 */
export function solveJoin(
  leaves: readonly Leaf[],
  loopsAt: LoopsAt,
  deps: ReadonlyMap<number, ReadonlySet<number>>,
  order: WantedOrder | undefined,
  given: OrderGiven,
  nRowBefore = 0,
): WhereLoop[] | null {
  const first = solve(leaves, loopsAt, deps, order, given, 0, new Set(), nRowBefore);
  if (!first || !order?.terms().length) return first?.loops ?? null;
  const nRowEst = first.nRow < 0 ? 1 : first.nRow + 1;
  // whereInterstageHeuristic: the leaves the first pass reads with `=` or IN, from the
  // outermost on, may not become full scans in the second.
  const scanless = new Set<number>();
  for (const loop of first.loops) {
    if (!loop.seeksEqual) break;
    scanless.add(loop.leaf.id);
  }
  return solve(leaves, loopsAt, deps, order, given, nRowEst, scanless, nRowBefore)?.loops ?? null;
}
