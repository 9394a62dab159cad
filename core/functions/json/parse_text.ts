/**
 * JSON text (with SQLite's JSON5 extensions) to JSONB, as SQLite translates it: numbers
 * and strings keep their source text as payload, so output reproduces them verbatim
 * (apart from the JSON5 forms, which rendering normalises).
 */
import {
  isAlnum,
  isDigit,
  isIdPart,
  isIdStart,
  isJsonSpace,
  isStringSafe,
  isXDigit,
} from "./chars.ts";
import { is4Hex } from "./chars.ts";
import { JB, JSON_MAX_DEPTH, type JsonParse } from "./jsonb.ts";
import { isSpace } from "../../value/number_text.ts";

/**
 * Bytes of JSON5 whitespace and comments at `z[i]`: ASCII spaces incl. VT and FF, the
 * Unicode spaces SQLite knows, `/* ... *\/` and `// ...` comments.
 */
export function json5Whitespace(z: Uint8Array, i: number): number {
  let n = i;
  for (;;) {
    const c = z[n];
    if (isSpace(c)) {
      n++;
      continue;
    }
    switch (c) {
      case 0x2f: {
        if (z[n + 1] === 0x2a && z[n + 2] !== 0) {
          let j = n + 3;
          for (; z[j] !== 0x2f || z[j - 1] !== 0x2a; j++) {
            if (z[j] === 0) return n - i;
          }
          n = j + 1;
          continue;
        }
        if (z[n + 1] === 0x2f) {
          let j = n + 2;
          for (; z[j] !== 0; j++) {
            const d = z[j];
            if (d === 0x0a || d === 0x0d) break;
            if (d === 0xe2 && z[j + 1] === 0x80 && (z[j + 2] === 0xa8 || z[j + 2] === 0xa9)) {
              j += 2;
              break;
            }
          }
          n = j;
          if (z[n] !== 0) n++;
          continue;
        }
        break;
      }
      case 0xc2:
        if (z[n + 1] === 0xa0) {
          n += 2;
          continue;
        }
        break;
      case 0xe1:
        if (z[n + 1] === 0x9a && z[n + 2] === 0x80) {
          n += 3;
          continue;
        }
        break;
      case 0xe2: {
        if (z[n + 1] === 0x80) {
          const d = z[n + 2];
          if (d < 0x80) break;
          if (d <= 0x8a || d === 0xa8 || d === 0xa9 || d === 0xaf) {
            n += 3;
            continue;
          }
        } else if (z[n + 1] === 0x81 && z[n + 2] === 0x9f) {
          n += 3;
          continue;
        }
        break;
      }
      case 0xe3:
        if (z[n + 1] === 0x80 && z[n + 2] === 0x80) {
          n += 3;
          continue;
        }
        break;
      case 0xef:
        if (z[n + 1] === 0xbb && z[n + 2] === 0xbf) {
          n += 3;
          continue;
        }
    }
    return n - i;
  }
}

// Special results of translateValue besides "index past the value": a punctuation
// character is its code negated. A const enum, so the bundle holds the numbers.
const enum Tok {
  END = 0,
  ERR = -1,
  CLOSE_BRACE = -0x7d,
  CLOSE_BRACKET = -0x5d,
  COMMA = -0x2c,
  COLON = -0x3a,
}

/** How SQLite's JSONB spells an infinity (a float too large for a double). */
const INF = "9e999";

/** Case-insensitive ASCII match of `word` (lower-case letters only) at `z[i]`. */
function matchNoCase(z: Uint8Array, i: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if ((z[i + k] | 0x20) !== word.charCodeAt(k)) return false;
  return true;
}

function matchExact(z: Uint8Array, i: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if (z[i + k] !== word.charCodeAt(k)) return false;
  return true;
}

/** The JSON literals and their JSONB types. */
const LITERALS: readonly [string, JB][] = [["null", JB.Null], ["true", JB.True], [
  "false",
  JB.False,
]];

