/**
 * The pager: page numbers to page bytes, through a bounded cache, with the WAL overlay.
 *
 * Opening follows SQLite (pager.c pagerOpenWalIfPresent, btree.c lockBtree): an empty
 * database file is an empty database and any WAL beside it is ignored; otherwise an
 * existing WAL is used whatever the header's version bytes say. Pages past the end of
 * the file (or past the WAL's last commit size) read as zeros, as in SQLite.
 */
import { corrupt } from "./errors.ts";
import type { ByteSource } from "./io/byte_source.ts";
import {
  checkUsableSize,
  type DatabaseHeader,
  HEADER_SIZE,
  lockBytePage,
  parseHeader,
} from "./format/header.ts";
import { readWal, type WalSnapshot } from "./format/wal.ts";
import { PageType } from "./format/btree_page.ts";
import {
  HeapPageStorage,
  LINEAR_SPARE_SLOTS,
  LinearPageStorage,
  type PageStorage,
  type PageStorageKind,
} from "./page_storage.ts";

/**
 * Default size of the page cache in bytes (64 MiB: 16384 pages of 4 KB). SQLite's own
 * cache is small because the OS caches the file under it; here every miss is a `readSync`
 * copy plus a parse, so a larger cache pays: an index or table up to this size is read
 * from the file once, then served from memory.
 */
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Most pages one cache miss reads when misses are sequential (a scan of pages written in
 * order): one 256 KB read of 4 KB pages instead of 64 reads (a full scan of a file larger
 * than the cache spends a fifth of its time in reads; fewer, larger ones cost less).
 */
const MAX_READ_AHEAD = 64;

/** Options of a {@link Pager}. */
export interface PagerOptions {
  /**
   * Pages kept in the cache; at least 16. Default: as many as fit in
   * {@link DEFAULT_CACHE_BYTES} (16384 pages of 4 KB).
   */
  cachePages?: number;
  /**
   * Most pages one miss reads ahead (default 64). 1 for a source that reads ahead itself
   * (core/io/lazy_source.ts).
   */
  maxReadAhead?: number;
  /**
   * Where page bytes live: separate heap buffers (default), or slots of one
   * `WebAssembly.Memory` for code compiled to Wasm (core/page_storage.ts).
   */
  pageStorage?: PageStorageKind;
}

/**
 * One cached page: its bytes and whatever a reader parsed from them (the b-tree page
 * header), kept so that re-entering a cached page costs no parse.
 */
export interface PageEntry {
  readonly pgno: number;
  readonly data: Uint8Array;
  /** Set by the b-tree layer the first time the page is read as a b-tree page. */
  parsed: unknown;
  /**
   * How many holders (b-tree cursors' paths) keep this page's bytes beyond the call that
   * returned it. A page evicted with no pins gives its buffer to the next page read.
   */
  pins: number;
  /** Whether `data` is a buffer of the pager's own that may be refilled once evicted. */
  readonly reusable: boolean;
}

/**
 * Reads a database through a bounded page cache. The cache is a CLOCK (second chance)
 * cache: a hit or a load sets a flag, and a miss with a full cache evicts the first page
 * found, sweeping in insertion order, that was not used since the sweep last passed it.
 */
export class Pager {
  /** The database header as of the snapshot in use (page 1, through the WAL). */
  header: DatabaseHeader;
  readonly pageSize: number;
  /** Bytes of each page available to b-trees (page size less reserved bytes). */
  readonly usableSize: number;
  /** Number of pages in the database as of the snapshot in use. */
  pageCount: number;
  /** The WAL snapshot in use, or null when reading the database file alone. */
  wal: WalSnapshot | null;
  /** The lock-byte page, which never holds b-tree content. */
  readonly lockBytePage: number;
  /** Where the page bytes live. */
  readonly storage: PageStorage;

