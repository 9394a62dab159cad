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
import { SqliteError } from "../errors.ts";
import { HEADER_SIZE, HeaderField, u32 } from "../format/header.ts";
import { WalScan } from "../format/wal_scan.ts";
import {
  parseWalIndexHeader,
  WAL_INDEX_HEADER_SIZE,
  type WalIndexHeader,
} from "../format/wal_index.ts";
import type { ByteSource } from "./byte_source.ts";
import type { WalSnapshot } from "../format/wal.ts";
import { FileSource, openIfExists } from "./file_source.ts";
import { WatchedFile } from "./watched_file.ts";
import { exists, type FileIdentity, identityOf, stillNamed } from "./file_stat.ts";

/** The first 8 bytes of a rollback journal that a writer may be applying. */
const JOURNAL_MAGIC = [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7];
/** How many times in a row a torn `-shm` header is read again before giving up on it. */
const TORN_HEADER_READS = 8;
/**
 * Snapshots in a row where `-shm` and the WAL disagree before `-shm` is taken for stale
 * (left by a crashed writer) and the WAL is read without it, as SQLite's recovery would.
 */
const STALE_AFTER = 50;
/** How often a statement start looks whether another file was renamed over the path. */
const RENAME_CHECK_MS = 50;

/** What {@link LiveFile.verify} found. */
export const enum Verdict {
  /** The snapshot is the latest commit, and the pages read belong to it. */
  Latest,
  /** The pages read belong to the snapshot, but a later commit exists. */
  Stale,
  /** A page read may belong to no commit at all (a writer was changing it). */
  Torn,
}

/** A committed state of a file that others write, as {@link LiveFile.latest} finds it. */
export interface LiveSnapshot {
  /** The WAL's frames in the snapshot (null: the database file alone). */
  wal: WalSnapshot | null;
  walSource: ByteSource | null;
  /** Pages that may differ from the previous snapshot's: their numbers, or "all". */
  changed: readonly number[] | "all";
  /** Set when the path now names another file (renamed over it): read it with a new pager. */
  reopened?: boolean;
}

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
export class LiveFile {
  readonly path: string;
  /** See {@link LiveFileOptions.busyTimeout}; PRAGMA busy_timeout changes it. */
  busyTimeout: number;
  #db: FileSource;
  /** The file the path named when the database file was opened. */
  #dbIdentity: FileIdentity | null;
  /** Whether the path names another file than the pager reads (see {@link latest}). */
  #reopened = false;
  readonly #shm: WatchedFile;
  readonly #journal: WatchedFile;
  #wal: FileSource | null = null;
  #scan: WalScan | null = null;
  /** WAL mode: the wal-index header of the snapshot (null: read without one). */
  #index: WalIndexHeader | null = null;
  /** WAL mode: the bytes of {@link #index}, to see at one read that nothing changed. */
  readonly #indexBytes = new Uint8Array(WAL_INDEX_HEADER_SIZE);
  /** Rollback mode: the change counter of the snapshot (-1: a file shorter than a header). */
  #counter = -1;
  /** Whether the snapshot was taken in rollback mode (no `-wal`, no `-shm`). */
  #rollback = false;
  /** Whether the database header says WAL mode (then a `-wal` appearing breaks rollback reads). */
  #walHeader = false;
  /** What the last snapshot was: "" before the first. */
  #identity = "";
  /** The WAL's size when it was read without a wal-index. */
  #walSize = 0;
  /**
   * When the WAL was read without the wal-index (none, or a stale one that a crashed
   * writer left): `-shm`'s first bytes then (zeros for none); null otherwise.
   */
  #recovered: Uint8Array | null = null;
  /** Snapshots in a row where `-shm` and the WAL disagreed. */
  #disagreements = 0;
  /** When the path was last seen to name the open database file (Date.now()). */
  #namedAt = 0;
  readonly #shmBuffer = new Uint8Array(WAL_INDEX_HEADER_SIZE);
  readonly #journalBuffer = new Uint8Array(8);
  readonly #header = new Uint8Array(HEADER_SIZE);
  readonly #counterBytes = new Uint8Array(4);

