/**
 * A pager that follows a file other processes write to later snapshots, keeping the cached
 * pages that did not change (core/io/live_reads.ts, for file paths), and reads the file
 * ahead in runs. Apart from the base Pager so that the browser build, whose databases never
 * change and are in memory already, leaves it out.
 */
import type { ByteSource } from "../io/byte_source.ts";
import type { WalSnapshot } from "../format/wal.ts";
import { Pager, type PagerOptions } from "../pager.ts";
import { allocateRun, LinearPageStorage } from "../page_storage.ts";
import { type PageCache, type PageEntry, SlotIndex, type StreamSlots } from "./page_cache.ts";
import { MAX_READ_AHEAD, ReadAhead } from "./read_ahead.ts";
import { StreamArenas } from "./stream_arenas.ts";

/**
 * What a slot holds once its page was dropped: page 0, which no lookup asks for, and not
 * reusable, so the base pager's eviction of it (which knows nothing of dropped pages)
 * deletes no real page from the index and releases no buffer.
 */
const FORGOTTEN: PageEntry = Object.freeze({
  pgno: 0,
  data: new Uint8Array(0),
  parsed: null,
  pins: 0,
  reusable: false,
}) as PageEntry;

/**
 * The slots a scan's runs take turns in once the cache is full: a small ring of slots (first
 * taken from the CLOCK), so a scan larger than the cache streams through the ring and leaves
 * the rest of the cache — the pages that were there before, or the start of the same table —
 * cached for the next statement.
 */
class StreamRing implements StreamSlots {
  readonly #cache: PageCache;
  /** Ring size: twice the longest run, so no page of a run is replaced within the run. */
  readonly #size: number;
  #slots: number[] = [];
  #next = 0;
  /** 1 for the cache slots in the ring. */
  readonly #inRing: Uint8Array;

  constructor(cache: PageCache, size: number) {
    this.#cache = cache;
    this.#size = size;
    this.#inRing = new Uint8Array(cache.limit);
  }

  slot(): number {
    const ring = this.#slots;
    if (ring.length < this.#size) {
      // Distinct slots: one slot twice in the ring could take two pages of one run.
      let slot = this.#cache.sweep();
      while (this.#inRing[slot] === 1) slot = this.#cache.sweep();
      this.#inRing[slot] = 1;
      ring.push(slot);
      return slot;
    }
    const slot = ring[this.#next];
    this.#next = (this.#next + 1) % ring.length;
    return slot;
  }

  /** Empties the ring (the cache was emptied). */
  clear(): void {
    this.#slots = [];
    this.#next = 0;
    this.#inRing.fill(0);
  }
}

/** A {@link Pager} that can move on to a later snapshot of its file. */
export class LivePager extends Pager {
  /**
   * Pages read from the file since this was last cleared: a reader of a file that others
   * write checks its snapshot still holds once pages were read (core/io/live_reads.ts).
   */
  pagesRead = 0;
  /**
   * Of {@link pagesRead}, those read from the database file rather than from WAL frames: a
   * checkpoint can overwrite only these (core/io/live_file.ts).
   */
  databasePagesRead = 0;
  /** Where runs of scans larger than the cache are read (made on the first). */
  #arenas: StreamArenas | null = null;
  /** The highest page number the cache's slot index has room for (see {@link #grow}). */
  #indexedPages = this.pageCount;
  /** How many pages each miss reads. */
  #readAhead: ReadAhead;
  /** The slots of sequential runs once the cache is full. */
  #ring: StreamRing;
  /** Where a read-ahead run lands before its pages are copied into page buffers. */
  #runBuffer: Uint8Array | undefined;

  constructor(
    db: ByteSource,
    walSource: ByteSource | null,
    options: PagerOptions,
    wal?: WalSnapshot | null,
  ) {
    super(db, walSource, options, wal);
    const limit = this.cache.limit;
    const readAhead = Math.max(1, options.maxReadAhead ?? MAX_READ_AHEAD);
    const readAheadLimit = Math.min(readAhead, Math.max(1, limit >> 2));
    this.#readAhead = new ReadAhead(readAheadLimit, !this.#walFrames());
    // Sequential runs stream through twice the longest run.
    this.#ring = new StreamRing(this.cache, Math.max(2 * readAheadLimit, Math.min(64, limit >> 2)));
  }

  /** Whether any page is read from WAL frames (read-ahead from the file then stops). */
  #walFrames(): boolean {
    return !!this.wal?.pageOffsets.size;
  }

  /** Reads page `pgno` (a miss) and the run after it that read-ahead asks for, counted. */
  protected override load(pgno: number): PageEntry {
    const n = this.#readAhead.miss(pgno, this.pageCount - pgno + 1, this.cache.has(pgno - 1));
    this.pagesRead++;
    if (this.wal === null || !this.wal.pageOffsets.has(pgno)) this.databasePagesRead++;
    const entry = n > 1 ? this.#loadRun(pgno, n) : super.load(pgno);
    this.#readAhead.read(pgno, n);
    return entry;
  }

  /**
   * Reads pages `pgno .. pgno + n)` with one read and caches those not cached yet; returns
   * page `pgno`'s. With a source that reads into given buffers, the run lands in one
   * scratch buffer and each page is copied into a buffer of its own (reused ones first);
   * otherwise the pages are views of one fresh buffer, which lives while any is cached.
   */
  #loadRun(pgno: number, n: number): PageEntry {
    const streamed = this.cache.full ? this.#streamRun(pgno, n) : null;
    if (streamed) return streamed;
    const size = this.pageSize;
    // Pages go into buffers of the pager's own always in linear storage (pages must be in
    // the memory), else when the source can read into them.
    const own = this.storage.kind === "linear" || !!this.db.readInto;
    let run: Uint8Array;
    if (this.db.readInto) {
      run = (this.#runBuffer ??= new Uint8Array(this.#readAhead.max * size)).subarray(0, n * size);
      if (this.db.readInto(run, (pgno - 1) * size) !== n * size) return super.load(pgno);
    } else {
      run = this.db.read((pgno - 1) * size, n * size);
      if (run.length !== n * size) return super.load(pgno);
    }
    const page = (i: number) => {
      const bytes = run.subarray(i * size, (i + 1) * size);
      if (!own) return bytes;
      // A page buffer (a reused one when there is) holding the page's bytes.
      const buf = this.pool.take();
      buf.set(bytes);
      return buf;
    };
    return this.#cacheRun(pgno, n, page, own, own)[0];
  }

  /**
   * Caches the pages of a run read at `pgno` (`page(i)`: page `pgno + i`'s bytes) that are
   * not cached yet; returns their entries, page `pgno`'s first. `streaming`: they come
   * from a sequential run, and take their slots from the ring.
   */
  #cacheRun(
    pgno: number,
    n: number,
    page: (i: number) => Uint8Array,
    reusable: boolean,
    streaming: boolean,
  ): PageEntry[] {
    // Page `pgno` is not cached (its load() missed): it comes first.
    const entries: PageEntry[] = [];
    const ring = streaming ? this.#ring : undefined;
    for (let i = 0; i < n; i++) {
      if (!this.cache.has(pgno + i)) entries.push(this.insert(pgno + i, page(i), reusable, ring));
    }
    return entries;
  }

