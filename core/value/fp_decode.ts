/**
 * The decimal digits of a double as SQLite's printf chooses them (sqlite3FpDecode).
 *
 * SQLite does not print the exact decimal expansion of a double. It multiplies the
 * 64-bit mantissa by a 64-bit truncation of a power of ten to get an integer of n
 * digits (n = 18, rounded on the last halving, when the caller wants 18 or more digits
 * or rounds at a decimal place; otherwise one more digit than wanted, truncated), then
 * rounds that digit string on the single digit after the cut. At most `mxRound`
 * significant digits survive (16 normally, 26 with the `!` flag); with exactly 17 it
 * first tries a shorter rendering that converts back to the same double.
 * REAL → text (`real_to_text.ts`) is its `%!.17g` case.
 */

import {
  floorLog10Pow2,
  floorLog2Pow10,
  type Mantissa,
  normalizedMantissa,
  pow10Top64,
} from "./fp_scale.ts";

/** The result of {@link fpDecode}; one shared instance is reused (no allocation). */
export interface FpDecoded {
  /** True for a negative value (never for -0.0, which decodes as "0"). */
  neg: boolean;
  /** 0 for a finite value, 1 for an infinity, 2 for NaN. */
  special: number;
  /** Significant digits, no trailing zeros ("0" for zero). */
  digits: string;
  /** Position of the decimal point: value = 0.digits × 10^point. */
  point: number;
}

/** Scratch for the mantissa of the value being decoded. */
const scaled: Mantissa = { mant: 0n, e2: 0 };

const result: FpDecoded = { neg: false, special: 0, digits: "0", point: 1 };

/**
 * Decodes `r`: with `iRound > 0`, to min(iRound, mxRound) significant digits; with
 * `iRound <= 0`, to -iRound digits after the decimal point (and at most mxRound
 * significant digits). Returns a shared object, valid until the next call.
 */
export function fpDecode(r: number, iRound: number, mxRound: number): FpDecoded {
  result.special = 0;
  result.neg = false;
  if (r < 0) {
    result.neg = true;
    r = -r;
  } else if (r === 0) {
    result.digits = "0";
    result.point = 1;
    return result;
  }
  if (r === Infinity || r !== r) {
    result.special = r === Infinity ? 1 : 2;
    result.digits = "";
    result.point = 0;
    return result;
  }
  normalizedMantissa(r, scaled);
  const { mant, e2 } = scaled;
  const want = iRound <= 0 || iRound >= 18 ? 18 : iRound + 1;
  const p = want - 1 - floorLog10Pow2(e2 + 63);
  const high = (mant * pow10Top64(p)) >> 64n;
  let d: bigint;
  if (want === 18) {
    const h = high >> BigInt(-(e2 + floorLog2Pow10(p) + 2));
    d = (h + (h & 1n)) >> 1n;
  } else {
    d = high >> BigInt(-(e2 + floorLog2Pow10(p) + 1));
  }
  let z = d.toString();
  let n = z.length;
  const exp10 = -p;
  let point = n + exp10;
  if (iRound <= 0) {
    iRound = point - iRound;
    if (iRound === 0 && z.charCodeAt(0) >= 0x35) {
      iRound = 1;
      z = "0" + z;
      n++;
      point++;
    }
  }
  if (iRound > 0 && (iRound < n || n > mxRound)) {
    if (iRound > mxRound) iRound = mxRound;
    if (iRound === 17) iRound = shorterRoundTrip(z, n, exp10, r, point, iRound);
    const next = z.charCodeAt(iRound);
    z = z.slice(0, iRound);
    n = iRound;
    if (next >= 0x35) {
      let j = n - 1;
      while (j >= 0 && z.charCodeAt(j) === 0x39) j--;
      if (j < 0) {
        // All nines: the carry adds a leading 1 (the trailing zeros are dropped below).
        z = "1" + "0".repeat(n);
        n++;
        point++;
      } else {
        z = z.slice(0, j) + String.fromCharCode(z.charCodeAt(j) + 1) + "0".repeat(n - 1 - j);
      }
    }
  }
  let end = n;
  while (end > 1 && z.charCodeAt(end - 1) === 0x30) end--;
  result.digits = end === z.length ? z : z.slice(0, end);
  result.point = point;
  return result;
}

/** `%!.17g`: a shorter digit count that still converts back to `r`, or 17. */
function shorterRoundTrip(
  z: string,
  n: number,
  exp10: number,
  r: number,
  point: number,
  iRound: number,
): number {
  if (z[15] === "9" && z[14] === "9") {
    let j = 14;
    while (j > 0 && z[j - 1] === "9") j--;
    const bumped = j === 0 ? 1 : +z.slice(0, j) + 1;
    if (+`${bumped}e${exp10 + n - j}` === r) return j + 1;
  } else if (point >= n || (z[15] === "0" && z[14] === "0" && z[13] === "0")) {
    let j = 13;
    while (z[j - 1] === "0") j--;
    if (+`${z.slice(0, j)}e${exp10 + n - j}` === r) return j + 1;
  }
  return iRound;
}
