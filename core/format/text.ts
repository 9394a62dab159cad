/**
 * TEXT values as JS strings that keep their exact bytes.
 *
 * SQLite never validates text: a TEXT value is whatever bytes it holds, in the database
 * encoding, and hex(), length(), CAST AS BLOB, comparisons and concatenation all see those
 * bytes. litejit holds TEXT as a JS string chosen so that the bytes can always be had back:
 *
 * - UTF-8 databases ("surrogate escape", as Python's surrogateescape): every well-formed
 *   UTF-8 sequence becomes its character; every other byte 0x80..0xFF becomes the lone low
 *   surrogate U+DC80 + (byte - 0x80), an *escape*. Well-formed UTF-8 never encodes a
 *   surrogate, so a lone surrogate in such a string is always an escape, and the string is
 *   canonical: equal bytes give equal strings (DISTINCT, GROUP BY and `=` rely on it).
 *   Valid text is just its characters, so the common path costs nothing.
 * - UTF-16 databases: the string's code units are the text's 16-bit units, lone surrogates
 *   included (a JS string holds them as they are). An odd trailing byte is dropped.
 *
 * Functions that SQLite runs on UTF-8 text (sqlite3_value_text) read a UTF-16 text through
 * {@link utf8View} (SQLite's own lossy UTF-16 → UTF-8 translation) and store their UTF-8
 * result back with {@link fromUtf8View}. The public API shows text the way node:sqlite
 * does ({@link displayText}): through sqlite3_column_text and V8's UTF-8 decoder, which
 * turns each maximal invalid subpart into U+FFFD.
 */
import { TextEncoding } from "../value/types.ts";

// Non-fatal decoders are much faster than fatal ones; a U+FFFD in the result sends the
// text to the exact (slower) decoding, which also handles a genuine U+FFFD.
const utf8Lossy = new TextDecoder("utf-8", { ignoreBOM: true });
/** Shared: the aggregates' UTF-8 buffers (utf8_buffer.ts) encode into their bytes with it. */
export const utf8Encoder = new TextEncoder();

/** Text decoding's sizes (a const enum, so the bundle holds the numbers). */
const enum Decode {
  /**
   * Short ASCII strings are decoded by hand: TextDecoder's call overhead dominates there
   * (measured: by hand is faster up to about 64 bytes, TextDecoder beyond).
   */
  SHORT_TEXT = 64,
  /** The escape of byte 0x80; escapes run to U+DCFF (byte 0xFF). */
  ESCAPE_BASE = 0xdc00,
  /** ASCII texts up to this many bytes are interned (see {@link decodeText}). */
  INTERNED_LENGTH = 12,
  /** Slots of the interned texts' table (a power of two). */
  INTERNED_SLOTS = 4096,
  /** Bytes of each slab that {@link encodeKey} carves keys from. */
  KEY_SLAB = 4096,
}

const SURROGATE = /[\uD800-\uDFFF]/;
/** What SQLite's UTF-8 → UTF-16 translation may change: surrogates, U+FFFE, U+FFFF. */
const NOT_KEPT_IN_UTF16 = /[\uD800-\uDFFF\uFFFE\uFFFF]/;

/**
 * False until some text with escapes or lone surrogates has been made in this process:
 * until then the API boundary has nothing to convert and skips its per-value scan.
 * (Every maker of such text calls {@link noteIllFormedText}.)
 */
let illFormedTextSeen = false;

/** The UTF-8 TextEncoder writes for `s` (a lone surrogate, escapes included, as U+FFFD). */
export function utf8Bytes(s: string): Uint8Array {
  return utf8Encoder.encode(s);
}

/** Records that a string with escapes or lone surrogates exists (see displayText). */
export function noteIllFormedText(): void {
  illFormedTextSeen = true;
}

/** True if `s` holds any surrogate code unit (escapes, pairs or lone UTF-16 units). */
export function hasSurrogate(s: string): boolean {
  return SURROGATE.test(s);
}

