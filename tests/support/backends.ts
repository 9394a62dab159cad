/**
 * The backends every engine-level test suite runs against: one list, so a new backend is
 * tested everywhere by appearing in backends/registry.ts.
 */
import { AVAILABLE_BACKENDS } from "../../backends/registry.ts";
import type { BackendName } from "../../backends/backend.ts";

/** The backends under test, in registry order. */
export const TEST_BACKENDS: readonly BackendName[] = AVAILABLE_BACKENDS;
