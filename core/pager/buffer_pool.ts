/**
 * Page buffers for the pager to read into: new ones from the storage (core/page_storage.ts)
 * and those of evicted pages, refilled once no cursor holds them. A scan of a file larger
 * than the cache then allocates nothing per page (fresh buffers cost more than the reads,
 * in allocation and in garbage collection).
 */
import type { LinearPageStorage, PageStorage } from "../page_storage.ts";
import type { PageEntry } from "./page_cache.ts";

/** The pager's page buffers: handed out, given back, refilled. */
export class BufferPool {
  /**
   * How many buffers were made (from the storage or the heap) rather than reused: with
   * reuse, a scan of any length makes about a cache's worth (tests check it).
   */
  allocated = 0;
  readonly #storage: PageStorage;
  readonly #pageSize: number;
  /** Buffers of evicted, unpinned pages, refilled by the next reads. */
  #free: Uint8Array[] = [];
  /**
   * Pages evicted while a cursor held them: their buffers are free once released (read by
   * core/pager/held_pages.ts too).
   */
  held: PageEntry[] = [];

  constructor(storage: PageStorage, pageSize: number) {
    this.#storage = storage;
    this.#pageSize = pageSize;
  }

  /**
   * A page buffer to read into: an evicted page's, or a new one from the storage (or from
   * the heap when the storage is full: every slot held by a cursor).
   */
  take(): Uint8Array {
    if (!this.#free.length && this.held.length) {
      // Frees the buffers of evicted pages that no cursor holds any longer.
      const still: PageEntry[] = [];
      for (const e of this.held) e.pins === 0 ? this.#free.push(e.data) : still.push(e);
      this.held = still;
    }
    const reused = this.#free.pop();
    if (reused) return reused;
    this.allocated++;
    return this.#storage.allocate() ?? new Uint8Array(this.#pageSize);
  }

  /**
   * Takes back the buffer of a page the cache dropped, for reuse once no cursor holds it,
   * when it may be refilled (see {@link #recyclable}).
   */
  release(entry: PageEntry): void {
    if (!this.#recyclable(entry)) return;
    if (entry.pins === 0) this.#free.push(entry.data);
    else this.held.push(entry);
  }

  /** Takes back a buffer {@link take} handed out that was never cached (a read into it threw). */
  giveBack(buf: Uint8Array): void {
    if (this.#recyclableBuffer(buf)) this.#free.push(buf);
  }

  /** Forgets every buffer (the pager closes). */
  clear(): void {
    this.#free = [];
    this.held = [];
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
    const s = this.#storage;
    return s.kind === "heap" || data.buffer === (s as LinearPageStorage).memory.buffer;
  }
}
