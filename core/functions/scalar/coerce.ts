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
import { decodeText } from "../../format/text.ts";
import { encodeText } from "../../format/index_key.ts";
import { intToText, parseNumericText, realToText } from "../../value/number_text.ts";
import type { Reg } from "../../value/reg.ts";
import { toInt, toReal } from "../../value/coerce.ts";
import { StorageClass, type TextEncoding } from "../../value/types.ts";

/** sqlite3_value_text: the text of a value, or null for NULL. */
export function textOf(r: Reg, enc: TextEncoding): string | null {
  switch (r.c) {
    case StorageClass.Text:
      return r.v as string;
    case StorageClass.Integer:
      return intToText(r.v as number | bigint);
    case StorageClass.Real:
      return realToText(r.v as number);
    case StorageClass.Blob: {
      const b = r.v as Uint8Array;
      return decodeText(b, 0, b.length, enc);
    }
    default:
      return null;
  }
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
      return asciiBytes(textOf(r, enc) as string);
  }
}

function asciiBytes(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** sqlite3_value_int64 (NULL gives 0): the one sqlite3VdbeIntValue of core/value. */
export function int64Of(r: Reg, enc: TextEncoding): number | bigint {
  return toInt(r, enc);
}

/** sqlite3_value_int: the 64-bit value cut to its low 32 bits, as C's (int) cast does. */
export function int32Of(r: Reg, enc: TextEncoding): number {
  const v = int64Of(r, enc);
  return typeof v === "number"
    ? (v >= -0x80000000 && v <= 0x7fffffff ? v : Number(BigInt.asIntN(32, BigInt(v))))
    : Number(BigInt.asIntN(32, v));
}

/** sqlite3_value_double (NULL gives 0.0): the one sqlite3VdbeRealValue of core/value. */
export function doubleOf(r: Reg, enc: TextEncoding): number {
  return toReal(r, enc);
}

/**
 * sqlite3_value_numeric_type: the storage class a value has once a text that looks like
 * a number is read as one (INTEGER or REAL); other texts stay TEXT, blobs stay BLOB.
 */
export function numericClassOf(r: Reg, enc: TextEncoding): StorageClass {
  if (r.c !== StorageClass.Text) return r.c;
  const parsed = parseNumericText(r.v as string, enc);
  return parsed === undefined ? StorageClass.Text : parsed.cls;
}

/** Number of bytes `s` takes in UTF-8 (a lone surrogate counts as 3, as SQLite writes it). */
export function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && isLowSurrogate(s.charCodeAt(i + 1))) {
      n += 2; // 4 bytes for 2 code units
      i++;
    } else n += 2;
  }
  return n;
}

/** True for the second half of a surrogate pair. */
export function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Length in code units of the character starting at `i` (2 for a surrogate pair). */
export function charWidth(s: string, i: number): number {
  const c = s.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && isLowSurrogate(s.charCodeAt(i + 1)) ? 2 : 1;
}

/** Number of characters (code points) in `s`. */
export function charCount(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && isLowSurrogate(s.charCodeAt(i + 1))) {
      n--;
      i++;
    }
  }
  return n;
}
