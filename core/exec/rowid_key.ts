/**
 * Converting a value into a rowid seek key, as SQLite's OP_SeekRowid and the OP_SeekGE /
 * OP_SeekLE of a rowid range do (the comparison has INTEGER affinity on the rowid side):
 * - `rowid = x`: x takes NUMERIC affinity; an INTEGER is the key, anything else (a REAL
 *   with a fraction, a text that is not a number, a blob, NULL) finds no row.
 * - range bounds round towards the range: `rowid > 2.5` starts at 3, `rowid <= 2.5` ends
 *   at 2; a bound beyond the 64-bit range is empty or no bound at all; a text or blob
 *   bound sorts after every number (`rowid < 'x'` keeps every row, `rowid > 'x'` none);
 *   a NULL bound matches nothing.
 *
 * Results are returned without allocation: a status, and the key in {@link rowidKey}.
 */
import { applyAffinity } from "../value/affinity.ts";
import type { Reg } from "../value/reg.ts";
import {
  Affinity,
  INT64_MAX,
  INT64_MIN,
  normalizeInt,
  StorageClass,
  TextEncoding,
  TWO_POW_63,
} from "../value/types.ts";

/** What a seek key conversion found. */
export const enum RowidSeek {
  /** No row can match. */
  Empty = 0,
  /** The bound excludes nothing. */
  Unbounded = 1,
  /** The (inclusive) key is in {@link rowidKey}. */
  Key = 2,
}

/** The key found by the last conversion that returned {@link RowidSeek.Key}. */
export let rowidKey: number | bigint = 0;

function setKey(v: number | bigint): RowidSeek {
  rowidKey = typeof v === "bigint" ? normalizeInt(v) : v;
  return RowidSeek.Key;
}

/** `rowid = r`: {@link RowidSeek.Key} with the key, or {@link RowidSeek.Empty}. */
export function rowidEqKey(r: Reg, enc: TextEncoding = TextEncoding.Utf8): RowidSeek {
  if (r.c === StorageClass.Integer) return setKey(r.v as number | bigint);
  if (r.c === StorageClass.Null || r.c === StorageClass.Blob) return RowidSeek.Empty;
  const t = applyAffinity(r.v, r.c, Affinity.Numeric, enc);
  return t.cls === StorageClass.Integer ? setKey(t.value as number | bigint) : RowidSeek.Empty;
}

/**
 * A rowid range bound: `lower` for `>`/`>=`, else `<`/`<=`; `inclusive` for the `=` forms.
 * On {@link RowidSeek.Key}, {@link rowidKey} is the inclusive integer bound.
 */
export function rowidBound(
  r: Reg,
  lower: boolean,
  inclusive: boolean,
  enc: TextEncoding = TextEncoding.Utf8,
): RowidSeek {
  if (r.c === StorageClass.Null) return RowidSeek.Empty;
  let c: StorageClass = r.c;
  let v = r.v;
  if (c === StorageClass.Text) {
    const t = applyAffinity(v, c, Affinity.Numeric, enc);
    c = t.cls;
    v = t.value;
  }
  if (c === StorageClass.Text || c === StorageClass.Blob) {
    // Texts and blobs sort after every number.
    return lower ? RowidSeek.Empty : RowidSeek.Unbounded;
  }
  // An INTEGER is its own exact bound; a REAL is rounded towards the range.
  let k: bigint;
  let exact = true;
  if (c === StorageClass.Integer) k = BigInt(v as number | bigint);
  else {
    const x = v as number;
    const rounded = lower ? Math.ceil(x) : Math.floor(x);
    if (rounded >= TWO_POW_63) return lower ? RowidSeek.Empty : RowidSeek.Unbounded;
    if (rounded < -TWO_POW_63) return lower ? RowidSeek.Unbounded : RowidSeek.Empty;
    k = BigInt(rounded);
    exact = rounded === x;
  }
  // Step past an exact bound that is excluded.
  if (exact && !inclusive) {
    if (lower ? k === INT64_MAX : k === INT64_MIN) return RowidSeek.Empty;
    k += lower ? 1n : -1n;
  }
  return setKey(k);
}
