/**
 * Parser for the statements stored in sqlite_schema.sql: CREATE TABLE, CREATE INDEX,
 * CREATE VIEW, CREATE VIRTUAL TABLE and CREATE TRIGGER.
 *
 * It follows SQLite's grammar (parse.y) token by token, including keyword fallback, and
 * the checks SQLite makes while building the schema (build.c). Expressions (CHECK,
 * DEFAULT (...), generated columns, index expressions and WHERE clauses, view bodies,
 * trigger bodies) are not parsed: they are delimited by balanced parentheses or by the
 * statement structure and returned as source text. So an error inside an expression is
 * not detected here.
 *
 * Like SQLite loading a schema, only the first statement is read: anything after a `;`
 * that ends it is ignored.
 */
import { endsOperand, TokenStream } from "./ddl_stream.ts";
import { TokenKind } from "./tokenize.ts";
import { parseCreateTable } from "./ddl_table.ts";
import { readSortTerm, topLevelCollation } from "./ddl_terms.ts";
import { qualifiedName, readNameList, skipIfNotExists } from "./ddl_clauses.ts";
import { autoIndexes } from "./auto_indexes.ts";
import { checkExpressionTokens } from "./ddl_expr_check.ts";
import type {
  IndexDef,
  IndexedColumn,
  SchemaDef,
  TriggerDef,
  ViewDef,
  VirtualTableDef,
} from "./ddl_types.ts";

export { autoIndexes };
export type * from "./ddl_types.ts";

/**
 * Parses one schema statement. Throws SqliteError (`SQLITE_ERROR`) with SQLite's message
 * (`near "X": syntax error`, `incomplete input`, `unrecognized token: "X"`, or the
 * semantic error SQLite would give) for a statement SQLite would not load.
 */
export function parseSchemaSql(sql: string): SchemaDef {
  const ts = new TokenStream(sql);
  while (ts.accept(TokenKind.Semi));
  ts.expect(TokenKind.Create);
  const temp = ts.kind() === TokenKind.Temp || ts.kind() === TokenKind.Temporary;
  if (temp) ts.next();
  switch (ts.kind()) {
    case TokenKind.Table:
      ts.next();
      return parseCreateTable(ts);
    case TokenKind.View:
      ts.next();
      return parseView(ts);
    case TokenKind.Trigger:
      ts.next();
      return parseTrigger(ts);
    case TokenKind.Virtual:
      if (temp) break;
      ts.next();
      ts.expect(TokenKind.Table);
      return parseVirtualTable(ts);
    case TokenKind.Unique:
    case TokenKind.Index:
      if (temp) break;
      return parseIndex(ts);
  }
  throw ts.syntaxError();
}

function parseIndex(ts: TokenStream): IndexDef {
  const unique = ts.accept(TokenKind.Unique);
  ts.expect(TokenKind.Index);
  skipIfNotExists(ts);
  const { schema, name } = qualifiedName(ts);
  ts.expect(TokenKind.On);
  const table = ts.expectName();
  ts.expect(TokenKind.LParen);
  const columns: IndexedColumn[] = [];
  do {
    const term = readSortTerm(ts);
    const isExpression = term.column === null;
    if (isExpression) checkExpressionTokens(ts, term.from, term.to);
    columns.push({
      column: term.column,
      expression: isExpression ? ts.textOf(term.from, term.to) : null,
      collation: isExpression ? topLevelCollation(ts, term.from, term.to) : term.collation,
      desc: term.desc,
    });
  } while (ts.accept(TokenKind.Comma));
  ts.expect(TokenKind.RParen);
  let whereText: string | null = null;
  if (ts.accept(TokenKind.Where)) {
    const from = ts.pos;
    whereText = ts.rest();
    if (whereText === null) throw ts.syntaxError();
    checkExpressionTokens(ts, from, ts.pos);
  }
  ts.expectEnd();
  return { kind: "index", schema, name, table, unique, columns, whereText };
}

