/**
 * Runs of statements over a file that other processes write (issue 17's read side): which
 * snapshot each run reads, when the pager moves to a later one, and what happens when a
 * run finds its snapshot overwritten. The snapshots themselves come from core/io/live_file.ts.
 *
 * SQLite's rules, kept without its locks: a run starts on the latest commit unless other
 * runs of the connection are still reading (they share one read transaction, as do the
 * statements between BEGIN and COMMIT); every page a run read is checked before a row it
 * produced is returned (core/api/statement.ts calls {@link LiveReads.check}); a run whose
 * snapshot was lost runs again on the latest commit while nothing was handed out.
 */
import { DatabaseFile, type LiveReads, type OpenOptions, SnapshotLost } from "../database_file.ts";
import { SqliteError } from "../errors.ts";
import { loadSchema } from "../format/schema.ts";
import type { PagerOptions } from "../pager.ts";
import { LivePager } from "../pager/live_pager.ts";
import { LiveFile, type LiveSnapshot, Verdict } from "./live_file.ts";
import type { RowCursor } from "../api/statement.ts";
import type { SqlValue } from "../value/types.ts";

/** Opens the file at `path` to be followed live. */
export function openLive(path: string, options: OpenOptions = {}): DatabaseFile {
  const live = new LiveFile(path, { busyTimeout: options.busyTimeout });
  try {
    const opened = retrying(live, () => {
      const snapshot = live.latest();
      const pager = new LivePager(live.db, snapshot.walSource, options, snapshot.wal);
      return { pager, schema: loadSchema(pager, pager.header.textEncoding) };
    });
    opened.pager.pagesRead = opened.pager.databasePagesRead = 0;
    const file = new DatabaseFile(live.db, null, options, path, opened);
    file.live = new FollowedReads(file, live, options);
    return file;
  } catch (e) {
    live.close();
    throw e;
  }
}

/**
 * How long after a run saw the snapshot to be the latest commit the next one starts on it
 * without looking (checking it at its first row instead; see FollowedReads.beginRead).
 */
const TRUSTED_MS = 50;

class FollowedReads implements LiveReads {
  readonly #file: DatabaseFile;
  readonly #live: LiveFile;
  readonly #options: PagerOptions;
  /** Which snapshot the pager holds; runs started on another one are over. */
  #snapshot = 0;
  /** Runs reading the current snapshot: while there are any, it is not moved. */
  #readers = 0;
  /** Whether the snapshot was taken inside the connection's open transaction. */
  #transaction = false;
  /** Whether a run found the snapshot overwritten: the next run moves on, whoever reads. */
  #lost = false;
  /**
   * When the snapshot was last seen to be the latest commit (performance.now()). A run that
   * starts within {@link TRUSTED_MS} of it starts without looking ({@link beginRead}).
   */
  #latestAt = -Infinity;
  /** Whether runs started without looking for a later commit: the next check must. */
  #unverified = false;

  constructor(file: DatabaseFile, live: LiveFile, options: PagerOptions) {
    this.#file = file;
    this.#live = live;
    this.#options = options;
  }

