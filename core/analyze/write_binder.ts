/**
 * Binds INSERT, REPLACE, UPDATE and DELETE as SQLite prepares them (insert.c, update.c,
 * delete.c, upsert.c and the RETURNING trigger of trigger.c): the table, the column
 * names, every expression, with SQLite's messages and in its order. Nothing here runs:
 * a read-only engine refuses the statement when it runs, so binding only makes prepare
 * fail where SQLite's does, and gives a RETURNING statement its result columns.
 */
import type * as A from "../sql/ast.ts";
import {
  type IndexInfo,
  isRowidName,
  nameKey,
  type TableInfo,
  type TriggerInfo,
} from "../format/schema_types.ts";
import { tokenize, TokenKind } from "../sql/tokenize.ts";
import type * as B from "./bound.ts";
import { bindError, ordinal } from "./errors.ts";
import { bindClauseExpr } from "./expr_binder.ts";
import { bindFrom, parseSchemaExpr } from "./from.ts";
import { bindSelect, vectorSize } from "./select_binder.ts";
import { pushWith } from "./cte.ts";
import { type BindContext, newScope, type Scope, type ScopeItem } from "./scope.ts";
import { resultColumnInfo, type ResultItem } from "./column_names.ts";
import { sameExpr } from "./same_expr.ts";

/** SQLite's own schema tables: never written by a statement. */
const SCHEMA_TABLES: Record<string, string> = {
  sqlite_schema: "sqlite_master",
  sqlite_master: "sqlite_master",
  sqlite_temp_schema: "sqlite_temp_master",
  sqlite_temp_master: "sqlite_temp_master",
};

/** Table-valued functions SQLite also makes eponymous virtual tables (read-only ones). */
function isEponymous(ctx: BindContext, key: string): boolean {
  if (key === "json_each" || key === "json_tree") return true;
  return key.startsWith("pragma_") && ctx.pragmaColumns(key.slice(7)) !== undefined;
}

/** The statement's target, once SQLite's lookup and read-only checks passed. */
interface Target {
  /** The FROM item SET, WHERE and upsert expressions see (named by the alias, if any). */
  item: ScopeItem;
  /** The table, or null for a view that an INSTEAD OF trigger makes writable. */
  table: TableInfo | null;
  /** How SQLite's `%S` prints the target in messages: the alias, or [schema.]name. */
  display: string;
}

/**
 * Binds a write statement's DML; returns the RETURNING columns (empty without RETURNING).
 * Throws SQLite's error for anything SQLite's prepare refuses.
 */
export function bindDml(ctx: BindContext, dml: A.DmlStatement): B.ResultColumnInfo[] {
  const savedCtes = dml.with ? pushWith(ctx, dml.with) : ctx.ctes;
  try {
    switch (dml.kind) {
      case "insert":
        return bindInsert(ctx, dml);
      case "update":
        return bindUpdate(ctx, dml);
      case "delete":
        return bindDelete(ctx, dml);
    }
  } finally {
    ctx.ctes = savedCtes;
  }
}

/**
 * SQLite's sqlite3SrcListLookup (with INDEXED BY) and sqlite3IsReadOnly: the target must
 * be a table of the main schema (a CTE of the same name does not count), or a view with
 * an INSTEAD OF trigger for `event`. Null for a virtual table: it is written through its
 * module, which litejit does not have, so its names cannot be checked (running the
 * statement is refused like any write).
 */
