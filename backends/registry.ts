/**
 * The backends litejit has, by name. `Database` picks one with its `backend` option; the
 * test suites loop over {@link AVAILABLE_BACKENDS} so every backend runs the same tests.
 */
import { SqliteError } from "../core/errors.ts";
import type { Backend, BackendName } from "./backend.ts";
import { INTERPRETER } from "./interpreter/mod.ts";
import { JS_CODEGEN } from "./js-codegen/mod.ts";
import { WASM } from "./wasm/mod.ts";

const BACKENDS: ReadonlyMap<BackendName, Backend> = new Map([
  [INTERPRETER.name, INTERPRETER],
  [JS_CODEGEN.name, JS_CODEGEN],
  [WASM.name, WASM],
]);

/** Names of the backends that exist, in the order tests and benches run them. */
export const AVAILABLE_BACKENDS: readonly BackendName[] = [...BACKENDS.keys()];

/**
 * Whether this runtime lets code be generated at run time (a Content-Security-Policy
 * without `'unsafe-eval'`, and some edge runtimes, forbid `new Function`).
 */
function codeGenerationAllowed(): boolean {
  try {
    return new Function("return 1")() === 1;
  } catch {
    return false;
  }
}

/**
 * The default backend: the JS code generator, fastest end to end (prepare and first run)
 * on the bench suite; the interpreter where generating code is forbidden.
 */
export const DEFAULT_BACKEND: BackendName = codeGenerationAllowed() ? "js" : "interpreter";

/** The backend called `name`; `SQLITE_MISUSE` for a name litejit does not have (yet). */
export function backendNamed(name: string): Backend {
  const b = BACKENDS.get(name as BackendName);
  if (!b) {
    throw new SqliteError(
      "SQLITE_MISUSE",
      `unknown backend "${name}" (available: ${AVAILABLE_BACKENDS.join(", ")})`,
    );
  }
  return b;
}
