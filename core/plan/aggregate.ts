/**
 * Aggregation: the aggregate node of a core, the scope its clauses are lowered in
 * above it, and SQLite's special cases (count(*) of a whole table, bare columns).
 */
import type * as B from "../analyze/bound.ts";
import type { AggregateFunction } from "../functions/aggregate/types.ts";
import type { Aggregate, AggregateCall, PlanExpr, RelNode } from "./plan.ts";
import { type AggregateScope, colRef, type LowerScope, newId, type PlanContext } from "./scope.ts";
import { lowerExpr } from "./lower_expr.ts";
import { callCollation, collationOf, nullsFirst } from "./collation.ts";
import { getOrMake } from "../util/multimap.ts";
import { everyExpr } from "../analyze/bound_walk.ts";
import { sameExpr } from "../analyze/same_expr.ts";

/**
 * Reads input value `ref` above the aggregate: a carried ("bare") value; `key` names it
 * (the `node:column` of the column it stands for).
 */
export function carryValue(agg: AggregateScope, ref: PlanExpr, key: string): PlanExpr {
  const i = getOrMake(agg.carriedIndex, key, () => agg.node.carried.push(ref) - 1);
  return colRef(agg.node.id, agg.node.groupBy.length + agg.node.aggregates.length + i);
}

/** A built-in min() or max() of one argument (SQLite's SQLITE_FUNC_NEEDCOLL aggregates). */
export function isMinMaxCall(a: AggregateCall): boolean {
  return !a.impl && (a.name === "min" || a.name === "max") && a.args.length === 1;
}

/**
 * The calls of `core` as SQLite's AggInfo lists them (select.c analyzeAggregate): those in
 * the result columns, then in the ORDER BY, then in HAVING, each in the order written (then
 * any in subqueries, in binding order), a call written twice only once. The order decides
 * which min()/max() steps last (bare columns) and which call's error comes first.
 */
function sqliteCalls(
  core: B.BoundCore,
  orderBy: readonly B.BoundOrderingTerm[] | null,
): B.BoundFunction[] {
  const calls: B.BoundFunction[] = [];
  // (Result columns and ordering terms hold their expression in `expr`.)
  everyExpr(
    [core.columns, orderBy, core.having, core.aggregates] as unknown as B.BoundExpr,
    (x) => {
      if (core.aggregates.includes(x as B.BoundFunction) && !calls.some((g) => sameExpr(g, x))) {
        calls.push(x as B.BoundFunction);
      }
      return true;
    },
  );
  return calls;
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
  orderBy: readonly B.BoundOrderingTerm[] | null = null,
): { node: Aggregate; scope: LowerScope } {
  const calls = sqliteCalls(core, orderBy);
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
    aggregates: calls.map((f): AggregateCall => {
      const call: AggregateCall = {
        name: f.def.name,
        args: f.args.map(sub),
        distinct: f.distinct,
        filter: f.filter ? sub(f.filter) : null,
        orderBy: [],
        collation: callCollation(f.args),
        // A user's function here has its aggregate implementation (the binder fails a user's
        // scalar function used as one).
        impl: f.def.user?.aggregate as AggregateFunction | undefined,
      };
      // min()/max() ignore an ORDER BY: SQLite neither sorts nor evaluates it for them.
      if (!isMinMaxCall(call)) {
        call.orderBy = (f.orderBy ?? []).map((t) => ({
          value: sub(t.expr),
          desc: t.desc,
          nullsFirst: nullsFirst(t),
          collation: collationOf(t.expr),
        }));
      }
      return call;
    }),
    carried: [],
    carryFromMinMax: false,
    strategy,
  };
  node.carryFromMinMax = node.aggregates.some(isMinMaxCall);
  const agg: AggregateScope = { core, node, calls, input: inputScope, carriedIndex: new Map() };
  const scope: LowerScope = { ...inputScope, agg, windowCalls: null, core };
  return { node, scope };
}
