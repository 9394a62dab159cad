/**
 * SQLite's JSONB encoding and the mutable parse object every JSON function works on.
 *
 * A JSONB element is a header (1, 2, 3, 5 or 9 bytes) and a payload. The low nibble of
 * the first byte is the element type ({@link JB}); the high nibble is the payload size
 * when 0..11, else 12/13/14/15 say that a 1/2/4/8-byte big-endian size follows. Scalars
 * keep their JSON text as payload (without quotes); arrays and objects hold their
 * elements (an object alternates label, value). This is SQLite's on-disk format, so a
 * JSONB blob stored by SQLite reads here and ours reads there.
 */
import { utf8 } from "./chars.ts";

/** JSONB element types (low nibble of the first header byte). */
export const enum JB {
  Null = 0,
  True = 1,
  False = 2,
  Int = 3,
  Int5 = 4,
  Float = 5,
  Float5 = 6,
  Text = 7,
  TextJ = 8,
  Text5 = 9,
  TextRaw = 10,
  Array = 11,
  Object = 12,
}

/** `json_type()` names by JSONB type. */
export const JSONB_TYPE_NAMES: readonly string[] = [
  "null",
  "true",
  "false",
  "integer",
  "integer",
  "real",
  "real",
  "text",
  "text",
  "text",
  "text",
  "array",
  "object",
  "",
  "",
  "",
];

/** Deepest nesting the text parser and the JSONB checker accept. */
export const JSON_MAX_DEPTH = 1000;

/** Edit operations {@link JsonParse.eEdit} may request of a path lookup. */
export const enum Edit {
  None = 0,
  Del = 1,
  Repl = 2,
  Ins = 3,
  Set = 4,
  /** json_array_insert: insert before an existing array element. */
  ArrayIns = 5,
}

/**
 * A JSONB value under construction or edit (SQLite's JsonParse): `a[0, n)` is the blob,
 * `a` may be longer (capacity). The text fields are used while translating JSON text.
 */
export class JsonParse {
  /** Blob bytes; only `a[0, n)` are meaningful. */
  declare a: Uint8Array;
  /** Blob length. */
  n = 0;
  /** NUL-padded UTF-8 JSON text being translated (or null). */
  z: Uint8Array | null = null;
  /** Length of the JSON text in bytes (without the padding). */
  nJson = 0;
  /** Byte offset of the first error in the text. */
  iErr = 0;
  /** Current nesting depth of the text parser. */
  depth = 0;
  /** The input used JSON5 extensions. */
  hasNonstd = false;
  /** Edit requested of the next path lookup. */
  eEdit: Edit = Edit.None;
  /** Size change made by the edits of the current lookup. */
  delta = 0;
  /** JSONB to insert by the current edit. */
  ins: Uint8Array = EMPTY;
  /** Offset of the label when a lookup landed on an object member's value (else 0). */
  iLabel = 0;

  constructor(capacity = 100) {
    this.a = new Uint8Array(capacity);
  }

  /** A parse over a copy of `blob` (editable). */
  static of(blob: Uint8Array): JsonParse {
    const p = new JsonParse(blob.length + 100);
    p.a.set(blob);
    p.n = blob.length;
    return p;
  }

  /** The blob as a fresh array. */
  bytes(): Uint8Array {
    return this.a.slice(0, this.n);
  }

  /** Makes room for `need` bytes in total. */
  #reserve(need: number): void {
    if (need <= this.a.length) return;
    const b = new Uint8Array(Math.max(need + 100, this.a.length * 2));
    b.set(this.a.subarray(0, this.n));
    this.a = b;
  }

  /** Appends one byte. */
  appendByte(c: number): void {
    if (this.n >= this.a.length) this.#reserve(this.n + 1);
    this.a[this.n++] = c;
  }

  /**
   * Appends a header for type `t` with payload size `size`, then the payload
   * `src[from, from+size)` when `src` is given (else only the header).
   */
  appendNode(t: number, size: number, src: Uint8Array | null = null, from = 0): void {
    this.#reserve(this.n + size + 9);
    const width = headerWidthFor(size);
    writeHeader(this.a, this.n, t, size, width);
    this.n += width;
    if (src) {
      this.a.set(src.subarray(from, from + size), this.n);
      this.n += size;
    }
  }

  /** Appends a node whose payload is an ASCII string. */
  appendAscii(t: number, s: string): void {
    this.appendNode(t, s.length, utf8(s));
  }

  /**
   * Rewrites the header at `i` for payload size `size`, moving the bytes after it when
   * the header changes length. Returns the change in header length.
   */
  changePayloadSize(i: number, size: number): number {
    const a0 = this.a[i];
    const need = headerWidthFor(size);
    const delta = need - headerWidthOf(a0 >> 4);
    if (delta !== 0) {
      if (delta > 0) {
        this.#reserve(this.n + delta);
        this.a.copyWithin(i + 1 + delta, i + 1, this.n);
      } else this.a.copyWithin(i + 1, i + 1 - delta, this.n);
      this.n += delta;
    }
    writeHeader(this.a, i, a0 & 0x0f, size, need);
    return delta;
  }

  /**
   * Removes `nDel` bytes at `iDel` and inserts `ins` (or `nIns` uninitialised bytes when
   * `ins` is null) there, tracking the size change in {@link delta}.
   */
  edit(iDel: number, nDel: number, ins: Uint8Array | null, nIns = ins ? ins.length : 0): void {
    const d = nIns - nDel;
    if (d < 0 && d >= -8 && ins && overwriteWithWiderHeader(this.a, iDel, ins, nIns, -d)) {
      return;
    }
    if (d !== 0) {
      this.#reserve(this.n + d);
      this.a.copyWithin(iDel + nIns, iDel + nDel, this.n);
      this.n += d;
      this.delta += d;
    }
    if (ins && nIns > 0) this.a.set(ins.subarray(0, nIns), iDel);
  }
}

