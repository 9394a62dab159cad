/**
 * FROM leaves: one node per bound source. Tables get their access path later (it depends
 * on the terms); subqueries, views, CTEs and table-valued functions get their node now.
 */
import { Bug, bugError } from "../internal_error.ts";
import type * as B from "../analyze/bound.ts";
import type { PlanExpr, Query, RelNode } from "./plan.ts";
import { Affinity } from "../value/types.ts";
import { nullLiteralAt } from "../analyze/literals.ts";
import { colRef, type LowerScope, newId, type PlanContext } from "./scope.ts";
import type { TableLeaf } from "./access_path.ts";
import type { Term } from "./terms.ts";
import { lowerSelect } from "./lower_select.ts";
import { lowerCteQuery } from "./cte.ts";
import { lowerExpr } from "./lower_expr.ts";
import { selectCores, withCores } from "../analyze/bound_walk.ts";

/** A FROM leaf: a table (planned with the terms) or a ready node. */
export type Leaf =
  & (
    | { kind: "table"; id: number; source: B.TableSource; table: TableLeaf }
    | { kind: "node"; id: number; source: B.BoundSource; node: RelNode | null }
  )
  & {
    /**
     * The WHERE terms that read no table, tested once before the loops: they also filter
     * the rows of an automatic index on the leaf (PARTIAL); none on an outer join's right.
     */
    constants?: Term[];
    /**
     * Those terms on every leaf, with their places among the WHERE terms (`rank`): where.c's
     * WHERE clause holds them still, and a whole-index scan counts them (where_loop.ts).
     */
    clauseConstants?: { terms: Term[]; rank: ReadonlyMap<Term, number> };
    /** The right side of a LEFT JOIN (where.c's JT_LEFT on its FROM item). */
    leftJoined?: boolean;
    /** The only item of its FROM (where.c's whereShortCut may read it: short_cut.ts). */
    alone?: boolean;
    /**
     * The right side of a RIGHT or FULL JOIN, read per left row: where.c gives it no
     * automatic index.
     */
    rightJoined?: boolean;
  };

/** Registers `source` in `scope` and gives it a node id. */
export function registerLeaf(
  ctx: PlanContext,
  scope: LowerScope,
  source: B.BoundSource,
): Leaf {
  const id = newId(ctx);
  scope.sources.set(source.id, id);
  if (source.kind === "table") {
    const columns = source.table.columns;
    let used = ctx.usedColumns.get(source.id) ?? new Set<number>();
    // sqlite3ExprColUsed: a generated column read counts as every column read.
    if ([...used].some((c) => columns[c]?.generated)) used = new Set(columns.keys());
    return {
      kind: "table",
      id,
      source,
      table: {
        id,
        table: source.table,
        label: source.name,
        indexedBy: source.indexedBy,
        used,
        partial: new Map(),
      },
    };
  }
  return { kind: "node", id, source, node: null };
}

/** Builds the node of a non-table leaf (after every leaf of the FROM is registered). */
export function buildLeafNode(ctx: PlanContext, scope: LowerScope, leaf: Leaf): void {
  if (leaf.kind !== "node") return;
  const s = leaf.source;
  switch (s.kind) {
    case "subquery": {
      const query = lowerSelect(ctx, withoutUnusedColumns(ctx, s), scope.parent);
      leaf.node = {
        kind: "subqueryScan",
        id: leaf.id,
        query: withRealAffinity(query, s.select, s.columns),
        label: s.name,
      };
      return;
    }
    case "cte": {
      if (s.recursiveRef) {
        const cte = ctx.recursiveCtes.get(s.cte.id);
        if (cte === undefined) throw bugError(Bug.StrayRecursiveReference);
        leaf.node = { kind: "recursiveRef", id: leaf.id, cte, label: s.name };
        return;
      }
      leaf.node = {
        kind: "subqueryScan",
        id: leaf.id,
        query: withRealAffinity(lowerCteQuery(ctx, s.cte), s.cte.select, s.cte.columns),
        label: s.name,
      };
      return;
    }
    case "tableFunction":
      leaf.node = {
        kind: "tableFunction",
        id: leaf.id,
        name: s.function,
        args: s.args.map((a) => lowerExpr(ctx, scope, a)),
        width: s.columns.length,
        label: s.name,
      };
      return;
    default:
      // Tables are table leaves, planned with the terms (registerLeaf), never node leaves.
      s satisfies { kind: "table" };
  }
}

/** A column reference to leaf `leaf`'s column `column`. */
export function leafColumn(leaf: Leaf, column: number) {
  return colRef(leaf.id, column);
}

/**
 * A compound subquery's REAL-affinity columns read their INTEGER values as REAL (SQLite
 * reads them with OP_RealAffinity, e.g. `SELECT 1 UNION ALL SELECT r` gives 1.0). Without a
 * compound such a column's values are REAL already.
 */
function withRealAffinity(
  query: Query,
  select: B.BoundSelect,
  sourceColumns: readonly B.SourceColumn[],
): Query {
  if (!select.compounds.length && select.first.kind !== "values") return query;
  const columns = query.columns.map((e, i): PlanExpr =>
    sourceColumns[i].affinity === Affinity.Real
      ? { kind: "unary", op: "realAffinity", operand: e }
      : e
  );
  return { ...query, columns };
}

/**
 * `source`'s SELECT with the result columns nothing reads replaced by NULL, so they are not
 * computed and a failing expression in one raises no error. SQLite gets there two ways:
 * disableUnusedSubqueryResultColumns (uncorrelated subqueries) and the flattener (which
 * copies only the columns used, correlated or not); both need no DISTINCT, aggregate or
 * window in any part and compounds of UNION ALL only. Columns an ORDER BY names are kept.
 */
function withoutUnusedColumns(ctx: PlanContext, source: B.SubquerySource): B.BoundSelect {
  const select = source.select;
  const parts = selectCores(select);
  const eligible = select.compounds.every((c) => c.op === "unionAll") &&
    parts.every((p) =>
      p.kind === "values" || (!p.distinct && !p.aggregate && !p.windowFunctions.length)
    );
  if (!eligible) return select;
  const used = new Set(ctx.usedColumns.get(source.id) ?? []);
  for (const t of select.orderBy ?? []) if (t.resultColumn > 0) used.add(t.resultColumn - 1);
  if (used.size >= select.columnNames.length) return select;
  const nulled = (e: B.BoundExpr, i: number): B.BoundExpr => used.has(i) ? e : nullLiteralAt(e);
  const prune = (p: B.BoundCore | B.BoundValues): B.BoundCore | B.BoundValues =>
    p.kind === "values"
      ? { ...p, rows: p.rows.map((row) => row.map(nulled)) }
      : { ...p, columns: p.columns.map((c, i) => ({ ...c, expr: nulled(c.expr, i) })) };
  return withCores(select, prune);
}
