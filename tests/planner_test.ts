/**
 * The planner on the whole sqllogictest corpus: every query SQLite runs in it plans
 * without throwing, and every plan passes `validatePlan` (ids unique, every column
 * reference readable where it is evaluated, widths consistent, correlated flags right).
 * The 64-table joins of select5.test are timed (printed, not asserted).
 *
 * LITEJIT_SLT_FILTER=<substring> limits the run to matching corpus files.
 */
import assert from "node:assert/strict";
import type { DatabaseFile } from "../core/database_file.ts";
import { openDatabaseFile } from "../core/io/open_path.ts";
import { prepareSql } from "../core/api/prepare.ts";
import { planSelect } from "../core/plan/planner.ts";
import { validatePlan } from "../core/plan/validate.ts";
import { queriesOf, SltDatabase } from "./support/slt_db.ts";
import { forEngine, listSltFiles, readSltFile } from "./support/slt_parse.ts";

const MAX_REPORTED = 10;

function countTables(sql: string): number {
  const from = /\bFROM\b([\s\S]*?)(\bWHERE\b|$)/i.exec(sql);
  return from ? from[1].split(",").length : 0;
}

Deno.test("planner: every sqllogictest query plans, and every plan validates", async (t) => {
  const filter = Deno.env.get("LITEJIT_SLT_FILTER") ?? "";
  const files = listSltFiles().filter((f) => f.includes(filter));
  assert.ok(files.length > 0, `no corpus file matches LITEJIT_SLT_FILTER=${filter}`);
  const bigJoins: number[] = [];
  let total = 0;
  for (const rel of files) {
    await t.step(rel, () => {
      const started = performance.now();
      const db = new SltDatabase(forEngine(readSltFile(rel)), rel);
      const failures: string[] = [];
      let file: DatabaseFile | null = null;
      let version = -1;
      let queries = 0;
      try {
        for (const { step: { record }, snapshot } of queriesOf(db)) {
          if (snapshot.version !== version) {
            file?.close();
            file = openDatabaseFile(snapshot.path);
            version = snapshot.version;
          }
          queries++;
          const { bound } = prepareSql(file!, record.sql);
          if (bound.kind !== "select") continue;
          const t0 = performance.now();
          try {
            const plan = planSelect(bound, file!);
            const ms = performance.now() - t0;
            if (countTables(record.sql) >= 32) bigJoins.push(ms);
            const problems = validatePlan(plan);
            if (problems.length > 0) {
              failures.push(`${rel}:${record.line}: ${problems.slice(0, 3).join("; ")}`);
            }
          } catch (e) {
            failures.push(
              `${rel}:${record.line}: ${(e as Error).stack?.split("\n").slice(0, 3).join(" ")}`,
            );
          }
        }
      } finally {
        file?.close();
        db.close();
      }
      total += queries;
      console.log(
        `${rel}: ${queries} queries planned, ${failures.length} failures, ` +
          `${Math.round(performance.now() - started)} ms`,
      );
      assert.equal(
        failures.length,
        0,
        `${failures.length} failures\n${failures.slice(0, MAX_REPORTED).join("\n")}`,
      );
    });
  }
  if (bigJoins.length > 0) {
    bigJoins.sort((a, b) => a - b);
    console.log(
      `joins of 32+ tables: ${bigJoins.length}, planning median ${
        bigJoins[bigJoins.length >> 1].toFixed(2)
      } ms, max ${bigJoins[bigJoins.length - 1].toFixed(2)} ms`,
    );
  }
  assert.ok(total > 0);
});
