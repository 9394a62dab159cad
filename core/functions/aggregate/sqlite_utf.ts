/**
 * SQLite's own UTF-8 ↔ UTF-16 translations (utf.c), which a UTF-16 database applies to
 * `group_concat`'s text: arguments are read as UTF-8 (a BLOB's bytes are first taken as
 * UTF-16 and translated by `sqliteUtf16ToUtf8` of core/format/text.ts), and the UTF-8
 * result is translated back to UTF-16 when stored (here).
 *
 * Both are more lenient than WHATWG decoding, and the difference is visible:
 * - UTF-16 → UTF-8: a surrogate is combined with whatever unit follows it (valid pair or
 *   not); a surrogate in the last unit becomes three bytes of its own (ED A0 80 for D800);
 *   an odd trailing byte is dropped.
 * - UTF-8 → UTF-16: a lead byte takes every continuation byte that follows; the result is
 *   U+FFFD only if it is below U+0080, a surrogate, or U+FFFE/U+FFFF. A stray continuation
 *   byte or a byte F8..FF stands for itself (so byte A0 reads as U+00A0).
 */

/** Payload bits of a lead byte C0..FF (sqlite3Utf8Trans1). */
function leadBits(c: number): number {
  if (c < 0xe0) return c - 0xc0;
  if (c < 0xf0) return c - 0xe0;
  if (c < 0xf8) return c - 0xf0;
  if (c < 0xfc) return c - 0xf8;
  return c < 0xfe ? c - 0xfc : 0;
}

/** `bytes[start, end)`, UTF-8 as SQLite reads it, as a string of UTF-16 code units. */
export function sqliteUtf8ToString(bytes: Uint8Array, start: number, end: number): string {
  let out = "";
  let i = start;
  while (i < end) {
    let c = bytes[i++];
    if (c >= 0xc0) {
      c = leadBits(c);
      while (i < end && (bytes[i] & 0xc0) === 0x80) c = ((c << 6) + (bytes[i++] & 0x3f)) >>> 0;
      if (c < 0x80 || (c & 0xfffff800) >>> 0 === 0xd800 || (c & 0xfffffffe) >>> 0 === 0xfffe) {
        c = 0xfffd;
      }
    }
    if (c <= 0xffff) out += String.fromCharCode(c);
    else {
      // SQLite writes the pair from the low bits only, even past U+10FFFF.
      const v = c - 0x10000;
      out += String.fromCharCode(0xd800 + ((v >>> 10) & 0x3ff), 0xdc00 + (c & 0x3ff));
    }
  }
  return out;
}
