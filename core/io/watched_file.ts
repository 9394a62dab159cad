import { SqliteError } from "../errors.ts";
import { exists, type FileIdentity, type OpenFile, openFile, stillNamed } from "./file_stat.ts";

/**
 * A small file beside a database that other processes create, rewrite and delete (`-shm`,
 * `-journal`), read from its start. It stays open between reads — a read is then one read
 * and one `fstat` of the open file (core/io/file_stat.ts stillNamed) — and is opened again
 * by name once the open one was deleted (SQLite deletes both when the last connection closes,
 * or after each commit).
 */
export class WatchedFile {
  readonly path: string;
  #open: OpenFile | null = null;
  /** The open file's identity, for where its link count is unknown (Windows). */
  #identity: FileIdentity | null = null;

  constructor(path: string) {
    this.path = path;
  }

  /**
   * Reads the file's first bytes into `into`; returns how many there were (0 when the
   * file does not exist).
   */
  read(into: Uint8Array): number {
    if (this.#open !== null) {
      const got = this.#readOpen(this.#open, into);
      // After the read: what was read is what the name held, unless it was deleted since.
      if (this.#linked(this.#open)) return got;
      this.close(); // deleted (or replaced) since it was opened
    }
    if (!exists(this.path)) return 0;
    let file;
    try {
      file = this.#open = openFile(this.path);
      this.#identity = file.stat();
    } catch {
      this.close();
      return 0; // deleted between the two calls
    }
    return this.#readOpen(file, into);
  }

  /** Whether a file has this name now. */
  exists(): boolean {
    return exists(this.path);
  }

  close(): void {
    this.#open?.close();
    this.#open = null;
  }

  /** Whether `file` still has the name: false once deleted or renamed over, or unknown. */
  #linked(file: OpenFile): boolean {
    try {
      return stillNamed(file, this.path, this.#identity);
    } catch {
      return false;
    }
  }

  #readOpen(file: OpenFile, into: Uint8Array): number {
    try {
      return file.read(into, 0, into.length, 0);
    } catch (e) {
      throw new SqliteError("SQLITE_IOERR", `disk I/O error: ${this.path} (${String(e)})`);
    }
  }
}
