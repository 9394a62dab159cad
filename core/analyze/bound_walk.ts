/**
 * Walks over bound expressions: the sources an expression reads, its aggregate calls.
 */
import type * as B from "./bound.ts";

/** Source ids a bound expression references, not counting sources declared inside it. */
export function referencedSources(e: B.BoundExpr, out: Set<number>): void {
  if (e.kind === "column") out.add(e.source);
  for (const c of childExprs(e)) referencedSources(c, out);
  if (e.kind === "function") {
    if (e.filter) referencedSources(e.filter, out);
    for (const t of e.orderBy ?? []) referencedSources(t.expr, out);
  }
}

/** The operands of `e`, not looking into subqueries (a function's are its `args`). */
export function childExprs(e: B.BoundExpr): B.BoundExpr[] {
  switch (e.kind) {
    case "unary":
    case "collate":
    case "cast":
    case "nullTest":
    case "truth":
      return [e.operand];
    case "binary":
      return [e.left, e.right];
    case "like":
      return e.escape ? [e.left, e.right, e.escape] : [e.left, e.right];
    case "between":
      return [e.operand, e.low, e.high];
    case "inList":
      return [e.operand, ...e.list];
    case "inSelect":
      return [e.operand];
    case "case":
      // A missing operand or ELSE (null) dropped.
      return [e.operand, ...e.whens.flatMap((w) => [w.when, w.then]), e.otherwise]
        .filter((x) => !!x);
    case "row":
      return e.items;
    case "function":
      return e.args;
    default:
      return [];
  }
}

/** The first aggregate call in `e` (not looking into subqueries), or null. */
export function firstAggregate(e: B.BoundExpr): B.BoundFunction | null {
  if (e.kind === "function" && e.role === "aggregate") return e;
  for (const k of childExprs(e)) {
    const f = firstAggregate(k);
    if (f) return f;
  }
  return null;
}

/** The cores (SELECT or VALUES) of a compound SELECT, left to right; one for a simple SELECT. */
export function selectCores(s: B.BoundSelect): (B.BoundCore | B.BoundValues)[] {
  return [s.first, ...s.compounds.map((c) => c.core)];
}

/** The result expressions of a core: a SELECT's columns, or a VALUES clause's first row. */
export function resultExprs(core: B.BoundCore | B.BoundValues): B.BoundExpr[] {
  return core.kind === "core" ? core.columns.map((c) => c.expr) : core.rows[0];
}

/** `s` with each of its cores replaced by `f(core)` (operators, ORDER BY, LIMIT kept). */
export function withCores(
  s: B.BoundSelect,
  f: (core: B.BoundCore | B.BoundValues) => B.BoundCore | B.BoundValues,
): B.BoundSelect {
  return {
    ...s,
    first: f(s.first),
    compounds: s.compounds.map((c) => ({ ...c, core: f(c.core) })),
  };
}

/**
 * Whether `o` (a node of a bound expression tree) is an expression: every expression has
 * the ExprInfo fields, and no other node has `hasCollate`.
 */
export function isBoundExpr(o: object): o is B.BoundExpr {
  return "hasCollate" in o;
}

/** Whether the walks below look inside `o`: expressions, CASE arms and ordering terms. */
function walksInto(o: object): boolean {
  return isBoundExpr(o) || "when" in o || "expr" in o;
}

/**
 * Whether `ok` holds for every expression in `e` (e included), looking through operands,
 * CASE arms and call arguments but not into subqueries.
 */
export function everyExpr(e: B.BoundExpr, ok: (x: B.BoundExpr) => boolean): boolean {
  const visit = (v: unknown): boolean => {
    if (Array.isArray(v)) {
      for (const x of v) if (!visit(x)) return false;
      return true;
    }
    if (v === null || typeof v !== "object" || v instanceof Uint8Array) return true;
    if (isBoundExpr(v) && !ok(v)) return false;
    if (!walksInto(v)) return true;
    // for-in, not Object.entries: planning walks every term this way, and the arrays of
    // entries were a tenth of a prepare's garbage.
    const o = v as Record<string, unknown>;
    for (const k in o) if (k !== "def" && !visit(o[k])) return false;
    return true;
  };
  return visit(e);
}

/**
 * A COLLATE has its operand's affinity (sqlite3ExprAffinity looks through it): in a copy
 * whose operand was replaced (a subquery's column by the expression of one of its arms),
 * the affinity follows the new operand.
 */
export function followOperandAffinity(copy: Record<string, unknown>): void {
  if (copy.kind === "collate") copy.affinity = (copy.operand as B.BoundExpr).affinity;
}

/**
 * A copy of `e` in which every expression `f` maps (to a non-null result) is replaced,
 * looking through operands, CASE arms and call arguments but not into subqueries.
 */
export function mapExpr(
  e: B.BoundExpr,
  f: (x: B.BoundExpr) => B.BoundExpr | null,
): B.BoundExpr {
  const visit = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(visit);
    if (v === null || typeof v !== "object" || v instanceof Uint8Array) return v;
    if (isBoundExpr(v)) {
      const r = f(v);
      if (r) return r;
    }
    if (!walksInto(v)) return v; // select, def, window: kept
    const o = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k in o) out[k] = k === "def" ? o[k] : visit(o[k]);
    followOperandAffinity(out);
    return out;
  };
  return visit(e) as B.BoundExpr;
}
