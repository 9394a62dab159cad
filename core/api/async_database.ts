/**
 * A connection to a database read lazily: over HTTP range requests, from a Blob/File read
 * on demand, or from any object with a `size` and an async `read(offset, length)`. Only
 * the pages a query touches are fetched (core/io/lazy_source.ts); statements are awaited.
 */
import { SqliteError } from "../errors.ts";
import { DatabaseFile, type OpenOptions } from "../database_file.ts";
import { type AsyncByteSource, BlobSource } from "../io/async_source.ts";
import type { ByteSource } from "../io/byte_source.ts";
import { HttpSource, type HttpSourceOptions } from "../io/http_source.ts";
import { LazySource, type LazySourceStats } from "../io/lazy_source.ts";
import { HEADER_SIZE, headerPageSize } from "../format/header.ts";
import { PageMiss } from "../io/page_miss.ts";
import { type PageStore, pageStoreKey } from "../io/page_store.ts";
import { ChunkedSource, openChunkedSource } from "../io/chunked_source.ts";
import type { SplitFileConfig } from "../io/chunked_config.ts";
import { AsyncStatement, type AsyncStatementHost } from "./async_statement.ts";
import {
  type AggregateOptions,
  type Database,
  type DatabaseOptions,
  databaseOver,
  interpreterStatement,
  type TableDescription,
  type UserFunctionOptions,
} from "./database.ts";
import type { BackendName } from "../backend.ts";
import { isCached, isPinned } from "../pager/held_pages.ts";

/** Any random-access bytes read asynchronously (`close` is called when the connection closes). */
export interface AsyncReader {
  /** Size in bytes. */
  readonly size: number;
  /** Bytes `[offset, offset + length)` (fewer at the end). */
  read(offset: number, length: number): Promise<Uint8Array>;
  /** Releases the reader, if it holds anything. */
  close?(): void;
}

/**
 * A scalar SQL function's implementation: arguments are the SQL values as JS values (see
 * `Database.function`).
 *
 * @example
 * ```ts
 * import type { UserFunction } from "./async_database.ts";
 * const twice: UserFunction = (x: number) => 2 * x;
 * console.log(twice(21)); // 42
 * ```
 */
// deno-lint-ignore no-explicit-any
export type UserFunction = (...args: any[]) => unknown;

/** Where an {@link AsyncDatabase} reads from. */
export type AsyncSource = string | URL | Blob | AsyncReader | SplitFileConfig;

/** Options of {@link AsyncDatabase.open}. */
export interface AsyncDatabaseOptions extends Omit<DatabaseOptions, "wal"> {
  /**
   * Most pages one fetch reads ahead of a scan walking the file in order (default 256);
   * read-ahead starts at one page and doubles while misses are sequential (or jump a
   * little ahead, as a scan does to an interior page among its leaves). Fetched pages wait
   * to be read in a staging area of twice as many pages.
   */
  maxReadAheadPages?: number;
  /** For a URL: timeouts, retries, backoff, a `fetch` to use, full-download opt-in. */
  http?: HttpSourceOptions;
  /**
   * Where pages of a URL's database are kept across connections (and, with
   * `CacheApiPageStore`, across page loads), keyed by URL and ETag/Last-Modified so a
   * changed file never serves old pages: a `MemoryPageStore`, a `CacheApiPageStore`, or
   * any {@link PageStore}. None by default. Not used for a server that sends no validator.
   */
  pageStore?: PageStore;
}

/**
 * A read-only connection to a database whose bytes are fetched as queries need them.
 *
 * `source` is an `http:`/`https:` URL (string or `URL`): the file is read with HTTP range
 * requests, its size taken from the first response, no HEAD; a database split into chunk
 * files, given by sql.js-httpvfs's config (`{ from: "inline", config }` or
 * `{ from: "jsonconfig", configUrl }`); a `Blob` or `File`, read a slice at a time; or any
 * {@link AsyncReader}. The statements' methods return
 * promises (`await st.all()`, `for await (const row of st.iterate())`); the options are
 * `Database`'s, where `cachePages` bounds the pages kept in memory however large the
 * file, plus `maxReadAheadPages` and `http`.
 *
 * A URL that redirects is followed once per connection (see `HttpSource`). A file that
 * changes on the server while it is read (another ETag or Last-Modified) fails the
 * statement with `SQLITE_IOERR`, as do timeouts and server errors after the retries
 * (which wait as long as a `Retry-After` asks, up to `http.timeoutMs`); a server that
 * ignores `Range` is `SQLITE_IOERR` too, unless `http.allowFullDownload`, and so is an
 * HTML page answered instead of the file.
 *
 * @example
 * ```ts
 * import { AsyncDatabase } from "../../mod.ts";
 * const file = new Blob([Deno.readFileSync("examples/sample.db")]);
 * const db = await AsyncDatabase.open(file, { cachePages: 64 });
 * console.log(await db.prepare("SELECT count(*) AS n FROM cities").get());
 * console.log(db.stats.fetches > 0);
 * db.close();
 * ```
 */
export class AsyncDatabase {
  readonly #db: Database;
  readonly #lazy: LazySource;
  readonly #host: AsyncStatementHost;

  private constructor(db: Database, lazy: LazySource) {
    this.#db = db;
    this.#lazy = lazy;
    this.#host = { source: lazy, fallback: interpreterStatement(db) };
  }