  /**
   * Moves to a later snapshot of the same file, which another connection changed: the
   * WAL (and its source) now in use, and which cached pages may differ — `"all"`, or the
   * page numbers written since the snapshot the cache holds. Pages past the new end are
   * dropped too. The header and page count are read again. Returns false, changing
   * nothing the caller relies on, when this pager cannot follow: the page size or the
   * reserved bytes changed, or the file became empty or stopped being so (the caller opens
   * a new pager).
   *
   * @throws SqliteError as opening would for the new header.
   */
  advance(
    walSource: ByteSource | null,
    wal: WalSnapshot | null,
    changed: Iterable<number> | "all",
  ): boolean {
    if (this.empty !== (this.db.size === 0)) return false;
    this.walSource = walSource;
    this.wal = walSource ? wal : null;
    if (changed === "all") this.#forgetAll();
    else for (const pgno of changed) this.#forget(pgno);
    if (this.empty) return true;
    const header = this.readHeader();
    if (header.pageSize !== this.pageSize || header.usableSize !== this.usableSize) return false;
    this.header = header;
    const count = this.countPages();
    if (count < this.pageCount) {
      for (let p = count + 1; p <= this.pageCount; p++) this.#forget(p);
    }
    this.#grow(count);
    this.pageCount = count;
    // Afresh: no miss is sequential to one before the change.
    this.#readAhead = new ReadAhead(this.#readAhead.limit, !this.#walFrames());
    return true;
  }

  /**
   * A run of a scan larger than the cache (the cache is full), read straight into the pages
   * of the stream arena next in turn (see core/pager/stream_arenas.ts); null to read it as
   * usual.
   */
  #streamRun(pgno: number, n: number): PageEntry | null {
    if (this.db.readInto === undefined) return null;
    const size = this.pageSize, storage = this.storage;
    // In linear storage the arenas are slots of the memory, so Wasm code reads them too.
    const arenas = this.#arenas ??= new StreamArenas(
      this.#readAhead.limit,
      size,
      (pages) =>
        storage instanceof LinearPageStorage
          ? allocateRun(storage, size, pages)
          : new Uint8Array(pages * size),
    );
    const pages = arenas.take((e) => this.#forget(e.pgno, e));
    if (pages === null) return null;
    const run = new Uint8Array(pages[0].buffer, pages[0].byteOffset, n * size);
    if (this.db.readInto(run, (pgno - 1) * size) !== n * size) return null;
    // Not reusable: the arena's pages are no buffers of the pool's.
    const entries = this.#cacheRun(pgno, n, (i) => pages[i], false, true);
    arenas.keep(entries);
    return entries[0];
  }

  /** Drops page `pgno` from the cache, if there (as `only`, when given). */
  #forget(pgno: number, only?: PageEntry): void {
    const cache = this.cache;
    const slot = cache.where.get(pgno);
    if (slot < 0 || (only !== undefined && cache.slots[slot] !== only)) return;
    this.release(cache.slots[slot]);
    cache.where.delete(pgno);
    cache.slots[slot] = FORGOTTEN;
    cache.used[slot] = 0;
  }

  /** Drops every cached page, in slot order; the CLOCK and the ring start afresh. */
  #forgetAll(): void {
    for (const entry of this.cache.slots) if (entry !== FORGOTTEN) this.release(entry);
    this.cache.clear();
    this.#ring.clear();
  }

  /**
   * Makes room in the cache's slot index for pages up to `pageCount` (a database that
   * grew): an index at least twice as large while it stays an array, with the cached
   * pages indexed again.
   */
  #grow(pageCount: number): void {
    const indexed = this.#indexedPages;
    if (pageCount <= indexed || indexed > 1 << 22) return;
    this.#indexedPages = Math.max(pageCount, Math.min(2 * indexed + 1, 1 << 22));
    const where = new SlotIndex(this.#indexedPages);
    this.cache.slots.forEach((entry, slot) => entry !== FORGOTTEN && where.set(entry.pgno, slot));
    this.cache.where = where;
  }
}
