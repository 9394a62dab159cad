/**
 * SQLite's arithmetic, bitwise and concatenation operators on registers (vdbe.c OP_Add …
 * OP_Remainder, OP_BitAnd … OP_ShiftRight, OP_BitNot, OP_Concat). Each reads `a` (left)
 * and `b` (right) and writes `out`, which may be one of the operands. The optional `enc`
 * is the database encoding; it decides how a BLOB operand reads as a number (see
 * `coerce.ts`) and how `||` joins bytes.
 *
 * `+ - * / %`: NULL if either operand is NULL. Operands are read with
 * {@link numericType} (`'12abc'` is the INTEGER 12). Two INTEGERs give an INTEGER, exact
 * over 64 bits; if `+ - *` overflow, or for `-9223372036854775808 / -1`, the operation is
 * redone in REAL. `/` and `%` by zero give NULL; `/` truncates toward zero. Otherwise the
 * operation is done on doubles ({@link toReal}); a NaN result (`Inf - Inf`) is NULL. `%` on
 * a REAL operand converts both operands with {@link toInt} (truncating: `5.5 % 2` is
 * `1.0`, and a text `'1e3'` counts as 1) and returns the integer remainder as a REAL.
 */
import {
  encodeText,
  intToReal,
  numberToText,
  numericInt,
  numericType,
  toInt,
  toReal,
} from "./coerce.ts";
import { decodeText, joinText } from "../format/text.ts";
import { copyReg, type Reg, setInt, setNull, setReal, setText } from "./reg.ts";
import {
  INT64_MAX,
  INT64_MIN,
  MAX_SAFE_INT,
  normalizeInt,
  StorageClass,
  TextEncoding,
} from "./types.ts";

const enum Op {
  Add,
  Sub,
  Mul,
  Div,
  Rem,
}

/** An exact bigint result as an INTEGER, or `undefined` if it leaves 64 bits. */
function fitI64(v: bigint): number | bigint | undefined {
  if (v > INT64_MAX || v < INT64_MIN) return undefined;
  return normalizeInt(v);
}

/** INTEGER `x op y`, or `undefined` when SQLite falls back to REAL; NULL is signalled by null. */
function intMath(
  op: Op,
  x: number | bigint,
  y: number | bigint,
): number | bigint | null | undefined {
  if (typeof x === "number" && typeof y === "number") {
    // Fast path: both safe. A result that is still a safe integer is exact.
    switch (op) {
      case Op.Add: {
        const r = x + y;
        if (Number.isSafeInteger(r)) return r;
        break;
      }
      case Op.Sub: {
        const r = x - y;
        if (Number.isSafeInteger(r)) return r;
        break;
      }
      case Op.Mul: {
        const r = x * y;
        if (Number.isSafeInteger(r)) return r + 0;
        break;
      }
      case Op.Div:
        if (y === 0) return null;
        // x - x % y is an exact multiple of y, so the division is exact.
        return (x - (x % y)) / y + 0;
      default:
        if (y === 0) return null;
        return (x % y) + 0;
    }
  }
  const bx = BigInt(x);
  const by = BigInt(y);
  switch (op) {
    case Op.Add:
      return fitI64(bx + by);
    case Op.Sub:
      return fitI64(bx - by);
    case Op.Mul:
      return fitI64(bx * by);
    case Op.Div:
      if (by === 0n) return null;
      if (by === -1n && bx === INT64_MIN) return undefined;
      return fitI64(bx / by);
    default:
      if (by === 0n) return null;
      // x % -1n is 0n even for INT64_MIN (no C overflow here).
      return fitI64(bx % by);
  }
}

/** `x + y` as 64-bit INTEGERs, or `undefined` when the sum leaves 64 bits (as sum() adds). */
export function addInt64(x: number | bigint, y: number | bigint): number | bigint | undefined {
  return intMath(Op.Add, x, y) ?? undefined;
}

/** The REAL path of the five operators. */
function realMath(op: Op, a: Reg, b: Reg, out: Reg, enc: TextEncoding): void {
  const x = toReal(a, enc);
  const y = toReal(b, enc);
  let r: number;
  switch (op) {
    case Op.Add:
      r = x + y;
      break;
    case Op.Sub:
      r = x - y;
      break;
    case Op.Mul:
      r = x * y;
      break;
    case Op.Div:
      if (y === 0) {
        setNull(out);
        return;
      }
      r = x / y;
      break;
    default: {
      // null: by zero. The remainder of two 64-bit integers always fits in 64 bits.
      const rem = intMath(Op.Rem, toInt(a, enc), toInt(b, enc));
      if (rem === null) return setNull(out);
      r = intToReal(rem as number | bigint);
    }
  }
  setReal(out, r);
}

