/**
 * The statements that change the schema or the connection, checked as SQLite prepares
 * them: CREATE TABLE / VIEW / INDEX / TRIGGER / VIRTUAL TABLE, DROP, ALTER TABLE, VACUUM,
 * REINDEX, ANALYZE, ATTACH and DETACH (build.c, alter.c, trigger.c, vacuum.c, analyze.c,
 * attach.c). Their syntax is read here rather than by the statement parser because SQLite
 * checks names while it parses some of them (CREATE TABLE checks its name before reading
 * the columns, CREATE TRIGGER its table before the body), and those errors come first.
 *
 * The result says what running the statement does on a read-only connection: nothing
 * (CREATE ... IF NOT EXISTS of an object that exists, DROP ... IF EXISTS of one that does
 * not), or an error: SQLITE_READONLY for anything that would write. The temp schema is
 * empty and stays so: litejit cannot create TEMP objects either.
 */
import { SqliteError } from "../errors.ts";
import { nameKey, type Schema, type TableInfo } from "../format/schema_types.ts";
import { parseSchemaSql, type TableDef } from "../sql/ddl.ts";
import { TokenStream } from "../sql/ddl_stream.ts";
import { qualifiedName, skipIfNotExists } from "../sql/ddl_clauses.ts";
import type { Token } from "../sql/tokenize.ts";
import { TokenKind } from "../sql/token_kinds.ts";
import { parseSelect, parseStatement } from "../sql/parser.ts";
import type * as A from "../sql/ast.ts";
import { bindError, READONLY_MESSAGE } from "./errors.ts";
import { bindSelect } from "./select_binder.ts";
import { bindClauseExpr } from "./expr_binder.ts";
import { bindFrom } from "./from.ts";
import { type BindContext, newScope } from "./scope.ts";

/** What running a checked schema statement does on a read-only connection. */
export interface SchemaStatementRun {
  /** It changes nothing and succeeds. */
  noop: boolean;
  /** What it throws when run instead (null when {@link noop}). */
  error: { code: "SQLITE_READONLY" | "SQLITE_ERROR"; message: string } | null;
  /** SQLite's sqlite3_stmt_readonly: true only for ATTACH and DETACH. */
  readonly: boolean;
}

const REFUSED: SchemaStatementRun = {
  noop: false,
  error: { code: "SQLITE_READONLY", message: READONLY_MESSAGE },
  readonly: false,
};
const NOTHING: SchemaStatementRun = { noop: true, error: null, readonly: false };
/** A statement for which SQLite generates nothing that writes (REINDEX of no index, ...). */
const NO_WRITE: SchemaStatementRun = { noop: true, error: null, readonly: true };

/** The built-in collations REINDEX may name. */
const COLLATIONS = new Set(["binary", "nocase", "rtrim"]);

/**
 * Checks the schema statement `sql` (its text alone, starting at its verb) against the
 * schema; throws SQLite's prepare error, else returns what running it does.
 */
export function bindSchemaStatement(ctx: BindContext, sql: string): SchemaStatementRun {
  const ts = new TokenStream(sql);
  switch (ts.kind()) {
    case TokenKind.Create:
      return create(ctx, ts);
    case TokenKind.Drop:
      return drop(ctx.schema, ts);
    case TokenKind.Alter:
      return alter(ctx, ts);
    case TokenKind.Vacuum:
      return vacuum(ctx, ts);
    case TokenKind.Reindex:
      return reindex(ctx.schema, ts);
    case TokenKind.Analyze:
      return analyze(ctx.schema, ts);
    case TokenKind.Attach:
      return attach(ctx, ts);
    case TokenKind.Detach:
      return detach(ctx, ts);
  }
  throw ts.syntaxError();
}

// ---------------------------------------------------------------------------------------
// Names

/** Which schema a qualifier names: main, temp, or an unknown one (null qualifier: main). */
function schemaOf(qualifier: string | null): "main" | "temp" | null {
  if (qualifier === null) return "main";
  const k = nameKey(qualifier);
  return k === "main" ? "main" : k === "temp" ? "temp" : null;
}

/** SQLite's sqlite3TwoPartName: a qualifier must name a database. */
function checkDatabase(qualifier: string | null): "main" | "temp" {
  const s = schemaOf(qualifier);
  if (s === null) throw bindError(`unknown database ${qualifier}`);
  return s;
}

