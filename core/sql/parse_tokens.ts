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
  TOKEN_KIND_COUNT,
  TokenKind,
} from "./token_kinds.ts";
import { tokenize } from "./tokenize.ts";

/** Token types indexed by {@link TokenKind}. */
export const T: readonly TokenType[] = Array.from(
  { length: TOKEN_KIND_COUNT },
  (_, kind) => tokenType([kind]),
);

/** Every kind. */
const KINDS = T.map((_, kind) => kind as TokenKind);

/**
 * A token type accepting any of `kinds`: one CONSUME instead of an OR of single-token
 * alternatives.
 */
export const category: (kinds: Iterable<TokenKind>) => TokenType = tokenType;

/** An identifier, or a keyword that falls back to one. */
const idLike = (k: TokenKind) => k === TokenKind.Id || keywordFallsBackToId(k);

/** `nm`: identifier, string, INDEXED, join keyword, or a fallback keyword. */
export const Nm: TokenType = category(
  KINDS.filter((k) =>
    idLike(k) || k === TokenKind.String || k === TokenKind.Indexed || isJoinKeyword(k)
  ),
);
/** `idj`: like `nm` without STRING (function names, bare column names). */
export const Idj: TokenType = category(
  KINDS.filter((k) => idLike(k) || k === TokenKind.Indexed || isJoinKeyword(k)),
);
/** `ids`: identifier or string (aliases, collation and type names). */
export const Ids: TokenType = category(KINDS.filter((k) => idLike(k) || k === TokenKind.String));
/** `number`: INTEGER or FLOAT. */
export const Num: TokenType = category([TokenKind.Integer, TokenKind.Float]);
/** LIKE, GLOB, REGEXP, MATCH. */
export const LikeOp: TokenType = category([
  TokenKind.Like,
  TokenKind.Glob,
  TokenKind.Regexp,
  TokenKind.Match,
]);
/** CURRENT_DATE, CURRENT_TIME, CURRENT_TIMESTAMP. */
export const CtimeKw: TokenType = category(KINDS.filter(isCurrentTimeKeyword));
/** CROSS FULL INNER LEFT NATURAL OUTER RIGHT. */
export const JoinKw: TokenType = category(KINDS.filter(isJoinKeyword));
/** Operators that are plain `expr OP expr` rules. */
export const BinOp: TokenType = category([
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
/** UNION, INTERSECT, EXCEPT. */
export const CompoundOp: TokenType = category([
  TokenKind.Union,
  TokenKind.Intersect,
  TokenKind.Except,
]);
/** Unary `-`, `+`, `~`. */
export const UnaryOp: TokenType = category([TokenKind.Minus, TokenKind.Plus, TokenKind.BitNot]);
/** ISNULL, NOTNULL. */
export const NullOp: TokenType = category([TokenKind.Isnull, TokenKind.Notnull]);
/** INTEGER FLOAT BLOB NULL. */
export const PlainLiteral: TokenType = category([
  TokenKind.Integer,
  TokenKind.Float,
  TokenKind.Blob,
  TokenKind.Null,
]);

/** `nm`, ON, DELETE or DEFAULT: a pragma value written as a name (`nmnum`). */
export const PragmaName: TokenType = category(
  KINDS.filter((k) =>
    Nm.matches[k] === 1 || k === TokenKind.On || k === TokenKind.Delete ||
    k === TokenKind.Default
  ),
);

export type { SqlToken };

let cachedSql: string | null = null;
let cachedTokens: SqlToken[] = [];

/**
 * The tokens of `sql` (whitespace and comments dropped). The last result is cached, so
 * walking a multi-statement script tokenizes it once.
 */
export function sqlTokens(sql: string): SqlToken[] {
  if (sql === cachedSql) return cachedTokens;
  const tokens = tokenize(sql);
  cachedSql = sql;
  cachedTokens = tokens;
  return tokens;
}
