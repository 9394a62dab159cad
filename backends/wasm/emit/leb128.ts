/**
 * Byte-level encoding of WebAssembly binaries: a growable byte buffer with LEB128 writers
 * (unsigned u32, signed i32 from a number, signed i64 from a bigint), little-endian f64 and
 * length-prefixed UTF-8 names, and the matching reader used by the printer.
 */

import { Bug, bugMessage } from "../../../core/internal_error.ts";
import { utf8Bytes } from "../../../core/format/text.ts";
// One scratch view for f64 <-> bytes, so writing or reading a double allocates nothing.
import { bitsView as scratch } from "../../../core/value/fp_scale.ts";

const TWO_32 = 0x1_0000_0000;
const I64_MIN = -(1n << 63n);
const U64_LIMIT = 1n << 64n;

/** Throws a RangeError unless `n` is an integer in [0, 2^32). */
export function checkU32(n: number): void {
  if (!(n >= 0 && n < TWO_32 && Math.floor(n) === n)) {
    throw new RangeError(bugMessage(Bug.NotU32, n));
  }
}

/** Throws a RangeError unless `n` is an integer in [-2^31, 2^32) (an i32, or its u32 bits). */
export function checkI32(n: number): void {
  if (!(n >= -0x8000_0000 && n < TWO_32 && Math.floor(n) === n)) {
    throw new RangeError(bugMessage(Bug.NotI32, n));
  }
}

/** Throws a RangeError unless `v` is in [-2^63, 2^64) (an i64, or its u64 bits). */
export function checkI64(v: bigint): void {
  if (v < I64_MIN || v >= U64_LIMIT) throw new RangeError(bugMessage(Bug.NotI64, v));
}

/** An append-only byte buffer that grows by doubling. */
export class ByteBuffer {
  #buf: Uint8Array;
  /** Number of bytes written so far; setting it lower truncates the buffer. */
  length = 0;

  /** A buffer with room for `capacity` bytes before its first growth. */
  constructor(capacity = 256) {
    this.#buf = new Uint8Array(Math.max(16, capacity));
  }

  /** Makes room for `n` more bytes. */
  #reserve(n: number): void {
    const need = this.length + n;
    if (need <= this.#buf.length) return;
    let size = this.#buf.length * 2;
    while (size < need) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.#buf.subarray(0, this.length));
    this.#buf = next;
  }

  /** Appends one byte (the low 8 bits of `b`). */
  u8(b: number): void {
    this.#reserve(1);
    this.#buf[this.length++] = b;
  }

  /** Appends `n` as unsigned LEB128; `n` must be an integer in [0, 2^32). */
  u32(n: number): void {
    checkU32(n);
    this.#reserve(5);
    const buf = this.#buf;
    let len = this.length;
    while (n >= 0x80) {
      buf[len++] = (n & 0x7f) | 0x80;
      n = Math.floor(n / 128); // not >>> 7: n may be above 2^31
    }
    buf[len++] = n;
    this.length = len;
  }

  /**
   * Appends `n` as signed LEB128 of 32 bits; `n` must be an integer in [-2^31, 2^32)
   * (values from 2^31 up are written as their two's-complement i32).
   */
  i32(n: number): void {
    checkI32(n);
    this.#reserve(5);
    const buf = this.#buf;
    let len = this.length;
    let v = n | 0;
    for (;;) {
      const byte = v & 0x7f;
      v >>= 7;
      if ((v === 0 && !(byte & 0x40)) || (v === -1 && (byte & 0x40))) {
        buf[len++] = byte;
        break;
      }
      buf[len++] = byte | 0x80;
    }
    this.length = len;
  }

  /**
   * Appends `v` as signed LEB128 of 64 bits; `v` must be in [-2^63, 2^64) (values from 2^63
   * up are written as their two's-complement i64).
   */
  i64(v: bigint): void {
    if (v >= -0x8000_0000n && v <= 0x7fff_ffffn) {
      this.i32(Number(v)); // same bytes, without bigint arithmetic
      return;
    }
    checkI64(v);
    let x = BigInt.asIntN(64, v);
    this.#reserve(10);
    for (;;) {
      const byte = Number(x & 0x7fn);
      x >>= 7n;
      if ((x === 0n && !(byte & 0x40)) || (x === -1n && (byte & 0x40))) {
        this.#buf[this.length++] = byte;
        return;
      }
      this.#buf[this.length++] = byte | 0x80;
    }
  }

