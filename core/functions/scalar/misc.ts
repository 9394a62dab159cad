/**
 * The remaining built-ins: the connection's write history (`changes`, `total_changes`,
 * `last_insert_rowid`: always 0 on a read-only connection, as on a fresh SQLite one),
 * `load_extension` (refused as SQLite refuses it while extension loading is off),
 * `sqlite_log`, `subtype`, `soundex`, `unistr` and `unistr_quote`.
 */
import { sqlError } from "../../errors.ts";
import type { FunctionContext } from "../context.ts";
import { type Reg, setInt, setNull, setText } from "../../value/reg.ts";
import { StorageClass, TextEncoding } from "../../value/types.ts";
import { decodeText, utf8Bytes, writeUtf8 } from "../../format/text.ts";
import { isAlpha } from "../json/chars.ts";
import { cText, textOf } from "./coerce.ts";
import { hasJsonSubtype } from "../json/subtype.ts";
import { quoteValue } from "./blob.ts";
import { printfFn } from "./printf.ts";

/** changes(), total_changes(), last_insert_rowid(): nothing was ever written here. */
export function zeroFn(_args: readonly Reg[], out: Reg, _ctx: FunctionContext): void {
  setInt(out, 0);
}

/** load_extension(X[, Y]): SQLite's answer while extension loading is disabled. */
export function loadExtensionFn(_args: readonly Reg[], _out: Reg, _ctx: FunctionContext): void {
  throw sqlError("not authorized");
}

/** sqlite_log(N, X): writes to SQLite's error log (litejit has none); the result is NULL. */
export function sqliteLogFn(_args: readonly Reg[], out: Reg, _ctx: FunctionContext): void {
  setNull(out);
}

/** subtype(X): 74 ('J', the subtype SQLite's JSON functions give) for their results, else 0. */
export function subtypeFn(args: readonly Reg[], out: Reg, _ctx: FunctionContext): void {
  setInt(out, hasJsonSubtype(args[0]) ? 74 : 0);
}

/**
 * Soundex digit of each 7-bit character, as func.c's table: 1 BFPV, 2 CGJKQSXZ, 3 DT, 4 L,
 * 5 MN, 6 R; 0 for vowels, H, W, Y and non-letters (0x00-0x3f are all 0).
 */
const SOUNDEX_CODE = "0".repeat(64) + "00123012002245501262301020200000" +
  "00123012002245501262301020200000";

/**
 * soundex(X): the first ASCII letter upper-cased and up to three digits, "?000" when X
 * (NULL counts as empty) has no ASCII letter. As in SQLite the digits come from the
 * UTF-8 bytes with their top bit dropped, so a byte of a non-ASCII character can count as
 * a letter; a non-letter between two equal codes separates them.
 */
export function soundexFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const bytes = utf8Bytes(cText(textOf(args[0], ctx.encoding) ?? ""));
  let i = 0;
  while (i < bytes.length && !isAlpha(bytes[i])) i++;
  if (i === bytes.length) return setText(out, "?000");
  let result = String.fromCharCode(bytes[i] & 0xdf);
  let prev = SOUNDEX_CODE[bytes[i] & 0x7f];
  for (; result.length < 4 && i < bytes.length; i++) {
    const code = SOUNDEX_CODE[bytes[i] & 0x7f];
    if (code === "0") prev = code;
    else if (code !== prev) {
      prev = code;
      result += code;
    }
  }
  setText(out, result.padEnd(4, "0"));
}

/** The value of the `n` hex digits at `s[at]`, or -1 when there are not `n` of them. */
function hexRun(s: string, at: number, n: number): number {
  const t = s.slice(at, at + n);
  return t.length === n && /^[\da-f]+$/i.test(t) ? parseInt(t, 16) : -1;
}

/**
 * The text of code point `v` as SQLite's UTF-8 writer leaves it: four bytes keep only 21
 * bits, and surrogates are written as three bytes. Such bytes are not valid UTF-8; they
 * read back as node:sqlite shows them: in a UTF-8 database decoded like any stored text
 * (each bad byte U+FFFD), in a UTF-16 one through SQLite's own translation (surrogates,
 * U+FFFE and U+FFFF become U+FFFD, a value past U+10FFFF a wrapped surrogate pair).
 */
function codePointText(v: number, enc: TextEncoding): string {
  const w = v >= 0x10000 ? v & 0x1fffff : v;
  const surrogate = w >= 0xd800 && w <= 0xdfff;
  if (enc === TextEncoding.Utf8) {
    if (w <= 0x10ffff && !surrogate) return String.fromCodePoint(w);
    const bytes = new Uint8Array(4);
    return decodeText(bytes, 0, writeUtf8(bytes, 0, w), enc);
  }
  if (surrogate || w === 0xfffe || w === 0xffff) return "\ufffd";
  if (w <= 0x10ffff) return String.fromCodePoint(w);
  return String.fromCharCode(0xd800 + (((w - 0x10000) >> 10) & 0x3ff), 0xdc00 + (w & 0x3ff));
}

/**
 * unistr(X): X with `\\` as a backslash and `\XXXX`, `\uXXXX`, `\+XXXXXX`, `\UXXXXXXXX`
 * (hex digits) as the character; any other backslash is the error "invalid Unicode
 * escape". NULL gives NULL; the text ends at its first NUL, as C reads it.
 */
export function unistrFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const t = textOf(args[0], ctx.encoding);
  if (t === null) return setNull(out);
  const s = cText(t);
  let result = "";
  let i = 0;
  for (;;) {
    const slash = s.indexOf("\\", i);
    if (slash < 0) break;
    result += s.slice(i, slash);
    const next = s[slash + 1];
    let v: number;
    let width: number;
    if (next === "\\") {
      result += "\\";
      i = slash + 2;
      continue;
    } else if (next === "+") {
      v = hexRun(s, slash + 2, 6);
      width = 8;
    } else if (next === "u") {
      v = hexRun(s, slash + 2, 4);
      width = 6;
    } else if (next === "U") {
      v = hexRun(s, slash + 2, 8);
      width = 10;
    } else {
      // Four hex digits; anything else (no digit, or none at all) is -1.
      v = hexRun(s, slash + 1, 4);
      width = 5;
    }
    if (v < 0) throw sqlError("invalid Unicode escape");
    result += codePointText(v, ctx.encoding);
    i = slash + width;
  }
  setText(out, result + s.slice(i));
}

const unistrQuoteFormat: Reg = { v: "%#Q", c: StorageClass.Text };

/**
 * unistr_quote(X): quote(X), except that a text with control characters is written as
 * `unistr('...')` with those characters escaped (printf's `%#Q`).
 */
export function unistrQuoteFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  if (args[0].c !== StorageClass.Text) return setText(out, quoteValue(args[0]));
  printfFn([unistrQuoteFormat, args[0]], out, ctx);
}
