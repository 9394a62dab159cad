/**
 * A page source filled on demand from an {@link AsyncByteSource} (HTTP ranges, a Blob read
 * lazily): the pager reads it synchronously, as any source, and a read of bytes not
 * fetched yet throws {@link PageMiss}; the async statement layer then awaits
 * {@link LazySource.fetch} and resumes or restarts the run.
 *
 * What a fetch asks for:
 * - the missing pages, rounded to whole pages (adjacent misses coalesce);
 * - along a run of the file read in order, the run's next pages: a miss at the run's end or
 *   ahead of it by less than the run's next read-ahead continues the run, which then
 *   fetches from where its last fetch ended, past the miss, for its read-ahead — which
 *   doubles each time up to `maxReadAheadPages`. A scan that jumps to an interior page lying
 *   among its leaves thus fetches that page together with the leaves before it, and a scan
 *   of N pages takes about log2(N) requests until the cap, then N / cap. A miss elsewhere (a
 *   lookup, an interior page far ahead) fetches its pages alone and leaves the runs as they
 *   were; two misses in a row on consecutive pages start a new run. A few runs are followed
 *   at once (a scan's leaves lie in order in stretches);
 * - never a page fetched and not read yet, nor one a fetch under way brings (a miss of such
 *   a page waits for that fetch), nor, unless it is missed, one of the last pages fetched
 *   alone or one a cursor above holds (the pager says, when one is attached with
 *   {@link LazySource.attachPager}): the pages to fetch are then requested as up to a few
 *   ranges around those. Pages the pager caches are left out at either end of the request
 *   (in the middle, re-reading one costs less than another request).
 *
 * Memory: fetched pages wait in a staging area until the pager reads them into its own
 * cache (which bounds the rest); the staging area holds at most `maxStagedPages` pages,
 * oldest dropped first (a dropped page is fetched again if it is ever read). While a run
 * that starts again after a miss is going (generated code, opening a connection), the pages
 * it reads stay staged too ({@link LazySource.holdReadPages}), so its next attempt fetches
 * none of them again; {@link LazySource.fitsStaged} tells whether the next fetch still
 * leaves them all in place.
 */
import { SqliteError } from "../errors.ts";
import type { AsyncByteSource } from "./async_source.ts";
import type { ByteSource } from "./byte_source.ts";
import { PageMiss } from "./page_miss.ts";
import type { PageStore } from "./page_store.ts";

/** Runs read in order tracked at once (see {@link LazySource}). */
const MAX_RUNS = 4;

/** Most ranges one fetch requests past its missing pages (around pages it must not ask for). */
const MAX_RANGES = 4;

/** Pages fetched alone remembered (see {@link LazySource}): the most recent ones. */
const MAX_ALONE = 64;

/** Options of a {@link LazySource}. */
export interface LazySourceOptions {
  /** Most pages one fetch asks for ahead of a sequential miss (default 256: 1 MiB of 4 KB pages). */
  maxReadAheadPages?: number;
  /** Most fetched pages waiting to be read (default: twice `maxReadAheadPages`). */
  maxStagedPages?: number;
  /**
   * A store consulted before fetching and filled after (page_store.ts), with this
   * database's key in it (`pageStoreKey`: URL and validator).
   */
  pageStore?: { store: PageStore; key: string };
}

/** What a {@link LazySource} has fetched so far. */
export interface LazySourceStats {
  /** Fetches (one request to the underlying source each). */
  fetches: number;
  /** Bytes fetched. */
  bytes: number;
  /** Page reads that had to wait for a fetch. */
  misses: number;
  /** Most pages the staging area held at once. */
  peakStagedPages: number;
  /** Pages found in the page store instead of fetched. */
  storedPages: number;
}

/**
 * What the pager reading a {@link LazySource} holds, by 1-based page number
 * (core/pager/held_pages.ts answers it): pages it caches, and pages a cursor keeps (cached
 * or not).
 */
export interface PageHolder {
  /** Whether page `pgno` is in the cache. */
  isCached(pgno: number): boolean;
  /** Whether a cursor keeps page `pgno`'s bytes. */
  isPinned(pgno: number): boolean;
}

/** A run of the file read in order: the page index just past its last fetch, and its read-ahead. */
interface Run {
  next: number;
  window: number;
}

/** A fetch under way: page indexes `[first, end)`, settled once they are staged (or failed). */
interface InFlight {
  first: number;
  end: number;
  done: Promise<void>;
}

