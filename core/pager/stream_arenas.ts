/**
 * Where a scan of a file larger than the page cache reads its runs (core/pager/read_ahead.ts):
 * into one of two arenas in turn, regions of a run's length (heap buffers, or slots of the
 * Wasm memory in linear storage) whose pages become the cached entries' bytes, so no page is
 * copied after the read. The runs' pages take turns in the cache's ring of at least two runs
 * (core/pager/live_pager.ts), so when an arena comes round again its pages from two runs
 * before were mostly evicted already; those still cached are dropped first, and an arena is
 * not refilled while a cursor holds one of its pages. */
import type { PageEntry } from "./page_cache.ts";

/** How many arenas take turns. */
export const ARENAS = 2;

/** The arenas of one pager. */
export class StreamArenas {
  readonly #runPages: number;
  readonly #pageSize: number;
  readonly #region: (pages: number) => Uint8Array | null;
  /** Per arena, its pages: views of one buffer. */
  #pages: (Uint8Array[] | null)[] = [];
  /** Per arena, the entries cached from its last run. */
  #entries: PageEntry[][] = [];
  #next = 0;

  /**
   * Arenas of `runPages` pages of `pageSize` bytes, made when first taken, each in the bytes
   * `region` gives for that many pages (null when there is no room for another arena).
   */
  constructor(runPages: number, pageSize: number, region: (pages: number) => Uint8Array | null) {
    this.#runPages = runPages;
    this.#pageSize = pageSize;
    this.#region = region;
  }

  /**
   * The pages of the arena next in turn, to read a run into, once `forget` dropped from the
   * cache those of its entries still there; null, changing nothing, while a cursor holds one.
   */
  take(forget: (entry: PageEntry) => void): Uint8Array[] | null {
    const k = this.#next;
    const previous = this.#entries[k] ?? [];
    for (const e of previous) if (e.pins > 0) return null;
    const pages = this.#pages[k] ??= this.#arena();
    if (pages === null) return null;
    // Before the read overwrites their bytes, even should it fail.
    for (const e of previous) forget(e);
    this.#entries[k] = [];
    return pages;
  }

  /** A new arena's page views, all in one region; null when there is no region. */
  #arena(): Uint8Array[] | null {
    const count = this.#runPages, size = this.#pageSize;
    const region = this.#region(count);
    if (region === null) return null;
    const { buffer, byteOffset } = region;
    return Array.from(
      { length: count },
      (_, i) => new Uint8Array(buffer, byteOffset + i * size, size),
    );
  }

  /** Records the entries cached from the arena last taken, and turns to the next. */
  keep(entries: PageEntry[]): void {
    this.#entries[this.#next] = entries;
    this.#next = (this.#next + 1) % ARENAS;
  }
}
