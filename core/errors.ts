/**
 * The one error type litejit throws for database conditions. `code` is SQLite's
 * symbolic result code (`SQLITE_CORRUPT`, `SQLITE_NOTADB`, ...) and `errcode` its
 * numeric value, as in SQLite's C API.
 */

/** SQLite's primary result codes that litejit can produce. */
export const ResultCode = {
  SQLITE_ERROR: 1,
  SQLITE_INTERNAL: 2,
  SQLITE_BUSY: 5,
  SQLITE_NOMEM: 7,
  SQLITE_READONLY: 8,
  SQLITE_IOERR: 10,
  SQLITE_CORRUPT: 11,
  SQLITE_CANTOPEN: 14,
  SQLITE_TOOBIG: 18,
  SQLITE_MISMATCH: 20,
  SQLITE_MISUSE: 21,
  SQLITE_RANGE: 25,
  SQLITE_NOTADB: 26,
  /** SQLITE_IOERR's extended code: a lock could not be taken (leaving WAL mode read-only). */
  SQLITE_IOERR_LOCK: 3850,
  /** SQLITE_BUSY's extended code: a read transaction's snapshot is gone. */
  SQLITE_BUSY_SNAPSHOT: 517,
} as const;

/** Symbolic name of a result code, e.g. `"SQLITE_CORRUPT"`. */
export type ResultCodeName = keyof typeof ResultCode;

/**
 * An error reported by litejit, carrying SQLite's result code.
 *
 * @example
 * ```ts
 * import { SqliteError } from "./mod.ts";
 * try {
 *   // ...
 * } catch (e) {
 *   if (e instanceof SqliteError && e.code === "SQLITE_NOTADB") console.log("not a database");
 * }
 * ```
 */
export class SqliteError extends Error {
  /** Symbolic result code, e.g. `"SQLITE_CORRUPT"`. */
  declare readonly code: ResultCodeName;
  /** Numeric result code, e.g. `11` for `SQLITE_CORRUPT`. */
  declare readonly errcode: number;
  /**
   * Where in the SQL text the error was found (UTF-16 offset, as SQLite's
   * `sqlite3_error_offset`), or -1 when the error is not tied to a place in the SQL.
   */
  declare readonly offset: number;

  /** Creates an error with SQLite's result code `code` and message `message`. */
  constructor(code: ResultCodeName, message: string, offset = -1) {
    super(message);
    this.name = "SqliteError";
    this.code = code;
    this.errcode = ResultCode[code];
    this.offset = offset;
  }
}

/**
 * A corrupt database was detected. `page` is the page where the failed check ran (0 when
 * the problem is not tied to a page) and `check` names the check.
 */
export class CorruptError extends SqliteError {
  /** Page number where corruption was detected, or 0. */
  declare readonly page: number;
  /** The consistency check that failed. */
  declare readonly check: string;

  constructor(page: number, check: string) {
    super(
      "SQLITE_CORRUPT",
      `database disk image is malformed (${page ? `page ${page}: ` : ""}${check})`,
    );
    this.page = page;
    this.check = check;
  }
}

/** An SQLITE_ERROR with a message of SQLite's (at `offset` in the SQL text, if any). */
export function sqlError(message: string, offset = -1): SqliteError {
  return new SqliteError("SQLITE_ERROR", message, offset);
}

/** SQLITE_ERROR "no such function: <name>", with no offset in the SQL text. */
export function noSuchFunction(name: string): SqliteError {
  return sqlError(`no such function: ${name}`);
}

/** Throws a {@link CorruptError}; typed `never` so it can end expressions. */
export function corrupt(page: number, check: string): never {
  throw new CorruptError(page, check);
}

/** node:sqlite's TypeError for an argument `name` that is not `type` (`"a string"`, ...). */
export function argumentTypeError(name: string, type: string): TypeError {
  return new TypeError(`The "${name}" argument must be ${type}.`);
}

/** `value` if it is a boolean, else node:sqlite's TypeError for argument `name`. */
export function booleanArgument(value: unknown, name: string): boolean {
  if (typeof value !== "boolean") throw argumentTypeError(name, "a boolean");
  return value;
}
