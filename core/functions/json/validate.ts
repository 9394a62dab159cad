/** Strict JSONB validation (json_valid flag 8, json_error_position on blobs). */
import { isDigit, isStringSafe, isXDigit } from "./chars.ts";
import { is4Hex } from "./chars.ts";
import { JB, JSON_MAX_DEPTH, payloadSize, payloadSz } from "./jsonb.ts";
import { charOut, INVALID_CHAR, unescapeOne } from "./unescape.ts";

/**
 * Checks the element `a[i, end)`; returns 0 when well formed, else the 1-based offset of
 * the problem (as SQLite's jsonbValidityCheck).
 */
export function jsonbCheck(
  a: Uint8Array,
  n: number,
  i: number,
  end: number,
  depth: number,
): number {
  if (depth > JSON_MAX_DEPTH) return i + 1;
  const h = payloadSize(a, n, i);
  let sz = payloadSz;
  if (h === 0 || i + h + sz !== end) return i + 1;
  const x = a[i] & 0x0f;
  let j: number;
  let k: number;
  switch (x) {
    case JB.Null:
    case JB.True:
    case JB.False:
      return h + sz === 1 ? 0 : i + 1;
    case JB.Int:
      if (sz < 1) return i + 1;
      j = i + h;
      if (a[j] === 0x2d) {
        j++;
        if (sz < 2) return i + 1;
      }
      for (k = i + h + sz; j < k; j++) if (!isDigit(a[j])) return j + 1;
      return 0;
    case JB.Int5:
      if (sz < 3) return i + 1;
      j = i + h;
      if (a[j] === 0x2d) {
        if (sz < 4) return i + 1;
        j++;
      }
      if (a[j] !== 0x30) return i + 1;
      if (a[j + 1] !== 0x78 && a[j + 1] !== 0x58) return j + 2;
      for (j += 2, k = i + h + sz; j < k; j++) if (!isXDigit(a[j])) return j + 1;
      return 0;
    case JB.Float:
    case JB.Float5: {
      let seen = 0;
      if (sz < 2) return i + 1;
      j = i + h;
      k = j + sz;
      if (a[j] === 0x2d) {
        j++;
        if (sz < 3) return i + 1;
      }
      if (a[j] === 0x2e) {
        if (x === JB.Float) return j + 1;
        if (!isDigit(a[j + 1])) return j + 1;
        j += 2;
        seen = 1;
      } else if (a[j] === 0x30 && x === JB.Float) {
        if (j + 3 > k) return j + 1;
        if (a[j + 1] !== 0x2e && a[j + 1] !== 0x65 && a[j + 1] !== 0x45) return j + 1;
        j++;
      }
      for (; j < k; j++) {
        const c = a[j];
        if (isDigit(c)) continue;
        if (c === 0x2e) {
          if (seen > 0) return j + 1;
          if (x === JB.Float && (j === k - 1 || !isDigit(a[j + 1]))) return j + 1;
          seen = 1;
          continue;
        }
        if (c === 0x65 || c === 0x45) {
          if (seen === 2) return j + 1;
          if (j === k - 1) return j + 1;
          if (a[j + 1] === 0x2b || a[j + 1] === 0x2d) {
            j++;
            if (j === k - 1) return j + 1;
          }
          seen = 2;
          continue;
        }
        return j + 1;
      }
      return seen === 0 ? i + 1 : 0;
    }
    case JB.Text:
      for (j = i + h, k = j + sz; j < k; j++) {
        if (!isStringSafe(a[j]) && a[j] !== 0x27) return j + 1;
      }
      return 0;
    case JB.TextJ:
    case JB.Text5:
      for (j = i + h, k = j + sz; j < k; j++) {
        const c = a[j];
        if (isStringSafe(c) || c === 0x27) continue;
        if (c === 0x22) {
          if (x === JB.TextJ) return j + 1;
        } else if (c !== 0x5c || j + 1 >= k) return j + 1;
        else {
          const e = a[j + 1];
          if (
            e === 0x22 || e === 0x5c || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e ||
            e === 0x72 || e === 0x74
          ) j++;
          else if (e === 0x75) {
            if (j + 5 >= k) return j + 1;
            if (!is4Hex(a, j + 2)) return j + 1;
            j++;
          } else if (x !== JB.Text5) return j + 1;
          else {
            const len = unescapeOne(a, j, k - j);
            if (charOut === INVALID_CHAR) return j + 1;
            j += len - 1;
          }
        }
      }
      return 0;
    case JB.TextRaw:
      return 0;
    case JB.Array:
    case JB.Object: {
      let cnt = 0;
      j = i + h;
      k = j + sz;
      while (j < k) {
        const hh = payloadSize(a, n, j);
        sz = payloadSz;
        if (hh === 0) return j + 1;
        if (j + hh + sz > k) return j + 1;
        if (x === JB.Object && !(cnt & 1)) {
          const t = a[j] & 0x0f;
          if (t < JB.Text || t > JB.TextRaw) return j + 1;
        }
        const sub = jsonbCheck(a, n, j, j + hh + sz, depth + 1);
        if (sub) return sub;
        cnt++;
        j += hh + sz;
      }
      if (x === JB.Object && (cnt & 1)) return j + 1;
      return 0;
    }
    default:
      return i + 1;
  }
}