  /** Opens `source`; see {@link AsyncDatabase}. */
  static async open(
    source: AsyncSource,
    options: AsyncDatabaseOptions = {},
  ): Promise<AsyncDatabase> {
    const bytes = await asyncSource(source, options.http);
    const { maxReadAheadPages, http: _http, pageStore, ...dbOptions } = options;
    try {
      const remote = bytes instanceof HttpSource || bytes instanceof ChunkedSource ? bytes : null;
      const first = remote?.firstBytes ?? null;
      const key = remote && pageStore ? pageStoreKey(remote.url, remote.validator) : null;
      const head = first && first.length >= HEADER_SIZE ? first : await bytes.read(0, HEADER_SIZE);
      // An invalid page size is the pager's to report (SQLITE_NOTADB); read in 4 KB meanwhile.
      const pageSize = headerPageSize(head) || 4096;
      const lazy = new LazySource(bytes, pageSize, {
        maxReadAheadPages,
        pageStore: key !== null ? { store: pageStore!, key } : undefined,
      }, first ?? undefined);
      // Each attempt's pager closes its source when the attempt fails; the lazy source
      // outlives the attempts (this connection closes it), so pagers get a view of it.
      const view: ByteSource = {
        size: lazy.size,
        read: (offset, length) => lazy.read(offset, length),
        readInto: (target, offset) => lazy.readInto(target, offset),
        close() {},
      };
      let file: DatabaseFile | null = null;
      // (Its pager reads a page per miss: the lazy source reads ahead itself.)
      const open = (o: OpenOptions) => file = new DatabaseFile(view, null, o);
      // A failed attempt's pager and its pages are dropped: pages read stay staged meanwhile.
      const release = lazy.holdReadPages();
      try {
        for (;;) {
          try {
            const db = databaseOver(open, dbOptions);
            // What the connection's pager holds is never fetched again along a run.
            const pager = () => (file as DatabaseFile).pager;
            lazy.attachPager({
              isCached: (pgno) => isCached(pager(), pgno),
              isPinned: (pgno) => isPinned(pager(), pgno),
            });
            return new AsyncDatabase(db, lazy);
          } catch (e) {
            if (!(e instanceof PageMiss)) throw e;
            await lazy.fetch(e);
          }
        }
      } finally {
        release();
      }
    } catch (e) {
      bytes.close();
      throw e;
    }
  }

  /** Compiles `sql` (see `Database.prepare`); runs are awaited. */
  prepare(sql: string): AsyncStatement {
    return new AsyncStatement(this.#db.prepare(sql), this.#host);
  }

  /** What has been fetched so far: requests, bytes, and page reads that waited. */
  get stats(): LazySourceStats {
    return { ...this.#lazy.stats };
  }

  /** The backend that runs this connection's queries. */
  get backend(): BackendName {
    return this.#db.backend;
  }

  /** Page size in bytes. */
  get pageSize(): number {
    return this.#db.pageSize;
  }

  /** Number of pages. */
  get pageCount(): number {
    return this.#db.pageCount;
  }

  /** Text encoding (`UTF-8`, `UTF-16le`, `UTF-16be`). */
  get encoding(): string {
    return this.#db.encoding;
  }

  /** The tables (see `Database.tables`). */
  get tables(): TableDescription[] {
    return this.#db.tables;
  }

  /** Registers a scalar SQL function (see `Database.function`). */
  function(name: string, fn: UserFunction): this;
  /** Registers a scalar SQL function with options (see `Database.function`). */
  function(name: string, options: UserFunctionOptions, fn: UserFunction): this;
  function(name: string, optionsOrFn: UserFunctionOptions | UserFunction, fn?: UserFunction): this {
    if (typeof optionsOrFn === "function") this.#db.function(name, optionsOrFn);
    else this.#db.function(name, optionsOrFn, fn!);
    return this;
  }

  /** Registers an aggregate (or window) SQL function (see `Database.aggregate`). */
  aggregate(name: string, options: AggregateOptions): this {
    this.#db.aggregate(name, options);
    return this;
  }

  /** Closes the connection and its source. */
  close(): void {
    this.#db.close();
    this.#lazy.close();
  }
}

/** The {@link AsyncByteSource} for `source`. */
async function asyncSource(
  source: AsyncSource,
  http: HttpSourceOptions | undefined,
): Promise<AsyncByteSource> {
  if (typeof source === "string" || source instanceof URL) {
    const url = new URL(source);
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new SqliteError(
        "SQLITE_CANTOPEN",
        `unable to open database file: AsyncDatabase reads http: and https: URLs, not ${url.protocol}`,
      );
    }
    return await HttpSource.open(url, http);
  }
  if (typeof Blob !== "undefined" && source instanceof Blob) return new BlobSource(source);
  if (isSplitFileConfig(source)) return await openChunkedSource(source, http);
  const reader = source as AsyncReader;
  if (
    reader !== null && typeof reader === "object" && typeof reader.size === "number" &&
    typeof reader.read === "function"
  ) {
    return {
      size: reader.size,
      read: (offset, length) => reader.read(offset, length),
      close: () => reader.close?.(),
    };
  }
  throw new TypeError(
    "AsyncDatabase.open takes a URL, a Blob or an object with size and read(offset, length)",
  );
}

function isSplitFileConfig(source: unknown): source is SplitFileConfig {
  const from = (source as { from?: unknown } | null)?.from;
  return from === "inline" || from === "jsonconfig";
}
