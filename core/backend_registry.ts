/**
 * The backends this program has, by name. A backend's entry point (`interpreter.ts`,
 * `js.ts`, `wasm.ts`) registers it, so a bundle carries only the backends it imports;
 * `Database` picks one with its `backend` option, or the default: the first of
 * {@link DEFAULT_ORDER} that is registered and allowed to run here.
 */
import { sqlError, SqliteError } from "./errors.ts";
import type { Backend, BackendHandle, BackendName } from "./backend.ts";

const BACKENDS = new Map<BackendName, Backend>();

/**
 * The default's order of preference: tiered (the interpreter for a first run, generated JS
 * once a statement runs again or scans much), fastest end to end; then JS code, then Wasm,
 * then the interpreter, which generates no code and so runs everywhere.
 */
export const DEFAULT_ORDER: readonly BackendName[] = ["tiered", "js", "wasm", "interpreter"];

/** Makes `backend` available by its name (registering it again is harmless). */
export function registerBackend(backend: Backend): void {
  BACKENDS.set(backend.name, backend);
}

/** Names of the registered backends, in {@link DEFAULT_ORDER}'s reverse: interpreter first. */
export function registeredBackends(): BackendName[] {
  return [...DEFAULT_ORDER].reverse().filter((n) => BACKENDS.has(n));
}

/**
 * The backend called `name`: `SQLITE_MISUSE` for a name not registered, `SQLITE_ERROR`
 * naming the policy when this runtime forbids what it needs (generating code).
 */
export function backendNamed(name: string): Backend {
  const b = BACKENDS.get(name as BackendName);
  if (!b) {
    const known = registeredBackends();
    throw new SqliteError(
      "SQLITE_MISUSE",
      `unknown backend "${name}" (available: ${known.join(", ") || "none registered"})`,
    );
  }
  return usableHere(b);
}

/** `backend`, or `SQLITE_ERROR` naming the policy when this runtime forbids what it needs. */
export function usableHere(backend: Backend): Backend {
  const why = backend.unavailableReason?.();
  if (why) {
    throw sqlError(`backend "${backend.name}" cannot run here: ${why}`);
  }
  return backend;
}

/**
 * The backend used when none is asked for: the first of {@link DEFAULT_ORDER} registered
 * and allowed to run here.
 */
export function defaultBackend(): Backend {
  for (const name of DEFAULT_ORDER) {
    const b = BACKENDS.get(name);
    if (b && !b.unavailableReason?.()) return b;
  }
  throw new SqliteError(
    "SQLITE_MISUSE",
    !BACKENDS.size
      ? "no backend registered: import litejit's interpreter, js or wasm entry point"
      : "no registered backend can run here (code generation is forbidden): register the interpreter",
  );
}

/** Whether `b` is a backend object (has `compile`). */
function isBackend(b: unknown): b is Backend {
  return typeof b === "object" && !!b && typeof (b as Backend).compile === "function";
}

/** The backend a `backend` option names (a name, a backend object, or none: the default). */
export function chooseBackend(backend: BackendName | BackendHandle | undefined): Backend {
  if (backend === undefined) return defaultBackend();
  if (typeof backend === "string") return backendNamed(backend);
  if (isBackend(backend)) return usableHere(backend);
  throw new SqliteError("SQLITE_MISUSE", `unknown backend "${String(backend)}"`);
}
