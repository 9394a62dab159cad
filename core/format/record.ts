/**
 * Records (fileformat2 §2.1): a header — its own size as a varint, then one serial type
 * per column — followed by the column values.
 *
 * | serial type | value                                   | size      |
 * |------------:|-----------------------------------------|-----------|
 * |           0 | NULL                                    | 0         |
 * |         1–4 | big-endian signed int of 1, 2, 3, 4 bytes | 1–4     |
 * |           5 | 6-byte signed int                       | 6         |
 * |           6 | 8-byte signed int                       | 8         |
 * |           7 | IEEE 754 big-endian double              | 8         |
 * |        8, 9 | the integers 0 and 1                    | 0         |
 * |      10, 11 | reserved (never in a valid database)    | —         |
 * | N≥12, even  | BLOB of (N−12)/2 bytes                  | (N−12)/2  |
 * | N≥13, odd   | TEXT of (N−13)/2 bytes, database encoding | (N−13)/2 |
 *
 * {@link RecordReader} parses the header lazily, only as far as the highest column asked
 * for, and decodes only the values asked for.
 */
import { corrupt } from "../errors.ts";
import { type SqlValue, StorageClass, type TextEncoding } from "../value/types.ts";
import { decodeText, PLATFORM_LE } from "./text.ts";
import { getVarint32, varintEnd } from "./varint.ts";

/**
 * The bytes a reader (or a cursor) points at before its first record: one shared empty
 * array, never written, since creating a typed array costs far more than a plain object
 * and a reader is made per cursor.
 */
export const NO_BYTES = new Uint8Array(0);

const SIZE_BY_TYPE = new Uint8Array([0, 1, 2, 3, 4, 6, 8, 8, 0, 0, 0, 0]);

/** Byte length of a value with serial type `t`. */
export function serialTypeSize(t: number): number {
  return t < 12 ? SIZE_BY_TYPE[t] : (t - 12) >>> 1;
}

/** The storage class a serial type denotes. */
export function serialTypeClass(t: number): StorageClass {
  if (t === 0) return StorageClass.Null;
  if (t === 7) return StorageClass.Real;
  if (t < 12) return StorageClass.Integer;
  return t & 1 ? StorageClass.Text : StorageClass.Blob;
}

/** The storage class of field value `v` of serial type `t` (a REAL NaN reads as NULL). */
export function fieldClass(t: number, v: SqlValue): StorageClass {
  return v === null ? StorageClass.Null : serialTypeClass(t);
}

const f64 = new Float64Array(1);
const f64Bytes = new Uint8Array(f64.buffer);

/** Decodes one value of serial type `t` starting at `off` (bounds already checked). */
export function decodeValue(buf: Uint8Array, off: number, t: number, enc: TextEncoding): SqlValue {
  switch (t) {
    case 0:
      return null;
    case 1:
      return (buf[off] << 24) >> 24;
    case 2:
      return (((buf[off] << 8) | buf[off + 1]) << 16) >> 16;
    case 3:
      return (((buf[off] << 16) | (buf[off + 1] << 8) | buf[off + 2]) << 8) >> 8;
    case 4:
      return (buf[off] << 24) | (buf[off + 1] << 16) | (buf[off + 2] << 8) | buf[off + 3];
    case 5:
      return int48(buf, off);
    case 6:
      return int64(buf, off);
    case 7: {
      // A NaN (no SQLite writes one) reads as NULL, as SQLite's sqlite3VdbeSerialGet has it.
      const x = float64(buf, off);
      return x === x ? x : null;
    }
    case 8:
      return 0;
    case 9:
      return 1;
    default:
      if (t & 1) return decodeText(buf, off, off + ((t - 13) >>> 1), enc);
      return buf.slice(off, off + ((t - 12) >>> 1));
  }
}

function int48(buf: Uint8Array, off: number): number {
  const high = (((buf[off] << 8) | buf[off + 1]) << 16) >> 16; // signed top 16 bits
  const low = ((buf[off + 2] << 24) | (buf[off + 3] << 16) | (buf[off + 4] << 8) | buf[off + 5]) >>>
    0;
  return high * 0x100000000 + low;
}

function int64(buf: Uint8Array, off: number): number | bigint {
  const high = (buf[off] << 24) | (buf[off + 1] << 16) | (buf[off + 2] << 8) | buf[off + 3];
  const low = ((buf[off + 4] << 24) | (buf[off + 5] << 16) | (buf[off + 6] << 8) | buf[off + 7]) >>>
    0;
  // Safe when the top 11 bits are all copies of the sign: |v| < 2^53.
  if (high >= -0x200000 && high < 0x200000) {
    const v = high * 0x100000000 + low;
    if (v !== -0x20000000000000) return v;
  }
  return (BigInt(high) << 32n) | BigInt(low);
}

function float64(buf: Uint8Array, off: number): number {
  if (PLATFORM_LE) {
    for (let i = 0; i < 8; i++) f64Bytes[i] = buf[off + 7 - i];
  } else {
    for (let i = 0; i < 8; i++) f64Bytes[i] = buf[off + i];
  }
  return f64[0];
}

/**
 * Where a record's bytes live. Most records sit whole on one page (`local` covers the
 * whole payload); a record that overflows is assembled on demand by `full()`.
 */
export interface PayloadSource {
  /** Bytes holding the start of the payload. */
  local: Uint8Array;
  /** Offset of the payload within `local`. */
  localStart: number;
  /** How many payload bytes `local` holds from `localStart`. */
  localSize: number;
  /** Total payload size. */
  size: number;
  /** The whole payload as one array starting at offset 0 (reads overflow pages). */
  full(): Uint8Array;
  /** Page number used in corruption reports. */
  page: number;
}

