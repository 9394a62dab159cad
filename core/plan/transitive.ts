/**
 * where.c's transitive constraints: a WHERE `x = y` between two columns compared as
 * themselves (BINARY, affinities alike: termIsEquivalence) makes them one class, and a
 * term on one column constrains the others (whereScanNext follows the class). Here each
 * such constraint is a virtual term on the other column, usable to seek and to fix an
 * ORDER BY column, never tested as a filter (its written term is).
 */
import { Affinity, isNumericAffinity } from "../value/types.ts";
import { CompareOp } from "../value/logic.ts";
import { cachedSeekTerm, columnOf } from "./access_path.ts";
import type { Leaf } from "./leaves.ts";
import type { ColumnExpr, PlanExpr } from "./plan.ts";
import { exprRefs, type Term } from "./terms.ts";

/** The column `e` reads of a table leaf, with its affinity, when compared in BINARY. */
function plainColumn(e: PlanExpr, leaves: readonly Leaf[]) {
  for (const leaf of leaves) {
    const c = e.kind === "column" && leaf.kind === "table" ? columnOf(e, leaf.id) : null;
    if (c === null || leaf.kind !== "table") continue;
    const info = leaf.table.table.columns[c];
    if (c >= 0 && (info.generated || info.collation.toUpperCase() !== "BINARY")) return null;
    return {
      key: `${leaf.id}:${c}`,
      expr: e as ColumnExpr,
      affinity: c < 0 ? Affinity.Integer : info.affinity,
    };
  }
  return null;
}

/** The virtual terms the equivalence classes of `terms` give. */
export function transitiveTerms(terms: readonly Term[], leaves: readonly Leaf[]): Term[] {
  const classOf = new Map<string, { members: Map<string, ColumnExpr> }>();
  for (const { expr: e } of terms) {
    if (e.kind !== "compare" || e.op !== CompareOp.Eq || e.collation.toUpperCase() !== "BINARY") {
      continue;
    }
    const a = plainColumn(e.left, leaves), b = plainColumn(e.right, leaves);
    if (!a || !b || a.key === b.key) continue;
    if (
      a.affinity !== b.affinity && !(isNumericAffinity(a.affinity) && isNumericAffinity(b.affinity))
    ) {
      continue;
    }
    const ca = classOf.get(a.key) ?? { members: new Map([[a.key, a.expr]]) };
    const cb = classOf.get(b.key) ?? { members: new Map([[b.key, b.expr]]) };
    for (const [k, x] of cb.members) ca.members.set(k, x);
    for (const k of ca.members.keys()) classOf.set(k, ca);
  }
  const out: Term[] = [];
  for (const t of terms) {
    for (const leaf of leaves) {
      const s = cachedSeekTerm(t, leaf.id);
      const members = s && classOf.get(`${leaf.id}:${s.column}`)?.members;
      if (!members) continue;
      for (const [key, column] of members) {
        if (key === `${leaf.id}:${s.column}`) continue;
        // `y = x` constrains x by itself.
        if (s.key.kind === "value" && plainColumn(s.key.value, leaves)?.key === key) continue;
        const e = t.expr;
        const expr: PlanExpr = e.kind === "compare"
          ? e.left === s.operand ? { ...e, left: column } : { ...e, right: column }
          : e.kind === "inList"
          ? { ...e, operand: column }
          : { ...(e as Extract<PlanExpr, { kind: "inQuery" }>), operands: [column] };
        out.push({
          expr,
          refs: exprRefs(expr),
          placed: false,
          virtual: true,
          parent: t.parent ?? t,
        });
      }
    }
  }
  return out;
}
