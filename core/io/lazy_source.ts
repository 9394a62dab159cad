/**
 * A page source filled on demand from an {@link AsyncByteSource} (HTTP ranges, a Blob read
 * lazily): the pager reads it synchronously, as any source, and a read of bytes not
 * fetched yet throws {@link PageMiss}; the async statement layer then awaits
 * {@link LazySource.fetch} and resumes or restarts the run.
 *
 * What a fetch asks for:
 * - the missing pages, rounded to whole pages, in one request (adjacent misses coalesce);
 * - when the miss continues a run of the file read in order (at or a little past where the
 *   run's last fetch ended: a scan skips the interior pages between its leaves), more
 *   pages ahead, doubling each time up to `maxReadAheadPages`, so a scan of N pages takes
 *   about log2(N) requests until the cap, then N / cap. A miss elsewhere (an interior
 *   page, a lookup) fetches its page alone and leaves the run as it was; two misses in a
 *   row on consecutive pages start a new run;
 * - never pages already fetched and not yet read.
 *
 * Memory: fetched pages wait in a staging area until the pager reads them into its own
 * cache (which bounds the rest); the staging area holds at most `maxStagedPages` pages,
 * oldest dropped first (a dropped page is fetched again if it is ever read).
 */
import { SqliteError } from "../errors.ts";
import type { AsyncByteSource } from "./async_source.ts";
import type { ByteSource } from "./byte_source.ts";
import { PageMiss } from "./page_miss.ts";
import type { PageStore } from "./page_store.ts";

/** Runs read in order tracked at once (see {@link LazySource}). */
const MAX_RUNS = 4;

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
  /** Fetched pages not read yet, by page index (0-based), oldest first. */
  readonly #staged = new Map<number, Uint8Array>();
  /**
   * Runs of the file being read in order, most recent first (a scan's leaves are in file
   * order in stretches, so a scan may keep a few going): the page index just past each
   * run's last fetch, and the run's current read-ahead.
   */
  #runs: { next: number; window: number }[] = [];
  /** Page index just past the last fetch, whatever it was. */
  #lastEnd = -1;
  #closed = false;
  /** Whether page reads leave pages staged (see {@link LazySource.keepReadPages}). */
  #keepRead = false;
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
      if (consume && !this.#keepRead) this.#staged.delete(p);
    }
  }

  /**
   * While `keep`, pages read stay staged: for attempts whose pager is thrown away when
   * they miss (opening a connection), so the next attempt does not fetch them again.
   */
  keepReadPages(keep: boolean): void {
    this.#keepRead = keep;
  }

  /**
   * Fetches what `miss` needs, with read-ahead when the miss continues a sequential run;
   * see the module documentation. Errors of the underlying source (`SQLITE_IOERR`, ...)
   * propagate; nothing is staged then.
   */
  async fetch(miss: PageMiss): Promise<void> {
    const size = this.pageSize;
    let first = Math.floor(miss.start / size);
    let end = Math.floor((Math.max(miss.end, miss.start + 1) - 1) / size) + 1;
    const run = this.#runAt(first);
    const ahead = run ? run.window : 1;
    end = Math.min(this.#pageCount, Math.max(end, first + ahead));
    // Only the pages still missing: trim staged pages off both ends.
    while (first < end && this.#staged.has(first)) first++;
    while (end > first && this.#staged.has(end - 1)) end--;
    if (run) run.next = end;
    this.#lastEnd = end;
    if (first >= end) return;
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

  /**
   * The run a miss at page `first` continues (its read-ahead doubled, moved to the front),
   * a new one when the miss follows the previous fetch, or null for a miss on its own.
   */
  #runAt(first: number): { next: number; window: number } | null {
    const runs = this.#runs;
    let i = runs.findIndex((r) => first >= r.next && first <= r.next + r.window);
    if (i < 0) {
      if (first !== this.#lastEnd) return null;
      runs.unshift({ next: first, window: 1 });
      if (runs.length > MAX_RUNS) runs.pop();
      i = 0;
    }
    const run = runs[i];
    run.window = Math.min(2 * run.window, this.#maxReadAhead);
    runs.splice(i, 1);
    runs.unshift(run);
    return run;
  }

  /** Stages the whole pages of `bytes`, which start at page index `first`. */
  #stage(first: number, bytes: Uint8Array): void {
    const size = this.pageSize;
    for (let i = 0; i * size < bytes.length; i++) {
      const page = bytes.subarray(i * size, Math.min(bytes.length, (i + 1) * size));
      // A short last page is only whole at the end of the database.
      if (page.length < size && first + i !== this.#pageCount - 1) break;
      this.#staged.delete(first + i);
      this.#staged.set(first + i, page);
    }
    while (this.#staged.size > this.#maxStaged) {
      this.#staged.delete(this.#staged.keys().next().value!);
    }
    this.stats.peakStagedPages = Math.max(this.stats.peakStagedPages, this.#staged.size);
  }

  /** Drops the staged pages and closes the underlying source. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#staged.clear();
    this.#source.close();
  }
}
