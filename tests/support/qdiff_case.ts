/**
 * One case of the whole-query differential test: a random database and a few statements
 * over it, all drawn from tapes (so fast-check shrinks schema, data and statements), and
 * the check that every engine answers each statement as SQLite does.
 */
import fc from "fast-check";
import { buildQdiffDb, generateQdiffDb, type QdiffDb } from "./qdiff_schema.ts";
import { PARAM_VALUES, type QdiffQuery, QdiffQueryBuilder } from "./qdiff_query.ts";
import {
  type Cell,
  compareOutcomes,
  type Outcome,
  sameRowsInAnotherOrder,
  showCell,
  showOutcome,
} from "./qdiff_compare.ts";
import { type QdiffConnection, type QdiffEngine, sqliteEngine } from "./qdiff_engines.ts";
import { Tape } from "./query_gen_expr.ts";
import { isJsonRowError } from "./qdiff_functions.ts";

/** The tapes of one case. */
export interface QdiffTapes {
  db: number[];
  queries: number[][];
}

/** Tapes for one database (up to ~60 rows in each of 4 tables) and 1–10 statements. */
export const arbQdiffTapes: fc.Arbitrary<QdiffTapes> = fc.record({
  db: fc.array(fc.noBias(fc.nat({ max: 0xffff })), { minLength: 16, maxLength: 2400, size: "max" }),
  queries: fc.array(
    fc.array(fc.noBias(fc.nat({ max: 0xffff })), { minLength: 8, maxLength: 400, size: "max" }),
    { minLength: 1, maxLength: 10 },
  ),
});

/** A case's database and statements, materialized from its tapes. */
export interface QdiffCase {
  db: QdiffDb;
  queries: QdiffQuery[];
}

/** Builds the case the tapes describe. */
export function materialize(tapes: QdiffTapes): QdiffCase {
  const db = generateQdiffDb(new Tape(tapes.db));
  const queries = tapes.queries.map((q) =>
    new QdiffQueryBuilder(new Tape(q), db.sources).statement()
  );
  return { db, queries };
}

/** What one case showed: features of the statements SQLite ran, and the first difference. */
export interface QdiffResult {
  features: string[];
  /** How many statements SQLite answered with rows / with an error. */
  answered: number;
  failed: number;
  /** Statements excused, per listed gap ({@link ERROR_TIMING_GAP}, {@link PLAN_CHOICE_GAP}). */
  excused: Map<string, number>;
  /** A full report of the first disagreement, or null. */
  difference: string | null;
}

/**
 * The known gap (tests/expectations.json, "query differential") for errors whose raising
 * depends on when an expression is evaluated: SQLite evaluates constant subexpressions once
 * ahead of the loops, and skips some expressions litejit evaluates (or the reverse), so one
 * side fails with one of {@link TIMING_ERRORS} where the other returns rows.
 */
export const ERROR_TIMING_GAP = "error timing";

/**
 * The known gap (tests/expectations.json, "query differential") for plans SQLite chooses
 * differently: the same rows come back in another order, and EXPLAIN QUERY PLAN shows
 * that SQLite's plan differs from litejit's (another access path or join order, a view or
 * subquery SQLite flattens, an index scanned for DISTINCT). A different order under the
 * same plan is never excused.
 */
export const PLAN_CHOICE_GAP = "plan choice";

/**
 * A plan's text without what does not decide the row order: subquery numbers (SQLite
 * numbers them as it codes them), Bloom filters, and the sorts inside aggregate calls.
 */
function planShape(plan: string | null): string | null {
  if (plan === null) return null;
  return plan.split("; ")
    .filter((l) => l !== "CREATE BLOOM FILTER" && !/^USE TEMP B-TREE FOR \w+\(/.test(l))
    .map((l) => l.replace(/(SUBQUERY |subquery-)\d+/g, "$1#"))
    .join("; ");
}

/**
 * Whether SQLite and the engine chose different plans and only the row order differs: the
 * same rows, or under a top-level LIMIT the same number of rows cut from the same rows
 * of the statement without its LIMIT, or, where an aggregate's ORDER BY has ties (whose
 * order is the order rows arrive in), the same number of rows.
 */
function otherPlanOnly(
  q: QdiffQuery,
  params: Cell[],
  [oracle, conn]: QdiffConnection[],
  [expected, actual]: Outcome[],
): boolean {
  if (!expected.ok || !actual.ok) return false;
  if (planShape(oracle.plan(q.sql)) === planShape(conn.plan(q.sql))) return false;
  // An aggregate ORDER BY with ties concatenates in the order the plan delivers rows.
  if (q.features.includes("agg:orderByTies")) return expected.rows.length === actual.rows.length;
  if (!q.limited) return sameRowsInAnotherOrder(expected.rows, actual.rows);
  if (expected.rows.length !== actual.rows.length) return false;
  // The LIMIT may be the only reader of the last parameters: the whole statement has fewer.
  const highest = Math.max(0, ...[...q.whole.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])));
  const wholeParams = params.slice(0, highest);
  const all = [oracle.run(q.whole, wholeParams), conn.run(q.whole, wholeParams)];
  return all[0].ok && all[1].ok && sameRowsInAnotherOrder(all[0].rows, all[1].rows);
}