/** `NaN`/`Inf` spellings SQLite accepts: [first chars, word, is infinity]. */
const NAN_INF: readonly [string, boolean][] = [
  ["inf", true],
  ["infinity", true],
  ["nan", false],
  ["qnan", false],
  ["snan", false],
];

/** Notes a syntax error at `at` (in `p.iErr`); returns Tok.ERR. */
function fail(p: JsonParse, at: number): Tok.ERR {
  p.iErr = at;
  return Tok.ERR;
}

function skipSpaces(z: Uint8Array, j: number): number {
  while (isJsonSpace(z[j])) j++;
  return j;
}

/**
 * Translates the JSON value at `p.z[i]` onto the end of `p`'s blob. Returns the index
 * past it, or a Tok (END / ERR / CLOSE_* / COMMA / COLON) (with `p.iErr` at the character).
 */
function translateValue(p: JsonParse, i: number): number {
  const z = p.z!;
  for (;;) {
    const c = z[i];
    switch (c) {
      case 0x7b: // {
        return translateObject(p, i);
      case 0x5b: // [
        return translateArray(p, i);
      case 0x27: // '
        p.hasNonstd = true;
        return translateString(p, i);
      case 0x22: // "
        return translateString(p, i);
      case 0x2b: // +
      case 0x2e: // .
      case 0x2d: // -
        return translateNumber(p, i);
      case 0x7d: // Tok.CLOSE_BRACE
      case 0x5d: // Tok.CLOSE_BRACKET
      case 0x2c: // Tok.COMMA
      case 0x3a: // Tok.COLON
        p.iErr = i;
        return -c;
      case 0:
        return Tok.END;
      case 0x09:
      case 0x0a:
      case 0x0d:
      case 0x20:
        i = skipSpaces(z, i + 1);
        continue;
      default: {
        if (isDigit(c)) return translateNumber(p, i);
        for (const [word, type] of LITERALS) {
          if (!matchExact(z, i, word) || isAlnum(z[i + word.length])) continue;
          p.appendByte(type);
          return i + word.length;
        }
        for (const [word, inf] of NAN_INF) {
          if (!matchNoCase(z, i, word) || isAlnum(z[i + word.length])) continue;
          if (inf) p.appendAscii(JB.Float, INF);
          else p.appendByte(JB.Null);
          p.hasNonstd = true;
          return i + word.length;
        }
        // JSON5 whitespace and comments (VT, FF, `/`, Unicode spaces): skipped, or an error.
        const j = json5Whitespace(z, i);
        if (j > 0) {
          i += j;
          p.hasNonstd = true;
          continue;
        }
        return fail(p, i);
      }
    }
  }
}

/**
 * After a container element ending at `j`: the index of the `,` or of the closer `close`
 * (whose translateValue token is `-close`) that follows, across JSON5 whitespace and
 * comments; Tok.ERR (with p.iErr set) if something else follows.
 */
function separatorAfter(p: JsonParse, j: number, close: number): number {
  const z = p.z!;
  if (z[j] === 0x2c || z[j] === close) return j;
  if (isJsonSpace(z[j])) {
    j = skipSpaces(z, j + 1);
    if (z[j] === 0x2c || z[j] === close) return j;
  }
  const x = translateValue(p, j);
  if (x === Tok.COMMA || x === -close) return p.iErr;
  return fail(p, j);
}