  /** The file's pager: a followed file only ever holds the LivePagers made here. */
  get #pager(): LivePager {
    return this.#file.pager as LivePager;
  }

  setBusyTimeout(ms: number): void {
    this.#live.busyTimeout = ms;
  }

  beginRead(transactionOpen: boolean, look = false): number {
    if (!transactionOpen) this.#transaction = false;
    const shared = this.#readers > 0 || this.#transaction;
    if (this.#lost) this.#moveOn();
    else if (!shared) {
      // Statements run back to back (lookups in a loop) start on the snapshot the last one
      // just verified, and the run's first check verifies it again, pages read included:
      // one look at the file per run instead of two. Runs further apart look first, as a
      // later commit would cost them a wasted run; so do transactions, whose snapshot is
      // the one they began with even if a later commit exists by their first check.
      if (!look && !transactionOpen && performance.now() - this.#latestAt < TRUSTED_MS) {
        this.#unverified = true;
      } else this.#moveOn();
    }
    this.#transaction = transactionOpen;
    this.#readers++;
    return this.#snapshot;
  }

  endRead(): void {
    if (this.#readers > 0) this.#readers--;
  }

  check(snapshot: number): void {
    if (snapshot !== this.#snapshot) throw new SnapshotLost();
    const pager = this.#pager;
    if (this.#unverified) {
      const verdict = this.#live.verify(pager.databasePagesRead > 0);
      // Lost to a commit after the run began: the next attempt looks (waiting, if a
      // writer is at work), without the pause of a snapshot overwritten mid-run.
      if (verdict !== Verdict.Latest) this.#lose(verdict === Verdict.Torn, true);
      this.#unverified = false;
      this.#latestAt = performance.now();
    } else {
      if (pager.pagesRead === 0) return;
      if (!this.#live.holds(pager.databasePagesRead === 0)) this.#lose(true);
    }
    pager.pagesRead = pager.databasePagesRead = 0;
  }

  /**
   * Ends every run on the snapshot; `torn`: pages cached since may belong to no commit;
   * `atOnce`: the run starts again without a pause.
   */
  #lose(torn: boolean, atOnce = false): never {
    this.#snapshot++;
    this.#lost = true;
    this.#unverified = false;
    if (torn) this.#live.reset(); // the next snapshot drops every cached page
    throw new SnapshotLost(atOnce);
  }

  retryRun<T>(
    start: () => RowCursor,
    consume: (cursor: RowCursor) => T,
    transactionOpen: () => boolean,
  ): T {
    let started = 0;
    for (let attempt = 1;; attempt++) {
      // (A PRAGMA runs, and checks its snapshot, inside `start`.)
      let cursor: RowCursor | null = null;
      let lost: SnapshotLost;
      try {
        cursor = start();
        return consume(cursor);
      } catch (e) {
        if (!(e instanceof SnapshotLost)) throw e;
        lost = e;
      } finally {
        cursor?.close();
      }
      started ||= Date.now(); // the busy timeout runs from the first loss
      this.#retry(lost, attempt, started, transactionOpen());
    }
  }

  retryLazyRun(start: () => RowCursor, transactionOpen: () => boolean): RowCursor {
    let handedOut = false;
    let started = 0;
    let attempt = 0;
    // `start`, again while it loses its snapshot (a PRAGMA runs, and checks it, inside).
    const restart = (): RowCursor => {
      for (;;) {
        try {
          return start();
        } catch (e) {
          if (!(e instanceof SnapshotLost)) throw e;
          started ||= Date.now();
          this.#retry(e, ++attempt, started, transactionOpen());
        }
      }
    };
    let cursor = restart();
    const next = (): SqlValue[] | null => {
      for (;;) {
        try {
          const v = cursor.next();
          handedOut = true;
          return v;
        } catch (e) {
          if (!(e instanceof SnapshotLost)) throw e;
          cursor.close();
          if (handedOut) {
            throw new SqliteError(
              "SQLITE_BUSY_SNAPSHOT",
              "database is locked (another connection overwrote the snapshot this " +
                "iteration reads; run it again)",
            );
          }
          started ||= Date.now();
          this.#retry(e, ++attempt, started, transactionOpen());
          cursor = restart();
        }
      }
    };
    return { next, close: () => cursor.close(), resumable: false };
  }

  /**
   * Before attempt `attempt` of a statement whose snapshot was lost (`lost`; begun at
   * `started`, Date.now()): waits, or throws `SQLITE_BUSY` / `SQLITE_BUSY_SNAPSHOT`.
   */
  #retry(lost: SnapshotLost, attempt: number, started: number, transactionOpen: boolean): void {
    if (lost.atOnce) return;
    if (transactionOpen) {
      throw new SqliteError(
        "SQLITE_BUSY_SNAPSHOT",
        "database is locked (another connection overwrote the snapshot of this transaction)",
      );
    }
    waitOrGiveUp(this.#live, attempt, started);
  }

  close(): void {
    this.#live.close();
  }

  /** Takes the latest snapshot, reloading the schema when its cookie changed. */
  #moveOn(): void {
    const live = this.#live;
    const file = this.#file;
    this.#unverified = false;
    this.#latestAt = performance.now();
    let snapshot: LiveSnapshot | null = live.latest();
    if (snapshot.changed !== "all" && snapshot.changed.length === 0 && !this.#lost) {
      return; // the common case: nothing was committed since
    }
    retrying(live, () => {
      const next: LiveSnapshot = snapshot ?? live.latest();
      snapshot = null;
      const cookie = file.pager.header.schemaCookie;
      let pager = this.#pager;
      if (next.reopened || !pager.advance(next.walSource, next.wal, next.changed)) {
        pager = new LivePager(live.db, next.walSource, this.#options, next.wal);
      }
      const header = pager.header;
      if (
        pager !== file.pager || header.schemaCookie !== cookie ||
        header.textEncoding !== file.encoding
      ) {
        file.schema = loadSchema(pager, header.textEncoding);
        file.encoding = header.textEncoding;
        file.schemaVersion++;
      }
      file.pager = pager;
    });
    this.#pager.pagesRead = this.#pager.databasePagesRead = 0;
    this.#lost = false;
    this.#snapshot++;
  }
}

/**
 * Runs `read` until what it read held as one snapshot, for up to the busy timeout (an
 * error from pages of two snapshots is one more reason to read again).
 */
function retrying<T>(live: LiveFile, read: () => T): T {
  const started = Date.now();
  for (let attempt = 1;; attempt++) {
    let result: T;
    try {
      result = read();
    } catch (e) {
      if (!(e instanceof SqliteError) || e.code === "SQLITE_BUSY" || live.holds()) throw e;
      live.reset();
      waitOrGiveUp(live, attempt, started);
      continue;
    }
    if (live.holds()) return result;
    live.reset();
    waitOrGiveUp(live, attempt, started);
  }
}

/** Waits before attempt `attempt`, or throws `SQLITE_BUSY` once the busy timeout passed. */
function waitOrGiveUp(live: LiveFile, attempt: number, started: number): void {
  if (Date.now() - started > live.busyTimeout) {
    throw new SqliteError("SQLITE_BUSY", "database is locked (the snapshot kept changing)");
  }
  live.pause(attempt);
}
