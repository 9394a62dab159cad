/**
 * Reading a database file that other processes write, as SQLite's readers do but without
 * their locks (JavaScript cannot take POSIX advisory locks): each statement starts on the
 * latest committed snapshot, and every page read is checked, after the fact, to belong to
 * it. Nothing here ever writes.
 *
 * **WAL mode** (a `-wal` or `-shm` file beside the database). The wal-index header in `-shm`
 * names the latest commit (mxFrame, the WAL's salts, the checksum after that frame); the
 * snapshot is the WAL's frames up to mxFrame over the database file. New frames are read
 * from the WAL (each once) and checked against the header's checksum, so a torn read of
 * the WAL is never taken. What may break a snapshot later, and how it shows:
 * - a checkpoint copying frames past mxFrame into the database file: it sets
 *   nBackfillAttempted before it writes a page, so a database page read before
 *   nBackfillAttempted passed mxFrame is the snapshot's;
 * - the WAL restarting from its start (after a complete checkpoint): the writer changes the
 *   salts in `-shm` before it writes the first new frame, so a WAL page read while the
 *   salts were unchanged is the snapshot's.
 * With no usable `-shm` (no connection has the database open) the WAL is read as SQLite's
 * recovery reads it, and the snapshot holds while `-shm` stays unusable and the WAL keeps
 * its size.
 *
 * **Rollback mode** (no WAL). A writer changes the database file only while its journal
 * holds a valid header (SQLite writes the magic when it syncs the journal, before the first
 * database write, and removes, truncates or zeroes it after the last), and each commit
 * bumps the file change counter in page 1. A snapshot is a change counter read while no
 * such journal existed; it holds while there is still none and the counter is the same.
 *
 * A snapshot that does not hold is retried from the start by the statement
 * (core/api/statement.ts), invisibly while no row has been handed out.
 */
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { SqliteError } from "../errors.ts";
import { HEADER_SIZE } from "../format/header.ts";
import { WalScan, type WalSnapshot } from "../format/wal.ts";
import {
  parseWalIndexHeader,
  WAL_INDEX_HEADER_SIZE,
  type WalIndexHeader,
} from "../format/wal_index.ts";
import type { LiveSnapshot, LiveSource } from "../database_file.ts";
import { FileSource, openIfExists } from "./file_source.ts";

/** The first 8 bytes of a rollback journal that a writer may be applying. */
const JOURNAL_MAGIC = [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7];
/** Offset of the file change counter in the database header. */
const CHANGE_COUNTER = 24;
/** Offset of the read version byte in the database header: 2 in WAL mode. */
const READ_VERSION = 18;
/** How many times in a row a torn `-shm` header is read again before giving up on it. */
const TORN_HEADER_READS = 8;

/** Options of a {@link LiveFile}. */
export interface LiveFileOptions {
  /**
   * How long a statement waits, in milliseconds, for a writer of a rollback-journal
   * database to finish, or for a snapshot that keeps being overwritten, before it throws
   * `SQLITE_BUSY` (default 5000, as better-sqlite3's `timeout`).
   */
  busyTimeout?: number;
}

/** The database file at `path` and its `-wal`, `-shm` and `-journal` files, followed live. */
export class LiveFile implements LiveSource {
  readonly path: string;
  readonly db: FileSource;
  readonly busyTimeout: number;
  #wal: FileSource | null = null;
  #scan: WalScan | null = null;
  /** The wal-index header the snapshot was taken from (null: WAL read without one). */
  #index: WalIndexHeader | null = null;
  /** Rollback mode: the change counter of the snapshot (-1: WAL mode). */
  #counter = -1;
  /** Whether the database header says WAL mode (then a `-wal` appearing breaks rollback reads). */
  #walHeader = false;
  /** What the last snapshot was: "" before the first. */
  #identity = "";
  /** The WAL's size when it was read without a wal-index. */
  #walSize = 0;
  readonly #shmBuffer = new Uint8Array(WAL_INDEX_HEADER_SIZE);
  readonly #journalBuffer = new Uint8Array(8);

  constructor(path: string, options: LiveFileOptions = {}) {
    this.path = path;
    this.busyTimeout = options.busyTimeout ?? 5000;
    this.db = new FileSource(path);
  }

