/**
 * One HTTP range request with a timeout and retries: the transport under
 * {@link ./http_source.ts}. Only simple requests are sent (GET with a single-range `Range`
 * header, which is CORS-safelisted), so a cross-origin server needs no preflight support.
 */
import { SqliteError } from "../errors.ts";

/** Request counters, for tests and measurements. */
export interface HttpStats {
  /** HTTP requests sent, retries included. */
  requests: number;
  /** Response body bytes received. */
  bytes: number;
}

/** How range requests are sent and retried. */
export interface RangeRequestOptions {
  /** The fetch implementation. */
  fetch: typeof fetch;
  /** Milliseconds one attempt (response and body) may take before it is aborted. */
  timeoutMs: number;
  /** Further attempts after a network error, a timeout, a 5xx or a 429. */
  retries: number;
  /**
   * Delay before the first retry; it doubles before each further one. A `Retry-After`
   * asking for longer is waited for instead, up to `timeoutMs`; one asking for more than
   * that fails the request at once.
   */
  backoffMs: number;
}

/** One range to fetch: bytes `[start, endInclusive]` of `url`. */
export interface RangeRequest {
  url: string;
  start: number;
  endInclusive: number;
  /** Take a response without a Content-Range (a server ignoring Range) as the whole file. */
  acceptFullBody: boolean;
}

/** A `Content-Range: bytes start-end/total` header; `end` is inclusive, `total` null for `*`. */
export interface ContentRange {
  start: number;
  end: number;
  total: number | null;
}

/** What a successful (200 or 206) response carried. */
export interface RangeResponse {
  /** The parsed Content-Range, or null when the server sent the whole body. */
  range: ContentRange | null;
  /** The response body. */
  bytes: Uint8Array;
  /** The ETag, or Last-Modified when there is no ETag, or null. */
  validator: string | null;
  /** The URL that answered when the request was redirected there, else null. */
  redirectedTo: string | null;
}

/** Parses a `Content-Range` header value; null when absent or not a byte range. */
export function parseContentRange(header: string | null): ContentRange | null {
  const match = header?.trim().match(/^bytes\s+(\d+)-(\d+)\/(\d+|\*)$/i);
  if (!match) return null;
  const total = match[3] === "*" ? null : Number(match[3]);
  return { start: Number(match[1]), end: Number(match[2]), total };
}

/**
 * The delay a `Retry-After` header value asks for, in milliseconds from `now`: delay-seconds
 * or an HTTP date (0 for one in the past); null when absent or not understood.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  const text = value?.trim() ?? "";
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return null; // not a date either ("", "-1", "1.5")
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * The error for a server that answers a range request with a whole body (status 200, no
 * Content-Range). An HTML page is not the file at all (a wrong URL answered by an index or
 * error page): downloading it whole would not help, so only a body that could be the
 * file suggests `allowFullDownload`.
 */
export function noRangeSupport(url: string, contentType: string | null): SqliteError {
  const type = contentType === null ? "no Content-Type" : `Content-Type: ${contentType}`;
  if (isHtml(contentType)) {
    return new SqliteError(
      "SQLITE_IOERR",
      `disk I/O error: ${url}: the server answered with an HTML page (HTTP 200, ${type}), ` +
        `not the database file, and ignored the Range header: check the URL`,
    );
  }
  return new SqliteError(
    "SQLITE_IOERR",
    `disk I/O error: ${url}: the server does not support HTTP range requests ` +
      `(it answered a Range request with the whole body: HTTP 200, ${type}); ` +
      `pass allowFullDownload: true to download the whole file instead`,
  );
}

function isHtml(contentType: string | null): boolean {
  const type = contentType?.split(";")[0].trim().toLowerCase();
  return type === "text/html" || type === "application/xhtml+xml";
}

/** Status of the HTTP answers that failed a request for good (see {@link failedStatus}). */
const statusOf = new WeakMap<SqliteError, number>();

/**
 * The HTTP status (4xx, 3xx) with which the server refused a request, when that is what
 * `error` reports; null for any other failure (retries spent, network, closed).
 */
export function failedStatus(error: unknown): number | null {
  return error instanceof SqliteError ? statusOf.get(error) ?? null : null;
}

/**
 * GETs `request`'s range, retrying network errors, timeouts, 5xx and 429 with exponential
 * backoff, or after the delay a `Retry-After` asks for (at most `options.timeoutMs`: a
 * longer one fails at once, so no server makes a request wait longer than its retries'
 * timeouts). A response without a Content-Range (a server ignoring Range) is returned
 * whole when `request.acceptFullBody`, else rejected. `closed` aborts everything (the
 * source was closed).
 */
