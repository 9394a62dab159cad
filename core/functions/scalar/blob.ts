/**
 * Blob functions and SQL literals: hex, unhex, zeroblob, randomblob, quote.
 */
import type { FunctionContext } from "../context.ts";
import { type Reg, setBlob, setNull, setText } from "../../value/reg.ts";
import { intToText, isHexDigit, realToText } from "../../value/number_text.ts";
import { hexValue as hexDigitValue } from "../json/chars.ts";
import { StorageClass } from "../../value/types.ts";
import { bytesOf, cText, int64Of, setTextResult, textOf } from "./coerce.ts";
import { MAX_JS_STRING, MAX_TEXT_LENGTH, tooBig } from "./limits.ts";

const HEX = "0123456789ABCDEF";

/** `s` as an SQL string literal: in single quotes, each quote doubled. */
export function sqlQuote(s: string): string {
  return `'${s.replaceAll("'", "''")}'`;
}

/** The bytes an even-length hex text (a blob literal's digits) spells. */
export function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(i * 2, 2), 16);
  return out;
}

/** Upper-case hex of `bytes`. */
export function toHex(bytes: Uint8Array): string {
  const n = bytes.length;
  if (n > MAX_JS_STRING / 2) tooBig();
  if (n > 4096) {
    // Long: as ASCII bytes decoded once (a string built a pair at a time is a rope of
    // millions of pieces, and a zeroblob(1e8)'s exhausted the heap).
    const out = new Uint8Array(2 * n);
    for (let i = 0; i < n; i++) {
      out[2 * i] = HEX_CODES[bytes[i] >> 4];
      out[2 * i + 1] = HEX_CODES[bytes[i] & 15];
    }
    return asciiDecoder.decode(out);
  }
  let s = "";
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    s += HEX[b >> 4] + HEX[b & 15];
  }
  return s;
}
const HEX_CODES = new TextEncoder().encode(HEX);
const asciiDecoder = new TextDecoder();

/**
 * hex(X): the bytes of X in upper-case hex: a blob's own bytes, a text's bytes in the
 * database encoding, a number's ASCII text; NULL gives the empty text.
 */
export function hexFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const b = bytesOf(args[0], ctx.encoding);
  setText(out, !b ? "" : toHex(b));
}

/** The value of hex digit `c`, or -1 when it is not one. */
function hexValue(c: number): number {
  return isHexDigit(c) ? hexDigitValue(c) : -1;
}

/**
 * unhex(X[, Y]): the blob X spells in hex digit pairs; characters of Y may appear
 * between pairs (not inside one). NULL for anything else, or if X or Y is NULL.
 */
export function unhexFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const hexText = textOf(args[0], ctx.encoding);
  const pass = args.length === 2 ? textOf(args[1], ctx.encoding) : "";
  if (hexText === null || pass === null) return setNull(out);
  const s = cText(hexText);
  const bytes = new Uint8Array(s.length >> 1);
  let n = 0;
  let i = 0;
  while (i < s.length) {
    let hi = hexValue(s.charCodeAt(i));
    while (hi < 0) {
      const ch = s.codePointAt(i) as number;
      // The string iterator steps by code point, a lone surrogate being one.
      if (![...pass].includes(String.fromCodePoint(ch))) return setNull(out);
      i += ch > 0xffff ? 2 : 1;
      if (i >= s.length) return setBlob(out, bytes.slice(0, n));
      hi = hexValue(s.charCodeAt(i));
    }
    const lo = i + 1 < s.length ? hexValue(s.charCodeAt(i + 1)) : -1;
    if (lo < 0) return setNull(out);
    bytes[n++] = (hi << 4) | lo;
    i += 2;
  }
  setBlob(out, n === bytes.length ? bytes : bytes.slice(0, n));
}

/** A byte count argument as SQLite reads it, checked against the length limit. */
function byteCount(r: Reg, ctx: FunctionContext, min: number): number {
  const v = int64Of(r, ctx.encoding);
  if (v < min) return min;
  if (v > MAX_TEXT_LENGTH) tooBig();
  return Number(v);
}

/** zeroblob(N): N zero bytes (0 for negative N). */
export function zeroblobFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  setBlob(out, new Uint8Array(byteCount(args[0], ctx, 0)));
}

/** randomblob(N): N random bytes (at least 1). */
export function randomblobFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const b = new Uint8Array(byteCount(args[0], ctx, 1));
  ctx.randomBytes(b);
  setBlob(out, b);
}

/**
 * The SQL literal of a value: `NULL`, an integer, a REAL as SQLite prints it, `X'..'`
 * for a blob, or a quoted text (cut at its first NUL, quotes doubled).
 */
export function quoteValue(r: Reg): string {
  switch (r.c) {
    case StorageClass.Null:
      return "NULL";
    case StorageClass.Integer:
      return intToText(r.v as number | bigint);
    case StorageClass.Real: {
      // SQLite prints %!0.15g and falls back to more digits when that does not read
      // back: for finite values that is exactly its REAL-to-text rendering, and the
      // zero flag turns infinities into 9.0e+999.
      const x = r.v as number;
      return x === Infinity ? "9.0e+999" : x === -Infinity ? "-9.0e+999" : realToText(x);
    }
    case StorageClass.Blob:
      return "X'" + toHex(r.v as Uint8Array) + "'";
    default:
      return sqlQuote(cText(r.v as string));
  }
}

/** quote(X). */
export function quoteFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const a = args[0];
  if (a.c !== StorageClass.Text) setText(out, quoteValue(a));
  else {
    // SQLite quotes the UTF-8 form of the text (this matters in UTF-16 databases).
    const s = textOf(a, ctx.encoding) as string;
    setTextResult(out, sqlQuote(cText(s)), ctx.encoding);
  }
}