/**
 * A {@link ByteSource} over an {@link AsyncByteSource}, holding only the pages fetched and
 * not yet read; see the module documentation.
 *
 * @example
 * ```ts
 * import { BlobSource } from "./async_source.ts";
 * import { LazySource } from "./lazy_source.ts";
 * import { PageMiss } from "./page_miss.ts";
 * const blob = new Blob([new Uint8Array(8192).fill(7)]);
 * const lazy = new LazySource(new BlobSource(blob), 4096);
 * try {
 *   lazy.read(4096, 10);
 * } catch (miss) {
 *   if (!(miss instanceof PageMiss)) throw miss;
 *   await lazy.fetch(miss);
 * }
 * console.log(lazy.read(4096, 10)[0]); // 7
 * ```
 */
export class LazySource implements ByteSource {
  /** Size of the database in bytes. */
  readonly size: number;
  /** The page size the source fetches in (the database's). */
  readonly pageSize: number;
  /** Fetch counts; see {@link LazySourceStats}. */
  readonly stats: LazySourceStats = {
    fetches: 0,
    bytes: 0,
    misses: 0,
    peakStagedPages: 0,
    storedPages: 0,
  };
  readonly #source: AsyncByteSource;
  readonly #pageCount: number;
  readonly #maxReadAhead: number;
  readonly #maxStaged: number;
  /** Fetched pages not read yet (or read while held), by page index (0-based), oldest first. */
  readonly #staged = new Map<number, Uint8Array>();
  /**
   * Staged pages that were read, with the hold epoch they were read in: those of the
   * current epoch are kept for the run holding them, the others may go first.
   */
  readonly #readStaged = new Map<number, number>();
  /** Runs of the file being read in order, most recent first (see the module documentation). */
  #runs: Run[] = [];
  /** Fetches under way. */
  #inFlight: InFlight[] = [];
  /**
   * Pages recently fetched alone (a scan's jump to an interior page, a lookup's path),
   * oldest first: a run that reaches them later does not fetch them again.
   */
  readonly #alone = new Set<number>();
  /** Page index just past the last fetch, whatever it was. */
  #lastEnd = -1;
  #closed = false;
  /** Holds on pages read (see {@link LazySource.holdReadPages}). */
  #holds = 0;
  /** Bumped each time holds begin anew: pages read in an earlier epoch are no longer kept. */
  #epoch = 0;
  #pager: PageHolder | null = null;
  readonly #store: { store: PageStore; key: string } | null;

