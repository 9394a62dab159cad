/**
 * Rewriting column references anywhere in plan data: above a node that stores rows (a
 * window) only its own outputs can be read, so references to nodes below it become its
 * stored columns (window.ts); automatic indexes and partial indexes redirect them too.
 */
import type { ColumnExpr, PlanExpr } from "./plan.ts";

/**
 * A copy of `value` (an expression, a query, any plan data) where every column reference
 * is replaced by `fn(ref)`. Schema objects (`table`, `index`) are shared, not copied, and
 * with `outerOnly` so are the sub-plans of expressions (their columns stay as they are).
 */
export function mapColumnRefs<T>(
  value: T,
  fn: (ref: ColumnExpr) => PlanExpr,
  outerOnly = false,
): T {
  const v: unknown = value;
  if (v === null || typeof v !== "object" || v instanceof Uint8Array) return value;
  if (Array.isArray(v)) return v.map((x) => mapColumnRefs(x, fn, outerOnly)) as T;
  const o = v as Record<string, unknown>;
  if (o.kind === "column" && typeof o.node === "number") return fn(o as unknown as ColumnExpr) as T;
  const out: Record<string, unknown> = {};
  for (const k in o) {
    const shared = k === "table" || k === "index" || outerOnly && k === "query";
    out[k] = shared ? o[k] : mapColumnRefs(o[k], fn, outerOnly);
  }
  return out as T;
}
