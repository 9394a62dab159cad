/**
 * Hash keys for rows that must be found equal by value: DISTINCT, GROUP BY, UNION /
 * INTERSECT / EXCEPT, IN (SELECT ...) sets and hash-join lookups.
 *
 * A key is a string built from the values so that two tuples get the same string exactly
 * when SQLite's comparison calls them equal (sqlite3MemCompare, column by column):
 * - numbers by exact value: INTEGER 1 and REAL 1.0 are one key, -0.0 is 0, a bigint and a
 *   REAL differ unless they are the same number;
 * - texts under their collation: BINARY as they are, NOCASE with the 26 ASCII letters
 *   folded (and cut after a NUL, see nocaseKey), RTRIM without trailing spaces;
 * - blobs bytewise; NULL equals NULL (callers that want NULLs never to match check first).
 * Optionally an affinity is applied first (IN sets and hash joins compare with the
 * comparison affinity: `'1'` finds 1 under NUMERIC, 1 finds `'1'` under TEXT).
 */
import { applyAffinity } from "../value/affinity.ts";
import type { Reg } from "../value/reg.ts";
import {
  Affinity,
  type SqlValue,
  StorageClass,
  type TextEncoding,
  TWO_POW_63,
} from "../value/types.ts";
import { realToExactInteger } from "../value/affinity.ts";
import { lengthWithoutTrailingSpaces, nocaseKey } from "../value/collation.ts";

/** How texts of one key column fold: the collation's name. */
export type KeyFold = "BINARY" | "NOCASE" | "RTRIM" | string;

function foldText(s: string, fold: KeyFold): string {
  if (fold === "NOCASE") return nocaseKey(s);
  if (fold === "RTRIM") return s.slice(0, lengthWithoutTrailingSpaces(s));
  return s;
}

/** Code units made per String.fromCharCode call while packing a blob's bytes. */
const PACK_CHUNK = 8192;
const packUnits = new Uint16Array(PACK_CHUNK);

/**
 * The key of a blob: `B<byte count>:` and then its bytes two to a UTF-16 code unit (the
 * last byte of an odd count alone in one), so the string is half as long as the blob and
 * one flat string of about as many bytes as the blob, built by whole chunks. The count
 * delimits the body and tells a lone last byte from a pair, so distinct blobs get distinct
 * keys. (A string built byte by byte costs tens of bytes of heap per byte of blob.)
 */
function blobKey(b: Uint8Array): string {
  const n = b.length;
  const parts = [`B${n}:`];
  let i = 0;
  while (i < n) {
    let k = 0;
    for (; k < PACK_CHUNK && i + 1 < n; k++, i += 2) packUnits[k] = b[i] | (b[i + 1] << 8);
    if (k < PACK_CHUNK && i < n) packUnits[k++] = b[i++];
    parts.push(String.fromCharCode.apply(null, packUnits.subarray(0, k) as unknown as number[]));
  }
  return parts.length === 2 ? parts[0] + parts[1] : parts.join("");
}

/** The key part of one value (class tag, then a length-delimited body). */
export function valueKey(v: SqlValue, c: StorageClass, fold: KeyFold): string {
  switch (c) {
    case StorageClass.Null:
      return "N;";
    case StorageClass.Integer:
      return `I${v};`;
    case StorageClass.Real: {
      // The INTEGER it compares equal to (sqlite3IntFloatCompare is exact), if any: whole
      // and in [-2^63, 2^63). Unlike affinity (realToExactInteger), -2^63 counts.
      const i = v === -TWO_POW_63 ? -9223372036854775808n : realToExactInteger(v as number);
      return i !== undefined ? `I${i};` : `R${v};`;
    }
    case StorageClass.Text: {
      const t = foldText(v as string, fold);
      return `T${t.length}:${t}`;
    }
    default:
      return blobKey(v as Uint8Array);
  }
}

/** The key of registers `regs[start .. start + n)`, column i folded by `folds[i]`. */
export function rowKey(
  regs: readonly Reg[],
  start: number,
  n: number,
  folds: readonly KeyFold[],
): string {
  let key = "";
  for (let i = 0; i < n; i++) {
    const r = regs[start + i];
    key += valueKey(r.v, r.c, folds[i] ?? "BINARY");
  }
  return key;
}

/**
 * The Set key of the row `regs[start .. start + n)` for DISTINCT: a lone number that is a
 * whole number within ±2^53 or not whole at all is its own key (INTEGER 3 and REAL 3.0
 * alike, -0.0 as 0; no string key equals a number), any other row its {@link rowKey}.
 */
export function distinctKey(
  regs: readonly Reg[],
  start: number,
  n: number,
  folds: readonly KeyFold[],
): string | number {
  const v = regs[start].v;
  if (n === 1 && typeof v === "number" && (Number.isSafeInteger(v) || !Number.isInteger(v))) {
    return v + 0;
  }
  return rowKey(regs, start, n, folds);
}

/**
 * The key of one value after comparison affinity `aff` (NUMERIC-like affinities turn
 * numeric texts into numbers, TEXT turns numbers into text; BLOB changes nothing). REAL
 * turns integers into reals, as SQLite's OP_Affinity and OP_MakeRecord do for the keys of
 * IN sets and automatic indexes: beyond 2^47 the double is inexact and compares so.
 */
export function affinityValueKey(
  r: Reg,
  aff: Affinity,
  fold: KeyFold,
  enc: TextEncoding,
): string {
  if (aff === Affinity.Blob || r.c === StorageClass.Null || r.c === StorageClass.Blob) {
    return valueKey(r.v, r.c, fold);
  }
  const t = applyAffinity(r.v, r.c, aff, enc);
  return valueKey(t.value, t.cls, fold);
}
