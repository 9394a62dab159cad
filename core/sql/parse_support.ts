/**
 * Pure helpers of the statement parser: operator precedence (parse.y's `%left`/`%right`
 * lines) and SQLite's error texts.
 */
import { sqlError, type SqliteError } from "../errors.ts";
import { TokenKind } from "./token_kinds.ts";

/** SQLite's parser limits (a const enum, so bundles hold the numbers). */
export const enum Max {
  /** SQLite's SQLITE_MAX_EXPR_DEPTH. */
  EXPR_DEPTH = 1000,
  /** SQLite's SQLITE_LIMIT_PARSER_DEPTH default: the LALR stack may hold this many entries. */
  PARSER_DEPTH = 2500,
  /** SQLite's SQLITE_MAX_VARIABLE_NUMBER default. */
  VARIABLE_NUMBER = 32766,
  /** SQLite's SQLITE_MAX_COMPOUND_SELECT default. */
  COMPOUND_SELECT = 500,
  /** SQLite's SQLITE_MAX_FUNCTION_ARG default. */
  FUNCTION_ARG = 1000,
}

/**
 * Binding power of a token that continues an expression (0: it does not). Levels follow
 * parse.y: OR 1, AND 2, NOT 3, IS/LIKE/BETWEEN/IN/ISNULL/NOTNULL/=/<> 4, < <= > >= 5,
 * ESCAPE 6, & | << >> 7, + - 8, * / % 9, || -> 10, COLLATE 11, unary 12. A NOT that
 * starts `NOT LIKE`/`NOT IN`/`NOT BETWEEN`/`NOT NULL` is given level 4: it binds exactly
 * like SQLite's level-3 NOT in every context the grammar allows (only the right-associative
 * prefix NOT sits at level 3).
 */
export function continuationPrec(kind: TokenKind): number {
  switch (kind) {
    case TokenKind.Or:
      return 1;
    case TokenKind.And:
      return 2;
    case TokenKind.Not:
    case TokenKind.Is:
    case TokenKind.Match:
    case TokenKind.Like:
    case TokenKind.Glob:
    case TokenKind.Regexp:
    case TokenKind.Between:
    case TokenKind.In:
    case TokenKind.Isnull:
    case TokenKind.Notnull:
    case TokenKind.Ne:
    case TokenKind.Eq:
      return 4;
    case TokenKind.Gt:
    case TokenKind.Le:
    case TokenKind.Lt:
    case TokenKind.Ge:
      return 5;
    case TokenKind.BitAnd:
    case TokenKind.BitOr:
    case TokenKind.LShift:
    case TokenKind.RShift:
      return 7;
    case TokenKind.Plus:
    case TokenKind.Minus:
      return 8;
    case TokenKind.Star:
    case TokenKind.Slash:
    case TokenKind.Rem:
      return 9;
    case TokenKind.Concat:
    case TokenKind.Ptr:
      return 10;
    case TokenKind.Collate:
      return 11;
    default:
      return 0;
  }
}

/** `near "X": syntax error` at `offset`. */
export function syntaxError(text: string, offset: number): SqliteError {
  return sqlError(`near "${text}": syntax error`, offset);
}

/** SQLite's error when the input ends inside a statement. */
export function incompleteInput(offset: number): SqliteError {
  return sqlError("incomplete input", offset);
}

/** An SQLITE_ERROR with a message of SQLite's. */
export { sqlError };
