/**
 * The `localtime` and `utc` modifiers: conversions between UTC and the JS runtime's
 * local time zone (which, like the C library SQLite calls, follows the process's TZ).
 *
 * As SQLite does, a moment outside 1970-01-01 .. 2038-01-18 is first moved to a year
 * with the same leap-year position near 2000, converted there, and moved back: the
 * zone's rules for that year stand in for the real ones.
 */
import { sqlError } from "../../errors.ts";
import {
  computeJD,
  computeYMDHMS,
  DateTime,
  jdMsModulo1000,
  UNIX_EPOCH_JD_MS,
} from "./date_time.ts";
import { unixSeconds } from "./date_format.ts";

/**
 * Last `jdMs` the platform's localtime is trusted with directly (2038-01-18); the first is
 * the Unix epoch, 1970-01-01.
 */
const LOCAL_LAST_JD_MS = 213014145600000;

const shifted = new DateTime();
const guess = new DateTime();
const clock = new Date(0);

/**
 * Moves `p`, taken as UTC, to the local time zone. Throws "local time unavailable"
 * when the platform cannot convert (SQLite reports that as an error, not NULL).
 */
export function toLocaltime(p: DateTime): void {
  computeJD(p);
  let yearShift = 0;
  let t: number;
  if (p.jdMs < UNIX_EPOCH_JD_MS || p.jdMs > LOCAL_LAST_JD_MS) {
    shifted.copyFrom(p);
    computeYMDHMS(shifted);
    yearShift = 2000 + (shifted.Y % 4) - shifted.Y;
    shifted.Y += yearShift;
    shifted.validJD = false;
    computeJD(shifted);
    t = unixSeconds(shifted);
  } else {
    t = unixSeconds(p);
  }
  if (Number.isNaN(clock.setTime(t * 1000))) {
    throw sqlError("local time unavailable");
  }
  p.Y = clock.getFullYear() - yearShift;
  p.M = clock.getMonth() + 1;
  p.D = clock.getDate();
  p.h = clock.getHours();
  p.m = clock.getMinutes();
  p.s = clock.getSeconds() + jdMsModulo1000(p) * 0.001;
  p.validYMD = true;
  p.validHMS = true;
  p.validJD = false;
  p.rawS = false;
  p.tz = 0;
  p.isError = false;
}

/**
 * Moves `p`, taken as local time, to UTC: guesses the UTC moment, converts the guess
 * to local time and corrects by the difference, at most four times (a local time
 * inside a DST gap has no exact answer; the last guess stands).
 */
export function toUtc(p: DateTime): void {
  computeJD(p);
  const original = p.jdMs;
  let at = original;
  let error = 0;
  let tries = 0;
  do {
    guess.reset();
    at -= error;
    guess.jdMs = at;
    guess.validJD = true;
    toLocaltime(guess);
    computeJD(guess);
    error = guess.jdMs - original;
  } while (error !== 0 && tries++ < 3);
  p.reset();
  p.jdMs = at;
  p.validJD = true;
  p.isUtc = true;
  p.isLocal = false;
}