/** SQLite's sqlite3CheckObjectName: names starting `sqlite_` are reserved. */
function checkObjectName(name: string): void {
  if (nameKey(name).startsWith("sqlite_")) {
    throw bindError(`object name reserved for internal use: ${name}`);
  }
}

/** The name SQLite's messages give a schema object (`sqlite_master` for the schema table). */
function tableName(object: { name: string }): string {
  const k = nameKey(object.name);
  return k === "sqlite_schema" || k === "sqlite_master" ? "sqlite_master" : object.name;
}

/** A table of the main schema (the schema table under any of its names), or undefined. */
function findTable(schema: Schema, name: string): TableInfo | undefined {
  return schema.tables.get(nameKey(name));
}

function hasTableOrView(schema: Schema, name: string): boolean {
  const k = nameKey(name);
  return schema.tables.has(k) || schema.views.has(k) || schema.virtualTables.has(k);
}

/** `%S` of a qualified name in SQLite's messages. */
function display(qualifier: string | null, name: string): string {
  return qualifier !== null ? `${qualifier}.${name}` : name;
}

/** Whether an error is a syntax error (as opposed to one about names or definitions). */
function isSyntaxError(e: unknown): boolean {
  return e instanceof SqliteError && (e.message.endsWith(": syntax error") ||
    e.message === "incomplete input" || e.message.startsWith("unrecognized token"));
}

/**
 * Runs the schema parser over the whole statement for its syntax (and, unless `syntaxOnly`,
 * the definition checks it makes, like SQLite's sqlite3AddColumn).
 */
function checkDefinition(sql: string, syntaxOnly: boolean): void {
  try {
    parseSchemaSql(sql);
  } catch (e) {
    if (!syntaxOnly || isSyntaxError(e)) throw e;
  }
}

// ---------------------------------------------------------------------------------------
// CREATE

function create(ctx: BindContext, ts: TokenStream): SchemaStatementRun {
  ts.expect(TokenKind.Create);
  const temp = ts.accept(TokenKind.Temp) || ts.accept(TokenKind.Temporary);
  switch (ts.kind()) {
    case TokenKind.Table:
      return createTable(ctx, ts, temp, false);
    case TokenKind.Virtual:
      if (temp) break;
      ts.next();
      if (ts.kind() !== TokenKind.Table) break;
      return createTable(ctx, ts, false, true);
    case TokenKind.View:
      return createView(ctx, ts, temp);
    case TokenKind.Trigger:
      return createTrigger(ctx, ts, temp);
    case TokenKind.Unique:
    case TokenKind.Index:
      if (temp) break;
      return createIndex(ctx, ts);
  }
  throw ts.syntaxError();
}

/**
 * SQLite's sqlite3StartTable, run when the parser has read the name (before the columns):
 * the schema, the reserved prefix, then an existing table, view or index of that name.
 * Returns true when IF NOT EXISTS makes the statement do nothing.
 */
function startTable(
  schema: Schema,
  qualifier: string | null,
  name: string,
  temp: boolean,
  ifNotExists: boolean,
): boolean {
  const db = checkDatabase(qualifier);
  if (temp && qualifier !== null && db !== "temp") {
    throw bindError("temporary table name must be unqualified");
  }
  checkObjectName(name);
  if (temp || db === "temp") return false; // the temp schema is empty
  const k = nameKey(name);
  if (hasTableOrView(schema, name)) {
    if (ifNotExists) return true;
    const kind = schema.views.has(k) ? "view" : "table";
    throw bindError(`${kind} ${name} already exists`);
  }
  if (schema.indexes.has(k)) throw bindError(`there is already an index named ${name}`);
  return false;
}

function createTable(
  ctx: BindContext,
  ts: TokenStream,
  temp: boolean,
  virtual: boolean,
): SchemaStatementRun {
  ts.expect(TokenKind.Table);
  const ifNotExists = ts.kind() === TokenKind.If;
  skipIfNotExists(ts);
  const { schema: qualifier, name } = qualifiedName(ts);
  // SQLite checks the name once it sees the token after it (`(`, AS, or USING).
  const next = ts.kind();
  if (virtual ? next !== TokenKind.Using : next !== TokenKind.LParen && next !== TokenKind.As) {
    throw ts.syntaxError();
  }
  const noop = startTable(ctx.schema, qualifier, name, temp, ifNotExists);
  if (next === TokenKind.As) {
    ts.next();
    const from = ts.peek().start;
    const select = parseSelect(" ".repeat(from) + ts.sql.slice(from));
    if (!noop) bindSelect(ctx, select, null);
    return noop ? NOTHING : REFUSED;
  }
  checkDefinition(ts.sql, noop);
  return noop ? NOTHING : REFUSED;
}

