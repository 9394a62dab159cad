/**
 * Binds FROM clauses: finds tables, views (expanded from their stored SELECT), CTEs and
 * table-valued functions, binds FROM subqueries, and turns NATURAL / USING into column
 * pairs (SQLite's selectExpander and sqlite3ProcessJoin).
 */
import type * as A from "../sql/ast.ts";
import { nameKey, SCHEMA_TABLE_NAMES, type TableInfo } from "../format/schema_types.ts";
import { parseSelect } from "../sql/parser.ts";
import { Affinity } from "../value/types.ts";
import type * as B from "./bound.ts";
import { bindError, qualifiedName } from "./errors.ts";
import { bindExpr, columnExpr } from "./expr_binder.ts";
import { type BindContext, columnIndex, newScope, type Scope, type ScopeItem } from "./scope.ts";
import { bindCte } from "./cte.ts";
import { needSourceCollations } from "./collation_check.ts";
import { bindSelect, selectSourceColumns } from "./select_binder.ts";

const JSON_COLUMNS = ["key", "value", "type", "atom", "id", "parent", "fullkey", "path"];

/** What binding a FROM clause gives: the join tree and the flat list name lookup uses. */
export interface FromResult {
  from: B.BoundFrom;
  items: ScopeItem[];
  /** Top-level entries (a parenthesized join is one entry) with their own scope items. */
  top: { bound: B.BoundSource | B.BoundFrom; items: ScopeItem[]; name: string | null }[];
}

function tableColumns(t: TableInfo, tableName: string): B.SourceColumn[] {
  return t.columns.map((c) => ({
    name: c.name,
    hidden: false,
    affinity: c.affinity,
    collation: c.collation,
    declaredType: c.declaredType === "" ? null : c.declaredType,
    origin: { database: "main", table: tableName, column: c.name },
  }));
}

/** Inside a view SQLite qualifies an unqualified name with the view's schema ("main"). */
function noSuchTable(ctx: BindContext, schema: string | null, name: string): Error {
  const qualifier = schema ?? (ctx.views.length ? "main" : null);
  return bindError(`no such table: ${qualifiedName(null, qualifier, name)}`);
}

function checkSchemaName(ctx: BindContext, schema: string | null, name: string): void {
  if (schema !== null && nameKey(schema) !== "main") throw noSuchTable(ctx, schema, name);
}

/** A table-valued function source, or null when `name` is not one. */
function tableFunction(
  ctx: BindContext,
  id: number,
  name: string,
  alias: string | null,
): B.TableFunctionSource | null {
  const key = nameKey(name);
  let cols: readonly string[] | undefined;
  let hidden = ["json", "root"];
  if (key === "json_each" || key === "json_tree") cols = JSON_COLUMNS;
  else if (key.startsWith("pragma_")) {
    cols = ctx.pragmaColumns(key.slice(7));
    hidden = ["arg", "schema"];
  }
  if (!cols) return null;
  return {
    kind: "tableFunction",
    id,
    name: alias ?? name,
    function: key,
    args: [],
    firstHidden: cols.length,
    columns: [...cols, ...hidden].map((name, i) => ({
      name,
      hidden: i >= cols.length,
      affinity: Affinity.Blob,
      collation: "BINARY",
      declaredType: null,
      origin: { database: "main", table: key, column: name },
    })),
  };
}

