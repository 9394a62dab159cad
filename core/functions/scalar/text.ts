/**
 * Text functions: length, octet_length, lower, upper, substr, trim, ltrim, rtrim,
 * replace, instr, char, unicode, concat, concat_ws.
 *
 * Characters are code points (SQLite counts UTF-8 characters; a JS surrogate pair is one
 * character). Where SQLite's C code reads a text as a NUL-terminated string, the text
 * ends at its first NUL here too (`length`, `substr`, `unicode`, the trim character
 * set); where it uses the byte count, the whole text counts (`lower`, `upper`, `trim`'s
 * input, `replace`, `instr`).
 *
 * Text that is not valid UTF-8 holds its stray bytes as escapes (core/format/text.ts):
 * characters are then counted as SQLite steps over UTF-8 (`sqliteCharEnd`), and `instr`,
 * `replace` with such a pattern, and `unicode` work on the bytes, as SQLite does. In a
 * UTF-16 database the functions read SQLite's UTF-8 form of the text (`textOf`) and store
 * their result back in UTF-16 (`setTextResult`).
 */
import type { FunctionContext } from "../context.ts";
import type { ScalarImpl } from "./registry.ts";
import { type Reg, setBlob, setInt, setNull } from "../../value/reg.ts";
import { StorageClass, TextEncoding } from "../../value/types.ts";
import {
  canonicalUtf8,
  decodeText,
  encodeUtf8,
  hasLoneSurrogate,
  hasSurrogate,
  joinText,
  noteIllFormedText,
  PLATFORM_LE,
  sqliteUtf8Read,
} from "../../format/text.ts";
import {
  charCount,
  cText,
  int64Of,
  setTextResult,
  skipChars,
  sqliteCharEnd,
  textOf,
  utf8Length,
} from "./coerce.ts";
import { MAX_JS_STRING, MAX_TEXT_LENGTH, tooBig } from "./limits.ts";
import { asciiLower, asciiUpper } from "../../value/ascii_case.ts";

/** length(X): characters of a text (up to a NUL), bytes of a blob, digits of a number. */
export function lengthFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const a = args[0];
  switch (a.c) {
    case StorageClass.Null:
      return setNull(out);
    case StorageClass.Blob:
      return setInt(out, (a.v as Uint8Array).length);
    default:
      // A number's text is ASCII (no NUL, no surrogate): counted as its code units.
      setInt(out, charCount(cText(textOf(a, ctx.encoding) as string)));
  }
}

/** octet_length(X): bytes of the value as stored (numbers as text in the db encoding). */
export function octetLengthFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const a = args[0];
  const wide = ctx.encoding !== TextEncoding.Utf8;
  switch (a.c) {
    case StorageClass.Null:
      return setNull(out);
    case StorageClass.Blob:
      return setInt(out, (a.v as Uint8Array).length);
    default: {
      // A number's text is ASCII: one byte a unit in UTF-8.
      const s = a.c === StorageClass.Text ? a.v as string : textOf(a, ctx.encoding) as string;
      setInt(out, wide ? s.length * 2 : utf8Length(s));
    }
  }
}

/** upper(X): ASCII letters only. */
export function upperFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const s = textOf(args[0], ctx.encoding);
  if (s === null) setNull(out);
  else setTextResult(out, asciiUpper(s), ctx.encoding);
}

/** lower(X): ASCII letters only. */
export function lowerFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const s = textOf(args[0], ctx.encoding);
  if (s === null) setNull(out);
  else setTextResult(out, asciiLower(s), ctx.encoding);
}

/**
 * substr(X, Y[, Z]) / substring: Z characters (bytes for a blob) from position Y
 * (1-based; negative counts from the end; 0 is the position before the first), or the
 * Z before Y when Z is negative.
 */
