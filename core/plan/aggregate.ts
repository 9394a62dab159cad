/**
 * Aggregation: the aggregate node of a core, the scope its clauses are lowered in
 * above it, and SQLite's special cases (count(*) of a whole table, bare columns).
 */
import type * as B from "../analyze/bound.ts";
import type { AggregateFunction } from "../functions/aggregate/types.ts";
import type { Aggregate, AggregateCall, PlanExpr, RelNode } from "./plan.ts";
import { type AggregateScope, colRef, type LowerScope, newId, type PlanContext } from "./scope.ts";
import { lowerExpr } from "./lower_expr.ts";
import { builtinName } from "../functions/catalog.ts";
import { callCollation, collationOf, nullsFirst } from "./collation.ts";
import { getOrMake } from "../util/multimap.ts";

/**
 * Reads input value `ref` above the aggregate: a carried ("bare") value; `key` names it
 * (the `node:column` of the column it stands for).
 */
export function carryValue(agg: AggregateScope, ref: PlanExpr, key: string): PlanExpr {
  const i = getOrMake(agg.carriedIndex, key, () => agg.node.carried.push(ref) - 1);
  return colRef(agg.node.id, agg.node.groupBy.length + agg.node.aggregates.length + i);
}

/**
 * SQLite's bare-column rule: with exactly one min()/max() call of one argument, bare
 * columns come from the row that call last chose; otherwise -1.
 */
function minMaxCarrier(core: B.BoundCore): number {
  let found = -1;
  for (let i = 0; i < core.aggregates.length; i++) {
    const f = core.aggregates[i];
    const name = builtinName(f.def);
    if ((name === "min" || name === "max") && f.args.length === 1) {
      if (found >= 0) return -1;
      found = i;
    }
  }
  return found;
}

/**
 * The aggregate node over `input` for `core`, and the scope that reads its outputs.
 * Carried values are added while the clauses above are lowered.
 */
export function buildAggregate(
  ctx: PlanContext,
  core: B.BoundCore,
  input: RelNode,
  inputScope: LowerScope,
  strategy: "stream" | "hash",
  groupDesc: readonly boolean[] = [],
): { node: Aggregate; scope: LowerScope } {
  const groupBy = core.groupBy ?? [];
  const sub = (e: B.BoundExpr) => lowerExpr(ctx, inputScope, e);
  const node: Aggregate = {
    kind: "aggregate",
    id: newId(ctx),
    input,
    groupBy: groupBy.map(sub),
    groupCollations: groupBy.map(collationOf),
    groupDesc: groupBy.map((_, i) => groupDesc[i] ?? false),
    // Lowered after the GROUP BY terms (ids are handed out in that order).
    // Each call lowered over the input rows.
    aggregates: core.aggregates.map((f): AggregateCall => ({
      name: f.def.name,
      args: f.args.map(sub),
      distinct: f.distinct,
      filter: f.filter ? sub(f.filter) : null,
      orderBy: (f.orderBy ?? []).map((t) => ({
        value: sub(t.expr),
        desc: t.desc,
        nullsFirst: nullsFirst(t),
        collation: collationOf(t.expr),
      })),
      collation: callCollation(f.args),
      // A user's function here has its aggregate implementation (the binder fails a user's
      // scalar function used as one).
      impl: f.def.user?.aggregate as AggregateFunction | undefined,
    })),
    carried: [],
    carryFromMinMax: minMaxCarrier(core),
    strategy,
  };
  const agg: AggregateScope = { core, node, input: inputScope, carriedIndex: new Map() };
  const scope: LowerScope = { ...inputScope, agg, windowCalls: null, core };
  return { node, scope };
}
