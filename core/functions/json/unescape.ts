/** JSON string escapes: decoding one escape, label comparison, unescaping a payload. */
import { hex4, hexValue } from "./chars.ts";
import { leadBits, writeUtf8 } from "../../format/text.ts";

/** The code point SQLite uses for an invalid escape. */
export const INVALID_CHAR = 0x99999;

/** Code point of the last {@link unescapeOne} / {@link readUtf8} call. */
export let charOut = 0;

/** Reads one UTF-8 character of at most `n` bytes at `z[i]` (lenient, as SQLite). */
export function readUtf8(z: Uint8Array, i: number, n: number): number {
  let c = z[i];
  let k = 1;
  if (c >= 0xc0) {
    c = leadBits(c);
    const lim = Math.min(n, 4);
    while (k < lim && (z[i + k] & 0xc0) === 0x80) {
      c = ((c << 6) + (z[i + k] & 0x3f)) >>> 0;
      k++;
    }
  }
  charOut = c;
  return k;
}

/** Bytes of escaped line breaks (`\` + LF, CR, CRLF, U+2028, U+2029) at `z[i]`. */
function bytesToBypass(z: Uint8Array, i: number, n: number): number {
  let k = 0;
  while (k + 1 < n) {
    if (z[i + k] !== 0x5c) return k;
    const c = z[i + k + 1];
    if (c === 0x0a) {
      k += 2;
      continue;
    }
    if (c === 0x0d) {
      k += k + 2 < n && z[i + k + 2] === 0x0a ? 3 : 2;
      continue;
    }
    if (
      c === 0xe2 && k + 3 < n && z[i + k + 2] === 0x80 &&
      (z[i + k + 3] === 0xa8 || z[i + k + 3] === 0xa9)
    ) {
      k += 4;
      continue;
    }
    break;
  }
  return k;
}

/** The escapes of one letter after the backslash... */
const ONE_LETTER = "bfnrtv0'\"/\\";
/** ...and the characters they stand for. */
const ONE_LETTER_VALUE = "\b\f\n\r\t\v\0'\"/\\";

/**
 * Decodes the escape sequence at `z[i]` (a backslash, `n` bytes available) into
 * {@link charOut}; returns its length. Surrogate pairs written as two \u escapes combine.
 */
export function unescapeOne(z: Uint8Array, i: number, n: number): number {
  if (n < 2) {
    charOut = INVALID_CHAR;
    return n;
  }
  switch (z[i + 1]) {
    case 0x75: {
      if (n < 6) {
        charOut = INVALID_CHAR;
        return n;
      }
      const v = hex4(z, i + 2);
      if ((v & 0xfc00) === 0xd800 && n >= 12 && z[i + 6] === 0x5c && z[i + 7] === 0x75) {
        const lo = hex4(z, i + 8);
        if ((lo & 0xfc00) === 0xdc00) {
          charOut = ((v & 0x3ff) << 10) + (lo & 0x3ff) + 0x10000;
          return 12;
        }
      }
      charOut = v;
      return 6;
    }
    case 0x78:
      if (n < 4) {
        charOut = INVALID_CHAR;
        return n;
      }
      charOut = (hexValue(z[i + 2]) << 4) | hexValue(z[i + 3]);
      return 4;
    case 0xe2:
    case 0x0d:
    case 0x0a: {
      const skip = bytesToBypass(z, i, n);
      if (skip === 0) {
        charOut = INVALID_CHAR;
        return n;
      }
      if (skip === n) {
        charOut = 0;
        return n;
      }
      if (z[i + skip] === 0x5c) return skip + unescapeOne(z, i + skip, n - skip);
      return skip + readUtf8(z, i + skip, n - skip);
    }
    default: {
      // \b \f \n \r \t \v \0 stand for a control character; \' \" \/ \\ for themselves.
      const k = ONE_LETTER.indexOf(String.fromCharCode(z[i + 1]));
      charOut = k < 0 ? INVALID_CHAR : ONE_LETTER_VALUE.charCodeAt(k);
      return 2;
    }
  }
}

/** Next character of a label: raw bytes, or escapes decoded when `raw` is false. */
function nextLabelChar(z: Uint8Array, i: number, n: number, raw: boolean): number {
  if (n === 0) {
    charOut = 0;
    return 0;
  }
  if (raw || z[i] !== 0x5c) {
    if (z[i] >= 0xc0) return readUtf8(z, i, n);
    charOut = z[i];
    return 1;
  }
  return unescapeOne(z, i, n);
}

/**
 * Whether two object labels are equal: `a[ai, ai+an)` and `b[bi, bi+bn)`, each raw (no
 * escapes to decode) or escaped.
 */
export function labelsEqual(
  a: Uint8Array,
  ai: number,
  an: number,
  aRaw: boolean,
  b: Uint8Array,
  bi: number,
  bn: number,
  bRaw: boolean,
): boolean {
  if (aRaw && bRaw) {
    if (an !== bn) return false;
    for (let k = 0; k < an; k++) if (a[ai + k] !== b[bi + k]) return false;
    return true;
  }
  for (;;) {
    let k = nextLabelChar(a, ai, an, aRaw);
    const ca = charOut;
    ai += k;
    an -= k;
    k = nextLabelChar(b, bi, bn, bRaw);
    const cb = charOut;
    bi += k;
    bn -= k;
    if (ca !== cb) return false;
    if (ca === 0) return true;
  }
}

/** UTF-8 bytes of a TEXTJ/TEXT5 payload with its escapes decoded (invalid ones dropped). */
export function unescapePayload(z: Uint8Array, s: number, sz: number): Uint8Array {
  const out = new Uint8Array(sz);
  let o = 0;
  for (let i = 0; i < sz; i++) {
    const c = z[s + i];
    if (c !== 0x5c) {
      out[o++] = c;
      continue;
    }
    const len = unescapeOne(z, s + i, sz - i);
    if (charOut !== INVALID_CHAR) o = writeUtf8(out, o, charOut);
    i += len - 1;
  }
  return out.subarray(0, o);
}
