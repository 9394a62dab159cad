/**
 * A view's columns, which SQLite derives by compiling the view's SELECT. Until litejit's
 * query compiler can do that, the caller may pass a resolver; without one, the number of
 * columns (all that `PRAGMA table_list` needs) is worked out for the simple shapes:
 * an explicit column list, or a first SELECT whose result columns are expressions and
 * stars over one plain table or view.
 */
import type { DatabaseFile } from "../database_file.ts";
import { dequote, type Token, tokenize, TokenKind } from "../sql/tokenize.ts";
import { nameKey, type ViewInfo } from "../format/schema_types.ts";
import { findTable } from "./schema_model.ts";

/** One result column of a view: its name and the declared type SQLite gives it. */
export interface ViewColumn {
  name: string;
  type: string;
}

/** Works out a view's columns as SQLite would (the binder's job). */
export type ViewColumnResolver = (view: ViewInfo) => readonly ViewColumn[];

/** Kinds that end the result-column list of a SELECT. */
const END_OF_RESULTS = new Set<TokenKind>([
  TokenKind.From,
  TokenKind.Where,
  TokenKind.Group,
  TokenKind.Having,
  TokenKind.Window,
  TokenKind.Order,
  TokenKind.Limit,
  TokenKind.Union,
  TokenKind.Intersect,
  TokenKind.Except,
  TokenKind.Semi,
]);

/** Kinds that may follow a single-table FROM clause. */
const AFTER_FROM = new Set<TokenKind>([
  TokenKind.Where,
  TokenKind.Group,
  TokenKind.Order,
  TokenKind.Limit,
  TokenKind.Union,
  TokenKind.Intersect,
  TokenKind.Except,
  TokenKind.Semi,
]);

/** The number of columns of `view`, or null when this simple analysis cannot tell. */
export function viewColumnCount(
  db: DatabaseFile,
  view: ViewInfo,
  seen: Set<string> = new Set(),
): number | null {
  if (view.columnNames) return view.columnNames.length;
  const key = nameKey(view.name);
  if (seen.has(key)) return null;
  seen.add(key);
  const sql = view.select;
  const t = tokenize(sql);
  if (t[0]?.kind !== TokenKind.Select) return null;
  let i = 1;
  if (t[i]?.kind === TokenKind.Distinct || t[i]?.kind === TokenKind.All) i++;
  let depth = 0;
  let count = 1;
  const stars: (string | null)[] = [];
  for (; i < t.length; i++) {
    const k = t[i].kind;
    if (k === TokenKind.LParen) depth++;
    else if (k === TokenKind.RParen) depth--;
    else if (depth === 0) {
      if (END_OF_RESULTS.has(k)) break;
      if (k === TokenKind.Comma) count++;
      else if (k === TokenKind.Star) {
        const before = t[i - 1].kind;
        // A star after an operand is a multiplication.
        if (before === TokenKind.Dot) stars.push(nameText(sql, t[i - 2]));
        else if (before === TokenKind.Comma || isSelectStart(before)) stars.push(null);
      }
    }
  }
  if (stars.length === 0) return count;
  if (t[i]?.kind !== TokenKind.From) return null;
  const from = singleTableFrom(sql, t, i + 1);
  if (!from) return null;
  const found = findTable(db, from.name, "main");
  let width: number | null = null;
  if (found?.kind === "table") width = found.table.columns.length;
  else if (found?.kind === "view") width = viewColumnCount(db, found.view, seen);
  if (width === null) return null;
  for (const q of stars) {
    if (q !== null && q !== nameKey(from.alias ?? from.name)) return null;
  }
  return count - stars.length + stars.length * width;
}

function isSelectStart(k: TokenKind): boolean {
  return k === TokenKind.Select || k === TokenKind.Distinct || k === TokenKind.All;
}

function nameText(sql: string, tok: Token): string {
  return nameKey(dequote(sql.slice(tok.start, tok.end)));
}

function isName(k: TokenKind | undefined): boolean {
  return k === TokenKind.Id || k === TokenKind.String;
}

/** `[main.]name [[AS] alias]` then the end of that SELECT's FROM, or null. */
function singleTableFrom(
  sql: string,
  t: Token[],
  i: number,
): { name: string; alias: string | null } | null {
  if (!isName(t[i]?.kind)) return null;
  let name = nameText(sql, t[i++]);
  if (t[i]?.kind === TokenKind.Dot) {
    if (name !== "main" || !isName(t[i + 1]?.kind)) return null;
    name = nameText(sql, t[i + 1]);
    i += 2;
  }
  let alias: string | null = null;
  if (t[i]?.kind === TokenKind.As) i++;
  if (isName(t[i]?.kind)) alias = nameText(sql, t[i++]);
  if (i < t.length && !AFTER_FROM.has(t[i].kind)) return null;
  return { name, alias };
}