const EMPTY = new Uint8Array(0);

/** Bytes of a header whose first byte's high nibble is `x`: 1, 2, 3, 5 or 9. */
function headerWidthOf(x: number): number {
  return x <= 11 ? 1 : 1 + (1 << (x - 12));
}

/** Bytes of the shortest header for a payload of `size` bytes: 1, 2, 3 or 5. */
function headerWidthFor(size: number): number {
  return size <= 11 ? 1 : size <= 0xff ? 2 : size <= 0xffff ? 3 : 5;
}

/**
 * Writes at `a[at]` a header of `width` bytes (1, 2, 3, 5 or 9) for type `t` and payload
 * size `size`: the size in the high nibble, or a 1/2/4/8-byte big-endian size after it.
 */
function writeHeader(a: Uint8Array, at: number, t: number, size: number, width: number): void {
  if (width === 1) {
    a[at] = t | (size << 4);
    return;
  }
  a[at] = t | (width === 2 ? 0xc0 : width === 3 ? 0xd0 : width === 5 ? 0xe0 : 0xf0);
  // Sizes fit in 32 bits: the upper four bytes of a 9-byte header come out as zeros.
  for (let k = width - 1; k > 0; k--, size >>>= 8) a[at + k] = size & 0xff;
}

/**
 * SQLite avoids shrinking a blob when a replacement is 1..8 bytes smaller than what it
 * replaces and widening the replacement's header by exactly that much is possible (to
 * 2, 3, 5 or 9 bytes): it writes the wider, non-minimal header instead. Returns false
 * when that does not apply (null/true/false, or no header width fits).
 */
function overwriteWithWiderHeader(
  out: Uint8Array,
  at: number,
  ins: Uint8Array,
  nIns: number,
  d: number,
): boolean {
  if ((ins[0] & 0x0f) <= JB.False) return false;
  const h0 = headerWidthOf(ins[0] >> 4);
  const h = h0 + d;
  if (h !== 2 && h !== 3 && h !== 5 && h !== 9) return false;
  payloadSize(ins, nIns, 0);
  const sz = payloadSz;
  writeHeader(out, at, ins[0] & 0x0f, sz, h);
  out.set(ins.subarray(h0, h0 + sz), at + h);
  return true;
}

/** Payload size found by the last {@link payloadSize} call. */
export let payloadSz = 0;

/**
 * Header length of the element at `i` of `a[0, n)` (0 when the header or the element
 * overruns the blob), with its payload size left in {@link payloadSz}. `slack` extends
 * the limit (SQLite lets a lookup in mid-edit see bytes the edit has shifted).
 */
export function payloadSize(a: Uint8Array, n: number, i: number, slack = 0): number {
  payloadSz = 0;
  if (i > n) return 0;
  const x = a[i] >> 4;
  let h = 1;
  let sz = x;
  if (x > 11) {
    h = headerWidthOf(x);
    if (i + h - 1 >= n) return 0;
    // Big-endian; a 9-byte header's size of 2^32 or more overruns any blob.
    sz = a[i + 1];
    for (let k = 2; k < h; k++) sz = sz * 256 + a[i + k];
  }
  if (i + sz + h > n && i + sz + h > n - slack) return 0;
  payloadSz = sz;
  return h;
}

/** Number of elements of the array at `i`. */
export function arrayCount(p: JsonParse, i: number): number {
  let h = payloadSize(p.a, p.n, i);
  const end = i + h + payloadSz;
  let k = 0;
  for (let j = i + h; h > 0 && j < end; j += payloadSz + h, k++) h = payloadSize(p.a, p.n, j);
  return k;
}

/**
 * True if `b` superficially looks like JSONB (SQLite's jsonFuncArgMightBeBinary): a known
 * type whose header and payload exactly fill the blob, and no payload on null/true/false.
 */
export function looksLikeJsonb(b: Uint8Array): boolean {
  // An empty blob passes this (undefined & 0x0f is 0) and fails payloadSize (h 0).
  if ((b[0] & 0x0f) > JB.Object) return false;
  const h = payloadSize(b, b.length, 0);
  if (h === 0 || payloadSz + h !== b.length) return false;
  return !((b[0] & 0x0f) <= JB.False && payloadSz > 0);
}
