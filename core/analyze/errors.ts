/** SQLite's error texts for name resolution, in one place. */
import { SqliteError } from "../errors.ts";

/** An SQLITE_ERROR with SQLite's message `message` (the parser's builder). */
export { sqlError as bindError } from "../sql/parse_support.ts";

/** SQLite's `%r` format: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, ... */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return n + (teen ? "th" : ["th", "st", "nd", "rd"][n % 10] ?? "th");
}

/** `x`, `t.x` or `db.t.x` as SQLite prints a column name in its errors. */
export function qualifiedName(schema: string | null, table: string | null, name: string): string {
  if (schema !== null) return `${schema}.${table}.${name}`;
  return table !== null ? `${table}.${name}` : name;
}

/** The read-only refusal for any statement that would write. */
export function readonlyError(): SqliteError {
  return new SqliteError("SQLITE_READONLY", READONLY_MESSAGE);
}

/** SQLite's message for a statement that would write (a constant: modules use it at load). */
export const READONLY_MESSAGE = "attempt to write a readonly database";
