/**
 * Affinity and collation of expressions, and the affinity and collation SQLite uses for
 * a comparison of two expressions (datatype3.html sections 4.2 and 7.1).
 */
import { Affinity, isNumericAffinity } from "../value/types.ts";
import type { ExprInfo } from "./bound.ts";

/** Expression info with nothing to tell: no affinity, no collation. */
export function plainInfo(start: number, end: number): ExprInfo {
  return { start, end, affinity: null, collation: null, hasCollate: false };
}

/**
 * Collation of an expression built from `children` that has no collation of its own
 * (arithmetic, function calls, CASE, ...): an explicit COLLATE below it propagates up
 * (SQLite's EP_Collate), taking the first such child.
 */
export function propagatedCollation(children: readonly ExprInfo[]): {
  collation: string | null;
  hasCollate: boolean;
} {
  for (const c of children) {
    if (c.hasCollate) return { collation: c.collation, hasCollate: true };
  }
  return { collation: null, hasCollate: false };
}

/**
 * The affinity applied to the operands of `a <op> b` (sqlite3CompareAffinity): both have
 * an affinity → NUMERIC if either is numeric, else BLOB (no conversion); one has an
 * affinity → that one; neither → null (no conversion).
 */
export function comparisonAffinity(
  a: { affinity: Affinity | null },
  b: { affinity: Affinity | null },
): Affinity | null {
  const x = a.affinity;
  const y = b.affinity;
  if (x !== null && y !== null) {
    return isNumericAffinity(x) || isNumericAffinity(y) ? Affinity.Numeric : Affinity.Blob;
  }
  return x ?? y;
}

/**
 * The collation of `a <op> b` (sqlite3BinaryCompareCollSeq): an explicit COLLATE on the
 * left, else one on the right, else the left operand's implicit collation (a column's),
 * else the right's. null means BINARY.
 */
export function comparisonCollation(a: ExprInfo, b: ExprInfo): string | null {
  if (a.hasCollate) return a.collation;
  if (b.hasCollate) return b.collation;
  return a.collation ?? b.collation;
}
