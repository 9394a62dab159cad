/**
 * `group_concat(x)`, `group_concat(x, sep)` and `string_agg(x, sep)`.
 *
 * Each non-NULL `x` is appended as text (numbers as CAST AS TEXT renders them), preceded
 * by the separator unless it is the first: `','` for the one-argument form, else the text
 * of `sep` evaluated on that same row (a NULL `sep` adds nothing). NULL `x` rows are
 * skipped entirely. The result is NULL when no row had a non-NULL `x`, else the text
 * (possibly empty).
 *
 * Window frames: `inverse` removes the oldest value together with the separator that
 * followed it, counting bytes as SQLite does. SQLite remembers the separator lengths only
 * once they start to differ (before that, it assumes the first row's `sep` length), and
 * once the text is empty it starts over without resetting its row count; these quirks
 * show through in corner cases (empty values, varying separators), so they are kept.
 * `value` of a frame whose text is empty is NULL when no rows remain counted, and
 * otherwise, through an off-by-one in SQLite, the one-character text `'\0'` (so
 * `hex(group_concat('') OVER (...))` is `'00'`).
 */
import { type Reg, setNull, setText } from "../../value/reg.ts";
import { StorageClass, type TextEncoding } from "../../value/types.ts";
import type { AggregateContext, AggregateFunction } from "./types.ts";
import {
  appendBytes,
  appendValueText,
  newUtf8Buffer,
  type Utf8Buffer,
  utf8Size,
  utf8Text,
  valueTextSize,
} from "./utf8_buffer.ts";

/** The accumulated text and the bookkeeping `inverse` needs. */
export interface GroupConcatState {
  readonly enc: TextEncoding;
  /** The text so far; null until a row with a non-NULL value arrives. */
  buf: Utf8Buffer | null;
  /** Something was appended since the text was last emptied: the next value needs a separator. */
  started: boolean;
  /** Values appended minus values removed (not reset when the text empties). */
  nAccum: number;
  /** Byte length of the separator given with the first value. */
  firstSepLength: number;
  /** Byte lengths of the separators in the text, oldest first, once they have differed. */
  sepLengths: number[] | null;
}

const COMMA = new Uint8Array([0x2c]);

/**
 * Byte length SQLite reports for the first row's separator (a BLOB counts its raw bytes,
 * a NULL 0 as valueTextSize counts it).
 */
function firstSeparatorLength(sep: Reg, enc: TextEncoding): number {
  return sep.c === StorageClass.Blob ? (sep.v as Uint8Array).length : valueTextSize(sep, enc);
}

function stepGroupConcat(p: GroupConcatState, args: readonly Reg[]): void {
  const x = args[0];
  if (x.c === StorageClass.Null) return;
  const buf = p.buf ??= newUtf8Buffer();
  const first = !p.started;
  p.started = true;
  if (args.length === 1) {
    if (!first) appendBytes(buf, COMMA);
    else p.firstSepLength = 1;
  } else if (!first) {
    // A NULL separator appends nothing (0 bytes).
    const nSep = appendValueText(buf, args[1], p.enc);
    if (nSep !== p.firstSepLength || p.sepLengths) {
      // The lengths diverged (now or before): record this one, the earlier ones first.
      let lengths = p.sepLengths;
      if (!lengths) {
        lengths = [];
        for (let i = 0; i < p.nAccum - 1; i++) lengths.push(p.firstSepLength);
        p.sepLengths = lengths;
      }
      if (p.nAccum > 0) lengths[p.nAccum - 1] = nSep;
    }
  } else {
    p.firstSepLength = firstSeparatorLength(args[1], p.enc);
  }
  p.nAccum++;
  appendValueText(buf, x, p.enc);
}

function inverseGroupConcat(p: GroupConcatState, args: readonly Reg[]): void {
  const x = args[0];
  const buf = p.buf;
  if (x.c === StorageClass.Null || !buf) return;
  let remove = valueTextSize(x, p.enc);
  p.nAccum--;
  const lengths = p.sepLengths;
  if (lengths) {
    if (p.nAccum > 0) {
      remove += lengths[0] ?? 0;
      lengths.copyWithin(0, 1, p.nAccum);
    }
  } else {
    // Removing the last value over-counts by one separator; harmless, the text empties.
    remove += p.firstSepLength;
  }
  // The whole text: it empties and starts over; less: its front goes (some stays).
  if (remove >= utf8Size(buf)) {
    buf.start = buf.end = 0;
    p.started = false;
    p.sepLengths = null;
  } else buf.start += remove;
}

function finalGroupConcat(p: GroupConcatState, out: Reg): void {
  if (!p.buf) setNull(out);
  else setText(out, utf8Text(p.buf, p.enc));
}

function valueGroupConcat(p: GroupConcatState, out: Reg): void {
  const buf = p.buf;
  if (!buf) setNull(out);
  else if (utf8Size(buf) > 0) setText(out, utf8Text(buf, p.enc));
  // SQLite returns its static "" with length 1 here: a text of one NUL character.
  else if (p.nAccum > 0) setText(out, "\0");
  else setNull(out);
}

/** `group_concat(x [, sep])`. */
export const GROUP_CONCAT: AggregateFunction<GroupConcatState> = Object.freeze({
  name: "group_concat",
  minArgs: 1,
  maxArgs: 2,
  create: (ctx: AggregateContext): GroupConcatState => ({
    enc: ctx.encoding,
    buf: null,
    started: false,
    nAccum: 0,
    firstSepLength: 0,
    sepLengths: null,
  }),
  step: stepGroupConcat,
  final: finalGroupConcat,
  inverse: inverseGroupConcat,
  value: valueGroupConcat,
});

/** `string_agg(x, sep)`: `group_concat(x, sep)` under its SQL-standard name. */
export const STRING_AGG: AggregateFunction<GroupConcatState> = Object.freeze({
  ...GROUP_CONCAT,
  name: "string_agg",
  minArgs: 2,
  maxArgs: 2,
});
