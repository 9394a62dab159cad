/**
 * Number ↔ text conversions with SQLite 3.53's exact rules.
 *
 * Reading text as a number follows `sqlite3AtoF` / `sqlite3Atoi64`:
 * - Text ends at its first NUL character (SQLite reads it as a C string).
 * - Leading and trailing whitespace is allowed: space, `\t`, `\n`, `\v`, `\f`, `\r` only.
 * - Accepted forms: `[+-]digits[.[digits]][(e|E)[+-]digits]` and `[+-].digits[...]`.
 *   No hexadecimal, no `Inf`/`NaN`, no digit separators, no non-ASCII digits.
 * - The value is `s·10^d` with `s` an unsigned 64-bit integer: once `s` reaches
 *   1844674407370955160, further digits no longer contribute (integer digits only scale
 *   by ten). So only about 19 significant digits count, and `s·10^d` is then rounded to
 *   the nearest double. `1e400` is `Inf`; `1e-400` is `0.0`.
 * - A text that is an integer form (no `.`, no exponent) and fits in 64 bits is an
 *   INTEGER with its exact value, including `-9223372036854775808`; beyond that it is a
 *   REAL (`9223372036854775808` → 9.223372036854776e18).
 */
import { INT64_MAX, INT64_MIN, normalizeInt, StorageClass, TextEncoding } from "./types.ts";
export { realToText } from "./real_to_text.ts";

/** The number a text denotes: an INTEGER (number when safe, else bigint) or a REAL. */
export interface ParsedNumber {
  /** `StorageClass.Integer` or `StorageClass.Real`. */
  readonly cls: StorageClass.Integer | StorageClass.Real;
  /** The value; a `bigint` only for an INTEGER outside the safe range. */
  readonly value: number | bigint;
}

/** sqlite3Isspace: HT, LF, VT, FF, CR and space. */
export function isSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

/** ASCII digit '0'..'9' (the engine's one definition: the lexer, JSON and dates use it). */
export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** ASCII hex digit '0'..'9', 'a'..'f', 'A'..'F' (the lexer's and JSON's). */
export function isHexDigit(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
}

/** Index of the first NUL in the text of the last {@link scanReal} call, or -1. */
let scanNul = -1;

/** Bit flags describing the last scan (SQLite's sqlite3AtoF return value). */
const enum Scan {
  /** At least one digit was seen: the text starts with a number. */
  Digits = 1,
  /** A decimal point or an exponent was seen. */
  Fraction = 2,
  /** The whole text (apart from surrounding whitespace) is the number. */
  Whole = 4,
}

/** Flags of the last {@link scanReal} call. */
let scanFlags = 0;

// The mantissa of the current scan, kept without bigints: its first 15 significant digits
// in `mHead` and up to 5 more in `mTail` (`mTailDigits` of them). Module state so that a
// scan allocates nothing in the common case.
let mHead = 0;
let mTail = 0;
let mTailDigits = 0;
let mDigits = 0; // significant digits so far (leading zeros excluded)
let mFull = false; // the mantissa reached MANTISSA_LIMIT: later digits no longer count

// The mantissa's limits (a const enum, so the bundle holds the numbers).
const enum Mantissa {
  /** Digits `mHead` holds, all exact in a double. */
  SAFE_DIGITS = 15,
  /**
   * SQLite stops adding digits to the mantissa once it reaches MANTISSA_LIMIT =
   * floor((2^64 - 10) / 10) = 1844674407370955160; here split as head (15 digits) and
   * tail (4 digits).
   */
  LIMIT_HEAD = 184467440737095,
  LIMIT_TAIL = 5160,
}

function pushDigit(d: number): void {
  if (mDigits < Mantissa.SAFE_DIGITS) {
    mHead = mHead * 10 + d;
    if (mHead !== 0) mDigits++;
    return;
  }
  mTail = mTail * 10 + d;
  mTailDigits++;
  mDigits++;
  // A 19-digit mantissa may or may not have reached the limit; a 20-digit one has.
  if (
    mDigits === 20 ||
    (mDigits === 19 &&
      (mHead > Mantissa.LIMIT_HEAD ||
        (mHead === Mantissa.LIMIT_HEAD && mTail >= Mantissa.LIMIT_TAIL)))
  ) {
    mFull = true;
  }
}

/**
 * Scans `s` like sqlite3AtoF: returns the value of the longest numeric prefix (0 when
 * there is none) and sets {@link scanFlags}.
 */