function createView(ctx: BindContext, ts: TokenStream, temp: boolean): SchemaStatementRun {
  const ifNotExists = ts.kind(1) === TokenKind.If;
  // SQLite creates the view when the statement is complete: syntax errors come first.
  const def = parseSchemaSql(ts.sql);
  if (def.kind !== "view") throw ts.syntaxError();
  const parsed = parseStatement(def.selectText);
  if (parsed === null || parsed.statement.kind !== "select" || parsed.explain) {
    parseSelect(def.selectText); // throws the syntax error
    throw ts.syntaxError();
  }
  if (parsed.parameters.length > 1) throw bindError("parameters are not allowed in views");
  const noop = startTable(ctx.schema, def.schema, def.name, temp, ifNotExists);
  return noop ? NOTHING : REFUSED;
}

/** SQLite's sqlite3CreateIndex, run once the whole statement is read. */
function createIndex(ctx: BindContext, ts: TokenStream): SchemaStatementRun {
  const ifNotExists = ts.kind(ts.kind() === TokenKind.Unique ? 2 : 1) === TokenKind.If;
  const def = parseSchemaSql(ts.sql);
  if (def.kind !== "index") throw ts.syntaxError();
  const schema = ctx.schema;
  const db = checkDatabase(def.schema);
  const table = db === "main" ? findTable(schema, def.table) : undefined;
  const k = nameKey(def.table);
  if (!table) {
    if (db === "main" && schema.views.has(k)) throw bindError("views may not be indexed");
    if (db === "main" && schema.virtualTables.has(k)) {
      throw bindError("virtual tables may not be indexed");
    }
    throw bindError(`no such table: ${db}.${def.table}`);
  }
  if (nameKey(tableName(table)).startsWith("sqlite_")) {
    throw bindError(`table ${tableName(table)} may not be indexed`);
  }
  checkObjectName(def.name);
  const name = nameKey(def.name);
  if (hasTableOrView(schema, def.name)) {
    throw bindError(`there is already a table named ${def.name}`);
  }
  if (schema.indexes.has(name)) {
    if (ifNotExists) return NOTHING;
    throw bindError(`index ${def.name} already exists`);
  }
  // The WHERE and the indexed terms name the table's columns.
  const from = bindFrom(ctx, {
    items: [{
      join: null,
      item: {
        kind: "table",
        schema: null,
        name: table.name,
        alias: null,
        indexedBy: null,
        start: 0,
        end: 0,
      },
      on: null,
      using: null,
    }],
    start: 0,
    end: 0,
  }, null);
  const scope = newScope(null, from.items, null, false);
  if (def.whereText !== null) bindClauseExpr(ctx, scope, schemaExpr(def.whereText));
  for (const c of def.columns) {
    if (c.column !== null) {
      // A plain term names a column of the table (not the rowid).
      const key = nameKey(c.column);
      if (!table.columns.some((col) => nameKey(col.name) === key)) {
        throw bindError(`no such column: ${c.column}`);
      }
    } else bindClauseExpr(ctx, scope, schemaExpr(c.expression!));
  }
  return REFUSED;
}

function schemaExpr(text: string): A.Expr {
  const select = parseSelect(`SELECT ${text}`);
  const first = select.first.kind === "core" ? select.first.columns[0] : null;
  if (!first || first.kind !== "expr") throw bindError("malformed expression");
  return first.expr;
}

/**
 * SQLite's sqlite3BeginTrigger, run when the parser reaches BEGIN: the trigger's table
 * and name are checked before its body is read.
 */
