/**
 * SQLite's tokenizer, rule for rule (SQLite's src/tokenize.c is the reference).
 *
 * The tokenizer never throws: anything SQLite would reject comes back as an
 * {@link TokenKind.Illegal} token, and {@link illegalTokenError} builds SQLite's error for
 * it. Offsets are UTF-16 code-unit offsets into the JS string. SQLite works on UTF-8
 * bytes, where every byte >= 0x80 is an identifier character; the same holds here for
 * every code unit >= 0x80, which gives the same tokens.
 *
 * Differences from SQLite that a consumer must know:
 * - A number with `_` digit separators (SQLite's TK_QNUMBER) comes back as Integer or
 *   Float when its separators are valid, Illegal otherwise (SQLite reports the bad ones
 *   from the parser, with the same "unrecognized token" message). Use
 *   {@link numberTokenText} to drop the separators.
 * - WINDOW, OVER and FILTER are turned into Id by {@link tokenize} when SQLite's
 *   tokenizer-level look-ahead would do so; {@link Lexer} returns them as keywords.
 * - A NUL character ends the input, as it ends SQLite's C string.
 */
import { sqlError, type SqliteError } from "../errors.ts";
import { isJoinKeyword, keywordFallsBackToId, TokenKind } from "./token_kinds.ts";
import { badSeparatorText, Lexer } from "./lexer.ts";
import { isDigit } from "../value/number_text.ts";

export { isIdChar, isSpaceChar, Lexer } from "./lexer.ts";

export {
  isCurrentTimeKeyword,
  isJoinKeyword,
  isKeyword,
  isLikeKeyword,
  KEYWORD_LIST,
  keywordFallsBackToId,
  keywordKind,
  TokenKind,
} from "./token_kinds.ts";

/** One token: its kind and its `[start, end)` span in the SQL text. */
export interface Token {
  kind: TokenKind;
  start: number;
  end: number;
}

function windowLookahead(from: number, lexer: Lexer): TokenKind {
  // SQLite's getToken(): skips whitespace only (a comment is a token here) and maps the
  // identifier-like kinds to Id.
  lexer.end = from;
  let k: TokenKind;
  do k = lexer.next(); while (k === TokenKind.Space);
  if (
    k === TokenKind.Id || k === TokenKind.String || isJoinKeyword(k) ||
    k === TokenKind.Window || k === TokenKind.Over || keywordFallsBackToId(k)
  ) return TokenKind.Id;
  return k;
}

/**
 * Splits `sql` into tokens. Whitespace and comments are dropped unless `keepTrivia`.
 * The list ends at the end of input (or at a NUL) without an Eof token. Never throws.
 */
export function tokenize(sql: string, keepTrivia = false): Token[] {
  const lexer = new Lexer(sql);
  const ahead = new Lexer(sql);
  const out: Token[] = [];
  let last: TokenKind = TokenKind.Eof; // previous token passed on (SQLite's lastTokenParsed)
  for (;;) {
    let kind = lexer.next();
    if (kind === TokenKind.Eof) break;
    if (kind === TokenKind.Space || kind === TokenKind.Comment) {
      if (keepTrivia) out.push({ kind, start: lexer.start, end: lexer.end });
      continue;
    }
    if (kind === TokenKind.Window) {
      if (
        windowLookahead(lexer.end, ahead) !== TokenKind.Id ||
        windowLookahead(ahead.end, ahead) !== TokenKind.As
      ) kind = TokenKind.Id;
    } else if (kind === TokenKind.Over) {
      const t = last === TokenKind.RParen ? windowLookahead(lexer.end, ahead) : 0;
      if (t !== TokenKind.LParen && t !== TokenKind.Id) kind = TokenKind.Id;
    } else if (kind === TokenKind.Filter) {
      if (
        last !== TokenKind.RParen || windowLookahead(lexer.end, ahead) !== TokenKind.LParen
      ) kind = TokenKind.Id;
    }
    out.push({ kind, start: lexer.start, end: lexer.end });
    last = kind;
  }
  return out;
}

/** The text of a token. */
export function tokenText(sql: string, token: Token): string {
  return sql.slice(token.start, token.end);
}

/** True if an Id token was written in double quotes (SQLite may take it as a string). */
export function isDoubleQuoted(sql: string, token: Token): boolean {
  return token.kind === TokenKind.Id && sql.charCodeAt(token.start) === 0x22;
}

/**
 * SQLite's error for an Illegal token: `unrecognized token: "X"` where X is the token's
 * text (for a number with misplaced `_` separators, the text SQLite's check leaves), at
 * `offset` in the SQL text (-1: none).
 */
export function illegalTokenError(sql: string, token: Token, offset = -1): SqliteError {
  let text = tokenText(sql, token);
  // Only a separator problem is reported with the rewritten text; a number followed by
  // identifier characters ("1_0abc") is reported as written.
  if (text.includes("_") && rescanNumber(sql, token)) text = badSeparatorText(text) ?? text;
  return sqlError(`unrecognized token: "${text}"`, offset);
}

/**
 * For a token that starts like a number: the lexer after scanning it again, when the
 * number's digits run to the token's end (no identifier characters follow); else null.
 */
function rescanNumber(sql: string, t: Token): Lexer | null {
  const c = sql.charCodeAt(t.start);
  if (!(isDigit(c) || c === 0x2e)) return null;
  const lexer = new Lexer(sql, t.start);
  lexer.next();
  return lexer.numberEnd === t.end ? lexer : null;
}

/**
 * SQLite's sqlite3Dequote: if `text` starts with a quote (`"`, `'`, `` ` `` or `[`),
 * returns the characters up to the matching close quote with doubled quotes collapsed;
 * anything after the close quote is dropped. Other text is returned unchanged.
 */
export function dequote(text: string): string {
  let q = text.charCodeAt(0);
  if (q !== 0x22 && q !== 0x27 && q !== 0x60 && q !== 0x5b) return text;
  if (q === 0x5b) q = 0x5d;
  let out = "";
  let from = 1;
  for (let i = 1; i < text.length; i++) {
    if (text.charCodeAt(i) !== q) continue;
    out += text.slice(from, i);
    if (text.charCodeAt(i + 1) === q) {
      out += text[i];
      i++;
      from = i + 1;
    } else return out;
  }
  return out + text.slice(from);
}

/** The text of an Integer or Float token without its `_` digit separators. */
export function numberTokenText(text: string): string {
  return text.replaceAll("_", "");
}

/** The hex digits of a Blob token (`X'0aff'` → `"0aff"`). */
export function blobTokenHex(text: string): string {
  return text.slice(2, -1);
}

/**
 * True if an Illegal token is a number whose only fault is a misplaced `_` separator.
 * SQLite accepts such a token where no value is taken from it (virtual-table arguments).
 */
export function isBadSeparatorNumber(sql: string, t: Token): boolean {
  return rescanNumber(sql, t)?.hasSeparators === true;
}
