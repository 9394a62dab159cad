/**
 * where.c's transitive constraints: a WHERE `x = y` between two columns compared as
 * themselves (BINARY, affinities alike: termIsEquivalence) makes them one class, and a
 * term on one column constrains the others (whereScanNext follows the class). Here each
 * such constraint is a virtual term on the other column, usable to seek and to fix an
 * ORDER BY column, never tested as a filter (its written term is).
 */
import { Affinity, isNumericAffinity } from "../value/types.ts";
import { CompareOp } from "../value/logic.ts";
import { cachedSeekTerm } from "./access_path.ts";
import type { Leaf } from "./leaves.ts";
import type { PlanExpr } from "./plan.ts";
import { exprRefs, type Term } from "./terms.ts";

/** The virtual terms the equivalence classes of `terms` give. */
export function transitiveTerms(terms: readonly Term[], leaves: readonly Leaf[]): Term[] {
  // A table column as itself ("node:column"), with its affinity; else null.
  const plain = (e: PlanExpr): [string, Affinity] | null => {
    if (e.kind !== "column") return null;
    const leaf = leaves.find((l) => l.id === e.node);
    if (leaf?.kind !== "table") return null;
    const c = leaf.table.table.columns[e.column];
    return c?.generated || c && c.collation.toUpperCase() !== "BINARY"
      ? null
      : [`${e.node}:${e.column}`, c?.affinity ?? Affinity.Integer];
  };
  const classOf = new Map<string, Map<string, PlanExpr>>();
  // select.c's propagateConstants: a WHERE `x = constant` (BINARY, the constant without an
  // affinity: `x IN (c)` is `x = +c`) lends x's value to the comparisons x is in; the last
  // such term wins.
  const constOf = new Map<string | undefined, PlanExpr>();
  for (const { expr: e } of terms) {
    if (e.kind !== "compare" || e.op !== CompareOp.Eq || e.collation !== "BINARY") continue;
    const a = plain(e.left), b = plain(e.right);
    for (const [x, k] of [[a, e.right], [b, e.left]] as const) {
      const c = k.kind === "unary" && k.op === "plus" ? k.operand : k;
      if (x && (c.kind === "const" || c.kind === "param")) constOf.set(x[0], k);
    }
    if (
      !a || !b || a[0] === b[0] ||
      a[1] !== b[1] && !(isNumericAffinity(a[1]) && isNumericAffinity(b[1]))
    ) continue;
    const merged = new Map([
      ...classOf.get(a[0]) ?? [[a[0], e.left]],
      ...classOf.get(b[0]) ?? [[b[0], e.right]],
    ]);
    for (const k of merged.keys()) classOf.set(k, merged);
  }
  const out: Term[] = [];
  // (A `x > NULL` standing for `x IS NOT NULL` stays one on the other columns: a seek past
  // their NULL entries, not a comparison with NULL.)
  const add = (expr: PlanExpr, parent: Term, belowNulls?: boolean, propagated?: boolean) =>
    out.push({
      expr,
      refs: exprRefs(expr),
      placed: false,
      virtual: true,
      parent,
      belowNulls,
      propagated,
    });
  for (const t of terms) {
    for (const leaf of leaves) {
      const s = cachedSeekTerm(t, leaf.id);
      if (!s) continue;
      const own = `${leaf.id}:${s.column}`;
      const e = t.expr;
      // The column the term compares this one with, if any.
      const other = s.key.kind === "value" ? plain(s.key.value)?.[0] : undefined;
      const value = constOf.get(other);
      if (value && e.kind === "compare") {
        add(e.left === s.operand ? { ...e, right: value } : { ...e, left: value }, t, false, true);
      }
      for (const [key, column] of classOf.get(own) ?? []) {
        // Not itself, nor by `y = x` constraining x.
        if (key === own || key === other) continue;
        add(
          "operand" in e
            ? { ...e, operand: column }
            : "operands" in e
            ? { ...e, operands: [column] }
            : (e as { left: PlanExpr }).left === s.operand
            ? { ...e, left: column } as PlanExpr
            : { ...e, right: column } as PlanExpr,
          t.parent ?? t,
          t.belowNulls,
        );
      }
    }
  }
  return out;
}
