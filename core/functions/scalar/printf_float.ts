/**
 * The floating-point conversions of SQLite's printf: `%f`, `%e`, `%E`, `%g`, `%G`, with
 * the flags `+`, space, `0`, `#`, `!` and `,` (see printf.ts for the format syntax).
 */
import { fpDecode } from "../../value/fp_decode.ts";
import { MAX_TEXT_LENGTH, tooBig } from "./limits.ts";

/** Options of one floating-point conversion. */
export interface FloatSpec {
  /** Conversion letter: f, e, E, g or G. */
  conv: string;
  /** Precision; -1 when none was given. */
  precision: number;
  /** Field width (only used here for zero padding). */
  width: number;
  /** "+" or " " to show before non-negative values, or "". */
  plus: string;
  /** `#`: always show the decimal point; `%g` keeps trailing zeros. */
  alternate?: boolean;
  /** `!`: up to 26 significant digits; trailing zeros dropped for %f and %e. */
  alt2: boolean;
  /** `0`: pad with zeros after the sign. */
  zeroPad: boolean;
  /** `-`: left-justify (disables zero padding). */
  leftJustify?: boolean;
  /** `,`: thousands separators in the integer part. */
  thousands?: boolean;
}

/**
 * A spec without flags (the optional ones left out, so off), except `!` when `alt2`, and zero padding to `width` when it is
 * positive: `%.3f`, `%06.3f`, `%.16g`, `%!.2f`.
 */
export function simpleFloatSpec(
  conv: string,
  precision: number,
  width: number,
  alt2: boolean,
): FloatSpec {
  return { conv, precision, width, plus: "", alt2, zeroPad: width > 0 };
}

/** SQLite caps the precision of floating-point conversions. */
const FP_PRECISION_LIMIT = 100000000;

/** Renders `value` per `spec`, sign and zero padding included (not space padding). */
export function formatFloat(value: number, spec: FloatSpec): string {
  let precision = spec.precision < 0 ? 6 : spec.precision;
  if (precision > FP_PRECISION_LIMIT) precision = FP_PRECISION_LIMIT;
  const lower = spec.conv.toLowerCase();
  let kind = lower === "f" ? "f" : lower === "e" ? "e" : "g";
  // %.0g rounds to one significant digit, like %.1g.
  const iRound = kind === "f" ? -precision : kind === "g" ? (precision || 1) : precision + 1;
  const d = fpDecode(value, iRound, spec.alt2 ? 26 : 16);
  let digits = d.digits;
  let point = d.point;
  if (d.special === 2) return spec.zeroPad ? "null" : "NaN";
  if (d.special === 1) {
    if (!spec.zeroPad) return d.neg ? "-Inf" : spec.plus + "Inf";
    digits = "9";
    point = 1000;
  }
  // %#f without a sign flag shows a negative value that prints as zero without its "-".
  const hideMinus = d.neg && spec.alternate && spec.plus === "" && kind === "f" &&
    point <= iRound;
  const prefix = d.neg && !hideMinus ? "-" : spec.plus;
  let exp = point - 1;
  if (kind === "g" && precision > 0) precision--;
  let trimZeros: boolean;
  if (kind === "g") {
    trimZeros = !spec.alternate;
    if (exp < -4 || exp > precision) kind = "e";
    else {
      precision -= exp;
      kind = "f";
    }
  } else {
    trimZeros = spec.alt2;
  }
  let e2 = kind === "e" ? 0 : point - 1;
  const showPoint = precision > 0 || spec.alternate || spec.alt2;
  const n = digits.length;
  let j = 0;
  let out = "";
  if (e2 < 0) out += "0";
  else {
    for (; e2 >= 0; e2--) {
      out += j < n ? digits[j++] : "0";
      if (spec.thousands && e2 % 3 === 0 && e2 > 1) out += ",";
    }
  }
  if (showPoint) out += ".";
  for (e2++; e2 < 0 && precision > 0; precision--, e2++) out += "0";
  if (precision > 0) {
    const take = Math.min(precision, n - j);
    if (take > 0) {
      out += digits.slice(j, j + take);
      j += take;
    }
    if (precision > take) out += "0".repeat(precision - Math.max(take, 0));
  }
  if (trimZeros && showPoint) {
    let end = out.length;
    while (out.charCodeAt(end - 1) === 0x30) end--;
    if (out.charCodeAt(end - 1) === 0x2e) {
      out = spec.alt2 ? out.slice(0, end) + "0" : out.slice(0, end - 1);
    } else out = out.slice(0, end);
  }
  if (kind === "e") {
    exp = point - 1;
    out += spec.conv === "E" || spec.conv === "G" ? "E" : "e";
    if (exp < 0) {
      out += "-";
      exp = -exp;
    } else out += "+";
    if (exp >= 100) {
      out += String.fromCharCode(0x30 + Math.trunc(exp / 100));
      exp %= 100;
    }
    out += String.fromCharCode(0x30 + Math.trunc(exp / 10), 0x30 + (exp % 10));
  }
  if (spec.zeroPad && !spec.leftJustify && out.length + prefix.length < spec.width) {
    if (spec.width > MAX_TEXT_LENGTH) tooBig();
    out = "0".repeat(spec.width - out.length - prefix.length) + out;
  }
  return prefix + out;
}