  #db: ByteSource;
  #walSource: ByteSource | null;
  /** Page number → slot in {@link #slots}. */
  #where: SlotIndex = new SlotIndex(0);
  #slots: PageEntry[] = [];
  /** Per slot: passes of the CLOCK hand the page survives unused (see {@link isInteriorPage}). */
  #used: Uint8Array;
  /** Per slot: what a use of the page sets {@link #used} to: 2 for interior pages, else 1. */
  #life: Uint8Array;
  #hand = 0;
  #cacheLimit: number;
  /** The last page read from the file on a miss (read-ahead included). */
  #lastMiss = -1;
  /** Pages the next miss reads: doubles while misses are sequential, else 1. */
  #readAhead = 1;
  /** Read-ahead limit: 1 with a WAL (its frames override file pages one by one). */
  #maxReadAhead = 1;
  /** The read-ahead limit without WAL frames. */
  #readAheadLimit = 1;
  /**
   * Buffers of evicted, unpinned pages, refilled by the next reads: a scan of a file
   * larger than the cache then allocates nothing per page (fresh buffers cost more than
   * the reads, in allocation and in garbage collection).
   */
  #free: Uint8Array[] = [];
  /** Pages evicted while a cursor held them: their buffers are free once released. */
  #held: PageEntry[] = [];
  /** The linear storage's page map (page_storage.ts), kept in step with the cache. */
  #pageMap: Int32Array | null = null;
  /** The linear storage's page info (page_storage.ts), cleared for pages that change. */
  #pageInfo: Int32Array | null = null;
  /** Where a read-ahead run lands before its pages are copied into page buffers. */
  #runBuffer: Uint8Array | null = null;
  /** Whether the pages being inserted come from a sequential run (see {@link #streamSlot}). */
  #streaming = false;
  /** The slots sequential runs take turns in once the cache is full, and the next one. */
  #ring: number[] = [];
  #ringNext = 0;
  /** 1 for the slots in {@link #ring}. */
  #inRing = new Uint8Array(0);
  /** Ring size: twice the longest run, so no page of a run is replaced within the run. */
  #ringSize = 2;

  /** An empty (0-byte) database: no pages, no schema. */
  readonly empty: boolean;
  /**
   * How many times a page was asked for (cache hits included) since the pager opened: a
   * measure of the work a query does that tests can check without timing anything.
   */
  pageRequests = 0;
  /**
   * How many page buffers the pager allocated for reads into buffers of its own (sources
   * with `readInto`): with reuse, a scan of any length allocates about a cache's worth.
   */
  buffersAllocated = 0;
  /**
   * Pages read from the file since this was last cleared: a reader of a file that others
   * write checks its snapshot still holds once pages were read (core/database_file.ts).
   */
  pagesRead = 0;
  /**
   * Of {@link pagesRead}, those read from the database file rather than from WAL frames: a
   * checkpoint can overwrite only these (core/io/live_file.ts).
   */
  databasePagesRead = 0;

  /**
   * `wal`: the WAL's state when the caller read it already (core/io/live_file.ts);
   * otherwise the pager reads it from `walSource` as SQLite's recovery does.
   */
  constructor(
    db: ByteSource,
    walSource: ByteSource | null,
    options: PagerOptions = {},
    wal?: WalSnapshot | null,
  ) {
    this.#db = db;
    this.empty = db.size === 0;
    if (this.empty) {
      if (wal === undefined) walSource?.close();
      walSource = null;
    }
    this.#walSource = walSource;
    this.wal = walSource ? (wal === undefined ? readWal(walSource) : wal) : null;
    if (this.empty) {
      this.header = emptyHeader();
      this.pageSize = this.header.pageSize;
      this.usableSize = this.header.usableSize;
      this.pageCount = 0;
      this.lockBytePage = lockBytePage(this.pageSize);
      this.#cacheLimit = 16;
      this.#used = new Uint8Array(16);
      this.#life = new Uint8Array(16);
      this.storage = makeStorage(options.pageStorage, this.pageSize, 16, 0);
      return;
    }
    this.header = this.#readHeader();
    this.pageSize = this.header.pageSize;
    this.usableSize = this.header.usableSize;
    this.lockBytePage = lockBytePage(this.pageSize);
    const count = this.#countPages();
    this.pageCount = count;
    this.#where = new SlotIndex(count);
    const wanted = options.cachePages ?? DEFAULT_CACHE_BYTES / this.pageSize;
    // Never more slots than pages: a small database gets a small cache.
    this.#cacheLimit = Math.max(16, Math.min(Math.floor(wanted), count));
    this.#used = new Uint8Array(this.#cacheLimit);
    this.#life = new Uint8Array(this.#cacheLimit);
    this.storage = makeStorage(options.pageStorage, this.pageSize, this.#cacheLimit, count);
    if (this.storage.kind === "linear") {
      this.#pageMap = (this.storage as LinearPageStorage).pageMap;
      this.#pageInfo = (this.storage as LinearPageStorage).pageInfo;
    }
    const readAhead = Math.max(1, options.maxReadAhead ?? MAX_READ_AHEAD);
    this.#readAheadLimit = Math.min(readAhead, Math.max(1, this.#cacheLimit >> 2));
    this.#maxReadAhead = this.#walFrames() ? 1 : this.#readAheadLimit;
    this.#ringSize = Math.max(2 * this.#readAheadLimit, Math.min(64, this.#cacheLimit >> 2));
    this.#inRing = new Uint8Array(this.#cacheLimit);
  }

  /** Page 1's header as read through the WAL (a WAL frame of page 1 wins). */
  #readHeader(): DatabaseHeader {
    const walPage1 = this.wal?.pageOffsets.get(1);
    const first = walPage1 !== undefined
      ? this.#walSource!.read(walPage1, HEADER_SIZE)
      : this.#db.read(0, HEADER_SIZE);
    return parseHeader(first);
  }

