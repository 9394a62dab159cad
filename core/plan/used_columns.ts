/**
 * The columns each bound source is read at, found by walking a bound query: for covering
 * indexes, and the expressions of VIRTUAL generated columns per table source.
 *
 * The walk skips what holds no expression of the query (a table source's schema objects,
 * a function's definition) and meets each shared node once. tests/used_columns_test.ts
 * compares it with a walk over every property.
 */
import type * as B from "../analyze/bound.ts";
import type { PlanContext } from "./scope.ts";
import { getOrMake } from "../util/multimap.ts";

/** Columns read per source id, and each table source's VIRTUAL column expressions. */
export interface UsedColumns {
  used: Map<number, Set<number>>;
  virtual: Map<number, (B.BoundExpr | null)[]>;
}

/**
 * Every column each bound source is read at, anywhere in the statement (covering indexes;
 * a VIRTUAL generated column reads the columns of its expression), and the expressions of
 * each table source's VIRTUAL columns.
 */
export function usedColumns(select: B.BoundSelect): UsedColumns {
  const used = new Map<number, Set<number>>();
  const virtual = new Map<number, (B.BoundExpr | null)[]>();
  const seen = new Set<object>();
  const visit = (v: object): void => {
    if (Array.isArray(v)) {
      for (const x of v) if (x && typeof x === "object") visit(x);
      return;
    }
    const o = v as Record<string, unknown>;
    const kind = o.kind;
    // Leaves first: the set of nodes met only stops shared subtrees being walked again.
    if (kind === "column" && typeof o.source === "number") {
      getOrMake(used, o.source, () => new Set()).add(o.column as number);
      return;
    }
    if (o.of) visit(o.of as object); // a folded null test's column (BoundLiteral.of)
    if (kind === "literal" || kind === "variable" || seen.has(v)) return;
    seen.add(v);
    if (kind === "table" && "table" in o) {
      // A table source: its schema, column list, index choice and partial-index WHEREs
      // hold nothing the query reads.
      const exprs = o.virtual as (B.BoundExpr | null)[];
      if (exprs.length) virtual.set(o.id as number, exprs);
      return;
    }
    for (const k in o) {
      const x = o[k];
      if (k !== "def" && x && typeof x === "object") visit(x);
    }
  };
  visit(select);
  // A VIRTUAL column read reads the columns of its expression; one never read reads nothing,
  // so an index without its inputs may still cover. The expression reads its own table
  // only, and a Set's iteration reaches the columns added during it (other VIRTUAL ones).
  for (const [id, exprs] of virtual) {
    for (const c of used.get(id) ?? []) {
      const e = exprs[c];
      if (e) visit(e);
    }
  }
  return { used, virtual };
}

/**
 * Records the sources of `select` the context does not know yet: those a flattening made
 * while planning (a CTE body's copies get new source ids).
 */
export function addNewSources(ctx: PlanContext, select: B.BoundSelect): void {
  const { used, virtual } = usedColumns(select);
  // The maps hold no undefined values: getOrMake sets exactly the ids they lack.
  for (const [id, columns] of used) getOrMake(ctx.usedColumns, id, () => columns);
  for (const [id, exprs] of virtual) getOrMake(ctx.virtualColumns, id, () => exprs);
}