/** True for the second half of a surrogate pair. */
export function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** True if code unit `c` is an escaped byte (meaningful where no high surrogate precedes). */
export function isEscape(c: number): boolean {
  return c >= 0xdc80 && c <= 0xdcff;
}

/**
 * Scratch for {@link decodeText}'s short strings (ASCII bytes or UTF-16 code units), one
 * array per length: resizing one shared array reallocates its backing store as lengths
 * alternate, which cost more than the decoding.
 */
const codesOfLength: number[][] = Array.from(
  { length: Decode.SHORT_TEXT + 1 },
  (_, n) => new Array(n).fill(0),
);
const interned: string[] = new Array(Decode.INTERNED_SLOTS).fill(
  "\u0000".repeat(Decode.INTERNED_LENGTH + 1),
);

/** The text stored in `buf[start, end)` in database encoding `enc`. */
export function decodeText(buf: Uint8Array, start: number, end: number, enc: TextEncoding): string {
  if (enc === TextEncoding.Utf8) {
    const n = end - start;
    if (n <= Decode.SHORT_TEXT) {
      // Short ASCII: one fromCharCode over the codes (a flat string, where appending
      // character by character builds a chain that hashing must flatten).
      let hash = n;
      for (let i = start; i < end; i++) {
        const c = buf[i];
        if (c >= 0x80) return decodeUtf8(buf, start, end);
        hash = (hash * 31 + c) | 0;
      }
      // Very short texts repeat (codes, names, flags): the last string made for these
      // bytes' slot is handed out again when it has the same characters, which saves the
      // allocation and keeps its hash (V8 caches it) for the Map lookups that follow.
      const slot = hash & (Decode.INTERNED_SLOTS - 1);
      const held = n > Decode.INTERNED_LENGTH ? "" : interned[slot];
      if (held.length === n) {
        let i = 0;
        while (i < n && held.charCodeAt(i) === buf[start + i]) i++;
        if (i === n) return held;
      }
      const codes = codesOfLength[n];
      for (let i = 0; i < n; i++) codes[i] = buf[start + i];
      const made = String.fromCharCode.apply(null, codes);
      return n > Decode.INTERNED_LENGTH ? made : (interned[slot] = made);
    }
    return decodeUtf8(buf, start, end);
  }
  end -= (end - start) & 1;
  const le = enc === TextEncoding.Utf16le;
  const units = (end - start) >> 1;
  if (units <= Decode.SHORT_TEXT) {
    // Short UTF-16 without surrogates: the code units as they are (no decoder call).
    const codes = codesOfLength[units];
    const lo = le ? 0 : 1;
    let i = 0;
    for (; i < units; i++) {
      const p = start + 2 * i;
      const u = buf[p + lo] | (buf[p + 1 - lo] << 8);
      if (u >= 0xd800 && u <= 0xdfff) break;
      codes[i] = u;
    }
    if (i === units) return String.fromCharCode.apply(null, codes);
  }
  if (nativeUtf16) return nativeUtf16(buf, start, end, le);
  const utf8 = utf16ToUtf8(buf, start, end, le);
  if (utf8) return utf8Lossy.decode(utf8);
  illFormedTextSeen = true;
  return decodeUnits(buf, start, end, le);
}

/**
 * Decodes UTF-16 bytes `buf[start, end)` (an even count; little-endian if `le`) to their
 * code units as they are, lone surrogates included; calls {@link noteIllFormedText} if the
 * result has a lone surrogate.
 */
export type Utf16Decoder = (buf: Uint8Array, start: number, end: number, le: boolean) => string;

let nativeUtf16: Utf16Decoder | null = null;

/**
 * Lets {@link decodeText} hand UTF-16 text longer than the short path's to a platform
 * decoder (mod.ts installs node:buffer's, 10-25x faster than transcoding to UTF-8 here;
 * TextDecoder's UTF-16 decoder is slower still); `null` goes back to the transcoding.
 */
export function installUtf16Decoder(decoder: Utf16Decoder | null): void {
  nativeUtf16 = decoder;
}

