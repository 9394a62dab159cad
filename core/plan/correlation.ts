/** Correlation of sub-plans: does a nested query read a node outside itself? */
import type { SubPlan } from "./plan.ts";
import { allIds, forEachColumnRef } from "./walk.ts";

/** Sets `plan.correlated`: true when some column reference reads a node outside it. */
export function markCorrelation(plan: SubPlan): void {
  plan.correlated = readsOutside(plan);
}

/** Does `plan` read any node it does not contain? */
export function readsOutside(
  plan: { root: SubPlan["root"]; columns: SubPlan["columns"] },
): boolean {
  const inside = allIds(plan);
  let outside = false;
  forEachColumnRef(plan, (ref) => {
    if (!inside.has(ref.node)) outside = true;
  });
  return outside;
}
