/**
 * The `interpreter` backend, the bytecode interpreter: no code generation, so it runs where a
 * Content-Security-Policy forbids eval. Importing this module registers it, so `new
 * Database(bytes, { backend: "interpreter" })` finds it; with `./lite` it is the only backend a
 * bundle carries.
 *
 * @example
 * ```ts
 * import { Database } from "./lite.ts";
 * import { INTERPRETER_BACKEND } from "./interpreter.ts";
 * const db = new Database(Deno.readFileSync("examples/sample.db"), { backend: INTERPRETER_BACKEND });
 * console.log(db.backend); // "interpreter"
 * db.close();
 * ```
 *
 * @module
 */
import { registerBackend } from "./core/backend_registry.ts";
import type { BackendHandle } from "./core/backend.ts";
import { INTERPRETER } from "./backends/interpreter/mod.ts";

registerBackend(INTERPRETER);

/** The `interpreter` backend, for the `backend` option of `Database`. */
export const INTERPRETER_BACKEND: BackendHandle = INTERPRETER;
