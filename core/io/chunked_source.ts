/**
 * A database split into fixed-size chunk files (sql.js-httpvfs's `serverMode: "chunked"`,
 * for hosts with a maximum file size), read with HTTP range requests: a read becomes one
 * range request per chunk it touches, for just the bytes asked for.
 */
import { SqliteError } from "../errors.ts";
import { type AsyncByteSource, clampRange } from "./async_source.ts";
import {
  type ChunkLayout,
  resolveConfig,
  type SplitFileConfig,
  type SplitFileServerConfig,
} from "./chunked_config.ts";
import {
  type HttpStats,
  type RangeRequestOptions,
  type RangeResponse,
  requestRange,
} from "./http_range.ts";
import { type HttpSource, type HttpSourceOptions, openHttpSource } from "./http_source.ts";

export type { SplitFileConfig, SplitFileServerConfig } from "./chunked_config.ts";
export type { AsyncByteSource } from "./async_source.ts";
export type { HttpStats } from "./http_range.ts";
export { HttpSource, type HttpSourceOptions } from "./http_source.ts";

/**
 * Options of {@link openChunkedSource}: those of `openHttpSource` (timeouts, retries,
 * `allowFullDownload` to accept a server that sends whole chunks) plus a base URL.
 *
 * @example
 * ```ts
 * import type { ChunkedSourceOptions } from "./chunked_source.ts";
 * const options: ChunkedSourceOptions = { baseUrl: "https://example.com/", retries: 5 };
 * console.log(options.retries);
 * ```
 */
export interface ChunkedSourceOptions extends HttpSourceOptions {
  /**
   * Base for relative URLs (`configUrl`, or `urlPrefix`/`url` of an inline config); default
   * `location.href` where there is one. URLs in a fetched JSON config are relative to it.
   */
  baseUrl?: string | URL;
}

/**
 * Opens a database described by a sql.js-httpvfs config: `{ from: "inline", config }`,
 * `{ from: "jsonconfig", configUrl }` (fetched once, not counted in `stats`), or the bare
 * inner config. A `"chunked"` config gives a {@link ChunkedSource}; a `"full"` one an
 * `HttpSource` for its URL. Opening reads the first `firstReadLength` bytes (one request),
 * which checks that the first chunk is there and has the size the config says.
 *
 * @throws {SqliteError} `SQLITE_MISUSE` for a malformed config; `SQLITE_IOERR` when the
 * config or the first chunk cannot be fetched or the chunk has the wrong size.
 *
 * @example
 * ```ts ignore
 * import { openChunkedSource } from "./chunked_source.ts";
 * const source = await openChunkedSource({
 *   from: "jsonconfig",
 *   configUrl: "https://example.com/data/config.json",
 * });
 * const bytes = await source.read(10 * 1024 * 1024 - 100, 200); // spans chunks 0 and 1
 * console.log(source.size, source.stats.requests); // e.g. 25000000 3
 * source.close();
 * ```
 */
export async function openChunkedSource(
  config: SplitFileConfig | SplitFileServerConfig,
  options: ChunkedSourceOptions = {},
): Promise<ChunkedSource | HttpSource> {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const transport: RangeRequestOptions = {
    fetch: fetchImpl,
    timeoutMs: options.timeoutMs ?? 30_000,
    retries: options.retries ?? 3,
    backoffMs: options.backoffMs ?? 100,
  };
  const location = (globalThis as { location?: { href?: string } }).location;
  const baseUrl = options.baseUrl !== undefined ? String(options.baseUrl) : location?.href ?? null;
  const resolved = await resolveConfig(config, {
    fetch: fetchImpl,
    timeoutMs: transport.timeoutMs,
    baseUrl,
  });
  if (resolved.serverMode === "full") return openHttpSource(resolved.url, options);
  const source = new ChunkedSource(
    resolved.layout,
    transport,
    options.allowFullDownload ?? false,
  );
  await source.readFirstBytes(options.firstReadLength ?? 4096);
  return source;
}

/**
 * A database served as chunk files; see {@link openChunkedSource}.
 *
 * @example
 * ```ts ignore
 * import { ChunkedSource, openChunkedSource } from "./chunked_source.ts";
 * const source = await openChunkedSource({
 *   serverMode: "chunked",
 *   requestChunkSize: 4096,
 *   databaseLengthBytes: 2_500_000,
 *   serverChunkSize: 1_000_000,
 *   urlPrefix: "https://example.com/db.sqlite3.",
 *   suffixLength: 3,
 * });
 * if (source instanceof ChunkedSource) console.log(source.chunkCount, source.chunkUrl(2)); // 3 https://example.com/db.sqlite3.002
 * ```
 */
export class ChunkedSource implements AsyncByteSource {
  /** The chunks' URL prefix (absolute). */
  readonly url: string;
  /** Size of the database (`databaseLengthBytes`). */
  readonly size: number;
  /** Size of every chunk but the last (`serverChunkSize`). */
  readonly chunkSize: number;
  /** Number of chunk files. */
  readonly chunkCount: number;
  /** The config's `requestChunkSize` (sql.js-httpvfs's page size), null when absent. */
  readonly requestChunkSize: number | null;
  /** Range requests sent (retries included) and body bytes received. */
  readonly stats: HttpStats = { requests: 0, bytes: 0 };
  #firstBytes: Uint8Array = new Uint8Array(0);
  #layout: ChunkLayout;
  #transport: RangeRequestOptions;
  #acceptWholeChunks: boolean;
  /** The ETag (or Last-Modified) each chunk first answered with; later ones must match. */
  #validators = new Map<number, string>();
  #closer = new AbortController();

