import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { SqliteError } from "../errors.ts";
import type { ByteSource } from "./byte_source.ts";
import { identityOf, sameFile } from "./file_stat.ts";

/**
 * A {@link ByteSource} over a file, read with positional reads (node:fs, which Deno and
 * Node both provide). Each read returns a fresh buffer that the caller may keep.
 */
export class FileSource implements ByteSource {
  /** Size in bytes, as of opening or the last {@link refresh}. */
  size: number;
  readonly path: string;
  #fd: number;

  constructor(path: string) {
    this.path = path;
    try {
      this.#fd = openSync(path, "r");
      this.size = fstatSync(this.#fd).size;
    } catch (e) {
      throw new SqliteError(
        "SQLITE_CANTOPEN",
        `unable to open database file: ${path} (${errText(e)})`,
      );
    }
  }

  /** The open file's descriptor (-1 once closed). */
  get fd(): number {
    return this.#fd;
  }

  read(offset: number, length: number): Uint8Array {
    const buf = new Uint8Array(Math.max(0, Math.min(length, this.size - offset)));
    const done = this.readInto(buf, offset);
    return done === buf.length ? buf : buf.subarray(0, done);
  }

  readInto(target: Uint8Array, offset: number): number {
    return this.#readAt(target, offset, Math.max(0, Math.min(target.length, this.size - offset)));
  }

  /**
   * Reads into `target` what the file holds at `offset` now, whatever {@link size} says: a
   * file others write may have grown since it was measured (from nothing, even). Returns
   * how many bytes there were.
   */
  readCurrent(target: Uint8Array, offset: number): number {
    return this.#readAt(target, offset, target.length);
  }

  #readAt(target: Uint8Array, offset: number, n: number): number {
    if (this.#fd < 0) throw new SqliteError("SQLITE_MISUSE", "database file is closed");
    let done = 0;
    try {
      while (done < n) {
        const got = readSync(this.#fd, target, done, n - done, offset + done);
        if (got === 0) break; // the end of the file (it may have shrunk): return what exists
        done += got;
      }
    } catch (e) {
      throw new SqliteError("SQLITE_IOERR", `disk I/O error: ${this.path} (${errText(e)})`);
    }
    return done;
  }

  /**
   * Reads the file's size and identity again (a file other processes write): returns
   * false when `path` no longer names the file this source reads (deleted, or replaced
   * by another one).
   */
  refresh(): boolean {
    if (this.#fd < 0) throw new SqliteError("SQLITE_MISUSE", "database file is closed");
    try {
      const open = fstatSync(this.#fd);
      this.size = open.size;
      return sameFile(identityOf(this.path), open);
    } catch (e) {
      throw new SqliteError("SQLITE_IOERR", `disk I/O error: ${this.path} (${errText(e)})`);
    }
  }

  close(): void {
    if (this.#fd >= 0) closeSync(this.#fd);
    this.#fd = -1;
  }
}

/** Opens `path` if it exists, or returns null (used for the optional `-wal` file). */
export function openIfExists(path: string): FileSource | null {
  try {
    return new FileSource(path);
  } catch (e) {
    if (e instanceof SqliteError && e.code === "SQLITE_CANTOPEN") return null;
    throw e;
  }
}

function errText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
