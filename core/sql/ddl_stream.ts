/**
 * A token cursor for the schema-statement parser, with the token classes of SQLite's
 * grammar (`nm`, `ids`, `id`) and SQLite's syntax-error messages.
 *
 * Keyword fallback: parse.y's `%fallback ID` lets many keywords act as identifiers where
 * they cannot be read as themselves. The parser mirrors that by testing, in each
 * position, first for the keywords that have a meaning there and only then for the
 * identifier classes below, which include every fallback keyword.
 */
import type { SqliteError } from "../errors.ts";
import {
  dequote,
  illegalTokenError,
  isBadSeparatorNumber,
  isCurrentTimeKeyword,
  isJoinKeyword,
  type Token,
  tokenize,
  TokenKind,
} from "./tokenize.ts";
import { CtimeKw, Idj, Ids, Nm, PlainLiteral } from "./parse_tokens.ts";
import { incompleteInput, syntaxError } from "./parse_support.ts";

/** ASCII-only lower case: SQLite's case folding for names (the schema's name key). */
export { nameKey as foldName } from "../format/schema_types.ts";

const EOF_TOKEN: Token = { kind: TokenKind.Eof, start: 0, end: 0 };

/**
 * SQLite's `ids`: an identifier or a string (type names, collation names); the statement
 * parser's token class of the same name.
 */
export function isIdsKind(k: TokenKind): boolean {
  return Ids.matches[k] === 1;
}

/** SQLite's `nm`: identifier, string, INDEXED or a join keyword (object and column names). */
export function isNmKind(k: TokenKind): boolean {
  return Nm.matches[k] === 1;
}

/**
 * SQLite's `id`: identifier or INDEXED (the bare-word DEFAULT): `idj` without the join
 * keywords.
 */
export function isIdKind(k: TokenKind): boolean {
  return Idj.matches[k] === 1 && !isJoinKeyword(k);
}

/**
 * Identifier-like tokens that name a column or function at an operand position: `idj`
 * without the fallback keywords that start another construct there (CAST, RAISE,
 * CURRENT_*).
 */
export function isNameOperand(k: TokenKind): boolean {
  return Idj.matches[k] === 1 && k !== TokenKind.Cast && k !== TokenKind.Raise &&
    CtimeKw.matches[k] !== 1;
}

/** parse.y's `term`: a literal or CURRENT_TIME/DATE/TIMESTAMP. */
export function isTermKind(k: TokenKind): boolean {
  return PlainLiteral.matches[k] === 1 || k === TokenKind.String || isCurrentTimeKeyword(k);
}

/**
 * Token kinds after which an expression is complete, so that a following ASC, DESC,
 * BEGIN, ... is a keyword rather than an identifier operand.
 */
export function endsOperand(k: TokenKind): boolean {
  // CAST and RAISE fall back to ID but are keywords wherever an operand may start.
  if (k === TokenKind.Cast || k === TokenKind.Raise) return false;
  return isNmKind(k) || isTermKind(k) || k === TokenKind.Variable || k === TokenKind.RParen ||
    k === TokenKind.Isnull || k === TokenKind.Notnull;
}

/** Cursor over the tokens of one statement. */
export class TokenStream {
  declare readonly tokens: Token[];
  pos = 0;

  declare readonly sql: string;

  constructor(sql: string) {
    this.sql = sql;
    this.tokens = tokenize(sql);
  }

  /** The token `ahead` places from the current one (an Eof token past the end). */
  peek(ahead = 0): Token {
    return this.tokens[this.pos + ahead] ?? EOF_TOKEN;
  }

  /** Kind of the token `ahead` places from the current one. */
  kind(ahead = 0): TokenKind {
    return this.peek(ahead).kind;
  }

  /** Consumes and returns the current token (rejecting an illegal one). */
  next(): Token {
    const t = this.peek();
    if (t.kind === TokenKind.Illegal) throw illegalTokenError(this.sql, t);
    if (t.kind !== TokenKind.Eof) this.pos++;
    return t;
  }

  /** Consumes the current token if it has kind `k`. */
  accept(k: TokenKind): boolean {
    if (this.kind() !== k) return false;
    this.next();
    return true;
  }

