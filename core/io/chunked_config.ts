/**
 * The configuration of a database served as chunk files, in the shape sql.js-httpvfs
 * accepts (so a site already set up for it needs no change): checked field by field, and
 * fetched from a JSON URL when given as `{ from: "jsonconfig", configUrl }`.
 */
import { SqliteError } from "../errors.ts";

/**
 * Where the bytes of a split (or whole) database file are served.
 *
 * `serverMode: "chunked"`: chunk `i` is at `urlPrefix + String(i).padStart(suffixLength,
 * "0")`, every chunk `serverChunkSize` bytes except the last, `databaseLengthBytes` in all.
 * `serverMode: "full"`: the whole file is at `url`. A `cacheBust` value is appended to
 * every URL as `?cb=<value>`.
 *
 * @example
 * ```ts
 * import type { SplitFileServerConfig } from "./chunked_config.ts";
 * const config: SplitFileServerConfig = {
 *   serverMode: "chunked",
 *   requestChunkSize: 4096,
 *   databaseLengthBytes: 25_000_000,
 *   serverChunkSize: 10 * 1024 * 1024,
 *   urlPrefix: "/data/db.sqlite3.",
 *   suffixLength: 3,
 * };
 * console.log(config.serverMode);
 * ```
 */
export type SplitFileServerConfig =
  & {
    /** Bytes per random-access request in sql.js-httpvfs: the page size; a hint here. */
    requestChunkSize: number;
    /** Appended to every URL as `?cb=<value>`, to defeat stale HTTP caches. */
    cacheBust?: string;
  }
  & ({
    serverMode: "chunked";
    /** URL of the chunks up to their number (relative URLs need a base). */
    urlPrefix: string;
    /** Size of every chunk but the last. */
    serverChunkSize: number;
    /** Size of the whole database. */
    databaseLengthBytes: number;
    /** Digits of the chunk number, zero-padded. */
    suffixLength: number;
  } | {
    serverMode: "full";
    /** URL of the whole file (relative URLs need a base). */
    url: string;
  });

/**
 * A server config given inline or fetched from a JSON URL, as sql.js-httpvfs's
 * `createDbWorker` takes it (`virtualFilename` is accepted and ignored). URLs in a fetched
 * config are relative to the config's own URL.
 *
 * @example
 * ```ts
 * import type { SplitFileConfig } from "./chunked_config.ts";
 * const fromJson: SplitFileConfig = { from: "jsonconfig", configUrl: "/data/config.json" };
 * const inline: SplitFileConfig = {
 *   from: "inline",
 *   config: { serverMode: "full", requestChunkSize: 4096, url: "/data/db.sqlite3" },
 * };
 * console.log(fromJson.from, inline.from);
 * ```
 */
export type SplitFileConfig =
  | { from: "inline"; config: SplitFileServerConfig; virtualFilename?: string }
  | { from: "jsonconfig"; configUrl: string; virtualFilename?: string };

/**
 * A checked chunked config with absolute URLs, as {@link resolveConfig} returns it.
 *
 * @example
 * ```ts
 * import type { ChunkLayout } from "./chunked_config.ts";
 * const layout: ChunkLayout = {
 *   urlPrefix: "https://example.com/db.",
 *   suffixLength: 3,
 *   serverChunkSize: 1 << 20,
 *   databaseLengthBytes: 3_000_000,
 *   query: "",
 *   requestChunkSize: 4096,
 * };
 * console.log(layout.urlPrefix + "002" + layout.query); // chunk 2
 * ```
 */
export interface ChunkLayout {
  /** Absolute URL prefix of the chunks. */
  urlPrefix: string;
  /** Digits of the chunk number, zero-padded. */
  suffixLength: number;
  /** Size of every chunk but the last. */
  serverChunkSize: number;
  /** Size of the whole database. */
  databaseLengthBytes: number;
  /** `""` or `?cb=<cacheBust>`. */
  query: string;
  /** The config's `requestChunkSize`, or null when it has none. */
  requestChunkSize: number | null;
}

/**
 * A checked config: chunk files, or one whole file at an absolute URL (with any cache-bust
 * query already appended).
 *
 * @example
 * ```ts
 * import type { ResolvedConfig } from "./chunked_config.ts";
 * const full: ResolvedConfig = {
 *   serverMode: "full",
 *   url: "https://example.com/db.sqlite3",
 *   requestChunkSize: null,
 * };
 * console.log(full.serverMode);
 * ```
 */
export type ResolvedConfig =
  | { serverMode: "chunked"; layout: ChunkLayout }
  | { serverMode: "full"; url: string; requestChunkSize: number | null };

/**
 * How {@link resolveConfig} fetches a JSON config and resolves relative URLs.
 *
 * @example
 * ```ts
 * import type { ConfigFetchOptions } from "./chunked_config.ts";
 * const options: ConfigFetchOptions = { fetch, timeoutMs: 10_000, baseUrl: null };
 * console.log(options.timeoutMs);
 * ```
 */
export interface ConfigFetchOptions {
  /** The fetch implementation. */
  fetch: typeof fetch;
  /** Milliseconds the config request (body included) may take. */
  timeoutMs: number;
  /** Base for relative URLs in an inline config or for `configUrl`; null for none. */
  baseUrl: string | null;
}

