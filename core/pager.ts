/**
 * The pager: page numbers to page bytes, through a bounded cache, with the WAL overlay.
 * It composes the parts in core/pager/: the page cache (slots, pins, CLOCK) and the buffer
 * pool; what it does itself is read pages, one per miss, from the WAL when a frame holds
 * them. Following a file to later snapshots, and reading runs of it ahead, is
 * core/pager/live_pager.ts's.
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
  emptyHeader,
  HEADER_SIZE,
  lockBytePage,
  parseHeader,
} from "./format/header.ts";
import { readWal, type WalSnapshot } from "./format/wal.ts";
import {
  HeapPageStorage,
  LINEAR_SPARE_SLOTS,
  LinearPageStorage,
  type PageStorage,
  type PageStorageKind,
} from "./page_storage.ts";
import { PageCache, type PageEntry, type StreamSlots } from "./pager/page_cache.ts";
import { BufferPool } from "./pager/buffer_pool.ts";

export type { PageEntry } from "./pager/page_cache.ts";

/**
 * Default size of the page cache in bytes (64 MiB: 16384 pages of 4 KB). SQLite's own
 * cache is small because the OS caches the file under it; here every miss is a `readSync`
 * copy plus a parse, so a larger cache pays: an index or table up to this size is read
 * from the file once, then served from memory.
 */
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/** Options of a {@link Pager}. */
export interface PagerOptions {
  /**
   * Pages kept in the cache; at least 16. Default: as many as fit in
   * {@link DEFAULT_CACHE_BYTES} (16384 pages of 4 KB).
   */
  cachePages?: number;
  /**
   * Most pages one miss of a file followed by core/pager/live_pager.ts reads ahead (default
   * 64). Other sources are read a page per miss: a byte array holds every page already,
   * and a lazy source reads ahead itself (core/io/lazy_source.ts).
   */
  maxReadAhead?: number;
  /**
   * Where page bytes live: separate heap buffers (default), or slots of one
   * `WebAssembly.Memory` for code compiled to Wasm (core/page_storage.ts).
   */
  pageStorage?: PageStorageKind;
}

/**
 * Reads a database through a bounded page cache (a CLOCK cache: core/pager/page_cache.ts).
 */
export class Pager {
  /** The database header as of the snapshot in use (page 1, through the WAL). */
  declare header: DatabaseHeader;
  declare readonly pageSize: number;
  /** Bytes of each page available to b-trees (page size less reserved bytes). */
  declare readonly usableSize: number;
  /** Number of pages in the database as of the snapshot in use. */
  declare pageCount: number;
  /** The WAL snapshot in use, or null when reading the database file alone. */
  declare wal: WalSnapshot | null;
  /** The lock-byte page, which never holds b-tree content. */
  declare readonly lockBytePage: number;
  /** Where the page bytes live. */
  declare readonly storage: PageStorage;

  // Protected rather than #private for core/pager/live_pager.ts, which moves a pager on
  // to later snapshots and reads ahead, and which the browser build leaves out.
  // Declared, not defined: the constructor sets each one.
  declare protected readonly db: ByteSource;
  declare protected walSource: ByteSource | null;
  /** The cached pages (read by core/pager/held_pages.ts too). */
  declare readonly cache: PageCache;
  /** The page buffers, in use or free for reuse (read by core/pager/held_pages.ts too). */
  declare readonly pool: BufferPool;

  /** An empty (0-byte) database: no pages, no schema. */
  declare readonly empty: boolean;
  /**
   * How many times a page was asked for (cache hits included) since the pager opened: a
   * measure of the work a query does that tests can check without timing anything.
   */
  pageRequests = 0;

