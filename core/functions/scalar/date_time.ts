/**
 * The working record of SQLite's date and time functions and its calendar arithmetic.
 *
 * SQLite keeps one moment in several partial forms at once: a julian day number in
 * milliseconds (`jdMs`), a calendar date (Y-M-D), a clock time (h:m:s) and a pending
 * timezone offset, each with a "valid" flag. Modifiers update whichever form suits them
 * and invalidate the others; the `compute*` functions below rebuild a missing form
 * from the ones present. Reproducing SQLite's results bit for bit depends on keeping
 * this exact state machine (e.g. which form a later modifier starts from), so the
 * record mirrors SQLite's, field for field.
 *
 * Integer arithmetic follows C: `/` on ints truncates toward zero (`Math.trunc`), and
 * every julian-day millisecond count stays below 2^53, so doubles hold it exactly.
 */

/** Milliseconds in a day. */
export const DAY_MS = 86400000;
/** Julian day of 1970-01-01 00:00:00, in milliseconds. */
export const UNIX_EPOCH_JD_MS = 210866760000000;
/** Largest valid `jdMs`: 9999-12-31 23:59:59.999. */
export const MAX_JD_MS = 464269060799999;

/** One date/time value being parsed, modified and formatted. */
export class DateTime {
  /** Julian day number times 86400000 (valid when `validJD`). */
  jdMs = 0;
  /**
   * The exact value of `jdMs` while it lies beyond ±2^53 (else null), where `jdMs` only
   * holds the nearest double. SQLite keeps it in a 64-bit integer, so huge `±N seconds`
   * steps that cancel out land back on the exact millisecond.
   */
  jdExact: bigint | null = null;
  /** Year (may be negative), month and day of month (valid when `validYMD`). */
  Y = 0;
  M = 0;
  D = 0;
  /** Hour and minute (valid when `validHMS`). */
  h = 0;
  m = 0;
  /** Seconds with fraction; or, when `rawS`, the raw number given as the time value. */
  s = 0;
  /** Timezone offset in minutes still to be applied by computeJD. */
  tz = 0;
  validJD = false;
  validYMD = false;
  validHMS = false;
  /** Days to subtract for the `floor` modifier (day-of-month overflow). */
  nFloor = 0;
  /** `s` holds a raw numeric time value not yet read as julian day or unix time. */
  rawS = false;
  /** Out of range: the function returns NULL. */
  isError = false;
  /** `subsec`: show milliseconds. */
  useSubsec = false;
  /** Known to be UTC (`utc` is then a no-op). */
  isUtc = false;
  /** Known to be local time (`localtime` is then a no-op). */
  isLocal = false;

  /** Back to the empty state (SQLite's memset to zero). */
  reset(): void {
    this.copyFrom(EMPTY);
  }

  /** Makes this a copy of `o`. */
  copyFrom(o: DateTime): void {
    this.jdMs = o.jdMs;
    this.jdExact = o.jdExact;
    this.Y = o.Y;
    this.M = o.M;
    this.D = o.D;
    this.h = o.h;
    this.m = o.m;
    this.s = o.s;
    this.tz = o.tz;
    this.validJD = o.validJD;
    this.validYMD = o.validYMD;
    this.validHMS = o.validHMS;
    this.nFloor = o.nFloor;
    this.rawS = o.rawS;
    this.isError = o.isError;
    this.useSubsec = o.useSubsec;
    this.isUtc = o.isUtc;
    this.isLocal = o.isLocal;
  }
}

/** The empty state {@link DateTime.reset} returns to; never modified. */
const EMPTY = new DateTime();

/** Puts `p` in the error state: everything cleared, `isError` set. */
export function setError(p: DateTime): void {
  p.reset();
  p.isError = true;
}

/**
 * Adds `deltaMs` (a whole number) to `p.jdMs` as SQLite's 64-bit integer arithmetic
 * would: exactly, wrapping at 2^63.
 */
export function addJdMs(p: DateTime, deltaMs: number): void {
  if (p.jdExact === null) {
    const sum = p.jdMs + deltaMs;
    if (Number.isSafeInteger(sum) && Number.isSafeInteger(deltaMs)) {
      p.jdMs = sum;
      return;
    }
  }
  const exact = BigInt.asIntN(64, (p.jdExact ?? BigInt(p.jdMs)) + BigInt(deltaMs));
  p.jdMs = Number(exact);
  p.jdExact = Number.isSafeInteger(p.jdMs) ? null : exact;
}

/** `jdMs % 1000` (C semantics: the sign of `jdMs`), exact even beyond 2^53. */
export function jdMsModulo1000(p: DateTime): number {
  return p.jdExact === null ? p.jdMs % 1000 : Number(p.jdExact % 1000n);
}

/** True for a julian-day millisecond count within 0000-01-01 .. 9999-12-31. */
export function isValidJdMs(jdMs: number): boolean {
  return jdMs >= 0 && jdMs <= MAX_JD_MS;
}

/**
 * Fills `jdMs` from the calendar date (2000-01-01 when there is none) plus the clock
 * time and pending timezone offset (Meeus, Astronomical Algorithms, ch. 7). A year
 * outside -4713..9999 or an unresolved raw number puts `p` in the error state.
 */
