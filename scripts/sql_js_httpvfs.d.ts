/**
 * The part of sql.js-httpvfs's API scripts/compare_httpvfs_page.ts uses. The package's
 * own declarations add the DOM and webworker libs to every file checked with them (and
 * refer to sql.js's types, which it does not ship), so the page uses these instead.
 */

/** A database config: the whole file at `url`, read in `requestChunkSize` pieces. */
export interface FullFileConfig {
  from: "inline";
  config: { serverMode: "full"; url: string; requestChunkSize: number };
}

/** A sql.js database in the worker: every method returns a promise. */
export interface RemoteSqlJs {
  exec(sql: string): Promise<{ columns: string[]; values: unknown[][] }[]>;
}

/** Starts the worker at `workerUrl`, loads the wasm at `wasmUrl` and opens the databases. */
export function createDbWorker(
  configs: FullFileConfig[],
  workerUrl: string,
  wasmUrl: string,
  maxBytesToRead?: number,
): Promise<{ db: RemoteSqlJs }>;
