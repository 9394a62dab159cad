/**
 * Result values as the public API hands them out (node:sqlite's rules): NULL → null,
 * INTEGER → number (or bigint with readBigInts), REAL → number, TEXT → string, BLOB →
 * Uint8Array (a copy: the register may point into a page buffer). An INTEGER beyond
 * ±(2^53-1) without readBigInts throws a RangeError rather than lose digits.
 *
 * TEXT that is not valid in the database encoding is held with its exact bytes (escapes,
 * see core/format/text.ts); it leaves as node:sqlite shows it: SQLite's UTF-8 form of it
 * decoded by V8, each maximal invalid subpart becoming U+FFFD.
 */
import { displayText } from "../format/text.ts";
import type { Reg } from "../value/reg.ts";
import { type SqlValue, StorageClass, type TextEncoding } from "../value/types.ts";

/** The JS value of a result register. */
export function resultValue(r: Reg, readBigInts: boolean, enc: TextEncoding): SqlValue {
  const v = r.v;
  switch (r.c) {
    case StorageClass.Integer:
      if (readBigInts) return typeof v === "bigint" ? v : BigInt(v as number);
      if (typeof v === "bigint") throw integerRangeError(v);
      return v;
    case StorageClass.Blob:
      return (v as Uint8Array).slice();
    case StorageClass.Text:
      return displayText(v as string, enc);
    default:
      return v;
  }
}

/** A value from a row that carries no storage class (PRAGMA results: integers are numbers). */
export function plainResultValue(v: SqlValue, readBigInts: boolean): SqlValue {
  if (typeof v === "number" && readBigInts && Number.isInteger(v) && !Object.is(v, -0)) {
    return BigInt(v);
  }
  if (typeof v === "bigint" && !readBigInts) throw integerRangeError(v);
  return v;
}

/** node:sqlite's error for an INTEGER a JS number cannot hold. */
export function integerRangeError(v: bigint): RangeError {
  return new RangeError(`Value is too large to be represented as a JavaScript number: ${v}`);
}
