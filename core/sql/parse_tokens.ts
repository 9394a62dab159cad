/**
 * The bridge between the tokenizer and the parser: one token type per
 * {@link TokenKind}, plus category token types that mirror parse.y's token classes
 * (`nm`, `idj`, `ids`, `number`, ...). A keyword that parse.y's `%fallback ID` lets act
 * as an identifier belongs to the identifier categories, so `CONSUME(Nm)` accepts it; the
 * grammar lists keyword alternatives first so that the keyword meaning wins where SQLite's
 * parser would take it.
 */
import { type SqlToken, type TokenType, tokenType } from "./ll1.ts";
import {
  isCurrentTimeKeyword,
  isJoinKeyword,
  keywordFallsBackToId,
  TOKEN_NAMES,
  TokenKind,
} from "./token_kinds.ts";
import { tokenize } from "./tokenize.ts";

/**
 * A class of kinds; its members are marked below, once per kind. Token type names appear
 * in no message, so a category is known by the constant that holds it.
 */
function category(): TokenType {
  return tokenType("category", []);
}

/** `nm`: identifier, string, INDEXED, join keyword, or a fallback keyword. */
export const Nm: TokenType = category();
/** `idj`: like `nm` without STRING (function names, bare column names). */
export const Idj: TokenType = category();
/** `ids`: identifier or string (aliases, collation and type names). */
export const Ids: TokenType = category();
/** `number`: INTEGER or FLOAT. */
export const Num: TokenType = category();
/** LIKE, GLOB, REGEXP, MATCH. */
export const LikeOp: TokenType = category();
/** CURRENT_DATE, CURRENT_TIME, CURRENT_TIMESTAMP. */
export const CtimeKw: TokenType = category();
/** CROSS FULL INNER LEFT NATURAL OUTER RIGHT. */
export const JoinKw: TokenType = category();
/** Operators that are plain `expr OP expr` rules. */
export const BinOp: TokenType = category();
/** UNION, INTERSECT, EXCEPT. */
export const CompoundOp: TokenType = category();
/** Unary `-`, `+`, `~`. */
export const UnaryOp: TokenType = category();
/** ISNULL, NOTNULL. */
export const NullOp: TokenType = category();
/** INTEGER FLOAT BLOB NULL. */
export const PlainLiteral: TokenType = category();

const BINARY_KINDS = new Set<TokenKind>([
  TokenKind.Or,
  TokenKind.And,
  TokenKind.Eq,
  TokenKind.Ne,
  TokenKind.Lt,
  TokenKind.Le,
  TokenKind.Gt,
  TokenKind.Ge,
  TokenKind.BitAnd,
  TokenKind.BitOr,
  TokenKind.LShift,
  TokenKind.RShift,
  TokenKind.Plus,
  TokenKind.Minus,
  TokenKind.Star,
  TokenKind.Slash,
  TokenKind.Rem,
  TokenKind.Concat,
  TokenKind.Ptr,
]);

function categoriesOf(kind: TokenKind): TokenType[] {
  const c: TokenType[] = [];
  const fallback = keywordFallsBackToId(kind);
  if (kind === TokenKind.Id || fallback) c.push(Nm, Idj, Ids);
  else if (kind === TokenKind.String) c.push(Nm, Ids);
  else if (kind === TokenKind.Indexed || isJoinKeyword(kind)) c.push(Nm, Idj);
  if (isJoinKeyword(kind)) c.push(JoinKw);
  if (isCurrentTimeKeyword(kind)) c.push(CtimeKw);
  if (
    kind === TokenKind.Like || kind === TokenKind.Glob || kind === TokenKind.Regexp ||
    kind === TokenKind.Match
  ) c.push(LikeOp);
  if (kind === TokenKind.Integer || kind === TokenKind.Float) c.push(Num);
  if (
    kind === TokenKind.Integer || kind === TokenKind.Float || kind === TokenKind.Blob ||
    kind === TokenKind.Null
  ) c.push(PlainLiteral);
  if (BINARY_KINDS.has(kind)) c.push(BinOp);
  if (kind === TokenKind.Minus || kind === TokenKind.Plus || kind === TokenKind.BitNot) {
    c.push(UnaryOp);
  }
  if (kind === TokenKind.Isnull || kind === TokenKind.Notnull) c.push(NullOp);
  if (kind === TokenKind.Union || kind === TokenKind.Intersect || kind === TokenKind.Except) {
    c.push(CompoundOp);
  }
  return c;
}

/** Token types indexed by {@link TokenKind}. */
export const T: readonly TokenType[] = TOKEN_NAMES.map((name, kind) => tokenType(name, [kind]));

for (let kind = 0; kind < TOKEN_NAMES.length; kind++) {
  for (const c of categoriesOf(kind)) c.matches[kind] = 1;
}

/** The end of input (what `LA` returns past the last token). */
export const EOF: TokenType = T[TokenKind.Eof];

export type { SqlToken };

/** The kind of a token. */
export function kindOf(token: SqlToken): TokenKind {
  return token.kind;
}

let cachedSql: string | null = null;
let cachedTokens: SqlToken[] = [];

/**
 * The tokens of `sql` (whitespace and comments dropped). The last result is cached, so
 * walking a multi-statement script tokenizes it once.
 */
export function sqlTokens(sql: string): SqlToken[] {
  if (sql === cachedSql) return cachedTokens;
  const raw = tokenize(sql);
  const out: SqlToken[] = new Array(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const r = raw[i];
    out[i] = { kind: r.kind, startOffset: r.start, end: r.end };
  }
  cachedSql = sql;
  cachedTokens = out;
  return out;
}