function scanReal(s: string): number {
  // SQLite reads the text as a C string: it ends at its first NUL.
  scanNul = s.indexOf("\0");
  const end = scanNul < 0 ? s.length : scanNul;
  let i = 0;
  let flags = 0;
  while (i < end && isSpace(s.charCodeAt(i))) i++;
  let neg = false;
  let c = s.charCodeAt(i);
  if (c === 0x2d || c === 0x2b) {
    neg = c === 0x2d;
    i++;
  }
  mHead = 0;
  mTail = 0;
  mTailDigits = 0;
  mDigits = 0;
  mFull = false;
  let exp10 = 0;
  while (i < end && isDigit(c = s.charCodeAt(i))) {
    flags |= Scan.Digits;
    i++;
    if (mFull) exp10++;
    else pushDigit(c - 0x30);
  }
  if (c === 0x2e && i < end) {
    i++;
    if (i < end && isDigit(s.charCodeAt(i))) {
      flags |= Scan.Digits;
      while (i < end && isDigit(c = s.charCodeAt(i))) {
        i++;
        if (!mFull) {
          pushDigit(c - 0x30);
          exp10--;
        }
      }
    } else if (flags === 0) {
      scanFlags = 0;
      return 0;
    }
    flags |= Scan.Fraction;
  } else if (flags === 0) {
    scanFlags = 0;
    return 0;
  }
  c = s.charCodeAt(i);
  if ((c === 0x65 || c === 0x45) && i < end) {
    let j = i + 1;
    let esign = 1;
    c = s.charCodeAt(j);
    if (c === 0x2d || c === 0x2b) {
      if (c === 0x2d) esign = -1;
      j++;
    }
    if (j < end && isDigit(s.charCodeAt(j))) {
      let e = 0;
      while (j < end && isDigit(c = s.charCodeAt(j))) {
        // SQLite saturates the exponent this way (it can still reach 99999); the cut-off
        // is observable with absurdly long mantissas, so it is kept exactly.
        e = e < 10000 ? e * 10 + (c - 0x30) : 10000;
        j++;
      }
      exp10 += esign * e;
      flags |= Scan.Fraction;
      i = j;
    }
    // Otherwise the "e" (and sign) stay unconsumed and make the text non-numeric.
  }
  let value: number;
  if (mDigits === 0) value = 0;
  else if (mDigits <= Mantissa.SAFE_DIGITS) value = scaleExact(mHead, exp10);
  else value = +`${mHead}${String(mTail).padStart(mTailDigits, "0")}e${exp10}`;
  if (neg) value = -value;
  while (i < end && isSpace(s.charCodeAt(i))) i++;
  if (i === end) flags |= Scan.Whole;
  scanFlags = flags;
  return value;
}

/** Exact powers of ten up to 10^22 (all representable as doubles). */
const EXACT_POW10 = Array.from({ length: 23 }, (_, k) => +`1e${k}`);

/** `m·10^e` correctly rounded, for `m` a safe integer. */
function scaleExact(m: number, e: number): number {
  // One correctly rounded operation on exact operands is itself correctly rounded.
  if (e === 0) return m;
  if (e > 0 && e <= 22) return m * EXACT_POW10[e];
  if (e < 0 && e >= -22) return m / EXACT_POW10[-e];
  return +`${m}e${e}`;
}

/** Value of the last {@link atoi64} call: an INTEGER (bigint outside the safe range). */
export let atoiValue: number | bigint = 0;

/**
 * sqlite3Atoi64 over the whole string (a NUL is an ordinary junk character here): reads
 * optional spaces, a sign and digits into {@link atoiValue}, saturated to 64 bits.
 * Returns -1 when there are no digits, 0 for an exact integer with nothing but spaces
 * after it, 1 when junk follows, 2 when the digits overflow 64 bits, and 3 for exactly
 * 9223372036854775808 (which only fits negated).
 */
export function atoi64(s: string): number {
  const end = s.length;
  let i = 0;
  while (i < end && isSpace(s.charCodeAt(i))) i++;
  let neg = false;
  let c = s.charCodeAt(i);
  if (c === 0x2d || c === 0x2b) {
    neg = c === 0x2d;
    i++;
  }
  const signEnd = i;
  while (i < end && s.charCodeAt(i) === 0x30) i++;
  const start = i;
  while (i < end && isDigit(c = s.charCodeAt(i))) i++;
  const digits = i - start;
  let rc = 0;
  if (digits === 0 && start === signEnd) rc = -1;
  else {
    for (let j = i; j < end; j++) {
      if (!isSpace(s.charCodeAt(j))) {
        rc = 1;
        break;
      }
    }
  }
  if (digits <= 15) {
    const v = +s.slice(start, i); // "" (no digits) is 0
    atoiValue = neg ? 0 - v : v;
    return rc;
  }
  let big = BigInt(s.slice(start, i));
  if (neg) big = -big;
  if (big > INT64_MAX) {
    atoiValue = INT64_MAX;
    return big === INT64_MAX + 1n ? 3 : 2;
  }
  if (big < INT64_MIN) {
    atoiValue = INT64_MIN;
    return 2;
  }
  atoiValue = normalizeInt(big);
  return rc;
}

