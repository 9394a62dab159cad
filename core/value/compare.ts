/**
 * SQLite's ordering of values (sqlite3MemCompare), used by ORDER BY, index keys, MIN/MAX
 * and comparison operators once affinity has been applied.
 *
 * Storage classes order as NULL < INTEGER and REAL < TEXT < BLOB. Numbers compare by
 * exact value, whatever mix of INTEGER and REAL (and of JS number and bigint) they are:
 * 9007199254740993 (a bigint) is greater than the REAL 9007199254740992, and -0.0 equals
 * 0. Texts compare with the collation; blobs compare bytewise, then the shorter first.
 */
import type { Collation } from "./collation.ts";
import type { SqlValue } from "./types.ts";

/** Bytewise order of two blobs; on a common prefix the shorter one sorts first. */
export function compareBlobs(a: Uint8Array, b: Uint8Array): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return a[i] - b[i];
  }
  return a.length - b.length;
}

/**
 * Orders two values the way SQLite does: negative if `a` sorts first, 0 if equal,
 * positive if `b` sorts first. `coll` orders two texts. NaN never occurs in SQLite (it
 * becomes NULL) and is not handled.
 */
export function compareValues(a: SqlValue, b: SqlValue, coll: Collation): number {
  if (a === null) return b === null ? 0 : -1;
  if (b === null) return 1;
  if (typeof a === "number" || typeof a === "bigint") {
    if (typeof b === "number" || typeof b === "bigint") {
      // JS compares a bigint with a number exactly (no rounding of either side).
      return a < b ? -1 : a > b ? 1 : 0;
    }
    return -1;
  }
  if (typeof b === "number" || typeof b === "bigint") return 1;
  if (typeof a === "string") return typeof b === "string" ? coll.compare(a, b) : -1;
  if (typeof b === "string") return 1;
  return compareBlobs(a, b);
}

/**
 * Orders two multi-column keys (index entries, ORDER BY tuples) column by column, each
 * column with its collation and direction (`desc[i]` reverses column i).
 *
 * Only the columns both keys have are compared: when they are all equal the result is 0
 * even if one key has more columns. That is what a seek with a key prefix needs; a caller
 * that must order a prefix before (or after) its extensions breaks the tie itself, as
 * SQLite does with its per-search default result.
 */
export function compareKeys(
  a: readonly SqlValue[],
  b: readonly SqlValue[],
  colls: readonly Collation[],
  desc: readonly boolean[],
): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const c = compareValues(a[i], b[i], colls[i]);
    if (c !== 0) return desc[i] ? -c : c;
  }
  return 0;
}
