/**
 * Result column names and origins, as SQLite reports them: sqlite3ColumnsFromExprList
 * (subquery, view and CTE columns) and generateColumnNames / columnType (the statement's
 * own columns, default short_column_names).
 */
import type * as A from "../sql/ast.ts";
import type * as B from "./bound.ts";
import type { BindContext } from "./scope.ts";
import { resultExprs, selectCores } from "./bound_walk.ts";

/** A result column before binding, after `*` expansion. */
export type ResultItem =
  | { kind: "expr"; ast: A.Expr; alias: string | null; text: string }
  | { kind: "star"; expr: B.BoundExpr; name: string };

/** `true` or `false`, in any case. */
export function isTrueOrFalse(name: string): boolean {
  const k = name.toLowerCase();
  return k === "true" || k === "false";
}

/**
 * Skips COLLATE wrappers, of a parsed or a bound expression (both keep the operand under
 * `operand`). (SQLite's sqlite3ExprSkipCollateAndLikely also skips likely() and friends,
 * but names are chosen before functions are resolved, so those stay.)
 */
export function skipCollate<E extends A.Expr | B.BoundExpr>(e: E): E {
  while (e.kind === "collate") e = e.operand as E;
  return e;
}

/** Column names a subquery's result gets: aliases, column names, text; `:N` for duplicates. */
export function subqueryColumnNames(items: readonly ResultItem[]): string[] {
  const seen = new Set<string>();
  return items.map((item, i) => {
    let name: string;
    if (item.kind === "star") name = item.name;
    else if (item.alias !== null) name = item.alias;
    else {
      const e = skipCollate(item.ast);
      name = e.kind === "column" ? e.name : item.text;
    }
    if (isTrueOrFalse(name)) name = `column${i + 1}`;
    let cnt = 0;
    while (seen.has(name.toLowerCase())) {
      let base = name;
      const m = /:\d+$/.exec(name);
      if (m && m.index > 0) base = name.slice(0, m.index);
      name = `${base}:${++cnt}`;
    }
    seen.add(name.toLowerCase());
    return name;
  });
}

/** Declared type and origin of a result expression (SQLite's columnType). */
export function exprOrigin(
  ctx: BindContext,
  e: B.BoundExpr,
): { declaredType: string | null; origin: B.SourceColumn["origin"] } {
  if (e.kind === "column") {
    const src = ctx.sources.get(e.source);
    let col = e.column;
    if (src?.kind === "table" && col < 0) {
      col = src.table.rowidAlias;
      if (col < 0) {
        const table = src.columns[0]?.origin?.table ?? src.table.name;
        return { declaredType: "INTEGER", origin: { database: "main", table, column: "rowid" } };
      }
    }
    const c = src?.columns[col];
    if (c) return { declaredType: c.declaredType, origin: c.origin };
  }
  if (e.kind === "subquery") {
    const first = resultExprs(selectCores(e.select).at(-1)!)[0];
    if (first) return exprOrigin(ctx, first);
  }
  return { declaredType: null, origin: null };
}

/** The name generateColumnNames gives a top-level result column. */
function topLevelName(ctx: BindContext, item: ResultItem, expr: B.BoundExpr): string {
  if (item.kind === "star") return item.name;
  if (item.alias !== null) return item.alias;
  if (expr.kind === "column") {
    const src = ctx.sources.get(expr.source);
    if (src) {
      if (src.kind === "table" && expr.column < 0) {
        const alias = src.table.rowidAlias;
        return alias >= 0 ? src.table.columns[alias].name : "rowid";
      }
      return src.columns[expr.column].name;
    }
  }
  return item.text;
}

/** `StatementSync.columns()` for a statement whose left-most core has these items. */
export function resultColumnInfo(
  ctx: BindContext,
  items: readonly ResultItem[],
  exprs: readonly B.BoundExpr[],
): B.ResultColumnInfo[] {
  return items.map((item, i) => {
    const { declaredType, origin } = exprOrigin(ctx, exprs[i]);
    return {
      name: topLevelName(ctx, item, exprs[i]),
      database: origin?.database ?? null,
      table: origin?.table ?? null,
      column: origin?.column ?? null,
      declaredType,
    };
  });
}
