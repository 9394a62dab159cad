/** Byte classes the JSON code uses (ASCII only, as SQLite's ctype macros). */

import { isDigit, isHexDigit } from "../../value/number_text.ts";
import { decodeText, encodeUtf8 } from "../../format/text.ts";
import { TextEncoding } from "../../value/types.ts";

/** '0'..'9'. */
export { isDigit };

/** Hex digit. */
export { isHexDigit as isXDigit } from "../../value/number_text.ts";

/** ASCII letter. */
export function isAlpha(c: number): boolean {
  return (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
}

/** ASCII letter or digit. */
export function isAlnum(c: number): boolean {
  return isAlpha(c) || isDigit(c);
}

/** Value of a hex digit (only meaningful for hex digits). */
export function hexValue(c: number): number {
  return (c + 9 * (1 & (c >> 6))) & 0xf;
}

/** RFC-8259 whitespace: tab, newline, carriage return, space. */
export function isJsonSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** True unless `c` must be escaped or ends a string: controls, `"`, `'`, `\`. */
export function isStringSafe(c: number): boolean {
  return c >= 0x20 && c !== 0x22 && c !== 0x27 && c !== 0x5c;
}

/** First character of an unquoted JSON5 object key: letter, `_`, `$`, or non-ASCII. */
export function isIdStart(c: number): boolean {
  return isAlpha(c) || c === 0x5f || c === 0x24 || c >= 0x80;
}

/** Later character of an unquoted JSON5 object key: also a digit, as sqlite3IsIdChar. */
export { isIdChar as isIdPart } from "../../sql/lexer.ts";

/** Four hex digits at `z[i]`. */
export function is4Hex(z: Uint8Array, i: number): boolean {
  return isHexDigit(z[i]) && isHexDigit(z[i + 1]) && isHexDigit(z[i + 2]) &&
    isHexDigit(z[i + 3]);
}

/** Value of four hex digits at `z[i]`. */
export function hex4(z: Uint8Array, i: number): number {
  return (hexValue(z[i]) << 12) | (hexValue(z[i + 1]) << 8) | (hexValue(z[i + 2]) << 4) |
    hexValue(z[i + 3]);
}

/** UTF-8 bytes of `s` followed by 16 zero bytes (C-string style look-ahead). */
export function utf8Padded(s: string): Uint8Array {
  const raw = encodeUtf8(s);
  const out = new Uint8Array(raw.length + 16);
  out.set(raw);
  return out;
}

/**
 * The UTF-8 bytes of `s`, escaped bytes as themselves: SQLite's JSON code copies the bytes
 * of a text it does not understand (an invalid sequence, a BOM) verbatim.
 */
export { encodeUtf8 as utf8 };

/** `b[from, to)` as text, exactly: a byte outside a UTF-8 sequence stays that byte. */
export function utf8Text(b: Uint8Array, from = 0, to = b.length): string {
  return decodeText(b, from, to, TextEncoding.Utf8);
}
