/**
 * EXPLAIN QUERY PLAN of a statement from node:sqlite and from litejit's planner, as
 * indented trees, for the plan tests (tests/eqp_test.ts, tests/join_order_eqp_test.ts).
 */
import assert from "node:assert/strict";
import type { DatabaseSync } from "node:sqlite";
import type { DatabaseFile } from "../../core/database_file.ts";
import { prepareSql } from "../../core/api/prepare.ts";
import { planSelect } from "../../core/plan/planner.ts";
import { explainQueryPlan, type QueryPlanRow } from "../../core/plan/explain_query_plan.ts";
import { validatePlan } from "../../core/plan/validate.ts";

/** Plan rows as lines indented two spaces a level, as the sqlite3 shell shows them. */
export function eqpTree(rows: readonly QueryPlanRow[]): string {
  const depth = new Map<number, number>([[0, -1]]);
  return rows.map((r) => {
    const d = (depth.get(r.parent) ?? -1) + 1;
    depth.set(r.id, d);
    return `${"  ".repeat(d)}${r.detail}`;
  }).join("\n");
}

/** Both plans of `sql` (a SELECT), litejit's checked by validatePlan first. */
export function bothPlans(
  sqlite: DatabaseSync,
  file: DatabaseFile,
  sql: string,
): { expected: string; actual: string } {
  const rows = sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as unknown as QueryPlanRow[];
  const { bound } = prepareSql(file, sql);
  if (bound.kind !== "select") throw new Error(`not a SELECT: ${sql}`);
  const plan = planSelect(bound, file);
  assert.deepEqual(validatePlan(plan), [], sql);
  return { expected: eqpTree(rows), actual: eqpTree(explainQueryPlan(plan)) };
}

/** A report of how the plans of `sql` differ, or null when they are equal. */
export function planDifference(
  sqlite: DatabaseSync,
  file: DatabaseFile,
  sql: string,
): string | null {
  const { expected, actual } = bothPlans(sqlite, file, sql);
  return actual === expected
    ? null
    : `${sql}\n--- node:sqlite\n${expected}\n--- litejit\n${actual}`;
}
