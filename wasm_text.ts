/**
 * The WebAssembly text printer for `explain()`: importing this module makes the `wasm`
 * backend's `explain()` print each statement's module as WAT. The full entry point (`.`)
 * and the CLI import it; `./browser` and `./lite` do not, to keep bundles small (without
 * it, `explain()` shows the module's size and the JS segments).
 *
 * @example
 * ```ts
 * import { Database } from "./browser.ts";
 * import "./wasm_text.ts";
 * const db = new Database(Deno.readFileSync("examples/sample.db"), { backend: "wasm" });
 * console.log(db.prepare("SELECT name FROM cities WHERE id > 2").explain()); // (module ...
 * db.close();
 * ```
 *
 * @module
 */
import { installModulePrinter } from "./backends/wasm/host/module_text.ts";
import { printModule } from "./backends/wasm/emit/print.ts";
import { namePrefix } from "./backends/wasm/emit/names.ts";
import { runtimeEntries } from "./backends/wasm/runtime/shared.ts";
import { RUNTIME_NAMES } from "./backends/wasm/runtime/prebuilt.ts";

installModulePrinter(printModule);
// Statement modules start with the runtime's functions: printed by their names.
namePrefix(runtimeEntries(), RUNTIME_NAMES);

/**
 * Prints WebAssembly module bytes as WAT text, as `explain()` shows them. Reads the
 * instructions litejit emits; throws on anything else.
 *
 * @example
 * ```ts
 * import { printWasmModule } from "./wasm_text.ts";
 * const empty = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
 * console.log(printWasmModule(empty)); // "(module\n)"
 * ```
 */
export function printWasmModule(bytes: Uint8Array): string {
  return printModule(bytes);
}