/** Scratch for {@link utf16ToUtf8}; texts longer than the cap get their own buffers. */
let unitScratch = new Uint16Array(2048);
let utf8Scratch = new Uint8Array(6144);
const SCRATCH_CAP_UNITS = 1 << 20;
export const PLATFORM_LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The code units of UTF-16 `buf[start, end)` in a scratch array (copied in one move if it can). */
export function unitsOf(buf: Uint8Array, start: number, end: number, le: boolean): Uint16Array {
  const count = (end - start) >> 1;
  let units = unitScratch;
  if (units.length < count) {
    units = new Uint16Array(count);
    if (count <= SCRATCH_CAP_UNITS) unitScratch = units;
  }
  if (le === PLATFORM_LE) {
    new Uint8Array(units.buffer, 0, count * 2).set(buf.subarray(start, start + count * 2));
  } else {
    for (let i = 0; i < count; i++) units[i] = buf[start + 2 * i + 1] | (buf[start + 2 * i] << 8);
  }
  return units;
}

/**
 * Well-formed UTF-16 `buf[start, end)` as UTF-8 bytes (a view of scratch memory, valid
 * until the next call), or null if it holds a lone surrogate. Transcoding here and decoding
 * UTF-8 natively is faster than the runtime's UTF-16 decoder, and exact for well-formed
 * text (noncharacters and U+FFFD included).
 */
function utf16ToUtf8(buf: Uint8Array, start: number, end: number, le: boolean): Uint8Array | null {
  const count = (end - start) >> 1;
  const units = unitsOf(buf, start, end, le);
  let out = utf8Scratch;
  if (out.length < count * 3) {
    out = new Uint8Array(count * 3);
    if (count <= SCRATCH_CAP_UNITS) utf8Scratch = out;
  }
  let n = 0;
  // The UTF-8 forms written inline rather than by writeUtf8: measured 18 % faster over
  // mixed-script text (calling it even for pairs alone cost as much).
  for (let i = 0; i < count; i++) {
    let c = units[i];
    if (c < 0x80) {
      out[n++] = c;
    } else if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 0x3f);
    } else if (c < 0xd800 || c > 0xdfff) {
      out[n++] = 0xe0 | (c >> 12);
      out[n++] = 0x80 | ((c >> 6) & 0x3f);
      out[n++] = 0x80 | (c & 0x3f);
    } else {
      const d = i + 1 < count ? units[i + 1] : 0;
      if (c > 0xdbff || d < 0xdc00 || d > 0xdfff) return null;
      c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
      i++;
      out[n++] = 0xf0 | (c >> 18);
      out[n++] = 0x80 | ((c >> 12) & 0x3f);
      out[n++] = 0x80 | ((c >> 6) & 0x3f);
      out[n++] = 0x80 | (c & 0x3f);
    }
  }
  return out.subarray(0, n);
}

function decodeUtf8(buf: Uint8Array, start: number, end: number): string {
  const s = utf8Lossy.decode(buf.subarray(start, end));
  return s.includes("\uFFFD") ? decodeUtf8Escaped(buf, start, end) : s;
}

/** UTF-16 code units as they are, lone surrogates included (an odd trailing byte dropped). */
export function decodeUnits(buf: Uint8Array, start: number, end: number, le: boolean): string {
  const lo = le ? 0 : 1;
  let s = "";
  for (let i = start; i + 1 < end; i += 2) {
    s += String.fromCharCode(buf[i + lo] | (buf[i + 1 - lo] << 8));
  }
  return s;
}

/**
 * Length of the well-formed UTF-8 sequence at `buf[i]` (Unicode's table 3-7: no overlong
 * forms, no surrogates, nothing above U+10FFFF), or 0 if there is none.
 */
