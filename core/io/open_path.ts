/**
 * Opening a database by file path (node:fs, which Deno and Node both provide). Kept apart
 * from core/database_file.ts so that a browser build, which has no file system, never
 * imports node:fs.
 */
import { DatabaseFile, type OpenOptions } from "../database_file.ts";
import { FileSource, openIfExists } from "./file_source.ts";

/** Opens a file path (reading `<path>-wal` too when it exists) or a byte array. */
export function openDatabaseFile(
  source: string | Uint8Array,
  options: OpenOptions = {},
): DatabaseFile {
  if (typeof source !== "string") return DatabaseFile.fromBytes(source, options);
  const db = new FileSource(source);
  let wal: FileSource | null = null;
  try {
    wal = openIfExists(`${source}-wal`);
    return new DatabaseFile(db, wal, options, source);
  } catch (e) {
    db.close();
    wal?.close();
    throw e;
  }
}
