/**
 * An open database file: the pager, the text encoding and the schema, and cursors over
 * its tables and indexes. This is the reader's whole surface; the query engine builds on it.
 */
import { SqliteError } from "./errors.ts";
import type { ByteSource } from "./io/byte_source.ts";
import { BytesSource } from "./io/bytes_source.ts";
import { Pager, type PagerOptions } from "./pager.ts";
import { BtreeCursor } from "./format/cursor.ts";
import { loadSchema } from "./format/schema.ts";
import type { IndexInfo, Schema, TableInfo } from "./format/schema_types.ts";
import type { TextEncoding } from "./value/types.ts";
import type { WalSnapshot } from "./format/wal.ts";

export interface OpenOptions extends PagerOptions {
  /** With a byte-array database: the bytes of its `-wal` file, if any. */
  wal?: Uint8Array | null;
  /**
   * With a file path: how long, in milliseconds, a statement waits for a writer to finish
   * before it throws `SQLITE_BUSY` (default 5000; see core/io/live_file.ts).
   */
  busyTimeout?: number;
}

/** A committed state of a file that others write, as {@link LiveSource.latest} finds it. */
export interface LiveSnapshot {
  /** The WAL's frames in the snapshot (null: the database file alone). */
  wal: WalSnapshot | null;
  walSource: ByteSource | null;
  /** Pages that may differ from the previous snapshot's: their numbers, or "all". */
  changed: readonly number[] | "all";
  /** Set when the path now names another file (renamed over it): read it with a new pager. */
  reopened?: boolean;
}

/**
 * A file that other connections may write while it is open (core/io/live_file.ts): the
 * pager follows it from snapshot to snapshot.
 */
export interface LiveSource {
  /** The database file. */
  readonly db: ByteSource;
  /** Milliseconds to keep retrying before `SQLITE_BUSY`. */
  readonly busyTimeout: number;
  /** The latest committed snapshot (waiting for a writer that is changing the file). */
  latest(): LiveSnapshot;
  /**
   * Whether every page read since the last {@link latest} still belongs to it; with
   * `walOnly`, when the pages read since the last check all came from WAL frames.
   */
  holds(walOnly?: boolean): boolean;
  /** Waits a little before attempt `attempt` (0-based) of a statement. */
  pause(attempt: number): void;
  /** Makes the next {@link latest} report every page as changed (after a lost snapshot). */
  reset(): void;
  close(): void;
}

/**
 * Thrown inside a run when the snapshot it reads was overwritten (or moved on by another
 * run of the same connection): the statement runs again, never hands it to the caller.
 */
export class SnapshotLost extends Error {
  constructor() {
    super("snapshot lost");
    this.name = "SnapshotLost";
  }
}

export class DatabaseFile {
  /** The pager of the snapshot in use (another one after a page size change). */
  pager: Pager;
  encoding: TextEncoding;
  schema: Schema;
  /** The file path as given to {@link DatabaseFile.open}, or "" for a byte array. */
  readonly path: string;
  /** Set when other connections may write the file: reads then follow its commits. */
  readonly live: LiveSource | null;
  /**
   * Bumped whenever the schema in use changes (another connection changed it): what was
   * compiled against the old one is compiled again, as SQLite re-prepares statements
   * when the schema cookie changes.
   */
  schemaVersion = 0;
  readonly #options: PagerOptions;
  /** Which snapshot the pager holds; runs started on another one are over. */
  #snapshot = 0;
  /** Runs reading the current snapshot: while there are any, it is not moved. */
  #readers = 0;
  /** Whether the snapshot was taken inside the connection's open transaction. */
  #transaction = false;
  /** Whether a run found the snapshot overwritten: the next run moves on, whoever reads. */
  #lost = false;

