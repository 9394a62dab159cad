/**
 * EXPLAIN QUERY PLAN rows drawn as the sqlite3 shell draws them:
 *
 * ```
 * QUERY PLAN
 * |--SCAN s
 * `--SEARCH c USING INTEGER PRIMARY KEY (rowid=?)
 * ```
 */
import type { SqlValue } from "../mod.ts";

/** One EXPLAIN QUERY PLAN row: `id, parent, notused, detail`. */
export type PlanRow = readonly SqlValue[];

/** The tree of `rows` (as `EXPLAIN QUERY PLAN` returns them), "QUERY PLAN" line first. */
export function drawQueryPlan(rows: readonly PlanRow[]): string {
  const children = new Map<string, PlanRow[]>();
  const ids = new Set(rows.map((r) => String(r[0])));
  for (const row of rows) {
    // A row whose parent is not listed hangs from the root, as in the shell.
    const parent = ids.has(String(row[1])) ? String(row[1]) : "root";
    let list = children.get(parent);
    if (!list) children.set(parent, list = []);
    list.push(row);
  }
  let out = "QUERY PLAN\n";
  const draw = (parent: string, prefix: string, depth: number): void => {
    const list = children.get(parent) ?? [];
    list.forEach((row, i) => {
      const last = i === list.length - 1;
      out += prefix + (last ? "`--" : "|--") + String(row[3]) + "\n";
      // Ids are unique in real plans; the depth cap guards against a cycle.
      if (depth < 100) draw(String(row[0]), prefix + (last ? "   " : "|  "), depth + 1);
    });
  };
  draw("root", "", 0);
  return out;
}
