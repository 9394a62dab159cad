/**
 * Builds the runtime module (runtime/shared.ts) from its routines. Run ahead of time: its
 * bytes are written into runtime/prebuilt.ts (`deno task gen:wasm-runtime`), and
 * tests/wasm_runtime_test.ts checks that they are what this builds.
 */
import { ModuleBuilder } from "../emit/module_builder.ts";
import { addArithFunction, ARITH_OPS } from "./arith.ts";
import { addCell, addTextOrder } from "./cell.ts";
import { addCompareFunction, addTruthFunction } from "./compare.ts";
import { addRecordFunctions } from "./record.ts";

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
    text_order: addTextOrder(m),
  };
  for (const op of ARITH_OPS) exported[`arith_${op}`] = addArithFunction(m, op);
  for (const [name, index] of Object.entries(exported)) m.exportFunction(name, index);
  m.exportGlobal("rec_size", recSize);
  m.exportGlobal("rowid", rowid);
  // Shipped prebuilt, and printed by nothing: without names.
  return m.toBytes({ names: false }) as Uint8Array<ArrayBuffer>;
}
