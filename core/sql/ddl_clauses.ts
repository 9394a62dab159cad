/**
 * Clauses shared by the schema statements: names, IF NOT EXISTS, ON CONFLICT,
 * REFERENCES, DEFERRABLE, column-name lists and table options (parse.y's `nm dbnm`,
 * `onconf`, `refargs`, `defer_subclause`, `eidlist`, `table_option_set`).
 */
import { sqlError } from "../errors.ts";
import { type Token, TokenKind } from "./tokenize.ts";
import { foldName, isIdsKind, type TokenStream } from "./ddl_stream.ts";
import { checkExpressionTokens } from "./ddl_expr_check.ts";
import type { ConflictResolution, ForeignKeyAction, ForeignKeyDef } from "./ddl_types.ts";

/** Skips `IF NOT EXISTS`. */
export function skipIfNotExists(ts: TokenStream): void {
  if (ts.accept(TokenKind.If)) {
    ts.expect(TokenKind.Not);
    ts.expect(TokenKind.Exists);
  }
}

/** `nm [. nm]` → schema (or null) and name, dequoted. */
export function qualifiedName(ts: TokenStream): { schema: string | null; name: string } {
  const first = ts.expectName();
  if (!ts.accept(TokenKind.Dot)) return { schema: null, name: first };
  return { schema: first, name: ts.expectName() };
}

/** True if a table constraint starts with this token. */
export function startsTableConstraint(k: TokenKind): boolean {
  return k === TokenKind.Constraint || k === TokenKind.Primary || k === TokenKind.Unique ||
    k === TokenKind.Check || k === TokenKind.Foreign;
}

/**
 * `WITHOUT ROWID` and `STRICT`, comma separated. The words are checked after the syntax,
 * as SQLite reports a syntax error that follows an unknown option rather than the option.
 */
export function readTableOptions(ts: TokenStream): { withoutRowid: boolean; strict: boolean } {
  const result = { withoutRowid: false, strict: false };
  if (ts.kind() === TokenKind.Eof || ts.kind() === TokenKind.Semi) return result;
  const options: { without: boolean; word: Token }[] = [];
  for (;;) {
    const without = ts.accept(TokenKind.Without);
    options.push({ without, word: ts.expectNm() });
    if (!ts.accept(TokenKind.Comma)) break;
  }
  ts.expectEnd();
  for (const { without, word } of options) {
    // The raw word is compared: a quoted "rowid" or "strict" is an unknown option.
    const text = ts.text(word);
    if (without && foldName(text) === "rowid") result.withoutRowid = true;
    else if (!without && foldName(text) === "strict") result.strict = true;
    else throw sqlError(`unknown table option: ${text}`);
  }
  return result;
}

/** `( expr )` of CHECK or a generated column: returns the expression text. */
export function checkedParenthesized(ts: TokenStream): string {
  ts.expect(TokenKind.LParen);
  const [from, to] = ts.skipTerm();
  checkExpressionTokens(ts, from, to);
  if (from === to) throw ts.syntaxError();
  ts.expect(TokenKind.RParen);
  return ts.textOf(from, to);
}

/** Reads `ON CONFLICT resolution` if present. */
export function readOnConflict(ts: TokenStream): ConflictResolution | null {
  if (!ts.accept(TokenKind.On)) return null;
  ts.expect(TokenKind.Conflict);
  const k = ts.kind();
  if (
    k === TokenKind.Rollback || k === TokenKind.Abort || k === TokenKind.Fail ||
    k === TokenKind.Ignore || k === TokenKind.Replace
  ) return ts.text(ts.next()).toUpperCase() as ConflictResolution;
  throw ts.syntaxError();
}

/** `( name [COLLATE x] [ASC|DESC], ... )`; COLLATE and order are tolerated and ignored. */
export function readNameList(ts: TokenStream): string[] {
  ts.expect(TokenKind.LParen);
  const names: string[] = [];
  do {
    names.push(ts.expectName());
    if (ts.accept(TokenKind.Collate)) {
      if (!isIdsKind(ts.kind())) throw ts.syntaxError();
      ts.next();
    }
    if (ts.kind() === TokenKind.Asc || ts.kind() === TokenKind.Desc) ts.next();
  } while (ts.accept(TokenKind.Comma));
  ts.expect(TokenKind.RParen);
  return names;
}

/** `[NOT] DEFERRABLE [INITIALLY DEFERRED|IMMEDIATE]`, after NOT/DEFERRABLE is seen. */
export function readDeferrable(ts: TokenStream): void {
  ts.expect(TokenKind.Deferrable);
  if (ts.accept(TokenKind.Initially)) {
    if (!ts.accept(TokenKind.Deferred)) ts.expect(TokenKind.Immediate);
  }
}

/**
 * `REFERENCES table [(cols)] [MATCH x | ON DELETE/UPDATE/INSERT action]...`. As SQLite,
 * keeps the last ON DELETE and the last ON UPDATE, ignores ON INSERT and MATCH.
 */
export function readReferences(ts: TokenStream): Omit<ForeignKeyDef, "columns"> {
  const ref: Omit<ForeignKeyDef, "columns"> = {
    table: ts.expectName(),
    parentColumns: ts.kind() === TokenKind.LParen ? readNameList(ts) : null,
    onDelete: "NO ACTION",
    onUpdate: "NO ACTION",
  };
  for (;;) {
    if (ts.accept(TokenKind.Match)) ts.expectNm();
    else if (ts.accept(TokenKind.On)) {
      const k = ts.kind();
      if (k !== TokenKind.Insert && k !== TokenKind.Delete && k !== TokenKind.Update) {
        throw ts.syntaxError();
      }
      ts.next();
      let action: ForeignKeyAction = "CASCADE";
      if (ts.accept(TokenKind.Set)) {
        action = "SET NULL";
        if (!ts.accept(TokenKind.Null)) {
          ts.expect(TokenKind.Default);
          action = "SET DEFAULT";
        }
      } else if (ts.accept(TokenKind.No)) {
        ts.expect(TokenKind.Action);
        action = "NO ACTION";
      } else if (!ts.accept(TokenKind.Cascade)) {
        ts.expect(TokenKind.Restrict);
        action = "RESTRICT";
      }
      if (k === TokenKind.Delete) ref.onDelete = action;
      else if (k === TokenKind.Update) ref.onUpdate = action;
    } else return ref;
  }
}