  /**
   * SQLite's rule (btree.c lockBtree): the in-header size when valid, else the size of the
   * file (or of the WAL's last commit); a header claiming more is corruption.
   */
  #countPages(): number {
    const available = this.wal ? this.wal.dbPages : Math.ceil(this.#db.size / this.pageSize);
    const count = this.header.inHeaderSizeValid ? this.header.inHeaderPageCount : available;
    if (count > available) corrupt(1, "in-header page count exceeds database size");
    checkUsableSize(this.header);
    return count;
  }

  /** Whether any page is read from WAL frames (read-ahead from the file then stops). */
  #walFrames(): boolean {
    return this.wal !== null && this.wal.pageOffsets.size > 0;
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
    if (this.empty !== (this.#db.size === 0)) return false;
    this.#walSource = walSource;
    this.wal = walSource ? wal : null;
    if (changed === "all") this.#forgetAll();
    else for (const pgno of changed) this.#forget(pgno);
    if (this.empty) return true;
    const header = this.#readHeader();
    if (header.pageSize !== this.pageSize || header.usableSize !== this.usableSize) return false;
    this.header = header;
    const count = this.#countPages();
    if (count < this.pageCount) {
      for (let p = count + 1; p <= this.pageCount; p++) this.#forget(p);
    }
    this.#where.grow(count);
    this.pageCount = count;
    this.#lastMiss = -1;
    this.#maxReadAhead = this.#walFrames() ? 1 : this.#readAheadLimit;
    return true;
  }

  /** Drops page `pgno` from the cache, if there (see {@link advance}). */
  #forget(pgno: number): void {
    // What compiled code learnt of the page (page_storage.ts pageInfo) goes even when the
    // page itself is no longer cached.
    const info = this.#pageInfo;
    if (info !== null && pgno < info.length) info[pgno] = 0;
    const slot = this.#where.get(pgno);
    if (slot < 0) return;
    this.#release(this.#slots[slot]);
    this.#where.delete(pgno);
    this.#slots[slot] = FORGOTTEN;
    this.#used[slot] = 0;
  }

  /** Drops every cached page. */
  #forgetAll(): void {
    for (const entry of this.#slots) this.#release(entry);
    this.#slots = [];
    this.#where.clear();
    this.#ring = [];
    this.#ringNext = 0;
    this.#inRing.fill(0);
    this.#hand = 0;
    this.#pageMap?.fill(0);
    this.#pageInfo?.fill(0);
  }