function translateObject(p: JsonParse, i: number): number {
  const z = p.z!;
  const iThis = p.n;
  p.appendNode(JB.Object, p.nJson - i);
  if (++p.depth > JSON_MAX_DEPTH) {
    return fail(p, i);
  }
  const iStart = p.n;
  let j: number;
  for (j = i + 1;; j++) {
    const iBlob = p.n;
    let x = translateValue(p, j);
    if (x <= 0) {
      if (x === Tok.CLOSE_BRACE) {
        j = p.iErr;
        if (p.n !== iStart) p.hasNonstd = true;
        break;
      }
      j += json5Whitespace(z, j);
      let op: number = JB.Text;
      const escU = (k: number) => z[k] === 0x5c && z[k + 1] === 0x75 && is4Hex(z, k + 2);
      if (isIdStart(z[j]) || escU(j)) {
        if (!isIdStart(z[j])) op = JB.TextJ;
        let k = j + 1;
        for (;;) {
          if (isIdPart(z[k]) && json5Whitespace(z, k) === 0) k++;
          else if (escU(k)) {
            op = JB.TextJ;
            k++;
          } else break;
        }
        p.appendNode(op, k - j, z, j);
        p.hasNonstd = true;
        x = k;
      } else {
        return x === Tok.ERR ? x : fail(p, j);
      }
    }
    const t = p.a[iBlob] & 0x0f;
    if (t < JB.Text || t > JB.TextRaw) {
      return fail(p, j);
    }
    j = x;
    let gotColon = false;
    if (z[j] === 0x3a) {
      j++;
      gotColon = true;
    } else if (isJsonSpace(z[j])) {
      j = skipSpaces(z, j + 1);
      if (z[j] === 0x3a) {
        j++;
        gotColon = true;
      }
    }
    if (!gotColon) {
      x = translateValue(p, j);
      if (x !== Tok.COLON) {
        return x === Tok.ERR ? x : fail(p, j);
      }
      j = p.iErr + 1;
    }
    x = translateValue(p, j);
    if (x <= 0) {
      return x === Tok.ERR ? x : fail(p, j);
    }
    j = separatorAfter(p, x, 0x7d);
    if (j === Tok.ERR) return Tok.ERR;
    if (z[j] === 0x7d) break;
  }
  p.changePayloadSize(iThis, p.n - iStart);
  p.depth--;
  return j + 1;
}

function translateArray(p: JsonParse, i: number): number {
  const z = p.z!;
  const iThis = p.n;
  p.appendNode(JB.Array, p.nJson - i);
  const iStart = p.n;
  if (++p.depth > JSON_MAX_DEPTH) {
    return fail(p, i);
  }
  let j: number;
  for (j = i + 1;; j++) {
    const x = translateValue(p, j);
    if (x <= 0) {
      if (x === Tok.CLOSE_BRACKET) {
        j = p.iErr;
        if (p.n !== iStart) p.hasNonstd = true;
        break;
      }
      return x === Tok.ERR ? x : fail(p, j);
    }
    j = separatorAfter(p, x, 0x5d);
    if (j === Tok.ERR) return Tok.ERR;
    if (z[j] === 0x5d) break;
  }
  p.changePayloadSize(iThis, p.n - iStart);
  p.depth--;
  return j + 1;
}

function translateString(p: JsonParse, i: number): number {
  const z = p.z!;
  const delim = z[i];
  let op: number = JB.Text;
  let j = i + 1;
  for (;;) {
    let c = z[j];
    if (isStringSafe(c)) {
      j++;
      continue;
    }
    if (c === delim) break;
    if (c === 0x5c) {
      c = z[++j];
      if (
        c === 0x22 || c === 0x5c || c === 0x2f || c === 0x62 || c === 0x66 || c === 0x6e ||
        c === 0x72 || c === 0x74 || (c === 0x75 && is4Hex(z, j + 1))
      ) {
        if (op === JB.Text) op = JB.TextJ;
      } else if (
        c === 0x27 || c === 0x30 || c === 0x76 || c === 0x0a ||
        (c === 0xe2 && z[j + 1] === 0x80 && (z[j + 2] === 0xa8 || z[j + 2] === 0xa9)) ||
        (c === 0x78 && isXDigit(z[j + 1]) && isXDigit(z[j + 2]))
      ) {
        op = JB.Text5;
        p.hasNonstd = true;
      } else if (c === 0x0d) {
        if (z[j + 1] === 0x0a) j++;
        op = JB.Text5;
        p.hasNonstd = true;
      } else {
        return fail(p, j);
      }
    } else if (c <= 0x1f) {
      if (c === 0) {
        return fail(p, j);
      }
      op = JB.Text5;
      p.hasNonstd = true;
    } else if (c === 0x22) {
      op = JB.Text5;
    }
    j++;
  }
  p.appendNode(op, j - 1 - i, z, i + 1);
  return j + 1;
}

