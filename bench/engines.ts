/**
 * The engines a benchmark compares, behind one small interface: node:sqlite (the baseline)
 * and litejit with each backend in `AVAILABLE_BACKENDS`. Both hand back rows as objects,
 * so a run does the same work on each side: execute and materialise.
 */
import { DatabaseSync } from "node:sqlite";
import type { BackendName } from "../core/backend.ts";
import type { BenchQuery } from "./queries.ts";

/** Name of the baseline engine. */
export const BASELINE = "node:sqlite";

/** What the suites need of a prepared statement: node:sqlite's and litejit's share it. */
export interface BenchStatement {
  all(...params: never[]): unknown[];
  get(...params: never[]): unknown;
  /** litejit's program listing (for `wasm`: the module's WAT when it runs one). */
  explain?(): string;
}

/** An engine with one connection per database file. */
export interface Engine {
  /** `node:sqlite` or `litejit <backend>`. */
  readonly name: string;
  /** Prepares `sql` on the file at `path` (opened on first use, kept open). */
  prepare(path: string, sql: string): BenchStatement;
  /** Closes every connection. */
  close(): void;
}

/** Every engine name: the baseline, then `litejit <backend>` per backend in registry order. */
export async function allEngineNames(): Promise<string[]> {
  const { AVAILABLE_BACKENDS } = await import("../backends/all.ts");
  return [BASELINE, ...AVAILABLE_BACKENDS.map((b) => `litejit ${b}`)];
}

/**
 * Opens the engine called `name` (see {@link allEngineNames}). litejit is imported only
 * here, so a process measuring node:sqlite does not hold litejit's code in its RSS.
 */
export async function openEngine(name: string): Promise<Engine> {
  if (name === BASELINE) {
    const dbs = new Map<string, DatabaseSync>();
    return {
      name,
      prepare(path, sql) {
        let db = dbs.get(path);
        if (!db) dbs.set(path, db = new DatabaseSync(path, { readOnly: true }));
        return db.prepare(sql) as unknown as BenchStatement;
      },
      close: () => dbs.forEach((db) => db.close()),
    };
  }
  if (!name.startsWith("litejit ")) throw new Error(`unknown engine "${name}"`);
  const backend = name.slice("litejit ".length) as BackendName;
  const { Database } = await import("../mod.ts");
  const dbs = new Map<string, InstanceType<typeof Database>>();
  return {
    name,
    prepare(path, sql) {
      let db = dbs.get(path);
      // No statement cache: every prepare parses, binds, plans and compiles, as SQLite does.
      if (!db) dbs.set(path, db = new Database(path, { backend, statementCache: 0 }));
      return db.prepare(sql) as unknown as BenchStatement;
    },
    close: () => dbs.forEach((db) => db.close()),
  };
}

/**
 * One run of `q` on `st`. With `collect`, returns every row (lookups: every `get` result,
 * `undefined` for a missing key); without it, a row count only, so timing does not include
 * building an array the engine itself did not build.
 */
export function runQuery(st: BenchStatement, q: BenchQuery, collect: boolean): unknown[] | number {
  if (q.run.kind === "all") {
    const rows = st.all();
    return collect ? rows : rows.length;
  }
  const get = st.get as (key: number | string) => unknown;
  const keys = q.run.keys();
  if (collect) return keys.map((key) => get.call(st, key));
  let found = 0;
  for (const key of keys) if (get.call(st, key) !== undefined) found++;
  return found;
}
