/**
 * The reference for core/plan/used_columns.ts: the columns each source is read at, found by
 * a walk over every property of the bound tree but schema objects and function definitions
 * (the planner's walk also skips a table source whole and meets leaves without recording
 * them): tests/used_columns_test.ts compares the two.
 */
import type * as B from "../../core/analyze/bound.ts";
import type { UsedColumns } from "../../core/plan/used_columns.ts";

/** Keys that hold schema objects and function definitions, not the query's expressions. */
const SKIPPED = new Set(["table", "indexedBy", "def", "partialWhere"]);

/** The columns read per source id and the VIRTUAL expressions per table source. */
export function referenceUsedColumns(select: B.BoundSelect): UsedColumns {
  const used = new Map<number, Set<number>>();
  const virtual = new Map<number, (B.BoundExpr | null)[]>();
  const seen = new Set<object>();
  const visit = (v: unknown): void => {
    if (v === null || typeof v !== "object" || seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) return v.forEach(visit);
    const o = v as Record<string, unknown>;
    const isTable = o.kind === "table" && Array.isArray(o.virtual);
    if (isTable && (o.virtual as unknown[]).length > 0) {
      virtual.set(o.id as number, o.virtual as (B.BoundExpr | null)[]);
    }
    if (o.kind === "column" && typeof o.source === "number") {
      if (!used.has(o.source)) used.set(o.source, new Set());
      used.get(o.source)!.add(o.column as number);
      return;
    }
    for (const k in o) {
      if (SKIPPED.has(k) || (isTable && (k === "columns" || k === "virtual"))) continue;
      visit(o[k]);
    }
  };
  visit(select);
  for (const [id, exprs] of virtual) {
    for (const c of used.get(id) ?? []) if (exprs[c]) visit(exprs[c]);
  }
  return { used, virtual };
}
