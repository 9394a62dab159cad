/**
 * Databases read lazily: over HTTP range requests (a file on any static web server, or a
 * database split into chunk files as sql.js-httpvfs serves it), from a `Blob`/`File` read
 * a slice at a time, or from any object with a `size` and an async `read`. Only the pages
 * a query touches are fetched; statements are awaited. Kept apart from `./browser` and
 * `./lite` so a bundle that reads local bytes only does not carry it; it uses whatever
 * backends the other entry points registered (`.` includes it).
 *
 * @example
 * ```ts
 * import "./browser.ts"; // the backends
 * import { AsyncDatabase } from "./remote.ts";
 * const blob = new Blob([Deno.readFileSync("examples/sample.db")]);
 * const db = await AsyncDatabase.open(blob, { cachePages: 64 });
 * console.log(await db.prepare("SELECT count(*) AS n FROM cities").get(), db.stats.fetches);
 * db.close();
 * ```
 *
 * @module
 */
export { AsyncDatabase } from "./core/api/async_database.ts";
export type {
  AsyncDatabaseOptions,
  AsyncReader,
  AsyncSource,
  UserFunction,
} from "./core/api/async_database.ts";
export { AsyncStatement } from "./core/api/async_statement.ts";
export type { LazySourceStats } from "./core/io/lazy_source.ts";
export type { HttpSourceOptions } from "./core/io/http_source.ts";
export { CacheApiPageStore, MemoryPageStore } from "./core/io/page_store.ts";
export type {
  CacheApiPageStoreOptions,
  MemoryPageStoreOptions,
  PageStore,
} from "./core/io/page_store.ts";
export type { SplitFileConfig, SplitFileServerConfig } from "./core/io/chunked_config.ts";
