/**
 * Prints how the better-sqlite3 drop-in compares with the real better-sqlite3 (v12, under
 * Node), case by case (tests/bs3_compare/); tests/better_sqlite3_compare_test.ts asserts it.
 *
 *   deno run -A scripts/compare_better_sqlite3.ts [backend] [case name filter]
 */
import assert from "node:assert/strict";
import {
  betterSqlite3Results,
  buildComparisonDb,
  CASE_NAMES,
  dropinResult,
  ensureBetterSqlite3,
} from "../tests/bs3_compare/compare.ts";

const [backend = "interpreter", filter = ""] = Deno.args;
const fixture = buildComparisonDb();
const real = await betterSqlite3Results(await ensureBetterSqlite3(), fixture);
let failed = 0;
for (const name of CASE_NAMES.filter((n) => n.includes(filter))) {
  try {
    assert.deepEqual(dropinResult(name, backend, fixture), real[name]);
    console.log(`same  ${name}`);
  } catch (e) {
    failed++;
    console.log(`DIFF  ${name}\n${(e as Error).message}`);
  }
}
console.log(failed ? `${failed} case(s) differ` : "every case matches better-sqlite3");
Deno.exit(failed ? 1 : 0);
