/**
 * The planner: a bound SELECT statement → the physical plan every backend runs
 * (core/plan/plan.ts). Lowering lives in lower_select.ts / lower_expr.ts, FROM and join
 * order in from.ts / join_order.ts, access paths in access_path.ts.
 */
import type * as B from "../analyze/bound.ts";
import type { BoundStatement } from "../analyze/bound.ts";
import type { DatabaseFile } from "../database_file.ts";
import type { Plan } from "./plan.ts";
import type { PlanContext } from "./scope.ts";
import { lowerSelect } from "./lower_select.ts";
import { flattenAll, needsNoFlattening } from "./flatten.ts";
import { selectCores } from "../analyze/bound_walk.ts";
import { usedColumns } from "./used_columns.ts";
import { readFixedColumns } from "./partial_index.ts";

/** A bound SELECT statement. */
export type BoundSelectStatement = Extract<BoundStatement, { kind: "select" }>;

/** Plans `statement` against `file`'s schema. */
export function planSelect(statement: BoundSelectStatement, file: DatabaseFile): Plan {
  const select = mayFlatten(statement)
    ? flattenAll(statement.select as B.BoundSelect)
    : needsNoFlattening(statement.select as B.BoundSelect);
  const { used, virtual } = usedColumns(select);
  const ctx: PlanContext = {
    file,
    nextId: 0,
    usedColumns: used,
    virtualColumns: virtual,
    recursiveCtes: new Map(),
    rowidOutputs: new Map(),
    fixedColumns: new Map(),
  };
  // Fixed columns are put in place last: a subquery reading one stays correlated, as the
  // SQL it comes from is.
  const query = readFixedColumns(ctx, lowerSelect(ctx, select, null));
  return {
    query,
    encoding: file.encoding,
    parameters: statement.parameters,
    nodeCount: ctx.nextId,
  };
}

/**
 * Whether flattening may change `statement`: only a nested SELECT is flattened or loses its
 * ORDER BY, and only an outer join is simplified (the walk costs as much as the rest of
 * planning a short statement).
 */
function mayFlatten(statement: BoundSelectStatement): boolean {
  if (statement.nestedSelects) return true;
  return selectCores(statement.select).some((c) =>
    c.kind === "core" && c.from !== null &&
    c.from.items.some((it) =>
      it.item.kind === "join" || (it.join !== null && it.join !== "inner" && it.join !== "cross")
    )
  );
}