function createTrigger(ctx: BindContext, ts: TokenStream, temp: boolean): SchemaStatementRun {
  ts.expect(TokenKind.Trigger);
  const ifNotExists = ts.kind() === TokenKind.If;
  skipIfNotExists(ts);
  const { schema: qualifier, name } = qualifiedName(ts);
  let timing: "BEFORE" | "AFTER" | "INSTEAD OF" = "BEFORE";
  if (ts.accept(TokenKind.Before)) timing = "BEFORE";
  else if (ts.accept(TokenKind.After)) timing = "AFTER";
  else if (ts.accept(TokenKind.Instead)) {
    ts.expect(TokenKind.Of);
    timing = "INSTEAD OF";
  }
  if (ts.accept(TokenKind.Update)) {
    if (ts.accept(TokenKind.Of)) {
      do ts.expectName(); while (ts.accept(TokenKind.Comma));
    }
  } else if (!ts.accept(TokenKind.Delete) && !ts.accept(TokenKind.Insert)) {
    throw ts.syntaxError();
  }
  ts.expect(TokenKind.On);
  const onTable = ts.expectName();
  if (ts.kind() === TokenKind.Dot) throw ts.syntaxError();
  if (ts.accept(TokenKind.For)) {
    ts.expect(TokenKind.Each);
    ts.expect(TokenKind.Row);
  }
  if (ts.accept(TokenKind.When)) {
    // The WHEN expression ends at the BEGIN that follows a complete operand; the schema
    // parser checks it below.
    ts.skipUntil((k, depth) => depth === 0 && k === TokenKind.Begin);
  }
  if (ts.kind() !== TokenKind.Begin) throw ts.syntaxError();
  // sqlite3BeginTrigger.
  let db: "main" | "temp";
  if (temp) {
    if (qualifier !== null) throw bindError("temporary trigger may not have qualified name");
    db = "temp";
  } else db = checkDatabase(qualifier);
  const schema = ctx.schema;
  const k = nameKey(onTable);
  const table = findTable(schema, onTable);
  const view = schema.views.get(k);
  if (!table && !view) {
    if (schema.virtualTables.has(k)) throw bindError("cannot create triggers on virtual tables");
    throw bindError(`no such table: ${db === "temp" ? "main" : db}.${onTable}`);
  }
  checkObjectName(name);
  if (db === "main" && schema.triggers.some((t) => nameKey(t.name) === nameKey(name))) {
    if (!ifNotExists) throw bindError(`trigger ${name} already exists`);
    checkDefinition(ts.sql, true);
    return NOTHING;
  }
  if (table && nameKey(tableName(table)).startsWith("sqlite_")) {
    throw bindError("cannot create trigger on system table");
  }
  if (view && timing !== "INSTEAD OF") {
    throw bindError(`cannot create ${timing} trigger on view: ${onTable}`);
  }
  if (!view && timing === "INSTEAD OF") {
    throw bindError(`cannot create INSTEAD OF trigger on table: ${onTable}`);
  }
  checkDefinition(ts.sql, false);
  checkTriggerBody(ts);
  return REFUSED;
}

/** The syntax of a trigger's body: SELECT, INSERT, UPDATE or DELETE statements. */
function checkTriggerBody(ts: TokenStream): void {
  ts.expect(TokenKind.Begin);
  const start = ts.peek().start;
  let end = ts.sql.length;
  for (let i = ts.tokens.length - 1; i > ts.pos; i--) {
    if (ts.tokens[i].kind === TokenKind.End) {
      end = ts.tokens[i].start;
      break;
    }
  }
  const body = " ".repeat(start) + ts.sql.slice(start, end);
  for (let at = start; at < body.length;) {
    const parsed = parseStatement(body, at);
    if (parsed === null) break;
    const st = parsed.statement;
    if (parsed.explain || (st.kind !== "select" && !(st.kind === "write" && st.dml))) {
      const tokens = new TokenStream(body);
      while (tokens.peek().start < st.start) tokens.next();
      throw tokens.syntaxError();
    }
    at = parsed.tail;
  }
}

// ---------------------------------------------------------------------------------------
// DROP

