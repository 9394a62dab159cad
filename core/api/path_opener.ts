/**
 * How `Database` opens a file path: an opener installed by the entry points that can read
 * files (mod.ts installs the node:fs one), so that the browser entry points carry no file
 * system code.
 */
import type { DatabaseFile, OpenOptions } from "../database_file.ts";
import { SqliteError } from "../errors.ts";

/** Opens a file path; installed by the entry points that can read files. */
export type PathOpener = (path: string, options: OpenOptions) => DatabaseFile;

let pathOpener: ((source: string | URL, options: OpenOptions) => DatabaseFile) | null = null;

/** Lets `Database` open file paths and `file:` URLs (mod.ts installs the node:fs opener). */
export function installPathOpener(opener: PathOpener): void {
  // URLs are turned into paths here rather than in openPath, so that the browser build,
  // which installs no opener, leaves urlPath out.
  pathOpener = (source, options) =>
    opener(source instanceof URL ? urlPath(source) : source, options);
}

export function openPath(source: string | URL, options: OpenOptions): DatabaseFile {
  if (typeof source !== "string" && !(source instanceof URL)) {
    throw new SqliteError(
      "SQLITE_MISUSE",
      "database source must be a path, a file: URL, a Uint8Array or an ArrayBuffer",
    );
  }
  if (!pathOpener) {
    throw new SqliteError(
      "SQLITE_CANTOPEN",
      "unable to open database file: this entry point has no file system; " +
        "pass the database's bytes (Uint8Array, ArrayBuffer) or a Blob to Database.open",
    );
  }
  return pathOpener(source, options);
}

function urlPath(url: URL): string {
  if (url.protocol !== "file:") {
    throw new SqliteError(
      "SQLITE_CANTOPEN",
      `unable to open database file: only file: URLs are supported (${url.href})`,
    );
  }
  return decodeURIComponent(url.pathname);
}
