/**
 * The text `explain()` shows for a Wasm program's module. Printing WAT takes a disassembler
 * (emit/print.ts) that nothing else needs, so the browser bundles leave it out: it is
 * installed by the `./wasm-text` entry point (wasm_text.ts), which mod.ts, the CLI and the
 * web example import. Without it the module is shown by its size and how to print it.
 */

/** Prints a module's bytes as WAT. */
export type ModulePrinter = (bytes: Uint8Array) => string;

let printer: ModulePrinter | null = null;

/** Makes `explain()` print every Wasm module with `print`. */
export function installModulePrinter(print: ModulePrinter): void {
  printer = print;
}

/** The module as text: WAT when a printer is installed, else one comment line. */
export function moduleText(bytes: Uint8Array): string {
  if (printer) return printer(bytes);
  return `;; a ${bytes.length}-byte module: import litejit's wasm-text entry point to print it`;
}
