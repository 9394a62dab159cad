/**
 * SQLite's arithmetic on register slots (reg_slots.ts), natively: 64-bit INTEGER `+ - * / %`
 * with overflow to REAL (sqlite3AddInt64 and friends), REAL arithmetic with NaN as NULL and
 * division by zero as NULL, NULL operands giving NULL. The same rules as core/value/arith.ts,
 * which tests/wasm_runtime_test.ts compares these functions with over edge values.
 *
 * Each function is `(a, b, out: slot addresses) -> i32`: 1 when it wrote the result, 0 when
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

/** Adds the function for `op` to `m`; returns its function index. */
export function addArithFunction(m: ModuleBuilder, op: ArithOp): number {
  const f = m.addFunction(["i32", "i32", "i32"], ["i32"], `arith_${op}`);
  const [a, b, out] = [0, 1, 2];
  const ca = f.addLocal("i32", "ca"), cb = f.addLocal("i32", "cb");
  const x = f.addLocal("i64", "x"), y = f.addLocal("i64", "y"), r = f.addLocal("i64", "r");
  const fr = f.addLocal("f64", "fr");
  const setClass = (c: StorageClass) =>
    f.localGet(out).i32Const(c).store(Store["i32.store"], Slot.CLASS);
  const done = () => f.i32Const(1).op(Plain["return"]);
  f.localGet(a).load(Load["i32.load"], Slot.CLASS).localSet(ca);
  f.localGet(b).load(Load["i32.load"], Slot.CLASS).localSet(cb);
  // NULL wins over everything, text included (core: NULL is checked before conversion).
  f.localGet(ca).i32Const(StorageClass.Null).op(Plain["i32.eq"]);
  f.localGet(cb).i32Const(StorageClass.Null).op(Plain["i32.eq"]).op(Plain["i32.or"]);
  f.ifElse("empty", () => {
    setClass(StorageClass.Null);
    done();
  });
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
    integerOp(f, op, x, y, r, real, () => {
      setClass(StorageClass.Null);
      done();
    });
    f.localGet(out).localGet(r).store(Store["i64.store"], Slot.VALUE);
    setClass(StorageClass.Integer);
    done();
  });
  if (op === "remainder") {
    // An INTEGER % never overflows; with a REAL operand core truncates both to integers
    // first, a conversion left to JS.
    f.i32Const(0).op(Plain["return"]);
    return f.index;
  }
  const asReal = (slot: number, cls: number) =>
    f.localGet(cls).i32Const(StorageClass.Integer).op(Plain["i32.eq"]).ifElse(
      "f64",
      () => f.localGet(slot).load(Load["i64.load"], Slot.VALUE).op(Plain["f64.convert_i64_s"]),
      () => f.localGet(slot).load(Load["f64.load"], Slot.VALUE),
    );
  const fy = f.addLocal("f64", "fy");
  asReal(b, cb);
  f.localSet(fy);
  if (op === "divide") {
    // Division by zero is NULL, REAL or not.
    f.localGet(fy).f64Const(0).op(Plain["f64.eq"]).ifElse("empty", () => {
      setClass(StorageClass.Null);
      done();
    });
  }
  asReal(a, ca);
  f.localGet(fy);
  f.op(
    op === "add"
      ? Plain["f64.add"]
      : op === "subtract"
      ? Plain["f64.sub"]
      : op === "multiply"
      ? Plain["f64.mul"]
      : Plain["f64.div"],
  );
  f.localTee(fr).localGet(fr).op(Plain["f64.ne"]).ifElse("empty", () => {
    setClass(StorageClass.Null); // NaN (∞ - ∞, 0 × ∞) is NULL
    done();
  });
  f.localGet(out).localGet(fr).store(Store["f64.store"], Slot.VALUE);
  setClass(StorageClass.Real);
  f.i32Const(1);
  return f.index;
}

/**
 * Leaves `x op y` in `r`, or branches to `overflow` (the REAL path), or runs `toNull`
 * (division by zero).
 */
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
