/**
 * Record decoding natively (fileformat2 §2.1): varints, a record's header into a cursor's
 * field table, and one field into a register slot (reg_slots.ts). The same rules as core/format/varint.ts and
 * core/format/record.ts, which tests/wasm_runtime_test.ts compares these functions with.
 *
 * Every read stays inside the bounds the caller gives (the record's bytes): a varint or a
 * value that would cross them makes the function decline, and the JS reader then reports
 * the corruption exactly as core does.
 */
import type { FunctionBuilder } from "../emit/function_builder.ts";
import type { ModuleBuilder } from "../emit/module_builder.ts";
import { Load, Plain, Store } from "../emit/instructions.ts";
import { StorageClass } from "../../../core/value/types.ts";
import { Slot } from "./reg_slots.ts";
import { CursorField, FIELD_ENTRY } from "../plan/frame_layout.ts";

/** Function indices of the record functions in a module. */
export interface RecordFunctions {
  /**
   * `varint(p, end) -> i64`: the varint at `p`; sets the global {@link varintEnd} to the
   * offset after it, or to 0 when it would cross `end`.
   */
  varint: number;
  /** Global index: where the last varint ended (0: it did not fit). */
  varintEnd: number;
  /** `value(type, address, out) -> class`: the value of a field the table describes, into a slot. */
  value: number;
}

/** Adds the record functions to `m`. */
export function addRecordFunctions(m: ModuleBuilder): RecordFunctions {
  const varintEnd = m.addGlobal("i32", true, 0, "varint_end");
  const varint = addVarint(m, varintEnd);
  return { varint, varintEnd, value: addValue(m) };
}

function addVarint(m: ModuleBuilder, varintEnd: number): number {
  const f = m.addFunction(["i32", "i32"], ["i64"], "varint");
  const [p, end] = [0, 1];
  const i = f.addLocal("i32", "i"), b = f.addLocal("i32", "b"), v = f.addLocal("i64", "v");
  const fail = () => f.i32Const(0).globalSet(varintEnd).i64Const(0n).op(Plain["return"]);
  f.block("empty", (ninth) => {
    f.loop("empty", (more) => {
      f.localGet(i).i32Const(8).op(Plain["i32.eq"]).brIf(ninth);
      f.localGet(p).localGet(i).op(Plain["i32.add"]).localGet(end).op(Plain["i32.ge_u"]);
      f.ifElse("empty", fail);
      f.localGet(p).localGet(i).op(Plain["i32.add"]).load(Load["i32.load8_u"], 0).localSet(b);
      f.localGet(v).i64Const(7n).op(Plain["i64.shl"]);
      f.localGet(b).i32Const(0x7f).op(Plain["i32.and"]).op(Plain["i64.extend_i32_u"]).op(
        Plain["i64.or"],
      ).localSet(v);
      f.localGet(i).i32Const(1).op(Plain["i32.add"]).localSet(i);
      f.localGet(b).i32Const(0x80).op(Plain["i32.ge_u"]).brIf(more);
      f.localGet(p).localGet(i).op(Plain["i32.add"]).globalSet(varintEnd);
      f.localGet(v).op(Plain["return"]);
    });
  });
  // The ninth byte gives all 8 bits.
  f.localGet(p).i32Const(8).op(Plain["i32.add"]).localGet(end).op(Plain["i32.ge_u"]);
  f.ifElse("empty", fail);
  f.localGet(p).i32Const(9).op(Plain["i32.add"]).globalSet(varintEnd);
  f.localGet(v).i64Const(8n).op(Plain["i64.shl"]);
  f.localGet(p).load(Load["i64.load8_u"], 8).op(Plain["i64.or"]);
  return f.index;
}

