/**
 * Record decoding natively (fileformat2 §2.1): varints and one field of a record into a
 * register slot (reg_slots.ts). The same rules as core/format/varint.ts and
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

/** What the column function returns. */
export const enum ColumnResult {
  /** Malformed (or a reserved serial type): left to the JS reader. */
  Declined = 0,
  /** The value is in the slot. */
  Written = 1,
  /** The record has fewer fields: the column's default applies (ALTER TABLE ADD COLUMN). */
  Missing = 2,
}

/** Function indices of the record functions in a module. */
export interface RecordFunctions {
  /**
   * `varint(p, end) -> i64`: the varint at `p`; sets the global {@link varintEnd} to the
   * offset after it, or to 0 when it would cross `end`.
   */
  varint: number;
  /** Global index: where the last varint ended (0: it did not fit). */
  varintEnd: number;
  /** `column(rec, size, field, out) -> ColumnResult`. */
  column: number;
}

/** Adds the record functions to `m`. */
export function addRecordFunctions(m: ModuleBuilder): RecordFunctions {
  const varintEnd = m.addGlobal("i32", true, 0, "varint_end");
  const varint = addVarint(m, varintEnd);
  const column = addColumn(m, varint, varintEnd);
  return { varint, varintEnd, column };
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

function addColumn(m: ModuleBuilder, varint: number, varintEnd: number): number {
  const f = m.addFunction(["i32", "i32", "i32", "i32"], ["i32"], "column");
  const [rec, size, field, out] = [0, 1, 2, 3];
  const end = f.addLocal("i32", "end"), hdrEnd = f.addLocal("i32", "hdr_end");
  const p = f.addLocal("i32", "p"), body = f.addLocal("i32", "body");
  const i = f.addLocal("i32", "i"), t = f.addLocal("i64", "t"), len = f.addLocal("i32", "len");
  const v = f.addLocal("i64", "v"), k = f.addLocal("i32", "k");
  const decline = () => f.i32Const(ColumnResult.Declined).op(Plain["return"]);
  const declineIfNoVarint = () =>
    f.globalGet(varintEnd).op(Plain["i32.eqz"]).ifElse("empty", decline);
  const setClass = (c: StorageClass) =>
    f.localGet(out).i32Const(c).store(Store["i32.store"], Slot.CLASS);
  f.localGet(rec).localGet(size).op(Plain["i32.add"]).localSet(end);
  // Header size: at least its own varint, at most the record.
  f.localGet(rec).localGet(end).call(varint).localSet(t);
  declineIfNoVarint();
  f.localGet(t).localGet(size).op(Plain["i64.extend_i32_u"]).op(Plain["i64.gt_u"]).ifElse(
    "empty",
    decline,
  );
  f.localGet(rec).localGet(t).op(Plain["i32.wrap_i64"]).op(Plain["i32.add"]).localTee(hdrEnd)
    .localSet(body);
  f.globalGet(varintEnd).localTee(p).localGet(hdrEnd).op(Plain["i32.gt_u"]).ifElse(
    "empty",
    decline,
  );
  // Walk the serial types up to the field, summing the sizes of the values before it.
  f.loop("empty", (next) => {
    f.localGet(p).localGet(hdrEnd).op(Plain["i32.ge_u"]).ifElse("empty", () => {
      f.i32Const(ColumnResult.Missing).op(Plain["return"]);
    });
    // A serial type below 128 is one byte: nearly every one.
    f.localGet(p).load(Load["i32.load8_u"], 0).localTee(k).i32Const(0x80).op(Plain["i32.lt_u"]);
    f.ifElse("empty", () => {
      f.localGet(k).op(Plain["i64.extend_i32_u"]).localSet(t);
      f.localGet(p).i32Const(1).op(Plain["i32.add"]).localSet(p);
    }, () => {
      f.localGet(p).localGet(hdrEnd).call(varint).localSet(t);
      declineIfNoVarint();
      f.globalGet(varintEnd).localSet(p);
    });
    // Types 10 and 11 are reserved; beyond 32 bits no value fits a page's record.
    f.localGet(t).i64Const(10n).op(Plain["i64.eq"]).localGet(t).i64Const(11n).op(Plain["i64.eq"])
      .op(Plain["i32.or"]);
    f.localGet(t).i64Const(0xffffffffn).op(Plain["i64.gt_u"]).op(Plain["i32.or"]).ifElse(
      "empty",
      decline,
    );
    serialSize(f, t, len);
    // Each value inside the record (the offsets then never wrap around).
    f.localGet(body).localGet(len).op(Plain["i32.add"]).localGet(end).op(Plain["i32.gt_u"]);
    f.ifElse("empty", decline);
    f.localGet(i).localGet(field).op(Plain["i32.ne"]).ifElse("empty", () => {
      f.localGet(body).localGet(len).op(Plain["i32.add"]).localSet(body);
      f.localGet(i).i32Const(1).op(Plain["i32.add"]).localSet(i);
      f.br(next);
    });
  });
  f.localGet(t).i64Const(12n).op(Plain["i64.ge_u"]).ifElse("empty", () => {
    // TEXT (odd) or BLOB (even): a reference to the bytes.
    f.localGet(out).localGet(body).op(Plain["i64.extend_i32_u"]);
    f.localGet(len).op(Plain["i64.extend_i32_u"]).i64Const(32n).op(Plain["i64.shl"]).op(
      Plain["i64.or"],
    );
    f.store(Store["i64.store"], Slot.VALUE);
    f.localGet(out).localGet(t).op(Plain["i32.wrap_i64"]).i32Const(1).op(Plain["i32.and"]);
    f.ifElse("i32", () => f.i32Const(StorageClass.Text), () => f.i32Const(StorageClass.Blob));
    f.store(Store["i32.store"], Slot.CLASS);
    f.i32Const(ColumnResult.Written).op(Plain["return"]);
  });
  f.localGet(t).op(Plain["i64.eqz"]).ifElse("empty", () => {
    setClass(StorageClass.Null);
    f.i32Const(ColumnResult.Written).op(Plain["return"]);
  });
  f.localGet(t).i64Const(8n).op(Plain["i64.ge_u"]).ifElse("empty", () => {
    // 8 and 9: the integers 0 and 1, stored in the type alone.
    f.localGet(out).localGet(t).i64Const(8n).op(Plain["i64.sub"]).store(
      Store["i64.store"],
      Slot.VALUE,
    );
    setClass(StorageClass.Integer);
    f.i32Const(ColumnResult.Written).op(Plain["return"]);
  });
  // 1–7: a big-endian value of `len` bytes.
  f.i32Const(0).localSet(k);
  f.loop("empty", (more) => {
    f.localGet(v).i64Const(8n).op(Plain["i64.shl"]);
    f.localGet(body).localGet(k).op(Plain["i32.add"]).load(Load["i64.load8_u"], 0).op(
      Plain["i64.or"],
    ).localSet(v);
    f.localGet(k).i32Const(1).op(Plain["i32.add"]).localTee(k).localGet(len).op(Plain["i32.lt_u"])
      .brIf(more);
  });
  f.localGet(t).i64Const(7n).op(Plain["i64.eq"]).ifElse("empty", () => {
    f.localGet(out).localGet(v).store(Store["i64.store"], Slot.VALUE);
    setClass(StorageClass.Real);
    f.i32Const(ColumnResult.Written).op(Plain["return"]);
  });
  // Sign-extend from len × 8 bits.
  f.localGet(out);
  f.localGet(v).i64Const(64n).localGet(len).i32Const(3).op(Plain["i32.shl"]).op(
    Plain["i64.extend_i32_u"],
  );
  f.op(Plain["i64.sub"]).localTee(t).op(Plain["i64.shl"]).localGet(t).op(Plain["i64.shr_s"]);
  f.store(Store["i64.store"], Slot.VALUE);
  setClass(StorageClass.Integer);
  f.i32Const(ColumnResult.Written);
  return f.index;
}

/** Sets `len` to the byte size of serial type `t` (a valid one: not 10 or 11). */
function serialSize(f: FunctionBuilder, t: number, len: number): void {
  f.localGet(t).i64Const(12n).op(Plain["i64.ge_u"]).ifElse("i32", () => {
    f.localGet(t).i64Const(12n).op(Plain["i64.sub"]).i64Const(1n).op(Plain["i64.shr_u"]).op(
      Plain["i32.wrap_i64"],
    );
  }, () => {
    // 0→0 1→1 2→2 3→3 4→4 5→6 6→8 7→8 8→0 9→0, as a table of nibbles in one i64.
    f.i64Const(0x0088643210n).localGet(t).i64Const(2n).op(Plain["i64.shl"]).op(Plain["i64.shr_u"]);
    f.i64Const(15n).op(Plain["i64.and"]).op(Plain["i32.wrap_i64"]);
  });
  f.localSet(len);
}
