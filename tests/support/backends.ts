/**
 * The backends every engine-level test suite runs against: one list, so a new backend is
 * tested everywhere by appearing in backends/all.ts.
 *
 * Importing this module also has wabt validate every WebAssembly module the Wasm backend
 * compiles while the importing suite runs: an invalid module fails the test that made it.
 */
import { AVAILABLE_BACKENDS } from "../../backends/all.ts";
import type { BackendName } from "../../core/backend.ts";
import { observeModules } from "../../backends/wasm/host/module_cache.ts";
import { validateWasm } from "./wabt.ts";

/** The backends under test, in registry order. */
export const TEST_BACKENDS: readonly BackendName[] = AVAILABLE_BACKENDS;

/** How many distinct modules wabt validated in this suite so far. */
export const wasmModulesValidated = { count: 0 };

observeModules((bytes) => {
  validateWasm(bytes);
  wasmModulesValidated.count++;
});