function parseView(ts: TokenStream): ViewDef {
  skipIfNotExists(ts);
  const { schema, name } = qualifiedName(ts);
  // Old SQLite versions stored COLLATE and ASC/DESC in this list; SQLite still loads them.
  const columns = ts.kind() === TokenKind.LParen ? readNameList(ts) : null;
  ts.expect(TokenKind.As);
  const k = ts.kind();
  if (k !== TokenKind.Select && k !== TokenKind.Values && k !== TokenKind.With) {
    throw ts.syntaxError();
  }
  const selectText = ts.rest()!;
  return { kind: "view", schema, name, columns, selectText };
}

function parseVirtualTable(ts: TokenStream): VirtualTableDef {
  skipIfNotExists(ts);
  const { schema, name } = qualifiedName(ts);
  ts.expect(TokenKind.Using);
  const module = ts.expectName();
  const args: string[] = [];
  if (ts.accept(TokenKind.LParen)) {
    // Arguments are any tokens, split at top-level commas; SQLite passes each one's raw
    // text (first token to last) and drops empty ones.
    do {
      const from = ts.skipUntil(
        (k, depth) => depth === 0 && (k === TokenKind.Comma || k === TokenKind.RParen),
        true,
      );
      if (from < ts.pos) args.push(ts.textOf(from, ts.pos));
    } while (ts.next().kind === TokenKind.Comma);
  }
  ts.expectEnd();
  return { kind: "virtualTable", schema, name, module, args };
}

function parseTrigger(ts: TokenStream): TriggerDef {
  skipIfNotExists(ts);
  const { schema, name } = qualifiedName(ts);
  // [BEFORE | AFTER | INSTEAD OF] (DELETE | INSERT | UPDATE [OF columns]): checked, and
  // only UPDATE OF's columns kept (nothing reads the timing or the event).
  if (!ts.accept(TokenKind.Before) && !ts.accept(TokenKind.After)) {
    if (ts.accept(TokenKind.Instead)) ts.expect(TokenKind.Of);
  }
  let updateOf: string[] | null = null;
  if (ts.accept(TokenKind.Update)) {
    if (ts.accept(TokenKind.Of)) {
      updateOf = [];
      do updateOf.push(ts.expectName()); while (ts.accept(TokenKind.Comma));
    }
  } else if (!ts.accept(TokenKind.Delete) && !ts.accept(TokenKind.Insert)) {
    throw ts.syntaxError();
  }
  ts.expect(TokenKind.On);
  let table = ts.expectName();
  if (ts.accept(TokenKind.Dot)) table = ts.expectName();
  if (ts.accept(TokenKind.For)) {
    ts.expect(TokenKind.Each);
    ts.expect(TokenKind.Row);
  }
  let whenText: string | null = null;
  if (ts.accept(TokenKind.When)) {
    // The expression ends at a BEGIN that follows a complete operand (before that, BEGIN
    // would be a column name).
    const from = ts.pos;
    ts.skipUntil((k, depth) =>
      depth === 0 && k === TokenKind.Begin && ts.pos > from &&
      endsOperand(ts.tokens[ts.pos - 1].kind)
    );
    checkExpressionTokens(ts, from, ts.pos, { subqueries: true });
    whenText = ts.textOf(from, ts.pos);
  }
  const begin = ts.expect(TokenKind.Begin);
  // The body is one or more statements, each ending with ';', then END.
  if (ts.kind() === TokenKind.End) throw ts.syntaxError();
  ts.skipUntil((k, depth) =>
    depth === 0 && k === TokenKind.End && ts.tokens[ts.pos - 1].kind === TokenKind.Semi
  );
  const end = ts.next();
  const bodyText = ts.sql.slice(begin.end, end.start).trim();
  ts.expectEnd();
  return { kind: "trigger", schema, name, table, updateOf, whenText, bodyText };
}