/** True if some code unit of `s` at or after `from` is above U+00FF. */
function hasWideUnit(s: string, from: number): boolean {
  for (let i = from; i < s.length; i++) if (s.charCodeAt(i) > 0xff) return true;
  return false;
}

/**
 * |v| below this (2^51): SQLite trusts the double it parsed to be the integer, and a double
 * equal to an integer i to be i (RealSameAsInt).
 */
export const TRUSTED_DOUBLE_INT = 2251799813685248;

/**
 * Reads a text as SQLite does when deciding whether it "looks like a number" (NUMERIC,
 * INTEGER and REAL affinity; `sqlite3_value_numeric_type`, which `sum()` uses). Returns
 * `undefined` unless the whole text, apart from surrounding whitespace and anything after
 * a NUL, is a number. A text without point or exponent gives an INTEGER when it fits in
 * 64 bits, and anything else a REAL (`'1.0'` and `'1e2'` are REAL here; affinity then
 * turns whole REALs into INTEGERs).
 *
 * `enc` is the database's text encoding, which matters in two corner cases SQLite has:
 * - In a UTF-16 database a text with any character above U+00FF, even after a NUL, is
 *   never numeric (`'1' || char(0) || 'ı'` stays TEXT; in UTF-8 it is the INTEGER 1).
 * - An integer-form text whose value is at least 2^51 in magnitude is re-read as a whole
 *   for its exact value; if a NUL follows the digits that fails, and the text gives the
 *   REAL nearest to its value instead (`'9007199254740993' || char(0)` is the REAL
 *   9007199254740992.0).
 */
export function parseNumericText(
  s: string,
  enc: TextEncoding = TextEncoding.Utf8,
): ParsedNumber | undefined {
  const real = scanReal(s);
  if ((scanFlags & Scan.Whole) === 0 || (scanFlags & Scan.Digits) === 0) return undefined;
  if (enc !== TextEncoding.Utf8 && scanNul >= 0 && hasWideUnit(s, scanNul)) return undefined;
  if ((scanFlags & Scan.Fraction) === 0) {
    if (real > -TRUSTED_DOUBLE_INT - 1 && real < TRUSTED_DOUBLE_INT) {
      return { cls: StorageClass.Integer, value: real + 0 };
    }
    // The exact INTEGER of the whole text, if it has one (sqlite3Atoi64 succeeding).
    if (atoi64(s) === 0) return { cls: StorageClass.Integer, value: atoiValue };
  }
  return { cls: StorageClass.Real, value: real };
}

/**
 * What sqlite3AtoF reports about a text's numeric prefix (read up to the first NUL):
 * 1 the whole text is an integer form, 2 the whole text is a number with a point or an
 * exponent, 0 there is no number or junk follows an integer prefix, -1 junk follows a
 * prefix with a point or an exponent.
 */
export function numericTextKind(s: string): number {
  scanReal(s);
  if ((scanFlags & Scan.Digits) === 0) return 0;
  const fraction = (scanFlags & Scan.Fraction) !== 0;
  if ((scanFlags & Scan.Whole) !== 0) return fraction ? 2 : 1;
  return fraction ? -1 : 0;
}

/**
 * The REAL value SQLite gives a text (`CAST(x AS REAL)`, `sqlite3_value_double`): the
 * value of its longest numeric prefix, or 0 when it has none (`'12abc'` → 12, `'abc'` → 0,
 * `'-'` → 0, `'1e'` → 1, `'-0'` → -0). Arithmetic first decides INTEGER or REAL by its
 * own rules (`'5x' + 0` is the INTEGER 5), which are not modelled here.
 */
export { scanReal as textToReal };

/**
 * The INTEGER a `0x` literal's text stands for (sqlite3DecOrHexToI64): its hex digits, up to
 * 16 after leading zeros, as a two's-complement 64-bit value; undefined past 16.
 */
export function hexLiteralValue(text: string): bigint | undefined {
  const digits = text.slice(2).replace(/^0+/, "");
  return digits.length > 16 ? undefined : BigInt.asIntN(64, BigInt("0x" + (digits || "0")));
}

/** Renders an INTEGER as text (plain decimal digits, `-` for negatives). */
export function intToText(v: number | bigint): string {
  return typeof v === "number" ? String(v + 0) : v.toString();
}
