/**
 * SQLite's own printf, as the SQL functions `printf()` and `format()` run it
 * (sqlite3_str_vappendf with SQL arguments).
 *
 * A conversion is `%` [flags] [width] [.precision] [l|ll] letter:
 * - flags: `-` left-justify, `+` / space sign, `#` alternate form, `!` alternate form 2
 *   (widths and precisions of strings count characters, floats keep up to 26 digits),
 *   `0` zero padding, `,` thousands separators (decimal integers and floats).
 * - width and precision are decimal numbers or `*` (taken from the next argument; a
 *   negative `*` width left-justifies, a negative `*` precision counts as positive).
 * - letters: d i (signed), u x X o p (unsigned 64-bit), r (ordinal: 1st, 2nd), f e E g G,
 *   c (first character of the argument's text, repeated `precision` times), s z (text),
 *   q Q w (SQL-quoted text; `%#q` / `%#Q` spell control characters as `\u00XX`, and
 *   `%#Q` then writes `unistr('...')`), n (nothing), % (a percent sign).
 * Arguments run out gracefully: a missing one reads as 0, 0.0 or NULL. An unknown letter,
 * or `%T` / `%S` (internal only), stops the output where it is; if nothing was output
 * at all, the result is NULL. Widths and precisions of strings count UTF-8 bytes unless
 * `!` is given, so a precision may cut a character in two (its bytes are then kept as
 * escaped bytes, core/format/text.ts, as SQLite keeps them).
 */
import { MAX_TEXT_LENGTH, tooBig } from "./limits.ts";
import { newReg, type Reg, setNull } from "../../value/reg.ts";
import { TextEncoding } from "../../value/types.ts";
import type { FunctionContext } from "../context.ts";
import { canonicalUtf8, decodeText, encodeUtf8 } from "../../format/text.ts";
import {
  charCount,
  cText,
  doubleOf,
  int64Of,
  setTextResult,
  skipChars,
  sqliteCharEnd,
  textOf,
  toInt32,
  utf8Length,
} from "./coerce.ts";
import { type FloatSpec, formatFloat } from "./printf_float.ts";

/** The arguments of one printf call (after its format) and how many have been used. */
class Args {
  /** The index of the next argument: the format is the first. */
  #at = 1;
  readonly #regs: readonly Reg[];
  readonly #enc: TextEncoding;

