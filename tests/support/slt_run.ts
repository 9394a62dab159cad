/**
 * Runs the `query` records of one sqllogictest file on an engine and checks each result as
 * the sqllogictest rules say (slt_format.ts). The engine is litejit through the public API
 * with one backend, or node:sqlite itself (`oracle`), which validates the harness: the
 * oracle must pass every query.
 *
 * The database a query sees is built by slt_db.ts; litejit opens one `Database` per
 * version of the file (statements between queries make a new version).
 *
 * Error rule: an error while preparing fails the query; a SqliteError while stepping ends
 * the result with the rows produced so far (the harness's behaviour, e.g. `sum()`
 * overflow gives an empty result).
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { Database, SqliteError } from "../../mod.ts";
import type { BackendName } from "../../core/backend.ts";
import type { SqlValue } from "../../core/value/types.ts";
import { queriesOf, SltDatabase } from "./slt_db.ts";
import { forEngine, readSltFile } from "./slt_parse.ts";
import { checkResult } from "./slt_format.ts";

/** What runs the queries: a litejit backend, or node:sqlite. */
export type SltEngine = BackendName | "oracle";

/** One query that did not give the expected result. */
export interface SltFailure {
  /** `file:line` of the query record (the key in tests/expectations.json). */
  where: string;
  message: string;
  sql: string;
}

/** The outcome of one file on one engine. */
export interface SltFileResult {
  file: string;
  queries: number;
  passed: number;
  failures: SltFailure[];
  /** Wall time of the whole file, database building included. */
  ms: number;
  /** The slowest queries of the file (run time only), slowest first. */
  slowest: { where: string; ms: number }[];
  /** `file:line` of every query run. */
  visited: string[];
}

/** Reads a query's rows as arrays, INTEGER as bigint; one reader per database version. */
interface QueryRunner {
  rows(sql: string): { rows: SqlValue[][]; error: string | null };
  close(): void;
}

function litejitRunner(path: string, backend: BackendName): QueryRunner {
  const db = new Database(path, { backend, readBigInts: true });
  return {
    rows(sql) {
      const st = db.prepare(sql); // a prepare error fails the query: let it propagate
      const rows: SqlValue[][] = [];
      try {
        for (const row of st.iterateValues()) rows.push(row);
      } catch (e) {
        if (!(e instanceof SqliteError)) throw e;
        return { rows, error: e.message };
      }
      return { rows, error: null };
    },
    close: () => db.close(),
  };
}

function oracleRunner(sqlite: DatabaseSync): QueryRunner {
  return {
    rows(sql) {
      const st: StatementSync = sqlite.prepare(sql);
      st.setReadBigInts(true);
      // Not in Deno's node:sqlite typings yet, but present at run time.
      (st as unknown as { setReturnArrays(on: boolean): void }).setReturnArrays(true);
      const rows: SqlValue[][] = [];
      try {
        for (const row of st.iterate()) rows.push(row as unknown as SqlValue[]);
      } catch (e) {
        return { rows, error: (e as Error).message };
      }
      return { rows, error: null };
    },
    close() {},
  };
}

const SLOWEST_KEPT = 5;

/** Runs every query of corpus file `rel` (path under tests/sqllogictest/) on `engine`. */
export function runSltFile(rel: string, engine: SltEngine): SltFileResult {
  const started = performance.now();
  const script = forEngine(readSltFile(rel));
  const result: SltFileResult = {
    file: rel,
    queries: 0,
    passed: 0,
    failures: [],
    ms: 0,
    slowest: [],
    visited: [],
  };
  const db = new SltDatabase(script, rel);
  let runner: QueryRunner | null = null;
  let openVersion = -1;
  try {
    for (const { step: { record }, snapshot } of queriesOf(db)) {
      const where = `${rel}:${record.line}`;
      result.queries++;
      result.visited.push(where);
      if (engine === "oracle") {
        runner = oracleRunner(db.sqlite);
      } else if (snapshot.version !== openVersion) {
        openVersion = snapshot.version;
        runner?.close();
        runner = litejitRunner(snapshot.path, engine);
      }
      const t0 = performance.now();
      let problem: string | null;
      try {
        const { rows } = runner!.rows(record.sql);
        problem = checkResult(record, rows);
      } catch (e) {
        const error = e as Error;
        problem = `${error.name}: ${error.message}`;
      }
      keepSlowest(result.slowest, where, performance.now() - t0);
      if (problem === null) result.passed++;
      else result.failures.push({ where, message: problem, sql: record.sql });
    }
  } finally {
    runner?.close();
    db.close();
  }
  result.ms = performance.now() - started;
  return result;
}

function keepSlowest(list: { where: string; ms: number }[], where: string, ms: number): void {
  if (list.length === SLOWEST_KEPT && ms <= list[SLOWEST_KEPT - 1].ms) return;
  list.push({ where, ms });
  list.sort((a, b) => b.ms - a.ms);
  if (list.length > SLOWEST_KEPT) list.length = SLOWEST_KEPT;
}
