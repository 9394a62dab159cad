/**
 * SQLite's built-in collating sequences, with the byte-level behaviour SQLite has.
 *
 * Text is held as JS strings (UTF-16 code units), but SQLite compares bytes:
 * - BINARY is `memcmp` over the text in the database's encoding, so its order depends on
 *   the encoding: UTF-8 bytes sort by code point (a character above U+FFFF sorts after
 *   U+E000..U+FFFF, unlike JS's `<`), UTF-16be bytes sort by code unit (JS's `<`), and
 *   UTF-16le bytes sort by code unit with its two bytes swapped (low byte first).
 * - NOCASE and RTRIM exist only for UTF-8 in SQLite, which converts UTF-16 text to UTF-8
 *   before calling them; so they compare in code point order whatever the encoding.
 *   NOCASE folds the 26 ASCII letters only, and (like C's strnicmp) stops at a NUL: if both
 *   texts reach a NUL at the same place, they are ordered by UTF-8 byte length alone.
 *   RTRIM ignores trailing U+0020 spaces (not tabs or other blanks).
 * Ties on a common prefix go to the shorter text, as SQLite's length tie-break does.
 */
import { TextEncoding } from "./types.ts";

/** A collating sequence: `compare` returns a negative, zero or positive number. */
export interface Collation {
  /** Name as SQLite spells it: `BINARY`, `NOCASE` or `RTRIM`. */
  readonly name: string;
  /** Orders two texts; the sign is what matters. */
  compare(a: string, b: string): number;
}

const HIGH_SURROGATE_START = 0xd800;

/**
 * Maps a UTF-16 code unit so that code unit order becomes code point order: surrogates
 * (0xD800–0xDFFF, parts of characters above U+FFFF) move above 0xE000–0xFFFF.
 */
function codePointRank(c: number): number {
  if (c < HIGH_SURROGATE_START) return c;
  return c < 0xe000 ? c + 0x2000 : c - 0x800;
}

/** BINARY for UTF-8 databases: code point order. */
function compareUtf8Binary(a: string, b: string): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      // Plain code unit order is right unless both units are in the surrogate-or-above zone.
      if (x < HIGH_SURROGATE_START || y < HIGH_SURROGATE_START) return x - y;
      return codePointRank(x) - codePointRank(y);
    }
  }
  return a.length - b.length;
}

/** BINARY for UTF-16be databases: code unit order, which is JS's own string order. */
function compareUtf16beBinary(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** BINARY for UTF-16le databases: each code unit compared low byte first. */
function compareUtf16leBinary(a: string, b: string): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return (((x & 0xff) << 8) | (x >>> 8)) - (((y & 0xff) << 8) | (y >>> 8));
  }
  return a.length - b.length;
}

/** Number of bytes `s` takes in UTF-8 (a lone surrogate counts as 3 bytes). */
function utf8Length(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && isLowSurrogate(s.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** ASCII lower-casing of a code unit, as SQLite's sqlite3UpperToLower table does. */
function foldAscii(c: number): number {
  return c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
}

/** NOCASE: code point order after folding ASCII letters; a shared NUL ends the comparison. */
function compareNocase(a: string, b: string): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === 0) {
      // strnicmp stops at a NUL in the first text; equal bytes so far → length decides.
      if (y !== 0) return -1;
      return utf8Length(a) - utf8Length(b);
    }
    if (x !== y) {
      const fx = foldAscii(x);
      const fy = foldAscii(y);
      if (fx !== fy) {
        if (fx < HIGH_SURROGATE_START || fy < HIGH_SURROGATE_START) return fx - fy;
        return codePointRank(fx) - codePointRank(fy);
      }
    }
  }
  return a.length - b.length;
}

/** Length of `s` without its trailing U+0020 spaces. */
function lengthWithoutTrailingSpaces(s: string): number {
  let n = s.length;
  while (n > 0 && s.charCodeAt(n - 1) === 0x20) n--;
  return n;
}

/** RTRIM: UTF-8 BINARY order after removing trailing spaces from both texts. */
function compareRtrim(a: string, b: string): number {
  const na = lengthWithoutTrailingSpaces(a);
  const nb = lengthWithoutTrailingSpaces(b);
  const n = na < nb ? na : nb;
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      if (x < HIGH_SURROGATE_START || y < HIGH_SURROGATE_START) return x - y;
      return codePointRank(x) - codePointRank(y);
    }
  }
  return na - nb;
}

/** BINARY for a UTF-8 database. */
export const BINARY_UTF8: Collation = Object.freeze({ name: "BINARY", compare: compareUtf8Binary });
/** BINARY for a UTF-16le database. */
export const BINARY_UTF16LE: Collation = Object.freeze({
  name: "BINARY",
  compare: compareUtf16leBinary,
});
/** BINARY for a UTF-16be database. */
export const BINARY_UTF16BE: Collation = Object.freeze({
  name: "BINARY",
  compare: compareUtf16beBinary,
});
/** NOCASE (the same for every database encoding). */
export const NOCASE: Collation = Object.freeze({ name: "NOCASE", compare: compareNocase });
/** RTRIM (the same for every database encoding). */
export const RTRIM: Collation = Object.freeze({ name: "RTRIM", compare: compareRtrim });

/** The BINARY collation for a database encoding. */
export function binaryCollation(enc: TextEncoding): Collation {
  return enc === TextEncoding.Utf8
    ? BINARY_UTF8
    : enc === TextEncoding.Utf16le
    ? BINARY_UTF16LE
    : BINARY_UTF16BE;
}

/** Upper-cases ASCII letters only, as SQLite's case-insensitive name matching does. */
function asciiUpper(name: string): string {
  return name.replace(/[a-z]+/g, (m) => m.toUpperCase());
}

/**
 * The built-in collation called `name` (ASCII case-insensitive) for a database whose text
 * encoding is `enc`, or `undefined` if there is none by that name.
 */
export function collationFor(name: string, enc: TextEncoding): Collation | undefined {
  switch (asciiUpper(name)) {
    case "BINARY":
      return binaryCollation(enc);
    case "NOCASE":
      return NOCASE;
    case "RTRIM":
      return RTRIM;
    default:
      return undefined;
  }
}
