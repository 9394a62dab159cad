/**
 * SQLite's arithmetic on register slots (reg_slots.ts), natively: 64-bit INTEGER `+ - * / %`
 * with overflow to REAL (sqlite3AddInt64 and friends), REAL arithmetic with NaN as NULL and
 * division by zero as NULL, NULL operands giving NULL. The same rules as core/value/arith.ts,
 * which tests/wasm_runtime_test.ts compares these functions with over edge values.
 *
 * The function is `(a, b, out: slot addresses, op) -> i32`: 1 when it wrote the result, 0 when
 * it declines and leaves the operation to the JS implementation (a TEXT or BLOB operand,
 * which needs numeric conversion of text; `%` on a REAL).
 */
import type { FunctionBuilder, Label } from "../emit/function_builder.ts";
import type { ModuleBuilder } from "../emit/module_builder.ts";
import { Load, Plain, Store } from "../emit/instructions.ts";
import { StorageClass } from "../../../core/value/types.ts";
import { Slot } from "./reg_slots.ts";
import { ARITH_OPERATORS } from "../../bytecode/opcodes.ts";

/**
 * The arithmetic routines, in the order the runtime module exports them: the operators of
 * Op.Add … Op.Remainder, in opcode order.
 */
export const ARITH_OPS = ARITH_OPERATORS.slice(0, 5) as readonly ArithOp[];

/** The arithmetic operators with a native implementation. */
export type ArithOp = "add" | "subtract" | "multiply" | "divide" | "remainder";

const I64_MIN = -0x8000_0000_0000_0000n;

/**
 * Adds `arith(a, b, out, op)` to `m`, `op` the operator's index in {@link ARITH_OPS} (one
 * function for all five: they share every step but the operation); returns its index.
 */
export function addArithFunction(m: ModuleBuilder): number {
  const f = m.addFunction(["i32", "i32", "i32", "i32"], ["i32"], "arith");
  const [a, b, out, op] = [0, 1, 2, 3];
  const ca = f.addLocal("i32", "ca"), cb = f.addLocal("i32", "cb");
  const x = f.addLocal("i64", "x"), y = f.addLocal("i64", "y"), r = f.addLocal("i64", "r");
  const fr = f.addLocal("f64", "fr"), fx = f.addLocal("f64", "fx"), fy = f.addLocal("f64", "fy");
  const setClass = (c: StorageClass) =>
    f.localGet(out).i32Const(c).store(Store["i32.store"], Slot.CLASS);
  const done = () => f.i32Const(1).op(Plain["return"]);
  const isOp = (name: ArithOp) =>
    f.localGet(op).i32Const(ARITH_OPS.indexOf(name)).op(Plain["i32.eq"]);
  // Every NULL result leaves the block for the one store of it after it.
  f.block("empty", (isNull) => {
    const toNull = () => f.br(isNull);
    f.localGet(a).load(Load["i32.load"], Slot.CLASS).localSet(ca);
    f.localGet(b).load(Load["i32.load"], Slot.CLASS).localSet(cb);
    // NULL wins over everything, text included (core: NULL is checked before conversion).
    f.localGet(ca).i32Const(StorageClass.Null).op(Plain["i32.eq"]);
    f.localGet(cb).i32Const(StorageClass.Null).op(Plain["i32.eq"]).op(Plain["i32.or"]);
    f.ifElse("empty", toNull);
    f.localGet(ca).i32Const(StorageClass.Real).op(Plain["i32.gt_u"]);
    f.localGet(cb).i32Const(StorageClass.Real).op(Plain["i32.gt_u"]).op(Plain["i32.or"]);
    f.ifElse("empty", () => f.i32Const(0).op(Plain["return"]));
    f.block("empty", (real) => {
      f.localGet(ca).localGet(cb).op(Plain["i32.and"]).i32Const(StorageClass.Integer).op(
        Plain["i32.ne"],
      );
      f.brIf(real); // Integer is 1 and Real 2: the AND is 1 only for two INTEGERs
      f.localGet(a).load(Load["i64.load"], Slot.VALUE).localSet(x);
      f.localGet(b).load(Load["i64.load"], Slot.VALUE).localSet(y);
      // A case per operator (a br_table on `op`), each leaving its result in r.
      f.block("empty", (result) => {
        const labels = ARITH_OPS.map(() => f.openBlock("empty")).reverse();
        f.localGet(op).brTable(labels, labels[0]);
        ARITH_OPS.forEach((name, k) => {
          f.endBlock(labels[k]);
          integerOp(f, name, x, y, r, real, toNull);
          f.br(result);
        });
      });
      f.localGet(out).localGet(r).store(Store["i64.store"], Slot.VALUE);
      setClass(StorageClass.Integer);
      done();
    });
    // An INTEGER % never overflows; with a REAL operand core truncates both to integers
    // first, a conversion left to JS.
    isOp("remainder").ifElse("empty", () => f.i32Const(0).op(Plain["return"]));
    const asReal = (slot: number, cls: number) =>
      f.localGet(cls).i32Const(StorageClass.Integer).op(Plain["i32.eq"]).ifElse(
        "f64",
        () => f.localGet(slot).load(Load["i64.load"], Slot.VALUE).op(Plain["f64.convert_i64_s"]),
        () => f.localGet(slot).load(Load["f64.load"], Slot.VALUE),
      );
    asReal(b, cb);
    f.localTee(fy).f64Const(0).op(Plain["f64.eq"]);
    // Division by zero is NULL, REAL or not.
    isOp("divide").op(Plain["i32.and"]).ifElse("empty", toNull);
    asReal(a, ca);
    f.localSet(fx);
    // The four results, the operator's chosen.
    const real2 = (p: Plain) => f.localGet(fx).localGet(fy).op(p);
    real2(Plain["f64.add"]);
    real2(Plain["f64.sub"]);
    real2(Plain["f64.mul"]);
    real2(Plain["f64.div"]);
    isOp("multiply").op(Plain["select"]);
    isOp("subtract").op(Plain["select"]);
    isOp("add").op(Plain["select"]);
    f.localTee(fr).localGet(fr).op(Plain["f64.ne"]).ifElse("empty", toNull); // NaN (∞ - ∞, 0 × ∞) is NULL
    f.localGet(out).localGet(fr).store(Store["f64.store"], Slot.VALUE);
    setClass(StorageClass.Real);
    done();
  });
  setClass(StorageClass.Null);
  f.i32Const(1);
  return f.index;
}

