/**
 * A database file read over HTTP range requests (as sql.js-httpvfs does): only the byte
 * ranges asked for are fetched. The transport (timeouts, retries) is in `http_range.ts`.
 */
import { SqliteError } from "../errors.ts";
import { type AsyncByteSource, clampRange } from "./async_source.ts";
import {
  failedStatus,
  type HttpStats,
  type RangeRequestOptions,
  type RangeResponse,
  requestRange,
} from "./http_range.ts";

export type { HttpStats } from "./http_range.ts";

/** Options of {@link openHttpSource}. */
export interface HttpSourceOptions {
  /** The fetch implementation (default `globalThis.fetch`), e.g. to inject one in tests. */
  fetch?: typeof fetch;
  /** Milliseconds one request may take, body included, before it is aborted (30000). */
  timeoutMs?: number;
  /** Retries after a network error, a timeout, a 5xx or a 429 (default 3). */
  retries?: number;
  /**
   * Delay before the first retry in milliseconds, doubled before each next one (100); a
   * longer `Retry-After` is waited for instead, and one past `timeoutMs` fails at once.
   */
  backoffMs?: number;
  /**
   * When the server ignores `Range` and sends the whole file, keep it and serve reads from
   * memory instead of failing (default false).
   */
  allowFullDownload?: boolean;
  /** Bytes the opening request asks for, kept as {@link HttpSource.firstBytes} (4096). */
  firstReadLength?: number;
}

/**
 * Opens `url` as an {@link AsyncByteSource}: one request for the first `firstReadLength`
 * bytes, whose `Content-Range` gives the file's size.
 *
 * @throws {SqliteError} `SQLITE_IOERR` when the server fails, does not support range
 * requests (unless `allowFullDownload`), or sends a response that doesn't match the request.
 *
 * @example
 * ```ts ignore
 * import { openHttpSource } from "./http_source.ts";
 * const source = await openHttpSource("https://example.com/data.db", { timeoutMs: 10_000 });
 * const header = source.firstBytes.subarray(0, 100); // no second request
 * const page2 = await source.read(4096, 4096);
 * console.log(source.size, source.stats.requests); // e.g. 1048576 2
 * source.close();
 * ```
 */
export function openHttpSource(
  url: string | URL,
  options: HttpSourceOptions = {},
): Promise<HttpSource> {
  return HttpSource.open(url, options);
}

/**
 * A file behind a URL read with HTTP range requests; see {@link openHttpSource}.
 *
 * When the URL redirects, range requests go straight to where it led (one redirect per
 * connection, not one per request), checked against the first answer's ETag/Last-Modified
 * as any. If that URL stops serving the file (a 4xx: an expired signed URL, a moved
 * object; or another validator), the request goes once more through the URL given, and
 * where it leads now is kept.
 */
export class HttpSource implements AsyncByteSource {
  /** The URL being read (as given: before any redirect). */
  readonly url: string;
  /** Size of the file in bytes (from the first response's Content-Range). */
  readonly size: number;
  /** Bytes `[0, firstBytes.length)` received when opening: page 1 needs no request. */
  readonly firstBytes: Uint8Array;
  /** The first response's ETag (or Last-Modified); every later response must match it. */
  readonly validator: string | null;
  /** True when the server ignored Range and the whole file is held in memory. */
  readonly fullDownload: boolean;
  /** Requests sent and body bytes received so far. */
  readonly stats: HttpStats;
  #transport: RangeRequestOptions;
  #closer = new AbortController();
  /** Where range requests go: where {@link HttpSource.url} redirected when last asked. */
  #target: string;

  private constructor(
    url: string,
    first: RangeResponse,
    size: number,
    transport: RangeRequestOptions,
    stats: HttpStats,
  ) {
    this.url = url;
    this.size = size;
    this.firstBytes = first.bytes;
    this.validator = first.validator;
    this.fullDownload = first.range === null;
    this.#transport = transport;
    this.stats = stats;
    this.#target = first.redirectedTo ?? url;
  }

  /** Where range requests go now: {@link HttpSource.url}, or where it redirected. */
  get target(): string {
    return this.#target;
  }

