/**
 * How a function sees its arguments: SQLite's `sqlite3_value_text`, `_blob`, `_int64`,
 * `_int`, `_double` and `_numeric_type` conversions, applied to a register.
 *
 * - Text of a number is its SQL text (`intToText`, `realToText`); text of a blob is its
 *   bytes read in the database encoding.
 * - Bytes of a text are the text in the database encoding; bytes of a number are its
 *   (ASCII) text.
 * - INTEGER and REAL come from core/value/coerce.ts (`toInt`, `toReal`): a text's leading
 *   integer (`'12abc'` → 12, `'1e3'` → 1, `'0x10'` → 0) clamped to 64 bits, a REAL
 *   truncated and clamped; the REAL of a text is its longest numeric prefix.
 */
import {
  decodeText,
  encodeText,
  fromUtf8View,
  hasSurrogate,
  isEscape,
  isLowSurrogate,
  utf8ByteLength,
  utf8Bytes,
  utf8View,
} from "../../format/text.ts";
import { intToText, parseNumericText, realToText } from "../../value/number_text.ts";
import type { Reg } from "../../value/reg.ts";
import { toInt, toReal } from "../../value/coerce.ts";
import { StorageClass, type TextEncoding } from "../../value/types.ts";

/** sqlite3_value_text: the text of a value, or null for NULL. */
export function textOf(r: Reg, enc: TextEncoding): string | null {
  switch (r.c) {
    case StorageClass.Text:
      return utf8View(r.v as string, enc);
    case StorageClass.Integer:
      return intToText(r.v as number | bigint);
    case StorageClass.Real:
      return realToText(r.v as number);
    case StorageClass.Blob: {
      const b = r.v as Uint8Array;
      return utf8View(decodeText(b, 0, b.length, enc), enc);
    }
    default:
      return null;
  }
}

/**
 * Sets a function's text result (a string in the form {@link textOf} gives) as SQLite
 * stores a function result: converted to the database encoding (OP_Function).
 */
export function setTextResult(out: Reg, s: string, enc: TextEncoding): void {
  out.v = fromUtf8View(s, enc);
  out.c = StorageClass.Text;
}

/** A text as C code sees it through sqlite3_value_text: it ends at its first NUL. */
export function cText(s: string): string {
  const nul = s.indexOf("\0");
  return nul < 0 ? s : s.slice(0, nul);
}

/** sqlite3_value_blob: the bytes of a value, or null for NULL. */
export function bytesOf(r: Reg, enc: TextEncoding): Uint8Array | null {
  switch (r.c) {
    case StorageClass.Blob:
      return r.v as Uint8Array;
    case StorageClass.Text:
      return encodeText(r.v as string, enc);
    case StorageClass.Null:
      return null;
    default:
      // A number's text is ASCII: TextEncoder writes one byte a unit.
      return utf8Bytes(textOf(r, enc) as string);
  }
}

/**
 * sqlite3_value_int64 (NULL gives 0): the one sqlite3VdbeIntValue of core/value.
 * sqlite3_value_double (NULL gives 0.0): the one sqlite3VdbeRealValue of core/value.
 */
export { toInt as int64Of, toReal as doubleOf };

/** C's (int) cast of a 64-bit value: its low 32 bits. */
export function toInt32(v: number | bigint): number {
  if (typeof v === "number" && v >= -0x80000000 && v <= 0x7fffffff) return v;
  return Number(BigInt.asIntN(32, BigInt(v)));
}

/**
 * sqlite3_value_numeric_type: the storage class a value has once a text that looks like
 * a number is read as one (INTEGER or REAL); other texts stay TEXT, blobs stay BLOB.
 */
export function numericClassOf(r: Reg, enc: TextEncoding): StorageClass {
  if (r.c !== StorageClass.Text) return r.c;
  return parseNumericText(r.v as string, enc)?.cls ?? StorageClass.Text;
}

/** Number of bytes `s` takes in UTF-8 (an escaped byte counts 1, a lone surrogate 3). */
export { utf8ByteLength as utf8Length };

/**
 * Index after the character that starts at `i`, as SQLite steps over UTF-8 characters
 * (SQLITE_SKIP_UTF8): a character whose first byte is 0xC0 or above also takes every
 * continuation byte that follows it, so escaped stray continuation bytes after a
 * non-ASCII character (or after an escaped lead byte) belong to that character.
 */
export function sqliteCharEnd(s: string, i: number): number {
  const c = s.charCodeAt(i);
  let j = i + 1;
  if (c < 0x80) return j;
  if (c >= 0xd800 && c <= 0xdbff && isLowSurrogate(s.charCodeAt(j))) j++;
  else if (isEscape(c) && c < 0xdcc0) return j;
  // Escaped continuation bytes (0x80-0xBF), each a code unit of its own.
  for (let e; j < s.length && (e = s.charCodeAt(j)) >= 0xdc80 && e <= 0xdcbf;) j++;
  return j;
}

/** Number of characters in `s`, counted as SQLite counts UTF-8 characters. */
export function charCount(s: string): number {
  // Without surrogates every code unit is one character.
  return hasSurrogate(s) ? steppedCharCount(s) : s.length;
}

/** {@link charCount} stepping as SQLite does (escaped bytes join the character before). */
export function steppedCharCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i = sqliteCharEnd(s, i)) n++;
  return n;
}

/** Code-unit index after skipping `count` characters of `s` from `from`. */
export function skipChars(s: string, from: number, count: number): number {
  let i = from;
  const n = s.length;
  while (count > 0 && i < n) {
    i = sqliteCharEnd(s, i);
    count--;
  }
  return i;
}
