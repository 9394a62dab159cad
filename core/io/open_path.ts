/**
 * Opening a database by file path (core/io/file_stat.ts: Deno's or Node's file API). Kept apart
 * from core/database_file.ts so that a browser build, which has no file system, never
 * reads files.
 */
import { DatabaseFile, type OpenOptions } from "../database_file.ts";
import { openLive } from "./live_reads.ts";
import { SqliteError } from "../errors.ts";

/**
 * Opens a file path or a byte array. A path is followed live (core/io/live_file.ts): its
 * `-wal`, `-shm` and `-journal` files are read as SQLite's readers read them, and each
 * statement reads the latest commit.
 */
export function openDatabaseFile(
  source: string | Uint8Array,
  options: OpenOptions = {},
): DatabaseFile {
  if (typeof source === "string") return openLive(source, options);
  // Database hands over bytes itself; this check is for callers of this function alone.
  if (!(source instanceof Uint8Array)) {
    throw new SqliteError("SQLITE_MISUSE", "database source must be a path or a Uint8Array");
  }
  return DatabaseFile.fromBytes(source, options);
}
