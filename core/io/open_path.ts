/**
 * Opening a database by file path (node:fs, which Deno and Node both provide). Kept apart
 * from core/database_file.ts so that a browser build, which has no file system, never
 * imports node:fs.
 */
import { DatabaseFile, type OpenOptions } from "../database_file.ts";
import { openLive } from "./live_reads.ts";

/**
 * Opens a file path or a byte array. A path is followed live (core/io/live_file.ts): its
 * `-wal`, `-shm` and `-journal` files are read as SQLite's readers read them, and each
 * statement reads the latest commit.
 */
export function openDatabaseFile(
  source: string | Uint8Array,
  options: OpenOptions = {},
): DatabaseFile {
  if (typeof source !== "string") return DatabaseFile.fromBytes(source, options);
  return openLive(source, options);
}
