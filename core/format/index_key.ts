/**
 * Searching an index b-tree by key: compares an entry's leading record fields with a
 * search key using the index's collations and sort orders (DESC columns invert).
 *
 * Text is compared as SQLite compares it — on the stored bytes, not on decoded strings.
 * The two agree for well-formed text, but text holding invalid UTF-8 decodes lossily
 * (to U+FFFD), and comparing such strings would disagree with the b-tree's byte order
 * and send a binary search astray. So the key's texts are encoded once into the
 * database encoding and compared against the record bytes: BINARY is a plain byte
 * comparison in every encoding (which gives UTF-16le its byte-swapped order for free),
 * NOCASE and RTRIM work on UTF-8 bytes as SQLite's do. Only NOCASE/RTRIM in UTF-16
 * databases (where SQLite converts to UTF-8 first) compare decoded strings.
 */
import { type Collation, collationNamed } from "../value/collation.ts";
import { compareBlobs, compareValues } from "../value/compare.ts";
import { type SqlValue, TextEncoding } from "../value/types.ts";
import { lowerAsciiCode } from "../value/ascii_case.ts";
import type { EntryComparator, RawEntryOrder } from "./cursor.ts";
import { decodeValue, type RecordReader } from "./record.ts";
import type { KeyColumn } from "./schema_types.ts";
import { encodeKey, encodeText } from "./text.ts";

/** How text of one key field is compared. */
const enum TextMode {
  Binary,
  NocaseUtf8,
  RtrimUtf8,
  /** Decode and use the collation's string comparison. */
  Decoded,
}

/** How the fields of an index (or WITHOUT ROWID table) compare: collation and direction. */
export interface KeyOrder {
  collations: Collation[];
  desc: boolean[];
  encoding: TextEncoding;
}

/** The ordering of an index's (or WITHOUT ROWID table's) record fields. */
export function keyOrder(fields: readonly KeyColumn[], enc: TextEncoding): KeyOrder {
  return {
    collations: fields.map((f) => collationNamed(f.collation, enc)),
    desc: fields.map((f) => f.desc),
    encoding: enc,
  };
}

function textMode(coll: Collation, enc: TextEncoding): TextMode {
  if (coll.name === "BINARY") return TextMode.Binary;
  if (enc !== TextEncoding.Utf8) return TextMode.Decoded;
  return coll.name === "NOCASE" ? TextMode.NocaseUtf8 : TextMode.RtrimUtf8;
}

/** A JS string as the database stores it (exact: see text.ts). */
export { encodeText };

/** Compares stored text bytes `[a, a + na)` of `buf` with `key` under `mode`. */
function compareTextBytes(
  buf: Uint8Array,
  a: number,
  na: number,
  key: Uint8Array,
  mode: TextMode,
): number {
  let nb = key.length;
  if (mode === TextMode.RtrimUtf8) {
    while (na > 0 && buf[a + na - 1] === 0x20) na--;
    while (nb > 0 && key[nb - 1] === 0x20) nb--;
  }
  const n = na < nb ? na : nb;
  if (mode === TextMode.NocaseUtf8) {
    for (let i = 0; i < n; i++) {
      const x = lowerAsciiCode(buf[a + i]), y = lowerAsciiCode(key[i]);
      if (x !== y) return x - y;
    }
  } else {
    for (let i = 0; i < n; i++) {
      const x = buf[a + i], y = key[i];
      if (x !== y) return x - y;
    }
  }
  return na - nb;
}

/** The bytewise order of stored text `buf[a, a + na)` and `key`: BINARY on UTF-8 text. */
export function compareTextBinary(buf: Uint8Array, a: number, na: number, key: Uint8Array) {
  // A loop of its own: through compareTextBytes, which the collations share, it took
  // twice as long.
  const nb = key.length, n = na < nb ? na : nb;
  let i = 0;
  while (i < n && buf[a + i] === key[i]) i++;
  return i < n ? buf[a + i] - key[i] : na - nb;
}

