import { SqliteError } from "../errors.ts";
import type { ByteSource } from "./byte_source.ts";
import { identityOf, type OpenFile, openFile, sameFile } from "./file_stat.ts";

/**
 * A {@link ByteSource} over a file, read at any offset (through the runtime's own file API,
 * core/io/file_stat.ts). Each read returns a fresh buffer that the caller may keep.
 */
export class FileSource implements ByteSource {
  /** Size in bytes, as of opening or the last {@link refresh}. */
  size: number;
  readonly path: string;
  #file: OpenFile | null;

  constructor(path: string) {
    this.path = path;
    try {
      this.#file = openFile(path);
      this.size = this.#file.stat().size;
    } catch (e) {
      throw new SqliteError(
        "SQLITE_CANTOPEN",
        `unable to open database file: ${path} (${errText(e)})`,
      );
    }
  }

  /** The open file (null once closed). */
  get file(): OpenFile | null {
    return this.#file;
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
    const file = this.#file;
    if (file === null) throw new SqliteError("SQLITE_MISUSE", "database file is closed");
    let done = 0;
    try {
      while (done < n) {
        const got = file.read(target, done, n - done, offset + done);
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
    if (this.#file === null) throw new SqliteError("SQLITE_MISUSE", "database file is closed");
    try {
      const open = this.#file.stat();
      this.size = open.size;
      return sameFile(identityOf(this.path), open);
    } catch (e) {
      throw new SqliteError("SQLITE_IOERR", `disk I/O error: ${this.path} (${errText(e)})`);
    }
  }

  close(): void {
    this.#file?.close();
    this.#file = null;
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
