/**
 * Common table expressions: an ordinary CTE is planned afresh at each reference; a
 * recursive one becomes a `recursiveCte` node (seed, step reading the queue row through
 * `recursiveRef`, UNION vs UNION ALL, ORDER BY / LIMIT / OFFSET of the CTE's select).
 */
import type * as B from "../analyze/bound.ts";
import type { Query, RecursiveCte, SortKey } from "./plan.ts";
import { colRef, newId, type PlanContext } from "./scope.ts";
import { compoundCollations, lowerLimits, lowerParts, lowerSelect } from "./lower_select.ts";
import { selectCores } from "../analyze/bound_walk.ts";
import { readsRecursively } from "../analyze/cte.ts";
import { flattenSelect } from "./flatten.ts";
import { addNewSources } from "./used_columns.ts";
import { nullsFirst } from "./collation.ts";

/** The query a reference to `cte` reads. */
export function lowerCteQuery(ctx: PlanContext, cte: B.BoundCte): Query {
  if (!cte.recursive) return lowerSelect(ctx, cte.select, null);
  // Each arm is a SELECT of its own: SQLite flattens its FROM subqueries too.
  const s = flattenSelect(cte.select);
  if (s !== cte.select) addNewSources(ctx, s);
  const parts = selectCores(s);
  const ops = [null, ...s.compounds.map((c) => c.op)];
  let firstRec = parts.findIndex((p) => p.kind === "core" && readsRecursively(p.from, cte));
  if (firstRec <= 0) firstRec = parts.length > 1 ? 1 : 0;
  const id = newId(ctx);
  const collations = compoundCollations(s);
  const copy = () => [...collations];
  const seed = lowerParts(ctx, parts.slice(0, firstRec), ops.slice(0, firstRec), null, copy);
  // The step's recursiveRef leaves read this node's queue row. Nothing in the step plans
  // this CTE again (the binder allows one reference to it there), so nothing is restored.
  ctx.recursiveCtes.set(cte.id, id);
  const stepOps = ["unionAll" as const, ...ops.slice(firstRec + 1)].map((o) =>
    o === "union" ? "unionAll" : o
  );
  const step = lowerParts(ctx, parts.slice(firstRec), stepOps, null, copy);
  const orderBy: SortKey[] = (s.orderBy ?? []).map((t) => ({
    column: t.resultColumn - 1,
    desc: t.desc,
    nullsFirst: nullsFirst(t),
    collation: (t.expr.collation ?? collations[t.resultColumn - 1] ?? "BINARY").toUpperCase(),
  }));
  const node: RecursiveCte = {
    kind: "recursiveCte",
    id,
    seed,
    step,
    distinct: ops[firstRec] === "union",
    collations,
    orderBy,
    ...lowerLimits(ctx, s),
    label: cte.name,
  };
  return { root: node, columns: cte.columns.map((_, i) => colRef(id, i)) };
}