function arith(op: Op, a: Reg, b: Reg, out: Reg, enc: TextEncoding): void {
  let ta = a.c;
  let tb = b.c;
  let x: number | bigint;
  let y: number | bigint;
  if (ta === StorageClass.Integer && tb === StorageClass.Integer) {
    x = a.v as number | bigint;
    y = b.v as number | bigint;
  } else {
    if (ta === StorageClass.Null || tb === StorageClass.Null) {
      setNull(out);
      return;
    }
    ta = numericType(a, enc);
    x = numericInt;
    tb = numericType(b, enc);
    y = numericInt;
    if (ta !== StorageClass.Integer || tb !== StorageClass.Integer) {
      realMath(op, a, b, out, enc);
      return;
    }
  }
  const r = intMath(op, x, y);
  if (r === null) setNull(out);
  else if (r === undefined) realMath(op, a, b, out, enc);
  else setInt(out, r);
}

/** `a + b`. */
export function add(a: Reg, b: Reg, out: Reg, enc: TextEncoding = TextEncoding.Utf8): void {
  arith(Op.Add, a, b, out, enc);
}

/** `a - b`. */
export function subtract(a: Reg, b: Reg, out: Reg, enc: TextEncoding = TextEncoding.Utf8): void {
  arith(Op.Sub, a, b, out, enc);
}

/** `a * b`. */
export function multiply(a: Reg, b: Reg, out: Reg, enc: TextEncoding = TextEncoding.Utf8): void {
  arith(Op.Mul, a, b, out, enc);
}

/** `a / b`: INTEGER division truncates; division by zero is NULL. */
export function divide(a: Reg, b: Reg, out: Reg, enc: TextEncoding = TextEncoding.Utf8): void {
  arith(Op.Div, a, b, out, enc);
}

/** `a % b`: the sign follows `a`; by zero is NULL; REAL operands are truncated first. */
export function remainder(a: Reg, b: Reg, out: Reg, enc: TextEncoding = TextEncoding.Utf8): void {
  arith(Op.Rem, a, b, out, enc);
}

const ZERO: Reg = { v: 0, c: StorageClass.Integer };

/**
 * Unary `-a`. SQLite compiles it as `0 - a`, so it follows {@link subtract}: NULL stays
 * NULL, a text is read as a number (`-'abc'` is 0), `-(-9223372036854775808)` is the REAL
 * 9223372036854775808.0, and `-(0.0)` is `0.0`. (A minus sign written before a numeric
 * literal is part of the literal: that is the binder's business.)
 */
export function negate(a: Reg, out: Reg, enc: TextEncoding = TextEncoding.Utf8): void {
  arith(Op.Sub, ZERO, a, out, enc);
}

/** Unary `+a`: a no-op that keeps the value and its storage class. */
export function unaryPlus(a: Reg, out: Reg): void {
  copyReg(out, a);
}

/**
 * SQLite's OP_RealAffinity: an INTEGER becomes the REAL of the same value, anything else is
 * unchanged. Applied when a value is read from a column of REAL affinity that may hold
 * integers (a compound subquery's column whose first SELECT has REAL affinity).
 */
export function realAffinity(a: Reg, out: Reg): void {
  if (a.c === StorageClass.Integer) {
    out.v = Number(a.v);
    out.c = StorageClass.Real;
    return;
  }
  copyReg(out, a);
}

function isInt32(v: number | bigint): v is number {
  return typeof v === "number" && (v | 0) === v;
}

/** `a & b`: both operands through {@link toInt}; NULL if either is NULL. */
export function bitAnd(
  a: Reg,
  b: Reg,
  out: Reg,
  enc: TextEncoding = TextEncoding.Utf8,
): void {
  if (a.c === StorageClass.Null || b.c === StorageClass.Null) return setNull(out);
  const x = toInt(a, enc);
  const y = toInt(b, enc);
  if (isInt32(x) && isInt32(y)) return setInt(out, x & y);
  setInt(out, normalizeInt(BigInt(x) & BigInt(y)));
}

