/**
 * A read-only drop-in for better-sqlite3's `Database`, on litejit: code written for
 * better-sqlite3 that only reads runs unchanged, on any of litejit's backends (the
 * `backend` option), including in Deno and where there is no native addon. Kysely's
 * `SqliteDialect({ database })` takes it.
 *
 * What it keeps from better-sqlite3 (v12): the constructor's options and their errors;
 * `prepare`, `exec`, `pragma`, `transaction`, `close`, `defaultSafeIntegers`; statements'
 * `run`, `get`, `all`, `iterate`, `pluck`, `expand`, `raw`, `columns`, `bind`,
 * `safeIntegers` and `reader`, `readonly`, `source`, `busy`, `database`; its binding rules
 * and their TypeErrors/RangeErrors; `Database.SqliteError` with SQLite's `code`; what it
 * refuses while a statement runs (inside a user function, an aggregate's callback, the
 * `verbose` logger) or an iterator is open, and `unsafeMode`.
 *
 * What differs:
 * - Nothing is written. `readonly: false` is accepted (it is better-sqlite3's default) but
 *   every statement that would write throws `SQLITE_READONLY` "attempt to write a readonly
 *   database" — at `prepare`, where better-sqlite3 would throw it at `run`. A missing file
 *   is created empty (0 bytes), as better-sqlite3 creates it, unless `readonly` or
 *   `fileMustExist`, and read as it is filled by other connections.
 * - An INTEGER beyond ±(2^53-1) read without `safeIntegers` throws a RangeError instead
 *   of coming back rounded.
 * - `""` / `":memory:"` open an empty database (nothing can be created in it).
 * - `function` and `aggregate` follow better-sqlite3 (their checks and errors, results,
 *   window calls), except that an INTEGER argument beyond ±(2^53-1) without
 *   `safeIntegers` throws a RangeError instead of arriving rounded (as for rows). Their
 *   results are SQLite's, but the calls may come in another number or order where
 *   SQLite's plan differs: a `deterministic` function with constant arguments (SQLite
 *   computes it once per run where it can), GROUP BY (SQLite runs the groups one after
 *   another, litejit steps them all during the scan), and two window functions in one
 *   SELECT (their callbacks interleave differently).
 * - Not provided: `table`, `loadExtension`, `backup`, `serialize`; `Database` must be
 *   called with `new`.
 *
 * @example
 * ```ts
 * import Database from "./better_sqlite3.ts";
 * const db = new Database("examples/sample.db", { readonly: true });
 * const big = db.prepare("SELECT name FROM cities WHERE population > ? ORDER BY name");
 * console.log(big.pluck().all(1_000_000));
 * for (const row of db.prepare("SELECT id, name FROM cities LIMIT 2").iterate()) {
 *   console.log(row);
 * }
 * db.close();
 * ```
 *
 * @module
 */
import { Database } from "./compat/better-sqlite3/database.ts";

export { Database };
export { SqliteError } from "./compat/better-sqlite3/errors.ts";
export {
  type ColumnDefinition,
  type RunResult,
  Statement,
} from "./compat/better-sqlite3/statement.ts";
export type { Options } from "./compat/better-sqlite3/open_options.ts";
export type { TransactionFunction } from "./compat/better-sqlite3/transaction.ts";
export type { FunctionOptions } from "./compat/better-sqlite3/functions.ts";
export default Database;
