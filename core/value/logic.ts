/**
 * SQLite's logical and comparison operators on registers (vdbe.c OP_Not, OP_And, OP_Or,
 * OP_IsTrue, OP_Eq … OP_Ge). Results are the INTEGER 0 or 1, or NULL.
 *
 * Truth values follow {@link truthValue}: an INTEGER is true when non-zero, anything else
 * when its REAL value ({@link toReal}) is non-zero (`'0.5'` is true, `'abc'` false).
 *
 * Comparisons take the comparison affinity the planner chose from the operands
 * (datatype3 §4.2) and apply it to both operands before comparing (sqlite3MemCompare):
 * - INTEGER, REAL or NUMERIC affinity: each TEXT operand that looks like a number as a
 *   whole ({@link parseNumericText}) is compared as that number; BLOBs stay as they are.
 * - TEXT affinity, when at least one operand is TEXT: numbers are compared as their text.
 * - BLOB (no) affinity: values are compared as they are.
 * Then NULL < numbers < TEXT (ordered by the collation) < BLOB (bytewise); INTEGER and
 * REAL compare by exact value. A NULL operand makes `= != < <= > >=` NULL, while IS and
 * IS NOT treat two NULLs as equal and one NULL as different.
 */
import type { Collation } from "./collation.ts";
import { compareValues } from "./compare.ts";
import { numberToText, truthValue } from "./coerce.ts";
import { parseNumericText } from "./number_text.ts";
import { type Reg, setInt, setNull } from "./reg.ts";
import { Affinity, type SqlValue, StorageClass, TextEncoding } from "./types.ts";

/** The six comparison operators. */
export const enum CompareOp {
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
}

/** `NOT a`: NULL stays NULL. */
export function not(a: Reg, out: Reg, enc: TextEncoding = TextEncoding.Utf8): void {
  if (a.c === StorageClass.Null) return setNull(out);
  setInt(out, truthValue(a, 0, enc) ^ 1);
}

/**
 * Truth value 2 stands for NULL in the three-valued tables below (a const enum, so the
 * bundle holds the number).
 */
const enum Truth {
  Unknown = 2,
}

/** `a AND b`, three-valued: false wins over NULL, NULL over true. */
export function and(a: Reg, b: Reg, out: Reg, enc: TextEncoding = TextEncoding.Utf8): void {
  const x = truthValue(a, Truth.Unknown, enc);
  const y = truthValue(b, Truth.Unknown, enc);
  if (x === 0 || y === 0) return setInt(out, 0);
  if (x === Truth.Unknown || y === Truth.Unknown) return setNull(out);
  setInt(out, 1);
}

/** `a OR b`, three-valued: true wins over NULL, NULL over false. */
export function or(a: Reg, b: Reg, out: Reg, enc: TextEncoding = TextEncoding.Utf8): void {
  const x = truthValue(a, Truth.Unknown, enc);
  const y = truthValue(b, Truth.Unknown, enc);
  if (x === 1 || y === 1) return setInt(out, 1);
  if (x === Truth.Unknown || y === Truth.Unknown) return setNull(out);
  setInt(out, 0);
}

/**
 * `a IS [NOT] TRUE` / `a IS [NOT] FALSE` (OP_IsTrue): never NULL. `truth` is the keyword
 * on the right, `negated` the NOT. NULL is neither TRUE nor FALSE.
 */
export function isTruth(
  a: Reg,
  truth: boolean,
  negated: boolean,
  out: Reg,
  enc: TextEncoding = TextEncoding.Utf8,
): void {
  const v = truthValue(a, truth ? 0 : 1, enc);
  setInt(out, truth === negated ? v ^ 1 : v);
}

/**
 * The value an operand is compared as once comparison affinity `aff` is applied. TEXT
 * affinity stringifies a number only when the other operand (`other`) is TEXT.
 */
function comparedValue(
  r: Reg,
  other: StorageClass,
  aff: Affinity,
  enc: TextEncoding,
): SqlValue {
  const c = r.c;
  if (aff === Affinity.Text) {
    if ((c === StorageClass.Integer || c === StorageClass.Real) && other === StorageClass.Text) {
      return numberToText(r);
    }
  } else if (aff !== Affinity.Blob && c === StorageClass.Text) {
    const parsed = parseNumericText(r.v as string, enc);
    if (parsed) return parsed.value;
  }
  return r.v;
}

/**
 * Orders two non-NULL operands after applying comparison affinity `aff` (negative, zero
 * or positive), as OP_Eq … OP_Ge do before testing the sign. `enc` is the database
 * encoding (it matters only for texts holding a NUL: see {@link parseNumericText}).
 */
export function compareWithAffinity(
  a: Reg,
  b: Reg,
  aff: Affinity,
  coll: Collation,
  enc: TextEncoding = TextEncoding.Utf8,
): number {
  const ca = a.c;
  const cb = b.c;
  if (ca === StorageClass.Integer && cb === StorageClass.Integer) {
    const x = a.v as number | bigint;
    const y = b.v as number | bigint;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (aff === Affinity.Blob || (ca !== StorageClass.Text && cb !== StorageClass.Text)) {
    return compareValues(a.v, b.v, coll);
  }
  return compareValues(comparedValue(a, cb, aff, enc), comparedValue(b, ca, aff, enc), coll);
}

/** Whether the sign of an ordering satisfies `op`. */
function holds(op: CompareOp, order: number): boolean {
  switch (op) {
    case CompareOp.Eq:
      return order === 0;
    case CompareOp.Ne:
      return order !== 0;
    case CompareOp.Lt:
      return order < 0;
    case CompareOp.Le:
      return order <= 0;
    case CompareOp.Gt:
      return order > 0;
    default:
      return order >= 0;
  }
}

/**
 * `a op b` for `= != < <= > >=` with comparison affinity `aff` and collation `coll`:
 * INTEGER 1 or 0, or NULL when either operand is NULL.
 */
export function compare(
  op: CompareOp,
  a: Reg,
  b: Reg,
  aff: Affinity,
  coll: Collation,
  out: Reg,
  enc: TextEncoding = TextEncoding.Utf8,
): void {
  if (a.c === StorageClass.Null || b.c === StorageClass.Null) return setNull(out);
  setInt(out, holds(op, compareWithAffinity(a, b, aff, coll, enc)) ? 1 : 0);
}

/**
 * `a IS b` (or `a IS NOT b` when `negated`): like `=` with the same affinity and
 * collation, except that two NULLs are equal and a NULL differs from any value. Never
 * NULL.
 */
export function is(
  a: Reg,
  b: Reg,
  aff: Affinity,
  coll: Collation,
  negated: boolean,
  out: Reg,
  enc: TextEncoding = TextEncoding.Utf8,
): void {
  const na = a.c === StorageClass.Null;
  const nb = b.c === StorageClass.Null;
  let equal: boolean;
  if (na || nb) equal = na && nb;
  else equal = compareWithAffinity(a, b, aff, coll, enc) === 0;
  setInt(out, equal !== negated ? 1 : 0);
}