  /** The WAL source in use (null: none). */
  get wal(): FileSource | null {
    return this.#wal;
  }

  /**
   * The latest committed snapshot, waiting (up to the busy timeout) while a rollback
   * writer is changing the file; see {@link LiveSource.latest}.
   */
  latest(): LiveSnapshot {
    const deadline = Date.now() + this.busyTimeout;
    for (let attempt = 0;; attempt++) {
      const snapshot = this.#tryLatest();
      if (snapshot !== null) return snapshot;
      if (Date.now() >= deadline) throw busy("a writer is changing the file");
      pause(attempt);
    }
  }

  /** See {@link LiveSource.holds}. */
  holds(): boolean {
    if (this.#counter >= 0) return this.#rollbackHolds();
    const index = this.#readIndex();
    if (index === null) {
      // Read without a usable wal-index: nobody had the database open.
      return this.#index === null && !this.#shmUsable() &&
        (this.#wal === null || this.#wal.refresh() && this.#wal.size === this.#walSize);
    }
    const scan = this.#scan;
    const salt1 = scan?.salt1 ?? this.#index?.salt1;
    const salt2 = scan?.salt2 ?? this.#index?.salt2;
    const frames = scan?.validFrames ?? 0;
    return index.salt1 === salt1 && index.salt2 === salt2 && index.backfillAttempted <= frames;
  }

  /** See {@link LiveSource.reset}. */
  reset(): void {
    this.#identity = "";
    this.#scan = null;
  }

  /** Waits before a statement runs again (see core/api/statement.ts). */
  pause(attempt: number): void {
    pause(attempt);
  }

  close(): void {
    this.db.close();
    this.#wal?.close();
    this.#wal = null;
  }

  #tryLatest(): LiveSnapshot | null {
    const same = this.db.refresh();
    if (!same) throw new SqliteError("SQLITE_IOERR", `disk I/O error: ${this.path} was replaced`);
    const walPresent = exists(`${this.path}-wal`);
    if (walPresent || exists(`${this.path}-shm`)) return this.#latestWal();
    return this.#latestRollback();
  }

  #latestRollback(): LiveSnapshot | null {
    this.#closeWal();
    const header = this.db.read(0, HEADER_SIZE);
    if (this.#journalHot()) return null;
    const counter = header.length >= HEADER_SIZE ? readU32(header, CHANGE_COUNTER) : 0;
    this.#walHeader = header.length >= HEADER_SIZE && header[READ_VERSION] === 2;
    const identity = `r:${counter}:${this.db.size}`;
    const changed = identity === this.#identity ? [] : "all";
    this.#counter = counter;
    this.#index = null;
    this.#scan = null;
    this.#identity = identity;
    return { wal: null, walSource: null, changed };
  }

  #rollbackHolds(): boolean {
    if (this.#journalHot()) return false;
    if (this.#walHeader && exists(`${this.path}-wal`)) return false;
    const header = this.db.read(0, HEADER_SIZE);
    const counter = header.length >= HEADER_SIZE ? readU32(header, CHANGE_COUNTER) : 0;
    return counter === this.#counter;
  }

  #latestWal(): LiveSnapshot | null {
    this.#counter = -1;
    let index = this.#readIndex();
    if (index === null && this.#shmUsable()) return null; // torn: read it again
    if (!this.#openWal()) return null;
    const wal = this.#wal;
    if (index === null) return this.#recover();
    if (index.mxFrame === 0) {
      // Everything is in the database file (or nothing was ever written to the WAL).
      const identity = `w:${index.salt1}:${index.salt2}:0`;
      const changed = identity === this.#identity ? [] : "all";
      this.#scan = null;
      this.#index = index;
      this.#identity = identity;
      return { wal: null, walSource: null, changed };
    }
    if (wal === null) return null;
    let scan = this.#scan;
    let changed: number[] | "all";
    if (
      scan !== null && this.#index !== null && scan.salt1 === index.salt1 &&
      scan.salt2 === index.salt2 && index.mxFrame >= scan.validFrames
    ) {
      changed = scan.extend(wal, index.mxFrame);
    } else {
      scan = WalScan.open(wal);
      if (scan === null || scan.salt1 !== index.salt1 || scan.salt2 !== index.salt2) {
        this.#scan = null;
        return null;
      }
      scan.extend(wal, index.mxFrame);
      changed = "all";
    }
    this.#scan = scan;
    if (
      scan.validFrames !== index.mxFrame || scan.dbPages !== index.nPage ||
      scan.sum[0] !== index.frameChecksum1 || scan.sum[1] !== index.frameChecksum2
    ) {
      // The WAL does not (yet, or any longer) hold what the index says: a writer between
      // its frames and the index, or a restart. Read both again.
      this.#scan = null;
      this.#identity = "";
      index = null;
      return null;
    }
    const identity = `w:${index.salt1}:${index.salt2}:${index.mxFrame}`;
    if (identity === this.#identity) changed = [];
    this.#index = index;
    this.#identity = identity;
    return { wal: scan.snapshot(), walSource: wal, changed };
  }

  /** The WAL read as SQLite's recovery reads it (no connection keeps a wal-index). */
  #recover(): LiveSnapshot {
    const wal = this.#wal;
    const scan = wal === null ? null : WalScan.open(wal);
    if (scan !== null) scan.extend(wal!);
    this.#walSize = wal?.size ?? 0;
    const frames = scan?.validFrames ?? 0;
    const identity = `v:${scan?.salt1}:${scan?.salt2}:${frames}:${this.#walSize}`;
    const changed = identity === this.#identity ? [] : "all";
    this.#scan = frames > 0 ? scan : null;
    this.#index = null;
    this.#identity = identity;
    return {
      wal: frames > 0 ? scan!.snapshot() : null,
      walSource: frames > 0 ? wal : null,
      changed,
    };
  }

  /** The `-shm` header, or null when there is none or it is not usable (torn, stale). */
  #readIndex(): WalIndexHeader | null {
    for (let i = 0; i < TORN_HEADER_READS; i++) {
      const got = readAt(`${this.path}-shm`, this.#shmBuffer);
      if (got < WAL_INDEX_HEADER_SIZE) return null;
      const index = parseWalIndexHeader(this.#shmBuffer);
      if (index !== null) return index;
    }
    return null;
  }

  /** Whether `-shm` holds an initialised header (then an unparsable one is torn). */
  #shmUsable(): boolean {
    const got = readAt(`${this.path}-shm`, this.#shmBuffer);
    return got >= WAL_INDEX_HEADER_SIZE && this.#shmBuffer[12] !== 0;
  }

  /**
   * Opens `-wal` if it exists and is not the file already open (SQLite deletes it when
   * the last connection closes; a new one is another file). False when it vanished
   * between the checks (read everything again).
   */
  #openWal(): boolean {
    if (this.#wal !== null && this.#wal.refresh()) return true;
    this.#closeWal();
    this.#wal = openIfExists(`${this.path}-wal`);
    return this.#wal === null ? !exists(`${this.path}-wal`) : true;
  }

  #closeWal(): void {
    this.#wal?.close();
    this.#wal = null;
    this.#scan = null;
  }

  /** Whether `-journal` starts with the magic of a journal being applied. */
  #journalHot(): boolean {
    const got = readAt(`${this.path}-journal`, this.#journalBuffer);
    if (got < 8) return false;
    return JOURNAL_MAGIC.every((b, i) => this.#journalBuffer[i] === b);
  }
}

function exists(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false }) !== undefined;
}

/** Reads the start of `path` into `into`; 0 when the file does not exist. */
function readAt(path: string, into: Uint8Array): number {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return 0;
  }
  try {
    return readSync(fd, into, 0, into.length, 0);
  } catch (e) {
    throw new SqliteError("SQLITE_IOERR", `disk I/O error: ${path} (${String(e)})`);
  } finally {
    closeSync(fd);
  }
}

function readU32(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;
}

function busy(why: string): SqliteError {
  return new SqliteError("SQLITE_BUSY", `database is locked (${why})`);
}

const sleeper = typeof SharedArrayBuffer === "function"
  ? new Int32Array(new SharedArrayBuffer(4))
  : null;

/** Waits a little longer each attempt: 0, then 1, 2, 4 … up to 20 ms. */
function pause(attempt: number): void {
  if (attempt === 0 || sleeper === null) return;
  Atomics.wait(sleeper, 0, 0, Math.min(20, 1 << Math.min(attempt - 1, 5)));
}
