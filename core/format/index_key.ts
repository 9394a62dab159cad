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
import type { EntryComparator } from "./cursor.ts";
import type { RecordReader } from "./record.ts";
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
  return (rec: RecordReader) => {
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
}
