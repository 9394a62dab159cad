/** `*` and `table.*` expansion (SQLite's selectExpander), USING columns once. */
import type * as A from "../sql/ast.ts";
import { nameKey } from "../format/schema_types.ts";
import type * as B from "./bound.ts";
import { bindError, qualifiedName } from "./errors.ts";
import { columnExpr, foundColumnExpr } from "./expr_binder.ts";
import type { FromResult } from "./from.ts";
import type { ResultItem } from "./column_names.ts";
import { itemMatches, lookupInScope, newScope, type ScopeItem } from "./scope.ts";

/**
 * Pushes the result items a `*` (or `table.*`) gives for the columns of `all[k]`. A column
 * that a later USING names, of a table left of a RIGHT or FULL JOIN, is expanded by its
 * bare name (SQLite's selectExpander), so it resolves as an unqualified reference would:
 * to the right-most table's column, coalesce() for FULL, or an ambiguity error.
 */
function pushColumns(
  out: ResultItem[],
  all: ScopeItem[],
  k: number,
  span: A.Span,
  skipUsing: boolean,
  qualify: boolean,
): void {
  const item = all[k];
  const later = all.slice(k + 1);
  const right = later.some((l) => l.right);
  item.source.columns.forEach((c, j) => {
    if (c.hidden) return;
    const name = c.name;
    const key = nameKey(name);
    if (skipUsing && k > 0 && item.using?.has(key)) return;
    if (qualify && item.names.length) {
      const schema = item.schema ?? "*";
      const found = lookupInScope(newScope(null, all, null), schema, item.names[0], name);
      if (found.kind === "ambiguous") {
        throw bindError(
          `ambiguous column name: ${qualifiedName(schema, item.source.name, name)}`,
        );
      }
    }
    let expr: B.BoundExpr;
    if (!right || !later.some((l) => l.using?.has(key))) {
      expr = columnExpr(item, j, span.start, span.end);
    } else {
      const found = lookupInScope(newScope(null, all, null), null, null, name);
      if (found.kind !== "column") throw bindError(`ambiguous column name: ${name}`);
      expr = foundColumnExpr(found, name, span);
    }
    out.push({ kind: "star", expr, name });
  });
}

/** Expands the result list of a core into one item per result column. */
export function expandStar(
  columns: A.ResultColumn[],
  from: FromResult | null,
): ResultItem[] {
  const out: ResultItem[] = [];
  const all = from?.items ?? [];
  const qualify = (from?.top.length ?? 0) > 1;
  for (const rc of columns) {
    if (rc.kind === "expr") {
      out.push({ kind: "expr", ast: rc.expr, alias: rc.alias, text: rc.text });
    } else if (rc.kind === "star") {
      if (!all.length) throw bindError("no tables specified", rc.start);
      for (let k = 0; k < all.length; k++) pushColumns(out, all, k, rc, true, qualify);
    } else {
      let hit = false;
      for (let k = 0; k < all.length; k++) {
        if (!itemMatches(all[k], rc.schema, rc.table)) continue;
        hit = true;
        pushColumns(out, all, k, rc, false, false);
      }
      if (!hit) {
        throw bindError(`no such table: ${qualifiedName(null, rc.schema, rc.table)}`, rc.start);
      }
    }
  }
  return out;
}
