/**
 * Reading a time value (the first argument of the date and time functions):
 * `YYYY-MM-DD[( |T)HH:MM[:SS[.F...]]][tz]`, `HH:MM[:SS[.F...]][tz]` with tz one of
 * `Z`, `±HH:MM`, the words `now` / `subsec` / `subsecond`, and numbers (a julian day
 * number, or a unix time left raw for the `unixepoch` / `auto` modifiers to read).
 *
 * Positions past the end of a string read as 0, like the NUL ending a C string; callers
 * first cut the text at any NUL (`cText`), as SQLite's C code sees it.
 */
import { isDigit, isSpace, numericTextKind, textToReal } from "../../value/number_text.ts";
import { lowerAsciiCode } from "../../value/ascii_case.ts";
import {
  clearYMDHMSTZ,
  computeFloor,
  computeJD,
  type DateTime,
  DAY_MS,
  UNIX_EPOCH_JD_MS,
} from "./date_time.ts";

/** Code unit at `i`, or 0 past the end. */
export function at(s: string, i: number): number {
  return i < s.length ? s.charCodeAt(i) : 0;
}

/** True if `s` equals the lower-case ASCII word `word`, ignoring ASCII case only. */
export function equalsWord(s: string, word: string): boolean {
  return s.length === word.length && startsWithWord(s, 0, word);
}

/** True if `s` has the lower-case ASCII word `word` at `from`, ignoring ASCII case. */
export function startsWithWord(s: string, from: number, word: string): boolean {
  if (s.length - from < word.length) return false;
  for (let i = 0; i < word.length; i++) {
    if (lowerAsciiCode(s.charCodeAt(from + i)) !== word.charCodeAt(i)) return false;
  }
  return true;
}

/**
 * sqlite3AtoF on the whole of `s`: the number when `s` is one (spaces around allowed,
 * no hex), else undefined.
 */
export function wholeNumber(s: string): number | undefined {
  return numericTextKind(s) > 0 ? textToReal(s) : undefined;
}

/** One fixed-width field of digits: its width, allowed range and the separator after. */
export interface DigitField {
  readonly width: number;
  readonly min: number;
  readonly max: number;
  /** Code unit that must follow, or 0 for the last field (nothing checked after it). */
  readonly sep: number;
}

function field(width: number, min: number, max: number, sep: string): DigitField {
  return { width, min, max, sep: at(sep, 0) };
}

/** Largest year a date field or a `±YYYY-MM-DD` modifier accepts. */
const YEAR_MAX = 14712;

/** `YYYY-MM-DD` of a time value. */
export const DATE_FIELDS = [field(4, 0, YEAR_MAX, "-"), field(2, 1, 12, "-"), field(2, 1, 31, "")];
/** `HH:MM` of a time value (hour up to 24). */
export const HOUR_MINUTE_FIELDS = [field(2, 0, 24, ":"), field(2, 0, 59, "")];
/** `SS`. */
const SECOND_FIELDS = [field(2, 0, 59, "")];
/** `HH:MM` of a timezone offset (hour up to 14). */
const OFFSET_FIELDS = [field(2, 0, 14, ":"), field(2, 0, 59, "")];
/** A 4- or 5-digit year alone (how a `±YYYY-MM-DD` modifier is recognized). */
export const YEAR4_FIELDS = [field(4, 0, YEAR_MAX, "")];
export const YEAR5_FIELDS = [field(5, 0, YEAR_MAX, "")];
/** `YYYY-MM-DD` / `YYYYY-MM-DD` of a modifier: months 0..12 and days 0..31 here. */
export const SHIFT4_FIELDS = [
  field(4, 0, YEAR_MAX, "-"),
  field(2, 0, 12, "-"),
  field(2, 0, 31, ""),
];
export const SHIFT5_FIELDS = [
  field(5, 0, YEAR_MAX, "-"),
  field(2, 0, 12, "-"),
  field(2, 0, 31, ""),
];

/** Values read by the last {@link readDigitFields} call. */
export const digitValues = [0, 0, 0];

/**
 * Reads consecutive digit fields of `s` from `pos` into {@link digitValues}; returns how
 * many were read before one failed (wrong digit count, out of range, wrong separator).
 */
export function readDigitFields(s: string, pos: number, fields: readonly DigitField[]): number {
  for (let k = 0; k < fields.length; k++) {
    const f = fields[k];
    let v = 0;
    for (let i = 0; i < f.width; i++) {
      const c = at(s, pos++);
      if (!isDigit(c)) return k;
      v = v * 10 + c - 0x30;
    }
    if (v < f.min || v > f.max || (f.sep !== 0 && at(s, pos) !== f.sep)) return k;
    digitValues[k] = v;
    pos++;
  }
  return fields.length;
}

/**
 * Reads an optional timezone suffix at `pos` (`Z`, `±HH:MM`, spaces around) into
 * `p.tz`. Returns false if anything else follows.
 */
function parseTimezone(s: string, pos: number, p: DateTime): boolean {
  while (isSpace(at(s, pos))) pos++;
  p.tz = 0;
  const c = at(s, pos);
  if (c === 0x5a || c === 0x7a) { // Z z
    pos++;
    p.isLocal = false;
    p.isUtc = true;
  } else if (c === 0x2b || c === 0x2d) {
    pos++;
    if (readDigitFields(s, pos, OFFSET_FIELDS) !== 2) return false;
    pos += 5;
    const minutes = digitValues[0] * 60 + digitValues[1];
    p.tz = c === 0x2d ? -minutes : minutes;
    if (p.tz === 0) {
      p.isLocal = false;
      p.isUtc = true;
    }
  } else {
    return c === 0;
  }
  while (isSpace(at(s, pos))) pos++;
  return at(s, pos) === 0;
}

