/** Correlation of sub-plans: does a nested query read a node outside itself? */
import type { SubPlan } from "./plan.ts";
import { forEachNode } from "./walk.ts";

type Nested = { root: SubPlan["root"]; columns: SubPlan["columns"] };

/** Does `plan` read any node it does not contain? */
export function readsOutside(plan: Nested): boolean {
  return outsideRefs(plan).size > 0;
}

/** The ids of the nodes `plan` reads and does not contain, added to `out`. */
export function outsideRefs(plan: Nested, out: Set<number> = new Set()): Set<number> {
  // One walk: a node is met after the references to it in the nodes above.
  const inside = new Set<number>();
  const reads: number[] = [];
  forEachNode(plan, (node) => {
    if ("id" in node) inside.add(node.id);
  }, (e) => {
    if (e.kind === "column") reads.push(e.node);
  });
  for (const node of reads) if (!inside.has(node)) out.add(node);
  return out;
}
