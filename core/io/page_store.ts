/**
 * Page caches that outlive one query (or one page visit): a lazy source asks the store
 * before fetching pages and fills it after. Pages are filed under the database's identity
 * (URL + ETag/Last-Modified, {@link pageStoreKey}), so a file changed on the server gets a
 * new key and its old pages are never served for it.
 */
import { SqliteError } from "../errors.ts";

/**
 * Where fetched pages are kept between reads. Page numbers are the caller's (litejit counts
 * SQLite pages from 1); a store holds pages of many databases, one `key` each. A store
 * never fails a read because of itself: what it cannot read back intact is a miss.
 *
 * @example
 * ```ts
 * import { MemoryPageStore, type PageStore, pageStoreKey } from "./page_store.ts";
 * const store: PageStore = new MemoryPageStore({ maxBytes: 1 << 20 });
 * const key = pageStoreKey("https://example.com/db.sqlite3", `"etag-1"`)!;
 * await store.putPages(key, 3, [new Uint8Array(4096), new Uint8Array(4096)]);
 * const [p2, p3, p4] = await store.getPages(key, 2, 3);
 * console.log(p2, p3?.length, p4); // undefined 4096 undefined
 * ```
 */
export interface PageStore {
  /** Pages `first .. first + count - 1` of database `key`, each undefined when not stored. */
  getPages(key: string, first: number, count: number): Promise<(Uint8Array | undefined)[]>;
  /** Stores consecutive pages of database `key`, the first being page `first`. */
  putPages(key: string, first: number, pages: readonly Uint8Array[]): Promise<void>;
}

/**
 * The store key of a database: its URL and the server's validator (ETag, or Last-Modified
 * when there is no ETag). Null when there is no validator: two versions of the file could
 * not be told apart, so its pages must not be kept across reads.
 *
 * @example
 * ```ts
 * import { pageStoreKey } from "./page_store.ts";
 * console.log(pageStoreKey("https://example.com/a.db", `W/"5f-1"`)); // ["https://example.com/a.db","W/\"5f-1\""]
 * console.log(pageStoreKey("https://example.com/a.db", null)); // null
 * ```
 */
export function pageStoreKey(url: string | URL, validator: string | null): string | null {
  if (validator === null || validator === "") return null;
  return JSON.stringify([String(url), validator]); // unambiguous whatever the two contain
}

/**
 * Options of {@link MemoryPageStore}.
 *
 * @example
 * ```ts
 * import { MemoryPageStore, type MemoryPageStoreOptions } from "./page_store.ts";
 * const options: MemoryPageStoreOptions = { maxBytes: 64 * 1024 * 1024 };
 * console.log(new MemoryPageStore(options).maxBytes); // 67108864
 * ```
 */
export interface MemoryPageStoreOptions {
  /** Most page bytes held; least recently used pages go first (default 16 MiB). */
  maxBytes?: number;
}

/**
 * A {@link PageStore} in memory, bounded by `maxBytes` with least-recently-used eviction
 * (a read or a write makes a page the most recent). Pages are copied in and out, so
 * callers may reuse their buffers.
 *
 * @example
 * ```ts
 * import { MemoryPageStore } from "./page_store.ts";
 * const store = new MemoryPageStore({ maxBytes: 8192 });
 * await store.putPages("db", 1, [new Uint8Array(4096), new Uint8Array(4096)]);
 * await store.putPages("db", 3, [new Uint8Array(4096)]); // evicts page 1
 * console.log((await store.getPages("db", 1, 3)).map((p) => p !== undefined)); // [false, true, true]
 * ```
 */
export class MemoryPageStore implements PageStore {
  /** The bound on {@link MemoryPageStore.bytes}. */
  readonly maxBytes: number;
  /** Map order is recency order: the first entry is the least recently used. */
  #pages = new Map<string, Uint8Array>();
  #bytes = 0;

