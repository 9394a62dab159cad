/**
 * The differential property test of whole queries: random schemas, data and SELECT
 * statements (tests/support/qdiff_*.ts), run by every litejit backend and by SQLite
 * (node:sqlite), which must agree exactly: same column names, same rows in the same order
 * with the same storage classes, and the same error where SQLite fails. The differences
 * of the classes listed in tests/expectations.json ("query differential") are counted
 * per class and printed; a class may not grow past twice the count listed for it.
 *
 * Replay a run with LITEJIT_SEED=<seed> (printed at start); LITEJIT_RUNS sets the number of
 * databases (each with up to 10 statements). LITEJIT_QDIFF_ENGINE=oracle runs SQLite
 * against a second SQLite connection: it checks that the generated statements have one
 * answer (nothing random) without litejit.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { TEST_BACKENDS } from "./support/backends.ts";
import { knownGapCounts, knownGaps } from "./support/expectations.ts";
import { propertyParams } from "./support/random_db.ts";
import {
  arbQdiffTapes,
  ERROR_TIMING_GAP,
  materialize,
  PLAN_CHOICE_GAP,
  runCase,
} from "./support/qdiff_case.ts";
import {
  litejitEngine,
  mutantEngine,
  MUTATIONS,
  type QdiffEngine,
  sqliteEngine,
} from "./support/qdiff_engines.ts";
import { QDIFF_SCALARS, QDIFF_SWITCHED_OFF } from "./support/qdiff_expr.ts";
import { QDIFF_FEATURES } from "./support/qdiff_query.ts";
import { QDIFF_FUNCTION_FEATURES } from "./support/qdiff_functions.ts";

const DEFAULT_RUNS = 300;
const INTERRUPT_MS = 120_000;

function env(name: string): string | undefined {
  try {
    return Deno.env.get(name);
  } catch {
    return undefined;
  }
}

const ORACLE_ONLY = env("LITEJIT_QDIFF_ENGINE") === "oracle";

/** The engines compared with SQLite: every backend, or SQLite itself in oracle mode. */
function enginesUnderTest(): QdiffEngine[] {
  if (ORACLE_ONLY) return [sqliteEngine("sqlite (second connection)")];
  return TEST_BACKENDS.map(litejitEngine);
}

/** Every feature the default run must exercise (among statements SQLite answered). */
const ALL_FEATURES = [
  ...QDIFF_FEATURES,
  ...QDIFF_SCALARS.map((f) => `fn:${f}`),
  ...QDIFF_FUNCTION_FEATURES,
];

Deno.test("query differential: the known gaps are exactly the switched-off features", () => {
  const listed = [...knownGaps("query differential").keys()].sort();
  assert.deepEqual(listed, [...QDIFF_SWITCHED_OFF, ERROR_TIMING_GAP, PLAN_CHOICE_GAP].sort());
});

Deno.test("query differential: every backend answers generated queries as SQLite does", () => {
  const engines = enginesUnderTest();
  assert.ok(engines.length > 0, "no backend to test");
  const params = propertyParams(DEFAULT_RUNS, `query differential ${ORACLE_ONLY ? "oracle" : ""}`);
  const seen = new Map<string, number>();
  let answered = 0;
  let failed = 0;
  const excused = new Map<string, number>();
  fc.assert(
    fc.property(arbQdiffTapes, (tapes) => {
      const result = runCase(materialize(tapes), engines);
      if (result.difference !== null) throw new Error(result.difference);
      for (const f of result.features) seen.set(f, (seen.get(f) ?? 0) + 1);
      answered += result.answered;
      failed += result.failed;
      for (const [gap, n] of result.excused) excused.set(gap, (excused.get(gap) ?? 0) + n);
    }),
    // Shrinking a failure stops after a minute: the best counterexample so far is reported.
    { ...params, interruptAfterTimeLimit: INTERRUPT_MS, markInterruptAsFailure: false },
  );
  // Each backend meets the listed classes on its own: counts are per backend.
  const perBackend = (gap: string) => Math.ceil((excused.get(gap) ?? 0) / engines.length);
  const counts = [...knownGapCounts("query differential")];
  console.log(
    `  ${answered} statements answered, ${failed} SQLite errors compared; excused ` +
      `(tests/expectations.json), per backend: ${
        counts.map(([gap, listed]) => `"${gap}" ${perBackend(gap)} (listed ${listed})`)
          .join(", ")
      }`,
  );
  const total = answered + failed;
  for (const [gap, listed] of counts) {
    const n = perBackend(gap);
    // A listed class covers a rare kind of statement: it may not swallow the test, nor grow
    // much past what a default run meets (the list only shrinks).
    assert.ok(n * 20 <= total, `too many statements excused as "${gap}": ${n} of ${total}`);
    if (params.numRuns <= DEFAULT_RUNS) {
      assert.ok(n <= 2 * listed + 5, `"${gap}" grew: ${n} statements, ${listed} listed`);
    }
  }
  // Most statements must run: an invalid generator would test only error messages.
  assert.ok(answered >= 4 * failed, `too many statements fail in SQLite: ${failed}/${answered}`);
  if (params.numRuns >= DEFAULT_RUNS) {
    const missing = ALL_FEATURES.filter((f) => !seen.has(f));
    assert.deepEqual(missing, [], "features never exercised by an answered statement");
  }
});

Deno.test("query differential: the comparison catches a wrong engine", () => {
  const seed = 20240611;
  for (const mutation of MUTATIONS) {
    const engine = mutantEngine(sqliteEngine("sqlite"), mutation);
    const out = fc.check(
      fc.property(arbQdiffTapes, (tapes) => {
        const result = runCase(materialize(tapes), [engine]);
        if (result.difference !== null) throw new Error(result.difference);
      }),
      { seed, numRuns: 60, endOnFailure: true },
    );
    assert.ok(out.failed, `mutation ${mutation} went unnoticed`);
  }
});
