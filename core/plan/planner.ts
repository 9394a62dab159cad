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
import { flattenAll } from "./flatten.ts";
import { usedColumns } from "./used_columns.ts";
import { readFixedColumns } from "./partial_index.ts";

/** A bound SELECT statement. */
export type BoundSelectStatement = Extract<BoundStatement, { kind: "select" }>;

/** Plans `statement` against `file`'s schema. */
export function planSelect(statement: BoundSelectStatement, file: DatabaseFile): Plan {
  // The walk costs as much as the rest of planning a short statement: only when needed.
  const select = statement.flattenable
    ? flattenAll(statement.select as B.BoundSelect)
    : statement.select as B.BoundSelect;
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