  /** Same as {@link openHttpSource}. */
  static async open(url: string | URL, options: HttpSourceOptions = {}): Promise<HttpSource> {
    const href = String(url);
    const transport: RangeRequestOptions = {
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      timeoutMs: options.timeoutMs ?? 30_000,
      retries: options.retries ?? 3,
      backoffMs: options.backoffMs ?? 100,
    };
    const stats: HttpStats = { requests: 0, bytes: 0 };
    const length = options.firstReadLength ?? 4096;
    const opening = new AbortController(); // nothing closes a source before it exists
    const first = await requestRange(
      {
        url: href,
        start: 0,
        endInclusive: length - 1,
        acceptFullBody: options.allowFullDownload ?? false,
      },
      transport,
      stats,
      opening.signal,
    );
    let size: number;
    if (first.range === null) {
      size = first.bytes.length;
    } else {
      const { start, end, total } = first.range;
      if (total === null) throw ioError(href, "the server did not tell the file's size");
      if (start !== 0 || end !== Math.min(length, total) - 1) {
        throw mismatch(href, 0, Math.min(length, total), first.range);
      }
      if (first.bytes.length !== end - start + 1) throw shortBody(href, first, end - start + 1);
      size = total;
    }
    return new HttpSource(href, first, size, transport, stats);
  }

  /**
   * Bytes `[offset, offset + length)`, fewer past the end of the file. Ranges inside
   * {@link HttpSource.firstBytes} (or a fully downloaded file) are served from memory.
   *
   * @throws {SqliteError} `SQLITE_IOERR` on a failed request, a response for another range,
   * a short body, or a file that changed on the server since it was opened.
   */
  async read(offset: number, length: number): Promise<Uint8Array> {
    if (this.#closer.signal.aborted) {
      throw new SqliteError("SQLITE_MISUSE", `HTTP source is closed: ${this.url}`);
    }
    const { start, end } = clampRange(this.size, offset, length);
    if (start === end) return new Uint8Array(0);
    if (end <= this.firstBytes.length) return this.firstBytes.slice(start, end);
    const target = this.#target;
    if (target === this.url) return await this.#readFrom(this.url, start, end);
    try {
      return await this.#readFrom(target, start, end);
    } catch (e) {
      const status = failedStatus(e);
      const gone = (status !== null && status >= 400 && status < 500) || changed.has(e as object);
      if (!gone || this.#closer.signal.aborted) throw e;
      // The redirect's target no longer serves this file: ask the URL given, once.
      return await this.#readFrom(this.url, start, end);
    }
  }

  /** Bytes `[start, end)` from `url`; reading {@link HttpSource.url} moves the target. */
  async #readFrom(url: string, start: number, end: number): Promise<Uint8Array> {
    const response = await requestRange(
      { url, start, endInclusive: end - 1, acceptFullBody: false },
      this.#transport,
      this.stats,
      this.#closer.signal,
    );
    this.#checkSameFile(response);
    const range = response.range!; // requestRange rejects range-less responses here
    if (range.start !== start || range.end !== end - 1) {
      throw mismatch(this.url, start, end, range);
    }
    if (response.bytes.length !== end - start) throw shortBody(this.url, response, end - start);
    if (url === this.url) this.#target = response.redirectedTo ?? this.url;
    return response.bytes;
  }

  /** Aborts requests in flight and pending retries; later reads reject. */
  close(): void {
    this.#closer.abort();
  }

  /** Pages of two versions of the file must never be mixed. */
  #checkSameFile(response: RangeResponse): void {
    const total = response.range?.total;
    const validatorChanged = this.validator !== null && response.validator !== null &&
      response.validator !== this.validator;
    if (validatorChanged || (total != null && total !== this.size)) {
      const was = validatorChanged
        ? `${this.validator} became ${response.validator}`
        : `size ${this.size} became ${total}`;
      const error = ioError(
        this.url,
        `the file changed on the server while it was being read (${was})`,
      );
      changed.add(error);
      throw error;
    }
  }
}

/** Errors for a file that changed on the server (the redirect's target may be stale). */
const changed = new WeakSet<object>();

function ioError(url: string, what: string): SqliteError {
  return new SqliteError("SQLITE_IOERR", `disk I/O error: ${url}: ${what}`);
}

function mismatch(
  url: string,
  start: number,
  end: number,
  got: { start: number; end: number },
): SqliteError {
  return ioError(
    url,
    `asked for bytes ${start}-${end - 1} but the server sent bytes ${got.start}-${got.end}`,
  );
}

function shortBody(url: string, response: RangeResponse, expected: number): SqliteError {
  return ioError(
    url,
    `the server sent ${response.bytes.length} bytes where ${expected} were expected`,
  );
}
