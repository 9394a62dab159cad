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
import { SqliteError } from "../errors.ts";
import { isJoinKeyword, keywordFallsBackToId, keywordKind, TokenKind } from "./token_kinds.ts";

export {
  isCurrentTimeKeyword,
  isJoinKeyword,
  isKeyword,
  isLikeKeyword,
  KEYWORD_LIST,
  keywordFallsBackToId,
  keywordKind,
  TOKEN_NAMES,
  TokenKind,
} from "./token_kinds.ts";

/** One token: its kind and its `[start, end)` span in the SQL text. */
export interface Token {
  kind: TokenKind;
  start: number;
  end: number;
}

// Character classes, as in tokenize.c's aiClass table (ASCII only; >= 0x80 is CC_ID).
const CC_X = 0, // 'x' / 'X': blob literal or identifier
  CC_KYWD0 = 1, // letter that can start a keyword
  CC_KYWD = 2, // letter or '_' usable inside a keyword
  CC_DIGIT = 3,
  CC_DOLLAR = 4,
  CC_VARALPHA = 5, // '@', '#', ':'
  CC_VARNUM = 6, // '?'
  CC_SPACE = 7,
  CC_QUOTE = 8, // '"', '\'', '`'
  CC_QUOTE2 = 9, // '['
  CC_PIPE = 10,
  CC_MINUS = 11,
  CC_LT = 12,
  CC_GT = 13,
  CC_EQ = 14,
  CC_BANG = 15,
  CC_SLASH = 16,
  CC_LP = 17,
  CC_RP = 18,
  CC_SEMI = 19,
  CC_PLUS = 20,
  CC_STAR = 21,
  CC_PERCENT = 22,
  CC_COMMA = 23,
  CC_AND = 24,
  CC_TILDA = 25,
  CC_DOT = 26,
  CC_ID = 27, // >= 0x80
  CC_ILLEGAL = 28;

const CLASS = new Uint8Array(128).fill(CC_ILLEGAL);
const ID_CHAR = new Uint8Array(128); // sqlite3IsIdChar: alnum, '_', '$'
const SPACE_CHAR = new Uint8Array(128); // sqlite3Isspace: \t \n \v \f \r space
const HEX_CHAR = new Uint8Array(128);
{
  for (let c = 0x41; c <= 0x5a; c++) {
    CLASS[c] = CLASS[c + 32] = CC_KYWD0;
    ID_CHAR[c] = ID_CHAR[c + 32] = 1;
  }
  for (let c = 0x30; c <= 0x39; c++) CLASS[c] = CC_DIGIT, ID_CHAR[c] = HEX_CHAR[c] = 1;
  for (const c of "abcdefABCDEF") HEX_CHAR[c.charCodeAt(0)] = 1;
  // No keyword starts with X, Y, Z or '_': SQLite's table lets them only continue one.
  for (const c of "XxYyZz_") CLASS[c.charCodeAt(0)] = CC_KYWD;
  CLASS[0x58] = CLASS[0x78] = CC_X;
  ID_CHAR[0x5f] = ID_CHAR[0x24] = 1;
  for (const c of [9, 10, 12, 13, 32]) CLASS[c] = CC_SPACE;
  for (const c of [9, 10, 11, 12, 13, 32]) SPACE_CHAR[c] = 1;
  const set = (chars: string, cls: number) => {
    for (const ch of chars) CLASS[ch.charCodeAt(0)] = cls;
  };
  set("$", CC_DOLLAR);
  set("@#:", CC_VARALPHA);
  set("?", CC_VARNUM);
  set("\"'`", CC_QUOTE);
  set("[", CC_QUOTE2);
  set("|", CC_PIPE);
  set("-", CC_MINUS);
  set("<", CC_LT);
  set(">", CC_GT);
  set("=", CC_EQ);
  set("!", CC_BANG);
  set("/", CC_SLASH);
  set("(", CC_LP);
  set(")", CC_RP);
  set(";", CC_SEMI);
  set("+", CC_PLUS);
  set("*", CC_STAR);
  set("%", CC_PERCENT);
  set(",", CC_COMMA);
  set("&", CC_AND);
  set("~", CC_TILDA);
  set(".", CC_DOT);
}

function charClass(c: number): number {
  return c < 128 ? CLASS[c] : CC_ID;
}