export function substrFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const enc = ctx.encoding;
  const x = args[0];
  const isBlob = x.c === StorageClass.Blob;
  if (
    x.c === StorageClass.Null || args[1].c === StorageClass.Null ||
    (args.length === 3 && args[2].c === StorageClass.Null) ||
    // SQLite sees an empty blob as a null pointer here
    (isBlob && !(x.v as Uint8Array).length)
  ) {
    return setNull(out);
  }
  const text = isBlob ? "" : cText(textOf(x, enc) as string);
  const a1 = int64Of(args[1], enc);
  const a2 = args.length === 3 ? int64Of(args[2], enc) : MAX_TEXT_LENGTH;
  const len = isBlob ? (x.v as Uint8Array).length : a1 < 0 ? charCount(text) : 0;
  // A start from 1 on and a length that is not negative are the common case: no clamping
  // or 64-bit care, so no BigInt. Every other pair takes substrRange.
  const simple = typeof a1 === "number" && typeof a2 === "number" && a1 > 0 && a2 >= 0;
  const range = simple ? null : substrRange(BigInt(a1), BigInt(a2), len);
  const p1 = range ? range[0] : (a1 as number) - 1;
  const p2 = range ? range[1] : a2 as number;
  if (isBlob) {
    // slice stops at the blob's end.
    return setBlob(out, (x.v as Uint8Array).slice(p1, p1 + p2));
  }
  const start = skipChars(text, 0, p1);
  setTextResult(out, text.slice(start, skipChars(text, start, p2)), enc);
}

/**
 * substr(X, start, count) of a UTF-8 TEXT stored at `d[o, o + n)`, for `start` ≥ 1 and
 * `count` ≥ 0, on the bytes as SQLite's substr walks them (the text ends at its first NUL;
 * SQLITE_SKIP_UTF8: a lead byte takes every continuation byte after it, any other byte
 * is a character), decoding only the characters returned. The same value as
 * {@link substrFn} on the decoded text (tests/substr_bytes_test.ts).
 */
export function substrBytes(
  d: Uint8Array,
  o: number,
  n: number,
  start: number,
  count: number,
): string {
  const end = o + n, from = skipUtf8Chars(d, o, end, start - 1);
  return decodeText(d, from, skipUtf8Chars(d, from, end, count), TextEncoding.Utf8);
}

/**
 * The offset `k` characters after `z` in the UTF-8 text that ends at `end`, as substr()
 * walks it (SQLITE_SKIP_UTF8; no further than the text's first NUL).
 */
export function skipUtf8Chars(d: Uint8Array, z: number, end: number, k: number): number {
  for (; k > 0 && z < end && d[z] !== 0; k--) z = skipUtf8Char(d, z, end);
  return z;
}

/** Where {@link foldedAscii} folds a text before decoding it. */
const foldScratch = new Uint8Array(64);

/**
 * {@link lowerFn} (`upper` false) or {@link upperFn} of the UTF-8 text at `d[o, o + n)`
 * (a record's field) when it is ASCII of at most 64 bytes: the other case's 26 letters
 * folded (as `asciiLower`/`asciiUpper` fold them), then decoded, and interned, by
 * `decodeText`; null for any other text, which the function itself folds
 * (tests/substr_bytes_test.ts).
 */
export function foldedAscii(d: Uint8Array, o: number, n: number, upper: boolean) {
  if (n > foldScratch.length) return null;
  const from = upper ? 0x61 : 0x41;
  for (let i = 0; i < n; i++) {
    const c = d[o + i];
    if (c >= 0x80) return null;
    foldScratch[i] = c - from >>> 0 < 26 ? c ^ 0x20 : c;
  }
  return decodeText(foldScratch, 0, n, TextEncoding.Utf8);
}

/**
 * length() of the UTF-8 text at `d[o, o + n)` (a record's field), counted on the bytes as
 * SQLite counts them: up to the first NUL, one character per byte that is not a
 * continuation byte following a lead byte (0xC0 and above) or another such byte.
 * {@link lengthFn} on the decoded text gives the same count (tests/substr_bytes_test.ts).
 */
export function lengthBytes(d: Uint8Array, o: number, n: number): number {
  const end = o + n;
  let chars = n < 64 || !PLATFORM_LE ? -1 : lengthByWords(d, o, end);
  if (chars >= 0) return chars;
  chars = 0;
  for (let z = o; z < end && d[z] !== 0; chars++) z = skipUtf8Char(d, z, end);
  return chars;
}

/**
 * {@link lengthBytes} four bytes at a time (little-endian words; the byte loop took 1 ns a
 * byte): the bytes less their continuation bytes, which is SQLite's count when every run
 * of continuation bytes follows a lead byte. -1 when one does not (it follows ASCII, or
 * starts the text) or the text holds a NUL: the byte loop counts those.
 */