  constructor(path: string, options: LiveFileOptions = {}) {
    this.path = path;
    this.busyTimeout = options.busyTimeout ?? 5000;
    this.#db = new FileSource(path);
    this.#dbIdentity = identityOf(path);
    this.#shm = new WatchedFile(`${path}-shm`);
    this.#journal = new WatchedFile(`${path}-journal`);
  }

  /** The database file. */
  get db(): FileSource {
    return this.#db;
  }

  /**
   * The latest committed snapshot, waiting (up to the busy timeout) while a rollback
   * writer is changing the file.
   */
  latest(): LiveSnapshot {
    if (this.#unchanged()) return UNCHANGED;
    const deadline = Date.now() + this.busyTimeout;
    for (let attempt = 0;; attempt++) {
      const snapshot = this.#tryLatest();
      if (snapshot !== null) {
        if (this.#reopened) snapshot.reopened = true;
        this.#reopened = false;
        return snapshot;
      }
      if (Date.now() >= deadline) throw busy("a writer is changing the file");
      pause(attempt);
    }
  }

  /**
   * Whether every page read since the last {@link latest} still belongs to it; with
   * `walOnly`, when the pages read since the last check all came from WAL frames.
   */
  holds(walOnly = false): boolean {
    if (this.#rollback) return this.#rollbackHolds();
    if (this.#recovered !== null) return this.#recoveredHolds();
    const index = this.#readIndex();
    return index !== null && this.#indexHolds(index, walOnly);
  }

  /**
   * Whether pages read while `-shm` held `index` belong to the snapshot: the WAL did not
   * restart (same salts) and, unless they all came from WAL frames (`walOnly`), no
   * checkpoint began copying frames past the snapshot's into the database file.
   */
  #indexHolds(index: WalIndexHeader, walOnly: boolean): boolean {
    const scan = this.#scan;
    const salt1 = scan?.salt1 ?? this.#index?.salt1;
    const salt2 = scan?.salt2 ?? this.#index?.salt2;
    const frames = scan?.validFrames ?? 0;
    if (index.salt1 !== salt1 || index.salt2 !== salt2) return false;
    // A checkpoint writes the database file only: WAL frames stay until the salts change.
    return walOnly || index.backfillAttempted <= frames;
  }

  /** Reads `-shm`'s header into the buffer; false when it is too short to hold one. */
  #readShm(): boolean {
    return this.#shm.read(this.#shmBuffer) >= WAL_INDEX_HEADER_SIZE;
  }

  /** Whether the header just read is byte for byte the snapshot's, both copies. */
  #indexAsTaken(): boolean {
    // Copy 1 of the header (which a writer stores last) and copy 2 as they were.
    const bytes = this.#shmBuffer;
    for (let i = 0; i < 96; i++) if (bytes[i] !== this.#indexBytes[i]) return false;
    return true;
  }

  /**
   * One check for a run that started without {@link latest} (core/io/live_reads.ts): whether
   * the snapshot is still the latest commit and every page read since the last check
   * belongs to it, in the system calls of one of the two. `databaseRead`: whether any of
   * those pages came from the database file (not from WAL frames).
   */
  verify(databaseRead: boolean): Verdict {
    if (this.#identity === "") return Verdict.Torn;
    if (this.#rollback) {
      // The journal first, as in #rollbackHolds: a writer's journal is hot before its first
      // write, and the counter differs after its commit.
      if (databaseRead && this.#journalHot()) return Verdict.Torn;
      if (!this.#counterHolds()) return databaseRead ? Verdict.Torn : Verdict.Stale;
      return this.#stillNamed() ? Verdict.Latest : Verdict.Stale;
    }
    if (this.#recovered !== null) return this.#recoveredHolds() ? Verdict.Latest : Verdict.Torn;
    if (this.#index === null) return Verdict.Torn;
    if (!this.#readShm()) return Verdict.Torn;
    const same = this.#indexAsTaken();
    if (same && !databaseRead) return Verdict.Latest;
    // Copy 1 and copy 2 as the snapshot's: a valid header; otherwise read until it is one.
    const index = same ? parseWalIndexHeader(this.#shmBuffer) : this.#readIndex();
    if (index === null || !this.#indexHolds(index, !databaseRead)) return Verdict.Torn;
    return same ? Verdict.Latest : Verdict.Stale;
  }

  /**
   * A snapshot read without the wal-index holds while nothing changed at all: `-shm` has
   * the same first bytes (or is still missing) and the WAL is the same file, of the same size.
   */
  #recoveredHolds(): boolean {
    const shm = this.#shmBuffer;
    shm.fill(0);
    this.#shm.read(shm);
    if (!shm.every((b, i) => b === this.#recovered![i])) return false;
    if (this.#wal === null) return !exists(`${this.path}-wal`);
    return this.#wal.refresh() && this.#wal.size === this.#walSize;
  }

  /** Makes the next {@link latest} report every page as changed (after a lost snapshot). */
  reset(): void {
    this.#identity = "";
    this.#scan = null;
    this.#index = null;
  }

  /** Waits a little before attempt `attempt` of a statement (0: not at all). */
  pause(attempt: number): void {
    pause(attempt);
  }

  close(): void {
    this.#db.close();
    this.#closeWal();
    this.#shm.close();
    this.#journal.close();
  }

  /**
   * The common case, in as few system calls as it takes: in WAL mode the wal-index header
   * is byte for byte the snapshot's; in rollback mode the change counter is the same and
   * the path still names the file.
   */
  #unchanged(): boolean {
    if (this.#identity === "") return false;
    if (this.#index !== null) return this.#readShm() && this.#indexAsTaken();
    if (this.#recovered !== null) return this.#recoveredHolds();
    // No journal test: while the counter is the same no commit has finished since the
    // snapshot, so the cached pages are still a committed state (a writer between its
    // first and last write cannot change them), and a page read from the file is checked
    // after the fact, journal included, before any row it produced is handed out.
    return this.#rollback && this.#counterHolds() && this.#stillNamed();
  }

  /**
   * Whether the path still names the file open, asked at most every
   * {@link RENAME_CHECK_MS}: another file renamed over the path is not a commit to this one
   * (whose reads stay consistent; SQLite's readers never notice it at all), so it is picked
   * up within that time rather than paid for on every statement.
   */
  #stillNamed(): boolean {
    const now = Date.now();
    if (now - this.#namedAt < RENAME_CHECK_MS) return true;
    const file = this.#db.file;
    if (file === null || !stillNamed(file, this.path, this.#dbIdentity)) return false;
    this.#namedAt = now;
    return true;
  }

  #tryLatest(): LiveSnapshot | null {
    if (!this.#db.refresh()) {
      // Another file was renamed over the path (or it was deleted): read the one there now.
      const replacement = new FileSource(this.path);
      this.#db.close();
      this.#db = replacement;
      this.#dbIdentity = identityOf(this.path);
      this.#closeWal();
      this.#identity = "";
      this.#reopened = true;
    }
    if (this.#shm.exists() || exists(`${this.path}-wal`)) return this.#latestWal();
    return this.#latestRollback();
  }

  #latestRollback(): LiveSnapshot | null {
    this.#closeWal();
    this.#index = null;
    this.#recovered = null;
    const header = this.#header;
    const got = this.#db.readInto(header, 0);
    if (this.#journalHot()) return null;
    // The size after the counter: a commit in between changes the counter, which the
    // snapshot's check then sees (the other order could pair an old size with a new header).
    this.#db.refresh();
    const counter = got >= HEADER_SIZE ? u32(header, HeaderField.ChangeCounter) : -1;
    this.#walHeader = got >= HEADER_SIZE && header[HeaderField.WriteVersion] === 2;
    const identity = `r:${counter}:${this.#db.size}`;
    const changed = identity === this.#identity ? [] : "all";
    this.#counter = counter;
    this.#rollback = true;
    this.#identity = identity;
    return { wal: null, walSource: null, changed };
  }

  #rollbackHolds(): boolean {
    return !this.#journalHot() && this.#counterHolds();
  }

  /** Whether the file is still in rollback mode with the snapshot's change counter. */
  #counterHolds(): boolean {
    // A WAL-mode file nobody has open: a connection creates `-wal` before any frame.
    if (this.#walHeader && exists(`${this.path}-wal`)) return false;
    return this.#readCounter() === this.#counter;
  }

  /**
   * The file change counter in the database file's header (-1: the file is shorter), read
   * past the size last measured: the first commit to an empty file is a change too.
   */
  #readCounter(): number {
    const bytes = this.#counterBytes;
    if (this.#db.readCurrent(bytes, HeaderField.ChangeCounter) < 4) return -1;
    return u32(bytes, 0);
  }

  #latestWal(): LiveSnapshot | null {
    this.#rollback = false;
    if (!this.#openWal()) return null;
    const wal = this.#wal;
    const index = this.#readIndex();
    // The size after the index, as in rollback mode: a checkpoint that grew the file
    // before the index was read belongs to the snapshot; one after it breaks it.
    this.#db.refresh();
    if (index === null || this.#disagreements > STALE_AFTER) {
      if (this.#shmUsable() && this.#disagreements <= STALE_AFTER) {
        this.#disagreements++;
        return null; // torn: read it again
      }
      return this.#recover();
    }
    this.#recovered = null;
    const indexBytes = this.#shmBuffer.slice();
    if (index.mxFrame === 0) {
      // Everything is in the database file (or nothing was ever written to the WAL).
      const identity = `w:${index.salt1}:${index.salt2}:0`;
      const changed = identity === this.#identity ? [] : "all";
      this.#scan = null;
      this.#takeIndex(index, indexBytes, identity);
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
        this.#disagreements++;
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
      this.reset();
      this.#disagreements++;
      return null;
    }
    this.#disagreements = 0;
    const identity = `w:${index.salt1}:${index.salt2}:${index.mxFrame}`;
    if (identity === this.#identity) changed = [];
    this.#takeIndex(index, indexBytes, identity);
    return { wal: scan.snapshot(), walSource: wal, changed };
  }

  #takeIndex(index: WalIndexHeader, bytes: Uint8Array, identity: string): void {
    this.#index = index;
    this.#indexBytes.set(bytes);
    this.#identity = identity;
  }

  /** The WAL read as SQLite's recovery reads it (no connection keeps a wal-index). */
  #recover(): LiveSnapshot {
    const wal = this.#wal;
    const scan = wal === null ? null : WalScan.open(wal);
    if (scan !== null) scan.extend(wal!);
    this.#walSize = wal?.size ?? 0;
    const frames = scan?.validFrames ?? 0;
    this.#recovered = new Uint8Array(WAL_INDEX_HEADER_SIZE);
    this.#shm.read(this.#recovered);
    this.#disagreements = 0;
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
      if (this.#shm.read(this.#shmBuffer) < WAL_INDEX_HEADER_SIZE) return null;
      const index = parseWalIndexHeader(this.#shmBuffer);
      if (index !== null) return index;
    }
    return null;
  }

  /** Whether `-shm` holds an initialised header (then an unparsable one is torn). */
  #shmUsable(): boolean {
    const got = this.#shm.read(this.#shmBuffer);
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
    if (this.#journal.read(this.#journalBuffer) < 8) return false;
    return JOURNAL_MAGIC.every((b, i) => this.#journalBuffer[i] === b);
  }
}

/** What {@link LiveFile.latest} returns when nothing changed. */
const UNCHANGED: LiveSnapshot = Object.freeze({ wal: null, walSource: null, changed: [] });

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
