/**
 * The opcode numbering the compiler, the VM and the JS templates map operators through by
 * subtraction (backends/bytecode/opcode_spec.ts): Add … Concat in ARITH_OPERATORS'
 * order, Eq … Ge in CompareOp's, SeekGE … SeekLT in SeekOp's.
 */
import assert from "node:assert/strict";
import { ARITH_OPERATORS, Op, OPCODES } from "../backends/bytecode/opcodes.ts";
import { CompareOp } from "../core/value/logic.ts";
import { SeekOp } from "../core/format/cursor.ts";
import * as arith from "../core/value/arith.ts";

Deno.test("opcodes: Add … Concat follow ARITH_OPERATORS", () => {
  assert.equal(Op.Concat - Op.Add + 1, ARITH_OPERATORS.length);
  ARITH_OPERATORS.forEach((name, i) => {
    assert.equal(OPCODES[(Op.Add + i) as Op].name.toLowerCase(), name.toLowerCase());
    assert.equal(typeof arith[name], "function", name);
  });
});

/** Each opcode `first + value` is named `name`, for each `[value, name]`. */
function assertNamedFrom(first: Op, names: [number, string][]): void {
  for (const [value, name] of names) assert.equal(OPCODES[(first + value) as Op].name, name);
}

Deno.test("opcodes: Eq … Ge follow CompareOp", () => {
  assertNamedFrom(Op.Eq, [
    [CompareOp.Eq, "Eq"],
    [CompareOp.Ne, "Ne"],
    [CompareOp.Lt, "Lt"],
    [CompareOp.Le, "Le"],
    [CompareOp.Gt, "Gt"],
    [CompareOp.Ge, "Ge"],
  ]);
  assert.equal(Op.Ge - Op.Eq, CompareOp.Ge);
});

Deno.test("opcodes: SeekGE … SeekLT follow SeekOp", () => {
  assertNamedFrom(Op.SeekGE, [
    [SeekOp.GE, "SeekGE"],
    [SeekOp.GT, "SeekGT"],
    [SeekOp.LE, "SeekLE"],
    [SeekOp.LT, "SeekLT"],
  ]);
});

Deno.test("opcodes: OPCODES holds every Op member's entry at its number", async () => {
  // The table is an array (opcodes.ts's InOrder checks this at compile time too): entry i
  // must be named after Op's i-th member, so a missing, extra or swapped entry fails.
  const source = await Deno.readTextFile(
    new URL("../backends/bytecode/opcode_spec.ts", import.meta.url),
  );
  const body = source.match(/export const enum Op \{([^}]*)\}/)![1];
  const members = body.split(",").map((m) => m.trim()).filter((m) => m !== "");
  assert.deepEqual(Object.values(OPCODES).map((o) => o.name), members);
  assert.equal(OPCODES[Op.SorterSort].name, "SorterSort");
});