function lengthByWords(d: Uint8Array, o: number, end: number): number {
  const first = o + (-(d.byteOffset + o) & 3), count = (end - first) >> 2;
  const words = new Int32Array(d.buffer, d.byteOffset + first, count);
  // Bit 7 set: the byte before is ASCII (or the text starts), so a continuation byte
  // here would count as a character of its own.
  let ascii = 0x80, cont = 0;
  for (let z = o; z < end;) {
    if (z === first) {
      for (let i = 0; i < count; i++) {
        // Per byte, bit 7 of `a`: ASCII (or NUL); of `c`: a continuation byte. Words are
        // little-endian: byte k + 1 follows byte k, 8 bits up.
        const w = words[i], a = ~w & 0x80808080, c = w & ~(w << 1) & 0x80808080;
        if (((w - 0x01010101) & a) | (c & (a << 8 | ascii))) return -1;
        cont += Math.imul(c >>> 7, 0x01010101) >>> 24;
        ascii = a >>> 24;
      }
      z += count * 4;
    } else {
      const b = d[z++];
      if (b === 0 || (b & 0xc0) === 0x80 && ascii) return -1;
      cont += +((b & 0xc0) === 0x80);
      ascii = ~b & 0x80;
    }
  }
  return end - o - cont;
}

/** The offset after the character at `d[z]` as SQLITE_SKIP_UTF8 reads it (`end`: the text's end). */
function skipUtf8Char(d: Uint8Array, z: number, end: number): number {
  if (d[z++] < 0xc0) return z;
  while (z < end && (d[z] & 0xc0) === 0x80) z++;
  return z;
}

const rangeOut: [number, number] = [0, 0];

/**
 * substr's start offset and length (0-based, clamped at the start) for positions `p1`
 * and `p2` and a value of `len` characters (only needed when p1 < 0, or for blobs), with
 * C's 64-bit wrap-around at extreme positions (SQLite's own arithmetic overflows there,
 * e.g. negating -2^63): the results are observable.
 */
function substrRange(p1: bigint, p2: bigint, len: number): [number, number] {
  const w = (v: bigint) => BigInt.asIntN(64, v);
  const n = BigInt(len);
  let negP2 = false;
  if (p2 < 0n) {
    p2 = w(-p2);
    negP2 = true;
  }
  if (p1 < 0n) {
    p1 = w(p1 + n);
    if (p1 < 0n) {
      p2 = w(p2 + p1);
      if (p2 < 0n) p2 = 0n;
      p1 = 0n;
    }
  } else if (p1 > 0n) p1--;
  else if (p2 > 0n) p2--;
  if (negP2) {
    p1 = w(p1 - p2);
    if (p1 < 0n) {
      p2 = w(p2 + p1);
      p1 = 0n;
    }
  }
  // Past every text and blob: clamp to keep the numbers exact.
  const cap = BigInt(MAX_TEXT_LENGTH) * 4n;
  rangeOut[0] = Number(p1 > cap ? cap : p1);
  // A length that wrapped negative makes SQLite's copy loop run to the end.
  rangeOut[1] = Number(p2 > cap || p2 < 0n ? cap : p2);
  return rangeOut;
}

/** One trim function: `left` and `right` say which ends to trim. */
const trimWith = (left: boolean, right: boolean): ScalarImpl => (args, out, ctx) => {
  const s = textOf(args[0], ctx.encoding);
  if (s === null) return setNull(out);
  let set: string;
  if (args.length === 1) set = " ";
  else {
    const t = textOf(args[1], ctx.encoding);
    if (t === null) return setNull(out);
    set = cText(t);
  }
  if (hasSurrogate(set)) {
    // A set character with escaped bytes may match part of a character: trim bytes.
    return setTextResult(out, trimBytes(s, set, left, right), ctx.encoding);
  }
  // Without surrogates every set character is one code unit (an escaped byte is a
  // surrogate), so a unit of `s` is cut when the set holds it; an empty set cuts none.
  let start = 0;
  let end = s.length;
  if (left) {
    while (start < end && set.includes(s[start])) start++;
  }
  if (right) {
    while (start < end && set.includes(s[end - 1])) end--;
  }
  setTextResult(out, s.slice(start, end), ctx.encoding);
};

/** trim on UTF-8 bytes (SQLite's trimFunc): set characters are matched with memcmp. */
function trimBytes(s: string, set: string, left: boolean, right: boolean): string {
  const input = encodeUtf8(s);
  const chars: Uint8Array[] = [];
  for (let k = 0; k < set.length;) {
    const e = sqliteCharEnd(set, k);
    chars.push(encodeUtf8(set.slice(k, e)));
    k = e;
  }
  let start = 0;
  let end = input.length;
  if (left) {
    for (let n; start < end && (n = setCharAt(input, start, end, chars, false)) > 0;) start += n;
  }
  if (right) {
    for (let n; start < end && (n = setCharAt(input, start, end, chars, true)) > 0;) end -= n;
  }
  return decodeText(input, start, end, TextEncoding.Utf8);
}