/**
 * A comparator of entries against `key` (a prefix of the record fields). Entries whose
 * first `key.length` fields equal the key compare as 0, so SeekOp.GE finds the first of
 * them and SeekOp.GT steps past them all.
 */
export function keyComparator(key: readonly SqlValue[], order: KeyOrder): EntryComparator {
  const n = key.length;
  const modes = order.collations.slice(0, n).map((c) => textMode(c, order.encoding));
  const encoded = key.map((v, i) =>
    typeof v === "string" && modes[i] !== TextMode.Decoded ? encodeKey(v, order.encoding) : null
  );
  const compare: EntryComparator = (rec: RecordReader) => {
    for (let i = 0; i < n; i++) {
      const t = rec.locate(i);
      // A record with fewer fields than the key sorts first, as SQLite's record compare.
      if (t < 0) return -1;
      const k = encoded[i];
      let c: number;
      if (k && t >= 13 && (t & 1) === 1) {
        c = compareTextBytes(rec.rawBuf, rec.rawStart, (t - 13) >>> 1, k, modes[i]);
      } else if (t >= 12 && !(t & 1) && key[i] instanceof Uint8Array) {
        const len = (t - 12) >>> 1;
        c = compareBlobs(
          rec.rawBuf.subarray(rec.rawStart, rec.rawStart + len),
          key[i] as Uint8Array,
        );
      } else {
        c = compareValues(rec.value(i)!, key[i], order.collations[i]);
      }
      if (c !== 0) return order.desc[i] ? -c : c;
    }
    return 0;
  };
  const first = key[0], firstBytes = encoded[0];
  if (firstBytes !== null || (typeof first === "number" && first === first)) {
    compare.raw = firstFieldOrder(firstBytes ?? first as number, modes[0], order.desc[0], n > 1);
  }
  return compare;
}

/**
 * The order of a record held whole in `buf[start, start + size)` against a key, told by
 * the record's first field alone: what an index page's binary search asks of most entries
 * (core/format/cursor.ts), without setting up a record reader. `key` is the key's first
 * value, a number or text as {@link encodeKey} stores it (compared under `mode`); `more`:
 * the key has further fields. NaN where the first field does not decide (equal to a key
 * with more fields, a class or a header this does not read): the comparator then decides,
 * reporting damage where there is some.
 */
function firstFieldOrder(
  key: Uint8Array | number,
  mode: TextMode,
  desc: boolean,
  more: boolean,
): RawEntryOrder {
  const text = typeof key !== "number";
  return (buf, start, size) => {
    // The header's size and the first serial type: one-byte varints, or two for the type.
    const header = buf[start];
    if (header >= 0x80 || header < 2 || header > size) return NaN;
    let t = buf[start + 1];
    if (t >= 0x80) {
      const low = buf[start + 2];
      if (low >= 0x80 || header < 3) return NaN;
      t = ((t & 0x7f) << 7) | low;
    }
    // Reserved types and values past the record: the comparator reports them.
    const len = t >= 12 ? (t - 12) >>> 1 : t < 10 ? SERIAL_SIZE[t] : size;
    if (header + len > size) return NaN;
    const at = start + header;
    let c: number;
    if (t >= 12) {
      // Numbers sort before text, text before blobs.
      if (!text || !(t & 1)) c = 1;
      else if (mode === TextMode.Binary) c = compareTextBinary(buf, at, len, key as Uint8Array);
      else c = compareTextBytes(buf, at, len, key as Uint8Array, mode);
    } else if (t === 0 || text) {
      c = -1; // NULL sorts first, then numbers
    } else {
      const v = decodeValue(buf, at, t, TextEncoding.Utf8);
      // An integer past 2^53 (a bigint), or a stored NaN (read as NULL).
      if (typeof v !== "number") return NaN;
      c = v < (key as number) ? -1 : v > (key as number) ? 1 : 0;
    }
    if (c === 0 && more) return NaN;
    return desc ? -c : c;
  };
}

/** Bytes of the value of each numeric serial type (0-9). */
const SERIAL_SIZE = [0, 1, 2, 3, 4, 6, 8, 8, 0, 0];
