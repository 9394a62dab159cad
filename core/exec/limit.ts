/**
 * LIMIT / OFFSET values (SQLite's OP_MustBeInt on the expression, then the clamps of
 * computeLimitRegisters): the value takes NUMERIC affinity and must then be an INTEGER,
 * else the statement fails with "datatype mismatch". A negative LIMIT means no limit, a
 * negative OFFSET means 0.
 */
import { SqliteError } from "../errors.ts";
import { applyAffinity } from "../value/affinity.ts";
import type { Reg } from "../value/reg.ts";
import { Affinity, MAX_SAFE_INT, StorageClass, TextEncoding } from "../value/types.ts";

/** Largest limit a JS counter represents exactly; larger limits never run out anyway. */
const NO_LIMIT = MAX_SAFE_INT;

/**
 * OP_MustBeInt: the integer `r` holds after NUMERIC affinity (`'2'`, `2.0` → 2), or the
 * error `SQLITE_MISMATCH` "datatype mismatch" (NULL, `1.5`, `'abc'`, blobs).
 */
export function mustBeInt(r: Reg, enc: TextEncoding = TextEncoding.Utf8): number | bigint {
  if (r.c === StorageClass.Integer) return r.v as number | bigint;
  if (r.c === StorageClass.Real || r.c === StorageClass.Text) {
    const t = applyAffinity(r.v, r.c, Affinity.Numeric, enc);
    if (t.cls === StorageClass.Integer) return t.value as number | bigint;
  }
  throw new SqliteError("SQLITE_MISMATCH", "datatype mismatch");
}

/** A LIMIT value as a row budget: -1 for no limit, else the count (capped at 2^53-1). */
export function limitCount(r: Reg, enc: TextEncoding = TextEncoding.Utf8): number {
  const v = mustBeInt(r, enc);
  if (v < 0) return -1;
  return v > NO_LIMIT ? NO_LIMIT : Number(v);
}

/**
 * An OFFSET value as a number of rows to skip: negative offsets skip nothing (the -1 of
 * {@link limitCount} for them becomes 0).
 */
export function offsetCount(r: Reg, enc: TextEncoding = TextEncoding.Utf8): number {
  return Math.max(limitCount(r, enc), 0);
}
