/**
 * Builds the runtime module (runtime/shared.ts) from its routines. Run ahead of time: its
 * bytes are written into runtime/prebuilt.ts (`deno task gen:wasm-runtime`), and
 * tests/wasm_runtime_test.ts checks that they are what this builds.
 */
import { ModuleBuilder } from "../emit/module_builder.ts";
import { addArithFunction } from "./arith.ts";
import { addCell, addTextOrder } from "./cell.ts";
import { addCompareFunction, addTruthFunction } from "./compare.ts";
import { addRecordFunctions } from "./record.ts";

/** The runtime module's bytes (for tests and explain). */
export function runtimeBytes(): Uint8Array<ArrayBuffer> {
  const m = new ModuleBuilder("litejit_runtime");
  m.importMemory("host", "memory", { min: 1 });
  const record = addRecordFunctions(m);
  const exported: Record<string, number> = {
    compare: addCompareFunction(m),
    arith: addArithFunction(m),
    truth: addTruthFunction(m),
    value: record.value,
    cell: addCell(m, record.varint, record.varintEnd),
    text_order: addTextOrder(m),
  };
  for (const [name, index] of Object.entries(exported)) m.exportFunction(name, index);
  // Shipped prebuilt, and printed by nothing: without names.
  return m.toBytes({ names: false }) as Uint8Array<ArrayBuffer>;
}
