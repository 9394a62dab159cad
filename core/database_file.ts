/**
 * An open database file: the pager, the text encoding and the schema, and cursors over
 * its tables and indexes. This is the reader's whole surface; the query engine builds on it.
 */
import type { ByteSource } from "./io/byte_source.ts";
import { BytesSource } from "./io/bytes_source.ts";
import { Pager, type PagerOptions } from "./pager.ts";
import { loadSchema } from "./format/schema.ts";
import type { Schema } from "./format/schema_types.ts";
import type { TextEncoding } from "./value/types.ts";
import type { ConnectionSettings } from "./pragma/settings.ts";
import type { RowCursor } from "./api/statement.ts";

export interface OpenOptions extends PagerOptions {
  /** With a byte-array database: the bytes of its `-wal` file, if any. */
  wal?: Uint8Array | null;
  /**
   * With a file path: how long, in milliseconds, a statement waits for a writer to finish
   * before it throws `SQLITE_BUSY` (default 5000; see core/io/live_file.ts).
   */
  busyTimeout?: number;
}

/**
 * How a DatabaseFile follows a file that other processes write, one snapshot per run
 * (core/io/live_reads.ts, installed for file paths; the browser build has none).
 */
export interface LiveReads {
  /**
   * Starts a run on the latest committed snapshot (or the one other runs of the
   * connection, or its transaction, read); returns the run's snapshot for {@link check}.
   * A run may start on the snapshot a run just before it saw to be the latest, its first
   * check then making sure it still is; `look`: look for a later commit now (a schema
   * read outside any run).
   */
  beginRead(transactionOpen: boolean, look?: boolean): number;
  /** Ends a run begun with {@link beginRead}. */
  endRead(): void;
  /** How long, in milliseconds, a statement waits for a writer from now on. */
  setBusyTimeout(ms: number): void;
  /** Throws {@link SnapshotLost} when the run on `snapshot` may have read another one. */
  check(snapshot: number): void;
  /**
   * `consume` of a run that `start` starts (and that is closed after), started again on
   * the latest snapshot while its snapshot is lost, waiting between attempts; or throws
   * `SQLITE_BUSY` / `SQLITE_BUSY_SNAPSHOT`.
   */
  retryRun<T>(
    start: () => RowCursor,
    consume: (cursor: RowCursor) => T,
    transactionOpen: () => boolean,
  ): T;
  /**
   * A lazy run (iterate) started by `start`, started again like {@link retryRun} until its
   * first row is handed out; a snapshot lost after that is `SQLITE_BUSY_SNAPSHOT`, never
   * rows of two snapshots.
   */
  retryLazyRun(start: () => RowCursor, transactionOpen: () => boolean): RowCursor;
  close(): void;
}

/**
 * Thrown inside a run when the snapshot it reads was overwritten (or moved on by another
 * run of the same connection): the statement runs again, never hands it to the caller.
 */
export class SnapshotLost extends Error {
  /** `atOnce`: the run starts again without the pause before another attempt. */
  constructor(readonly atOnce = false) {
    super("snapshot lost");
    this.name = "SnapshotLost";
  }
}

export class DatabaseFile {
  /** The pager of the snapshot in use (another one after a page size change). */
  declare pager: Pager;
  declare encoding: TextEncoding;
  declare schema: Schema;
  /** The file path as given to {@link DatabaseFile.open}, or "" for a byte array. */
  declare readonly path: string;
  /** Set for a file path: reads then follow other processes' commits. */
  live: LiveReads | null = null;
  /**
   * Bumped whenever the schema in use changes (another connection changed it): what was
   * compiled against the old one is compiled again, as SQLite re-prepares statements
   * when the schema cookie changes.
   */
  schemaVersion = 0;
  /** The busy timeout the file was opened with, in milliseconds (default 5000). */
  declare readonly busyTimeout: number;
  /**
   * The connection's settings (cache_size, busy_timeout, ...), made on first use by
   * core/pragma/settings.ts, which the full entry points install.
   */
  declare settings?: ConnectionSettings;
  /**
   * The last run-time object of each kind that runs make afresh (a cursor on a table, one
   * on an index), kept alive. V8 forgets the hidden class of objects none of which is alive
   * at a garbage collection, and drops the optimized code of every function that relied
   * on it; a prepared statement's compiled loop then ran 2–5× slower after each major GC.
   * Kept objects hold no page pins and no payload (see BtreeCursor.close).
   */
  readonly shapeAnchors: object[] = [];

  /** `opened`: the pager and schema, when the caller read them (core/io/live_reads.ts). */
  constructor(
    db: ByteSource,
    wal: ByteSource | null,
    options: OpenOptions,
    path = "",
    opened?: { pager: Pager; schema: Schema },
  ) {
    this.path = path;
    this.busyTimeout = options.busyTimeout ?? 5000;
    this.pager = opened ? opened.pager : new Pager(db, wal, options);
    this.encoding = this.pager.header.textEncoding;
    if (opened) {
      this.schema = opened.schema;
      return;
    }
    try {
      this.schema = loadSchema(this.pager, this.encoding);
    } catch (e) {
      this.pager.close();
      throw e;
    }
  }

  /** See {@link LiveReads.beginRead}; 0 for a file nobody else writes. */
  beginRead(transactionOpen: boolean, look?: boolean): number {
    return this.live?.beginRead(transactionOpen, look) ?? 0;
  }

  /** See {@link LiveReads.endRead}. */
  endRead(): void {
    this.live?.endRead();
  }

  /** See {@link LiveReads.check}. */
  check(snapshot: number): void {
    this.live?.check(snapshot);
  }

  /** Moves to the latest snapshot when no run is reading (schema listings). */
  refresh(transactionOpen: boolean): void {
    this.beginRead(transactionOpen, true);
    this.endRead();
  }

  /**
   * Opens a database held in memory (and its `-wal` file's bytes, when given). File paths
   * are opened by core/io/open_path.ts, which the browser build leaves out.
   */
  static fromBytes(bytes: Uint8Array, options: OpenOptions): DatabaseFile {
    const wal = options.wal ? new BytesSource(options.wal) : null;
    return new DatabaseFile(new BytesSource(bytes), wal, options);
  }

  close(): void {
    this.pager.close();
    this.live?.close();
  }
}
