/**
 * The math functions of SQLITE_ENABLE_MATH_FUNCTIONS: ceil/ceiling, floor, trunc, ln, log,
 * log10, log2, exp, pow/power, mod, the trigonometric and hyperbolic functions, sqrt,
 * degrees, radians and pi.
 *
 * SQLite's rules (func.c): an argument is used only if it is a number or a text that reads
 * entirely as one (sqlite3_value_numeric_type); anything else (NULL, other text, a blob)
 * gives NULL. ceil/floor/trunc return an INTEGER argument unchanged; every other result is
 * a REAL, and a NaN result (a domain error: `acos(2)`, `sqrt(-1)`, `mod(1, 0)`) is NULL.
 * The C library is replaced by JavaScript's Math, which follows the same IEEE special
 * cases; the transcendental functions may differ from glibc in the last bit.
 */
import { type Reg, setInt, setNull, setReal } from "../../value/reg.ts";
import { StorageClass, type TextEncoding } from "../../value/types.ts";
import { doubleOf, int64Of, numericClassOf } from "./coerce.ts";
import type { ScalarEntry, ScalarImpl } from "./registry.ts";

/** The argument as a double, or NaN when SQLite would not treat it as a number. */
export function numberArg(r: Reg, enc: TextEncoding): number {
  const cls = numericClassOf(r, enc);
  return cls === StorageClass.Integer || cls === StorageClass.Real ? doubleOf(r, enc) : NaN;
}

/** ceil/floor/trunc: INTEGER stays INTEGER, REAL goes through `round`, others are NULL. */
function rounding(round: (x: number) => number): ScalarImpl {
  return (args, out, ctx) => {
    const a = args[0];
    switch (numericClassOf(a, ctx.encoding)) {
      case StorageClass.Integer:
        return setInt(out, int64Of(a, ctx.encoding));
      case StorageClass.Real:
        return setReal(out, round(doubleOf(a, ctx.encoding)));
      default:
        setNull(out);
    }
  };
}

/** A one-argument function of a double (SQLite's math1Func). */
function math1(f: (x: number) => number): ScalarImpl {
  return (args, out, ctx) => {
    const x = numberArg(args[0], ctx.encoding);
    if (x !== x) setNull(out);
    else setReal(out, f(x));
  };
}

/** A two-argument function of doubles (SQLite's math2Func). */
function math2(f: (x: number, y: number) => number): ScalarImpl {
  return (args, out, ctx) => {
    const x = numberArg(args[0], ctx.encoding);
    const y = x !== x ? NaN : numberArg(args[1], ctx.encoding);
    if (y !== y) setNull(out);
    else setReal(out, f(x, y));
  };
}

/**
 * C's pow: unlike Math.pow, pow(±1, ±Infinity) is 1 (and pow(1, y) is 1 for every y).
 */
function cPow(x: number, y: number): number {
  if ((x === 1 || x === -1) && (y === Infinity || y === -Infinity)) return 1;
  return Math.pow(x, y);
}

/**
 * ln(X), log(X) (base 10), log10(X), log2(X) and log(B, X): NULL unless X > 0. In the
 * two-argument form SQLite tests the numeric type of B twice and never that of X, so a
 * non-numeric X reads as its numeric prefix (0 for none, hence NULL); B must be a number
 * whose natural log is > 0 (B > 1).
 */
function logarithm(log1: (x: number) => number): ScalarImpl {
  return (args, out, ctx) => {
    const enc = ctx.encoding;
    let x = numberArg(args[0], enc);
    if (!(x > 0)) return setNull(out);
    if (args.length === 1) return setReal(out, log1(x));
    const b = Math.log(x);
    if (!(b > 0)) return setNull(out);
    x = doubleOf(args[1], enc);
    if (!(x > 0)) setNull(out);
    else setReal(out, Math.log(x) / b);
  };
}

const RAD_PER_DEG = Math.PI / 180;
const DEG_PER_RAD = 180 / Math.PI;

const ceil = rounding(Math.ceil);

/** The functions that are JavaScript's Math function of the same name. */
const SAME_NAME_IN_MATH = [
  "acos",
  "acosh",
  "asin",
  "asinh",
  "atan",
  "atanh",
  "cos",
  "cosh",
  "exp",
  "sin",
  "sinh",
  "sqrt",
  "tan",
  "tanh",
] as const;

/**
 * The math functions by lower-case name, with their argument counts (registered only when
 * the binder allows them).
 */
export const MATH_FUNCTIONS: readonly ScalarEntry[] = [
  ...SAME_NAME_IN_MATH.map((name): ScalarEntry => [name, 1, 1, math1(Math[name])]),
  ["atan2", 2, 2, math2(Math.atan2)],
  ["ceil", 1, 1, ceil],
  ["ceiling", 1, 1, ceil],
  ["degrees", 1, 1, math1((x) => x * DEG_PER_RAD)],
  ["floor", 1, 1, rounding(Math.floor)],
  ["ln", 1, 1, logarithm(Math.log)],
  ["log", 1, 2, logarithm(Math.log10)],
  ["log10", 1, 1, logarithm(Math.log10)],
  ["log2", 1, 1, logarithm(Math.log2)],
  // JavaScript's % is C's fmod (exact, sign of the dividend).
  ["mod", 2, 2, math2((x, y) => x % y)],
  ["pi", 0, 0, (_args, out) => setReal(out, Math.PI)],
  ["pow", 2, 2, math2(cPow)],
  ["power", 2, 2, math2(cPow)],
  ["radians", 1, 1, math1((x) => x * RAD_PER_DEG)],
  ["trunc", 1, 1, rounding(Math.trunc)],
];
