import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { SqliteError } from "../errors.ts";
import { exists, type FileIdentity, stillNamed } from "./file_stat.ts";

/**
 * A small file beside a database that other processes create, rewrite and delete (`-shm`,
 * `-journal`), read from its start. It stays open between reads — a read is then one
 * positional read and one `stat` of the name — and is opened again by name once the open
 * one was deleted (SQLite deletes both when the last connection closes, or after each commit).
 */
export class WatchedFile {
  readonly path: string;
  #fd = -1;
  /** The open file's identity, to see when the name stops naming it. */
  #identity: FileIdentity | null = null;

  constructor(path: string) {
    this.path = path;
  }

  /**
   * Reads the file's first bytes into `into`; returns how many there were (0 when the
   * file does not exist).
   */
  read(into: Uint8Array): number {
    if (this.#fd >= 0) {
      const got = this.#readOpen(into);
      // After the read: what was read is what the name held, unless it names another file.
      if (stillNamed(this.#fd, this.path, this.#identity)) return got;
      this.close(); // deleted (or replaced) since it was opened
    }
    if (!exists(this.path)) return 0;
    try {
      this.#fd = openSync(this.path, "r");
      const open = fstatSync(this.#fd);
      this.#identity = { dev: open.dev, ino: open.ino };
    } catch {
      this.close();
      return 0; // deleted between the two calls
    }
    return this.#readOpen(into);
  }

  /** Whether a file has this name now. */
  exists(): boolean {
    return exists(this.path);
  }

  close(): void {
    if (this.#fd >= 0) closeSync(this.#fd);
    this.#fd = -1;
  }

  #readOpen(into: Uint8Array): number {
    try {
      return readSync(this.#fd, into, 0, into.length, 0);
    } catch (e) {
      throw new SqliteError("SQLITE_IOERR", `disk I/O error: ${this.path} (${String(e)})`);
    }
  }
}
