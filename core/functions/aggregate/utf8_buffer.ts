/**
 * A growable UTF-8 byte string that can also drop bytes from its front: the accumulator of
 * `group_concat`, which SQLite builds (and, in window frames, trims) byte by byte.
 *
 * Why bytes and not a JS string: SQLite appends the bytes of each value's text, and a
 * BLOB's text is its raw bytes in a UTF-8 database. Two BLOBs holding halves of one
 * character join into that character, and a trim can cut a character in half; only the
 * final decode shows the text ({@link utf8Text}).
 */
import {
  decodeText,
  decodeUnits,
  encodeUtf8,
  hasSurrogate,
  sqliteUtf8ToString,
  unitsToSqliteUtf8,
  utf8ByteLength,
  utf8Encoder,
  utf8View,
} from "../../format/text.ts";
import { intToText, realToText } from "../../value/number_text.ts";
import type { Reg } from "../../value/reg.ts";
import { StorageClass, TextEncoding } from "../../value/types.ts";

/** Bytes in `[start, end)` of `bytes`; `start` moves forward as the front is dropped. */
export interface Utf8Buffer {
  bytes: Uint8Array;
  start: number;
  end: number;
}

/** An empty buffer. */
export function newUtf8Buffer(): Utf8Buffer {
  return { bytes: new Uint8Array(64), start: 0, end: 0 };
}

/** Number of bytes held. */
export function utf8Size(b: Utf8Buffer): number {
  return b.end - b.start;
}

/** Makes room for `n` more bytes at the end. */
function reserve(b: Utf8Buffer, n: number): void {
  if (b.end + n <= b.bytes.length) return;
  const size = b.end - b.start;
  let target = b.bytes.length;
  while (target < size + n) target *= 2;
  if (target === b.bytes.length) {
    // Dropping the consumed front makes enough room.
    b.bytes.copyWithin(0, b.start, b.end);
  } else {
    const into = new Uint8Array(target);
    into.set(b.bytes.subarray(b.start, b.end), 0);
    b.bytes = into;
  }
  b.start = 0;
  b.end = size;
}

/** Appends raw bytes. */
export function appendBytes(b: Utf8Buffer, src: Uint8Array): void {
  reserve(b, src.length);
  b.bytes.set(src, b.end);
  b.end += src.length;
}

/**
 * Appends `s` encoded as UTF-8 (escaped bytes as themselves: see core/format/text.ts);
 * returns the number of bytes added.
 */
export function appendString(b: Utf8Buffer, s: string): number {
  if (hasSurrogate(s)) {
    const bytes = encodeUtf8(s);
    appendBytes(b, bytes);
    return bytes.length;
  }
  // At most 3 bytes per UTF-16 code unit.
  reserve(b, s.length * 3);
  const bytes = b.bytes;
  let at = b.end;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) {
      at += utf8Encoder.encodeInto(s.slice(i), bytes.subarray(at)).written;
      break;
    }
    bytes[at++] = c;
  }
  const added = at - b.end;
  b.end = at;
  return added;
}

/**
 * The bytes as the text a reader of a database in encoding `enc` sees: in UTF-8, as they
 * are (invalid bytes escaped, `decodeText`); in UTF-16, translated the way SQLite
 * stores a UTF-8 result there (`sqliteUtf8ToString`).
 */
export function utf8Text(b: Utf8Buffer, enc: TextEncoding): string {
  return enc === TextEncoding.Utf8
    ? decodeText(b.bytes, b.start, b.end, TextEncoding.Utf8)
    : sqliteUtf8ToString(b.bytes, b.start, b.end);
}

/** A BLOB's bytes as UTF-8 text: as they are in a UTF-8 database, translated in UTF-16. */
function blobUtf8(bytes: Uint8Array, enc: TextEncoding): Uint8Array {
  if (enc === TextEncoding.Utf8) return bytes;
  // SQLite's translation (utf.c): a surrogate takes whatever unit follows it.
  return unitsToSqliteUtf8(decodeUnits(bytes, 0, bytes.length & ~1, enc === TextEncoding.Utf16le));
}

/**
 * Appends the text of a non-NULL value as SQLite's `sqlite3_value_text` gives it (numbers
 * rendered as CAST AS TEXT does, a BLOB's bytes read as text in the database encoding);
 * returns the number of bytes added.
 */
export function appendValueText(b: Utf8Buffer, r: Reg, enc: TextEncoding): number {
  switch (r.c) {
    case StorageClass.Integer:
      return appendString(b, intToText(r.v as number | bigint));
    case StorageClass.Real:
      return appendString(b, realToText(r.v as number));
    case StorageClass.Text:
      return appendString(b, utf8View(r.v as string, enc));
    case StorageClass.Blob: {
      const bytes = blobUtf8(r.v as Uint8Array, enc);
      appendBytes(b, bytes);
      return bytes.length;
    }
    default:
      return 0;
  }
}

/** Number of bytes {@link appendValueText} would add for `r`. */
export function valueTextSize(r: Reg, enc: TextEncoding): number {
  switch (r.c) {
    case StorageClass.Integer:
      return intToText(r.v as number | bigint).length;
    case StorageClass.Real:
      return realToText(r.v as number).length;
    case StorageClass.Text:
      return utf8ByteLength(utf8View(r.v as string, enc));
    case StorageClass.Blob:
      return blobUtf8(r.v as Uint8Array, enc).length;
    default:
      return 0;
  }
}
