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
import { getOrMake } from "../../../core/util/multimap.ts";
import { serialTypeSize } from "../../../core/format/record.ts";

/** The import namespace statement modules find the runtime under. */
export const RUNTIME_NAMESPACE = "lj";

/**
 * The runtime's functions by export name, with their number of parameters: all of them
 * take i32 parameters (slot and memory addresses, small integers) and return an i32.
 */
export const RUNTIME_FUNCTIONS: Readonly<Record<string, number>> = {
  compare: 3,
  arith: 4,
  truth: 2,
  value: 4,
  cell: 2,
  text_order: 3,
};

let compiled: WebAssembly.Module | null = null;

/** The runtime module's bytes, as built ahead of time (prebuilt.ts holds one character each). */
export function prebuiltRuntime(): Uint8Array<ArrayBuffer> {
  // Every character is below U+0100, so the string iterates one character per byte.
  return Uint8Array.from(RUNTIME_MODULE_TEXT, (c) => c.charCodeAt(0) ^ RuntimeText.Key);
}

/**
 * Tables at fixed addresses at the start of the memory, below the frames
 * (host/frame_pool.ts), written once per memory.
 */
export const enum StaticArea {
  /**
   * 256 i32s: the value size of each serial type of one header byte, and for the reserved
   * 10 and 11 and the first byte of a wider varint (128 and up) {@link SIZE_OF_BAD}, more than
   * a record on a page holds, so that a header parse adding the sizes up finds it past the
   * record's end (runtime/cell.ts readHeader).
   */
  SerialSizes = 16,
  /** The first byte after the tables. */
  End = 16 + 256 * 4,
}

/** The size {@link StaticArea.SerialSizes} gives a type no one-byte parse reads. */
export const SIZE_OF_BAD = 0x10000;

const INSTANCES = new WeakMap<WebAssembly.Memory, WebAssembly.Exports>();

/** The runtime instantiated over `memory` (once per memory), its static tables written. */
export function runtimeFor(
  memory: WebAssembly.Memory,
  compile: (bytes: Uint8Array<ArrayBuffer>) => WebAssembly.Module,
): WebAssembly.Exports {
  return getOrMake(INSTANCES, memory, () => {
    compiled ??= compile(prebuiltRuntime());
    writeStaticArea(memory);
    return new WebAssembly.Instance(compiled, { host: { memory } }).exports;
  });
}

/** Writes the tables of {@link StaticArea} into `memory`. */
export function writeStaticArea(memory: WebAssembly.Memory): void {
  const sizes = new Int32Array(memory.buffer, StaticArea.SerialSizes, 256);
  for (let t = 0; t < 256; t++) {
    sizes[t] = t === 10 || t === 11 || t >= 128 ? SIZE_OF_BAD : serialTypeSize(t);
  }
}