  /** Use {@link openChunkedSource}, which also checks the config and the first chunk. */
  constructor(layout: ChunkLayout, transport: RangeRequestOptions, acceptWholeChunks: boolean) {
    this.#layout = layout;
    this.#transport = transport;
    this.#acceptWholeChunks = acceptWholeChunks;
    this.url = layout.urlPrefix;
    this.size = layout.databaseLengthBytes;
    this.chunkSize = layout.serverChunkSize;
    this.chunkCount = Math.ceil(this.size / this.chunkSize);
    this.requestChunkSize = layout.requestChunkSize;
  }

  /** Bytes `[0, firstBytes.length)` read when opening: page 1 needs no further request. */
  get firstBytes(): Uint8Array {
    return this.#firstBytes;
  }

  /**
   * The first chunk's ETag (or Last-Modified) when opened, or null: the database's version
   * for a page store key. Chunk 0 holds the header, whose file change counter SQLite bumps
   * on every write, so a rewritten database has a new chunk 0 even if other chunks match.
   */
  get validator(): string | null {
    return this.#validators.get(0) ?? null;
  }

  /** URL of chunk `index`. */
  chunkUrl(index: number): string {
    const { urlPrefix, suffixLength, query } = this.#layout;
    return urlPrefix + String(index).padStart(suffixLength, "0") + query;
  }

  /** Reads and keeps the first `length` bytes (done once, by {@link openChunkedSource}). */
  async readFirstBytes(length: number): Promise<void> {
    const end = Math.min(Math.max(1, length), this.chunkSize, this.size);
    this.#firstBytes = await this.#readInChunk(0, 0, end);
  }

  /**
   * Bytes `[offset, offset + length)`, fewer past the end: one range request per chunk
   * touched, sent together. Ranges inside {@link ChunkedSource.firstBytes} need none.
   *
   * @throws {SqliteError} `SQLITE_IOERR` on a failed request, a missing chunk, a chunk
   * whose size differs from the config, or a chunk that changed since it was first read.
   */
  async read(offset: number, length: number): Promise<Uint8Array> {
    if (this.#closer.signal.aborted) {
      throw new SqliteError("SQLITE_MISUSE", `chunked source is closed: ${this.url}`);
    }
    const { start, end } = clampRange(this.size, offset, length);
    if (start === end) return new Uint8Array(0);
    if (end <= this.#firstBytes.length) return this.#firstBytes.slice(start, end);
    const reads: Promise<Uint8Array>[] = [];
    const firstChunk = Math.floor(start / this.chunkSize);
    const lastChunk = Math.floor((end - 1) / this.chunkSize);
    for (let chunk = firstChunk; chunk <= lastChunk; chunk++) {
      const base = chunk * this.chunkSize;
      const from = Math.max(start, base) - base;
      const to = Math.min(end, base + this.chunkSize) - base;
      reads.push(this.#readInChunk(chunk, from, to));
    }
    const parts = await Promise.all(reads);
    if (parts.length === 1) return parts[0];
    const out = new Uint8Array(end - start);
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }

  /** Aborts requests in flight and pending retries; later reads reject. */
  close(): void {
    this.#closer.abort();
  }

  /** Bytes `[from, to)` of chunk `chunk`, checked against the config. */
  async #readInChunk(chunk: number, from: number, to: number): Promise<Uint8Array> {
    const url = this.chunkUrl(chunk);
    const expectedSize = Math.min(this.chunkSize, this.size - chunk * this.chunkSize);
    const response = await requestRange(
      { url, start: from, endInclusive: to - 1, acceptFullBody: this.#acceptWholeChunks },
      this.#transport,
      this.stats,
      this.#closer.signal,
    );
    this.#checkSameChunk(chunk, url, response);
    const { range, bytes } = response;
    if (range === null) { // a server ignoring Range, accepted by allowFullDownload
      if (bytes.length !== expectedSize) throw wrongSize(url, chunk, bytes.length, expectedSize);
      return bytes.slice(from, to);
    }
    if (range.total !== null && range.total !== expectedSize) {
      throw wrongSize(url, chunk, range.total, expectedSize);
    }
    if (range.start !== from || range.end !== to - 1) {
      throw ioError(
        url,
        `asked for bytes ${from}-${to - 1} but the server sent bytes ${range.start}-${range.end}`,
      );
    }
    if (bytes.length !== to - from) {
      throw ioError(url, `the server sent ${bytes.length} bytes where ${to - from} were expected`);
    }
    return bytes;
  }

  /** Bytes of two versions of a chunk must never be mixed. */
  #checkSameChunk(chunk: number, url: string, response: RangeResponse): void {
    if (response.validator === null) return;
    const first = this.#validators.get(chunk);
    if (first === undefined) this.#validators.set(chunk, response.validator);
    else if (first !== response.validator) {
      throw ioError(
        url,
        `the chunk changed on the server while it was being read ` +
          `(${first} became ${response.validator})`,
      );
    }
  }
}

function wrongSize(url: string, chunk: number, actual: number, expected: number): SqliteError {
  return ioError(
    url,
    `chunk ${chunk} is ${actual} bytes but the config says ${expected} ` +
      `(serverChunkSize or databaseLengthBytes is wrong, or the chunk is truncated)`,
  );
}

function ioError(url: string, what: string): SqliteError {
  return new SqliteError("SQLITE_IOERR", `disk I/O error: ${url}: ${what}`);
}