function sequenceLength(buf: Uint8Array, i: number, end: number): number {
  const b0 = buf[i];
  if (b0 < 0x80) return 1;
  if (b0 < 0xc2 || b0 > 0xf4) return 0;
  const n = b0 < 0xe0 ? 2 : b0 < 0xf0 ? 3 : 4;
  if (i + n > end) return 0;
  const b1 = buf[i + 1];
  const lo = b0 === 0xe0 ? 0xa0 : b0 === 0xf0 ? 0x90 : 0x80;
  const hi = b0 === 0xed ? 0x9f : b0 === 0xf4 ? 0x8f : 0xbf;
  if (b1 < lo || b1 > hi) return 0;
  for (let k = 2; k < n; k++) if ((buf[i + k] & 0xc0) !== 0x80) return 0;
  return n;
}

/** UTF-8 bytes with every byte outside a well-formed sequence as its escape. */
export function decodeUtf8Escaped(buf: Uint8Array, start: number, end: number): string {
  illFormedTextSeen = true;
  let s = "";
  let run = start; // start of the pending well-formed run
  let i = start;
  while (i < end) {
    const n = sequenceLength(buf, i, end);
    if (n > 0) {
      i += n;
      continue;
    }
    if (run < i) s += utf8Lossy.decode(buf.subarray(run, i));
    s += String.fromCharCode(Decode.ESCAPE_BASE + buf[i]);
    run = ++i;
  }
  if (run < end) s += utf8Lossy.decode(buf.subarray(run, end));
  return s;
}

/**
 * The UTF-8 bytes of a string: escapes give their byte back, pairs their 4-byte form, and
 * any other lone surrogate its 3-byte form (as SQLite writes one).
 */
export function encodeUtf8(s: string): Uint8Array {
  // TextEncoder writes a lone surrogate as U+FFFD; pairs it encodes exactly.
  if (!hasLoneSurrogate(s)) return utf8Encoder.encode(s);
  const out = new Uint8Array(s.length * 3);
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (isEscape(c)) {
      out[n++] = c - Decode.ESCAPE_BASE;
      continue;
    }
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (isLowSurrogate(d)) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      }
    }
    // Other lone surrogates take the 3-byte form, as any unit from U+0800 does.
    n = writeUtf8(out, n, c);
  }
  return out.slice(0, n);
}

/** A text's bytes in a database encoding (exact: see the module notes). */
export function encodeText(s: string, enc: TextEncoding): Uint8Array {
  if (enc === TextEncoding.Utf8) return encodeUtf8(s);
  const out = new Uint8Array(s.length * 2);
  const lo = enc === TextEncoding.Utf16le ? 0 : 1;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    out[2 * i + lo] = u & 0xff;
    out[2 * i + 1 - lo] = u >>> 8;
  }
  return out;
}

/**
 * {@link encodeText} for a search key that only comparisons read. ASCII text is written
 * into a shared slab and handed out as a view of it: allocating a typed array costs about
 * a microsecond in Deno (its V8 keeps none on the JS heap), a view a fiftieth of that, and
 * a point lookup on a text key made two. The views never reach the API: a value made from
 * one would show other keys in its `buffer`.
 */
export function encodeKey(s: string, enc: TextEncoding): Uint8Array {
  const n = s.length;
  if (keyUsed + n > Decode.KEY_SLAB) keySlab = new Uint8Array(Decode.KEY_SLAB), keyUsed = 0;
  let i = 0, c;
  while (i < n && (c = s.charCodeAt(i)) < 0x80) keySlab[keyUsed + i++] = c;
  // Not ASCII, not UTF-8, or longer than a slab (its writes fell off the end).
  return i < n || enc !== TextEncoding.Utf8 || n > Decode.KEY_SLAB
    ? encodeText(s, enc)
    : keySlab.subarray(keyUsed, keyUsed += n);
}
let keySlab = new Uint8Array(Decode.KEY_SLAB), keyUsed = 0;

/** Number of bytes `s` takes in UTF-8 (an escape counts 1, another lone surrogate 3). */
export function utf8ByteLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff) {
      // 3 bytes alone; 4 for it and the low surrogate after it.
      n += 2;
      if (isLowSurrogate(s.charCodeAt(i + 1))) i++;
    } else if (!isEscape(c)) n += 2;
  }
  return n;
}