/**
 * Reads `HH:MM[:SS[.F...]][tz]` at `pos` into the clock-time fields of `p`. Returns
 * false on any syntax error.
 */
export function parseHhMmSs(s: string, pos: number, p: DateTime): boolean {
  if (readDigitFields(s, pos, HOUR_MINUTE_FIELDS) !== 2) return false;
  const h = digitValues[0];
  const m = digitValues[1];
  pos += 5;
  let sec = 0;
  let frac = 0;
  if (at(s, pos) === 0x3a) {
    pos++;
    if (readDigitFields(s, pos, SECOND_FIELDS) !== 1) return false;
    sec = digitValues[0];
    pos += 2;
    if (at(s, pos) === 0x2e && isDigit(at(s, pos + 1))) {
      let scale = 1;
      pos++;
      while (isDigit(at(s, pos))) {
        frac = frac * 10 + s.charCodeAt(pos) - 0x30;
        scale *= 10;
        pos++;
      }
      frac /= scale;
      // Cut, not rounded: .9999 must not carry into the next second.
      if (frac > 0.999) frac = 0.999;
    }
  }
  p.validJD = false;
  p.rawS = false;
  p.validHMS = true;
  p.h = h;
  p.m = m;
  p.s = sec + frac;
  return parseTimezone(s, pos, p);
}

/** The two digits at `s[i]`, `s[i + 1]` as a number, or -1. */
function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i) - 0x30, b = s.charCodeAt(i + 1) - 0x30;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * `YYYY-MM-DD HH:MM:SS` (or with `T`) exactly, the form the date functions write, read as
 * {@link parseDateAndTime} reads it but without its field loop; false for anything else,
 * which then goes the general way.
 */
export function parseCanonicalDateTime(s: string, p: DateTime): boolean {
  if (s.length !== 19) return false;
  const t = s.charCodeAt(10);
  if (
    s.charCodeAt(4) !== 0x2d || s.charCodeAt(7) !== 0x2d || (t !== 0x20 && t !== 0x54) ||
    s.charCodeAt(13) !== 0x3a || s.charCodeAt(16) !== 0x3a
  ) return false;
  const y1 = twoDigits(s, 0), y2 = twoDigits(s, 2), M = twoDigits(s, 5), D = twoDigits(s, 8);
  const h = twoDigits(s, 11), m = twoDigits(s, 14), sec = twoDigits(s, 17);
  if ((y1 | y2 | h | m | sec) < 0 || M < 1 || M > 12 || D < 1 || D > 31) return false;
  if (h > 24 || m > 59 || sec > 59) return false;
  p.validJD = false;
  p.rawS = false;
  p.validHMS = true;
  p.h = h;
  p.m = m;
  p.s = sec;
  p.tz = 0;
  p.validYMD = true;
  p.Y = y1 * 100 + y2;
  p.M = M;
  p.D = D;
  computeFloor(p);
  return true;
}

/** Reads `[-]YYYY-MM-DD[( |T)+time]` into `p`. Returns false on a syntax error. */
export function parseDateAndTime(s: string, p: DateTime): boolean {
  let pos = 0;
  const neg = at(s, 0) === 0x2d;
  if (neg) pos++;
  if (readDigitFields(s, pos, DATE_FIELDS) !== 3) return false;
  const Y = digitValues[0];
  const M = digitValues[1];
  const D = digitValues[2];
  pos += 10;
  for (let c = at(s, pos); isSpace(c) || c === 0x54; c = at(s, pos)) pos++; // 'T'
  if (parseHhMmSs(s, pos, p)) {
    // date and time
  } else if (pos >= s.length) {
    p.validHMS = false;
  } else {
    return false;
  }
  p.validJD = false;
  p.validYMD = true;
  p.Y = neg ? -Y : Y;
  p.M = M;
  p.D = D;
  computeFloor(p);
  if (p.tz !== 0) computeJD(p);
  return true;
}

/** Sets `p` to the statement's current time (`nowMs`, unix milliseconds). */
export function setToNow(p: DateTime, nowMs: number): void {
  p.jdMs = nowMs + UNIX_EPOCH_JD_MS;
  p.validJD = true;
  p.isUtc = true;
  p.isLocal = false;
  clearYMDHMSTZ(p);
}

/**
 * A numeric time value: kept raw in `s` for `unixepoch` / `auto`, and also taken as a
 * julian day number when it is in range for one.
 */
export function setRawNumber(p: DateTime, r: number): void {
  p.s = r;
  p.rawS = true;
  if (r >= 0 && r < 5373484.5) {
    p.jdMs = Math.trunc(r * DAY_MS + 0.5);
    p.validJD = true;
  }
}

/** Reads a time value given as text into `p`. Returns false if it is not one. */
export function parseTimeValue(s: string, p: DateTime, nowMs: () => number): boolean {
  if (parseCanonicalDateTime(s, p) || parseDateAndTime(s, p)) return true;
  if (parseHhMmSs(s, 0, p)) return true;
  if (equalsWord(s, "now")) {
    setToNow(p, nowMs());
    return true;
  }
  const r = wholeNumber(s);
  if (r !== undefined) {
    setRawNumber(p, r);
    return true;
  }
  if (equalsWord(s, "subsec") || equalsWord(s, "subsecond")) {
    p.useSubsec = true;
    setToNow(p, nowMs());
    return true;
  }
  return false;
}
