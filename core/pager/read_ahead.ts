/**
 * Read-ahead: how many pages one cache miss of a file reads. A policy without I/O, so it is
 * tested alone: the pager (core/pager/live_pager.ts) tells it each miss, reads the run it
 * answers, and tells it what was read. Sequential misses (a scan of pages written in order)
 * double the run up to a limit; any other miss reads one page.
 */

/**
 * Most pages one cache miss reads when misses are sequential (a scan of pages written in
 * order): one 256 KB read of 4 KB pages instead of 64 reads (a full scan of a file larger
 * than the cache spends a fifth of its time in reads; fewer, larger ones cost less).
 */
export const MAX_READ_AHEAD = 64;

/** The run lengths of a pager's misses. */
export class ReadAhead {
  /** The read-ahead limit without WAL frames. */
  declare readonly limit: number;
  /**
   * The longest run a miss may read now: the limit, or 1 while read-ahead is off (with a
   * WAL, whose frames override file pages one by one).
   */
  declare readonly max: number;
  /** The last page read from the file on a miss (read-ahead included). */
  #lastMiss = -1;
  /** Pages the next miss reads: doubles while misses are sequential, else 1. */
  #run = 1;

  /** `limit`: the longest run; `on`: whether runs may be longer than one page now. */
  constructor(limit: number, on: boolean) {
    this.limit = limit;
    this.max = on ? limit : 1;
  }

  /**
   * Pages to read for a miss of page `pgno` (`pgno` and those after it), when `left` pages
   * remain from `pgno` to the end of the database. `afterCached`: the page before `pgno` is
   * cached. Such a miss at most a run's length past the last run is sequential too: a scan
   * passing pages that earlier statements left in the cache keeps its long runs instead of
   * starting again at one page after each.
   */
  miss(pgno: number, left: number, afterCached?: boolean): number {
    const gap = pgno - this.#lastMiss - 1;
    const sequential = gap === 0 || (afterCached && gap > 0 && gap <= this.max);
    this.#run = sequential ? Math.min(2 * this.#run, this.max) : 1;
    return Math.min(this.#run, left);
  }

  /**
   * Records that the miss of `pgno` read `n` pages (told after the read: a read that throws
   * and is asked again continues the sequence as if it had not been asked).
   */
  read(pgno: number, n: number): void {
    this.#lastMiss = pgno + Math.max(0, n - 1);
  }
}
