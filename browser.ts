/**
 * litejit for browsers, workers and edge runtimes: every backend, no file system (no
 * `node:*` import). Open a database from its bytes, or from a `Blob`/`File` with
 * {@link Database.open}. Where a Content-Security-Policy forbids generating code, the
 * default backend falls back to the interpreter.
 *
 * @example
 * ```ts
 * import { Database } from "./browser.ts";
 * const file = new Blob([Deno.readFileSync("examples/sample.db")]); // e.g. from <input type=file>
 * const db = await Database.open(file);
 * console.log(db.prepare("SELECT name FROM cities LIMIT 2").all());
 * db.close();
 * ```
 *
 * @module
 */
import "./backends/executors.ts";

export * from "./lite.ts";
