/**
 * Decoding TEXT values from the database encoding into JS strings, the way SQLite hands
 * them to JavaScript (through sqlite3_column_text, i.e. as UTF-8, which the JS side
 * decodes with U+FFFD for invalid sequences):
 * - invalid UTF-8 becomes U+FFFD, as TextDecoder and V8 both do;
 * - a byte order mark is kept as a character;
 * - UTF-16 is first translated the way SQLite's utf.c translates it: an odd trailing byte
 *   is dropped, and a surrogate code unit is combined with whatever unit follows it into
 *   one supplementary character, valid pair or not. Only a surrogate in the last unit
 *   survives alone, as three UTF-8 bytes that decode to U+FFFD each.
 * Well-formed UTF-16 decodes the same either way, so the translation runs only when
 * TextDecoder reports a replacement character.
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
  const le = enc === TextEncoding.Utf16le;
  const s = (le ? utf16le : utf16be).decode(buf.subarray(start, end));
  return s.includes("\uFFFD") ? utf8.decode(sqliteUtf16ToUtf8(buf, start, end, le)) : s;
}

/**
 * SQLite's UTF-16 to UTF-8 translation (utf.c) of `buf[start, end)` (`end - start` even),
 * including its handling of bad surrogates: a surrogate takes whatever unit follows it.
 */
export function sqliteUtf16ToUtf8(
  buf: Uint8Array,
  start: number,
  end: number,
  le: boolean,
): Uint8Array {
  const out = new Uint8Array(((end - start) >> 1) * 3);
  const [lo, hi] = le ? [0, 1] : [1, 0];
  let n = 0;
  for (let i = start; i < end;) {
    let c = buf[i + lo] | (buf[i + hi] << 8);
    i += 2;
    if (c >= 0xd800 && c < 0xe000 && i < end) {
      const c2 = buf[i + lo] | (buf[i + hi] << 8);
      i += 2;
      c = (c2 & 0x03ff) + ((c & 0x003f) << 10) + (((c & 0x03c0) + 0x0040) << 10);
    }
    if (c < 0x80) out[n++] = c;
    else if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 0x3f);
    } else if (c < 0x10000) {
      out[n++] = 0xe0 | (c >> 12);
      out[n++] = 0x80 | ((c >> 6) & 0x3f);
      out[n++] = 0x80 | (c & 0x3f);
    } else {
      out[n++] = 0xf0 | (c >> 18);
      out[n++] = 0x80 | ((c >> 12) & 0x3f);
      out[n++] = 0x80 | ((c >> 6) & 0x3f);
      out[n++] = 0x80 | (c & 0x3f);
    }
  }
  return out.subarray(0, n);
}
