/**
 * Builds the runtime (runtime/shared.ts) from its routines. Run ahead of time: the entries
 * of its sections are written into runtime/prebuilt.ts (`deno task gen:wasm-runtime`), and
 * tests/wasm_runtime_test.ts checks that they are what this builds.
 */
import { ModuleBuilder, type PrefixedSection, type SectionPrefix } from "../emit/module_builder.ts";
import { ByteReader } from "../emit/leb128.ts";
import { importHost } from "../codegen/host_imports.ts";
import { addArithFunction } from "./arith.ts";
import { addCell, addHeader, addTextOrder } from "./cell.ts";
import { addCompareFunction, addTruthFunction } from "./compare.ts";
import { addRecordFunctions } from "./record.ts";

/**
 * Empty functions the runtime declares beside its routines (see buildRuntime): more than
 * the routines and a statement's `run` together.
 */
const SMALL_FUNCTIONS = 12;

/** The runtime as a module of its own, and the function index of each routine in it. */
export interface BuiltRuntime {
  bytes: Uint8Array<ArrayBuffer>;
  /** Every function's index, by name. */
  functions: Record<string, number>;
  /** Every global's index, by name. */
  globals: Record<string, number>;
}

/**
 * The runtime as a module. It imports what statement modules import, in their order, so
 * that its functions and globals have the indices they have as a statement module's first.
 */
export function buildRuntime(): BuiltRuntime {
  const m = new ModuleBuilder("litejit_runtime");
  importHost(m);
  const record = addRecordFunctions(m);
  const functions: Record<string, number> = {
    varint: record.varint,
    compare: addCompareFunction(m),
    arith: addArithFunction(m),
    truth: addTruthFunction(m),
    value: record.value,
  };
  functions.header = addHeader(m, record.varint, record.varintEnd);
  functions.cell = addCell(m, record.varint, record.varintEnd, functions.header);
  functions.text_order = addTextOrder(m);
  // Empty functions, never called, so that at least half of a statement module's functions
  // are small: V8 sizes a function's inlining budget by that share (few small functions
  // tell it a toolchain has inlined already) and, below a quarter, would not inline `cell`
  // into `run` (a scan went about 10 % faster with it inlined).
  for (let i = 0; i < SMALL_FUNCTIONS; i++) m.addFunction([], [], "small");
  for (const [name, index] of Object.entries(functions)) m.exportFunction(name, index);
  // Shipped prebuilt, and printed by nothing: without names.
  const globals = { varint_end: record.varintEnd };
  return { bytes: m.toBytes({ names: false }) as Uint8Array<ArrayBuffer>, functions, globals };
}

/** The entries of `module`'s type, function, global and code sections. */
export function sectionEntries(module: Uint8Array): Required<Pick<SectionPrefix, PrefixedSection>> {
  const r = new ByteReader(module, 8);
  const out: SectionPrefix = {};
  while (!r.atEnd) {
    const id = r.u8(), size = r.u32(), end = r.pos + size;
    if (id === 1 || id === 3 || id === 6 || id === 10) {
      const count = r.u32();
      out[id] = { count, bytes: module.slice(r.pos, end) };
    }
    r.pos = end;
  }
  const none = { count: 0, bytes: new Uint8Array(0) };
  return { 1: out[1] ?? none, 3: out[3] ?? none, 6: out[6] ?? none, 10: out[10] ?? none };
}
