/**
 * Numeric functions: abs, round, sign, random.
 */
import { sqlError } from "../../errors.ts";
import type { FunctionContext } from "../context.ts";
import { type Reg, setInt, setNull, setReal } from "../../value/reg.ts";
import { textToReal } from "../../value/number_text.ts";
import { INT64_MIN, normalizeInt, StorageClass } from "../../value/types.ts";
import { doubleOf, int64Of } from "./coerce.ts";
import { numberArg } from "./math.ts";
import { formatFloat, simpleFloatSpec } from "./printf_float.ts";

/**
 * abs(X): an INTEGER stays INTEGER (`integer overflow` for -2^63); anything else is
 * read as a REAL (0.0 for non-numeric text and blobs). -0.0 stays -0.0, as C's test
 * `x < 0` leaves it.
 */
export function absFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const a = args[0];
  if (a.c === StorageClass.Null) return setNull(out);
  if (a.c === StorageClass.Integer) {
    const v = a.v as number | bigint;
    if (typeof v === "number") setInt(out, v < 0 ? -v : v);
    else if (v === INT64_MIN) throw sqlError("integer overflow");
    else setInt(out, v < 0n ? normalizeInt(-v) : v);
    return;
  }
  const r = doubleOf(a, ctx.encoding);
  setReal(out, r < 0 ? -r : r);
}

/** |x| above this (2^52) has no fraction: round() leaves it alone. */
const NO_FRACTION = 4503599627370496;

/**
 * round(X[, N]): a REAL rounded to N decimal places (N clamped to 0..30). Halves round
 * away from zero; with N > 0 SQLite rounds through its printf (`%!.Nf`) and reads the
 * text back, so the digits it prints are the digits it keeps.
 */
export function roundFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const enc = ctx.encoding;
  let n = 0;
  if (args.length === 2) {
    if (args[1].c === StorageClass.Null) return setNull(out);
    const v = int64Of(args[1], enc);
    n = v > 30 ? 30 : v < 0 ? 0 : Number(v);
  }
  if (args[0].c === StorageClass.Null) return setNull(out);
  let r = doubleOf(args[0], enc);
  if (r < -NO_FRACTION || r > NO_FRACTION) {
    // Nothing to round.
  } else if (n === 0) {
    r = Math.trunc(r + (r < 0 ? -0.5 : 0.5)) + 0;
  } else {
    r = roundWithoutPrinting(r, n) ?? roundByPrinting(r, n);
  }
  setReal(out, r);
}

/** round(r, n) for n > 0 as SQLite does it: printed with `%!.nf` and read back. */
export function roundByPrinting(r: number, n: number): number {
  return textToReal(formatFloat(r, simpleFloatSpec("f", n, 0, true)));
}

/**
 * {@link roundByPrinting} without the printing, where the answer is certain: when r·10^n
 * is below 2^40 and its fraction lies further from one half than the multiply's rounding
 * and SQLite's 18-digit decoding can move it, the digits `%!.nf` keeps are those of r·10^n
 * rounded half away from zero, an integer m of at most 13 digits, and reading them back
 * gives m / 10^n correctly rounded (both exact doubles). Otherwise undefined.
 */
export function roundWithoutPrinting(r: number, n: number): number | undefined {
  if (n > 15) return undefined;
  const scale = 10 ** n;
  const y = Math.abs(r) * scale;
  if (!(y < 2 ** 40)) return undefined;
  const whole = Math.floor(y);
  const fraction = y - whole;
  if (Math.abs(fraction - 0.5) <= y * 2 ** -50) return undefined;
  const m = fraction > 0.5 ? whole + 1 : whole;
  return r < 0 ? -(m / scale) : m / scale;
}

/** sign(X): -1, 0 or +1 for a number or numeric text; NULL otherwise. */
export function signFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const x = numberArg(args[0], ctx.encoding);
  if (x !== x) setNull(out);
  else setInt(out, x < 0 ? -1 : x > 0 ? 1 : 0);
}

const randomScratch = new Uint8Array(8);
const randomView = new DataView(randomScratch.buffer);

/** random(): a random 64-bit INTEGER, never -2^63 (SQLite folds that one away). */
export function randomFn(_args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  ctx.randomBytes(randomScratch);
  let r = randomView.getBigInt64(0);
  if (r < 0n) r = -(r & 0x7fffffffffffffffn);
  setInt(out, normalizeInt(r));
}
