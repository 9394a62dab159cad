/**
 * date(), time(), datetime() and strftime() of a time value stored as SQLite's own
 * canonical text, `YYYY-MM-DD HH:MM:SS`, read on a record's bytes: when the text names a
 * real instant (month 1–12, a day the month has, hour below 24, minutes and seconds below
 * 60), each of those functions without modifiers writes back some of its fields unchanged,
 * so the result is those bytes (strftime's day of the week and of the year are computed
 * from those fields by strftime's own conversions). Any other text (another layout,
 * fractional seconds, a day past the month's end, which the functions normalise) is left
 * to the functions themselves. tests/date_bytes_test.ts holds this to them and to SQLite.
 */
import { decodeText } from "../../format/text.ts";
import { TextEncoding } from "../../value/types.ts";
import { specifier } from "./date_format.ts";
import { computeJD, DateTime, daysInMonth } from "./date_time.ts";

/**
 * A field computed from the date by strftime's conversion `spec`: `%w` (0–6 from Sunday),
 * `%u` (1–7 from Monday) or `%j` (the day of the year).
 */
export interface DayField {
  readonly day: "w" | "u" | "j";
}

/** A piece of a result: a byte range of the canonical text, a literal, a computed field. */
export type DatePiece = readonly [number, number] | string | DayField;

/** strftime's specifiers of the canonical text's fields, in the text's order. */
const FIELDS = "YmdHMS";

/** Where field `f` of {@link FIELDS} starts in the canonical text. */
const fieldStart = (f: number) => f && 2 + 3 * f;

/**
 * What a result is made of: byte ranges of the canonical text ([start, end) pairs), literal
 * texts and fields computed from the date, in order. It keeps the last result it made, for
 * the next text whose fields it reads are the same: consecutive rows often share their
 * day or hour, and making the text again cost more than the rest of the call.
 */
export class DateLayout {
  /** Bit f: the pieces read field f of {@link FIELDS}. */
  readonly #reads: number;
  #lastKey = -1;
  #lastText = "";

  constructor(readonly pieces: readonly DatePiece[]) {
    let reads = 0;
    for (const piece of pieces) {
      if (typeof piece === "string") continue;
      // A computed day reads the date; a range, the fields that start in it.
      const [start, end] = "day" in piece ? [0, 10] : piece;
      for (let f = 0; f < 6; f++) {
        if (fieldStart(f) >= start && fieldStart(f) < end) reads |= 1 << f;
      }
    }
    this.#reads = reads;
  }

  /** The result for the canonical text at `d[o]` of a real instant (its fields). */
  make(
    d: Uint8Array,
    o: number,
    y: number,
    m: number,
    day: number,
    h: number,
    min: number,
    s: number,
  ): string {
    // The fields read, side by side in decimal (a year has four digits, the others two).
    const r = this.#reads;
    const key = (((((r & 1 ? y : 0) * 100 + (r & 2 ? m : 0)) * 100 + (r & 4 ? day : 0)) * 100 +
              (r & 8 ? h : 0)) * 100 + (r & 16 ? min : 0)) * 100 + (r & 32 ? s : 0);
    if (key === this.#lastKey) return this.#lastText;
    let text = "";
    for (const piece of this.pieces) {
      if (typeof piece === "string") text += piece;
      else if ("day" in piece) {
        // The instant of the fields, its julian day computed.
        instant.reset();
        instant.Y = y;
        instant.M = m;
        instant.D = day;
        instant.h = h;
        instant.m = min;
        instant.s = s;
        instant.validYMD = instant.validHMS = true;
        computeJD(instant);
        text += specifier(piece.day, instant)!;
      } else text += decodeText(d, o + piece[0], o + piece[1], TextEncoding.Utf8);
    }
    this.#lastKey = key;
    return this.#lastText = text;
  }
}

/** The instant the computed fields are read from (the functions' own representation). */
const instant = new DateTime();

/** The layouts of date(x), time(x) and datetime(x). */
export const DATE_LAYOUT = new DateLayout([[0, 10]]);
export const TIME_LAYOUT = new DateLayout([[11, 19]]);
export const DATETIME_LAYOUT = new DateLayout([[0, 19]]);

/**
 * The layout of strftime(`format`, x) when every specifier in `format` copies a field
 * (`%Y %m %d %H %M %S`, and `%%`) or is a day's number (`%w %u %j`) and the rest is
 * ASCII; null otherwise.
 */
export function strftimeLayout(format: string): DateLayout | null {
  const out: DatePiece[] = [];
  for (let i = 0; i < format.length; i++) {
    const c = format.charCodeAt(i);
    // A NUL ends the format (SQLite reads it as a C string); non-ASCII is left alone.
    if (c === 0 || c >= 0x80) return null;
    if (c !== 0x25) {
      out.push(format[i]);
      continue;
    }
    const spec = format[++i];
    // The year is bytes 0–4, every other field two digits after a separator. Past the
    // end spec is undefined, which indexOf reads as "undefined": -1 too.
    const field = FIELDS.indexOf(spec);
    if (spec === "%") out.push("%");
    else if (spec === "w" || spec === "u" || spec === "j") out.push({ day: spec });
    else if (field >= 0) out.push([fieldStart(field), fieldStart(field) + (field ? 2 : 4)]);
    else return null;
  }
  return new DateLayout(out);
}

/** The number of the `n` ASCII digits at `d[o]`, or -1 if one is not a digit. */
function digits(d: Uint8Array, o: number, n: number): number {
  let v = 0;
  for (let i = 0; i < n; i++) {
    const x = d[o + i] - 0x30;
    if (x < 0 || x > 9) return -1;
    v = v * 10 + x;
  }
  return v;
}

/**
 * The function's result for the UTF-8 TEXT at `d[o, o + n)` laid out by `layout`, when
 * the text is canonical and names a real instant; null otherwise.
 */
export function dateFromBytes(
  d: Uint8Array,
  o: number,
  n: number,
  layout: DateLayout,
): string | null {
  if (n !== 19 || d[o + 4] !== 0x2d || d[o + 7] !== 0x2d || d[o + 10] !== 0x20) return null;
  if (d[o + 13] !== 0x3a || d[o + 16] !== 0x3a) return null;
  const y = digits(d, o, 4), m = digits(d, o + 5, 2), day = digits(d, o + 8, 2);
  if (y < 0 || m < 1 || m > 12 || day < 1 || day > daysInMonth(y, m)) return null;
  const h = digits(d, o + 11, 2), min = digits(d, o + 14, 2), s = digits(d, o + 17, 2);
  if (h < 0 || h > 23 || min < 0 || min > 59 || s < 0 || s > 59) return null;
  return layout.make(d, o, y, m, day, h, min, s);
}