export function computeJD(p: DateTime): void {
  if (p.validJD) return;
  let Y = 2000;
  let M = 1;
  let D = 1;
  if (p.validYMD) {
    Y = p.Y;
    M = p.M;
    D = p.D;
  }
  if (Y < -4713 || Y > 9999 || p.rawS) {
    setError(p);
    return;
  }
  if (M <= 2) {
    Y--;
    M += 12;
  }
  const centuries = Math.trunc((Y + 4800) / 100);
  const gregorian = 38 - centuries + Math.trunc(centuries / 4);
  const yearDays = Math.trunc(36525 * (Y + 4716) / 100);
  const monthDays = Math.trunc(306001 * (M + 1) / 10000);
  p.jdMs = Math.trunc((yearDays + monthDays + D + gregorian - 1524.5) * DAY_MS);
  p.jdExact = null;
  p.validJD = true;
  if (p.validHMS) {
    p.jdMs += p.h * 3600000 + p.m * 60000 + Math.trunc(p.s * 1000 + 0.5);
    if (p.tz !== 0) {
      p.jdMs -= p.tz * 60000;
      p.validYMD = false;
      p.validHMS = false;
      p.tz = 0;
      p.isUtc = true;
      p.isLocal = false;
    }
  }
}

/** Bit i set for months i with 31 days. */
const LONG_MONTHS = (1 << 1) | (1 << 3) | (1 << 5) | (1 << 7) | (1 << 8) | (1 << 10) | (1 << 12);

/** Days in month `M` of year `Y` (proleptic Gregorian); 30 for a month outside 1–12. */
export function daysInMonth(Y: number, M: number): number {
  // February has 29 days in a Gregorian leap year (any sign).
  return ((1 << M) & LONG_MONTHS)
    ? 31
    : M !== 2
    ? 30
    : Y % 4 === 0 && (Y % 100 !== 0 || Y % 400 === 0)
    ? 29
    : 28;
}

/**
 * Sets `nFloor`: how many days the calendar date (its day at most 31) runs past the end of
 * its month (2023-02-31 → 3), which the `floor` modifier takes back.
 */
export function computeFloor(p: DateTime): void {
  p.nFloor = Math.max(0, p.D - daysInMonth(p.Y, p.M));
}

/** Fills Y-M-D from `jdMs` (2000-01-01 when there is none); out of range is an error. */
export function computeYMD(p: DateTime): void {
  if (p.validYMD) return;
  if (!p.validJD) {
    p.Y = 2000;
    p.M = 1;
    p.D = 1;
  } else if (!isValidJdMs(p.jdMs)) {
    setError(p);
    return;
  } else {
    const Z = Math.trunc((p.jdMs + 43200000) / DAY_MS);
    const alpha = Math.trunc((Z + 32044.75) / 36524.25) - 52;
    const A = Z + 1 + alpha - Math.trunc((alpha + 100) / 4) + 25;
    const B = A + 1524;
    const C = Math.trunc((B - 122.1) / 365.25);
    const yearDays = Math.trunc((36525 * (C & 32767)) / 100);
    const E = Math.trunc((B - yearDays) / 30.6001);
    const monthDays = Math.trunc(30.6001 * E);
    p.D = B - yearDays - monthDays;
    p.M = E < 14 ? E - 1 : E - 13;
    p.Y = p.M > 2 ? C - 4716 : C - 4715;
  }
  p.validYMD = true;
}

/** Fills h:m:s from `jdMs`, computing it first if needed. */
export function computeHMS(p: DateTime): void {
  if (p.validHMS) return;
  computeJD(p);
  const dayMs = (p.jdMs + 43200000) % DAY_MS;
  p.s = (dayMs % 60000) / 1000;
  const dayMin = Math.trunc(dayMs / 60000);
  p.m = dayMin % 60;
  p.h = Math.trunc(dayMin / 60);
  p.rawS = false;
  p.validHMS = true;
}

/** Fills both the calendar date and the clock time. */
export function computeYMDHMS(p: DateTime): void {
  computeYMD(p);
  computeHMS(p);
}

/** Drops the calendar date, clock time and pending offset (`jdMs` is authoritative). */
export function clearYMDHMSTZ(p: DateTime): void {
  p.validYMD = false;
  p.validHMS = false;
  p.tz = 0;
}

/** Days since the most recent January 1 (0-based day of the year). Needs YMD, HMS, JD. */
export function daysAfterJan01(p: DateTime, scratch: DateTime): number {
  scratch.copyFrom(p);
  scratch.validJD = false;
  scratch.M = 1;
  scratch.D = 1;
  computeJD(scratch);
  return Math.trunc((p.jdMs - scratch.jdMs + 43200000) / DAY_MS);
}

/** Day of the week with Monday = 0 .. Sunday = 6. */
export function daysAfterMonday(p: DateTime): number {
  return Math.trunc((p.jdMs + 43200000) / DAY_MS) % 7;
}

/** Day of the week with Sunday = 0 .. Saturday = 6. */
export function daysAfterSunday(p: DateTime): number {
  return Math.trunc((p.jdMs + 129600000) / DAY_MS) % 7;
}
