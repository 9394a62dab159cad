/**
 * `sum(x)`, `total(x)` and `avg(x)`: one accumulation, three ways to finish.
 *
 * The running sum is an exact 64-bit INTEGER while every input is an integer and no
 * addition overflows. From the first non-integer input (a REAL, or a TEXT or BLOB that is
 * not an integer: see `numeric_arg.ts`) or the first overflow, it becomes a REAL computed
 * with Kahan-Babuška-Neumaier compensated summation: a running sum plus an error term,
 * added together at the end (unless the error term is infinite or NaN). An integer of
 * magnitude 2^52 or more enters that sum split in two parts (a multiple of 16384 and the
 * rest) so that none of its bits are lost.
 *
 * Finishing:
 * - `sum`: NULL for no rows; the INTEGER if it stayed exact; "integer overflow" if an
 *   integer addition overflowed and no REAL input came after it; else the REAL.
 * - `total`: always a REAL, 0.0 for no rows, never an error.
 * - `avg`: NULL for no rows, else the REAL sum divided by the row count.
 *
 * `inverse` undoes a step for window frames, as SQLite does: exactly while the sum is an
 * INTEGER (an overflow there flags overflow and continues in the compensated sum, like an
 * overflowing step), else by adding the negated value to the compensated sum.
 */
import { sqlError } from "../../errors.ts";
import { type Reg, setInt, setNull, setReal } from "../../value/reg.ts";
import {
  INT64_MAX,
  INT64_MIN,
  MAX_SAFE_INT,
  StorageClass,
  type TextEncoding,
} from "../../value/types.ts";
import { NumericKind, numInt, numReal, readNumeric } from "./numeric_arg.ts";
import { addInt64 } from "../../value/arith.ts";
import type { AggregateContext, AggregateFunction } from "./types.ts";

/** Accumulator shared by sum, total and avg. */
export interface SumState {
  readonly enc: TextEncoding;
  /** Non-NULL rows currently summed. */
  cnt: number;
  /** The exact sum while `!approx`. */
  iSum: number | bigint;
  /** Compensated REAL sum (valid once `approx`). */
  rSum: number;
  /** Its error term. */
  rErr: number;
  /** The sum is a REAL. */
  approx: boolean;
  /** An integer overflow happened and no REAL input has come since. */
  ovrfl: boolean;
}

/** 2^52: integers at least this large are added in two parts. */
const SPLIT_AT = 4503599627370496;

function createSum(ctx: AggregateContext): SumState {
  // Made with fractions, then zeroed: V8 gives the sums' fields a double representation
  // from the first state on, so a sum growing past 2^31 (most sums of a large table)
  // changes no state's shape and deoptimises no compiled loop that adds to it.
  const p: SumState = {
    enc: ctx.encoding,
    cnt: 0,
    iSum: .5,
    rSum: .5,
    rErr: .5,
    approx: false,
    ovrfl: false,
  };
  p.iSum = p.rSum = p.rErr = 0;
  return p;
}

/** One compensated addition of `r`. */
function kbnAdd(p: SumState, r: number): void {
  const s = p.rSum;
  const t = s + r;
  if (Math.abs(s) > Math.abs(r)) p.rErr += (s - t) + r;
  else p.rErr += (r - t) + s;
  p.rSum = t;
}

/** Adds a 64-bit integer to the compensated sum without losing its low bits. */
function kbnAddInt(p: SumState, v: number | bigint): void {
  if (typeof v === "number") {
    if (v > -SPLIT_AT && v < SPLIT_AT) {
      kbnAdd(p, v);
      return;
    }
    const small = v % 16384; // truncates toward zero, like C's %
    kbnAdd(p, v - small);
    kbnAdd(p, small);
    return;
  }
  const small = v % 16384n;
  kbnAdd(p, Number(v - small));
  kbnAdd(p, Number(small));
}

/** Starts the compensated sum from the exact integer sum so far. */
function kbnInit(p: SumState): void {
  const v = p.iSum;
  if (typeof v === "number" && v > -SPLIT_AT && v < SPLIT_AT) {
    p.rSum = v;
    p.rErr = 0;
  } else {
    const big = BigInt(v);
    const small = big % 16384n;
    p.rSum = Number(big - small);
    p.rErr = Number(small);
  }
  p.approx = true;
}