function integerOp(
  f: FunctionBuilder,
  op: ArithOp,
  x: number,
  y: number,
  r: number,
  overflow: Label,
  toNull: () => void,
): void {
  switch (op) {
    case "add":
      f.localGet(x).localGet(y).op(Plain["i64.add"]).localSet(r);
      // Overflow when both operands differ in sign from the result.
      f.localGet(x).localGet(r).op(Plain["i64.xor"]).localGet(y).localGet(r).op(Plain["i64.xor"]);
      f.op(Plain["i64.and"]).i64Const(0n).op(Plain["i64.lt_s"]).brIf(overflow);
      return;
    case "subtract":
      f.localGet(x).localGet(y).op(Plain["i64.sub"]).localSet(r);
      // Overflow when the operands differ in sign and the result differs from x.
      f.localGet(x).localGet(y).op(Plain["i64.xor"]).localGet(x).localGet(r).op(Plain["i64.xor"]);
      f.op(Plain["i64.and"]).i64Const(0n).op(Plain["i64.lt_s"]).brIf(overflow);
      return;
    case "multiply":
      f.localGet(x).localGet(y).op(Plain["i64.mul"]).localSet(r);
      f.localGet(x).op(Plain["i64.eqz"]).ifElse("empty", () => {}, () => {
        // -1 × MIN overflows, and MIN / -1 would trap, so x = -1 is decided on its own.
        f.localGet(x).i64Const(-1n).op(Plain["i64.eq"]).ifElse("empty", () => {
          f.localGet(y).i64Const(I64_MIN).op(Plain["i64.eq"]).brIf(overflow);
        }, () => {
          f.localGet(r).localGet(x).op(Plain["i64.div_s"]).localGet(y).op(Plain["i64.ne"]).brIf(
            overflow,
          );
        });
      });
      return;
    case "divide":
      f.localGet(y).op(Plain["i64.eqz"]).ifElse("empty", toNull);
      f.localGet(x).i64Const(I64_MIN).op(Plain["i64.eq"]);
      f.localGet(y).i64Const(-1n).op(Plain["i64.eq"]).op(Plain["i32.and"]).brIf(overflow);
      f.localGet(x).localGet(y).op(Plain["i64.div_s"]).localSet(r);
      return;
    case "remainder":
      f.localGet(y).op(Plain["i64.eqz"]).ifElse("empty", toNull);
      // i64.rem_s of MIN by -1 is 0 (no trap), as SQLite's result.
      f.localGet(x).localGet(y).op(Plain["i64.rem_s"]).localSet(r);
      return;
  }
}
