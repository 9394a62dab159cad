/**
 * better-sqlite3's errors. Database conditions are litejit's own `SqliteError` (it already
 * carries SQLite's `code` and `message`); {@link SqliteError} here only adds
 * better-sqlite3's constructor argument order and makes `instanceof` accept every litejit
 * SqliteError, so `e instanceof Database.SqliteError` holds for what litejit throws.
 * Misuse of the API is a TypeError or RangeError with better-sqlite3's messages.
 */
import { type ResultCodeName, SqliteError as LiteSqliteError } from "../../mod.ts";

/**
 * An error from SQLite: `code` is the result code's name (`"SQLITE_READONLY"`), `message`
 * SQLite's message.
 *
 * @example
 * ```ts
 * import Database from "./better_sqlite3.ts";
 * const db = new Database("examples/sample.db");
 * try {
 *   db.prepare("DELETE FROM cities");
 * } catch (e) {
 *   if (e instanceof Database.SqliteError) console.log(e.code); // "SQLITE_READONLY"
 * }
 * db.close();
 * ```
 */
export class SqliteError extends LiteSqliteError {
  /** better-sqlite3's argument order: the message, then the code (`"SQLITE_ERROR"`). */
  constructor(message: string, code: string) {
    super(code as ResultCodeName, message);
  }

  /** True for every litejit `SqliteError`, not only those made by this constructor. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof LiteSqliteError;
  }
}

/** The TypeError messages of better-sqlite3's argument and state checks. */
export const Misuse = {
  notOpen: "The database connection is not open",
  databaseBusy: "This database connection is busy executing a query",
  statementBusy: "This statement is busy executing a query",
  noData: "This statement does not return data. Use run() instead",
  alreadyBound: "This statement already has bound parameters",
  bindOnce: "The bind() method can only be invoked once per statement object",
  onlyForData: (method: string): string =>
    `The ${method}() method is only for statements that return data`,
} as const;

/** Throws a TypeError with `message`. */
export function misuse(message: string): never {
  throw new TypeError(message);
}

/**
 * The boolean argument of a toggle (`args`: the arguments given): true when there is none,
 * as better-sqlite3 takes it. An explicit `undefined` is not a boolean.
 */
export function toggleArgument(args: readonly unknown[]): boolean {
  if (args.length === 0) return true;
  const value = args[0];
  if (typeof value !== "boolean") misuse("Expected first argument to be a boolean");
  return value;
}
