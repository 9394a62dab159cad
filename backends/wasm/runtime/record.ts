/**
 * Record decoding natively (fileformat2 §2.1): varints, and one field (its serial type and
 * address from a cursor's field table, runtime/cell.ts) into a register slot
 * (reg_slots.ts). The same rules as core/format/varint.ts and core/format/record.ts, which
 * tests/wasm_runtime_test.ts compares these functions with.
 *
 * A varint that would cross the bound the caller gives makes the function decline, and the
 * JS reader then reports the corruption exactly as core does.
 */
import type { ModuleBuilder } from "../emit/module_builder.ts";
import { Load, Plain, Store } from "../emit/instructions.ts";
import { StorageClass } from "../../../core/value/types.ts";
import { Slot } from "./reg_slots.ts";

/** Function indices of the record functions in a module. */
export interface RecordFunctions {
  /**
   * `varint(p, end) -> i64`: the varint at `p`; sets the global {@link varintEnd} to the
   * offset after it, or to 0 when it would cross `end`. It may read up to nine bytes from
   * `p` before it checks them against `end`.
   */
  varint: number;
  /** Global index: where the last varint ended (0: it did not fit). */
  varintEnd: number;
  /**
   * `value(type, address, out, real) -> class`: the value of a field the table describes,
   * into a slot; an integer as REAL when `real` is 1 (a column of REAL affinity).
   */
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
  // The bytes are read first and checked against `end` after: a varint ends within nine
  // bytes, and a page in the memory is followed by nine more at least (core/page_storage.ts
  // keeps a spare page at its end).
  f.block("empty", (ninth) => {
    f.loop("empty", (more) => {
      f.localGet(i).i32Const(8).op(Plain["i32.eq"]).brIf(ninth);
      f.localGet(p).localGet(i).op(Plain["i32.add"]).load(Load["i32.load8_u"], 0).localSet(b);
      f.localGet(v).i64Const(7n).op(Plain["i64.shl"]);
      f.localGet(b).i32Const(0x7f).op(Plain["i32.and"]).op(Plain["i64.extend_i32_u"]).op(
        Plain["i64.or"],
      ).localSet(v);
      f.localGet(i).i32Const(1).op(Plain["i32.add"]).localSet(i);
      f.localGet(b).i32Const(0x80).op(Plain["i32.ge_u"]).brIf(more);
      f.localGet(p).localGet(i).op(Plain["i32.add"]).localTee(i).localGet(end).op(
        Plain["i32.gt_u"],
      ).ifElse("empty", fail);
      f.localGet(i).globalSet(varintEnd);
      f.localGet(v).op(Plain["return"]);
    });
  });
  // The ninth byte gives all 8 bits.
  f.localGet(p).i32Const(9).op(Plain["i32.add"]).localGet(end).op(Plain["i32.gt_u"]);
  f.ifElse("empty", fail);
  f.localGet(p).i32Const(9).op(Plain["i32.add"]).globalSet(varintEnd);
  f.localGet(v).i64Const(8n).op(Plain["i64.shl"]);
  f.localGet(p).load(Load["i64.load8_u"], 8).op(Plain["i64.or"]);
  return f.index;
}

