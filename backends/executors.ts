/**
 * Registers the three executors (interpreter, JS code generator, Wasm code generator), the
 * default being generated JS: the browser entry (browser.ts), whose 150 KB budget leaves no
 * room for the tiered backend. backends/all.ts adds that one.
 */
// The imports' order is the bundle's module order; this one (the Wasm backend's modules
// before the JS backend's module) gzips the browser bundle about 150 B smaller than the
// registration order. Nothing here depends on which module is evaluated first.
import { INTERPRETER } from "./interpreter/mod.ts";
import { WASM } from "./wasm/mod.ts";
import { JS_CODEGEN } from "./js/mod.ts";
import { registerBackend } from "../core/backend_registry.ts";

registerBackend(INTERPRETER);
registerBackend(JS_CODEGEN);
registerBackend(WASM);
