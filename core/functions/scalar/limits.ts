/**
 * SQLite's default length limit, shared by the functions that build texts and blobs.
 */
import { SqliteError } from "../../errors.ts";

/** SQLITE_MAX_LENGTH: longer results fail with "string or blob too big". */
export const MAX_TEXT_LENGTH = 1000000000;

/** Throws SQLite's error for a result longer than {@link MAX_TEXT_LENGTH}. */
export function tooBig(): never {
  throw new SqliteError("SQLITE_TOOBIG", "string or blob too big");
}

/** The longest string V8 holds (String::kMaxLength): a longer text cannot be made here. */
export const MAX_JS_STRING = 536870888;
