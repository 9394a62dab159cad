/**
 * Collation names as plans hold them (upper case, BINARY where a bound expression has
 * none), and where an ORDER BY term puts NULLs.
 */
import type * as B from "../analyze/bound.ts";
import { comparisonCollation } from "../analyze/expr_affinity.ts";
import type { CollationName } from "./plan.ts";

/** The collation of `e`, BINARY when it has none. */
export function collationOf(e: { readonly collation: string | null }): CollationName {
  return (e.collation ?? "BINARY").toUpperCase();
}

/** The collation `a op b` compares with, BINARY when neither side has one. */
export function cmpCollation(a: B.ExprInfo, b: B.ExprInfo): CollationName {
  return (comparisonCollation(a, b) ?? "BINARY").toUpperCase();
}

/** The collation a function call uses: the first argument that has one (SQLite's rule). */
export function callCollation(args: readonly B.ExprInfo[]): CollationName {
  return (args.find((a) => a.collation !== null)?.collation ?? "BINARY").toUpperCase();
}

/** Whether an ORDER BY term puts NULLs first: as written, else when ascending. */
export function nullsFirst(t: B.BoundOrderingTerm): boolean {
  return t.nulls === null ? !t.desc : t.nulls === "first";
}