function bindTarget(
  ctx: BindContext,
  target: A.WriteTarget,
  indexedBy: string | false | null,
  event: "INSERT" | "UPDATE" | "DELETE",
): Target | null {
  const key = nameKey(target.name);
  const schemaKey = target.schema === null ? null : nameKey(target.schema);
  const qualified = target.schema !== null ? `${target.schema}.${target.name}` : target.name;
  const table = schemaKey === null || schemaKey === "main" ? ctx.schema.tables.get(key) : undefined;
  const view = schemaKey === null || schemaKey === "main" ? ctx.schema.views.get(key) : undefined;
  const virtual = schemaKey === null || schemaKey === "main"
    ? ctx.schema.virtualTables.get(key)
    : undefined;
  if (!table && !view && !virtual) {
    const system = SCHEMA_TABLES[key];
    if (system && (schemaKey === null || schemaKey === "main" || schemaKey === "temp")) {
      throw bindError(`table ${system} may not be modified`);
    }
    if (schemaKey === null && isEponymous(ctx, key)) {
      throw bindError(`table ${target.name} may not be modified`);
    }
    throw bindError(`no such table: ${qualified}`);
  }
  if (table && typeof indexedBy === "string") {
    const ik = nameKey(indexedBy);
    if (!table.indexes.some((x) => nameKey(x.name) === ik)) {
      throw bindError(`no such index: ${indexedBy}`);
    }
  }
  if (table && SCHEMA_TABLES[key]) {
    throw bindError(`table ${SCHEMA_TABLES[key]} may not be modified`);
  }
  if (view && !ctx.schema.triggers.some((t) => nameKey(t.table) === key && insteadOf(t, event))) {
    throw bindError(`cannot modify ${view.name} because it is a view`);
  }
  const display = target.alias ?? qualified;
  if (virtual) return null;
  // The target is bound as a FROM item of its own; a CTE never stands for it.
  const saved = ctx.ctes;
  ctx.ctes = null;
  try {
    const from = bindFrom(ctx, {
      items: [{
        join: null,
        item: {
          kind: "table",
          schema: target.schema,
          name: target.name,
          alias: target.alias,
          indexedBy: table ? indexedBy : null,
          start: target.start,
          end: target.end,
        },
        on: null,
        using: null,
      }],
      start: target.start,
      end: target.end,
    }, null);
    return { item: from.items[0], table: table ?? null, display };
  } finally {
    ctx.ctes = saved;
  }
}

/**
 * Whether `trigger` is INSTEAD OF `event` (it makes its view writable). One whose SQL
 * litejit cannot read counts as not.
 */
function insteadOf(trigger: TriggerInfo, event: "INSERT" | "UPDATE" | "DELETE"): boolean {
  // CREATE [TEMP] TRIGGER [IF NOT EXISTS] name INSTEAD OF event [OF columns] ON view ...:
  // the keywords before the first ON say it (a name in quotes is not a keyword).
  const kinds: TokenKind[] = [];
  for (const t of tokenize(trigger.sql ?? "")) {
    if (t.kind === TokenKind.On) break;
    kinds.push(t.kind);
  }
  const wanted = event === "INSERT"
    ? TokenKind.Insert
    : event === "UPDATE"
    ? TokenKind.Update
    : TokenKind.Delete;
  return kinds.includes(TokenKind.Instead) && kinds.includes(wanted);
}

/** A scope over `items` in which aggregates and window functions are misuse. */
function plainScope(items: ScopeItem[]): Scope {
  return newScope(null, items, null, false);
}

/**
 * Index of column `name` of the target (a rowid name: -1), or null when there is none. A
 * view's columns are those of its SELECT.
 */
function columnOf(target: Target, name: string): number | null {
  const key = nameKey(name);
  const j = target.item.source.columns.findIndex((c) => !c.hidden && nameKey(c.name) === key);
  if (j >= 0) return j;
  return isRowidName(name) && !target.table?.withoutRowid ? -1 : null;
}

/** Whether column `j` of the target is a generated column. */
function isGenerated(target: Target, j: number): boolean {
  return j >= 0 && target.table !== null && target.table.columns[j].generated !== null;
}

function bindInsert(ctx: BindContext, st: A.InsertStatement): B.ResultColumnInfo[] {
  const target = bindTarget(ctx, st.target, null, "INSERT");
  if (target === null) return [];
  const columns = target.item.source.columns;
  for (const name of st.columns ?? []) {
    const j = columnOf(target, name);
    if (j === null) throw bindError(`table ${target.display} has no column named ${name}`);
    if (isGenerated(target, j)) {
      throw bindError(`cannot INSERT into generated column "${columns[j].name}"`);
    }
  }
  let values = 0;
  if (st.select) values = bindSelect(ctx, st.select, null).columnNames.length;
  if (st.columns === null && values > 0) {
    const writable = columns.filter((c, j) => !c.hidden && !isGenerated(target, j)).length;
    if (values !== writable) {
      throw bindError(
        `table ${target.display} has ${writable} columns but ${values} values were supplied`,
      );
    }
  }
  if (st.columns !== null && values !== st.columns.length) {
    throw bindError(`${values} values for ${st.columns.length} columns`);
  }
  if (st.upserts.length > 0) bindUpserts(ctx, st, target);
  return bindReturning(ctx, st.returning, target, st.target);
}

