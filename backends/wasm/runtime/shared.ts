/**
 * The runtime module: every native routine (runtime/*.ts) in one module, built and
 * compiled once per process and instantiated once per memory. Statement modules import its
 * functions and globals, so each of them holds only its own `run` and compiles in a
 * fraction of the time (V8 calls an imported Wasm function of another instance directly,
 * without leaving Wasm).
 */
import { ModuleBuilder } from "../emit/module_builder.ts";
import { addArithFunction, type ArithOp } from "./arith.ts";
import { addBytesEqual, addCell } from "./cell.ts";
import { addCompareFunction, addTruthFunction } from "./compare.ts";
import { addRecordFunctions } from "./record.ts";

/** The import namespace statement modules find the runtime under. */
export const RUNTIME_NAMESPACE = "lj";

const ARITH_OPS: readonly ArithOp[] = ["add", "subtract", "multiply", "divide", "remainder"];

/**
 * The runtime's functions by export name, with their number of parameters: all of them
 * take i32 parameters (slot and memory addresses, small integers) and return an i32.
 */
export const RUNTIME_FUNCTIONS: Readonly<Record<string, number>> = {
  compare: 2,
  truth: 2,
  column: 4,
  cell: 1,
  bytes_equal: 3,
  ...Object.fromEntries(ARITH_OPS.map((op) => [`arith_${op}`, 3])),
};

let compiled: WebAssembly.Module | null = null;

/** The runtime module's bytes (for tests and explain). */
export function runtimeBytes(): Uint8Array<ArrayBuffer> {
  const m = new ModuleBuilder("litejit_runtime");
  m.importMemory("host", "memory", { min: 1 });
  const record = addRecordFunctions(m);
  const recSize = m.addGlobal("i32", true, 0, "rec_size");
  const rowid = m.addGlobal("i64", true, 0n, "rowid");
  const exported: Record<string, number> = {
    compare: addCompareFunction(m),
    truth: addTruthFunction(m),
    column: record.column,
    cell: addCell(m, record.varint, record.varintEnd, recSize, rowid),
    bytes_equal: addBytesEqual(m),
  };
  for (const op of ARITH_OPS) exported[`arith_${op}`] = addArithFunction(m, op);
  for (const [name, index] of Object.entries(exported)) m.exportFunction(name, index);
  m.exportGlobal("rec_size", recSize);
  m.exportGlobal("rowid", rowid);
  return m.toBytes() as Uint8Array<ArrayBuffer>;
}

const INSTANCES = new WeakMap<WebAssembly.Memory, WebAssembly.Exports>();

/** The runtime instantiated over `memory` (once per memory). */
export function runtimeFor(
  memory: WebAssembly.Memory,
  compile: (bytes: Uint8Array<ArrayBuffer>) => WebAssembly.Module,
): WebAssembly.Exports {
  let e = INSTANCES.get(memory);
  if (e === undefined) {
    compiled ??= compile(runtimeBytes());
    e = new WebAssembly.Instance(compiled, { host: { memory } }).exports;
    INSTANCES.set(memory, e);
  }
  return e;
}