  /** Consumes a token of kind `k` or fails with SQLite's syntax error. */
  expect(k: TokenKind): Token {
    if (this.kind() !== k) throw this.syntaxError();
    return this.next();
  }

  /** Consumes a `nm` token and returns it. */
  expectNm(): Token {
    if (!isNmKind(this.kind())) throw this.syntaxError();
    return this.next();
  }

  /** Raw text of a token. */
  text(t: Token): string {
    return this.sql.slice(t.start, t.end);
  }

  /**
   * SQLite's error at the current token: an illegal token is "unrecognized token", the end
   * of input is "incomplete input", anything else `near "X": syntax error`.
   */
  syntaxError(): SqliteError {
    const t = this.peek();
    // A number with misplaced `_` is only "unrecognized" where SQLite takes its value;
    // where no number may stand it is a plain syntax error.
    if (t.kind === TokenKind.Illegal && !isBadSeparatorNumber(this.sql, t)) {
      return illegalTokenError(this.sql, t);
    }
    // Schema errors are not tied to a place in the SQL: no offset.
    if (t.kind === TokenKind.Eof) return incompleteInput(-1);
    return syntaxError(this.text(t), -1);
  }

  /**
   * Index of the `)` closing the `(` at token `open`, looking at tokens before `to`;
   * `to` if there is none.
   */
  closingParen(open: number, to: number): number {
    let depth = 0;
    for (let i = open; i < to; i++) {
      const k = this.tokens[i].kind;
      if (k === TokenKind.LParen) depth++;
      else if (k === TokenKind.RParen && --depth === 0) return i;
    }
    return to;
  }

  /**
   * Consumes tokens up to (not including) the first for which `stop(kind, depth)` holds,
   * `depth` being the parenthesis depth around it; fails at the end of input unless
   * `stop` accepts it. Returns the index of the first consumed token. With `lenient`, a
   * number whose only fault is a misplaced `_` is passed over (where SQLite takes no value
   * from it); any other illegal token fails.
   */
  skipUntil(stop: (k: TokenKind, depth: number) => boolean, lenient = false): number {
    const from = this.pos;
    let depth = 0;
    for (;;) {
      const k = this.kind();
      if (stop(k, depth)) return from;
      if (k === TokenKind.Eof) throw this.syntaxError();
      if (k === TokenKind.LParen) depth++;
      else if (k === TokenKind.RParen) depth--;
      if (lenient && k === TokenKind.Illegal && isBadSeparatorNumber(this.sql, this.peek())) {
        this.pos++;
      } else this.next();
    }
  }

  /** The name a token stands for (dequoted). */
  name(t: Token): string {
    return dequote(this.text(t));
  }

  /** Consumes a `nm` token and returns the name it stands for. */
  expectName(): string {
    return this.name(this.expectNm());
  }

  /**
   * Consumes tokens up to (not including) the first `,` or `)` outside parentheses, or a
   * `;` / end of input; returns the index range `[from, to)` of the consumed tokens.
   * Fails on unbalanced `)` only through the caller's next expectation.
   */
  skipTerm(): [number, number] {
    const from = this.skipUntil((k, depth) =>
      k === TokenKind.Eof || k === TokenKind.Semi ||
      (depth === 0 && (k === TokenKind.Comma || k === TokenKind.RParen))
    );
    return [from, this.pos];
  }

  /** Source text of tokens `[from, to)`, from the first's start to the last's end. */
  textOf(from: number, to: number): string {
    return this.sql.slice(this.tokens[from].start, this.tokens[to - 1].end);
  }

  /** Consumes tokens to a `;` or the end of input; returns their text (null if none). */
  rest(): string | null {
    const from = this.pos;
    while (this.kind() !== TokenKind.Eof && this.kind() !== TokenKind.Semi) this.next();
    if (from === this.pos) return null;
    return this.textOf(from, this.pos);
  }

  /** Requires the statement to end here (a `;` or the end of input); the rest is ignored. */
  expectEnd(): void {
    const k = this.kind();
    if (k !== TokenKind.Eof && k !== TokenKind.Semi) throw this.syntaxError();
  }
}
