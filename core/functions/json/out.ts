/** A growable UTF-8 byte buffer for building JSON text (SQLite's JsonString). */
import { utf8Text } from "./chars.ts";

/** Output flags: why the text cannot be used. */
export const enum OutErr {
  None = 0,
  /** Malformed JSONB was met while rendering. */
  Malformed = 2,
}

/** Bytes of JSON text under construction. */
export class JsonOut {
  declare b: Uint8Array;
  n = 0;
  err: OutErr = OutErr.None;

  constructor(capacity = 100) {
    this.b = new Uint8Array(capacity);
  }

  /** Makes room for `extra` more bytes. */
  grow(extra: number): void {
    if (this.n + extra <= this.b.length) return;
    const nb = new Uint8Array(Math.max(this.b.length * 2, this.n + extra + 100));
    nb.set(this.b.subarray(0, this.n));
    this.b = nb;
  }

  /** Appends one byte. */
  char(c: number): void {
    if (this.n >= this.b.length) this.grow(1);
    this.b[this.n++] = c;
  }

  /** Appends `src[from, to)`. */
  raw(src: Uint8Array, from = 0, to = src.length): void {
    if (to <= from) return;
    this.grow(to - from);
    this.b.set(src.subarray(from, to), this.n);
    this.n += to - from;
  }

  /** Appends an ASCII string. */
  ascii(s: string): void {
    this.grow(s.length);
    for (let i = 0; i < s.length; i++) this.b[this.n++] = s.charCodeAt(i);
  }

  /** Appends "," unless the text is empty or ends in "[" or "{". */
  separator(): void {
    if (this.n === 0) return;
    const c = this.b[this.n - 1];
    if (c === 0x5b || c === 0x7b) return;
    this.char(0x2c);
  }

  /** The text so far. */
  text(): string {
    return utf8Text(this.b, 0, this.n);
  }
}

/**
 * Appends `z[from, to)` as a JSON string literal: `"` and `\` escaped, \b \f \n \r \t
 * for those controls, \u00XX for other controls; everything else (incl. `'`) verbatim.
 */
export function appendQuoted(out: JsonOut, z: Uint8Array, from = 0, to = z.length): void {
  out.grow(to - from + 2);
  out.char(0x22);
  for (let i = from; i < to; i++) {
    const c = z[i];
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c) {
      out.char(c);
      continue;
    }
    appendEscape(out, c);
  }
  out.char(0x22);
}

/** Appends the escape of `"`, `\` or a control character. */
export function appendEscape(out: JsonOut, c: number): void {
  out.char(0x5c);
  // `"` and `\` themselves, b t n f r for those five controls (code 0 or NaN: none).
  const e = c === 0x22 || c === 0x5c ? c : "\0\0\0\0\0\0\0\0btn\0fr".charCodeAt(c);
  if (e) out.char(e);
  // Another control character, below 0x20.
  else out.ascii((c < 0x10 ? "u000" : "u00") + c.toString(16));
}
