/**
 * The backends litejit has, by name. `Database` picks one with its `backend` option; the
 * test suites loop over {@link AVAILABLE_BACKENDS} so every backend runs the same tests.
 */
import { SqliteError } from "../core/errors.ts";
import type { Backend, BackendName } from "./backend.ts";
import { INTERPRETER } from "./interpreter/mod.ts";
import { JS_CODEGEN } from "./js-codegen/mod.ts";

const BACKENDS: ReadonlyMap<BackendName, Backend> = new Map([
  [INTERPRETER.name, INTERPRETER],
  [JS_CODEGEN.name, JS_CODEGEN],
]);

/** Names of the backends that exist, in the order tests and benches run them. */
export const AVAILABLE_BACKENDS: readonly BackendName[] = [...BACKENDS.keys()];

/** The default backend. */
export const DEFAULT_BACKEND: BackendName = "interpreter";

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
