/**
 * Registers every backend litejit has. The full entry points (mod.ts, browser.ts), the CLI,
 * tests and benches import this; the test suites loop over {@link AVAILABLE_BACKENDS} so
 * every backend runs the same tests.
 */
import type { BackendName } from "../core/backend.ts";
import { INTERPRETER } from "./interpreter/mod.ts";
import { JS_CODEGEN } from "./js/mod.ts";
import { registerBackend } from "../core/backend_registry.ts";
import { WASM } from "./wasm/mod.ts";
import { TIERED } from "./tiered/mod.ts";
import "./executors.ts";

registerBackend(TIERED);

/**
 * Names of the backends that exist, in the order tests and benches run them (marked pure,
 * so that bundles that do not list them, as browser.ts's, leave the list out).
 */
export const AVAILABLE_BACKENDS: readonly BackendName[] = /* @__PURE__ */ [
  INTERPRETER,
  JS_CODEGEN,
  WASM,
  TIERED,
].map((b) => b.name);

/** The backend a `Database` uses when none is asked for, in this runtime. */
export { defaultBackend } from "../core/backend_registry.ts";