/** Byte length of the first set character found at the start (or end) of the input. */
function setCharAt(
  input: Uint8Array,
  start: number,
  end: number,
  chars: readonly Uint8Array[],
  atEnd: boolean,
): number {
  for (const c of chars) {
    if (c.length <= end - start && bytesAt(input, atEnd ? end - c.length : start, c)) {
      return c.length;
    }
  }
  return 0;
}

/** trim(X[, Y]). */
export const trimFn: ScalarImpl = trimWith(true, true);

/** ltrim(X[, Y]). */
export const ltrimFn: ScalarImpl = trimWith(true, false);

/** rtrim(X[, Y]). */
export const rtrimFn: ScalarImpl = trimWith(false, true);

/**
 * replace(X, Y, Z): every occurrence of Y in X, left to right, replaced by Z. An empty Y
 * (or one starting with NUL) returns the text of X.
 */
export function replaceFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const enc = ctx.encoding;
  const s = textOf(args[0], enc);
  const pattern = s === null ? null : textOf(args[1], enc);
  if (s === null || pattern === null) return setNull(out);
  // An empty pattern's first code is NaN, a NUL's 0: both falsy.
  if (!pattern.charCodeAt(0)) return setTextResult(out, s, enc);
  const rep = textOf(args[2], enc);
  if (rep === null) return setNull(out);
  if (hasSurrogate(pattern)) {
    // An escaped byte may match inside a character: replace bytes, as SQLite does.
    return setTextResult(out, replaceBytes(s, pattern, rep), enc);
  }
  let joined;
  if (rep.length > pattern.length) {
    // The result's length, counted before anything is built: one past the limit fails
    // without first making its parts.
    let n = 0;
    for (let i = s.indexOf(pattern); i >= 0; i = s.indexOf(pattern, i + pattern.length)) n++;
    const length = s.length + n * (rep.length - pattern.length);
    if (length > MAX_TEXT_LENGTH || length > MAX_JS_STRING) tooBig();
    // split + join is the fastest way here; past 2^24 matches its array of parts would
    // take gigabytes, so they are joined a batch at a time.
    joined = n < 1 << 24 ? s.split(pattern).join(rep) : replaceInBatches(s, pattern, rep);
  } else {
    // replaceAll is native, a third of split + join's time; a `$` in the replacement is
    // escaped as `$$`, which it reads as a `$`.
    joined = s.replaceAll(pattern, rep.includes("$") ? rep.replaceAll("$", "$$$$") : rep);
  }
  setTextResult(out, hasSurrogate(rep) || hasSurrogate(s) ? canonicalUtf8(joined) : joined, enc);
}

/** `s` with each match of `pattern` (left to right) replaced, a batch of parts at a time. */
function replaceInBatches(s: string, pattern: string, rep: string): string {
  const batches: string[] = [];
  let batch: string[] = [];
  let from = 0;
  for (let i = s.indexOf(pattern); i >= 0; i = s.indexOf(pattern, from)) {
    batch.push(s.slice(from, i));
    from = i + pattern.length;
    if (batch.length === 65536) {
      batches.push(batch.join(rep));
      batch = [];
    }
  }
  batch.push(s.slice(from));
  batches.push(batch.join(rep));
  return batches.join(rep);
}

/** replace() on UTF-8 bytes: every byte position may start a match. */
function replaceBytes(s: string, pattern: string, rep: string): string {
  const src = encodeUtf8(s);
  const pat = encodeUtf8(pattern);
  const by = encodeUtf8(rep);
  const parts: Uint8Array[] = [];
  let size = 0;
  let from = 0;
  let i = 0;
  while (i <= src.length - pat.length) {
    if (src[i] === pat[0] && bytesAt(src, i, pat)) {
      parts.push(src.subarray(from, i), by);
      size += i - from + by.length;
      i += pat.length;
      from = i;
    } else i++;
  }
  if (size + src.length - from > MAX_TEXT_LENGTH) tooBig();
  parts.push(src.subarray(from));
  const out = new Uint8Array(size + src.length - from);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return decodeText(out, 0, out.length, TextEncoding.Utf8);
}

function bytesAt(hay: Uint8Array, at: number, needle: Uint8Array): boolean {
  for (let j = 0; j < needle.length; j++) if (hay[at + j] !== needle[j]) return false;
  return true;
}