function drop(schema: Schema, ts: TokenStream): SchemaStatementRun {
  ts.expect(TokenKind.Drop);
  const kind = ts.kind();
  if (
    kind !== TokenKind.Table && kind !== TokenKind.View && kind !== TokenKind.Index &&
    kind !== TokenKind.Trigger
  ) throw ts.syntaxError();
  const what = ts.next();
  let ifExists = false;
  if (ts.accept(TokenKind.If)) {
    ts.expect(TokenKind.Exists);
    ifExists = true;
  }
  const { schema: qualifier, name } = qualifiedName(ts);
  ts.expectEnd();
  const db = schemaOf(qualifier);
  const k = nameKey(name);
  const shown = display(qualifier, name);
  switch (what.kind) {
    case TokenKind.Index: {
      const index = db === "main" ? schema.indexes.get(k) : undefined;
      if (!index && !(db === "main" && isPrimaryKeyIndexName(schema, k))) {
        if (ifExists) return NOTHING;
        throw bindError(`no such index: ${shown}`);
      }
      if (index?.origin !== "c") {
        throw bindError("index associated with UNIQUE or PRIMARY KEY constraint cannot be dropped");
      }
      return REFUSED;
    }
    case TokenKind.Trigger: {
      const found = db === "main" && schema.triggers.some((t) => nameKey(t.name) === k);
      if (!found) {
        if (ifExists) return NOTHING;
        throw bindError(`no such trigger: ${shown}`);
      }
      return REFUSED;
    }
  }
  const isView = what.kind === TokenKind.View;
  const system = (k === "sqlite_temp_master" || k === "sqlite_temp_schema") &&
    (qualifier === null || db === "temp");
  const table = db === "main" ? findTable(schema, name) : undefined;
  const view = db === "main" ? schema.views.get(k) : undefined;
  const virtual = db === "main" ? schema.virtualTables.get(k) : undefined;
  if (!table && !view && !virtual && !system) {
    if (ifExists) return NOTHING;
    throw bindError(`no such ${isView ? "view" : "table"}: ${shown}`);
  }
  const realName = system ? "sqlite_temp_master" : tableName(table ?? view ?? virtual!);
  const rk = nameKey(realName);
  if (
    rk.startsWith("sqlite_") && !rk.startsWith("sqlite_stat") && !rk.startsWith("sqlite_parameters")
  ) {
    throw bindError(`table ${realName} may not be dropped`);
  }
  if (isView && !view) throw bindError(`use DROP TABLE to delete table ${realName}`);
  if (!isView && view) throw bindError(`use DROP VIEW to delete view ${realName}`);
  return REFUSED;
}

/**
 * The name of a WITHOUT ROWID table's primary key index (`sqlite_autoindex_<table>_<n>`),
 * which SQLite knows by name although it has no row in sqlite_schema.
 */
function isPrimaryKeyIndexName(schema: Schema, key: string): boolean {
  const m = /^sqlite_autoindex_(.+)_\d+$/.exec(key);
  const table = m ? schema.tables.get(m[1]) : undefined;
  return table !== undefined && table.withoutRowid;
}

// ---------------------------------------------------------------------------------------
// ALTER TABLE

