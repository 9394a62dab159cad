/**
 * The linear storage's page map and page info (core/page_storage.ts), kept in step with
 * the cache by the pager, so that code compiled to Wasm finds a cached page, and what it
 * learnt of it, without calling out.
 */
import type { LinearPageStorage } from "../page_storage.ts";

/** A linear storage's maps, as the pager updates them. */
export class PageMap {
  /** Page number → offset of its bytes in the memory (0: not cached there). */
  readonly #map: Int32Array;
  /** Page number → what compiled code learnt of the page (0: nothing). */
  readonly #info: Int32Array;

  /** The maps of `storage`, or null when it has none (made for no pages, or too many). */
  static of(storage: LinearPageStorage): PageMap | null {
    const { pageMap, pageInfo } = storage;
    return pageMap !== null && pageInfo !== null ? new PageMap(pageMap, pageInfo) : null;
  }

  private constructor(map: Int32Array, info: Int32Array) {
    this.#map = map;
    this.#info = info;
  }

  /** Page `pgno` is now cached in `data` (noted when `data` lies in the memory). */
  placed(pgno: number, data: Uint8Array): void {
    const map = this.#map;
    if (data.buffer === map.buffer && pgno < map.length) map[pgno] = data.byteOffset;
  }

  /** Page `pgno` is no longer cached. */
  dropped(pgno: number): void {
    const map = this.#map;
    if (pgno < map.length) map[pgno] = 0;
  }

  /**
   * Page `pgno` may have changed: what compiled code learnt of it goes, even when the page
   * itself is no longer cached.
   */
  changed(pgno: number): void {
    const info = this.#info;
    if (pgno < info.length) info[pgno] = 0;
  }

  /** No page is cached, and every page may have changed. */
  clear(): void {
    this.#map.fill(0);
    this.#info.fill(0);
  }
}