  /** An empty store holding at most `options.maxBytes` bytes of pages. */
  constructor(options: MemoryPageStoreOptions = {}) {
    const maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) {
      throw new SqliteError("SQLITE_MISUSE", `maxBytes must be an integer >= 0: ${maxBytes}`);
    }
    this.maxBytes = maxBytes;
  }

  /** Page bytes held now. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Pages held now. */
  get pageCount(): number {
    return this.#pages.size;
  }

  /** Stored pages, copied; a hit becomes the most recently used page. */
  getPages(key: string, first: number, count: number): Promise<(Uint8Array | undefined)[]> {
    return new Promise((resolve) => resolve(this.#get(key, first, count))); // a throw rejects
  }

  /** Copies the pages in, then evicts least recently used pages down to `maxBytes`. */
  putPages(key: string, first: number, pages: readonly Uint8Array[]): Promise<void> {
    return new Promise((resolve) => resolve(this.#put(key, first, pages)));
  }

  /** Forgets every page. */
  clear(): void {
    this.#pages.clear();
    this.#bytes = 0;
  }

  #get(key: string, first: number, count: number): (Uint8Array | undefined)[] {
    checkRun(first, count);
    const out: (Uint8Array | undefined)[] = [];
    for (let i = 0; i < count; i++) {
      const id = entryId(key, first + i);
      const page = this.#pages.get(id);
      if (page) {
        this.#pages.delete(id);
        this.#pages.set(id, page);
      }
      out.push(page?.slice());
    }
    return out;
  }

  #put(key: string, first: number, pages: readonly Uint8Array[]): void {
    checkRun(first, pages.length);
    pages.forEach((page, i) => {
      const id = entryId(key, first + i);
      this.#drop(id);
      if (page.length > this.maxBytes) return; // would evict everything and still not fit
      this.#pages.set(id, page.slice());
      this.#bytes += page.length;
    });
    for (const id of this.#pages.keys()) {
      if (this.#bytes <= this.maxBytes) break;
      this.#drop(id);
    }
  }

  #drop(id: string): void {
    const page = this.#pages.get(id);
    if (page === undefined) return;
    this.#pages.delete(id);
    this.#bytes -= page.length;
  }
}

/**
 * Options of {@link CacheApiPageStore}.
 *
 * @example
 * ```ts
 * import { CacheApiPageStore, type CacheApiPageStoreOptions } from "./page_store.ts";
 * const options: CacheApiPageStoreOptions = { cacheName: "my-app-db-pages" };
 * console.log(new CacheApiPageStore(options).cacheName); // my-app-db-pages
 * ```
 */
export interface CacheApiPageStoreOptions {
  /** Name of the cache (`caches.open(name)`), default `"litejit-pages"`. */
  cacheName?: string;
  /** The CacheStorage to use (default `globalThis.caches`). */
  caches?: CacheStorage;
}

/**
 * A {@link PageStore} in the Cache API (browsers, service workers, Deno), so pages survive
 * reloads. Each page is one entry under a synthetic URL made of the key and the page
 * number (see {@link CacheApiPageStore.entryUrl}) — one entry per page, so a partial write
 * can never damage a neighbour and no index has to be kept consistent. Every entry carries
 * its length and an FNV-1a hash; an entry that does not match them (truncated, corrupted)
 * is a miss and is deleted. The Cache API's own failures (quota exceeded, storage
 * disabled) are misses on read and ignored on write: a cache never fails a query. The
 * browser, not this class, bounds the space used.
 *
 * @example
 * ```ts
 * import { CacheApiPageStore, pageStoreKey } from "./page_store.ts";
 * const store = new CacheApiPageStore({ cacheName: "example-pages" });
 * const key = pageStoreKey("https://example.com/db.sqlite3", `"v1"`)!;
 * await store.putPages(key, 1, [new Uint8Array(4096).fill(7)]);
 * console.log((await store.getPages(key, 1, 2)).map((p) => p?.[0])); // [7, undefined]
 * await store.clear();
 * ```
 */
export class CacheApiPageStore implements PageStore {
  /** The cache's name. */
  readonly cacheName: string;
  #storage: CacheStorage | undefined;
  #cache: Promise<Cache> | null = null;

  /** A store over cache `options.cacheName`, opened at the first use. */
  constructor(options: CacheApiPageStoreOptions = {}) {
    this.cacheName = options.cacheName ?? "litejit-pages";
    this.#storage = options.caches ?? (globalThis as { caches?: CacheStorage }).caches;
  }

  /**
   * The synthetic URL page `page` of database `key` is stored under (the `.invalid` domain
   * guarantees it is never fetched).
   */
  static entryUrl(key: string, page: number): string {
    return `https://litejit-pages.invalid/${encodeURIComponent(key)}/${page}`;
  }

  /** Stored pages whose length and hash check out; anything else is undefined. */
  async getPages(key: string, first: number, count: number): Promise<(Uint8Array | undefined)[]> {
    checkRun(first, count);
    const cache = await this.#open();
    if (!cache) return new Array(count).fill(undefined);
    const reads = [];
    for (let i = 0; i < count; i++) {
      reads.push(readEntry(cache, CacheApiPageStore.entryUrl(key, first + i)));
    }
    return Promise.all(reads);
  }

  /** Stores each page as its own entry; failures (quota) leave those pages unstored. */
  async putPages(key: string, first: number, pages: readonly Uint8Array[]): Promise<void> {
    checkRun(first, pages.length);
    const cache = await this.#open();
    if (!cache) return;
    await Promise.all(pages.map(async (page, i) => {
      const headers = { [LENGTH]: String(page.length), [HASH]: fnv1a(page) };
      try {
        await cache.put(
          CacheApiPageStore.entryUrl(key, first + i),
          new Response(page.slice(), { headers }),
        );
      } catch {
        // Quota exceeded or storage unavailable: the page is simply not cached.
      }
    }));
  }

  /** Deletes the whole cache (every database's pages). */
  async clear(): Promise<void> {
    this.#cache = null;
    await this.#storage?.delete(this.cacheName);
  }

  /** The cache, or null where the Cache API is missing or refuses (e.g. private modes). */
  async #open(): Promise<Cache | null> {
    if (!this.#storage) return null;
    this.#cache ??= this.#storage.open(this.cacheName);
    try {
      return await this.#cache;
    } catch {
      this.#cache = null;
      return null;
    }
  }
}

const LENGTH = "x-litejit-page-length";
const HASH = "x-litejit-page-fnv1a";

/** An entry's page if it is intact, else undefined (and the bad entry is deleted). */
async function readEntry(cache: Cache, url: string): Promise<Uint8Array | undefined> {
  try {
    const response = await cache.match(url);
    if (!response) return undefined;
    const page = new Uint8Array(await response.arrayBuffer());
    const intact = response.headers.get(LENGTH) === String(page.length) &&
      response.headers.get(HASH) === fnv1a(page);
    if (intact) return page;
    await cache.delete(url);
  } catch {
    // An unreadable entry is a miss like a missing one.
  }
  return undefined;
}

/** 32-bit FNV-1a of `bytes` as 8 hex digits: cheap, and catches truncation and bit rot. */
function fnv1a(bytes: Uint8Array): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) hash = Math.imul(hash ^ bytes[i], 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, "0");
}

function entryId(key: string, page: number): string {
  return `${page} ${key}`; // the page number has no space, so the split is unambiguous
}

function checkRun(first: number, count: number): void {
  if (!Number.isSafeInteger(first) || first < 0 || !Number.isSafeInteger(count) || count < 0) {
    throw new SqliteError(
      "SQLITE_MISUSE",
      `page store: bad page run (first ${first}, count ${count})`,
    );
  }
}
