/**
 * Decoding TEXT values from the database encoding into JS strings, the way SQLite hands
 * them to JavaScript: invalid UTF-8 becomes U+FFFD (as V8 does for node:sqlite), a byte
 * order mark is kept as a character, and an odd trailing byte of UTF-16 text is dropped
 * (SQLite's translation ignores it).
 */
import { TextEncoding } from "../value/types.ts";

const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });
const utf16le = new TextDecoder("utf-16le", { ignoreBOM: true });
const utf16be = new TextDecoder("utf-16be", { ignoreBOM: true });

/** Short ASCII strings are decoded by hand: TextDecoder's call overhead dominates there. */
const SHORT_TEXT = 24;

export function decodeText(buf: Uint8Array, start: number, end: number, enc: TextEncoding): string {
  if (enc === TextEncoding.Utf8) {
    if (end - start <= SHORT_TEXT) {
      let s = "";
      for (let i = start; i < end; i++) {
        const c = buf[i];
        if (c >= 0x80) return utf8.decode(buf.subarray(start, end));
        s += String.fromCharCode(c);
      }
      return s;
    }
    return utf8.decode(buf.subarray(start, end));
  }
  end -= (end - start) & 1;
  return (enc === TextEncoding.Utf16le ? utf16le : utf16be).decode(buf.subarray(start, end));
}