/** Binds one FROM item (not a parenthesized join); the caller registers its source. */
function bindItem(
  ctx: BindContext,
  item: Exclude<A.FromItem, { kind: "join" }>,
  outer: Scope | null,
): { source: B.BoundSource; schema: string | null } {
  const id = ctx.nextId++;
  switch (item.kind) {
    case "subquery": {
      const select = bindSelect(ctx, item.select, outer);
      needSourceCollations(ctx, select);
      const source: B.SubquerySource = {
        kind: "subquery",
        id,
        name: item.alias ?? "",
        columns: selectSourceColumns(ctx, select),
        select,
        view: null,
      };
      return { source, schema: null };
    }
    case "tableFunction": {
      checkSchemaName(ctx, item.schema, item.name);
      const key = nameKey(item.name);
      if (ctx.schema.tables.has(key) || ctx.schema.views.has(key)) {
        throw bindError(`'${item.name}' is not a function`);
      }
      const src = tableFunction(ctx, id, item.name, item.alias);
      if (!src) throw noSuchTable(ctx, item.schema, item.name);
      const maxArgs = src.columns.length - src.firstHidden;
      if (item.args.length > maxArgs) {
        throw bindError(`too many arguments on ${item.name}() - max ${maxArgs}`);
      }
      ctx.tableFunctionArgs.push({ source: src, args: item.args });
      return { source: src, schema: "main" };
    }
    default: {
      item satisfies { kind: "table" };
      const key = nameKey(item.name);
      for (let s = item.schema === null ? ctx.ctes : null; s; s = s.parent) {
        const cte = s.entries.find((e) => e.key === key);
        if (cte) return { source: bindCte(ctx, cte, id, item.alias ?? item.name), schema: null };
      }
      checkSchemaName(ctx, item.schema, item.name);
      const table = ctx.schema.tables.get(key);
      if (table) {
        const tableName = SCHEMA_TABLE_NAMES.includes(key) ? "sqlite_master" : table.name;
        let indexedBy: B.TableSource["indexedBy"] = item.indexedBy === false ? false : null;
        if (typeof item.indexedBy === "string") {
          const ik = nameKey(item.indexedBy);
          const idx = table.indexes.find((x) => nameKey(x.name) === ik);
          if (!idx) throw bindError(`no such index: ${item.indexedBy}`);
          indexedBy = idx;
        }
        const source: B.TableSource = {
          kind: "table",
          id,
          name: item.alias ?? table.name,
          table,
          indexedBy,
          columns: tableColumns(table, tableName),
          virtual: [],
          partialWhere: [],
        };
        source.virtual = bindVirtualColumns(ctx, source);
        source.partialWhere = bindPartialWheres(ctx, source);
        return { source, schema: "main" };
      }
      const view = ctx.schema.views.get(key);
      if (view) {
        // The schema keys a view by nameKey(view.name): that is `key`.
        if (ctx.views.includes(key)) throw bindError(`view ${view.name} is circularly defined`);
        ctx.views.push(key);
        const savedCtes = ctx.ctes;
        ctx.ctes = null; // a view sees the schema, not the statement's CTEs
        let select: B.BoundSelect;
        try {
          select = bindSelect(ctx, parseSelect(view.select), null);
        } finally {
          ctx.ctes = savedCtes;
          ctx.views.pop();
        }
        needSourceCollations(ctx, select);
        let columns = selectSourceColumns(ctx, select);
        if (view.columnNames) {
          if (view.columnNames.length !== columns.length) {
            throw bindError(
              `expected ${view.columnNames.length} columns for '${view.name}' but got ${columns.length}`,
            );
          }
          columns = columns.map((c, i) => ({ ...c, name: view.columnNames![i] }));
        }
        const source: B.SubquerySource = {
          kind: "subquery",
          id,
          name: item.alias ?? view.name,
          columns,
          select,
          view: view.name,
        };
        return { source, schema: "main" };
      }
      const source = tableFunction(ctx, id, item.name, item.alias);
      if (source) return { source, schema: "main" };
      const vt = ctx.schema.virtualTables.get(key);
      if (vt) throw bindError(`no such module: ${vt.module}`);
      throw noSuchTable(ctx, item.schema, item.name);
    }
  }
}

/** A scope holding only `source`, for expressions the schema binds over one table. */
function selfScope(source: B.TableSource): Scope {
  const item: ScopeItem = {
    source,
    names: [nameKey(source.table.name)],
    schema: "main",
    right: false,
    left: false,
    using: null,
    rowid: !source.table.withoutRowid,
  };
  return newScope(null, [item], null, false);
}

/**
 * The expression of schema text `text` (SQLite stores generated columns, index expressions
 * and WHERE clauses as text). Parenthesized, the text is the first result column of the
 * SELECT's first core, an expression.
 */
export function parseSchemaExpr(text: string): A.Expr {
  const core = parseSelect(`SELECT (${text})`).first as A.SelectCore;
  return (core.columns[0] as Extract<A.ResultColumn, { kind: "expr" }>).expr;
}

/**
 * Binds the expression of each VIRTUAL generated column of `source`'s table over the
 * source itself, so that reading the column computes it from the row (STORED ones are in
 * the record). SQLite checked the expressions when the table was created.
 */
function bindVirtualColumns(ctx: BindContext, source: B.TableSource): (B.BoundExpr | null)[] {
  const cols = source.table.columns;
  if (!cols.some((c) => !!c.generated && !c.generated.stored)) return [];
  const scope = selfScope(source);
  return cols.map((c) => {
    if (!c.generated || c.generated.stored) return null;
    return bindExpr(ctx, scope, parseSchemaExpr(c.generated.expr));
  });
}

/**
 * Binds the WHERE of each partial index of `source`'s table over the source, for the
 * planner's proof that the statement implies it. One litejit cannot bind (an unknown
 * function, say) is left null: the index is then never used, which only costs speed.
 */
