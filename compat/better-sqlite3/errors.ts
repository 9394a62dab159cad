/**
 * better-sqlite3's errors. Database conditions are litejit's own `SqliteError` (it already
 * carries SQLite's `code` and `message`); {@link SqliteError} here is better-sqlite3's
 * constructor (callable with or without `new`, message then code) and its `instanceof`
 * accepts every litejit SqliteError, so `e instanceof Database.SqliteError` holds for what
 * litejit throws. Misuse of the API is a TypeError or RangeError with better-sqlite3's
 * messages.
 */
import { SqliteError as LiteSqliteError } from "../../mod.ts";

/** An error from SQLite: `code` is the result code's name, `message` SQLite's message. */
export interface SqliteError extends Error {
  /** The result code's name (`"SQLITE_READONLY"`), or the code it was made with. */
  code: string;
}

/** better-sqlite3's `SqliteError` constructor: `new SqliteError(message, code)` or without `new`. */
export interface SqliteErrorConstructor {
  /** An error with `message` (converted to a string) and `code` (a string, else a TypeError). */
  new (message: string, code: string): SqliteError;
  /** The same without `new`. */
  (message: string, code: string): SqliteError;
  /** Inherits from `Error.prototype`; its `name` is `"SqliteError"`. */
  readonly prototype: SqliteError;
}

/**
 * An error from SQLite: `code` is the result code's name (`"SQLITE_READONLY"`), `message`
 * SQLite's message.
 *
 * @example
 * ```ts
 * import Database from "./better_sqlite3.ts";
 * const db = new Database("examples/sample.db");
 * try {
 *   db.prepare("DELETE FROM cities").run();
 * } catch (e) {
 *   if (e instanceof Database.SqliteError) console.log(e.code); // "SQLITE_READONLY"
 * }
 * db.close();
 * ```
 */
export const SqliteError: SqliteErrorConstructor = function SqliteError(
  this: unknown,
  message: string,
  code: string,
): SqliteError {
  if (typeof code !== "string") throw new TypeError("Expected second argument to be a string");
  // new.target: a subclass, or undefined when called without `new`.
  const target: unknown = new.target ?? SqliteError;
  const error = Reflect.construct(Error, [`${message}`], target as NewableFunction) as SqliteError;
  error.code = code;
  return error;
} as SqliteErrorConstructor;

Object.setPrototypeOf(SqliteError, Error);
Object.defineProperties(SqliteError, {
  // Its own name whatever a bundle calls the binding (scripts/build_npm.ts keeps no names).
  name: { value: "SqliteError", configurable: true },
  prototype: {
    value: Object.create(Error.prototype, {
      constructor: { value: SqliteError, writable: true, configurable: true },
      name: { value: "SqliteError", writable: true, configurable: true },
    }),
  },
  // litejit's own errors count too: what the drop-in throws is litejit's SqliteError.
  [Symbol.hasInstance]: {
    value: (value: unknown): boolean =>
      value instanceof LiteSqliteError ||
      Object.prototype.isPrototypeOf.call(SqliteError.prototype, value as object),
  },
});

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
