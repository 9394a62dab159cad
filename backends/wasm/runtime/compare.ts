/**
 * Comparison of two register slots (reg_slots.ts) holding numbers, natively: INTEGER with
 * INTEGER as 64-bit integers, REAL with REAL as doubles, and INTEGER with REAL exactly (as
 * SQLite's sqlite3IntFloatCompare, without rounding the integer to a double first). Same
 * answers as core/value/logic.ts `compare` for numeric operands under every affinity and
 * collation (neither changes how two numbers compare); tests/wasm_runtime_test.ts checks.
 */
import type { ModuleBuilder } from "../emit/module_builder.ts";
import { Load, Plain } from "../emit/instructions.ts";
import { StorageClass } from "../../../core/value/types.ts";
import { Slot } from "./reg_slots.ts";

/** What the compare function returns besides -1, 0 and 1. */
export const enum CompareResult {
  /** Not two numbers (TEXT, BLOB or a NaN): left to the JS implementation. */
  Declined = 2,
  /** An operand is NULL: the comparison is NULL. */
  Null = 3,
}

/** What `compare` makes of a NULL operand. */
export const enum NullOrder {
  /** The comparison is NULL (CompareResult.Null). */
  Null = 0,
  /** A NULL sorts before any value, two NULLs tie (a sort key's NULLS FIRST). */
  First = 1,
  /** A NULL sorts after any value. */
  Last = 2,
}

/**
 * Adds `compare(a, b, nulls: NullOrder) -> -1 | 0 | 1 | CompareResult` to `m`; returns its
 * index. With NULLs ordered it is a sorter's order of one key (core/exec/sorter.ts
 * rowComparator) before its direction is applied.
 */
