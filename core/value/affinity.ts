/**
 * Column affinity applied to a value, as SQLite does when it stores a value into a column
 * (datatype3 §3.4); the result is what reading the column back gives.
 *
 * - TEXT: INTEGER and REAL become their text ({@link intToText}, {@link realToText}).
 * - NUMERIC and INTEGER: a text that looks like a number ({@link parseNumericText})
 *   becomes that number; then a REAL with an exact integer value in (-2^63, 2^63) becomes
 *   an INTEGER: `'1.0'`, `'1e2'`, `1.0` and `-0.0` become 1, 100, 1 and 0, but `1e20` and
 *   `-9223372036854775808.0` stay REAL.
 * - REAL: as NUMERIC, then any INTEGER becomes REAL (so `-0.0` reads back as `0.0`).
 * - BLOB: nothing changes.
 * NULL and BLOB values never change.
 */
import {
  Affinity,
  MAX_SAFE_INT,
  type SqlValue,
  StorageClass,
  TextEncoding,
  TWO_POW_63,
} from "./types.ts";
import { intToText, parseNumericText, realToText } from "./number_text.ts";
import { intToReal } from "./coerce.ts";

/** A value together with its storage class. */
export interface TypedValue {
  /** The value (an INTEGER outside ±(2^53-1) is a bigint). */
  readonly value: SqlValue;
  /** Its storage class. */
  readonly cls: StorageClass;
}

/**
 * The INTEGER equal to REAL `r`, if `r` is a whole number strictly between -2^63 and 2^63
 * (SQLite's sqlite3VdbeIntegerAffinity test); otherwise `undefined`. -0.0 gives 0.
 */
export function realToExactInteger(r: number): number | bigint | undefined {
  if (!Number.isInteger(r) || r <= -TWO_POW_63 || r >= TWO_POW_63) return undefined;
  if (r >= -MAX_SAFE_INT && r <= MAX_SAFE_INT) return r + 0;
  return BigInt(r);
}

function numericAffinity(value: SqlValue, cls: StorageClass, enc: TextEncoding): TypedValue {
  if (cls === StorageClass.Text) {
    // A text that is a number is that number: an INTEGER as it is, a REAL as below.
    const parsed = parseNumericText(value as string, enc);
    if (parsed?.cls === StorageClass.Integer) return parsed;
    if (parsed) {
      value = parsed.value;
      cls = StorageClass.Real;
    }
  }
  if (cls !== StorageClass.Real) return { value, cls };
  // A REAL that is an exact whole number becomes an INTEGER.
  const int = realToExactInteger(value as number);
  return int === undefined ? { value, cls } : { value: int, cls: StorageClass.Integer };
}

/**
 * Applies column affinity `aff` to `value` of storage class `cls`, returning the value
 * SQLite would store (and read back) for a column of that affinity. `enc` is the
 * database's text encoding; it only matters for texts holding a NUL (see
 * {@link parseNumericText}).
 */
export function applyAffinity(
  value: SqlValue,
  cls: StorageClass,
  aff: Affinity,
  enc: TextEncoding = TextEncoding.Utf8,
): TypedValue {
  switch (aff) {
    case Affinity.Numeric:
    case Affinity.Integer:
      return numericAffinity(value, cls, enc);
    case Affinity.Real: {
      const r = numericAffinity(value, cls, enc);
      if (r.cls !== StorageClass.Integer) return r;
      return { value: intToReal(r.value as number | bigint), cls: StorageClass.Real };
    }
    case Affinity.Text:
      if (cls === StorageClass.Integer) {
        return { value: intToText(value as number | bigint), cls: StorageClass.Text };
      }
      if (cls === StorageClass.Real) {
        return { value: realToText(value as number), cls: StorageClass.Text };
      }
      // falls through: TEXT leaves other values as they are, and BLOB leaves every value
    default:
      aff satisfies Affinity.Text | Affinity.Blob;
      return { value, cls };
  }
}
