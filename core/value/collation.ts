/**
 * SQLite's built-in collating sequences, with the byte-level behaviour SQLite has.
 *
 * Text is held as JS strings (UTF-16 code units), but SQLite compares bytes:
 * - BINARY is `memcmp` over the text in the database's encoding, so its order depends on
 *   the encoding: UTF-8 bytes sort by code point (a character above U+FFFF sorts after
 *   U+E000..U+FFFF, unlike JS's `<`), UTF-16be bytes sort by code unit (JS's `<`), and
 *   UTF-16le bytes sort by code unit with its two bytes swapped (low byte first).
 * - NOCASE and RTRIM exist only for UTF-8 in SQLite, which converts UTF-16 text to UTF-8
 *   before calling them; so they compare in code point order whatever the encoding (a
 *   UTF-16 text with lone surrogates is compared on SQLite's UTF-8 translation of it).
 *   NOCASE folds the 26 ASCII letters only, and (like C's strnicmp) stops at a NUL: if both
 *   texts reach a NUL at the same place, they are ordered by UTF-8 byte length alone.
 *   RTRIM ignores trailing U+0020 spaces (not tabs or other blanks).
 * Ties on a common prefix go to the shorter text, as SQLite's length tie-break does.
 *
 * Text that is not valid UTF-8 holds its stray bytes as escapes (core/format/text.ts).
 * Where two texts first differ at an escape, the comparison falls back to their bytes,
 * so an escaped byte orders as that byte (0xFF after every character) and ties are
 * broken by byte length, as SQLite's memcmp does. Valid text never takes that path.
 */
import {
  encodeUtf8,
  hasLoneSurrogate,
  isEscape,
  unitsToSqliteUtf8,
  utf8Bytes,
} from "../format/text.ts";
import { TextEncoding } from "./types.ts";
import { asciiLower, asciiUpper, lowerAsciiCode } from "./ascii_case.ts";
import { compareBlobs } from "./compare.ts";
import { sqlError } from "../errors.ts";

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

/**
 * True if the first difference of `a` and `b`, at `i` with units `x` and `y`, involves an
 * escaped byte: then only the bytes tell the order. (A low surrogate after a high one is
 * the second half of a pair, never an escape.)
 */
function escapeAt(a: string, i: number, x: number, y: number): boolean {
  if (!isEscape(x) && !isEscape(y)) return false;
  const p = i > 0 ? a.charCodeAt(i - 1) : 0;
  return p < 0xd800 || p > 0xdbff;
}

/** BINARY for UTF-8 databases: code point order (byte order, with escapes). */
function compareUtf8Binary(a: string, b: string): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      // Plain code unit order is right unless both units are in the surrogate-or-above zone.
      if (x < HIGH_SURROGATE_START || y < HIGH_SURROGATE_START) {
        if ((x < 0x80 || y < 0x80) || (!isEscape(x) && !isEscape(y))) return x - y;
      }
      if (escapeAt(a, i, x, y)) return compareBlobs(encodeUtf8(a), encodeUtf8(b));
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

/** NOCASE: code point order after folding ASCII letters; a shared NUL ends the comparison. */
function compareNocase(a: string, b: string): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === 0) {
      // strnicmp stops at a NUL in the first text; equal bytes so far → length decides
      // (in UTF-8 bytes; a lone surrogate counts 3, as the encoder's U+FFFD).
      if (y !== 0) return -1;
      return utf8Bytes(a).length - utf8Bytes(b).length;
    }
    if (x !== y) {
      const fx = lowerAsciiCode(x);
      const fy = lowerAsciiCode(y);
      if (fx !== fy) {
        if (x >= 0x80 && y >= 0x80 && escapeAt(a, i, x, y)) {
          return compareNocaseBytes(encodeUtf8(a), encodeUtf8(b));
        }
        if (fx < HIGH_SURROGATE_START || fy < HIGH_SURROGATE_START) return fx - fy;
        return codePointRank(fx) - codePointRank(fy);
      }
    }
  }
  return a.length - b.length;
}