/** Decodes a field of serial type `t` (valid, not 10 or 11) at address `a` into slot `out`. */
function addValue(m: ModuleBuilder): number {
  const f = m.addFunction(["i32", "i32", "i32", "i32"], ["i32"], "value");
  const [t, a, out, real] = [0, 1, 2, 3];
  const len = f.addLocal("i32", "len");
  const v = f.addLocal("i64", "v"), c = f.addLocal("i32", "c");
  // Each case leaves the value in v and the class in c, for the one store of both after.
  f.block("empty", (done) => {
    const written = (cls: StorageClass) => f.i32Const(cls).localSet(c).br(done);
    // 1–7 (nearly every number): big-endian, 1–4 bytes, 5 is 6 bytes, 6 and 7 are 8. One
    // load of eight bytes (a page in the memory is followed by nine more at least), its bytes
    // reversed, then shifted right past the bytes that are not the field's, keeping the sign
    // (for a REAL's 8 bytes there are none).
    f.localGet(t).i32Const(1).op(Plain["i32.sub"]).i32Const(7).op(Plain["i32.lt_u"]).ifElse(
      "empty",
      () => {
        f.localGet(t).i32Const(6).i32Const(8).localGet(t).i32Const(5).op(Plain["i32.eq"]);
        f.op(Plain["select"]).localGet(t).i32Const(5).op(Plain["i32.lt_u"]).op(Plain["select"]);
        f.localSet(len);
        f.localGet(a).load(Load["i64.load"], 0).localSet(v);
        for (const [mask, bits] of [[0x00ff00ff00ff00ffn, 8n], [0x0000ffff0000ffffn, 16n]]) {
          f.localGet(v).i64Const(mask).op(Plain["i64.and"]).i64Const(bits).op(Plain["i64.shl"]);
          f.localGet(v).i64Const(bits).op(Plain["i64.shr_u"]).i64Const(mask).op(Plain["i64.and"]);
          f.op(Plain["i64.or"]).localSet(v);
        }
        f.localGet(v).i64Const(32n).op(Plain["i64.rotl"]);
        f.i32Const(8).localGet(len).op(Plain["i32.sub"]).i32Const(3).op(Plain["i32.shl"]);
        f.op(Plain["i64.extend_i32_u"]).op(Plain["i64.shr_s"]).localSet(v);
        f.i32Const(StorageClass.Real).i32Const(StorageClass.Integer);
        f.localGet(t).i32Const(7).op(Plain["i32.eq"]).op(Plain["select"]).localSet(c);
        // A NaN (no SQLite writes one) reads as NULL, as SQLite's sqlite3VdbeSerialGet has it.
        f.localGet(t).i32Const(7).op(Plain["i32.eq"]);
        for (let i = 0; i < 2; i++) f.localGet(v).op(Plain["f64.reinterpret_i64"]);
        f.op(Plain["f64.ne"]).op(Plain["i32.and"]).ifElse(
          "empty",
          () => f.i32Const(StorageClass.Null).localSet(c),
        );
        f.br(done);
      },
    );
    f.localGet(t).i32Const(12).op(Plain["i32.ge_u"]).ifElse("empty", () => {
      // TEXT (odd) or BLOB (even): a reference to the bytes.
      f.localGet(a).op(Plain["i64.extend_i32_u"]);
      f.localGet(t).i32Const(12).op(Plain["i32.sub"]).i32Const(1).op(Plain["i32.shr_u"]);
      f.op(Plain["i64.extend_i32_u"]).i64Const(32n).op(Plain["i64.shl"]).op(Plain["i64.or"]);
      f.localSet(v);
      f.i32Const(StorageClass.Text).i32Const(StorageClass.Blob);
      f.localGet(t).i32Const(1).op(Plain["i32.and"]).op(Plain["select"]).localSet(c).br(done);
    });
    f.localGet(t).op(Plain["i32.eqz"]).ifElse("empty", () => written(StorageClass.Null));
    // 8 and 9: the integers 0 and 1, stored in the type alone.
    f.localGet(t).i32Const(8).op(Plain["i32.sub"]).op(Plain["i64.extend_i32_u"]).localSet(v);
    written(StorageClass.Integer);
  });
  // A REAL column's integer reads back as REAL.
  f.localGet(real).localGet(c).i32Const(StorageClass.Integer).op(Plain["i32.eq"]).op(
    Plain["i32.and"],
  ).ifElse("empty", () => {
    f.localGet(v).op(Plain["f64.convert_i64_s"]).op(Plain["i64.reinterpret_f64"]).localSet(v);
    f.i32Const(StorageClass.Real).localSet(c);
  });
  f.localGet(out).localGet(v).store(Store["i64.store"], Slot.VALUE);
  f.localGet(out).localGet(c).store(Store["i32.store"], Slot.CLASS);
  f.localGet(c);
  return f.index;
}
