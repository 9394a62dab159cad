/**
 * The two parts of a column definition that need SQLite's exact text rules: the declared
 * type (parse.y's `typetoken` plus sqlite3AddColumn's clean-up) and the DEFAULT clause
 * (parse.y's `ccons ::= DEFAULT ...` plus sqlite3AddDefaultValue's span).
 */
import { Affinity } from "../value/types.ts";
import { affinityOfTypeText } from "../value/affinity_of_type.ts";
import { blobTokenHex, dequote, numberTokenText, type Token, TokenKind } from "./tokenize.ts";
import { keywordName } from "./token_kinds.ts";
import { foldName, isIdKind, isIdsKind, isTermKind, type TokenStream } from "./ddl_stream.ts";
import type { DefaultValue } from "./ddl_types.ts";
import { checkExpressionTokens } from "./ddl_expr_check.ts";
import { utf8Bytes } from "../format/text.ts";

/** The result of reading a column's type. */
export interface ColumnType {
  declaredType: string;
  affinity: Affinity;
  /** INT, INTEGER, REAL, TEXT, BLOB or ANY when the type is one of those, else null. */
  standardType: string | null;
  /** A (non-empty after clean-up) type was declared. */
  hasType: boolean;
}

/**
 * SQLite's standard type names (COLTYPE_*), matched ASCII case-insensitively; their
 * affinities are the ordinary ones of their text (ANY: NUMERIC).
 */
const STANDARD_TYPE = /^(?:ANY|BLOB|INT|INTEGER|REAL|TEXT)$/i;

/**
 * Number of UTF-8 bytes of a string (SQLite measures the type text in bytes); a lone
 * surrogate counts 3, as the encoder writes U+FFFD for it.
 */
function utf8Length(s: string): number {
  return utf8Bytes(s).length;
}

/** ASCII case-insensitive "s ends with word" (word is lower-case ASCII). */
function endsWithWord(s: string, word: string): boolean {
  return foldName(s.slice(-word.length)) === word;
}

/**
 * sqlite3AddColumn's type clean-up. GENERATED and ALWAYS fall back to identifiers right
 * after a column name, so `a INT GENERATED ALWAYS AS (1)` first reads the type as
 * "INT GENERATED ALWAYS"; SQLite then cuts a trailing "always" (if the type is at least
 * 16 bytes) and a "generated" before it. The test is purely textual, so a long type
 * that merely ends in "always" is cut too.
 */
function cleanTypeText(raw: string): string {
  let t = raw;
  if (utf8Length(t) >= 16 && endsWithWord(t, "always")) {
    // The type text starts with a token, so only its end can have spaces to trim.
    t = trimSpace(t.slice(0, -6));
    if (endsWithWord(t, "generated")) t = trimSpace(t.slice(0, -9));
  }
  return t;
}

/** sqlite3DequoteToken: strips the outer quotes when no quote occurs inside. */
function dequoteToken(t: string): string {
  if (t.length < 2 || !isQuote(t.charCodeAt(0))) return t;
  for (let i = 1; i < t.length - 1; i++) if (isQuote(t.charCodeAt(i))) return t;
  return t.slice(1, -1);
}

function isQuote(c: number): boolean {
  return c === 0x22 || c === 0x27 || c === 0x60 || c === 0x5b;
}

/** Works out declared type, affinity and standard-ness from the raw type text. */
export function columnTypeFromText(raw: string): ColumnType {
  const t = cleanTypeText(raw);
  if (t === "") {
    return { declaredType: "", affinity: Affinity.Blob, standardType: null, hasType: false };
  }
  let text = t;
  let standardType: string | null = null;
  if (utf8Length(t) >= 3) {
    text = dequoteToken(t);
    if (STANDARD_TYPE.test(text)) standardType = text = text.toUpperCase();
  }
  const declaredType = dequote(text); // a standard name has no quotes
  return { declaredType, affinity: affinityOfTypeText(declaredType), standardType, hasType: true };
}

/**
 * Reads `typetoken`: zero or more `ids` tokens, then optionally `( n )` or `( n , m )`
 * with signed numbers.
 */
export function readColumnType(ts: TokenStream): ColumnType {
  if (!isIdsKind(ts.kind())) return columnTypeFromText("");
  const first = ts.peek();
  let last: Token = first;
  while (isIdsKind(ts.kind())) last = ts.next();
  if (ts.kind() === TokenKind.LParen) {
    ts.next();
    for (let n = 0;; n++) {
      // A signed number; one with `_` separators is SQLite's QNUMBER, which the type
      // syntax does not take. A sign without one fails at the sign.
      const signed = ts.kind() === TokenKind.Plus || ts.kind() === TokenKind.Minus;
      const t = ts.peek(+signed);
      if (
        (t.kind !== TokenKind.Integer && t.kind !== TokenKind.Float) || ts.text(t).includes("_")
      ) throw ts.syntaxError();
      if (signed) ts.next();
      ts.next();
      if (n === 1 || !ts.accept(TokenKind.Comma)) break;
    }
    last = ts.expect(TokenKind.RParen);
  }
  return columnTypeFromText(ts.sql.slice(first.start, last.end));
}

