/** Correlation of sub-plans: does a nested query read a node outside itself? */
import type { SubPlan } from "./plan.ts";
import { allIds, forEachColumnRef } from "./walk.ts";

type Nested = { root: SubPlan["root"]; columns: SubPlan["columns"] };

/** Sets `plan.correlated`: true when some column reference reads a node outside it. */
export function markCorrelation(plan: SubPlan): void {
  plan.correlated = readsOutside(plan);
}

/** Does `plan` read any node it does not contain? */
export function readsOutside(plan: Nested): boolean {
  return outsideRefs(plan).size > 0;
}

/** The ids of the nodes `plan` reads and does not contain, added to `out`. */
export function outsideRefs(plan: Nested, out: Set<number> = new Set()): Set<number> {
  const inside = allIds(plan);
  forEachColumnRef(plan, (ref) => {
    if (!inside.has(ref.node)) out.add(ref.node);
  });
  return out;
}
