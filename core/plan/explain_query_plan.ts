/**
 * EXPLAIN QUERY PLAN: the plan as SQLite describes it (placeholder until it lands).
 */
import type { Plan } from "./plan.ts";

/** One row of EXPLAIN QUERY PLAN: SQLite's columns `id, parent, notused, detail`. */
export interface QueryPlanRow {
  id: number;
  parent: number;
  notused: number;
  detail: string;
}

/** The rows `EXPLAIN QUERY PLAN` returns for `plan`, in SQLite's format and order. */
export function explainQueryPlan(plan: Plan): QueryPlanRow[] {
  void plan;
  return [];
}