/** Decodes a field of serial type `t` (valid, not 10 or 11) at address `a` into slot `out`. */
function addValue(m: ModuleBuilder): number {
  const f = m.addFunction(["i32", "i32", "i32"], ["i32"], "value");
  const [t, a, out] = [0, 1, 2];
  const len = f.addLocal("i32", "len"), k = f.addLocal("i32", "k");
  const v = f.addLocal("i64", "v"), shift = f.addLocal("i64", "shift");
  const written = (c: StorageClass) => {
    f.localGet(out).i32Const(c).store(Store["i32.store"], Slot.CLASS);
    f.i32Const(c).op(Plain["return"]);
  };
  pushValueSize(f, t);
  f.localSet(len);
  f.localGet(t).i32Const(12).op(Plain["i32.ge_u"]).ifElse("empty", () => {
    // TEXT (odd) or BLOB (even): a reference to the bytes.
    f.localGet(out).localGet(a).op(Plain["i64.extend_i32_u"]);
    f.localGet(len).op(Plain["i64.extend_i32_u"]).i64Const(32n).op(Plain["i64.shl"]).op(
      Plain["i64.or"],
    );
    f.store(Store["i64.store"], Slot.VALUE);
    f.localGet(t).i32Const(1).op(Plain["i32.and"]).ifElse(
      "empty",
      () => written(StorageClass.Text),
      () => written(StorageClass.Blob),
    );
  });
  f.localGet(t).op(Plain["i32.eqz"]).ifElse("empty", () => written(StorageClass.Null));
  f.localGet(t).i32Const(8).op(Plain["i32.ge_u"]).ifElse("empty", () => {
    // 8 and 9: the integers 0 and 1, stored in the type alone.
    f.localGet(out).localGet(t).i32Const(8).op(Plain["i32.sub"]).op(Plain["i64.extend_i32_u"])
      .store(
        Store["i64.store"],
        Slot.VALUE,
      );
    written(StorageClass.Integer);
  });
  // 1–7: a big-endian value of `len` bytes.
  f.loop("empty", (more) => {
    f.localGet(v).i64Const(8n).op(Plain["i64.shl"]);
    f.localGet(a).localGet(k).op(Plain["i32.add"]).load(Load["i64.load8_u"], 0).op(
      Plain["i64.or"],
    ).localSet(v);
    f.localGet(k).i32Const(1).op(Plain["i32.add"]).localTee(k).localGet(len).op(Plain["i32.lt_u"])
      .brIf(more);
  });
  f.localGet(t).i32Const(7).op(Plain["i32.eq"]).ifElse("empty", () => {
    f.localGet(out).localGet(v).store(Store["i64.store"], Slot.VALUE);
    written(StorageClass.Real);
  });
  // Sign-extend from len × 8 bits.
  f.localGet(out);
  f.localGet(v).i64Const(64n).localGet(len).i32Const(3).op(Plain["i32.shl"]).op(
    Plain["i64.extend_i32_u"],
  );
  f.op(Plain["i64.sub"]).localTee(shift).op(Plain["i64.shl"]).localGet(shift).op(
    Plain["i64.shr_s"],
  );
  f.store(Store["i64.store"], Slot.VALUE);
  written(StorageClass.Integer);
  f.op(Plain["unreachable"]);
  return f.index;
}
/**
 * Pushes the value size of serial type `t` (an i32 local; not 10 or 11, whose size is
 * meaningless): (t - 12) / 2 for TEXT and BLOB, else a table of nibbles (0→0 1→1 2→2 3→3
 * 4→4 5→6 6→8 7→8 8→0 9→0); without a branch, as a column's types vary row by row.
 */
export function pushValueSize(f: FunctionBuilder, t: number): void {
  f.localGet(t).i32Const(12).op(Plain["i32.sub"]).i32Const(1).op(Plain["i32.shr_u"]);
  f.i64Const(0x0088643210n).localGet(t).i32Const(2).op(Plain["i32.shl"]).op(
    Plain["i64.extend_i32_u"],
  );
  f.op(Plain["i64.shr_u"]).op(Plain["i32.wrap_i64"]).i32Const(15).op(Plain["i32.and"]);
  f.localGet(t).i32Const(12).op(Plain["i32.ge_u"]).op(Plain["select"]);
}