function translateNumber(p: JsonParse, i: number): number {
  const z = p.z!;
  // t: bit 1 = JSON5 form, bit 2 = float.
  let t = 0;
  let seenE = false;
  let j: number;
  let c = z[i];
  let start = i;
  finish: {
    if (c === 0x2e) {
      if (!isDigit(z[i + 1])) {
        return fail(p, i);
      }
      p.hasNonstd = true;
      t = 3;
    } else {
      if (c === 0x2b) p.hasNonstd = true;
      if (c === 0x30) {
        if ((z[i + 1] === 0x78 || z[i + 1] === 0x58) && isXDigit(z[i + 2])) {
          p.hasNonstd = true;
          t = 1;
          for (j = i + 3; isXDigit(z[j]); j++);
          break finish;
        } else if (isDigit(z[i + 1])) {
          return fail(p, i + 1);
        }
      } else if (c === 0x2b || c === 0x2d) {
        if (!isDigit(z[i + 1])) {
          if (matchNoCase(z, i + 1, "inf")) {
            p.hasNonstd = true;
            p.appendAscii(JB.Float, c === 0x2d ? "-" + INF : INF);
            return i + (matchNoCase(z, i + 4, "inity") ? 9 : 4);
          }
          if (z[i + 1] === 0x2e) {
            p.hasNonstd = true;
            t |= 1;
          } else {
            return fail(p, i);
          }
        } else if (z[i + 1] === 0x30) {
          if (isDigit(z[i + 2])) {
            return fail(p, i + 1);
          } else if ((z[i + 2] === 0x78 || z[i + 2] === 0x58) && isXDigit(z[i + 3])) {
            p.hasNonstd = true;
            t |= 1;
            for (j = i + 4; isXDigit(z[j]); j++);
            break finish;
          }
        }
      }
    }
    for (j = i + 1;; j++) {
      c = z[j];
      if (isDigit(c)) continue;
      if (c === 0x2e) {
        if (t & 2) {
          return fail(p, j);
        }
        t |= 2;
        continue;
      }
      if (c === 0x65 || c === 0x45) {
        if (z[j - 1] < 0x30) {
          if (z[j - 1] === 0x2e && j - 2 >= i && isDigit(z[j - 2])) {
            p.hasNonstd = true;
            t |= 1;
          } else {
            return fail(p, j);
          }
        }
        if (seenE) {
          return fail(p, j);
        }
        t |= 2;
        seenE = true;
        c = z[j + 1];
        if (c === 0x2b || c === 0x2d) {
          j++;
          c = z[j + 1];
        }
        if (c < 0x30 || c > 0x39) {
          return fail(p, j);
        }
        continue;
      }
      break;
    }
    if (z[j - 1] < 0x30) {
      if (z[j - 1] === 0x2e && j - 2 >= i && isDigit(z[j - 2])) {
        p.hasNonstd = true;
        t |= 1;
      } else {
        return fail(p, j);
      }
    }
  }
  if (z[start] === 0x2b) start++;
  p.appendNode(JB.Int + t, j! - start, z, start);
  return j!;
}

/**
 * Parses the whole JSON text in `p.z` (NUL-padded, `p.nJson` bytes) into `p`'s blob.
 * Returns false on a syntax error (`p.iErr` then holds its byte offset).
 */
export function parseJsonText(p: JsonParse): boolean {
  const z = p.z!;
  let i = translateValue(p, 0);
  if (i > 0) {
    i = skipSpaces(z, i);
    if (z[i] !== 0) {
      i += json5Whitespace(z, i);
      if (z[i] !== 0) return false;
      p.hasNonstd = true;
    }
    return true;
  }
  return false;
}