/**
 * A string equal for two texts exactly when {@link compareNocase} finds them equal (the
 * hash key of DISTINCT, GROUP BY and compound selects): ASCII letters folded, and, as
 * strnicmp stops at a NUL, for a text with one only the part up to it and the byte length
 * (SQLite's NOCASE finds `'x' || char(0) || 'a'` and `'X' || char(0) || 'b'` equal).
 */
export function nocaseKey(s: string): string {
  const nul = s.indexOf("\0");
  const head = nul < 0 ? s : s.slice(0, nul + 1);
  const folded = asciiLower(head);
  return nul < 0 ? folded : folded + utf8Bytes(s).length;
}

/** NOCASE on bytes: sqlite3StrNICmp over the common length, then the byte lengths. */
function compareNocaseBytes(a: Uint8Array, b: Uint8Array): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const fx = lowerAsciiCode(x);
    const fy = lowerAsciiCode(b[i]);
    if (x === 0 || fx !== fy) return fx - fy;
  }
  return a.length - b.length;
}

/** Length of `s` without its trailing U+0020 spaces. */
export function lengthWithoutTrailingSpaces(s: string): number {
  let n = s.length;
  while (n > 0 && s.charCodeAt(n - 1) === 0x20) n--;
  return n;
}

/** RTRIM: UTF-8 BINARY order after removing trailing spaces from both texts. */
function compareRtrim(a: string, b: string): number {
  return compareUtf8Binary(
    a.slice(0, lengthWithoutTrailingSpaces(a)),
    b.slice(0, lengthWithoutTrailingSpaces(b)),
  );
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
/** NOCASE for a UTF-8 database (and for valid text in any). */
export const NOCASE: Collation = Object.freeze({ name: "NOCASE", compare: compareNocase });
/** RTRIM for a UTF-8 database (and for valid text in any). */
export const RTRIM: Collation = Object.freeze({ name: "RTRIM", compare: compareRtrim });

/** RTRIM on bytes: trailing 0x20 bytes ignored, then memcmp and the byte lengths. */
function compareRtrimBytes(a: Uint8Array, b: Uint8Array): number {
  let na = a.length;
  let nb = b.length;
  while (na > 0 && a[na - 1] === 0x20) na--;
  while (nb > 0 && b[nb - 1] === 0x20) nb--;
  return compareBlobs(a.subarray(0, na), b.subarray(0, nb));
}

/**
 * A UTF-16 database's NOCASE or RTRIM: SQLite translates both texts to UTF-8 first, which
 * changes lone surrogates (utf.c pairs one with the unit after it); such texts are
 * compared on those bytes.
 */
function utf16Variant(
  base: Collation,
  onBytes: (a: Uint8Array, b: Uint8Array) => number,
): Collation {
  return Object.freeze({
    name: base.name,
    compare(a: string, b: string): number {
      if (!hasLoneSurrogate(a) && !hasLoneSurrogate(b)) return base.compare(a, b);
      return onBytes(unitsToSqliteUtf8(a), unitsToSqliteUtf8(b));
    },
  });
}

/** NOCASE for a UTF-16 database. */
export const NOCASE_UTF16: Collation = utf16Variant(NOCASE, compareNocaseBytes);
/** RTRIM for a UTF-16 database. */
export const RTRIM_UTF16: Collation = utf16Variant(RTRIM, compareRtrimBytes);

/** The BINARY collation for a database encoding. */
export function binaryCollation(enc: TextEncoding): Collation {
  return enc === TextEncoding.Utf8
    ? BINARY_UTF8
    : enc === TextEncoding.Utf16le
    ? BINARY_UTF16LE
    : BINARY_UTF16BE;
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
      return enc === TextEncoding.Utf8 ? NOCASE : NOCASE_UTF16;
    case "RTRIM":
      return enc === TextEncoding.Utf8 ? RTRIM : RTRIM_UTF16;
    default:
      return undefined;
  }
}

/** The collation called `name` for `enc`; SQLITE_ERROR when there is none. */
export function collationNamed(name: string, enc: TextEncoding): Collation {
  const c = collationFor(name, enc);
  if (!c) throw sqlError(`no such collation sequence: ${name}`);
  return c;
}