function stepSum(p: SumState, args: readonly Reg[]): void {
  const kind = readNumeric(args[0], p.enc);
  if (kind === NumericKind.Null) return;
  p.cnt++;
  if (!p.approx) {
    if (kind === NumericKind.Integer) {
      const s = addInt64(p.iSum, numInt);
      if (s !== undefined) {
        p.iSum = s;
        return;
      }
      p.ovrfl = true;
      kbnInit(p);
      kbnAddInt(p, numInt);
      return;
    }
    kbnInit(p);
    kbnAdd(p, numReal);
    return;
  }
  if (kind === NumericKind.Integer) {
    kbnAddInt(p, numInt);
  } else {
    p.ovrfl = false;
    kbnAdd(p, numReal);
  }
}

/**
 * {@link stepSum}'s common cases, for generated code to try first: an INTEGER that keeps
 * an exact sum a safe integer, or a REAL once the sum is a REAL. Returns false, changing
 * nothing, for any other value or state.
 */
export function stepSumFast(p: SumState, x: Reg): boolean {
  const v = x.v;
  if (typeof v !== "number") return false;
  if (x.c === StorageClass.Integer && !p.approx && typeof p.iSum === "number") {
    const t = p.iSum + v;
    if (t > MAX_SAFE_INT || t < -MAX_SAFE_INT) return false;
    p.iSum = t;
  } else if (x.c === StorageClass.Real && p.approx) {
    p.ovrfl = false;
    kbnAdd(p, v);
  } else {
    return false;
  }
  p.cnt++;
  return true;
}

function inverseSum(p: SumState, args: readonly Reg[]): void {
  const kind = readNumeric(args[0], p.enc);
  if (kind === NumericKind.Null) return;
  p.cnt--;
  if (!p.approx) {
    // A non-integer input would already have made the sum a REAL: this one is an integer.
    const v = kind === NumericKind.Integer ? numInt : 0;
    const s = addInt64(p.iSum, typeof v === "number" ? 0 - v : -v);
    if (s !== undefined) {
      p.iSum = s;
      return;
    }
    // Observed in SQLite 3.53 (the frame sum stays right as a REAL, `sum` reports the
    // overflow): continue in the compensated sum from the exact sum so far.
    p.ovrfl = true;
    kbnInit(p);
    subtractInt(p, v);
    return;
  }
  if (kind === NumericKind.Integer) subtractInt(p, numInt);
  else kbnAdd(p, -numReal);
}

/** Subtracts a 64-bit integer from the compensated sum. */
function subtractInt(p: SumState, v: number | bigint): void {
  if (typeof v === "number") kbnAddInt(p, 0 - v);
  else if (v !== INT64_MIN) kbnAddInt(p, -v);
  else {
    // -(-2^63) does not fit in 64 bits: subtract it as (2^63 - 1) + 1.
    kbnAddInt(p, INT64_MAX);
    kbnAddInt(p, 1);
  }
}

/** The compensated REAL sum, or the exact sum as a REAL. */
function realSum(p: SumState): number {
  if (!p.approx) return Number(p.iSum);
  return Number.isFinite(p.rErr) ? p.rSum + p.rErr : p.rSum;
}

function finalSum(p: SumState, out: Reg): void {
  if (p.cnt <= 0) setNull(out);
  else if (!p.approx) setInt(out, p.iSum);
  else if (p.ovrfl) throw sqlError("integer overflow");
  else setReal(out, realSum(p));
}

function finalTotal(p: SumState, out: Reg): void {
  setReal(out, realSum(p));
}

function finalAvg(p: SumState, out: Reg): void {
  if (p.cnt <= 0) setNull(out);
  else setReal(out, realSum(p) / p.cnt);
}

/** sum, total or avg: the same state and steps, with `final` giving the result. */
function sumLike(
  name: string,
  final: (s: SumState, out: Reg) => void,
): AggregateFunction<SumState> {
  return Object.freeze({
    name,
    minArgs: 1,
    maxArgs: 1,
    create: createSum,
    step: stepSum,
    final,
    inverse: inverseSum,
    value: final,
  });
}

/** `sum(x)`: INTEGER while exact, REAL otherwise, NULL for no rows. */
export const SUM: AggregateFunction<SumState> = sumLike("sum", finalSum);

/** `total(x)`: always a REAL, 0.0 for no rows. */
export const TOTAL: AggregateFunction<SumState> = sumLike("total", finalTotal);

/** `avg(x)`: the REAL mean of the non-NULL values, NULL for no rows. */
export const AVG: AggregateFunction<SumState> = sumLike("avg", finalAvg);