/** The canonical form of a UTF-8-database string whose bytes may have been re-joined. */
export function canonicalUtf8(s: string): string {
  if (!hasLoneSurrogate(s)) return s;
  const b = encodeUtf8(s);
  return decodeUtf8(b, 0, b.length);
}

/**
 * `a` followed by `b`, as SQLite joins their bytes: in UTF-8, escaped bytes at the seam
 * may form a character together (`x'E282' || x'AC'` is `'€'`).
 */
export function joinText(a: string, b: string, enc: TextEncoding): string {
  if (
    enc === TextEncoding.Utf8 && a.length && b.length &&
    isEscape(a.charCodeAt(a.length - 1)) && isEscape(b.charCodeAt(0))
  ) {
    return canonicalUtf8(a + b);
  }
  return a + b;
}

/** True if `s` has a surrogate that is not part of a pair. */
export function hasLoneSurrogate(s: string): boolean {
  // ES2024, as core/api/params.ts's binding of text already needs.
  return !s.isWellFormed();
}

/**
 * SQLite's UTF-16 → UTF-8 translation (utf.c) of the code units of `s`: a surrogate takes
 * whatever unit follows it, valid pair or not; a surrogate in the last unit stays alone.
 */
export function unitsToSqliteUtf8(s: string): Uint8Array {
  const out = new Uint8Array(s.length * 3);
  let n = 0;
  for (let i = 0; i < s.length;) {
    let c = s.charCodeAt(i++);
    if (c >= 0xd800 && c < 0xe000 && i < s.length) {
      const c2 = s.charCodeAt(i++);
      c = (c2 & 0x03ff) + ((c & 0x003f) << 10) + (((c & 0x03c0) + 0x0040) << 10);
    }
    n = writeUtf8(out, n, c);
  }
  return out.subarray(0, n);
}

/** Writes code point `c` (up to 0x1FFFFF) as UTF-8 at `out[n]`; returns the index after it. */
export function writeUtf8(out: Uint8Array, n: number, c: number): number {
  if (c < 0x80) out[n++] = c;
  else if (c < 0x800) {
    out[n++] = 0xc0 | (c >> 6);
    out[n++] = 0x80 | (c & 0x3f);
  } else if (c < 0x10000) {
    out[n++] = 0xe0 | (c >> 12);
    out[n++] = 0x80 | ((c >> 6) & 0x3f);
    out[n++] = 0x80 | (c & 0x3f);
  } else {
    out[n++] = 0xf0 | ((c >> 18) & 0x07);
    out[n++] = 0x80 | ((c >> 12) & 0x3f);
    out[n++] = 0x80 | ((c >> 6) & 0x3f);
    out[n++] = 0x80 | (c & 0x3f);
  }
  return n;
}

/** Payload bits of a lead byte C0..FF (sqlite3Utf8Trans1). */
export function leadBits(c: number): number {
  if (c < 0xe0) return c - 0xc0;
  if (c < 0xf0) return c - 0xe0;
  if (c < 0xf8) return c - 0xf0;
  if (c < 0xfc) return c - 0xf8;
  return c < 0xfe ? c - 0xfc : 0;
}

/**
 * SQLite's character read (sqlite3Utf8Read) at `bytes[i]`: a lead byte takes every
 * continuation byte that follows; the result is U+FFFD if below U+0080, a surrogate, or
 * U+FFFE/U+FFFF; a stray continuation byte or a byte F8..FF stands for itself. The index
 * after the character is left in {@link utf8ReadEnd}.
 */
export function sqliteUtf8Read(bytes: Uint8Array, i: number, end: number): number {
  let c = bytes[i++];
  if (c >= 0xc0) {
    c = leadBits(c);
    while (i < end && (bytes[i] & 0xc0) === 0x80) c = ((c << 6) + (bytes[i++] & 0x3f)) >>> 0;
    if (c < 0x80 || (c & 0xfffff800) >>> 0 === 0xd800 || (c & 0xfffffffe) >>> 0 === 0xfffe) {
      c = 0xfffd;
    }
  }
  utf8ReadEnd = i;
  return c;
}