/** `a | b`: both operands through {@link toInt}; NULL if either is NULL. */
export function bitOr(
  a: Reg,
  b: Reg,
  out: Reg,
  enc: TextEncoding = TextEncoding.Utf8,
): void {
  if (a.c === StorageClass.Null || b.c === StorageClass.Null) return setNull(out);
  const x = toInt(a, enc);
  const y = toInt(b, enc);
  if (isInt32(x) && isInt32(y)) return setInt(out, x | y);
  setInt(out, normalizeInt(BigInt(x) | BigInt(y)));
}

/** `~a`: NULL stays NULL, anything else is complemented after {@link toInt}. */
export function bitNot(a: Reg, out: Reg, enc: TextEncoding = TextEncoding.Utf8): void {
  if (a.c === StorageClass.Null) return setNull(out);
  const x = toInt(a, enc);
  if (typeof x === "number") {
    const r = -x - 1;
    setInt(out, r >= -MAX_SAFE_INT ? r : BigInt(r));
  } else setInt(out, normalizeInt(~x));
}

/**
 * Shifts `x` left by `n` bits, or right (arithmetic) for negative `n`, as SQLite does: a
 * shift by 64 or more gives 0 (or -1 for a negative value shifted right).
 */
function shift(x: number | bigint, n: number | bigint, left: boolean): number | bigint {
  if (n === 0) return x;
  if (n < 0) {
    left = !left;
    n = n > -64 ? -n : 64;
  }
  if (n >= 64) return left || x >= 0 ? 0 : -1;
  const k = Number(n);
  if (typeof x === "number") {
    const scale = 2 ** k;
    if (!left) return Math.floor(x / scale) + 0;
    const r = x * scale;
    if (Number.isSafeInteger(r)) return r;
  }
  const bx = BigInt(x);
  return normalizeInt(left ? BigInt.asIntN(64, bx << BigInt(k)) : bx >> BigInt(k));
}

/** `a << b`: NULL if either is NULL; a negative count shifts right. */
export function shiftLeft(
  a: Reg,
  b: Reg,
  out: Reg,
  enc: TextEncoding = TextEncoding.Utf8,
): void {
  if (a.c === StorageClass.Null || b.c === StorageClass.Null) return setNull(out);
  setInt(out, shift(toInt(a, enc), toInt(b, enc), true));
}

/** `a >> b` (arithmetic): NULL if either is NULL; a negative count shifts left. */
export function shiftRight(
  a: Reg,
  b: Reg,
  out: Reg,
  enc: TextEncoding = TextEncoding.Utf8,
): void {
  if (a.c === StorageClass.Null || b.c === StorageClass.Null) return setNull(out);
  setInt(out, shift(toInt(a, enc), toInt(b, enc), false));
}

/** The bytes an operand of `||` contributes, in the database encoding. */
function concatBytes(r: Reg, enc: TextEncoding): Uint8Array {
  if (r.c === StorageClass.Blob) return r.v as Uint8Array;
  if (r.c === StorageClass.Text) return encodeText(r.v as string, enc);
  return encodeText(numberToText(r), enc);
}

/**
 * `a || b` (OP_Concat): NULL if either is NULL; numbers are rendered as text; the result
 * is TEXT. SQLite joins the operands' bytes, so a BLOB operand's bytes are read as text in
 * the database encoding `enc` together with the other operand's (`x'C3' || x'A9'` is
 * `'é'` in UTF-8; in UTF-16 an odd total length loses its last byte).
 */
export function concat(a: Reg, b: Reg, out: Reg, enc: TextEncoding = TextEncoding.Utf8): void {
  const ca = a.c;
  const cb = b.c;
  if (ca === StorageClass.Null || cb === StorageClass.Null) return setNull(out);
  if (ca !== StorageClass.Blob && cb !== StorageClass.Blob) {
    const x = ca === StorageClass.Text ? a.v as string : numberToText(a);
    const y = cb === StorageClass.Text ? b.v as string : numberToText(b);
    return setText(out, joinText(x, y, enc));
  }
  const x = concatBytes(a, enc);
  const y = concatBytes(b, enc);
  const joined = new Uint8Array(x.length + y.length);
  joined.set(x, 0);
  joined.set(y, x.length);
  setText(out, decodeText(joined, 0, joined.length, enc));
}
