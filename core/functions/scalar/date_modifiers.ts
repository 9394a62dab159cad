/**
 * The modifiers of the date and time functions (the arguments after the time value):
 * `±N unit[s]` (second, minute, hour, day, month, year), `±HH:MM[:SS[.F]]`,
 * `±YYYY-MM-DD[ HH:MM[:SS[.F]]]`, `start of day|month|year`, `weekday N`, `unixepoch`,
 * `julianday`, `auto`, `localtime`, `utc`, `subsec`/`subsecond`, `ceiling`, `floor`.
 * Keywords ignore ASCII case only. `unixepoch`, `julianday` and `auto` are only valid
 * as the first modifier.
 */
import {
  at,
  digitValues,
  equalsWord,
  HOUR_MINUTE_FIELDS,
  parseHhMmSs,
  readDigitFields,
  SHIFT4_FIELDS,
  SHIFT5_FIELDS,
  startsWithWord,
  wholeNumber,
  YEAR4_FIELDS,
  YEAR5_FIELDS,
} from "./date_parse.ts";
import { toLocaltime, toUtc } from "./date_local.ts";
import { isDigit, isSpace } from "../../value/number_text.ts";
import { lowerAsciiCode } from "../../value/ascii_case.ts";
import {
  addJdMs,
  clearYMDHMSTZ,
  computeFloor,
  computeJD,
  computeYMD,
  computeYMDHMS,
  DateTime,
  DAY_MS,
  daysAfterSunday,
  UNIX_EPOCH_JD_MS,
} from "./date_time.ts";

/**
 * The `±N unit` transforms: unit name, the bound |N| must stay under, and seconds per
 * unit. SQLite stores the bounds as C floats, hence `Math.fround`.
 */
const UNITS: readonly (readonly [name: string, limit: number, seconds: number])[] = [
  ["second", Math.fround(4.6427e14), 1],
  ["minute", Math.fround(7.7379e12), 60],
  ["hour", Math.fround(1.2897e11), 3600],
  ["day", 5373485, 86400],
  ["month", 176546, 2592000],
  ["year", 14713, 31536000],
];
const MONTH = 4;
const YEAR = 5;

const timeShift = new DateTime();

/** Carries months outside 1..12 into the year. */
function normalizeMonth(p: DateTime): void {
  const years = p.M > 0 ? Math.trunc((p.M - 1) / 12) : Math.trunc((p.M - 12) / 12);
  p.Y += years;
  p.M -= years * 12;
}

/** A raw number read as a unix time, when `auto` finds it in range for one. */
function autoAdjust(p: DateTime): void {
  if (!p.rawS || p.validJD) {
    p.rawS = false;
  } else if (p.s >= -210866760000 && p.s <= 253402300799) setUnixTime(p);
}

/** Reads the raw number `p.s` as a unix time (`p.s` seconds after 1970-01-01). */
function setUnixTime(p: DateTime): void {
  const r = p.s * 1000 + UNIX_EPOCH_JD_MS;
  clearYMDHMSTZ(p);
  p.jdMs = Math.trunc(r + 0.5);
  p.validJD = true;
  p.rawS = false;
}

/**
 * Applies modifier `z` (already cut at any NUL) to `p`; `index` is its 1-based position
 * among the modifiers. Returns false when the modifier is not valid here (the function
 * then returns NULL). Throws only if local time is unavailable.
 */
export function applyModifier(z: string, p: DateTime, index: number): boolean {
  switch (lowerAsciiCode(at(z, 0))) {
    case 0x61: // a
      if (!equalsWord(z, "auto")) return false;
      if (index > 1) return false;
      autoAdjust(p);
      return true;
    case 0x63: // c
      if (!equalsWord(z, "ceiling")) return false;
      computeJD(p);
      clearYMDHMSTZ(p);
      p.nFloor = 0;
      return true;
    case 0x66: // f
      if (!equalsWord(z, "floor")) return false;
      computeJD(p);
      addJdMs(p, -p.nFloor * DAY_MS);
      clearYMDHMSTZ(p);
      return true;
    case 0x6a: // j
      if (!equalsWord(z, "julianday")) return false;
      if (index > 1) return false;
      if (!(p.validJD && p.rawS)) return false;
      p.rawS = false;
      return true;
    case 0x6c: { // l
      if (!equalsWord(z, "localtime")) return false;
      if (!p.isLocal) toLocaltime(p);
      p.isUtc = false;
      p.isLocal = true;
      return true;
    }
    case 0x75: // u
      if (equalsWord(z, "unixepoch") && p.rawS) {
        if (index > 1) return false;
        const r = p.s * 1000 + UNIX_EPOCH_JD_MS;
        if (!(r >= 0 && r < 464269060800000)) return false;
        setUnixTime(p);
        return true;
      }
      if (!equalsWord(z, "utc")) return false;
      if (!p.isUtc) toUtc(p);
      return true;
    case 0x77: // w
      return weekday(z, p);
    case 0x73: // s
      return startOfOrSubsec(z, p);
    case 0x2b: // +
    case 0x2d: // -
      return shift(z, p);
    default:
      return isDigit(at(z, 0)) && shift(z, p);
  }
}