  /** Reads `source` in pages of `pageSize` bytes; `firstBytes` are staged already. */
  constructor(
    source: AsyncByteSource,
    pageSize: number,
    options: LazySourceOptions = {},
    firstBytes?: Uint8Array,
  ) {
    this.#source = source;
    this.size = source.size;
    this.pageSize = pageSize;
    this.#pageCount = Math.ceil(source.size / pageSize);
    this.#maxReadAhead = Math.max(1, options.maxReadAheadPages ?? 256);
    this.#maxStaged = Math.max(
      this.#maxReadAhead,
      options.maxStagedPages ?? 2 * this.#maxReadAhead,
    );
    this.#store = options.pageStore ?? null;
    if (firstBytes) this.#stage(0, firstBytes);
  }

  /** Bytes `[offset, offset + length)` (a copy); throws {@link PageMiss} if not fetched. */
  read(offset: number, length: number): Uint8Array {
    const out = new Uint8Array(Math.max(0, Math.min(length, this.size - offset)));
    this.#copy(out, offset, false);
    return out;
  }

  /**
   * Copies bytes from `offset` into `target` (the pager's page reads). The pages read
   * leave the staging area: the pager keeps them now.
   */
  readInto(target: Uint8Array, offset: number): number {
    const n = Math.max(0, Math.min(target.length, this.size - offset));
    this.#copy(target.subarray(0, n), offset, true);
    return n;
  }

  #copy(out: Uint8Array, offset: number, consume: boolean): void {
    if (this.#closed) throw new SqliteError("SQLITE_MISUSE", "lazy source is closed");
    const size = this.pageSize;
    const end = offset + out.length;
    const first = Math.floor(offset / size);
    const last = Math.floor((end - 1) / size);
    for (let p = first; p <= last; p++) {
      if (!this.#staged.has(p)) {
        this.stats.misses++;
        throw new PageMiss(offset, end);
      }
    }
    for (let p = first; p <= last; p++) {
      const page = this.#staged.get(p)!;
      const from = Math.max(offset, p * size), to = Math.min(end, (p + 1) * size);
      out.set(page.subarray(from - p * size, to - p * size), from - offset);
      if (!consume) continue;
      if (this.#holds > 0) {
        this.#readStaged.set(p, this.#epoch);
      } else {
        this.#staged.delete(p);
        this.#readStaged.delete(p);
      }
    }
  }

  /**
   * From now until the returned function is called, pages read stay staged: for runs that
   * start again from the beginning after a miss (generated code; opening a connection,
   * whose failed attempts' pagers are dropped), so that the next attempt fetches none of
   * them again. Holds nest; once none is left, the pages they kept go first when room is
   * needed.
   */
  holdReadPages(): () => void {
    if (this.#holds++ === 0) this.#epoch++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#holds--;
    };
  }

  /**
   * Whether fetching `miss` would leave in place every page staged and not read, and every
   * page read while held: if not, starting the held run again would fetch some again.
   */
  fitsStaged(miss: PageMiss): boolean {
    const { first, end } = this.#missPages(miss);
    const { from, to } = this.#choose(first, end).span;
    let pages = 0;
    for (const [a, b] of this.#ranges(from, to, first, end).ranges) pages += b - a;
    let dispensable = 0; // read, and not kept by a hold
    for (const epoch of this.#readStaged.values()) {
      if (this.#holds === 0 || epoch !== this.#epoch) dispensable++;
    }
    return this.#staged.size - dispensable + pages <= this.#maxStaged;
  }

  /**
   * The pager reading this source: pages a cursor holds are never fetched again along a
   * run, and cached pages are left out at either end of a request.
   */
  attachPager(pager: PageHolder | null): void {
    this.#pager = pager;
  }

  /**
   * Fetches what `miss` needs, with read-ahead when the miss continues a sequential run;
   * see the module documentation. Errors of the underlying source (`SQLITE_IOERR`, ...)
   * propagate; nothing is staged then.
   */
  async fetch(miss: PageMiss): Promise<void> {
    const { first, end } = this.#missPages(miss);
    // Pages of the miss that a fetch under way brings: wait for it rather than ask again
    // (if it fails, the pages are asked for below, and that failure is this miss's).
    for (;;) {
      const pending = this.#inFlight.find((f) =>
        f.first < end && f.end > first &&
        this.#anyMissing(Math.max(first, f.first), Math.min(end, f.end))
      );
      if (pending === undefined) break;
      await pending.done.catch(() => {});
    }
    if (!this.#anyMissing(first, end)) return;
    const ranges = this.#plan(first, end);
    if (ranges.length === 0) return;
    await Promise.all(ranges.map(([a, b]) => this.#fetchRange(a, b)));
  }

  /** Page indexes `[first, end)` that `miss` needs. */
  #missPages(miss: PageMiss): { first: number; end: number } {
    const size = this.pageSize;
    const first = Math.floor(miss.start / size);
    const end = Math.floor((Math.max(miss.end, miss.start + 1) - 1) / size) + 1;
    return { first, end: Math.max(first, Math.min(end, this.#pageCount)) };
  }

  /** Whether a page of `[first, end)` is not staged. */
  #anyMissing(first: number, end: number): boolean {
    for (let p = first; p < end; p++) if (!this.#staged.has(p)) return true;
    return false;
  }

  /**
   * What a miss of pages `[first, end)` fetches: the run it continues (an index in
   * {@link #runs}), or a new one, or none; and the span of pages it covers.
   */
  #choose(first: number, end: number): {
    run: number | "new" | null;
    window: number;
    span: { from: number; to: number };
  } {
    const grow = (window: number) => Math.min(2 * window, this.#maxReadAhead);
    const i = this.#runs.findIndex((r) => first >= r.next && first < r.next + grow(r.window));
    let run: number | "new" | null = null, from = first, window = 0;
    if (i >= 0) {
      run = i;
      from = this.#runs[i].next;
      window = grow(this.#runs[i].window);
    } else if (first === this.#lastEnd) {
      run = "new";
      window = grow(1);
    }
    const to = Math.min(this.#pageCount, Math.max(end, from + window));
    return { run, window, span: { from, to } };
  }

  /** Chooses what a miss of pages `[first, end)` fetches and moves the runs on; the ranges. */
  #plan(first: number, end: number): [number, number][] {
    const { run, window, span } = this.#choose(first, end);
    const { ranges, stop } = this.#ranges(span.from, span.to, first, end);
    // The run goes on where this fetch stops (pages past it are left to the next one).
    const next = Math.max(end, stop);
    this.#lastEnd = next;
    if (run === null) {
      for (let p = first; p < end; p++) this.#alone.add(p);
      for (const p of this.#alone) {
        if (this.#alone.size <= MAX_ALONE) break;
        this.#alone.delete(p);
      }
      return ranges;
    }
    // The run is past these now (it fetched them again only if they were missed).
    for (const p of this.#alone) if (p >= span.from && p < next) this.#alone.delete(p);
    const runs = this.#runs;
    const moved: Run = run === "new" ? { next, window } : runs.splice(run, 1)[0];
    moved.next = next;
    moved.window = window;
    runs.unshift(moved);
    if (runs.length > MAX_RUNS) runs.pop();
    return ranges;
  }

  /**
   * The ranges of pages `[from, to)` to request for a miss of `[first, end)`, and where
   * they stop (`to`, or earlier past the miss once there are enough ranges): without pages
   * staged, coming, or (unless missed) held by a cursor, nor cached ones at either end.
   */
  #ranges(
    from: number,
    to: number,
    first: number,
    end: number,
  ): { ranges: [number, number][]; stop: number } {
    const pager = this.#pager;
    const ranges: [number, number][] = [];
    let start = -1, stop = to;
    for (let p = from; p < to; p++) {
      const missed = p >= first && p < end;
      const skip = this.#staged.has(p) || this.#coming(p) ||
        (!missed && (this.#alone.has(p) || (pager !== null && pager.isPinned(p + 1))));
      if (!skip) {
        if (start < 0) start = p;
        continue;
      }
      if (start >= 0) ranges.push([start, p]);
      start = -1;
      if (p >= end && ranges.length >= MAX_RANGES) {
        stop = p;
        break;
      }
    }
    if (start >= 0) ranges.push([start, stop]);
    if (pager !== null && ranges.length > 0) {
      const cached = (p: number) => (p < first || p >= end) && pager.isCached(p + 1);
      const head = ranges[0], tail = ranges[ranges.length - 1];
      while (head[0] < head[1] && cached(head[0])) head[0]++;
      while (tail[1] > tail[0] && cached(tail[1] - 1)) tail[1]--;
    }
    return { ranges: ranges.filter(([a, b]) => a < b), stop };
  }

  /** Whether a fetch under way brings page `p`. */
  #coming(p: number): boolean {
    for (const f of this.#inFlight) if (p >= f.first && p < f.end) return true;
    return false;
  }

  /** Fetches pages `[first, end)` (one request), registered as under way meanwhile. */
  #fetchRange(first: number, end: number): Promise<void> {
    const entry: InFlight = { first, end, done: Promise.resolve() };
    this.#inFlight.push(entry);
    entry.done = this.#load(first, end).finally(() => {
      this.#inFlight = this.#inFlight.filter((f) => f !== entry);
    });
    return entry.done;
  }

  /** Stages pages `[first, end)`: from the page store if it has them, else one request. */
  async #load(first: number, end: number): Promise<void> {
    const size = this.pageSize;
    if (this.#store !== null) {
      // Stored pages at either end need no fetch; the rest goes in one request.
      const { store, key } = this.#store;
      const stored = await store.getPages(key, first, end - first);
      stored.forEach((page, i) => {
        if (page !== undefined && page.length === size) {
          this.#stage(first + i, page);
          this.stats.storedPages++;
        }
      });
      while (first < end && this.#staged.has(first)) first++;
      while (end > first && this.#staged.has(end - 1)) end--;
      if (first >= end) return;
    }
    const bytes = await this.#source.read(first * size, (end - first) * size);
    this.stats.fetches++;
    this.stats.bytes += bytes.length;
    this.#stage(first, bytes);
    if (this.#store !== null) {
      const pages = [];
      for (let at = 0; at + size <= bytes.length; at += size) {
        pages.push(bytes.subarray(at, at + size));
      }
      await this.#store.store.putPages(this.#store.key, first, pages);
    }
  }

  /** Stages the whole pages of `bytes`, which start at page index `first`. */
  #stage(first: number, bytes: Uint8Array): void {
    const size = this.pageSize;
    for (let i = 0; i * size < bytes.length; i++) {
      const page = bytes.subarray(i * size, Math.min(bytes.length, (i + 1) * size));
      // A short last page is only whole at the end of the database.
      if (page.length < size && first + i !== this.#pageCount - 1) break;
      this.#staged.delete(first + i);
      this.#readStaged.delete(first + i);
      this.#staged.set(first + i, page);
    }
    while (this.#staged.size > this.#maxStaged) this.#dropOne();
    this.stats.peakStagedPages = Math.max(this.stats.peakStagedPages, this.#staged.size);
  }

  /** Drops a staged page: the oldest read and not kept by a hold, else the oldest. */
  #dropOne(): void {
    let victim: number | undefined;
    for (const [p, epoch] of this.#readStaged) {
      if (this.#holds === 0 || epoch !== this.#epoch) {
        victim = p;
        break;
      }
    }
    victim ??= this.#staged.keys().next().value!;
    this.#staged.delete(victim);
    this.#readStaged.delete(victim);
  }

  /** Drops the staged pages and closes the underlying source. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#staged.clear();
    this.#readStaged.clear();
    this.#source.close();
  }
}
