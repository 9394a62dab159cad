/**
 * A pager that follows a file other processes write to later snapshots, keeping the cached
 * pages that did not change (core/io/live_reads.ts, for file paths). Apart from the base
 * Pager so that the browser build, whose databases never change, leaves it out.
 */
import type { ByteSource } from "../io/byte_source.ts";
import type { WalSnapshot } from "../format/wal.ts";
import { Pager } from "../pager.ts";
import { allocateRun, LinearPageStorage } from "../page_storage.ts";
import { type PageEntry, SlotIndex } from "./page_cache.ts";
import { ReadAhead } from "./read_ahead.ts";
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

  protected override onRead(pgno: number): void {
    this.pagesRead++;
    if (this.wal === null || !this.wal.pageOffsets.has(pgno)) this.databasePagesRead++;
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
    this.readAhead = new ReadAhead(this.readAhead.limit, !this.walFrames());
    return true;
  }

  /**
   * A run read straight into the pages of the stream arena next in turn (see
   * core/pager/stream_arenas.ts).
   */
  protected override streamRun(pgno: number, n: number): PageEntry | null {
    if (this.db.readInto === undefined) return null;
    const size = this.pageSize, storage = this.storage;
    // In linear storage the arenas are slots of the memory, so Wasm code reads them too.
    const arenas = this.#arenas ??= new StreamArenas(
      this.readAhead.limit,
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
    const entries = this.cacheRun(pgno, n, (i) => pages[i], false, true);
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

  /** Drops every cached page, in slot order. */
  #forgetAll(): void {
    for (const entry of this.cache.slots) if (entry !== FORGOTTEN) this.release(entry);
    this.cache.clear();
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