/** `weekday N`: forward to the next day (today included) that is weekday N (0 = Sunday). */
function weekday(z: string, p: DateTime): boolean {
  if (!startsWithWord(z, 0, "weekday ")) return false;
  const r = wholeNumber(z.slice(8));
  if (r === undefined || !(r >= 0 && r < 7) || Math.trunc(r) !== r) return false;
  computeYMDHMS(p);
  p.tz = 0;
  p.validJD = false;
  computeJD(p);
  let today = daysAfterSunday(p);
  if (today > r) today -= 7;
  addJdMs(p, (r - today) * DAY_MS);
  clearYMDHMSTZ(p);
  return true;
}

/** `start of day|month|year`, `subsec`, `subsecond`. */
function startOfOrSubsec(z: string, p: DateTime): boolean {
  if (!startsWithWord(z, 0, "start of ")) {
    if (!equalsWord(z, "subsec") && !equalsWord(z, "subsecond")) return false;
    p.useSubsec = true;
    return true;
  }
  if (!p.validJD && !p.validYMD && !p.validHMS) return false;
  computeYMD(p);
  p.validHMS = true;
  p.h = p.m = 0;
  p.s = 0;
  p.rawS = false;
  p.tz = 0;
  p.validJD = false;
  const unit = z.slice(9);
  if (equalsWord(unit, "month")) {
    p.D = 1;
    return true;
  }
  if (equalsWord(unit, "year")) {
    p.M = 1;
    p.D = 1;
    return true;
  }
  return equalsWord(unit, "day");
}

/** The numeric modifiers: `±N unit`, `±HH:MM...`, `±YYYY-MM-DD[ HH:MM...]`. */
function shift(z: string, p: DateTime): boolean {
  const sign = at(z, 0);
  // The number ends at ':' or a space, or at the '-' after a 4- or 5-digit year.
  let n = 1;
  for (; n < z.length; n++) {
    const c = z.charCodeAt(n);
    if (c === 0x3a || isSpace(c)) break;
    if (c === 0x2d) {
      if (n === 5 && readDigitFields(z, 1, YEAR4_FIELDS) === 1) break;
      if (n === 6 && readDigitFields(z, 1, YEAR5_FIELDS) === 1) break;
    }
  }
  let r = wholeNumber(z.slice(0, n));
  if (r === undefined) return false;
  let timeText = z;
  let timeEnd = n;
  if (at(z, n) === 0x2d) {
    // ±YYYY-MM-DD: months 0..11 and days 0..30.
    if (sign !== 0x2b && sign !== 0x2d) return false;
    const fields = n === 5 ? SHIFT4_FIELDS : SHIFT5_FIELDS;
    if (readDigitFields(z, 1, fields) !== 3) return false;
    const Y = digitValues[0];
    const M = digitValues[1];
    let D = digitValues[2];
    if (M >= 12 || D >= 31) return false;
    const after = n === 5 ? 11 : 12;
    computeYMDHMS(p);
    p.validJD = false;
    if (sign === 0x2d) {
      p.Y -= Y;
      p.M -= M;
      D = -D;
    } else {
      p.Y += Y;
      p.M += M;
    }
    normalizeMonth(p);
    computeFloor(p);
    computeJD(p);
    p.validHMS = false;
    p.validYMD = false;
    addJdMs(p, D * DAY_MS);
    if (after >= z.length) return true;
    if (!isSpace(at(z, after)) || readDigitFields(z, after + 1, HOUR_MINUTE_FIELDS) !== 2) {
      return false;
    }
    timeText = z.slice(after + 1);
    timeEnd = 2;
  }
  if (at(timeText, timeEnd) === 0x3a) return shiftTime(timeText, sign, p);
  // ±N unit[s]
  let u = n;
  while (isSpace(at(z, u))) u++;
  let len = z.length - u;
  if (len < 3 || len > 10) return false;
  if (lowerAsciiCode(z.charCodeAt(u + len - 1)) === 0x73) len--; // plural 's'
  computeJD(p);
  const rounder = r < 0 ? -0.5 : 0.5;
  p.nFloor = 0;
  let ok = false;
  for (let i = 0; i < UNITS.length; i++) {
    const [name, limit, seconds] = UNITS[i];
    if (name.length !== len || !startsWithWord(z, u, name) || !(r > -limit && r < limit)) continue;
    if (i === MONTH || i === YEAR) {
      // Whole months or years move the calendar date; the fraction is added as time.
      computeYMDHMS(p);
      if (i === MONTH) {
        p.M += Math.trunc(r);
        normalizeMonth(p);
      } else p.Y += Math.trunc(r);
      computeFloor(p);
      p.validJD = false;
      r -= Math.trunc(r);
    }
    computeJD(p);
    addJdMs(p, Math.trunc(r * 1000 * seconds + rounder));
    ok = true;
    break;
  }
  clearYMDHMSTZ(p);
  return ok;
}

/** Adds (or with `-`, subtracts) the clock time in `text` (`[±]HH:MM[:SS[.F]][tz]`). */
function shiftTime(text: string, sign: number, p: DateTime): boolean {
  const start = isDigit(at(text, 0)) ? 0 : 1;
  const tx = timeShift;
  tx.reset();
  if (!parseHhMmSs(text, start, tx)) return false;
  computeJD(tx);
  // Keep only the time of day of 2000-01-01 + the clock time (+ any offset).
  tx.jdMs -= 43200000;
  const days = Math.trunc(tx.jdMs / DAY_MS);
  tx.jdMs -= days * DAY_MS;
  if (sign === 0x2d) tx.jdMs = -tx.jdMs;
  computeJD(p);
  clearYMDHMSTZ(p);
  addJdMs(p, tx.jdMs);
  return true;
}
