/**
 * The `tiered` backend, mod.ts's default: a statement's first run on the interpreter (no
 * code made), later runs — and first runs that scan large b-trees — as generated JavaScript.
 * Importing this module registers it with the two backends it runs on (`interpreter` and
 * `js`); with `./lite` those three are what a bundle carries.
 *
 * @example
 * ```ts
 * import { Database } from "./lite.ts";
 * import { TIERED_BACKEND } from "./tiered.ts";
 * const db = new Database(Deno.readFileSync("examples/sample.db"), { backend: TIERED_BACKEND });
 * console.log(db.backend); // "tiered"
 * db.close();
 * ```
 *
 * @module
 */
import { registerBackend } from "./core/backend_registry.ts";
import type { BackendHandle } from "./core/backend.ts";
import { INTERPRETER } from "./backends/interpreter/mod.ts";
import { JS_CODEGEN } from "./backends/js/mod.ts";
import { TIERED } from "./backends/tiered/mod.ts";

registerBackend(INTERPRETER);
registerBackend(JS_CODEGEN);
registerBackend(TIERED);

/** The `tiered` backend, for the `backend` option of `Database`. */
export const TIERED_BACKEND: BackendHandle = TIERED;
