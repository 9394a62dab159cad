/**
 * Where a scan of a file larger than the page cache reads its runs (core/pager/read_ahead.ts):
 * into one of two arenas in turn, buffers of a run's length whose pages become the cached
 * entries' bytes, so no page is copied after the read. The runs' pages take turns in the
 * cache's ring of at least two runs (core/pager/page_cache.ts), so when an arena comes round
 * again its pages from two runs before were mostly evicted already; those still cached are
 * dropped first, and an arena is not refilled while a cursor holds one of its pages.
 */
import type { PageEntry } from "./page_cache.ts";

/** How many arenas take turns. */
const ARENAS = 2;

/** The arenas of one pager. */
export class StreamArenas {
  readonly #runPages: number;
  readonly #pageSize: number;
  /** Per arena, its pages: views of one buffer. */
  #pages: Uint8Array[][] = [];
  /** Per arena, the entries cached from its last run. */
  #entries: PageEntry[][] = [];
  #next = 0;

  /** Arenas of `runPages` pages of `pageSize` bytes, made when first taken. */
  constructor(runPages: number, pageSize: number) {
    this.#runPages = runPages;
    this.#pageSize = pageSize;
  }

  /**
   * The pages of the arena next in turn, to read a run into, once `forget` dropped from the
   * cache those of its entries still there; null, changing nothing, while a cursor holds one.
   */
  take(forget: (entry: PageEntry) => void): Uint8Array[] | null {
    const k = this.#next;
    const previous = this.#entries[k] ?? [];
    for (const e of previous) if (e.pins > 0) return null;
    // Before the read overwrites their bytes, even should it fail.
    for (const e of previous) forget(e);
    this.#entries[k] = [];
    return this.#pages[k] ??= arenaPages(this.#runPages, this.#pageSize);
  }

  /** Records the entries cached from the arena last taken, and turns to the next. */
  keep(entries: PageEntry[]): void {
    this.#entries[this.#next] = entries;
    this.#next = (this.#next + 1) % ARENAS;
  }
}

/** `count` page views of one new buffer. */
function arenaPages(count: number, pageSize: number): Uint8Array[] {
  const buffer = new ArrayBuffer(count * pageSize);
  return Array.from({ length: count }, (_, i) => new Uint8Array(buffer, i * pageSize, pageSize));
}
