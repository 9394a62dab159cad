/** SQLite's error texts for name resolution, in one place. */
import { SqliteError } from "../errors.ts";

/** An SQLITE_ERROR with SQLite's message `message` (the parser's builder). */
export { sqlError as bindError } from "../sql/parse_support.ts";

/** SQLite's `%r` format: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, ... */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  const mod10 = n % 10;
  const suffix = mod100 >= 11 && mod100 <= 13
    ? "th"
    : mod10 === 1
    ? "st"
    : mod10 === 2
    ? "nd"
    : mod10 === 3
    ? "rd"
    : "th";
  return `${n}${suffix}`;
}

/** `x`, `t.x` or `db.t.x` as SQLite prints a column name in its errors. */
export function qualifiedName(schema: string | null, table: string | null, name: string): string {
  if (schema !== null) return `${schema}.${table}.${name}`;
  return table !== null ? `${table}.${name}` : name;
}

/** The read-only refusal for any statement that would write. */
export function readonlyError(): SqliteError {
  return new SqliteError("SQLITE_READONLY", "attempt to write a readonly database");
}
