/**
 * SQLite varints (fileformat2 §1.6): 1 to 9 bytes, big-endian, 7 bits per byte with the
 * high bit meaning "more follows", except the 9th byte which gives all 8 bits.
 *
 * The decoders return the value and leave the offset just past it in {@link varintEnd}, so
 * the hot path allocates nothing. `limit` is the end of the readable region: a varint that
 * would cross it means the file is corrupt.
 */
import { corrupt } from "../errors.ts";
import { normalizeInt } from "../value/types.ts";

/** Offset just past the varint decoded by the last call to a decoder in this module. */
export let varintEnd = 0;

/**
 * A 64-bit varint as a signed integer: a number when safe, a bigint otherwise (SQLite
 * stores rowids as two's-complement 64-bit values).
 */
export function getVarint(
  buf: Uint8Array,
  off: number,
  limit: number,
  page: number,
): number | bigint {
  if (off < limit) {
    const b0 = buf[off];
    if (b0 < 0x80) {
      varintEnd = off + 1;
      return b0;
    }
  }
  let v = 0;
  // Up to 7 bytes (49 bits) accumulate exactly in a double.
  for (let i = 0; i < 7; i++) {
    if (off + i >= limit) corrupt(page, "varint runs past end of cell");
    const b = buf[off + i];
    v = v * 128 + (b & 0x7f);
    if (b < 0x80) {
      varintEnd = off + i + 1;
      return v;
    }
  }
  return getVarintTail(buf, off, limit, page, v);
}

/** Bytes 8 and 9 of a long varint, where the value may exceed 2^53. */
function getVarintTail(
  buf: Uint8Array,
  off: number,
  limit: number,
  page: number,
  high: number,
): number | bigint {
  if (off + 7 >= limit) corrupt(page, "varint runs past end of cell");
  let v = BigInt(high);
  const b7 = buf[off + 7];
  if (b7 < 0x80) {
    varintEnd = off + 8;
    v = (v << 7n) | BigInt(b7);
  } else {
    if (off + 8 >= limit) corrupt(page, "varint runs past end of cell");
    varintEnd = off + 9;
    v = (v << 15n) | (BigInt(b7 & 0x7f) << 8n) | BigInt(buf[off + 8]);
  }
  return normalizeInt(BigInt.asIntN(64, v));
}

/**
 * A varint known to describe a size or a serial type. Like SQLite's getVarint32, values
 * that do not fit in 32 bits come back as 0xffffffff, which callers reject as too large.
 */
export function getVarint32(buf: Uint8Array, off: number, limit: number, page: number): number {
  if (off < limit) {
    const b0 = buf[off];
    if (b0 < 0x80) {
      varintEnd = off + 1;
      return b0;
    }
  }
  const v = getVarint(buf, off, limit, page);
  return typeof v === "number" && v >= 0 && v <= 0xffffffff ? v : 0xffffffff;
}
