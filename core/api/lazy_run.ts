/**
 * One run of a statement over a lazy source (core/io/lazy_source.ts), driven
 * synchronously as far as the fetched pages allow: {@link LazyRun.step} hands out the
 * next row, the end, or the {@link PageMiss} to fetch before calling it again.
 *
 * After a miss, a resumable run (core/backend.ts StartOptions) continues where it
 * stopped; any other run starts again, and the rows it already handed out are skipped.
 * The rows are the same ones as long as the statement is deterministic, which restarts
 * assume (a statement calling random() may see other values after a restart).
 *
 * A run that starts again reads again every page it read before; the source keeps them
 * staged while the run goes on (`pages.hold`), so none is fetched twice. Before a fetch
 * that would leave no room for them all (`pages.fits`: the statement reads more pages
 * than the staging area holds), the run is given at once to `fallback`, a resumable run
 * of the same statement, which reads the kept pages and goes on from the miss without
 * restarting again. Without `pages`, restarts make progress as long as the statement's
 * pages fit the page cache; a run that misses again a page it already fetched has outgrown
 * it, and is given to the fallback, or fails with SQLITE_NOMEM when there is none.
 */
import { SqliteError } from "../errors.ts";
import { PageMiss } from "../io/page_miss.ts";
import type { SqlValue } from "../value/types.ts";
import type { RowCursor } from "./statement.ts";

/** How a {@link LazyRun} starts runs of its statement. */
export interface RunStarter {
  /** A run on the connection's backend (resumable if the backend can). */
  start(): RowCursor;
  /** Starts a resumable run, for when restarts cannot finish; null when there is none. */
  readonly fallback: (() => RowCursor) | null;
  /** The source's keeping of pages read, for runs that start again (LazySource). */
  readonly pages?: RestartPages;
}

/** How the lazy source keeps the pages a restarting run read (see core/io/lazy_source.ts). */
export interface RestartPages {
  /** Keeps pages read staged until the returned function is called. */
  hold(): () => void;
  /** Whether fetching `miss` leaves every page kept in place. */
  fits(miss: PageMiss): boolean;
}

/** Restarts at most this many times for one page before giving up on restarting. */
const MISSES_OF_ONE_PAGE = 2;

/** One run over a lazy source; see the module documentation. */
export class LazyRun {
  readonly #starter: RunStarter;
  #cursor: RowCursor | null = null;
  #delivered = 0;
  #skip = 0;
  #usingFallback = false;
  /** Releases the source's hold on the pages this run read, while it may restart. */
  #release: (() => void) | null = null;
  /** Misses per first byte offset, while restarting. */
  readonly #missesAt = new Map<number, number>();
  #done = false;

  /** A run that starts on the first {@link LazyRun.step}. */
  constructor(starter: RunStarter) {
    this.#starter = starter;
  }

  /** Rows handed out so far. */
  get delivered(): number {
    return this.#delivered;
  }

  /**
   * The next row's values, null at the end, or the miss to fetch (then call again).
   * Errors other than misses end the run and are thrown.
   */
  step(): SqlValue[] | null | PageMiss {
    if (this.#done) return null;
    for (;;) {
      let cursor = this.#cursor;
      if (cursor === null) {
        if (!this.#usingFallback) this.#release ??= this.#starter.pages?.hold() ?? null;
        try {
          cursor = this.#cursor = this.#usingFallback
            ? this.#starter.fallback!()
            : this.#starter.start();
        } catch (e) {
          if (e instanceof PageMiss) return this.#restartAfter(e);
          this.close();
          throw e;
        }
        // A resumable run reads each page once: nothing to keep.
        if (cursor.resumable) this.#releasePages();
      }
      let values: SqlValue[] | null;
      try {
        values = cursor.next();
      } catch (e) {
        if (!(e instanceof PageMiss)) {
          this.close();
          throw e;
        }
        if (cursor.resumable) return e;
        this.#cursor = null; // the run closed itself
        if (this.#handOver(e)) continue;
        return this.#restartAfter(e);
      }
      if (values === null) {
        this.close();
        return null;
      }
      if (this.#skip > 0) {
        this.#skip--;
        continue;
      }
      this.#delivered++;
      return values;
    }
  }

  /**
   * Whether the run goes on as the fallback now, before `miss` is fetched: the fetch would
   * leave no room for the pages kept for a restart. The fallback then reads them (they are
   * no longer kept: each is read once more) and misses where this run did.
   */
  #handOver(miss: PageMiss): boolean {
    const pages = this.#starter.pages;
    if (this.#usingFallback || this.#starter.fallback === null || pages === undefined) {
      return false;
    }
    if (pages.fits(miss)) return false;
    this.#usingFallback = true;
    this.#skip = this.#delivered;
    this.#missesAt.clear();
    this.#releasePages();
    return true;
  }

  #releasePages(): void {
    this.#release?.();
    this.#release = null;
  }

  /** Arranges a restart after `miss` is fetched, or the fallback when restarts loop. */
  #restartAfter(miss: PageMiss): PageMiss {
    this.#skip = this.#delivered;
    const seen = (this.#missesAt.get(miss.start) ?? 0) + 1;
    this.#missesAt.set(miss.start, seen);
    if (seen > MISSES_OF_ONE_PAGE) {
      // The pages this statement reads do not fit the cache: restarting cannot finish.
      if (this.#usingFallback || this.#starter.fallback === null) {
        this.close();
        throw new SqliteError(
          "SQLITE_NOMEM",
          "the pages this statement reads do not fit the page cache: raise cachePages",
        );
      }
      this.#usingFallback = true;
      this.#missesAt.clear();
      this.#releasePages();
    }
    return miss;
  }

  /** Ends the run (idempotent). */
  close(): void {
    this.#releasePages();
    this.#done = true;
    this.#cursor?.close();
    this.#cursor = null;
  }
}