function bindUpdate(ctx: BindContext, st: A.UpdateStatement): B.ResultColumnInfo[] {
  const target = bindTarget(ctx, st.target, st.indexedBy, "UPDATE");
  if (target === null) return [];
  const items = [target.item];
  if (st.from) items.push(...bindFrom(ctx, st.from, null).items);
  const scope = plainScope(items);
  bindSetList(ctx, scope, st.set, target);
  if (st.where) {
    scope.inWhere = true;
    bindClauseExpr(ctx, scope, st.where);
  }
  return bindReturning(ctx, st.returning, target, st.target);
}

function bindDelete(ctx: BindContext, st: A.DeleteStatement): B.ResultColumnInfo[] {
  const target = bindTarget(ctx, st.target, st.indexedBy, "DELETE");
  if (target === null) return [];
  if (st.where) {
    const scope = plainScope([target.item]);
    scope.inWhere = true;
    bindClauseExpr(ctx, scope, st.where);
  }
  return bindReturning(ctx, st.returning, target, st.target);
}

/**
 * A SET list (update.c): each value is bound, then its column looked up; a rowid name
 * sets the rowid of a rowid table.
 */
function bindSetList(
  ctx: BindContext,
  scope: Scope,
  set: A.SetItem[],
  target: Target,
): void {
  for (const item of set) {
    const value = bindClauseExpr(ctx, scope, item.expr, item.vector);
    if (item.vector && item.expr.kind === "subquery") {
      const n = vectorSize(value);
      if (n !== item.columns.length) {
        throw bindError(`${item.columns.length} columns assigned ${n} values`);
      }
    }
    for (const name of item.columns) {
      const j = columnOf(target, name);
      if (j === null) throw bindError(`no such column: ${name}`);
      if (isGenerated(target, j)) {
        throw bindError(
          `cannot UPDATE generated column "${target.item.source.columns[j].name}"`,
        );
      }
    }
  }
}

/**
 * The ON CONFLICT clauses (upsert.c sqlite3UpsertAnalyzeTarget): each target must name
 * the rowid or the columns of one PRIMARY KEY or UNIQUE index; then DO UPDATE's SET list
 * and WHERE are bound over the table and `excluded`.
 */
function bindUpserts(ctx: BindContext, st: A.InsertStatement, target: Target): void {
  const table = target.table;
  if (!table) throw bindError("cannot UPSERT a view");
  const targetScope = plainScope([target.item]);
  const clauses = st.upserts;
  // A clause on the rowid is only coded when the INSERT gives the rowid a value.
  const givesRowid = st.columns === null
    ? st.select !== null && table.rowidAlias >= 0
    : st.columns.some((c) => {
      const j = columnOf(target, c);
      return j === -1 || j === table.rowidAlias;
    });
  const unused = new Set<A.UpsertClause>();
  clauses.forEach((clause, n) => {
    if (clause.target === null) return;
    const terms = clause.target.map((t) => bindClauseExpr(ctx, targetScope, t.expr));
    const where = clause.targetWhere ? bindClauseExpr(ctx, targetScope, clause.targetWhere) : null;
    const match = matchesConflictTarget(ctx, table, target.item, terms, where);
    if (match === "rowid" && !givesRowid) unused.add(clause);
    if (match) return;
    const which = n === 0 && clauses.length === 1 ? "" : `${ordinal(n + 1)} `;
    throw bindError(
      `${which}ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint`,
    );
  });
  const excluded: ScopeItem = {
    ...target.item,
    names: ["excluded"],
    qualifiedOnly: true,
  };
  for (const clause of clauses) {
    if (clause.set === null || unused.has(clause)) continue;
    const scope = plainScope([target.item, excluded]);
    bindSetList(ctx, scope, clause.set, target);
    if (clause.where) {
      scope.inWhere = true;
      bindClauseExpr(ctx, scope, clause.where);
    }
  }
}

