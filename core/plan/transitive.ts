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
import type { ColumnExpr, PlanExpr } from "./plan.ts";
import { mapColumnRefs } from "./capture.ts";
import { exprChildren } from "./walk.ts";
import { exprRefs, type Term } from "./terms.ts";

/** The virtual terms the equivalence classes of `terms` give. */
export function transitiveTerms(terms: readonly Term[], leaves: readonly Leaf[]): Term[] {
  const leafById = new Map(leaves.map((l) => [l.id, l]));
  // A table column as itself ("node:column"), with its affinity; else null.
  const plain = (e: PlanExpr): [string, Affinity] | null => {
    if (e.kind !== "column") return null;
    const leaf = leafById.get(e.node);
    if (leaf?.kind !== "table") return null;
    const c = leaf.table.table.columns[e.column];
    return c?.generated || c && c.collation.toUpperCase() !== "BINARY"
      ? null
      : [`${e.node}:${e.column}`, c?.affinity ?? Affinity.Integer];
  };
  const classOf = new Map<string, Map<string, PlanExpr>>();
  for (const { expr: e } of terms) {
    if (e.kind !== "compare" || e.op !== CompareOp.Eq || e.collation !== "BINARY") continue;
    const a = plain(e.left), b = plain(e.right);
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
  if (!classOf.size) return out; // no column = column: no class to follow
  // (A `x > NULL` standing for `x IS NOT NULL` stays one on the other columns: a seek past
  // their NULL entries, not a comparison with NULL.)
  const add = (expr: PlanExpr, parent: Term, seeks: string, belowNulls?: boolean) =>
    out.push({
      expr,
      refs: exprRefs(expr),
      placed: false,
      virtual: true,
      parent,
      seeks,
      belowNulls,
    });
  for (const t of terms) {
    for (const leaf of leaves) {
      const s = cachedSeekTerm(t, leaf.id);
      if (!s) continue;
      const own = `${leaf.id}:${s.column}`;
      const peers = classOf.get(own);
      if (!peers) continue;
      const e = t.expr;
      // The column the term compares this one with, if any.
      const other = s.key.kind === "value" ? plain(s.key.value)?.[0] : undefined;
      for (const [key, column] of peers) {
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
          key,
          t.belowNulls,
        );
      }
    }
  }
  return out;
}

/**
 * The values propagateConstants wrote in place of a column, with that column: to where.c
 * they are still the column (a TK_COLUMN marked EP_FixedCol), whose value is not known to
 * its estimates and which an index may not cover.
 */
export const propagated = new WeakMap<PlanExpr, ColumnExpr>();

/**
 * select.c's propagateConstants over the WHERE terms `pool` (an AND of two or more): each
 * `x = constant` (a column of a table of the FROM, BINARY, the constant without an affinity:
 * a literal or a parameter, `+c` too; the last such term of a column wins) writes its value,
 * with x's affinity, in place of x in the other terms, sub-queries aside. When one such x
 * has BLOB affinity (or none), those columns are replaced only as operands of a comparison
 * (the right one unless the left has TEXT affinity), where the comparison's affinity still
 * converts the value as it converted x. Terms no longer reading a table need not wait for it.
 */
export function propagateConstants(pool: Term[], leaves: readonly Leaf[]): void {
  if (pool.length < 2) return;
  const affinityOf = (c: ColumnExpr) => {
    const leaf = leaves.find((l) => l.id === c.node);
    if (leaf?.kind !== "table") return undefined;
    // (The rowid, column -1, is an INTEGER.)
    return c.column < 0 ? Affinity.Integer : leaf.table.table.columns[c.column]?.affinity;
  };
  const key = (c: ColumnExpr) => `${c.node}:${c.column}`;
  const fixed = new Map<string, { column: ColumnExpr; value: PlanExpr }>();
  for (const { expr: e } of [...pool].reverse()) {
    if (e.kind !== "compare" || e.op !== CompareOp.Eq || e.collation !== "BINARY") continue;
    for (const [x, v] of [[e.right, e.left], [e.left, e.right]] as const) {
      const c = v.kind === "unary" && v.op === "plus" ? v.operand : v;
      if (x.kind !== "column" || affinityOf(x) === undefined || fixed.has(key(x))) continue;
      if (c.kind === "const" || c.kind === "param") fixed.set(key(x), { column: x, value: v });
    }
  }
  if (!fixed.size) return;
  const blobs = [...fixed.values()].some((f) => affinityOf(f.column) === Affinity.Blob);
  // With a BLOB one, the column operands of comparisons that may take its value.
  const operands = new Set<PlanExpr>();
  const findOperands = (e: PlanExpr): void => {
    const compares = e.kind === "compare" && e.op !== CompareOp.Ne || e.kind === "is";
    if (compares) {
      operands.add(e.left);
      const left = e.left.kind === "column" ? affinityOf(e.left) : undefined;
      if (left !== Affinity.Text) operands.add(e.right);
    }
    exprChildren(e).forEach(findOperands);
  };
  // The virtual copies, each to follow its term (where.c's term is where it was written).
  const seekable = new Map<number, Term>();
  pool.forEach((t, i) => {
    if (blobs) findOperands(t.expr);
    let changed = false;
    const expr = mapColumnRefs(t.expr, (c) => {
      const f = fixed.get(key(c));
      if (!f || f.column === c) return c;
      const aff = affinityOf(c)!;
      if (blobs && aff === Affinity.Blob && !operands.has(c)) return c;
      changed = true;
      const value = { ...f.value };
      propagated.set(value, c);
      return aff !== Affinity.Blob ? { kind: "affinity", operand: value, affinity: aff } : value;
    }, true);
    if (!changed) return;
    const written = { ...t, expr, refs: exprRefs(expr) };
    pool[i] = written;
    // where.c still sees a replaced column on the left of a comparison (select.c marks it
    // EP_FixedCol and leaves it a TK_COLUMN): a virtual copy as written may seek an index on it.
    const copy = fixedLeftCopy(t.expr, expr);
    const left = copy && (copy as { left?: PlanExpr; operand?: PlanExpr });
    const column = left?.left ?? left?.operand;
    if (copy && column?.kind === "column" && fixed.get(key(column))?.column !== column) {
      seekable.set(i, { ...t, expr: copy, refs: exprRefs(copy), virtual: true, parent: written });
    }
  });
  for (const [i, copy] of [...seekable].reverse()) pool.splice(i + 1, 0, copy);
}

/**
 * A copy of comparison `e` that seeks on its left column only (where.c indexes a replaced
 * column only as a comparison's left side; one on the right side reads as no column): the
 * right side as `written` has it (a column fixed there is its value, which needs no table:
 * sqlite3WhereExprUsage skips an EP_FixedCol column), when it reads a table shielded so as
 * to be no column; null for other terms.
 */
function fixedLeftCopy(e: PlanExpr, written: PlanExpr): PlanExpr | null {
  const constant = (x: PlanExpr) => !exprRefs(x).size;
  if (e.kind === "compare" || e.kind === "is") {
    const r = (written as typeof e).right;
    if (constant(r)) return { ...e, right: r };
    const right: PlanExpr = { kind: "affinity", operand: r, affinity: Affinity.Blob };
    return { ...e, right };
  }
  if (e.kind === "nullTest") return e;
  if (e.kind === "inList" && e.list.every(constant)) return e;
  return null;
}
