/**
 * Rendering a date/time value: the fixed layouts of `date()`, `time()`, `datetime()` and
 * `timediff()`, and `strftime()`'s format specifiers. Numbers are rendered as SQLite's
 * own printf does (`%02d`, `%2d`, `%06.3f`, `%.16g`), floats through printf_float.ts.
 */
import { formatFloat, simpleFloatSpec } from "./printf_float.ts";
import {
  computeYMD,
  DateTime,
  DAY_MS,
  daysAfterJan01,
  daysAfterMonday,
  daysAfterSunday,
  UNIX_EPOCH_JD_MS,
} from "./date_time.ts";

/** `%0<width>d` (zero) or `%<width>d` (space padded), for any sign. */
export function padInt(v: number, width: number, zero: boolean): string {
  const digits = String(Math.abs(v));
  const sign = v < 0 ? "-" : "";
  const fill = width - digits.length - sign.length;
  if (fill <= 0) return sign + digits;
  return zero ? sign + "0".repeat(fill) + digits : " ".repeat(fill) + sign + digits;
}

const SECONDS_SPEC = simpleFloatSpec("f", 3, 6, false); // %06.3f
const FIXED3_SPEC = simpleFloatSpec("f", 3, 0, false); // %.3f
const G16_SPEC = simpleFloatSpec("g", 16, 0, false); // %.16g

/** Seconds as `SS.SSS` (`%06.3f`). */
export function secondsText(s: number): string {
  return formatFloat(s, SECONDS_SPEC);
}

/** Two digits of a non-negative field, as SQLite's layouts write them (mod 100). */
function two(v: number): string {
  const t = v % 100;
  return t < 10 ? "0" + t : String(t);
}

/** `date()`: `YYYY-MM-DD`. Needs YMD. */
export function dateText(p: DateTime): string {
  // The year: four digits, `-` before a negative year.
  return (p.Y < 0 ? "-" : "") + padInt(Math.abs(p.Y) % 10000, 4, true) + "-" + two(p.M) + "-" +
    two(p.D);
}

/** `time()`: `HH:MM:SS`, or `HH:MM:SS.SSS` with `subsec`. Needs HMS. */
export function timeText(p: DateTime): string {
  let sec: string;
  if (p.useSubsec) {
    const ms = Math.trunc(1000 * p.s + 0.5);
    sec = two(Math.trunc(ms / 1000)) + "." + padInt(ms % 1000, 3, true);
  } else {
    sec = two(Math.trunc(p.s));
  }
  return two(p.h) + ":" + two(p.m) + ":" + sec;
}

/** Unix time of `p` in whole seconds (`unixepoch()`, `%s`). */
export function unixSeconds(p: DateTime): number {
  return Math.trunc(p.jdMs / 1000) - UNIX_EPOCH_JD_MS / 1000;
}

/** Unix time of `p` with milliseconds (`unixepoch(..., 'subsec')`). */
export function unixSecondsSubsec(p: DateTime): number {
  return (p.jdMs - UNIX_EPOCH_JD_MS) / 1000;
}

const scratch = new DateTime();
const thursday = new DateTime();

/** Moves `thursday` to the Thursday of `p`'s ISO week (for %G, %g, %V). */
function isoThursday(p: DateTime): DateTime {
  thursday.copyFrom(p);
  thursday.jdMs += (3 - daysAfterMonday(p)) * DAY_MS;
  thursday.validYMD = false;
  computeYMD(thursday);
  return thursday;
}

/**
 * `strftime(format, ...)` for a value with valid JD, YMD and HMS: the rendered text, or
 * null when the format has an unknown specifier (or ends in a lone `%`).
 */
export function strftimeText(fmt: string, x: DateTime): string | null {
  let out = "";
  let from = 0;
  for (let i = 0; i < fmt.length; i++) {
    if (fmt.charCodeAt(i) !== 0x25) continue; // %
    if (from < i) out += fmt.slice(from, i);
    i++;
    from = i + 1;
    const piece = specifier(i < fmt.length ? fmt[i] : "", x);
    if (piece === null) return null;
    out += piece;
  }
  if (from < fmt.length) out += fmt.slice(from);
  return out;
}

/**
 * One `%` conversion, or null for an unknown one. The `%02d` fields but `%g` (day, month,
 * hour up to 24, minute, second, week up to 53) lie in 0..99 for a date strftime reads
 * (its julian day is in range), where {@link two} writes what `padInt(v, 2, true)` does.
 */
export function specifier(cf: string, x: DateTime): string | null {
  switch (cf) {
    case "d":
      return two(x.D);
    case "e":
      return padInt(x.D, 2, false);
    case "f":
      return secondsText(x.s > 59.999 ? 59.999 : x.s);
    case "F":
      return padInt(x.Y, 4, true) + "-" + two(x.M) + "-" + two(x.D);
    case "G":
      return padInt(isoThursday(x).Y, 4, true);
    case "g":
      return padInt(isoThursday(x).Y % 100, 2, true);
    case "H":
      return two(x.h);
    case "k":
      return padInt(x.h, 2, false);
    case "I":
      return two(hour12(x.h));
    case "l":
      return padInt(hour12(x.h), 2, false);
    case "j":
      return padInt(daysAfterJan01(x, scratch) + 1, 3, true);
    case "J":
      return formatFloat(x.jdMs / DAY_MS, G16_SPEC);
    case "m":
      return two(x.M);
    case "M":
      return two(x.m);
    case "p":
      return x.h >= 12 ? "PM" : "AM";
    case "P":
      return x.h >= 12 ? "pm" : "am";
    case "R":
      return two(x.h) + ":" + two(x.m);
    case "s":
      return x.useSubsec ? formatFloat(unixSecondsSubsec(x), FIXED3_SPEC) : String(unixSeconds(x));
    case "S":
      return two(Math.trunc(x.s));
    case "T":
      return two(x.h) + ":" + two(x.m) + ":" +
        two(Math.trunc(x.s));
    case "u": {
      const d = daysAfterSunday(x);
      return String(d === 0 ? 7 : d);
    }
    case "w":
      return String(daysAfterSunday(x));
    case "U":
      return two(Math.trunc((daysAfterJan01(x, scratch) - daysAfterSunday(x) + 7) / 7));
    case "V": {
      const t = isoThursday(x);
      return two(Math.trunc(daysAfterJan01(t, scratch) / 7) + 1);
    }
    case "W":
      return two(Math.trunc((daysAfterJan01(x, scratch) - daysAfterMonday(x) + 7) / 7));
    case "Y":
      return padInt(x.Y, 4, true);
    case "%":
      return "%";
    default:
      return null;
  }
}

/** Hour on a 12-hour clock (12, 1..12). */
function hour12(h: number): number {
  if (h > 12) h -= 12;
  return h === 0 ? 12 : h;
}

/** `timediff()`: `±YYYY-MM-DD HH:MM:SS.SSS` from the sign, years, months and a span. */
export function timediffText(sign: string, Y: number, M: number, span: DateTime): string {
  return sign + padInt(Y, 4, true) + "-" + padInt(M, 2, true) + "-" +
    padInt(span.D - 1, 2, true) + " " + padInt(span.h, 2, true) + ":" + padInt(span.m, 2, true) +
    ":" + secondsText(span.s);
}
