/**
 * The `wasm` backend, the WebAssembly code generator: each statement compiled to a module that
 * scans pages in its memory. Importing this module registers it, so `new Database(bytes, {
 * backend: "wasm" })` finds it; with `./lite` it is the only backend a bundle carries.
 *
 * @example
 * ```ts
 * import { Database } from "./lite.ts";
 * import { WASM_BACKEND } from "./wasm.ts";
 * const db = new Database(Deno.readFileSync("examples/sample.db"), { backend: WASM_BACKEND });
 * console.log(db.backend); // "wasm"
 * db.close();
 * ```
 *
 * @module
 */
import { registerBackend } from "./core/backend_registry.ts";
import type { BackendHandle } from "./core/backend.ts";
import { WASM } from "./backends/wasm/mod.ts";

registerBackend(WASM);

/** The `wasm` backend, for the `backend` option of `Database`. */
export const WASM_BACKEND: BackendHandle = WASM;
