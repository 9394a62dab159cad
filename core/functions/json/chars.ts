/** Byte classes the JSON code uses (ASCII only, as SQLite's ctype macros). */

import { isDigit, isHexDigit } from "../../value/number_text.ts";
import { utf8Bytes } from "../../format/text.ts";

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

const decoder = new TextDecoder();

/** UTF-8 bytes of `s` followed by 16 zero bytes (C-string style look-ahead). */
export function utf8Padded(s: string): Uint8Array {
  const raw = utf8Bytes(s);
  const out = new Uint8Array(raw.length + 16);
  out.set(raw);
  return out;
}

/** UTF-8 bytes of `s`. */
export { utf8Bytes as utf8 };

/** `b[from, to)` decoded as UTF-8. */
export function utf8Text(b: Uint8Array, from = 0, to = b.length): string {
  return decoder.decode(b.subarray(from, to));
}
