/**
 * How SQL values are held in memory.
 *
 * A value is `null`, a `number`, a `bigint`, a `string` or a `Uint8Array`. An INTEGER is a
 * `number` when it is a safe integer (|v| <= 2^53 - 1) and a `bigint` otherwise, so
 * 64-bit values are never rounded. A REAL is always a `number`. Because `1` and `1.0` are
 * both the JS number 1, code that must know INTEGER from REAL (typeof, arithmetic, text
 * conversion) carries the storage class beside the value: see {@link StorageClass} and
 * `serialTypeClass` in `core/format/record.ts`.
 */
export type SqlValue = null | number | bigint | string | Uint8Array;

/** SQLite's five storage classes. */
export const enum StorageClass {
  Null = 0,
  Integer = 1,
  Real = 2,
  Text = 3,
  Blob = 4,
}

/** Text encodings a database file can use (header offset 56). */
export const enum TextEncoding {
  Utf8 = 1,
  Utf16le = 2,
  Utf16be = 3,
}

/** Name of an encoding as `PRAGMA encoding` reports it. */
export function encodingName(enc: TextEncoding): string {
  return enc === TextEncoding.Utf8
    ? "UTF-8"
    : enc === TextEncoding.Utf16le
    ? "UTF-16le"
    : "UTF-16be";
}

/** Number.MAX_SAFE_INTEGER, under a name the bundle shortens (it keeps `MAX_SAFE_INTEGER`). */
export const MAX_SAFE_INT = Number.MAX_SAFE_INTEGER;
/** Largest and smallest safe integers, as bigints, for range checks. */
export const MAX_SAFE_BIG = BigInt(MAX_SAFE_INT);
export const MIN_SAFE_BIG = -MAX_SAFE_BIG;
/** The range of a SQLite INTEGER (64-bit signed), as bigints. */
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;
/** 2^63 as a double: every INTEGER lies in [-TWO_POW_63, TWO_POW_63). */
export const TWO_POW_63 = 9223372036854775808;

/** An integer as litejit holds it: a number when safe, a bigint otherwise. */
export function normalizeInt(v: bigint): number | bigint {
  return v >= MIN_SAFE_BIG && v <= MAX_SAFE_BIG ? Number(v) : v;
}

/** Column and expression affinities, with SQLite's own letter codes. */
export const enum Affinity {
  Blob = "A",
  Text = "B",
  Numeric = "C",
  Integer = "D",
  Real = "E",
}

/** NUMERIC, INTEGER or REAL: an affinity that turns numeric text into numbers. */
export function isNumericAffinity(a: Affinity | null): boolean {
  return a === Affinity.Numeric || a === Affinity.Integer || a === Affinity.Real;
}