function bindPartialWheres(ctx: BindContext, source: B.TableSource): (B.BoundExpr | null)[] {
  const indexes = source.table.indexes;
  if (indexes.every((i) => i.where === null)) return [];
  const scope = selfScope(source);
  return indexes.map((i) => {
    if (i.where === null) return null;
    const { pending, late } = ctx;
    const lateCount = late.length;
    try {
      const e = bindExpr(ctx, scope, parseSchemaExpr(i.where));
      return ctx.pending === pending && late.length === lateCount ? e : null;
    } catch {
      return null;
    } finally {
      ctx.pending = pending;
      late.length = lateCount;
    }
  });
}

/**
 * Binds a FROM clause. `outer` is the scope enclosing the SELECT (FROM subqueries may
 * refer to it, not to their sibling FROM items).
 */
export function bindFrom(ctx: BindContext, from: A.FromClause, outer: Scope | null): FromResult {
  const items: ScopeItem[] = [];
  const top: FromResult["top"] = [];
  const joined: B.BoundJoinItem[] = [];
  for (let i = 0; i < from.items.length; i++) {
    const ji = from.items[i];
    const op = ji.join;
    const kind: B.JoinKind | null = op && (op.outer || (op.cross ? "cross" : "inner"));
    const right = kind === "right" || kind === "full";
    const left = kind === "left" || kind === "full";
    let entryItems: ScopeItem[];
    let bound: B.BoundSource | B.BoundFrom;
    if (ji.item.kind === "join") {
      const nested = bindFrom(ctx, ji.item.from, outer);
      const alias = ji.item.alias;
      entryItems = nested.items.map((it) => ({
        ...it,
        names: alias ? [...it.names, nameKey(alias)] : it.names,
        right: it.right || right,
        left: it.left || left,
      }));
      bound = nested.from;
    } else {
      const { source, schema } = bindItem(ctx, ji.item, outer);
      ctx.sources.set(source.id, source);
      entryItems = [{
        source,
        names: source.name === "" ? [] : [nameKey(source.name)],
        schema,
        right,
        left,
        using: null,
        rowid: (source.kind === "table" && !source.table.withoutRowid) ||
          source.kind === "tableFunction",
      }];
      bound = source;
    }
    const using = i > 0 ? joinColumns(ji, items, entryItems) : [];
    if (using.length) {
      const keys = new Set(using.map((u) => nameKey(u.name)));
      for (const it of entryItems) it.using = keys;
    }
    // What the planner's flattening would change: a parenthesized join, an outer join.
    ctx.flattenable ||= bound.kind === "join" || kind === "left" || kind === "right" ||
      kind === "full";
    joined.push({ join: kind, natural: ji.join?.natural ?? false, item: bound, on: null, using });
    top.push({
      bound,
      items: entryItems,
      name: ji.item.kind === "join" ? ji.item.alias : (bound as B.BoundSource).name,
    });
    items.push(...entryItems);
  }
  return { from: { kind: "join", items: joined }, items, top };
}

function findColumn(items: ScopeItem[], key: string): { item: ScopeItem; column: number } | null {
  for (const it of items) {
    const j = columnIndex(it, key);
    if (j >= 0 && !it.source.columns[j].hidden) return { item: it, column: j };
  }
  return null;
}

/** USING / NATURAL column pairs of a join (sqlite3ProcessJoin). */
function joinColumns(
  ji: A.JoinedItem,
  left: ScopeItem[],
  right: ScopeItem[],
): B.BoundJoinItem["using"] {
  const out: B.BoundJoinItem["using"] = [];
  if (ji.join?.natural) {
    if (ji.on || ji.using) {
      throw bindError("a NATURAL join may not have an ON or USING clause");
    }
    for (const r of right) {
      r.source.columns.forEach((c, j) => {
        if (c.hidden) return;
        const l = findColumn(left, nameKey(c.name));
        if (!l) return;
        if (out.some((u) => nameKey(u.name) === nameKey(c.name))) return;
        out.push({
          name: c.name,
          left: columnExpr(l.item, l.column, 0, 0),
          right: columnExpr(r, j, 0, 0),
        });
      });
    }
    return out;
  }
  for (const name of ji.using ?? []) {
    const key = nameKey(name);
    const r = findColumn(right, key);
    const l = findColumn(left, key);
    if (!r || !l) {
      throw bindError(`cannot join using column ${name} - column not present in both tables`);
    }
    out.push({
      name,
      left: columnExpr(l.item, l.column, 0, 0),
      right: columnExpr(r.item, r.column, 0, 0),
    });
  }
  return out;
}
