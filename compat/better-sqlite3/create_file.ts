/**
 * better-sqlite3's default open (read-write, `fileMustExist` false) creates a missing
 * database file, and SQLite creates it empty: 0 bytes, the header comes with the first
 * commit. The drop-in never writes a database, but it creates that same empty file, so
 * that code which opens a path and then has another connection create the tables in it
 * works as with better-sqlite3: the path is followed like any other file
 * (core/io/live_file.ts), an empty database until a writer commits to it.
 */
import { closeSync, openSync } from "node:fs";

/** SQLite's permissions for the files it creates (SQLITE_DEFAULT_FILE_PERMISSIONS). */
const FILE_MODE = 0o644;

/**
 * Creates `path` as an empty file unless something has that name already. A file that
 * cannot be created (no permission, a directory in the way) is left for the open to report
 * as better-sqlite3 does, `SQLITE_CANTOPEN`.
 */
export function createMissingFile(path: string): void {
  try {
    // "wx": create only, never open (let alone truncate) a file that exists.
    closeSync(openSync(path, "wx", FILE_MODE));
  } catch {
    // There already, or not allowed here: opening it tells which.
  }
}