/** Whether bound conflict-target terms name the rowid or a unique index of `table`. */
function matchesConflictTarget(
  ctx: BindContext,
  table: TableInfo,
  item: ScopeItem,
  terms: B.BoundExpr[],
  where: B.BoundExpr | null,
): "rowid" | "index" | null {
  const column = (e: B.BoundExpr) => (e.kind === "column" ? e.column : null);
  const bare = (e: B.BoundExpr) => (e.kind === "collate" ? e.operand : e);
  if (!table.withoutRowid && terms.length === 1 && column(terms[0]) === -1) return "rowid";
  const unique: { keys: IndexInfo["keyColumns"]; where: string | null }[] = table.indexes
    .filter((i) => i.unique)
    .map((i) => ({ keys: i.keyColumns, where: i.where }));
  if (table.withoutRowid && !table.indexes.some((i) => i.origin === "pk")) {
    unique.push({ keys: table.primaryKey, where: null });
  }
  const scope = plainScope([item]);
  for (const index of unique) {
    if (index.keys.length !== terms.length) continue;
    if (index.where !== null) {
      if (where === null) continue;
      const bound = bindSchemaExpr(ctx, scope, index.where);
      if (bound === null || !sameExpr(bound, where)) continue;
    }
    const all = index.keys.every((key) =>
      terms.some((term) => {
        const explicit = term.kind === "collate" ? term.name : null;
        if (explicit !== null && explicit.toUpperCase() !== key.collation.toUpperCase()) {
          return false;
        }
        const inner = bare(term);
        if (key.column >= 0) return column(inner) === key.column;
        if (key.expr === null) return false;
        const keyExpr = bindSchemaExpr(ctx, scope, key.expr);
        return keyExpr !== null && sameExpr(bare(keyExpr), inner);
      })
    );
    if (all) return "index";
  }
  return null;
}

/** An expression of the schema (an index's WHERE or key) bound over the target. */
function bindSchemaExpr(ctx: BindContext, scope: Scope, text: string): B.BoundExpr | null {
  const { pending, late } = ctx;
  const lateCount = late.length;
  try {
    return bindClauseExpr(ctx, scope, parseSchemaExpr(text));
  } catch {
    return null;
  } finally {
    ctx.pending = pending;
    late.length = lateCount;
  }
}

/**
 * RETURNING (trigger.c): the result columns, over the target table as named in the
 * schema (not by its alias), without aggregates; `table.*` is refused.
 */
function bindReturning(
  ctx: BindContext,
  returning: A.ResultColumn[] | null,
  target: Target,
  ast: A.WriteTarget,
): B.ResultColumnInfo[] {
  if (returning === null) return [];
  const item: ScopeItem = { ...target.item, names: [nameKey(ast.name)] };
  const scope = plainScope([item]);
  const items: ResultItem[] = [];
  const exprs: B.BoundExpr[] = [];
  for (const rc of returning) {
    if (rc.kind === "tableStar") throw bindError('RETURNING may not use "TABLE.*" wildcards');
    if (rc.kind === "star") {
      item.source.columns.forEach((c, j) => {
        if (c.hidden) return;
        const expr = bindClauseExpr(ctx, scope, {
          kind: "column",
          schema: null,
          table: null,
          name: c.name,
          doubleQuoted: false,
          start: rc.start,
          end: rc.end,
        });
        items.push({ kind: "star", expr, name: item.source.columns[j].name });
        exprs.push(expr);
      });
      continue;
    }
    const expr = bindClauseExpr(ctx, scope, rc.expr);
    items.push({ kind: "expr", ast: rc.expr, alias: rc.alias, text: rc.text });
    exprs.push(expr);
  }
  return resultColumnInfo(ctx, items, exprs);
}
