/**
 * The runtime module: every native routine (runtime/*.ts) in one module, compiled once per
 * process and instantiated once per memory. Its bytes are built ahead of time
 * (runtime/build.ts, written into runtime/prebuilt.ts by `deno task gen:wasm-runtime`;
 * tests/wasm_runtime_test.ts checks they are up to date), so neither startup nor a bundle
 * carries the builders. Statement modules import its
 * functions and globals, so each of them holds only its own `run` and compiles in a
 * fraction of the time (V8 calls an imported Wasm function of another instance directly,
 * without leaving Wasm).
 */
import { RUNTIME_MODULE_TEXT, RuntimeText } from "./prebuilt.ts";
import { ARITH_OPS } from "./arith.ts";
import { getOrMake } from "../../../core/util/multimap.ts";

/** The import namespace statement modules find the runtime under. */
export const RUNTIME_NAMESPACE = "lj";

/**
 * The runtime's functions by export name, with their number of parameters: all of them
 * take i32 parameters (slot and memory addresses, small integers) and return an i32.
 */
export const RUNTIME_FUNCTIONS: Readonly<Record<string, number>> = {
  compare: 2,
  truth: 2,
  column: 4,
  cell: 1,
  text_order: 3,
  ...Object.fromEntries(ARITH_OPS.map((op) => [`arith_${op}`, 3])),
};

let compiled: WebAssembly.Module | null = null;

/** The runtime module's bytes, as built ahead of time (prebuilt.ts holds one character each). */
export function prebuiltRuntime(): Uint8Array<ArrayBuffer> {
  // Every character is below U+0100, so the string iterates one character per byte.
  return Uint8Array.from(RUNTIME_MODULE_TEXT, (c) => c.charCodeAt(0) ^ RuntimeText.Key);
}

const INSTANCES = new WeakMap<WebAssembly.Memory, WebAssembly.Exports>();

/** The runtime instantiated over `memory` (once per memory). */
export function runtimeFor(
  memory: WebAssembly.Memory,
  compile: (bytes: Uint8Array<ArrayBuffer>) => WebAssembly.Module,
): WebAssembly.Exports {
  return getOrMake(INSTANCES, memory, () => {
    compiled ??= compile(prebuiltRuntime());
    return new WebAssembly.Instance(compiled, { host: { memory } }).exports;
  });
}