export async function requestRange(
  request: RangeRequest,
  options: RangeRequestOptions,
  stats: HttpStats,
  closed: AbortSignal,
): Promise<RangeResponse> {
  const { url, start, endInclusive } = request;
  const attempts = options.retries + 1;
  const failed = (attempt: number, cause: string) =>
    new SqliteError(
      "SQLITE_IOERR",
      `disk I/O error: ${url}: range request bytes=${start}-${endInclusive} failed after ` +
        `${attempt} attempt${attempt === 1 ? "" : "s"} (last: ${cause})`,
    );
  for (let attempt = 1;; attempt++) {
    const outcome = await attemptOnce(request, options, stats, closed);
    if ("response" in outcome) return outcome.response;
    const cause = outcome.retryableCause;
    if (attempt === attempts) throw failed(attempt, cause);
    let delay = options.backoffMs * 2 ** (attempt - 1);
    if (outcome.retryAfterMs !== null) {
      if (outcome.retryAfterMs > options.timeoutMs) {
        throw failed(
          attempt,
          `${cause}, asking to retry after ${Math.ceil(outcome.retryAfterMs / 1000)} s, ` +
            `more than the ${options.timeoutMs} ms timeout`,
        );
      }
      delay = Math.max(delay, outcome.retryAfterMs);
    }
    await sleep(delay, closed, url);
  }
}

type Attempt = { response: RangeResponse } | {
  retryableCause: string;
  /** The delay the answer's Retry-After asked for, or null. */
  retryAfterMs: number | null;
};

/** One request: a response, a cause worth retrying, or a thrown SqliteError (final). */
async function attemptOnce(
  { url, start, endInclusive, acceptFullBody }: RangeRequest,
  options: RangeRequestOptions,
  stats: HttpStats,
  closed: AbortSignal,
): Promise<Attempt> {
  if (closed.aborted) throw closedError(url);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const onClose = () => controller.abort();
  closed.addEventListener("abort", onClose);
  try {
    stats.requests++;
    const response = await options.fetch(url, {
      headers: { Range: `bytes=${start}-${endInclusive}` },
      signal: controller.signal,
    });
    const status = `HTTP ${response.status}${response.statusText ? " " + response.statusText : ""}`;
    if (response.status >= 500 || response.status === 429) {
      await discardBody(response);
      const retryAfterMs = parseRetryAfter(response.headers.get("Retry-After"));
      return { retryableCause: status, retryAfterMs };
    }
    if (response.status !== 200 && response.status !== 206) {
      await discardBody(response);
      const what = response.status === 416 ? " (range not satisfiable)" : "";
      const error = new SqliteError(
        "SQLITE_IOERR",
        `disk I/O error: ${url}: range request bytes=${start}-${endInclusive} failed: ` +
          `${status}${what}`,
      );
      statusOf.set(error, response.status);
      throw error;
    }
    const range = response.status === 206
      ? parseContentRange(response.headers.get("Content-Range"))
      : null;
    const validator = response.headers.get("ETag") ?? response.headers.get("Last-Modified");
    const contentType = response.headers.get("Content-Type");
    if (!range && (!acceptFullBody || isHtml(contentType))) {
      // Don't download a whole database (or a page that is not one) just to refuse it.
      await discardBody(response);
      throw noRangeSupport(url, contentType);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    stats.bytes += bytes.length;
    const redirectedTo = response.redirected && response.url !== "" ? response.url : null;
    return { response: { range, bytes, validator, redirectedTo } };
  } catch (e) {
    if (e instanceof SqliteError) throw e;
    if (closed.aborted) throw closedError(url);
    const retryAfterMs = null;
    if (timedOut) {
      return { retryableCause: `timed out after ${options.timeoutMs} ms`, retryAfterMs };
    }
    return { retryableCause: e instanceof Error ? e.message : String(e), retryAfterMs };
  } finally {
    clearTimeout(timer);
    closed.removeEventListener("abort", onClose);
  }
}

async function discardBody(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // The body is unwanted; a failure to cancel it changes nothing.
  }
}

function closedError(url: string): SqliteError {
  return new SqliteError("SQLITE_MISUSE", `HTTP source is closed: ${url}`);
}

/** Waits `ms`, or rejects at once when `closed` aborts (no timer outlives a close). */
function sleep(ms: number, closed: AbortSignal, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (closed.aborted) return reject(closedError(url));
    const onClose = () => {
      clearTimeout(timer);
      reject(closedError(url));
    };
    const timer = setTimeout(() => {
      closed.removeEventListener("abort", onClose);
      resolve();
    }, ms);
    closed.addEventListener("abort", onClose, { once: true });
  });
}
