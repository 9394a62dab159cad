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

/** Default number of pages the cache keeps. */
export const DEFAULT_CACHE_PAGES = 4096;

export interface PagerOptions {
  /** Pages kept in the LRU cache (default {@link DEFAULT_CACHE_PAGES}); at least 16. */
  cachePages?: number;
}

export class Pager {
  readonly header: DatabaseHeader;
  readonly pageSize: number;
  /** Bytes of each page available to b-trees (page size less reserved bytes). */
  readonly usableSize: number;
  /** Number of pages in the database as of the snapshot taken at open. */
  readonly pageCount: number;
  /** The WAL snapshot in use, or null when reading the database file alone. */
  readonly wal: WalSnapshot | null;
  /** The lock-byte page, which never holds b-tree content. */
  readonly lockBytePage: number;

  #db: ByteSource;
  #walSource: ByteSource | null;
  #cache = new Map<number, Uint8Array>();
  #cacheLimit: number;

  /** An empty (0-byte) database: no pages, no schema. */
  readonly empty: boolean;
  /**
   * How many times a page was asked for (cache hits included) since the pager opened: a
   * measure of the work a query does that tests can check without timing anything.
   */
  pageRequests = 0;

  constructor(db: ByteSource, walSource: ByteSource | null, options: PagerOptions = {}) {
    this.#db = db;
    this.#cacheLimit = Math.max(16, Math.floor(options.cachePages ?? DEFAULT_CACHE_PAGES));
    this.empty = db.size === 0;
    if (this.empty) {
      walSource?.close();
      walSource = null;
    }
    this.#walSource = walSource;
    this.wal = walSource ? readWal(walSource) : null;
    if (this.empty) {
      this.header = emptyHeader();
      this.pageSize = this.header.pageSize;
      this.usableSize = this.header.usableSize;
      this.pageCount = 0;
      this.lockBytePage = lockBytePage(this.pageSize);
      return;
    }
    // Page 1 as read through the WAL decides the page size (a WAL frame of page 1 wins).
    const walPage1 = this.wal?.pageOffsets.get(1);
    const first = walPage1 !== undefined
      ? walSource!.read(walPage1, HEADER_SIZE)
      : db.read(0, HEADER_SIZE);
    this.header = parseHeader(first);
    this.pageSize = this.header.pageSize;
    this.usableSize = this.header.usableSize;
    this.lockBytePage = lockBytePage(this.pageSize);
    // SQLite's rule (btree.c lockBtree): the in-header size when valid, else the size of
    // the file (or of the WAL's last commit); a header claiming more is corruption.
    const available = this.wal ? this.wal.dbPages : Math.ceil(db.size / this.pageSize);
    const count = this.header.inHeaderSizeValid ? this.header.inHeaderPageCount : available;
    if (count > available) corrupt(1, "in-header page count exceeds database size");
    checkUsableSize(this.header);
    this.pageCount = count;
  }

  /**
   * The bytes of page `pgno` (1-based), always `pageSize` long. Throws SQLITE_CORRUPT for
   * a page outside the database.
   */
  page(pgno: number): Uint8Array {
    this.pageRequests++;
    const hit = this.#cache.get(pgno);
    if (hit !== undefined) {
      // Refresh recency: delete and re-insert keeps Map order as LRU order.
      this.#cache.delete(pgno);
      this.#cache.set(pgno, hit);
      return hit;
    }
    if (!(pgno >= 1 && pgno <= this.pageCount)) corrupt(pgno, "page number out of range");
    const data = this.#load(pgno);
    if (this.#cache.size >= this.#cacheLimit) {
      this.#cache.delete(this.#cache.keys().next().value!);
    }
    this.#cache.set(pgno, data);
    return data;
  }

  #load(pgno: number): Uint8Array {
    const walOffset = this.wal?.pageOffsets.get(pgno);
    const src = walOffset !== undefined ? this.#walSource! : this.#db;
    const offset = walOffset ?? (pgno - 1) * this.pageSize;
    const bytes = src.read(offset, this.pageSize);
    if (bytes.length === this.pageSize) return bytes;
    // SQLite reads past the end of a short file as zeros.
    const padded = new Uint8Array(this.pageSize);
    padded.set(bytes);
    return padded;
  }

  close(): void {
    this.#cache.clear();
    this.#db.close();
    this.#walSource?.close();
  }
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