  /**
   * Frees a cached page's buffer for reuse (once no cursor holds it) and clears what the
   * linear storage's maps know of its page.
   */
  #release(entry: PageEntry): void {
    if (entry === FORGOTTEN) return;
    if (this.#recyclable(entry)) {
      if (entry.pins === 0) this.#free.push(entry.data);
      else this.#held.push(entry);
    }
    const map = this.#pageMap;
    if (map !== null && entry.pgno < map.length) map[entry.pgno] = 0;
  }

  /** Whether page `pgno` is in the cache (a read of it costs no read of the file). */
  isCached(pgno: number): boolean {
    return this.#where.get(pgno) >= 0;
  }

  /**
   * Whether a cursor holds page `pgno` (cached, or evicted while held): its bytes stay in
   * memory until released, and the holder reads them without asking the pager again.
   */
  isPinned(pgno: number): boolean {
    const slot = this.#where.get(pgno);
    if (slot >= 0 && this.#slots[slot].pins > 0) return true;
    for (const entry of this.#held) if (entry.pgno === pgno && entry.pins > 0) return true;
    return false;
  }

  /**
   * The bytes of page `pgno` (1-based), always `pageSize` long. Throws SQLITE_CORRUPT for
   * a page outside the database.
   */
  page(pgno: number): Uint8Array {
    return this.entry(pgno).data;
  }

  /** The cache entry of page `pgno` (see {@link page}). */
  entry(pgno: number): PageEntry {
    this.pageRequests++;
    const slot = this.#where.get(pgno);
    if (slot >= 0) {
      this.#used[slot] = this.#life[slot];
      return this.#slots[slot];
    }
    if (!(pgno >= 1 && pgno <= this.pageCount)) corrupt(pgno, "page number out of range");
    const sequential = pgno === this.#lastMiss + 1;
    this.#readAhead = sequential ? Math.min(2 * this.#readAhead, this.#maxReadAhead) : 1;
    const n = Math.min(this.#readAhead, this.pageCount - pgno + 1);
    this.pagesRead++;
    if (this.wal === null || !this.wal.pageOffsets.has(pgno)) this.databasePagesRead++;
    const entry: PageEntry = n > 1 ? this.#loadRun(pgno, n) : this.#loadOne(pgno);
    this.#lastMiss = pgno + Math.max(0, n - 1);
    return entry;
  }

  /**
   * Reads pages `pgno .. pgno + n)` with one read and caches those not cached yet; returns
   * page `pgno`'s. With a source that reads into given buffers, the run lands in one
   * scratch buffer and each page is copied into a buffer of its own (reused ones first);
   * otherwise the pages are views of one fresh buffer, which lives while any is cached.
   */
  #loadRun(pgno: number, n: number): PageEntry {
    const size = this.pageSize;
    const own = this.#ownsBuffers(this.#db);
    let run: Uint8Array;
    if (this.#db.readInto !== undefined) {
      run = (this.#runBuffer ??= new Uint8Array(this.#maxReadAhead * size)).subarray(0, n * size);
      if (this.#db.readInto(run, (pgno - 1) * size) !== n * size) return this.#loadOne(pgno);
    } else {
      run = this.#db.read((pgno - 1) * size, n * size);
      if (run.length !== n * size) return this.#loadOne(pgno);
    }
    const page = (i: number) =>
      own ? this.#copyOf(run, i * size) : run.subarray(i * size, (i + 1) * size);
    this.#streaming = own;
    try {
      const first = this.#insert(pgno, page(0), own);
      for (let i = 1; i < n; i++) {
        if (this.#where.get(pgno + i) < 0) this.#insert(pgno + i, page(i), own);
      }
      return first;
    } finally {
      this.#streaming = false;
    }
  }

  /** A page buffer (a reused one when there is) holding `run[at .. at + pageSize)`. */
  #copyOf(run: Uint8Array, at: number): Uint8Array {
    const buf = this.#buffer();
    buf.set(run.subarray(at, at + this.pageSize));
    return buf;
  }

  /**
   * Whether pages read from `src` go into buffers of the pager's own: always in linear
   * storage (pages must be in the memory), else when the source can read into them.
   */
  #ownsBuffers(src: ByteSource): boolean {
    return this.storage.kind === "linear" || src.readInto !== undefined;
  }

  /**
   * A page buffer to read into: an evicted page's, or a new one from the storage (or from
   * the heap when the storage is full: every slot held by a cursor).
   */
  #buffer(): Uint8Array {
    if (this.#free.length === 0 && this.#held.length > 0) this.#reclaimHeld();
    const reused = this.#free.pop();
    if (reused !== undefined) return reused;
    this.buffersAllocated++;
    return this.storage.allocate() ?? new Uint8Array(this.pageSize);
  }

  /** Frees the buffers of evicted pages that no cursor holds any longer. */
  #reclaimHeld(): void {
    const still: PageEntry[] = [];
    for (const e of this.#held) e.pins === 0 ? this.#free.push(e.data) : still.push(e);
    this.#held = still;
  }

  /**
   * Whether a page buffer may be refilled once its page is evicted and released: any of
   * the pager's own, except heap buffers made because a linear storage was full (recycling
   * those would keep pages out of the memory).
   */
  #recyclable(entry: PageEntry): boolean {
    return entry.reusable && this.#recyclableBuffer(entry.data);
  }

  /** Whether a buffer of the pager's own may be refilled (see {@link #recyclable}). */
  #recyclableBuffer(data: Uint8Array): boolean {
    const s = this.storage;
    return s.kind === "heap" || data.buffer === (s as LinearPageStorage).memory.buffer;
  }

  /**
   * Caches `data` as page `pgno` (not cached yet), evicting a page when the cache is full;
   * the evicted page's buffer is kept for reuse when it is the pager's and nothing pins it.
   */
  #insert(pgno: number, data: Uint8Array, reusable: boolean): PageEntry {
    const entry: PageEntry = { pgno, data, parsed: null, pins: 0, reusable };
    const slots = this.#slots;
    const map = this.#pageMap;
    if (map !== null && data.buffer === map.buffer && pgno < map.length) {
      map[pgno] = data.byteOffset;
    }
    const life = isInteriorPage(pgno, data) ? 2 : 1;
    if (slots.length < this.#cacheLimit) {
      this.#used[slots.length] = this.#life[slots.length] = life;
      this.#where.set(pgno, slots.length);
      slots.push(entry);
      return entry;
    }
    const hand = this.#streaming ? this.#streamSlot() : this.#sweep();
    const evicted = slots[hand];
    if (evicted !== FORGOTTEN) {
      if (this.#recyclable(evicted)) {
        if (evicted.pins === 0) this.#free.push(evicted.data);
        else this.#held.push(evicted);
      }
      this.#where.delete(evicted.pgno);
      if (map !== null && evicted.pgno !== pgno && evicted.pgno < map.length) {
        map[evicted.pgno] = 0;
      }
    }
    this.#where.set(pgno, hand);
    slots[hand] = entry;
    // Marked used: the hand must pass a new page twice before it goes, so a page is never
    // refilled by the reads that follow it within one call (a read-ahead run).
    this.#used[hand] = this.#life[hand] = life;
    return entry;
  }

  /** The CLOCK hand's next victim: the first slot not used since the hand last passed. */
  #sweep(): number {
    const used = this.#used;
    const n = this.#slots.length;
    let hand = this.#hand;
    while (used[hand] !== 0) {
      used[hand]--;
      hand = hand + 1 === n ? 0 : hand + 1;
    }
    this.#hand = hand + 1 === n ? 0 : hand + 1;
    return hand;
  }

  /**
   * The slot for a page of a sequential run once the cache is full: the run's pages take
   * turns in a small ring of slots (first taken from the CLOCK), so a scan larger than the
   * cache streams through the ring and leaves the rest of the cache — the pages that were
   * there before, or the start of the same table — cached for the next statement.
   */
  #streamSlot(): number {
    const ring = this.#ring;
    if (ring.length < this.#ringSize) {
      // Distinct slots: one slot twice in the ring could take two pages of one run.
      let slot = this.#sweep();
      while (this.#inRing[slot] === 1) slot = this.#sweep();
      this.#inRing[slot] = 1;
      ring.push(slot);
      return slot;
    }
    const slot = ring[this.#ringNext];
    this.#ringNext = this.#ringNext + 1 === ring.length ? 0 : this.#ringNext + 1;
    return slot;
  }

  /**
   * Reads and caches page `pgno` alone (from the WAL when a frame holds it), zero-padded
   * past the end of a short file as SQLite reads it.
   */
  #loadOne(pgno: number): PageEntry {
    const walOffset = this.wal?.pageOffsets.get(pgno);
    const src = walOffset !== undefined ? this.#walSource! : this.#db;
    const offset = walOffset ?? (pgno - 1) * this.pageSize;
    if (this.#ownsBuffers(src)) {
      const buf = this.#buffer();
      let got: number;
      try {
        if (src.readInto !== undefined) got = src.readInto(buf, offset);
        else {
          const bytes = src.read(offset, this.pageSize);
          buf.set(bytes);
          got = bytes.length;
        }
      } catch (e) {
        // A source may throw and be asked again (a lazy source's PageMiss): the buffer
        // goes back to the free list, not lost (a slot of a linear storage would be).
        if (this.#recyclableBuffer(buf)) this.#free.push(buf);
        throw e;
      }
      if (got < this.pageSize) buf.fill(0, got);
      return this.#insert(pgno, buf, true);
    }
    let bytes = src.read(offset, this.pageSize);
    if (bytes.length < this.pageSize) {
      const padded = new Uint8Array(this.pageSize);
      padded.set(bytes);
      bytes = padded;
    }
    return this.#insert(pgno, bytes, false);
  }

  close(): void {
    this.#where.clear();
    this.#slots = [];
    this.#free = [];
    this.#held = [];
    this.#db.close();
    this.#walSource?.close();
  }
}

