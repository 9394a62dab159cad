/**
 * Registers the three executors (interpreter, JS code generator, Wasm code generator), the
 * default being generated JS: the browser entry (browser.ts), whose 150 KB budget leaves no
 * room for the tiered backend. backends/all.ts adds that one.
 */
import { INTERPRETER } from "./interpreter/mod.ts";
import { JS_CODEGEN } from "./js/mod.ts";
import { registerBackend } from "../core/backend_registry.ts";
import { WASM } from "./wasm/mod.ts";

registerBackend(INTERPRETER);
registerBackend(JS_CODEGEN);
registerBackend(WASM);