/** A DEFAULT clause: its value and the text `PRAGMA table_info` shows. */
export interface DefaultClause {
  value: DefaultValue;
  text: string;
}

/** The value of a `term` token, with an optional unary sign in front of it. */
function termValue(ts: TokenStream, t: Token, sign: TokenKind | null): DefaultValue | null {
  const text = ts.text(t);
  const negative = sign === TokenKind.Minus;
  switch (t.kind) {
    case TokenKind.Integer: {
      const digits = numberTokenText(text);
      return { kind: "integer", digits, negative };
    }
    case TokenKind.Float:
      return { kind: "real", text: numberTokenText(text), negative };
    default:
      break;
  }
  if (negative) return null; // -'x', -NULL, -x'00', -CURRENT_TIME: evaluated expressions
  switch (t.kind) {
    case TokenKind.Null:
      return { kind: "null" };
    case TokenKind.String:
      return { kind: "text", value: dequote(text) };
    case TokenKind.Blob:
      return { kind: "blob", hex: blobTokenHex(text) };
    default:
      if (sign !== null) return null; // +CURRENT_TIME is a function call expression
      return {
        kind: "current",
        which: keywordName(t.kind) as "CURRENT_TIME" | "CURRENT_DATE" | "CURRENT_TIMESTAMP",
      };
  }
}

/** Whitespace-trimmed text, as sqlite3DbSpanDup trims it (sqlite3Isspace: \t \n \v \f \r space). */
function trimSpace(s: string): string {
  return s.replace(/^[\t-\r ]+|[\t-\r ]+$/g, "");
}

/**
 * Classifies the expression tokens `[from, to)` of `DEFAULT ( ... )`: parentheses and
 * unary signs around one literal still make a literal; anything else is an expression.
 */
function parenthesizedDefault(ts: TokenStream, from: number, to: number): DefaultValue | null {
  let negative = false;
  let sign: TokenKind | null = null;
  for (;;) {
    const k = ts.tokens[from].kind;
    if (k === TokenKind.LParen && ts.tokens[to - 1].kind === TokenKind.RParen && to - from >= 3) {
      from++;
      to--;
    } else if ((k === TokenKind.Minus || k === TokenKind.Plus) && to - from >= 2) {
      if (k === TokenKind.Minus) negative = !negative;
      sign = TokenKind.Plus;
      from++;
    } else break;
  }
  if (to - from !== 1) return null;
  const t = ts.tokens[from];
  if (isTermKind(t.kind)) {
    return termValue(ts, t, negative ? TokenKind.Minus : sign);
  }
  // An unquoted TRUE/FALSE inside an expression is a boolean constant.
  return sign === null && t.kind === TokenKind.Id ? boolConstant(ts.text(t)) : null;
}

/** An unquoted TRUE or FALSE (any case) as a boolean constant, else null. */
function boolConstant(word: string): DefaultValue | null {
  const w = word.toLowerCase();
  return w === "true" || w === "false" ? { kind: "bool", value: w === "true" } : null;
}

/** Reads what follows DEFAULT for column `column`. */
export function readDefault(ts: TokenStream, column: string): DefaultClause {
  const k = ts.kind();
  // A number with bad `_` separators, where a literal is taken: "unrecognized token".
  if (k === TokenKind.Illegal) ts.next();
  if (k === TokenKind.LParen) {
    const open = ts.next();
    const [from, to] = ts.skipTerm();
    checkExpressionTokens(ts, from, to, { defaultOf: column });
    if (from === to) throw ts.syntaxError();
    const close = ts.expect(TokenKind.RParen);
    const text = trimSpace(ts.sql.slice(open.end, close.start));
    return {
      value: parenthesizedDefault(ts, from, to) ?? { kind: "expr", text: ts.textOf(from, to) },
      text,
    };
  }
  if (k === TokenKind.Plus || k === TokenKind.Minus) {
    const sign = ts.next();
    if (ts.kind() === TokenKind.Illegal) ts.next();
    if (!isTermKind(ts.kind())) throw ts.syntaxError();
    const term = ts.next();
    const text = ts.sql.slice(sign.start, term.end);
    return { value: termValue(ts, term, sign.kind) ?? { kind: "expr", text }, text };
  }
  if (isTermKind(k)) {
    const term = ts.next();
    return { value: termValue(ts, term, null)!, text: ts.text(term) };
  }
  if (isIdKind(k)) {
    // A bare word is a string; unquoted TRUE and FALSE are booleans.
    const t = ts.next();
    const raw = ts.text(t);
    return { value: boolConstant(raw) ?? { kind: "text", value: dequote(raw) }, text: raw };
  }
  throw ts.syntaxError();
}