  /** Appends the 8 little-endian bytes of `x` (NaN payloads as the engine stores them). */
  f64(x: number): void {
    scratch.setFloat64(0, x, true);
    this.#reserve(8);
    for (let i = 0; i < 8; i++) this.#buf[this.length++] = scratch.getUint8(i);
  }

  /** Appends raw bytes. */
  bytes(data: Uint8Array): void {
    this.#reserve(data.length);
    this.#buf.set(data, this.length);
    this.length += data.length;
  }

  /** Appends a name: its UTF-8 byte length as u32, then the bytes (a `vec(byte)`). */
  name(s: string): void {
    const data = utf8Bytes(s);
    this.u32(data.length);
    this.bytes(data);
  }

  /** The bytes written so far (a view: later writes may or may not show through). */
  view(): Uint8Array {
    return this.#buf.subarray(0, this.length);
  }

  /** A copy of the bytes written so far. */
  toBytes(): Uint8Array {
    return this.#buf.slice(0, this.length);
  }

  /** Forgets the contents, keeping the storage. */
  clear(): void {
    this.length = 0;
  }
}

/** Reads the encodings {@link ByteBuffer} writes; every read checks the end of input. */
export class ByteReader {
  /** The bytes read. */
  declare readonly bytes: Uint8Array;
  /** Offset of the next byte to read. */
  declare pos: number;
  /** Offset just past the last readable byte. */
  declare end: number;

  /** A reader over `bytes[start, end)`. */
  constructor(bytes: Uint8Array, start = 0, end = bytes.length) {
    this.bytes = bytes;
    this.pos = start;
    this.end = end;
  }

  /** True when every byte has been read. */
  get atEnd(): boolean {
    return this.pos >= this.end;
  }

  #fail(what: string): never {
    throw new Error(`${what} at byte offset ${this.pos}`);
  }

  /** One byte. */
  u8(): number {
    if (this.pos >= this.end) this.#fail("unexpected end of input");
    return this.bytes[this.pos++];
  }

  /** An unsigned LEB128 of at most 32 bits. */
  u32(): number {
    let result = 0;
    let scale = 1;
    for (let i = 0; i < 5; i++) {
      const b = this.u8();
      result += (b & 0x7f) * scale;
      if ((b & 0x80) === 0) {
        if (result >= TWO_32) this.#fail("u32 out of range");
        return result;
      }
      scale *= 128;
    }
    return this.#fail("u32 longer than 5 bytes");
  }

  /**
   * A signed LEB128 of at most `maxBytes` bytes, sign-extended from its last group; the
   * typed readers below cut it to their width. Only the printer reads, so bigint is fine.
   */
  #signed(maxBytes: number, what: string): bigint {
    let result = 0n;
    let shift = 0n;
    for (let i = 0; i < maxBytes; i++) {
      const b = this.u8();
      result |= BigInt(b & 0x7f) << shift;
      shift += 7n;
      if ((b & 0x80) === 0) return (b & 0x40) !== 0 ? result - (1n << shift) : result;
    }
    return this.#fail(`${what} longer than ${maxBytes} bytes`);
  }

  /** A signed LEB128 of at most 32 bits. */
  i32(): number {
    return Number(BigInt.asIntN(32, this.#signed(5, "i32")));
  }

  /** A signed LEB128 of at most 33 bits, as block types encode a type index. */
  s33(): number {
    return Number(this.#signed(5, "s33"));
  }

  /** A signed LEB128 of at most 64 bits. */
  i64(): bigint {
    return BigInt.asIntN(64, this.#signed(10, "i64"));
  }

  /** The raw 8 bytes of an f64, as a bigint bit pattern (keeps NaN payloads exact). */
  f64Bits(): bigint {
    let bits = 0n;
    for (let i = 0; i < 8; i++) bits |= BigInt(this.u8()) << BigInt(8 * i);
    return bits;
  }

  /** `n` raw bytes (a view into the input). */
  #bytesN(n: number): Uint8Array {
    if (n > this.end - this.pos) this.#fail(`${n} bytes run past the end of input`);
    const out = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  /** A `vec(byte)`: u32 length, then that many bytes. */
  vecBytes(): Uint8Array {
    return this.#bytesN(this.u32());
  }
}

/** The double whose IEEE-754 bit pattern is `bits`. */
export function f64FromBits(bits: bigint): number {
  scratch.setBigUint64(0, bits, true);
  return scratch.getFloat64(0, true);
}
