/**
 * Random SQLite databases and what real SQLite reads from them, for the reader's
 * differential property test.
 *
 * ```ts
 * fc.assert(fc.property(arbDbSpec, (spec) => {
 *   const built = buildDb(spec);
 *   try {
 *     // open built.path with litejit, compare with built.expected
 *   } finally {
 *     cleanup(built);
 *   }
 * }), propertyParams());
 * ```
 *
 * The pieces: `random_db_spec.ts` (the spec types and value pools), `random_db_arb.ts`
 * (fast-check arbitraries, `describe`), `random_db_sql.ts` (DDL text), `random_db_build.ts`
 * (writing with node:sqlite, WAL capture) and `random_db_oracle.ts` (reading the
 * expectation back).
 */
export { arbDbSpec, arbValue, describe, featuresOf } from "./random_db_arb.ts";
export {
  buildDb,
  type BuildOptions,
  type BuiltDb,
  cleanup,
  type WalOutcome,
} from "./random_db_build.ts";
export type {
  Expected,
  ExpectedIndex,
  ExpectedIndexColumn,
  ExpectedTable,
} from "./random_db_oracle.ts";
export type { DbSpec, TableSpec, ValueSpec } from "./random_db_spec.ts";

/** Parameters for `fc.assert`: a seed and a run count. */
export interface PropertyParams {
  seed: number;
  numRuns: number;
}

function env(name: string): string | undefined {
  try {
    return Deno.env.get(name);
  } catch {
    return undefined; // no --allow-env: fall back to defaults
  }
}

function parseSeed(): number {
  const text = env("LITEJIT_SEED");
  const seed = text !== undefined && text !== ""
    ? Number.parseInt(text, 10)
    : (Math.random() * 2 ** 31) | 0;
  if (!Number.isInteger(seed)) throw new Error(`bad LITEJIT_SEED=${text}`);
  return seed;
}

/**
 * `{ seed, numRuns }` for `fc.assert`, from `LITEJIT_SEED` / `LITEJIT_RUNS` when set (a
 * random seed and `defaultRuns` otherwise). Prints the seed so a failing run can be
 * replayed with `LITEJIT_SEED=<seed>`.
 */
export function propertyParams(defaultRuns = 25, label = "random_db"): PropertyParams {
  const seed = parseSeed();
  const runsText = env("LITEJIT_RUNS");
  const numRuns = runsText !== undefined && runsText !== ""
    ? Number.parseInt(runsText, 10)
    : defaultRuns;
  if (!Number.isInteger(numRuns) || numRuns < 1) throw new Error(`bad LITEJIT_RUNS=${runsText}`);
  console.log(`[${label}] seed=${seed} runs=${numRuns} (replay: LITEJIT_SEED=${seed})`);
  return { seed, numRuns };
}

/** Just the seed (`LITEJIT_SEED` or random), printed for replay; for `fc.sample` and the like. */
export function propertySeed(label = "random_db"): number {
  const seed = parseSeed();
  console.log(`[${label}] seed=${seed} (replay: LITEJIT_SEED=${seed})`);
  return seed;
}
