/**
 * REAL → text, digit for digit as SQLite 3.53 renders it (`CAST(x AS TEXT)`, `x || ''`,
 * TEXT affinity). SQLite prints a REAL with `printf("%!.17g")`, and its printf gets the
 * digits in its own way, which is neither C's `%.17g` nor JavaScript's shortest round-trip:
 *
 * 1. Get the digits as SQLite's printf does for `%!.17g` ({@link fpDecode}): 17 significant
 *    digits of a scaled approximation of the value, or fewer when they convert back to
 *    exactly the same double. The approximation is part of the observable output.
 * 2. Lay the digits out `%g`-style with 16 digits of precision: plain notation for decimal
 *    exponents -4..16, otherwise `d.ddde+XX` (at least two exponent digits). Trailing
 *    zeros are dropped but one digit always follows the point (`1.0`, `1.0e+20`).
 *
 * So `0.1` prints as `0.1` but `0.7999999999999999` as `0.79999999999999993`. Zero of
 * either sign prints `0.0`; infinities print `Inf` / `-Inf`.
 */

import { fpDecode } from "./fp_decode.ts";

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
  // SQLite's printf("%!.17g"): 17 significant digits, or fewer that convert back to `x`.
  const { neg, digits, point } = fpDecode(x, 17, 26);
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