/**
 * Checks `config` (a {@link SplitFileConfig} or a bare {@link SplitFileServerConfig}),
 * fetching it first when it is `{ from: "jsonconfig" }`.
 *
 * @throws {SqliteError} `SQLITE_MISUSE` for a malformed config, `SQLITE_IOERR` when the
 * JSON config cannot be fetched.
 *
 * @example
 * ```ts
 * import { resolveConfig } from "./chunked_config.ts";
 * const resolved = await resolveConfig(
 *   { serverMode: "full", requestChunkSize: 4096, url: "db.sqlite3", cacheBust: "7" },
 *   { fetch, timeoutMs: 10_000, baseUrl: "https://example.com/app/" },
 * );
 * if (resolved.serverMode === "full") console.log(resolved.url);
 * // https://example.com/app/db.sqlite3?cb=7
 * ```
 */
export async function resolveConfig(
  config: SplitFileConfig | SplitFileServerConfig,
  options: ConfigFetchOptions,
): Promise<ResolvedConfig> {
  if (!isObject(config)) throw misuse("the config must be an object");
  if ("serverMode" in config) return checkServerConfig(config, options.baseUrl, "config");
  if (config.from === "inline") {
    if (!isObject(config.config)) throw misuse("config.config must be an object");
    return checkServerConfig(config.config, options.baseUrl, "config.config");
  }
  if (config.from === "jsonconfig") {
    if (typeof config.configUrl !== "string" || config.configUrl === "") {
      throw misuse("config.configUrl must be a non-empty string");
    }
    const url = absolute(config.configUrl, options.baseUrl, "config.configUrl");
    const json = await fetchJson(url, options);
    if (!isObject(json)) throw misuse(`the config at ${url} is not a JSON object`);
    return checkServerConfig(json, url, `the config at ${url}`);
  }
  throw misuse(
    `config.from must be "inline" or "jsonconfig", or the config must have a serverMode ` +
      `(got from: ${JSON.stringify((config as { from?: unknown }).from)})`,
  );
}

function checkServerConfig(
  config: Record<string, unknown>,
  base: string | null,
  where: string,
): ResolvedConfig {
  const requestChunkSize = config.requestChunkSize === undefined
    ? null
    : integer(config, "requestChunkSize", 1, where);
  const bust = config.cacheBust;
  if (bust !== undefined && typeof bust !== "string" && typeof bust !== "number") {
    throw misuse(`${where}.cacheBust must be a string`);
  }
  const query = bust === undefined || bust === "" ? "" : `?cb=${encodeURIComponent(bust)}`;
  if (config.serverMode === "full") {
    const url = absolute(text(config, "url", where), base, `${where}.url`);
    return { serverMode: "full", url: url + query, requestChunkSize };
  }
  if (config.serverMode !== "chunked") {
    throw misuse(
      `${where}.serverMode must be "chunked" or "full" (got ${JSON.stringify(config.serverMode)})`,
    );
  }
  const layout: ChunkLayout = {
    urlPrefix: absolute(text(config, "urlPrefix", where), base, `${where}.urlPrefix`),
    suffixLength: integer(config, "suffixLength", 0, where),
    serverChunkSize: integer(config, "serverChunkSize", 1, where),
    databaseLengthBytes: integer(config, "databaseLengthBytes", 1, where),
    query,
    requestChunkSize,
  };
  return { serverMode: "chunked", layout };
}

/** A whole number `>= min` in `config[field]`. */
function integer(
  config: Record<string, unknown>,
  field: string,
  min: number,
  where: string,
): number {
  const value = config[field];
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min) {
    throw misuse(
      `${where}.${field} must be an integer >= ${min} (got ${JSON.stringify(value) ?? "none"})`,
    );
  }
  return value;
}

function text(config: Record<string, unknown>, field: string, where: string): string {
  const value = config[field];
  if (typeof value !== "string" || value === "") {
    throw misuse(`${where}.${field} must be a non-empty string`);
  }
  return value;
}

/** `url` made absolute against `base` (string concatenation of chunk numbers follows). */
function absolute(url: string, base: string | null, what: string): string {
  try {
    return new URL(url, base ?? undefined).href;
  } catch {
    throw misuse(
      base === null
        ? `${what} ${JSON.stringify(url)} is not an absolute URL and there is no baseUrl`
        : `${what} ${JSON.stringify(url)} is not a valid URL`,
    );
  }
}

async function fetchJson(url: string, options: ConfigFetchOptions): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  let body: string;
  try {
    const response = await options.fetch(url, { signal: controller.signal });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw ioError(
        url,
        `HTTP ${response.status}${response.statusText ? " " : ""}` +
          response.statusText,
      );
    }
    body = await response.text();
  } catch (e) {
    if (e instanceof SqliteError) throw e;
    const cause = controller.signal.aborted
      ? `timed out after ${options.timeoutMs} ms`
      : e instanceof Error
      ? e.message
      : String(e);
    throw ioError(url, cause);
  } finally {
    clearTimeout(timer);
  }
  try {
    return JSON.parse(body);
  } catch {
    throw misuse(`the config at ${url} is not valid JSON`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function misuse(what: string): SqliteError {
  return new SqliteError("SQLITE_MISUSE", `bad chunked database config: ${what}`);
}

function ioError(url: string, what: string): SqliteError {
  return new SqliteError(
    "SQLITE_IOERR",
    `disk I/O error: could not fetch the chunked database config ${url}: ${what}`,
  );
}
