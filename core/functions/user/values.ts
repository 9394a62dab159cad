/**
 * JS values in and out of user-defined functions, with node:sqlite's conversion rules
 * (checked against `DatabaseSync.function` / `.aggregate`):
 * - in: NULL → `null`, INTEGER → `number` (`bigint` when the function asked for bigint
 *   arguments; an INTEGER beyond ±(2^53-1) without that is a RangeError), REAL →
 *   `number`, TEXT → `string`, BLOB → a fresh `Uint8Array` (the function may keep or
 *   change it without touching the engine's copy);
 * - out: `null` / `undefined` → NULL, `number` → REAL (even 1, as sqlite3_result_double;
 *   NaN → NULL), `bigint` → INTEGER (outside 64 bits a RangeError), `string` → TEXT, any
 *   ArrayBuffer view → BLOB of its bytes, a Promise → "Asynchronous user-defined
 *   functions are not supported", anything else (booleans, objects, ArrayBuffer) →
 *   "Returned JavaScript value cannot be converted to a SQLite value".
 */
import { sqlError } from "../../errors.ts";
import { integerRangeError } from "../../api/result_values.ts";
import { type Reg, setBlob, setInt, setNull, setReal, setText } from "../../value/reg.ts";
import { INT64_MAX, INT64_MIN, normalizeInt, StorageClass } from "../../value/types.ts";

/** The JS value a user function receives for register `r`. */
export function argumentValue(r: Reg, bigints: boolean): unknown {
  // A NULL's value is null: the default case returns it.
  switch (r.c) {
    case StorageClass.Integer: {
      const v = r.v as number | bigint;
      if (bigints) return BigInt(v);
      if (typeof v === "bigint") {
        throw integerRangeError(v);
      }
      return v;
    }
    case StorageClass.Blob:
      return (r.v as Uint8Array).slice();
    default:
      return r.v;
  }
}

/** The arguments in `args` as JS values. */
export function argumentValues(args: readonly Reg[], bigints: boolean): unknown[] {
  return args.map((r) => argumentValue(r, bigints));
}

/** Stores what a user function returned into `out`, or throws as node:sqlite does. */
export function setReturnedValue(out: Reg, v: unknown): void {
  switch (typeof v) {
    case "undefined":
      return setNull(out);
    case "number":
      return setReal(out, v);
    case "string":
      return setText(out, v);
    case "bigint":
      if (v < INT64_MIN || v > INT64_MAX) {
        throw new RangeError("BigInt value is too large for SQLite");
      }
      return setInt(out, normalizeInt(v));
  }
  if (v === null) setNull(out);
  else if (ArrayBuffer.isView(v)) {
    setBlob(out, new Uint8Array(v.buffer, v.byteOffset, v.byteLength).slice());
  } else if (v instanceof Promise) {
    throw sqlError("Asynchronous user-defined functions are not supported");
  } else {
    throw sqlError("Returned JavaScript value cannot be converted to a SQLite value");
  }
}