  constructor(
    db: ByteSource,
    wal: ByteSource | null,
    options: PagerOptions = {},
    path = "",
    live: LiveSource | null = null,
  ) {
    this.path = path;
    this.live = live;
    this.#options = options;
    if (live === null) {
      this.pager = new Pager(db, wal, options);
      this.encoding = this.pager.header.textEncoding;
      try {
        this.schema = loadSchema(this.pager, this.encoding);
      } catch (e) {
        this.pager.close();
        throw e;
      }
      return;
    }
    const opened = this.#retrying(() => {
      const snapshot = live.latest();
      const pager = new Pager(live.db, snapshot.walSource, options, snapshot.wal);
      const schema = loadSchema(pager, pager.header.textEncoding);
      return { pager, schema };
    });
    opened.pager.pagesRead = opened.pager.databasePagesRead = 0;
    this.pager = opened.pager;
    this.encoding = opened.pager.header.textEncoding;
    this.schema = opened.schema;
  }

  /**
   * Starts a run: on a live file, moves to the latest committed snapshot unless other
   * runs of the connection are reading the current one, or the connection's transaction
   * already read it (SQLite's read transaction). Returns the run's snapshot, to pass to
   * {@link check}; every run ends with {@link endRead}.
   */
  beginRead(transactionOpen: boolean): number {
    if (this.live === null) return 0;
    if (!transactionOpen) this.#transaction = false;
    const shared = this.#readers > 0 || this.#transaction;
    if (!shared || this.#lost) this.#moveOn();
    this.#transaction = transactionOpen;
    this.#readers++;
    return this.#snapshot;
  }

  /** Ends a run begun with {@link beginRead}. */
  endRead(): void {
    if (this.live !== null && this.#readers > 0) this.#readers--;
  }

  /**
   * Throws {@link SnapshotLost} when the run on `snapshot` may have read a page of another
   * snapshot: a later one was taken, or a page was read after a writer overwrote it.
   */
  check(snapshot: number): void {
    if (this.live === null) return;
    if (snapshot !== this.#snapshot) throw new SnapshotLost();
    const pager = this.pager;
    if (pager.pagesRead === 0) return;
    if (!this.live.holds(pager.databasePagesRead === 0)) {
      this.#snapshot++; // every run on it is over
      this.#lost = true;
      this.live.reset(); // pages cached since may be torn: the next snapshot drops them all
      throw new SnapshotLost();
    }
    pager.pagesRead = pager.databasePagesRead = 0;
  }

  /**
   * Before attempt `attempt` (1-based) of a statement whose snapshot was lost, begun at
   * `started` (Date.now()): waits a little, or throws `SQLITE_BUSY` once the busy timeout
   * passed, or `SQLITE_BUSY_SNAPSHOT` inside a transaction (whose snapshot cannot move).
   */
  retry(attempt: number, started: number, transactionOpen: boolean): void {
    const live = this.live!;
    if (transactionOpen) {
      throw new SqliteError(
        "SQLITE_BUSY_SNAPSHOT",
        "database is locked (another connection overwrote the snapshot of this transaction)",
      );
    }
    if (Date.now() - started > live.busyTimeout) {
      throw new SqliteError("SQLITE_BUSY", "database is locked (the snapshot kept changing)");
    }
    live.pause(attempt);
  }

  /** Moves to the latest snapshot when no run is reading (schema listings). */
  refresh(transactionOpen: boolean): void {
    this.beginRead(transactionOpen);
    this.endRead();
  }

  /** Takes the latest snapshot, reloading the schema when its cookie changed. */
  #moveOn(): void {
    const live = this.live!;
    let snapshot: LiveSnapshot | null = live.latest();
    if (snapshot.changed !== "all" && snapshot.changed.length === 0 && !this.#lost) {
      return; // the common case: nothing was committed since
    }
    this.#retrying(() => {
      const next: LiveSnapshot = snapshot ?? live.latest();
      snapshot = null;
      const cookie = this.pager.header.schemaCookie;
      let pager = this.pager;
      if (next.reopened || !pager.advance(next.walSource, next.wal, next.changed)) {
        pager = new Pager(live.db, next.walSource, this.#options, next.wal);
      }
      const header = pager.header;
      if (
        pager !== this.pager || header.schemaCookie !== cookie ||
        header.textEncoding !== this.encoding
      ) {
        this.schema = loadSchema(pager, header.textEncoding);
        this.encoding = header.textEncoding;
        this.schemaVersion++;
      }
      this.pager = pager;
    });
    this.pager.pagesRead = this.pager.databasePagesRead = 0;
    this.#lost = false;
    this.#snapshot++;
  }

  /**
   * Runs `read` until what it read held as one snapshot, for up to the busy timeout
   * (an error from pages of two snapshots is one more reason to read again).
   */
  #retrying<T>(read: () => T): T {
    const live = this.live!;
    const started = Date.now();
    for (let attempt = 0;; attempt++) {
      let result: T;
      try {
        result = read();
      } catch (e) {
        if (!(e instanceof SqliteError) || e.code === "SQLITE_BUSY" || live.holds()) throw e;
        live.reset();
        this.retry(attempt + 1, started, false);
        continue;
      }
      if (live.holds()) return result;
      live.reset();
      this.retry(attempt + 1, started, false);
    }
  }

  /**
   * Opens a database held in memory (and its `-wal` file's bytes, when given). File paths
   * are opened by core/io/open_path.ts, which the browser build leaves out.
   */
  static fromBytes(bytes: Uint8Array, options: OpenOptions = {}): DatabaseFile {
    if (!(bytes instanceof Uint8Array)) {
      throw new SqliteError("SQLITE_MISUSE", "database source must be a path or a Uint8Array");
    }
    const wal = options.wal ? new BytesSource(options.wal) : null;
    return new DatabaseFile(new BytesSource(bytes), wal, options);
  }

  /** A cursor over a table's b-tree (a table b-tree, or an index b-tree for WITHOUT ROWID). */
  tableCursor(table: TableInfo): BtreeCursor {
    return new BtreeCursor(this.pager, table.rootPage, this.encoding, !table.withoutRowid);
  }

  /** A cursor over an index's b-tree. */
  indexCursor(index: IndexInfo): BtreeCursor {
    return new BtreeCursor(this.pager, index.rootPage, this.encoding, false);
  }

  close(): void {
    this.pager.close();
    this.live?.close();
  }
}