function alter(ctx: BindContext, ts: TokenStream): SchemaStatementRun {
  const schema = ctx.schema;
  ts.expect(TokenKind.Alter);
  ts.expect(TokenKind.Table);
  const { schema: qualifier, name } = qualifiedName(ts);
  const shown = display(qualifier, name);
  const locate = (): { table: TableInfo | null; view: boolean; virtual: boolean; name: string } => {
    const db = schemaOf(qualifier);
    const k = nameKey(name);
    const table = db === "main" ? findTable(schema, name) : undefined;
    const view = db === "main" ? schema.views.get(k) : undefined;
    const virtual = db === "main" ? schema.virtualTables.get(k) : undefined;
    if (!table && !view && !virtual) throw bindError(`no such table: ${shown}`);
    const realName = tableName((table ?? view ?? virtual)!);
    return { table: table ?? null, view: !!view, virtual: !!virtual, name: realName };
  };
  const alterable = (found: { name: string }) => {
    if (nameKey(found.name).startsWith("sqlite_")) {
      throw bindError(`table ${found.name} may not be altered`);
    }
  };
  const realTable = (found: ReturnType<typeof locate>, drop: boolean) => {
    if (found.view || found.virtual) {
      throw bindError(
        `cannot ${drop ? "drop column from" : "rename columns of"} ${
          found.view ? "view" : "virtual table"
        } "${found.name}"`,
      );
    }
  };
  const column = (found: ReturnType<typeof locate>, col: Token) => {
    const key = nameKey(ts.name(col));
    const j = found.table!.columns.findIndex((c) => nameKey(c.name) === key);
    if (j < 0) throw bindError(`no such column: "${ts.text(col)}"`);
    return j;
  };
  if (ts.accept(TokenKind.Rename)) {
    if (ts.accept(TokenKind.To)) {
      const newName = ts.expectName();
      ts.expectEnd();
      const found = locate();
      if (hasTableOrView(schema, newName) || schema.indexes.has(nameKey(newName))) {
        throw bindError(`there is already another table or index with this name: ${newName}`);
      }
      alterable(found);
      checkObjectName(newName);
      if (found.view) throw bindError(`view ${found.name} may not be altered`);
      return REFUSED;
    }
    ts.accept(TokenKind.Column);
    const old = ts.expectNm();
    ts.expect(TokenKind.To);
    ts.expectName();
    ts.expectEnd();
    const found = locate();
    alterable(found);
    realTable(found, false);
    column(found, old);
    return REFUSED;
  }
  if (ts.accept(TokenKind.Drop)) {
    ts.accept(TokenKind.Column);
    const col = ts.expectNm();
    ts.expectEnd();
    const found = locate();
    alterable(found);
    realTable(found, true);
    const j = column(found, col);
    const table = found.table!;
    const colName = table.columns[j].name;
    const inPrimaryKey = table.primaryKey.some((p) => p.column === j) || table.rowidAlias === j;
    const unique = table.indexes.some((i) =>
      i.origin === "u" && i.keyColumns.some((key) => key.column === j)
    );
    if (inPrimaryKey || unique) {
      throw bindError(
        `cannot drop ${inPrimaryKey ? "PRIMARY KEY" : "UNIQUE"} column: "${colName}"`,
      );
    }
    if (table.columns.length <= 1) {
      throw bindError(`cannot drop column "${colName}": no other columns exist`);
    }
    return REFUSED;
  }
  if (ts.kind() !== TokenKind.Add) throw ts.syntaxError();
  ts.next();
  ts.accept(TokenKind.Column);
  // SQLite starts adding the column once it has read its name and type.
  const columnStart = ts.peek().start;
  const colName = ts.expectName();
  if (ts.kind() === TokenKind.LParen) throw ts.syntaxError();
  const found = locate();
  if (found.virtual) throw bindError("virtual tables may not be altered");
  if (found.view) throw bindError("Cannot add a column to a view");
  alterable(found);
  const key = nameKey(colName);
  if (found.table!.columns.some((c) => nameKey(c.name) === key)) {
    throw bindError(`duplicate column name: ${colName}`);
  }
  const def = columnDefinition(ts.sql.slice(columnStart));
  if (def?.primaryKey) throw bindError("Cannot add a PRIMARY KEY column");
  if (def?.keyConstraints.some((c) => c.kind === "unique")) {
    throw bindError("Cannot add a UNIQUE column");
  }
  // The other checks of sqlite3AlterFinishAddColumn (NOT NULL without a default, a STORED
  // column, ...) only fail on a table that has rows, when the statement runs.
  return REFUSED;
}

/**
 * The column definition of ADD COLUMN, read by the schema parser as the only column of a
 * table; null when only a generated column made that table invalid.
 */
function columnDefinition(text: string): TableDef | null {
  const parse = (sql: string) => parseSchemaSql(sql) as TableDef;
  try {
    return parse(`CREATE TABLE x(${text})`);
  } catch (e) {
    if (e instanceof SqliteError && e.message === 'near ")": syntax error') {
      // The `)` added here: the definition itself is incomplete, or has a `)` too many.
      try {
        parse(`CREATE TABLE x(${text}`);
      } catch (inner) {
        if (inner instanceof SqliteError && inner.message === "incomplete input") throw inner;
      }
    }
    if (e instanceof SqliteError && e.message === "must have at least one non-generated column") {
      return null;
    }
    throw e;
  }
}

// ---------------------------------------------------------------------------------------
// VACUUM, REINDEX, ANALYZE, ATTACH, DETACH

/** The expression that starts at the stream's position and runs to `stop` (or the end). */
function expressionUntil(ts: TokenStream, stop: TokenKind | null): A.Expr {
  const from = ts.pos;
  ts.skipUntil((k, depth) => k === TokenKind.Eof || (depth === 0 && k === stop));
  if (ts.pos === from) throw ts.syntaxError();
  // `SELECT` takes the place of what precedes the expression, so offsets stay the text's.
  const start = ts.tokens[from].start;
  const select = parseSelect(
    `${" ".repeat(Math.max(0, start - 7))}SELECT ${ts.sql.slice(start, ts.peek(-1).end)}`,
  );
  const core = select.first.kind === "core" ? select.first : null;
  const column = core?.columns[0];
  if (!core || !column || column.kind !== "expr" || core.columns.length !== 1 || core.from) {
    throw ts.syntaxError();
  }
  return column.expr;
}