  /**
   * `wal`: the WAL's state when the caller read it already (core/io/live_file.ts);
   * otherwise the pager reads it from `walSource` as SQLite's recovery does.
   */
  constructor(
    db: ByteSource,
    walSource: ByteSource | null,
    options: PagerOptions,
    wal?: WalSnapshot | null,
  ) {
    this.db = db;
    this.empty = !db.size;
    if (this.empty) {
      if (wal === undefined) walSource?.close();
      walSource = null;
    }
    this.walSource = walSource;
    this.wal = walSource ? (wal === undefined ? readWal(walSource) : wal) : null;
    this.header = this.empty ? emptyHeader() : this.readHeader();
    this.pageSize = this.header.pageSize;
    this.usableSize = this.header.usableSize;
    this.lockBytePage = lockBytePage(this.pageSize);
    const count = this.empty ? 0 : this.countPages();
    this.pageCount = count;
    // No pages (an empty database): the smallest cache, whatever was asked; none is read.
    const wanted = count && (options.cachePages ?? DEFAULT_CACHE_BYTES / this.pageSize);
    // Never more slots than pages: a small database gets a small cache.
    const cacheLimit = Math.max(16, Math.min(Math.floor(wanted), count));
    this.storage = options.pageStorage === "linear"
      ? new LinearPageStorage(this.pageSize, cacheLimit + LINEAR_SPARE_SLOTS)
      : new HeapPageStorage(this.pageSize);
    this.pool = new BufferPool(this.storage, this.pageSize);
    this.cache = new PageCache(cacheLimit, count);
  }

  /** Page 1's header as read through the WAL (a WAL frame of page 1 wins). */
  protected readHeader(): DatabaseHeader {
    const walPage1 = this.wal?.pageOffsets.get(1);
    const src = walPage1 !== undefined ? this.walSource! : this.db;
    return parseHeader(src.read(walPage1 ?? 0, HEADER_SIZE));
  }

  /**
   * SQLite's rule (btree.c lockBtree): the in-header size when valid, else the size of the
   * file (or of the WAL's last commit); a header claiming more is corruption.
   */
  protected countPages(): number {
    const available = this.wal ? this.wal.dbPages : Math.ceil(this.db.size / this.pageSize);
    const count = this.header.inHeaderSizeValid ? this.header.inHeaderPageCount : available;
    if (count > available) corrupt(1, "in-header page count exceeds database size");
    checkUsableSize(this.header);
    return count;
  }

  /** Frees a page's buffer for reuse (once no cursor holds it) as the cache drops it. */
  protected release(entry: PageEntry): void {
    this.pool.release(entry);
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
    const cached = this.cache.get(pgno);
    if (cached) return cached;
    if (!(pgno >= 1 && pgno <= this.pageCount)) corrupt(pgno, "page number out of range");
    return this.load(pgno);
  }

  /**
   * Caches `data` as page `pgno` (not cached yet), evicting a page when the cache is full
   * (from `stream`'s slots, for a page of a sequential run); the evicted page's buffer is
   * kept for reuse when it is the pager's and nothing pins it.
   */
  protected insert(
    pgno: number,
    data: Uint8Array,
    reusable: boolean,
    stream?: StreamSlots,
  ): PageEntry {
    const entry: PageEntry = { pgno, data, parsed: null, pins: 0, reusable };
    const evicted = this.cache.insert(entry, stream);
    if (evicted) this.release(evicted);
    return entry;
  }

  /**
   * Reads and caches page `pgno`, not cached (from the WAL when a frame holds it),
   * zero-padded past the end of a short file as SQLite reads it.
   */
  protected load(pgno: number): PageEntry {
    const walOffset = this.wal?.pageOffsets.get(pgno);
    const src = walOffset !== undefined ? this.walSource! : this.db;
    const offset = walOffset ?? (pgno - 1) * this.pageSize;
    if (this.storage.kind === "linear" || src.readInto) {
      const buf = this.pool.take();
      let got: number;
      try {
        if (src.readInto) got = src.readInto(buf, offset);
        else {
          const bytes = src.read(offset, this.pageSize);
          buf.set(bytes);
          got = bytes.length;
        }
      } catch (e) {
        // A source may throw and be asked again (a lazy source's PageMiss): the buffer
        // goes back to the free list, not lost (a slot of a linear storage would be).
        this.pool.giveBack(buf);
        throw e;
      }
      if (got < this.pageSize) buf.fill(0, got);
      return this.insert(pgno, buf, true);
    }
    let bytes = src.read(offset, this.pageSize);
    if (bytes.length < this.pageSize) {
      const padded = new Uint8Array(this.pageSize);
      padded.set(bytes);
      bytes = padded;
    }
    return this.insert(pgno, bytes, false);
  }

  close(): void {
    this.cache.clear();
    this.pool.clear();
    this.db.close();
    this.walSource?.close();
  }
}