/**
 * instr() on UTF-8 bytes (sqlite's loop): positions advance by one byte plus every
 * continuation byte after it, and only those positions are tried.
 */
function instrBytes(hay: Uint8Array, needle: Uint8Array): number {
  let n = 1;
  let i = 0;
  while (needle.length <= hay.length - i) {
    if (hay[i] === needle[0] && bytesAt(hay, i, needle)) return n;
    n++;
    do i++; while (i < hay.length && (hay[i] & 0xc0) === 0x80);
  }
  return 0;
}

/** instr(X, Y): 1-based position of the first Y in X (characters, or bytes for two blobs). */
export function instrFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const enc = ctx.encoding;
  const h = args[0];
  const n = args[1];
  if (h.c === StorageClass.Null || n.c === StorageClass.Null) return setNull(out);
  if (h.c === StorageClass.Blob && n.c === StorageClass.Blob) {
    // The first place the needle is (1 for an empty one), or 0.
    const hay = h.v as Uint8Array, needle = n.v as Uint8Array;
    for (let i = 0; i <= hay.length - needle.length; i++) {
      if (bytesAt(hay, i, needle)) return setInt(out, i + 1);
    }
    return setInt(out, 0);
  }
  // An empty needle, blob or text, reads as "".
  const hay = textOf(h, enc) as string;
  const nt = textOf(n, enc) as string;
  if (nt === "") return setInt(out, 1);
  if (hasLoneSurrogate(hay) || hasLoneSurrogate(nt)) {
    // An escaped byte may match inside a character: compare bytes, as SQLite does.
    return setInt(out, instrBytes(encodeUtf8(hay), encodeUtf8(nt)));
  }
  const at = hay.indexOf(nt);
  setInt(out, at < 0 ? 0 : charCount(hay.slice(0, at)) + 1);
}

/**
 * char(X, ...): the characters with those code points; out-of-range values give U+FFFD.
 * A surrogate code point is written as its 3-byte encoding, which is not valid UTF-8: it
 * is held as three escaped bytes.
 */
export function charFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  let s = "";
  for (let i = 0; i < args.length; i++) {
    let x = int64Of(args[i], ctx.encoding);
    if (typeof x === "bigint" || x < 0 || x > 0x10ffff) x = 0xfffd;
    if (x >= 0xd800 && x <= 0xdfff) {
      noteIllFormedText();
      s += String.fromCharCode(
        ESCAPE_ED,
        0xdc80 | ((x >> 6) & 0x3f),
        0xdc80 | (x & 0x3f),
      );
    } else s += String.fromCodePoint(x);
  }
  setTextResult(out, s, ctx.encoding);
}

/** The escape of byte 0xED, the lead byte of a surrogate's 3-byte encoding. */
const ESCAPE_ED = 0xdced;

/** unicode(X): code point of the first character, NULL for an empty text. */
export function unicodeFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const s = textOf(args[0], ctx.encoding);
  // An empty text's first code is NaN, a NUL's 0: both falsy.
  if (s === null || !s.charCodeAt(0)) return setNull(out);
  // sqlite3Utf8Read of the first character's bytes (it turns U+FFFE and U+FFFF into
  // U+FFFD); sqlite3_result_int: the unsigned code of a malformed sequence wraps to
  // 32-bit signed.
  const b = encodeUtf8(s.slice(0, sqliteCharEnd(s, 0)));
  setInt(out, sqliteUtf8Read(b, 0, b.length) | 0);
}

/** concat(X, ...): the texts of the non-NULL arguments, joined. */
export function concatFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  joinNonNull(args, 0, "", out, ctx);
}

/** concat_ws(SEP, X, ...): the non-NULL X joined with SEP; NULL if SEP is NULL. */
export function concatWsFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const sep = textOf(args[0], ctx.encoding);
  if (sep === null) setNull(out);
  else joinNonNull(args, 1, sep, out, ctx);
}

/** The texts of the non-NULL `args[from..]`, `sep` between two of them, as the result. */
function joinNonNull(
  args: readonly Reg[],
  from: number,
  sep: string,
  out: Reg,
  ctx: FunctionContext,
): void {
  let s = "";
  let first = true;
  for (let i = from; i < args.length; i++) {
    const t = textOf(args[i], ctx.encoding);
    if (t === null) continue;
    s = first ? t : joinText(joinText(s, sep, TextEncoding.Utf8), t, TextEncoding.Utf8);
    first = false;
  }
  if (s.length > MAX_TEXT_LENGTH) tooBig();
  setTextResult(out, s, ctx.encoding);
}