  constructor(regs: readonly Reg[], enc: TextEncoding) {
    this.#regs = regs;
    this.#enc = enc;
  }
  /** The next argument; past the last, a NULL (which reads as 0, 0.0 and no text). */
  #next(): Reg {
    return this.#regs[this.#at++] ?? newReg();
  }
  int(): number | bigint {
    return int64Of(this.#next(), this.#enc);
  }
  double(): number {
    return doubleOf(this.#next(), this.#enc);
  }
  /** The argument's text as C sees it (cut at a NUL), or null. */
  text(): string | null {
    const t = textOf(this.#next(), this.#enc);
    return t === null ? null : cText(t);
  }
}

// deno-lint-ignore no-control-regex
const CONTROL = /[\x01-\x1f]/;
// deno-lint-ignore no-control-regex
const CONTROLS = /[\x01-\x1f]/g;

function controlEscape(ch: string): string {
  return "\\u00" + ch.charCodeAt(0).toString(16).padStart(2, "0");
}

/** The conversion letters SQL's printf runs (SQLite's %T and %S are internal only: left out). */
const CONVERSIONS = "dsgzqQwcouxXfeEGinp%r";

/**
 * Formats `format` with the arguments `regs[1..]` (`regs[0]` is the format's). Returns null when the output is
 * empty because it stopped (or never started): SQLite's NULL result.
 */
export function sqlPrintf(
  format: string,
  regs: readonly Reg[],
  enc: TextEncoding,
): string | null {
  const fmt = cText(format);
  const args = new Args(regs, enc);
  let out = "";
  let touched = false;
  const n = fmt.length;
  let i = 0;
  while (i < n) {
    if (fmt.charCodeAt(i) !== 0x25) {
      let j = fmt.indexOf("%", i);
      if (j < 0) j = n;
      out += fmt.slice(i, j);
      touched = true;
      i = j;
      if (i >= n) break;
    }
    // fmt[i] is '%'
    i++;
    if (i >= n) {
      out += "%";
      touched = true;
      break;
    }
    let leftJustify = false, plus = "", alternate = false, alt2 = false, zeroPad = false;
    let thousands = false, width = 0, precision = -1, done = false;
    let c = fmt[i];
    do {
      switch (c) {
        case "-":
          leftJustify = true;
          break;
        case "+":
          plus = "+";
          break;
        case " ":
          plus = " ";
          break;
        case "#":
          alternate = true;
          break;
        case "!":
          alt2 = true;
          break;
        case "0":
          zeroPad = true;
          break;
        case ",":
          thousands = true;
          break;
        case "l":
          c = fmt[++i] ?? "";
          if (c === "l") c = fmt[++i] ?? "";
          done = true;
          break;
        case "*": {
          width = toInt32(args.int());
          if (width < 0) {
            leftJustify = true;
            width = width >= -2147483647 ? -width : 0;
          }
          const after = fmt[i + 1] ?? "";
          if (after !== "." && after !== "l") {
            c = fmt[++i] ?? "";
            done = true;
          }
          break;
        }
        case ".": {
          c = fmt[++i] ?? "";
          if (c === "*") {
            precision = toInt32(args.int());
            if (precision < 0) precision = precision >= -2147483647 ? -precision : -1;
            c = fmt[++i] ?? "";
          } else {
            precision = digitRun(fmt, i);
            c = fmt[i = digitsEnd] ?? "";
          }
          if (c === "l") i--;
          else done = true;
          break;
        }
        default:
          if (c < "1" || c > "9") done = true;
          else {
            width = digitRun(fmt, i);
            c = fmt[i = digitsEnd] ?? "";
            if (c !== "." && c !== "l") done = true;
            else i--;
          }
      }
    } while (!done && (c = fmt[++i] ?? "") !== "");
    // c is the conversion letter at fmt[i] ("" past the end).
    if (c === "" || !CONVERSIONS.includes(c)) break;
    i++;
    let piece: string;
    let len: number; // length of `piece` as width counts it
    // The numeric conversions' options (formatInteger reads the ones it has).
    const spec: FloatSpec = {
      conv: c,
      precision,
      width,
      plus,
      alternate,
      alt2,
      zeroPad,
      leftJustify,
      thousands,
    };
    switch (c) {
      case "d":
      case "i":
      case "u":
      case "x":
      case "X":
      case "o":
      case "p":
      case "r": {
        piece = formatInteger(c, args.int(), spec);
        len = piece.length;
        break;
      }
      case "f":
      case "e":
      case "E":
      case "g":
      case "G": {
        piece = formatFloat(args.double(), spec);
        len = piece.length;
        break;
      }
      case "n":
        piece = "";
        len = 0;
        width = 0;
        break;
      case "%":
        piece = "%";
        len = 1;
        break;
      case "c": {
        const t = args.text();
        const ch = !t ? "\0" : t.slice(0, sqliteCharEnd(t, 0));
        const count = precision > 1 ? precision : 1;
        if (count > MAX_TEXT_LENGTH) tooBig();
        piece = count === 1 ? ch : ch.repeat(count);
        // SQLite pads a repeated character in front before writing it, and counts the
        // field width in characters (C int arithmetic, which can wrap).
        let w = precision > 1 ? (width - (precision - 1)) | 0 : width;
        if (precision > 1 && w > 1 && !leftJustify) {
          piece = " ".repeat(w - 1) + piece;
          w = 0;
        }
        const bytes = utf8Length(ch);
        if (w > 0) w = (w + bytes - 1) | 0;
        width = (w - bytes) | 0;
        len = 0;
        break;
      }
      case "s":
      case "z": {
        const t = args.text() ?? "";
        piece = prefix(t, precision, alt2);
        [width, len] = stringWidth(piece, width, alt2);
        break;
      }
      default: { // q Q w
        const q = c === "w" ? '"' : "'";
        const t = args.text();
        const isNull = t === null;
        let body = isNull ? (c === "Q" ? "NULL" : "(NULL)") : t;
        body = prefix(body, precision, alt2);
        // %#q doubles backslashes and spells control characters as \u00XX; %#Q does
        // so only for a text with control characters, which it wraps in unistr().
        const hasControl = !isNull && CONTROL.test(body);
        const escape = alternate && !isNull && (c === "q" || (c === "Q" && hasControl));
        if (escape) body = body.replaceAll("\\", "\\\\").replace(CONTROLS, controlEscape);
        body = body.replaceAll(q, q + q);
        piece = !isNull && c === "Q" ? (escape ? "unistr('" + body + "')" : q + body + q) : body;
        [width, len] = stringWidth(piece, width, alt2);
      }
    }
    touched = true;
    const pad = (width - len) | 0;
    if (pad > 0) {
      if (pad > MAX_TEXT_LENGTH) tooBig();
      const spaces = " ".repeat(pad);
      out += leftJustify ? piece + spaces : spaces + piece;
    } else out += piece;
    if (out.length > MAX_TEXT_LENGTH) tooBig();
  }
  return touched ? out : null;
}

interface IntSpec {
  precision: number;
  width: number;
  plus: string;
  alternate?: boolean;
  zeroPad: boolean;
  thousands?: boolean;
}

/** Offset just past the digits the last {@link digitRun} call read. */
let digitsEnd = 0;

/**
 * The number the decimal digits of `fmt` from `i` on spell, wrapping at 32 bits and then
 * kept to 31 as SQLite's width and precision are; sets {@link digitsEnd}.
 */
function digitRun(fmt: string, i: number): number {
  let x = 0;
  for (let d; (d = fmt.charCodeAt(i) - 0x30) >= 0 && d <= 9; i++) x = (x * 10 + d) >>> 0;
  digitsEnd = i;
  return x & 0x7fffffff;
}

/** %d %i %u %x %X %o %p %r. */
function formatInteger(conv: string, v: number | bigint, spec: IntSpec): string {
  const signed = conv === "d" || conv === "i" || conv === "r";
  let mag: number | bigint;
  let prefix = "";
  if (signed) {
    if (v < 0) {
      mag = -v;
      prefix = "-";
    } else {
      mag = v;
      prefix = spec.plus;
    }
  } else {
    mag = v < 0 ? BigInt.asUintN(64, BigInt(v)) : v;
  }
  const base = conv === "o" ? 8 : conv === "x" || conv === "X" || conv === "p" ? 16 : 10;
  const thousands = spec.thousands && base === 10 && conv !== "r";
  let precision = spec.precision;
  // Zero padding fills the width less the sign (a prefix is one character or none).
  if (spec.zeroPad && precision < spec.width - prefix.length) {
    precision = spec.width - prefix.length;
  }
  if (precision > MAX_TEXT_LENGTH) tooBig();
  let digits = mag.toString(base);
  if (conv === "X" || conv === "p") digits = digits.toUpperCase();
  if (conv === "r") {
    const m = BigInt(mag);
    let x = Number(m % 10n);
    if (x >= 4 || (m / 10n) % 10n === 1n) x = 0;
    digits += "thstndrd".slice(x * 2, x * 2 + 2);
  }
  if (precision > digits.length) digits = "0".repeat(precision - digits.length) + digits;
  if (thousands) {
    // "," every three digits from the right.
    const n = digits.length;
    const first = ((n - 1) % 3) + 1;
    let grouped = digits.slice(0, first);
    for (let i = first; i < n; i += 3) grouped += "," + digits.slice(i, i + 3);
    digits = grouped;
  }
  let alt = "";
  // deno-lint-ignore eqeqeq
  if (spec.alternate && mag != 0) {
    alt = conv === "o" ? "0" : conv === "X" ? "0X" : conv === "x" || conv === "p" ? "0x" : "";
  }
  return alt + prefix + digits;
}

/**
 * The field width and length of a string conversion as SQLite compares them: bytes,
 * except that with `!` each continuation byte widens the field (C int arithmetic).
 */
function stringWidth(piece: string, width: number, alt2: boolean): [number, number] {
  const bytes = utf8Length(piece);
  if (alt2 && width > 0) width = (width + bytes - charCount(piece)) | 0;
  return [width, bytes];
}

/**
 * A string conversion's text cut to its precision: the first `precision` characters
 * (with `!`) or UTF-8 bytes; all of it for a negative precision (none given) or one it
 * holds (a text has no more characters than UTF-16 units or bytes). A character cut in
 * two leaves a partial sequence, held as escaped bytes (core/format/text.ts).
 */
function prefix(s: string, precision: number, alt2: boolean): string {
  if (precision < 0 || s.length <= precision && utf8Length(s) <= precision) return s;
  // Past here the text's UTF-8 is longer than the precision (it has at least as many
  // bytes as UTF-16 units, and utf8Length counts the bytes encodeUtf8 writes).
  return alt2
    ? s.slice(0, skipChars(s, 0, precision))
    : decodeText(encodeUtf8(s), 0, precision, TextEncoding.Utf8);
}

/** printf(FORMAT, ...) / format(FORMAT, ...): NULL without a format or when nothing printed. */
export function printfFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const format = args[0] && textOf(args[0], ctx.encoding);
  let s: string | null = null;
  try {
    // An empty format prints nothing: NULL, as sqlPrintf would give.
    if (format) s = sqlPrintf(format, args, ctx.encoding);
  } catch (e) {
    // Widths near SQLite's 1 GB limit exceed what a JS string can hold.
    if (e instanceof RangeError) tooBig();
    throw e;
  }
  if (s === null) setNull(out);
  // Pieces are joined as bytes: escaped bytes at a seam may form a character.
  else setTextResult(out, canonicalUtf8(s), ctx.encoding);
}
