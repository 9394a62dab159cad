/**
 * The better-sqlite3 drop-in against the real better-sqlite3 12 (installed with npm on
 * first use, run under Node): every case of tests/bs3_compare/ runs on both, on copies of
 * the same file, and must give the same result — rows, values, error classes, codes and
 * messages. better-sqlite3's own tests are not in its published package; these cases
 * cover what they check that a reader can do.
 */
import assert from "node:assert/strict";
import { TEST_BACKENDS } from "./support/backends.ts";
import {
  betterSqlite3Results,
  buildComparisonDb,
  CASE_NAMES,
  dropinResult,
  ensureBetterSqlite3,
} from "./bs3_compare/compare.ts";

const fixture = buildComparisonDb();
let expected: Promise<Record<string, unknown>> | null = null;
const real = () =>
  expected ??= ensureBetterSqlite3().then((dir) => betterSqlite3Results(dir, fixture));

for (const backend of TEST_BACKENDS) {
  Deno.test(`better-sqlite3 comparison [${backend}]: every case as better-sqlite3 12`, async (t) => {
    const results = await real();
    for (const name of CASE_NAMES) {
      await t.step(name, () => {
        assert.ok(name in results, `better-sqlite3 gave no result for ${name}`);
        assert.deepEqual(dropinResult(name, backend, fixture), results[name]);
      });
    }
  });
}
