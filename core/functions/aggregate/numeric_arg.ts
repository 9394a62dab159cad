/**
 * How a numeric aggregate (`sum`, `total`, `avg`) reads its argument: SQLite's
 * `sqlite3_value_numeric_type` followed by `sqlite3_value_int64` or `sqlite3_value_double`.
 *
 * - NULL is skipped.
 * - INTEGER is an exact 64-bit integer.
 * - REAL is a double.
 * - TEXT that is wholly a number (surrounding whitespace allowed) counts as that number:
 *   `' 12 '` is the INTEGER 12, `'1.0'` and `'1e3'` are REALs (no integer affinity here).
 * - Any other TEXT, and every BLOB, counts as a non-integer whose value is the REAL of its
 *   longest numeric prefix: `'12abc'` adds 12.0, `'abc'` and `'0x10'` add 0.0, and the
 *   sum becomes a REAL. A BLOB's bytes are read as text in the database encoding.
 *
 * The result is left in module scratch ({@link numInt}, {@link numReal}) so a step
 * allocates nothing for INTEGER and REAL arguments.
 */
import { decodeText } from "../../format/text.ts";
import { parseNumericText, textToReal } from "../../value/number_text.ts";
import type { Reg } from "../../value/reg.ts";
import { StorageClass, type TextEncoding } from "../../value/types.ts";

/** What {@link readNumeric} found. */
export const enum NumericKind {
  /** NULL: the row does not count. */
  Null = 0,
  /** An exact integer, in {@link numInt}. */
  Integer = 1,
  /** A REAL, or a TEXT/BLOB read as one; the value is in {@link numReal}. */
  Approx = 2,
}

/** The integer of the last {@link readNumeric} that returned `Integer`. */
export let numInt: number | bigint = 0;
/** The double of the last {@link readNumeric} that returned `Approx`. */
export let numReal = 0;

/** Reads `r` the way `sum()` does; see the module comment. */
export function readNumeric(r: Reg, enc: TextEncoding): NumericKind {
  switch (r.c) {
    case StorageClass.Null:
      return NumericKind.Null;
    case StorageClass.Integer:
      // `+ 0` turns a stray -0 into 0: an INTEGER has no sign of zero.
      numInt = typeof r.v === "number" ? r.v + 0 : r.v as bigint;
      return NumericKind.Integer;
    case StorageClass.Real:
      numReal = r.v as number;
      return NumericKind.Approx;
    case StorageClass.Text: {
      const text = r.v as string;
      const parsed = parseNumericText(text, enc);
      if (parsed?.cls === StorageClass.Integer) {
        numInt = parsed.value;
        return NumericKind.Integer;
      }
      numReal = parsed ? parsed.value as number : textToReal(text);
      return NumericKind.Approx;
    }
    default: {
      const bytes = r.v as Uint8Array;
      numReal = textToReal(decodeText(bytes, 0, bytes.length, enc));
      return NumericKind.Approx;
    }
  }
}