function vacuum(ctx: BindContext, ts: TokenStream): SchemaStatementRun {
  ts.expect(TokenKind.Vacuum);
  let db: "main" | "temp" = "main";
  if (ts.kind() !== TokenKind.Into && ts.kind() !== TokenKind.Eof && ts.kind() !== TokenKind.Semi) {
    const name = ts.expectName();
    if (ts.kind() !== TokenKind.Into) ts.expectEnd();
    db = checkDatabase(name);
  }
  if (ts.accept(TokenKind.Into)) {
    const into = expressionUntil(ts, null);
    const scope = newScope(null, [], null, false);
    bindClauseExpr(ctx, scope, into);
  }
  return db === "temp" ? NO_WRITE : REFUSED;
}

/** Whether any index of the main schema has a key column with collation `name`. */
function usesCollation(schema: Schema, name: string): boolean {
  const k = nameKey(name);
  for (const index of schema.indexes.values()) {
    if (index.keyColumns.some((c) => nameKey(c.collation) === k)) return true;
  }
  return false;
}

function reindex(schema: Schema, ts: TokenStream): SchemaStatementRun {
  ts.expect(TokenKind.Reindex);
  if (ts.kind() === TokenKind.Eof || ts.kind() === TokenKind.Semi) {
    return schema.indexes.size > 0 ? REFUSED : NO_WRITE;
  }
  const { schema: qualifier, name } = qualifiedName(ts);
  ts.expectEnd();
  if (qualifier === null && COLLATIONS.has(nameKey(name))) {
    return usesCollation(schema, name) ? REFUSED : NO_WRITE;
  }
  const db = checkDatabase(qualifier);
  const k = nameKey(name);
  if (db === "main") {
    const table = findTable(schema, name);
    if (table) return table.indexes.length > 0 ? REFUSED : NO_WRITE;
    if (schema.indexes.has(k)) return REFUSED;
  }
  throw bindError("unable to identify the object to be reindexed");
}

function analyze(schema: Schema, ts: TokenStream): SchemaStatementRun {
  ts.expect(TokenKind.Analyze);
  if (ts.kind() === TokenKind.Eof || ts.kind() === TokenKind.Semi) return REFUSED;
  const { schema: qualifier, name } = qualifiedName(ts);
  ts.expectEnd();
  if (qualifier === null) {
    const k = nameKey(name);
    if (k === "main") return REFUSED;
    if (k === "temp") return NO_WRITE;
  }
  const db = checkDatabase(qualifier);
  const k = nameKey(name);
  if (db === "main" && (schema.indexes.has(k) || findTable(schema, name))) return REFUSED;
  throw bindError(`no such table: ${display(qualifier, name)}`);
}

/** An ATTACH or DETACH operand: a bare name is its own text (SQLite's resolveAttachExpr). */
function attachOperand(ctx: BindContext, e: A.Expr): string | null {
  if (e.kind === "column" && e.table === null) return e.name;
  const scope = newScope(null, [], null, false);
  bindClauseExpr(ctx, scope, e);
  return e.kind === "literal" && e.type === "string" ? e.text : null;
}

function attach(ctx: BindContext, ts: TokenStream): SchemaStatementRun {
  ts.expect(TokenKind.Attach);
  ts.accept(TokenKind.Database);
  attachOperand(ctx, expressionUntil(ts, TokenKind.As));
  ts.expect(TokenKind.As);
  attachOperand(ctx, expressionUntil(ts, TokenKind.Key));
  if (ts.accept(TokenKind.Key)) attachOperand(ctx, expressionUntil(ts, null));
  ts.expectEnd();
  return {
    noop: false,
    error: { code: "SQLITE_ERROR", message: "ATTACH is not supported: litejit reads one database" },
    readonly: true,
  };
}

function detach(ctx: BindContext, ts: TokenStream): SchemaStatementRun {
  ts.expect(TokenKind.Detach);
  ts.accept(TokenKind.Database);
  const name = attachOperand(ctx, expressionUntil(ts, null));
  ts.expectEnd();
  // Nothing is ever attached: main and temp cannot be detached, any other name is unknown.
  const k = name === null ? null : nameKey(name);
  const message = k === "main"
    ? `cannot detach database ${name}`
    : `no such database: ${name ?? ""}`;
  return { noop: false, error: { code: "SQLITE_ERROR", message }, readonly: true };
}
