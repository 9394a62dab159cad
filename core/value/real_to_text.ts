/**
 * REAL → text, digit for digit as SQLite 3.53 renders it (`CAST(x AS TEXT)`, `x || ''`,
 * TEXT affinity). SQLite prints a REAL with `printf("%!.17g")`, and its printf gets the
 * digits in its own way, which is neither C's `%.17g` nor JavaScript's shortest round-trip:
 *
 * 1. Scale the binary value `m·2^e` (m a 64-bit integer with its top bit set) by a 64-bit
 *    truncation of `10^p` chosen to give an 18- or 19-digit integer D, rounding the last
 *    halving up. D is only approximately the exact decimal expansion; the approximation
 *    is part of the observable output, so it is reproduced exactly here with bigints.
 * 2. Round D to 17 significant digits by looking at the 18th digit alone. Before that, if
 *    digits 15–16 are "99" or digits 14–16 are "000" (or the value is a whole number), try
 *    a shorter rendering (the digits up to that run, bumped by one for the "99" case) and
 *    keep it if it converts back to exactly the same double.
 * 3. Lay the digits out `%g`-style with 16 digits of precision: plain notation for decimal
 *    exponents -4..16, otherwise `d.ddde+XX` (at least two exponent digits). Trailing
 *    zeros are dropped but one digit always follows the point (`1.0`, `1.0e+20`).
 *
 * So `0.1` prints as `0.1` but `0.7999999999999999` as `0.79999999999999993`. Zero of
 * either sign prints `0.0`; infinities print `Inf` / `-Inf`.
 */

import {
  floorLog10Pow2,
  floorLog2Pow10,
  type Mantissa,
  normalizedMantissa,
  pow10Top64,
} from "./fp_scale.ts";

/** Scratch for the mantissa of the value being printed. */
const scaled: Mantissa = { mant: 0n, e2: 0 };

/** `digits·10^exp10` converted to the nearest double. */
function decimalToDouble(digits: number, exp10: number): number {
  return Number(`${digits}e${exp10}`);
}

/**
 * Significant digits of a positive finite double as SQLite's `%!.17g` chooses them.
 * Returns the digit string (no trailing zeros) and writes the position of the decimal
 * point (digits before it; may be <= 0) into `pointOut[0]`.
 */
function sqliteDigits(r: number, pointOut: Int32Array): string {
  normalizedMantissa(r, scaled);
  const { mant, e2 } = scaled;
  // Scale so that the integer part has 18 (sometimes 19) digits, rounding the last half up.
  const p = 17 - floorLog10Pow2(e2 + 63);
  const drop = 64 - (e2 + floorLog2Pow10(p) + 2);
  const halved = (mant * pow10Top64(p)) >> BigInt(drop);
  const wide = ((halved + 1n) >> 1n).toString();
  const n = wide.length;
  let point = n - p;

  let keep = 17;
  if (wide[15] === "9" && wide[14] === "9") {
    let j = 14;
    while (j > 0 && wide[j - 1] === "9") j--;
    const bumped = j === 0 ? 1 : Number(wide.slice(0, j)) + 1;
    if (decimalToDouble(bumped, n - j - p) === r) keep = j + 1;
  } else if (point >= n || (wide[15] === "0" && wide[14] === "0" && wide[13] === "0")) {
    let j = 13;
    while (wide[j - 1] === "0") j--;
    if (decimalToDouble(Number(wide.slice(0, j)), n - j - p) === r) keep = j + 1;
  }

  // Round to `keep` digits on the next digit alone.
  let digits = wide.slice(0, keep);
  if (wide.charCodeAt(keep) >= 0x35) {
    let i = keep - 1;
    while (i >= 0 && digits.charCodeAt(i) === 0x39) i--;
    if (i < 0) {
      digits = "1";
      point++;
    } else {
      digits = digits.slice(0, i) + String.fromCharCode(digits.charCodeAt(i) + 1);
    }
  }
  let end = digits.length;
  while (end > 1 && digits.charCodeAt(end - 1) === 0x30) end--;
  pointOut[0] = point;
  return end === digits.length ? digits : digits.slice(0, end);
}

const pointScratch = new Int32Array(1);

/**
 * Renders a REAL exactly as SQLite 3.53 does when it converts a REAL to TEXT.
 *
 * @example realToText(1) === "1.0"; realToText(1e20) === "1.0e+20"; realToText(-0) === "0.0"
 */
export function realToText(x: number): string {
  if (x === 0) return "0.0";
  if (x !== x) return "NaN";
  if (x === Infinity) return "Inf";
  if (x === -Infinity) return "-Inf";
  // Whole numbers of up to 15 digits always come out as their digits plus ".0"; checked
  // against SQLite by the property tests.
  if (Number.isInteger(x) && x < 1e15 && x > -1e15) return String(x) + ".0";
  const neg = x < 0;
  const digits = sqliteDigits(neg ? -x : x, pointScratch);
  const point = pointScratch[0];
  const exp10 = point - 1;
  let text: string;
  if (exp10 < -4 || exp10 > 16) {
    const abs = exp10 < 0 ? -exp10 : exp10;
    text = digits[0] + "." + (digits.length > 1 ? digits.slice(1) : "0") +
      (exp10 < 0 ? "e-" : "e+") + (abs < 10 ? "0" + abs : String(abs));
  } else if (point <= 0) {
    text = "0." + "0".repeat(-point) + digits;
  } else if (point >= digits.length) {
    text = digits + "0".repeat(point - digits.length) + ".0";
  } else {
    text = digits.slice(0, point) + "." + digits.slice(point);
  }
  return neg ? "-" + text : text;
}
