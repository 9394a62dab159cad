/**
 * The `js` backend, the JavaScript code generator: each statement compiled to a function with new
 * Function. Importing this module registers it, so `new Database(bytes, { backend: "js" })` finds
 * it; with `./lite` it is the only backend a bundle carries.
 *
 * @example
 * ```ts
 * import { Database } from "./lite.ts";
 * import { JS_BACKEND } from "./js.ts";
 * const db = new Database(Deno.readFileSync("examples/sample.db"), { backend: JS_BACKEND });
 * console.log(db.backend); // "js"
 * db.close();
 * ```
 *
 * @module
 */
import { registerBackend } from "./core/backend_registry.ts";
import type { BackendHandle } from "./core/backend.ts";
import { JS_CODEGEN } from "./backends/js/mod.ts";

registerBackend(JS_CODEGEN);

/** The `js` backend, for the `backend` option of `Database`. */
export const JS_BACKEND: BackendHandle = JS_CODEGEN;
