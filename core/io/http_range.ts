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
  /** Delay before the first retry; it doubles before each further one. */
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
}

/** Parses a `Content-Range` header value; null when absent or not a byte range. */
export function parseContentRange(header: string | null): ContentRange | null {
  const match = header?.trim().match(/^bytes\s+(\d+)-(\d+)\/(\d+|\*)$/i);
  if (!match) return null;
  const total = match[3] === "*" ? null : Number(match[3]);
  return { start: Number(match[1]), end: Number(match[2]), total };
}

/** The error for a server that answers a range request with the whole file. */
export function noRangeSupport(url: string): SqliteError {
  return new SqliteError(
    "SQLITE_IOERR",
    `disk I/O error: ${url}: the server does not support HTTP range requests ` +
      `(it answered a Range request without a Content-Range); ` +
      `pass allowFullDownload: true to download the whole file instead`,
  );
}

/**
 * GETs `request`'s range, retrying network errors, timeouts, 5xx and 429 with exponential
 * backoff. A response without a Content-Range (a server ignoring Range) is returned whole
 * when `request.acceptFullBody`, else rejected. `closed` aborts everything (the source was
 * closed).
 */
export async function requestRange(
  request: RangeRequest,
  options: RangeRequestOptions,
  stats: HttpStats,
  closed: AbortSignal,
): Promise<RangeResponse> {
  const { url, start, endInclusive } = request;
  const attempts = options.retries + 1;
  let lastCause = "";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await sleep(options.backoffMs * 2 ** (attempt - 2), closed, url);
    const outcome = await attemptOnce(request, options, stats, closed);
    if ("response" in outcome) return outcome.response;
    lastCause = outcome.retryableCause;
  }
  throw new SqliteError(
    "SQLITE_IOERR",
    `disk I/O error: ${url}: range request bytes=${start}-${endInclusive} failed after ` +
      `${attempts} attempt${attempts === 1 ? "" : "s"} (last: ${lastCause})`,
  );
}

type Attempt = { response: RangeResponse } | { retryableCause: string };

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
      return { retryableCause: status };
    }
    if (response.status !== 200 && response.status !== 206) {
      await discardBody(response);
      const what = response.status === 416 ? " (range not satisfiable)" : "";
      throw new SqliteError(
        "SQLITE_IOERR",
        `disk I/O error: ${url}: range request bytes=${start}-${endInclusive} failed: ` +
          `${status}${what}`,
      );
    }
    const range = response.status === 206
      ? parseContentRange(response.headers.get("Content-Range"))
      : null;
    const validator = response.headers.get("ETag") ?? response.headers.get("Last-Modified");
    if (!range && !acceptFullBody) {
      // Don't download a whole database just to report that it can't be used.
      await discardBody(response);
      throw noRangeSupport(url);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    stats.bytes += bytes.length;
    return { response: { range, bytes, validator } };
  } catch (e) {
    if (e instanceof SqliteError) throw e;
    if (closed.aborted) throw closedError(url);
    if (timedOut) return { retryableCause: `timed out after ${options.timeoutMs} ms` };
    return { retryableCause: e instanceof Error ? e.message : String(e) };
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