/** Reads columns of one record at a time; reset it for each row to avoid allocation. */
export class RecordReader {
  declare readonly encoding: TextEncoding;
  // Plain arrays: a reader is made per cursor, and a cursor per lookup, so they must be
  // cheap to create (typed arrays are not).
  #types: number[] = [];
  /** Offset of each parsed column's bytes in `#buf`. */
  #offsets: number[] = [];
  #parsed = 0;
  #headerEnd = 0;
  #headerPos = 0;
  #bodyPos = 0;
  #buf: Uint8Array = NO_BYTES;
  #base = 0;
  #size = 0;
  #src: PayloadSource | null = null;
  #whole = true;
  #page = 0;

  constructor(encoding: TextEncoding) {
    this.encoding = encoding;
  }

  /** Points the reader at a new record. */
  reset(src: PayloadSource): void {
    this.#src = src;
    this.#page = src.page;
    this.#size = src.size;
    this.#whole = src.localSize === src.size;
    this.#buf = src.local;
    this.#base = src.localStart;
    this.#parsed = 0;
    // The header size varint is at most 9 bytes; if the local part cannot hold the
    // whole header, switch to the assembled payload.
    const localEnd = this.#base + src.localSize;
    let hdrSize = getVarint32(this.#buf, this.#base, localEnd, this.#page);
    if (!this.#whole && hdrSize > src.localSize) {
      this.#useFull();
      hdrSize = getVarint32(this.#buf, 0, this.#size, this.#page);
    }
    if (hdrSize > this.#size || hdrSize < varintEnd - this.#base) {
      corrupt(this.#page, "record header size out of range");
    }
    this.#headerPos = varintEnd;
    this.#headerEnd = this.#base + hdrSize;
    this.#bodyPos = this.#headerEnd;
  }

  /** Lets go of the record it reads (the reader must be reset before it is used again). */
  release(): void {
    this.#src = null;
    this.#buf = NO_BYTES;
    this.#size = 0;
    this.#parsed = 0;
  }

  /** Points the reader at a record held whole in `buf[start, start + size)`. */
  resetLocal(buf: Uint8Array, start: number, size: number, page: number): void {
    this.#src = null;
    this.#page = page;
    this.#size = size;
    this.#whole = true;
    this.#buf = buf;
    this.#base = start;
    this.#parsed = 0;
    const end = start + size;
    let hdrSize = start < end ? buf[start] : 0x80;
    let pos = start + 1;
    if (hdrSize >= 0x80) {
      hdrSize = getVarint32(buf, start, end, page);
      pos = varintEnd;
    }
    if (hdrSize > size || hdrSize < pos - start) corrupt(page, "record header size out of range");
    this.#headerPos = pos;
    this.#headerEnd = start + hdrSize;
    this.#bodyPos = this.#headerEnd;
  }

  #useFull(): void {
    const full = this.#src!.full();
    const delta = 0 - this.#base;
    this.#buf = full;
    this.#base = 0;
    this.#whole = true;
    this.#headerPos += delta;
    this.#headerEnd += delta;
    this.#bodyPos += delta;
    for (let i = 0; i < this.#parsed; i++) this.#offsets[i] += delta;
  }

  /** Parses header entries until column `i` is known; false if the record is shorter. */
  #parseTo(i: number): boolean {
    let n = this.#parsed;
    if (n > i) return true;
    // Locals for the loop: it runs for every row a query reads.
    const buf = this.#buf, end = this.#headerEnd, limit = this.#base + this.#size;
    let pos = this.#headerPos, body = this.#bodyPos;
    const types = this.#types, offsets = this.#offsets;
    while (n <= i && pos < end) {
      let t = buf[pos];
      if (t < 0x80) {
        pos++;
      } else {
        t = getVarint32(buf, pos, end, this.#page);
        pos = varintEnd;
      }
      types[n] = t;
      offsets[n++] = body;
      if (t >= 12) body += (t - 12) >>> 1;
      else if (t >= 10) corrupt(this.#page, "reserved serial type");
      else body += SIZE_BY_TYPE[t];
    }
    // Checked once: body only grows, so a value past the payload leaves it past the end.
    if (body > limit) corrupt(this.#page, "record value runs past payload");
    this.#parsed = n;
    this.#headerPos = pos;
    this.#bodyPos = body;
    return n > i;
  }

  /** Value of column `i`; `undefined` when the record has fewer columns (use the default). */
  value(i: number): SqlValue | undefined {
    const t = this.locate(i);
    return t < 0 ? undefined : decodeValue(this.rawBuf, this.rawStart, t, this.encoding);
  }

  /**
   * Locates column `i` without decoding it: returns its serial type (-1 when the record
   * is shorter) and leaves its bytes at `rawBuf[rawStart .. rawStart + size)`.
   */
  locate(i: number): number {
    if (!this.#parseTo(i)) return -1;
    const t = this.#types[i];
    let off = this.#offsets[i];
    if (!this.#whole && off + serialTypeSize(t) > this.#base + this.#src!.localSize) {
      this.#useFull();
      off = this.#offsets[i];
    }
    this.rawBuf = this.#buf;
    this.rawStart = off;
    return t;
  }

  /** Bytes of the column last passed to {@link locate}. */
  rawBuf: Uint8Array = NO_BYTES;
  /** Offset of that column's bytes in {@link rawBuf}. */
  rawStart = 0;
}
