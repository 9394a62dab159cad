/**
 * SQLite's date and time functions: `date`, `time`, `datetime`, `julianday`,
 * `unixepoch`, `strftime`, `timediff`, and `current_date` / `current_time` /
 * `current_timestamp`. Each reads a time value and modifiers (see date_parse.ts and
 * date_modifiers.ts) and returns NULL when either is invalid or the result leaves
 * 0000-01-01 .. 9999-12-31.
 *
 * `'now'` (and a call without arguments) is the statement's time, `ctx.now()`: fixed
 * for one statement run, as SQLite fixes it for one sqlite3_step.
 */
import type { FunctionContext } from "../context.ts";
import type { ScalarImpl } from "./registry.ts";
import {
  dateText,
  strftimeText,
  timediffText,
  timeText,
  unixSeconds,
  unixSecondsSubsec,
} from "./date_format.ts";
import { type Reg, setInt, setNull, setReal, setText } from "../../value/reg.ts";
import { StorageClass } from "../../value/types.ts";
import { cText, textOf } from "./coerce.ts";
import { applyModifier } from "./date_modifiers.ts";
import { parseTimeValue, setRawNumber, setToNow } from "./date_parse.ts";
import {
  clearYMDHMSTZ,
  computeHMS,
  computeJD,
  computeYMD,
  computeYMDHMS,
  DateTime,
  DAY_MS,
  isValidJdMs,
} from "./date_time.ts";

const value = new DateTime();
const other = new DateTime();

/**
 * Reads `args[from]` (the time value; none means now) and the modifiers after it into
 * `p`. Returns false when the result is NULL. Plays SQLite's isDate.
 */
function readDate(
  args: readonly Reg[],
  from: number,
  to: number,
  ctx: FunctionContext,
  p: DateTime,
): boolean {
  p.reset();
  // "now" is the statement's time (ctx.now), else the clock's, in unix milliseconds.
  if (from >= to) {
    setToNow(p, (ctx.now ?? Date.now)());
    return true;
  }
  const first = args[from];
  if (first.c === StorageClass.Integer || first.c === StorageClass.Real) {
    setRawNumber(p, Number(first.v));
  } else {
    const text = textOf(first, ctx.encoding);
    if (text === null || !parseTimeValue(cText(text), p, ctx.now ?? Date.now)) return false;
  }
  for (let i = from + 1; i < to; i++) {
    const text = textOf(args[i], ctx.encoding);
    if (text === null || !applyModifier(cText(text), p, i - from)) return false;
  }
  computeJD(p);
  if (p.isError || !isValidJdMs(p.jdMs)) return false;
  // A lone YYYY-MM-DD with a day past the month's end is shown normalized (02-31 → 03-03).
  if (to - from === 1 && p.validYMD && p.D > 28) p.validYMD = false;
  return true;
}

/**
 * A function of one time value and its modifiers (every argument): NULL when they make no
 * date, else what `write` makes of the date read.
 */
function ofDate(write: (out: Reg, d: DateTime) => void): ScalarImpl {
  return (args, out, ctx) => {
    if (!readDate(args, 0, args.length, ctx, value)) setNull(out);
    else write(out, value);
  };
}

/**
 * `date(time-value, modifier...)`: `YYYY-MM-DD`. Without arguments (`current_date` too)
 * the date is now; so for time and datetime (`current_time`, `current_timestamp`).
 */
export const dateFn: ScalarImpl = ofDate((out, d) => {
  computeYMD(d);
  setText(out, dateText(d));
});

/** `time(time-value, modifier...)`: `HH:MM:SS`. */
export const timeFn: ScalarImpl = ofDate((out, d) => {
  computeHMS(d);
  setText(out, timeText(d));
});

/** `datetime(time-value, modifier...)`: `YYYY-MM-DD HH:MM:SS`. */
export const datetimeFn: ScalarImpl = ofDate((out, d) => {
  computeYMDHMS(d);
  setText(out, dateText(d) + " " + timeText(d));
});

/** `julianday(time-value, modifier...)`: the julian day number, a REAL. */
export const juliandayFn: ScalarImpl = ofDate((out, d) => setReal(out, d.jdMs / DAY_MS));

/** `unixepoch(time-value, modifier...)`: seconds since 1970, INTEGER (REAL with subsec). */
export const unixepochFn: ScalarImpl = ofDate((out, d) => {
  if (d.useSubsec) setReal(out, unixSecondsSubsec(d));
  else setInt(out, unixSeconds(d));
});

/** `strftime(format, time-value, modifier...)`. */
export function strftimeFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  if (!args.length) return setNull(out);
  const fmt = textOf(args[0], ctx.encoding);
  if (fmt === null || !readDate(args, 1, args.length, ctx, value)) return setNull(out);
  computeJD(value);
  computeYMDHMS(value);
  const text = strftimeText(cText(fmt), value);
  if (text === null) setNull(out);
  else setText(out, text);
}

/** Moves `d2` to year `Y` / month `M` (same day and time) and recomputes its JD. */
function moveTo(d2: DateTime, Y: number, M: number): void {
  d2.Y = Y;
  d2.M = M;
  d2.validJD = false;
  computeJD(d2);
}

/**
 * `timediff(a, b)`: the span to add to `b` to reach `a`, as `±YYYY-MM-DD HH:MM:SS.SSS`
 * (whole years and months first, counted on `b`'s calendar, then the rest).
 */
export function timediffFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const d1 = value;
  const d2 = other;
  if (!readDate(args, 0, 1, ctx, d1) || !readDate(args, 1, 2, ctx, d2)) return setNull(out);
  computeYMDHMS(d1);
  computeYMDHMS(d2);
  // Counted from the earlier date to the later one: `dir` is 1 when d1 is the later one.
  const dir = d1.jdMs >= d2.jdMs ? 1 : -1;
  let Y = (d1.Y - d2.Y) * dir;
  if (Y !== 0) moveTo(d2, d1.Y, d2.M);
  let M = (d1.M - d2.M) * dir;
  if (M < 0) {
    Y--;
    M += 12;
  }
  if (M !== 0) moveTo(d2, d2.Y, d1.M);
  // Overshot: step d2 back towards d1 one month at a time.
  while (dir > 0 ? d1.jdMs < d2.jdMs : d1.jdMs > d2.jdMs) {
    M--;
    if (M < 0) {
      M = 11;
      Y--;
    }
    const month = d2.M - dir;
    if (month < 1) moveTo(d2, d2.Y - 1, 12);
    else if (month > 12) moveTo(d2, d2.Y + 1, 1);
    else moveTo(d2, d2.Y, month);
  }
  d1.jdMs = (d1.jdMs - d2.jdMs) * dir;
  // The span as a moment after 0000-01-01 00:00 (JD 1721059.5), read back as D-h-m-s.
  d1.jdMs += 148699540800000;
  clearYMDHMSTZ(d1);
  computeYMDHMS(d1);
  setText(out, timediffText(dir > 0 ? "+" : "-", Y, M, d1));
}
