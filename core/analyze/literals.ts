/**
 * Typed values for SQL literals, by SQLite's rules: a decimal integer that does not fit
 * 64 bits is a REAL, `-9223372036854775808` is an INTEGER (the minus sign is folded into
 * the literal), a hex literal that does not fit 64 bits is an error.
 */
import type { Literal } from "../sql/ast.ts";
import { INT64_MAX, INT64_MIN, normalizeInt, type SqlValue, StorageClass } from "../value/types.ts";
import { hexLiteralValue, textToReal } from "../value/number_text.ts";
import { hexToBytes } from "../functions/scalar/blob.ts";
import { bindError } from "./errors.ts";
import type { BoundLiteral } from "./bound.ts";

/** A literal's value and storage class. */
export interface TypedLiteral {
  value: SqlValue;
  cls: StorageClass;
}

/**
 * The value of `lit`, negated first when `negate` (a unary minus directly applied to a
 * numeric literal, which SQLite folds so that the most negative integer stays INTEGER).
 */
export function literalValue(lit: Literal, negate = false): TypedLiteral {
  switch (lit.type) {
    case "null":
      return { value: null, cls: StorageClass.Null };
    case "string":
      return { value: lit.text, cls: StorageClass.Text };
    case "blob":
      return { value: hexToBytes(lit.text), cls: StorageClass.Blob };
    case "real": {
      const r = textToReal(lit.text);
      return { value: negate ? -r : r, cls: StorageClass.Real };
    }
  }
  lit.type satisfies "integer";
  const text = lit.text;
  if (/^0x/i.test(text)) {
    // Hex literals are the 64-bit two's complement pattern.
    let v = hexLiteralValue(text);
    // Too big for 64 bits, or the most negative integer negated (SQLite's codeInteger):
    // SQLite prints the literal with the minus it folded into it.
    if (v === undefined || (negate && v === INT64_MIN)) {
      throw bindError(`hex literal too big: ${negate ? "-" : ""}${text}`, lit.start);
    }
    if (negate) v = -v;
    return { value: normalizeInt(v), cls: StorageClass.Integer };
  }
  let v = BigInt(text);
  if (negate) v = -v;
  if (v > INT64_MAX || v < INT64_MIN) {
    const r = textToReal(text);
    return { value: negate ? -r : r, cls: StorageClass.Real };
  }
  return { value: normalizeInt(v), cls: StorageClass.Integer };
}

/**
 * A bound NULL literal spanning `at`: what the planner puts in place of an expression that
 * must not be computed (an unused subquery column, an EXISTS result column).
 */
export function nullLiteralAt(at: { start: number; end: number }): BoundLiteral {
  return {
    kind: "literal",
    value: null,
    cls: StorageClass.Null,
    affinity: null,
    collation: null,
    hasCollate: false,
    start: at.start,
    end: at.end,
  };
}