export function addCompareFunction(m: ModuleBuilder): number {
  const f = m.addFunction(["i32", "i32", "i32"], ["i32"], "compare");
  const [a, b, nulls] = [0, 1, 2];
  const ca = f.addLocal("i32", "ca"), cb = f.addLocal("i32", "cb");
  const x = f.addLocal("i64", "x"), y = f.addLocal("i64", "y");
  const fx = f.addLocal("f64", "fx"), fy = f.addLocal("f64", "fy");
  const sign = f.addLocal("i32", "sign");
  const ret = (v: number) => f.i32Const(v).op(Plain["return"]);
  f.localGet(a).load(Load["i32.load"], Slot.CLASS).localSet(ca);
  f.localGet(b).load(Load["i32.load"], Slot.CLASS).localSet(cb);
  f.localGet(ca).op(Plain["i32.eqz"]).localGet(cb).op(Plain["i32.eqz"]).op(Plain["i32.or"]);
  f.ifElse("empty", () => {
    f.localGet(nulls).op(Plain["i32.eqz"]).ifElse("empty", () => ret(CompareResult.Null));
    // Two NULLs tie; else the NULL one is first when NULLs go first.
    f.i32Const(0).i32Const(-1).i32Const(1);
    f.localGet(ca).op(Plain["i32.eqz"]).localGet(nulls).i32Const(NullOrder.First).op(
      Plain["i32.eq"],
    );
    f.op(Plain["i32.eq"]).op(Plain["select"]);
    f.localGet(ca).localGet(cb).op(Plain["i32.or"]).op(Plain["i32.eqz"]).op(Plain["select"]);
    f.op(Plain["return"]);
  });
  f.localGet(ca).i32Const(StorageClass.Real).op(Plain["i32.gt_u"]);
  f.localGet(cb).i32Const(StorageClass.Real).op(Plain["i32.gt_u"]).op(Plain["i32.or"]);
  f.ifElse("empty", () => ret(CompareResult.Declined));
  const threeWay = (lt: Plain, gt: Plain, l: number, r: number) => {
    f.localGet(l).localGet(r).op(gt).localGet(l).localGet(r).op(lt).op(Plain["i32.sub"]);
  };
  // Both INTEGER.
  f.localGet(ca).localGet(cb).op(Plain["i32.and"]).i32Const(StorageClass.Integer).op(
    Plain["i32.eq"],
  );
  f.ifElse("empty", () => {
    f.localGet(a).load(Load["i64.load"], Slot.VALUE).localSet(x);
    f.localGet(b).load(Load["i64.load"], Slot.VALUE).localSet(y);
    threeWay(Plain["i64.lt_s"], Plain["i64.gt_s"], x, y);
    f.op(Plain["return"]);
  });
  // Both REAL.
  f.localGet(ca).localGet(cb).op(Plain["i32.eq"]).ifElse("empty", () => {
    f.localGet(a).load(Load["f64.load"], Slot.VALUE).localSet(fx);
    f.localGet(b).load(Load["f64.load"], Slot.VALUE).localSet(fy);
    f.localGet(fx).localGet(fx).op(Plain["f64.ne"]).localGet(fy).localGet(fy).op(Plain["f64.ne"])
      .op(Plain["i32.or"]);
    f.ifElse("empty", () => ret(CompareResult.Declined));
    threeWay(Plain["f64.lt"], Plain["f64.gt"], fx, fy);
    f.op(Plain["return"]);
  });
  // One of each: x the INTEGER, fy the REAL, and the answer negated when a is the REAL.
  f.localGet(ca).i32Const(StorageClass.Integer).op(Plain["i32.eq"]).ifElse("empty", () => {
    f.localGet(a).load(Load["i64.load"], Slot.VALUE).localSet(x);
    f.localGet(b).load(Load["f64.load"], Slot.VALUE).localSet(fy);
    f.i32Const(1).localSet(sign);
  }, () => {
    f.localGet(b).load(Load["i64.load"], Slot.VALUE).localSet(x);
    f.localGet(a).load(Load["f64.load"], Slot.VALUE).localSet(fy);
    f.i32Const(-1).localSet(sign);
  });
  f.localGet(fy).localGet(fy).op(Plain["f64.ne"]).ifElse(
    "empty",
    () => ret(CompareResult.Declined),
  );
  f.block("empty", (decided) => {
    f.localGet(fy).f64Const(-9223372036854775808).op(Plain["f64.lt"]).ifElse("empty", () => {
      f.i32Const(1).localSet(ca);
      f.br(decided);
    });
    f.localGet(fy).f64Const(9223372036854775808).op(Plain["f64.ge"]).ifElse("empty", () => {
      f.i32Const(-1).localSet(ca);
      f.br(decided);
    });
    // In range: compare with the REAL's integer part, then the INTEGER as a double.
    f.localGet(fy).op(Plain["i64.trunc_f64_s"]).localSet(y);
    threeWay(Plain["i64.lt_s"], Plain["i64.gt_s"], x, y);
    f.localTee(ca).brIf(decided);
    f.localGet(x).op(Plain["f64.convert_i64_s"]).localSet(fx);
    threeWay(Plain["f64.lt"], Plain["f64.gt"], fx, fy);
    f.localSet(ca);
  });
  f.localGet(ca).localGet(sign).op(Plain["i32.mul"]);
  return f.index;
}

/**
 * Adds `truth(a, ifNull) -> 0 | 1 | CompareResult.Declined` to `m`: whether the slot's
 * value is true (core/value/coerce.ts `truthValue`) for NULL, INTEGER and REAL.
 */
export function addTruthFunction(m: ModuleBuilder): number {
  const f = m.addFunction(["i32", "i32"], ["i32"], "truth");
  const [a, ifNull] = [0, 1];
  const c = f.addLocal("i32", "c");
  f.localGet(a).load(Load["i32.load"], Slot.CLASS).localTee(c).op(Plain["i32.eqz"]);
  f.ifElse("empty", () => f.localGet(ifNull).op(Plain["return"]));
  f.localGet(c).i32Const(StorageClass.Integer).op(Plain["i32.eq"]).ifElse("empty", () => {
    f.localGet(a).load(Load["i64.load"], Slot.VALUE).i64Const(0n).op(Plain["i64.ne"]).op(
      Plain["return"],
    );
  });
  f.localGet(c).i32Const(StorageClass.Real).op(Plain["i32.eq"]).ifElse("empty", () => {
    f.localGet(a).load(Load["f64.load"], Slot.VALUE).f64Const(0).op(Plain["f64.ne"]).op(
      Plain["return"],
    );
  });
  f.i32Const(CompareResult.Declined);
  return f.index;
}
