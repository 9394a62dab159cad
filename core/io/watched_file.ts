import { SqliteError } from "../errors.ts";
import { exists, type HeldFile, holdFile } from "./file_stat.ts";

/**
 * A small file beside a database that other processes create, rewrite and delete (`-shm`,
 * `-journal`), read from its start. It stays open between reads — a read is then one read
 * and one `fstat` of the open file (core/io/file_stat.ts holdFile) — and is opened again by
 * name once the open one was deleted (SQLite deletes both when the last connection closes,
 * or after each commit).
 */
export class WatchedFile {
  readonly path: string;
  #held: HeldFile | null = null;

  constructor(path: string) {
    this.path = path;
  }

  /**
   * Reads the file's first bytes into `into`; returns how many there were (0 when the
   * file does not exist).
   */
  read(into: Uint8Array): number {
    if (this.#held !== null) {
      const got = this.#readOpen(this.#held, into);
      // After the read: what was read is what the name held, unless it was deleted since.
      if (this.#held.linked()) return got;
      this.close(); // deleted (or replaced) since it was opened
    }
    if (!exists(this.path)) return 0;
    let held;
    try {
      held = this.#held = holdFile(this.path);
    } catch {
      return 0; // deleted between the two calls
    }
    return this.#readOpen(held, into);
  }

  /** Whether a file has this name now. */
  exists(): boolean {
    return exists(this.path);
  }

  close(): void {
    this.#held?.close();
    this.#held = null;
  }

  #readOpen(held: HeldFile, into: Uint8Array): number {
    try {
      return held.read(into);
    } catch (e) {
      throw new SqliteError("SQLITE_IOERR", `disk I/O error: ${this.path} (${String(e)})`);
    }
  }
}