/**
 * Page number → cache slot (-1: not cached): an array indexed by page number for files of
 * up to 4M pages (16 MB of index for 16 GB of 4 KB pages), a map beyond. Every page
 * request looks its page up here, so it must cost less than a hash lookup.
 */
class SlotIndex {
  #array: Int32Array | null;
  #map: Map<number, number> | null;

  constructor(pageCount: number) {
    const small = pageCount <= 1 << 22;
    this.#array = small ? new Int32Array(pageCount + 1).fill(-1) : null;
    this.#map = small ? null : new Map();
  }

  get(pgno: number): number {
    if (this.#array !== null) return this.#array[pgno] ?? -1;
    return this.#map!.get(pgno) ?? -1;
  }

  set(pgno: number, slot: number): void {
    if (this.#array !== null) this.#array[pgno] = slot;
    else this.#map!.set(pgno, slot);
  }

  delete(pgno: number): void {
    if (this.#array !== null) this.#array[pgno] = -1;
    else this.#map!.delete(pgno);
  }

  clear(): void {
    this.#array?.fill(-1);
    this.#map?.clear();
  }

  /** Makes room for pages up to `pageCount` (a database that grew). */
  grow(pageCount: number): void {
    const old = this.#array;
    if (old === null || pageCount < old.length) return;
    if (pageCount > 1 << 22) {
      this.#map = new Map();
      old.forEach((slot, pgno) => slot >= 0 && this.#map!.set(pgno, slot));
      this.#array = null;
      return;
    }
    const array = new Int32Array(Math.max(pageCount + 1, old.length * 2)).fill(-1);
    array.set(old);
    this.#array = array;
  }
}

/** What a slot holds once its page was dropped (see Pager.advance). */
const FORGOTTEN: PageEntry = Object.freeze({
  pgno: 0,
  data: new Uint8Array(0),
  parsed: null,
  pins: 0,
  reusable: false,
}) as PageEntry;

/** The storage for a cache of `cachePages` pages. */
function makeStorage(
  kind: PageStorageKind | undefined,
  pageSize: number,
  cachePages: number,
  pageCount: number,
): PageStorage {
  // A page map for files of up to 4M pages (16 MB of map), as for SlotIndex's array.
  const mapPages = pageCount > 0 && pageCount <= 1 << 22 ? pageCount + 1 : 0;
  return kind === "linear"
    ? new LinearPageStorage(pageSize, cachePages + LINEAR_SPARE_SLOTS, mapPages)
    : new HeapPageStorage(pageSize);
}

/** The header SQLite assumes for a 0-byte file: a new, empty UTF-8 database. */
function emptyHeader(): DatabaseHeader {
  const bytes = new Uint8Array(HEADER_SIZE);
  bytes.set(new TextEncoder().encode("SQLite format 3\0"));
  bytes[16] = 0x10; // 4096
  bytes[18] = bytes[19] = 1;
  bytes[21] = 64;
  bytes[22] = bytes[23] = 32;
  return parseHeader(bytes);
}

/**
 * Whether `data` is a b-tree interior page (type 2 or 5). Interior pages get a second
 * life in the CLOCK: every lookup and scan passes through them, so keeping them over
 * leaves saves the most reads (a remote source's round trips above all). An overflow page
 * whose first byte happens to be 2 or 5 merely lives longer.
 */
function isInteriorPage(pgno: number, data: Uint8Array): boolean {
  const type = data[pgno === 1 ? HEADER_SIZE : 0];
  return type === PageType.IndexInterior || type === PageType.TableInterior;
}
