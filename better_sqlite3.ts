/**
 * A read-only drop-in for better-sqlite3's `Database`, on litejit: code written for
 * better-sqlite3 that only reads runs unchanged, on any of litejit's backends (the
 * `backend` option), including in Deno and where there is no native addon. Kysely's
 * `SqliteDialect({ database })` takes it.
 *
 * What it keeps from better-sqlite3 (v12): `Database` (with or without `new`), the
 * constructor's options and their errors, `readonly`, `memory`, `name`, `open`,
 * `inTransaction`; `prepare`, `exec`, `pragma`, `transaction`, `function`, `aggregate`,
 * `close`, `defaultSafeIntegers`, `unsafeMode`; statements' `run`, `get`, `all`,
 * `iterate`, `pluck`, `expand`, `raw`, `columns`, `bind`, `safeIntegers` and `reader`,
 * `readonly`, `source`, `busy`, `database`; its binding rules and their
 * TypeErrors/RangeErrors; `Database.SqliteError` (callable without `new`) with SQLite's
 * `code`; what it refuses while a statement runs (inside a user function, an aggregate's
 * callback, the `verbose` logger) or an iterator is open. A missing file is created empty
 * (0 bytes), as better-sqlite3 creates it, unless `readonly` or `fileMustExist`, and read
 * as other connections fill it. Statements that write prepare as in SQLite (its errors for
 * their names first) and throw `SQLITE_READONLY` when run. The pragmas that set the
 * connection (`cache_size`, `busy_timeout`, `synchronous`, `foreign_keys`, ...) are kept
 * and reported with better-sqlite3's build defaults. With `readonly: true` everything is
 * as on a read-only better-sqlite3 connection; with `readonly: false` (the default) it is
 * as on a file SQLite may not write, except that `PRAGMA journal_mode = WAL` returns the
 * mode in effect (as SQLite answers a change it could not make) and `PRAGMA optimize`
 * returns no rows. better-sqlite3 13's `Statement#toString()` and `Database#explain()` are
 * not provided.
 *
 * Kept differences, each because the alternative would lose or hide data, or because
 * litejit's plan differs (README.md's "Drop-in for better-sqlite3 readers" has the same
 * list; add to both):
 * - Nothing is written: a write better-sqlite3 would make throws `SQLITE_READONLY` when
 *   run, and so do TEMP tables, views and triggers and `VACUUM INTO`; `ATTACH` is refused
 *   with `SQLITE_ERROR`. `""` / `":memory:"` open an empty database nothing can be
 *   created in.
 * - An INTEGER beyond ±(2^53-1) read without `safeIntegers` throws a RangeError instead
 *   of coming back rounded (also a user function's argument).
 * - `journal_mode` into or out of WAL with `readonly: false` reports the mode in effect.
 * - A PRAGMA setting litejit does not implement is refused (`SQLITE_READONLY`) when run
 *   rather than applied.
 * - DELETE / UPDATE with ORDER BY or LIMIT are syntax errors (node:sqlite's SQLite build).
 * - User functions and aggregates return SQLite's results, but their callbacks may be
 *   called another number of times or in another order where litejit's plan differs from
 *   SQLite's: a `deterministic` function with constant arguments (SQLite computes it once
 *   per run where it can), GROUP BY (SQLite runs the groups one after another, litejit
 *   steps them all during the scan), two window functions in one SELECT (their callbacks
 *   interleave differently).
 * - A result column named `__proto__` is kept as an own property of the row object
 *   (better-sqlite3 loses its value).
 * - `table`, `loadExtension`, `backup` and `serialize` are not provided.
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
import {
  CallableDatabase,
  type Database as DatabaseClass,
  type DatabaseConstructor,
} from "./compat/better-sqlite3/database.ts";

/**
 * Opens a database: `new Database(filename, options)` or `Database(filename, options)`
 * (see {@link DatabaseClass}).
 */
export const Database: DatabaseConstructor = CallableDatabase;
/** A connection, as {@link Database} makes it. */
export type Database = DatabaseClass;
export type { DatabaseClass, DatabaseConstructor };
export { SqliteError, type SqliteErrorConstructor } from "./compat/better-sqlite3/errors.ts";
export {
  type ColumnDefinition,
  type RunResult,
  Statement,
} from "./compat/better-sqlite3/statement.ts";
export type { Options } from "./compat/better-sqlite3/open_options.ts";
export type { TransactionFunction } from "./compat/better-sqlite3/transaction.ts";
export type { FunctionOptions } from "./compat/better-sqlite3/functions.ts";
export default Database;