/** Run-time errors raised by evaluating an expression on some value (and JSON ones). */
const TIMING_ERRORS = ["integer overflow", "string or blob too big"];

function isTimingError(o: Outcome): boolean {
  return !o.ok && (TIMING_ERRORS.includes(o.error) || isJsonRowError(o.error));
}

/**
 * One side fails with a value error and the other returns rows, or both fail with value
 * errors that differ: which row (and which expression) is evaluated first decides.
 */
function errorTimingOnly(expected: Outcome, actual: Outcome): boolean {
  if (!expected.ok && !actual.ok) return isTimingError(expected) && isTimingError(actual);
  return expected.ok !== actual.ok && isTimingError(expected.ok ? actual : expected);
}

/** The parameter values of `q`. */
export function paramsOf(q: QdiffQuery): Cell[] {
  return q.params.map((i) => PARAM_VALUES[i]);
}

function envFlag(name: string): boolean {
  try {
    return Deno.env.get(name) === "1";
  } catch {
    return false;
  }
}

/** LITEJIT_QDIFF_TRACE=1 prints each statement before an engine runs it (to find a slow one). */
const TRACE = envFlag("LITEJIT_QDIFF_TRACE");
/** LITEJIT_QDIFF_PLANS=1 prints each statement excused as a plan choice, with both plans. */
const SHOW_PLANS = envFlag("LITEJIT_QDIFF_PLANS");

/**
 * Builds the case's database with node:sqlite, runs every statement on SQLite and on each
 * engine, and compares.
 */

export function runCase(c: QdiffCase, engines: readonly QdiffEngine[]): QdiffResult {
  const built = buildQdiffDb(c.db);
  const oracle = sqliteEngine("sqlite").open(built.path);
  const conns = engines.map((e) => ({ engine: e, conn: e.open(built.path) }));
  const result: QdiffResult = {
    features: [],
    answered: 0,
    failed: 0,
    excused: new Map(),
    difference: null,
  };
  const excuse = (gap: string) => result.excused.set(gap, (result.excused.get(gap) ?? 0) + 1);
  const features = new Set<string>();
  try {
    for (const q of c.queries) {
      const params = paramsOf(q);
      const expected = oracle.run(q.sql, params);
      if (expected.ok) {
        result.answered++;
        for (const f of q.features) features.add(f);
      } else result.failed++;
      for (const { engine, conn } of conns) {
        if (TRACE) console.error(`[qdiff ${engine.name}] ${q.sql}`);
        const actual = conn.run(q.sql, params);
        const why = compareOutcomes(expected, actual);
        if (why !== null && errorTimingOnly(expected, actual)) {
          excuse(ERROR_TIMING_GAP);
          continue;
        }
        if (why !== null && otherPlanOnly(q, params, [oracle, conn], [expected, actual])) {
          excuse(PLAN_CHOICE_GAP);
          if (SHOW_PLANS) {
            console.error(
              `[plan choice] ${q.sql}\n  sqlite:  ${oracle.plan(q.sql)}\n  litejit: ${
                conn.plan(q.sql)
              }\n  schema: ${c.db.schemaSql.join("; ")}`,
            );
          }
          continue;
        }
        if (why !== null) {
          const plans = [oracle.plan(q.sql), conn.plan(q.sql)];
          result.difference = report(c, q, engine.name, why, [expected, actual], plans);
          return result;
        }
      }
    }
  } finally {
    for (const { conn } of conns) conn.close();
    oracle.close();
    built.cleanup();
    result.features = [...features];
  }
  return result;
}

function report(
  c: QdiffCase,
  q: QdiffQuery,
  engine: string,
  why: string,
  [expected, actual]: Outcome[],
  [oraclePlan, enginePlan]: (string | null)[],
): string {
  const params = paramsOf(q).map((v, i) => `?${i + 1} = ${showCell(v)}`).join(", ");
  return [
    `${engine} disagrees with SQLite: ${why}`,
    `-- schema`,
    ...c.db.schemaSql.map((s) => s + ";"),
    `-- data (${c.db.dataSql.length} inserts; rows SQLite rejects are skipped)`,
    ...c.db.dataSql.map((s) => s + ";"),
    `-- query (order: ${JSON.stringify(q.order)}, limited: ${q.limited})`,
    q.sql + ";",
    params ? `-- params: ${params}` : "-- no params",
    `-- SQLite plan: ${oraclePlan}`,
    `-- SQLite: ${showOutcome(expected)}`,
    `-- ${engine} plan: ${enginePlan}`,
    `-- ${engine}: ${showOutcome(actual)}`,
  ].join("\n");
}