/** sqlite3IsIdChar: letters, digits, `_`, `$`, and everything >= 0x80. */
export function isIdChar(c: number): boolean {
  return c >= 128 || ID_CHAR[c] === 1;
}

/** sqlite3Isspace: space, \t, \n, \v, \f, \r. */
export function isSpaceChar(c: number): boolean {
  return c < 128 && SPACE_CHAR[c] === 1;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isHexDigit(c: number): boolean {
  return c < 128 && HEX_CHAR[c] === 1;
}

const UNDERSCORE = 0x5f;
const BOM = 0xfeff;

/**
 * A pull tokenizer over one SQL string. `next()` scans one token (whitespace and comments
 * included) and leaves its kind and span in `kind`, `start`, `end`. No allocation per
 * token except the keyword lookup of a word.
 */
export class Lexer {
  /** Kind of the last token scanned. */
  kind: TokenKind = TokenKind.Eof;
  /** Start offset of the last token scanned. */
  start = 0;
  /** End offset (exclusive) of the last token scanned; where the next scan begins. */
  end = 0;
  /** True when the last Integer/Float token contained `_` digit separators. */
  hasSeparators = false;
  /** For the last number scanned: where its digits end (before any identifier chars). */
  numberEnd = 0;

  constructor(readonly sql: string, position = 0) {
    this.end = position;
  }

  /** Scans the next token and returns its kind; Eof at the end of input or at a NUL. */
  next(): TokenKind {
    const z = this.sql;
    const n = z.length;
    const i0 = this.end;
    this.start = i0;
    this.hasSeparators = false;
    if (i0 >= n || z.charCodeAt(i0) === 0) {
      this.end = i0;
      return this.kind = TokenKind.Eof;
    }
    const c = z.charCodeAt(i0);
    let i = i0 + 1;
    let kind: TokenKind;
    switch (charClass(c)) {
      case CC_SPACE:
        while (i < n && isSpaceChar(z.charCodeAt(i))) i++;
        kind = TokenKind.Space;
        break;
      case CC_MINUS: {
        const c1 = z.charCodeAt(i);
        if (c1 === 0x2d) { // --
          i++;
          while (i < n && z.charCodeAt(i) !== 0x0a && z.charCodeAt(i) !== 0) i++;
          kind = TokenKind.Comment;
        } else if (c1 === 0x3e) { // -> or ->>
          i += z.charCodeAt(i + 1) === 0x3e ? 2 : 1;
          kind = TokenKind.Ptr;
        } else kind = TokenKind.Minus;
        break;
      }
      case CC_LP:
        kind = TokenKind.LParen;
        break;
      case CC_RP:
        kind = TokenKind.RParen;
        break;
      case CC_SEMI:
        kind = TokenKind.Semi;
        break;
      case CC_PLUS:
        kind = TokenKind.Plus;
        break;
      case CC_STAR:
        kind = TokenKind.Star;
        break;
      case CC_SLASH:
        // "/*" needs a character after it to open a comment; at the very end it is "/" "*".
        if (z.charCodeAt(i) !== 0x2a || i + 1 >= n || z.charCodeAt(i + 1) === 0) {
          kind = TokenKind.Slash;
          break;
        }
        i += 2;
        while (i < n && z.charCodeAt(i) !== 0) {
          if (z.charCodeAt(i - 1) === 0x2a && z.charCodeAt(i) === 0x2f) break;
          i++;
        }
        if (i < n && z.charCodeAt(i) !== 0) i++;
        kind = TokenKind.Comment;
        break;
      case CC_PERCENT:
        kind = TokenKind.Rem;
        break;
      case CC_EQ:
        if (z.charCodeAt(i) === 0x3d) i++;
        kind = TokenKind.Eq;
        break;
      case CC_LT: {
        const c1 = z.charCodeAt(i);
        if (c1 === 0x3d) i++, kind = TokenKind.Le;
        else if (c1 === 0x3e) i++, kind = TokenKind.Ne;
        else if (c1 === 0x3c) i++, kind = TokenKind.LShift;
        else kind = TokenKind.Lt;
        break;
      }
      case CC_GT: {
        const c1 = z.charCodeAt(i);
        if (c1 === 0x3d) i++, kind = TokenKind.Ge;
        else if (c1 === 0x3e) i++, kind = TokenKind.RShift;
        else kind = TokenKind.Gt;
        break;
      }
      case CC_BANG:
        if (z.charCodeAt(i) === 0x3d) i++, kind = TokenKind.Ne;
        else kind = TokenKind.Illegal;
        break;
      case CC_PIPE:
        if (z.charCodeAt(i) === 0x7c) i++, kind = TokenKind.Concat;
        else kind = TokenKind.BitOr;
        break;
      case CC_COMMA:
        kind = TokenKind.Comma;
        break;
      case CC_AND:
        kind = TokenKind.BitAnd;
        break;
      case CC_TILDA:
        kind = TokenKind.BitNot;
        break;
      case CC_QUOTE: {
        let closed = false;
        while (i < n) {
          const ch = z.charCodeAt(i);
          if (ch === 0) break;
          if (ch === c) {
            if (z.charCodeAt(i + 1) === c) i += 2;
            else {
              closed = true;
              i++;
              break;
            }
          } else i++;
        }
        kind = !closed ? TokenKind.Illegal : c === 0x27 ? TokenKind.String : TokenKind.Id;
        break;
      }
      case CC_DOT:
        if (!isDigit(z.charCodeAt(i))) {
          kind = TokenKind.Dot;
          break;
        }
        i = this.scanNumber(i0);
        kind = this.kind;
        break;
      case CC_DIGIT:
        i = this.scanNumber(i0);
        kind = this.kind;
        break;
      case CC_QUOTE2: {
        while (i < n && z.charCodeAt(i) !== 0x5d && z.charCodeAt(i) !== 0) i++;
        if (i < n && z.charCodeAt(i) === 0x5d) i++, kind = TokenKind.Id;
        else kind = TokenKind.Illegal;
        break;
      }
      case CC_VARNUM:
        while (i < n && isDigit(z.charCodeAt(i))) i++;
        kind = TokenKind.Variable;
        break;
      case CC_DOLLAR:
      case CC_VARALPHA:
        i = this.scanNamedVariable(i0);
        kind = this.kind;
        break;
      case CC_KYWD0: {
        // A word made only of keyword characters may be a keyword.
        while (i < n && charClass(z.charCodeAt(i)) <= CC_KYWD) i++;
        if (i < n && isIdChar(z.charCodeAt(i))) {
          i = this.skipIdChars(i + 1);
          kind = TokenKind.Id;
          break;
        }
        kind = i - i0 >= 2 ? keywordKind(z.slice(i0, i).toUpperCase()) ?? TokenKind.Id
        : TokenKind.Id;
        break;
      }
      case CC_X:
        if (z.charCodeAt(i) === 0x27) {
          i = this.scanBlob(i0);
          kind = this.kind;
          break;
        }
        i = this.skipIdChars(i);
        kind = TokenKind.Id;
        break;
      case CC_KYWD:
      case CC_ID:
        if (c === BOM) {
          kind = TokenKind.Space;
          break;
        }
        i = this.skipIdChars(i);
        kind = TokenKind.Id;
        break;
      default:
        kind = TokenKind.Illegal;
    }
    this.end = i;
    return this.kind = kind;
  }

  private skipIdChars(i: number): number {
    const z = this.sql;
    while (i < z.length && isIdChar(z.charCodeAt(i))) i++;
    return i;
  }

  /** Decimal, hex and real literals, with `_` separators (SQLite's TK_QNUMBER). */
  private scanNumber(i0: number): number {
    const z = this.sql;
    let kind = TokenKind.Integer;
    let sep = false;
    let i = i0;
    if (
      z.charCodeAt(i) === 0x30 && (z.charCodeAt(i + 1) | 0x20) === 0x78 &&
      isHexDigit(z.charCodeAt(i + 2))
    ) {
      i += 3;
      for (;; i++) {
        const ch = z.charCodeAt(i);
        if (isHexDigit(ch)) continue;
        if (ch === UNDERSCORE) sep = true;
        else break;
      }
    } else {
      for (;; i++) {
        const ch = z.charCodeAt(i);
        if (isDigit(ch)) continue;
        if (ch === UNDERSCORE) sep = true;
        else break;
      }
      if (z.charCodeAt(i) === 0x2e) {
        kind = TokenKind.Float;
        for (i++;; i++) {
          const ch = z.charCodeAt(i);
          if (isDigit(ch)) continue;
          if (ch === UNDERSCORE) sep = true;
          else break;
        }
      }
      const e = z.charCodeAt(i);
      if (e === 0x65 || e === 0x45) {
        const c1 = z.charCodeAt(i + 1);
        if (isDigit(c1) || ((c1 === 0x2b || c1 === 0x2d) && isDigit(z.charCodeAt(i + 2)))) {
          kind = TokenKind.Float;
          for (i += 2;; i++) {
            const ch = z.charCodeAt(i);
            if (isDigit(ch)) continue;
            if (ch === UNDERSCORE) sep = true;
            else break;
          }
        }
      }
    }
    this.numberEnd = i;
    if (i < z.length && isIdChar(z.charCodeAt(i))) {
      this.kind = TokenKind.Illegal;
      return this.skipIdChars(i);
    }
    if (sep && badSeparatorText(z.slice(i0, i)) !== null) kind = TokenKind.Illegal;
    this.hasSeparators = sep;
    this.kind = kind;
    return i;
  }

  /** `$name`, `:name`, `@name`, `#name`, with `::` inside and a `(...)` suffix. */
  private scanNamedVariable(i0: number): number {
    const z = this.sql;
    const n = z.length;
    let kind = TokenKind.Variable;
    let count = 0;
    let i = i0 + 1;
    for (; i < n; i++) {
      const ch = z.charCodeAt(i);
      if (ch === 0) break;
      if (isIdChar(ch)) count++;
      else if (ch === 0x28 && count > 0) {
        // Tcl-style array element: $a(index), ending at ')' and not crossing whitespace.
        let cc = 0;
        do {
          i++;
          cc = i < n ? z.charCodeAt(i) : 0;
        } while (cc !== 0 && !isSpaceChar(cc) && cc !== 0x29);
        if (cc === 0x29) i++;
        else kind = TokenKind.Illegal;
        break;
      } else if (ch === 0x3a && z.charCodeAt(i + 1) === 0x3a) i++;
      else break;
    }
    this.kind = count === 0 ? TokenKind.Illegal : kind;
    return i;
  }

  /** `X'hex'`: an even number of hex digits; anything else is illegal up to the quote. */
  private scanBlob(i0: number): number {
    const z = this.sql;
    let i = i0 + 2;
    while (isHexDigit(z.charCodeAt(i))) i++;
    let kind = TokenKind.Blob;
    if (z.charCodeAt(i) !== 0x27 || (i - i0) % 2 !== 0) {
      kind = TokenKind.Illegal;
      while (i < z.length && z.charCodeAt(i) !== 0x27 && z.charCodeAt(i) !== 0) i++;
    }
    if (i < z.length && z.charCodeAt(i) !== 0) i++;
    this.kind = kind;
    return i;
  }
}

/**
 * Checks the `_` separators of a number SQLite tokenized as TK_QNUMBER: each `_` must sit
 * between two digits (hex digits after `0x`). Returns null when they are valid, otherwise
 * the text SQLite quotes in its error. SQLite removes separators in place while it checks,
 * so the quoted text is the partly rewritten buffer ("1_0__0" is reported as "100__0").
 */
function badSeparatorText(text: string): string | null {
  const hex = text.length > 1 && text[0] === "0" && (text[1] === "x" || text[1] === "X");
  const buf = text.split("");
  let out = 0;
  let message: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== UNDERSCORE) {
      buf[out++] = text[i];
      continue;
    }
    const prev = i > 0 ? text.charCodeAt(i - 1) : 0;
    const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
    const ok = hex ? isHexDigit(prev) && isHexDigit(next) : isDigit(prev) && isDigit(next);
    if (!ok) message = buf.join(""); // the last error wins, as in SQLite
  }
  return message;
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
 * text (for a number with misplaced `_` separators, the text SQLite's check leaves).
 */
export function illegalTokenError(sql: string, token: Token): SqliteError {
  let text = tokenText(sql, token);
  const c = text.charCodeAt(0);
  if ((isDigit(c) || c === 0x2e) && text.includes("_")) {
    const lexer = new Lexer(sql, token.start);
    lexer.next();
    // Only a separator problem is reported with the rewritten text; a number followed by
    // identifier characters ("1_0abc") is reported as written.
    if (lexer.numberEnd === token.end) text = badSeparatorText(text) ?? text;
  }
  return new SqliteError("SQLITE_ERROR", `unrecognized token: "${text}"`);
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
  return text.includes("_") ? text.replaceAll("_", "") : text;
}

/** The hex digits of a Blob token (`X'0aff'` → `"0aff"`). */
export function blobTokenHex(text: string): string {
  return text.slice(2, -1);
}
