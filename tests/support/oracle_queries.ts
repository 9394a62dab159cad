/**
 * The common shape of the small differential tests: a database built by node:sqlite from
 * some SQL, a list of queries, and every backend answering each query as SQLite does —
 * the same rows (values with their JS types) or the same error message.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { Database, type SqlValue } from "../../mod.ts";
import { TEST_BACKENDS } from "./backends.ts";
import type { BackendName } from "../../core/backend.ts";

type Outcome = { rows: unknown[][] } | { error: string };

function outcome(run: () => unknown[][]): Outcome {
  try {
    return { rows: run() };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

function show(o: Outcome): string {
  return JSON.stringify(o, (_k, v) => typeof v === "bigint" ? `${v}n` : v);
}

/**
 * Builds a database file from `setup` with node:sqlite in a temporary directory, then calls
 * `check` with its path and a read-only node:sqlite connection to it.
 */
export function withSqliteFile(
  setup: string,
  check: (path: string, oracle: DatabaseSync) => void,
): void {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_oracle_" });
  try {
    const path = join(dir, "t.db");
    const writer = new DatabaseSync(path);
    writer.exec(setup);
    writer.close();
    const oracle = new DatabaseSync(path, { readOnly: true });
    try {
      check(path, oracle);
    } finally {
      oracle.close();
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

/**
 * Builds a database from `setup` with node:sqlite, then calls `check` once per backend with
 * a read-only node:sqlite connection to it and that backend's litejit Database.
 */
export function withEachBackend(
  setup: string,
  check: (oracle: DatabaseSync, db: Database, backend: BackendName) => void,
  { cachePages }: { cachePages?: number } = {},
): void {
  withSqliteFile(setup, (path, oracle) => {
    for (const backend of TEST_BACKENDS) {
      const db = new Database(path, { backend, cachePages });
      try {
        check(oracle, db, backend);
      } finally {
        db.close();
      }
    }
  });
}

/**
 * Builds a database from `setup` (node:sqlite), then checks that every backend answers each
 * of `queries` (with `params` bound) exactly as node:sqlite does, rows in order. Lists the
 * first ten differences on failure. With `bigints`, INTEGERs come back as bigints on both
 * sides, so INTEGER 1 and REAL 1.0 differ. `cachePages` sets litejit's page cache size.
 */
export function assertSameAsSqlite(
  setup: string,
  queries: readonly string[],
  params: readonly SqlValue[] = [],
  { bigints = false, cachePages }: { bigints?: boolean; cachePages?: number } = {},
): void {
  withEachBackend(setup, (oracle, db, backend) => {
    const failures: string[] = [];
    for (const sql of queries) {
      const want = outcome(() => {
        const stmt = oracle.prepare(sql);
        stmt.setReadBigInts(bigints);
        // Rows as arrays: objects would merge result columns that share a name.
        (stmt as unknown as { setReturnArrays(on: boolean): void }).setReturnArrays(true);
        return stmt.all(...(params as never[])) as unknown as unknown[][];
      });
      const got = outcome(() => {
        const stmt = db.prepare(sql);
        stmt.setReadBigInts(bigints);
        return stmt.values(...params);
      });
      if (!isDeepStrictEqual(got, want)) {
        failures.push(`${sql}\n  sqlite  ${show(want)}\n  litejit ${show(got)}`);
      }
    }
    assert.equal(failures.length, 0, `${backend}:\n${failures.slice(0, 10).join("\n")}`);
  }, { cachePages });
}

/**
 * Builds a database from `setup`, then checks that every backend's EXPLAIN QUERY PLAN of
 * each of `queries` has SQLite's lines (their texts; the ids are SQLite's addresses).
 */
export function assertSamePlans(setup: string, queries: readonly string[]): void {
  const plan = (rows: unknown[]) => rows.map((r) => (r as { detail: string }).detail);
  withEachBackend(setup, (oracle, db, backend) => {
    for (const sql of queries) {
      const eqp = `EXPLAIN QUERY PLAN ${sql}`;
      assert.deepEqual(
        plan(db.prepare(eqp).all()),
        plan(oracle.prepare(eqp).all()),
        `${backend}: ${sql}`,
      );
    }
  });
}