/** Where the last {@link sqliteUtf8Read} stopped. */
export let utf8ReadEnd = 0;

/** `bytes[start, end)`, UTF-8 as SQLite reads it, as a string of UTF-16 code units. */
export function sqliteUtf8ToString(bytes: Uint8Array, start: number, end: number): string {
  let out = "";
  let i = start;
  while (i < end) {
    const c = sqliteUtf8Read(bytes, i, end);
    i = utf8ReadEnd;
    if (c <= 0xffff) out += String.fromCharCode(c);
    else {
      // SQLite writes the pair from the low bits only, even past U+10FFFF.
      const v = c - 0x10000;
      out += String.fromCharCode(0xd800 + ((v >>> 10) & 0x3ff), 0xdc00 + (c & 0x3ff));
    }
  }
  return out;
}

/**
 * A text as SQLite's functions read it (sqlite3_value_text): the string itself in a UTF-8
 * database; in a UTF-16 one, SQLite's translation to UTF-8 (which pairs a lone surrogate
 * with the unit after it), held in the UTF-8 form of the module notes.
 */
export function utf8View(s: string, enc: TextEncoding): string {
  if (enc === TextEncoding.Utf8 || !hasSurrogate(s) || !hasLoneSurrogate(s)) return s;
  const b = unitsToSqliteUtf8(s);
  return decodeUtf8(b, 0, b.length);
}

/**
 * A function's UTF-8 result (in the form {@link utf8View} gives) as the database holds it:
 * unchanged in UTF-8; in UTF-16, translated as SQLite translates UTF-8 (sqlite3Utf8Read),
 * which also turns U+FFFE and U+FFFF into U+FFFD.
 */
export function fromUtf8View(s: string, enc: TextEncoding): string {
  if (enc === TextEncoding.Utf8 || !NOT_KEPT_IN_UTF16.test(s)) return s;
  const b = encodeUtf8(s);
  return sqliteUtf8ToString(b, 0, b.length);
}

/**
 * A text as node:sqlite hands it to JavaScript: SQLite's UTF-8 form of it (sqlite3_column_text)
 * decoded by V8, each maximal invalid subpart becoming U+FFFD.
 */
export function displayText(s: string, enc: TextEncoding): string {
  if (!illFormedTextSeen || !hasSurrogate(s)) return s;
  if (enc === TextEncoding.Utf8) return utf8Lossy.decode(encodeUtf8(s));
  if (!hasLoneSurrogate(s)) return s;
  return utf8Lossy.decode(unitsToSqliteUtf8(s));
}

/**
 * `s` with every character that holds escaped bytes replaced by the value SQLite reads
 * for it (sqlite3Utf8Read: U+FFFD for a bad sequence, a stray continuation byte as
 * itself), for code that compares characters (LIKE, GLOB). Values past U+10FFFF, which
 * only malformed sequences give, become U+10FFFF.
 */
export function sqliteCharValues(s: string): string {
  // Escaped bytes are lone surrogates; pairs stand for themselves.
  if (!hasLoneSurrogate(s)) return s;
  let out = "";
  let i = 0;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      out += s[i++];
      continue;
    }
    let j = i + 1;
    if (c >= 0xd800 && c <= 0xdbff && j < s.length) {
      const d = s.charCodeAt(j);
      if (isLowSurrogate(d)) j++;
    }
    const plainLead = !isEscape(c) || c >= 0xdcc0;
    let escaped = isEscape(c);
    if (plainLead) {
      while (j < s.length && s.charCodeAt(j) >= 0xdc80 && s.charCodeAt(j) <= 0xdcbf) {
        j++;
        escaped = true;
      }
    }
    if (!escaped) out += s.slice(i, j);
    else {
      const b = encodeUtf8(s.slice(i, j));
      const v = sqliteUtf8Read(b, 0, b.length);
      out += String.fromCodePoint(v > 0x10ffff ? 0x10ffff : v);
    }
    i = j;
  }
  return out;
}
