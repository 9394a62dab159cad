/**
 * The scanner at the heart of the tokenizer: SQLite's sqlite3GetToken (src/tokenize.c),
 * rule for rule, over a JS string. Every code unit >= 0x80 is an identifier character,
 * as every UTF-8 byte >= 0x80 is in SQLite, which yields the same tokens.
 */
import { keywordKind, TokenKind } from "./token_kinds.ts";
import { isDigit, isHexDigit, isSpace } from "../value/number_text.ts";

// Character classes, as in tokenize.c's aiClass table (its CC_X is CC.X here; ASCII only,
// >= 0x80 is CC.ID). A const enum, so the bundle holds the numbers, not 29 variables.
const enum CC {
  X = 0, // 'x' / 'X': blob literal or identifier
  KYWD0 = 1, // letter that can start a keyword
  KYWD = 2, // letter or '_' usable inside a keyword
  DIGIT = 3,
  DOLLAR = 4,
  VARALPHA = 5, // '@', '#', ':'
  VARNUM = 6, // '?'
  SPACE = 7,
  QUOTE = 8, // '"', '\'', '`'
  QUOTE2 = 9, // '['
  PIPE = 10,
  MINUS = 11,
  LT = 12,
  GT = 13,
  EQ = 14,
  BANG = 15,
  SLASH = 16,
  LP = 17,
  RP = 18,
  SEMI = 19,
  PLUS = 20,
  STAR = 21,
  PERCENT = 22,
  COMMA = 23,
  AND = 24,
  TILDA = 25,
  DOT = 26,
  ID = 27, // >= 0x80
  ILLEGAL = 28,
}

/**
 * tokenize.c's aiClass for the ASCII codes (>= 0x80 is CC.ID), one character per code: its
 * class plus 65 ("A" CC.X, "B" CC.KYWD0, "C" CC.KYWD, "D" CC.DIGIT, "E" CC.DOLLAR, "H"
 * CC.SPACE, ..., "]" CC.ILLEGAL). No keyword starts with X, Y, Z or '_': SQLite's table
 * gives them CC.KYWD (X: CC.X), which only continues one.
 */
const CLASS = Uint8Array.from(
  // 0x00-0x1f (\t \n \f \r are spaces), then 0x20-0x3f, 0x40-0x5f, 0x60-0x7f.
  "]]]]]]]]]HH]HH]]]]]]]]]]]]]]]]]]" + "HPIFEWYIRSVUXL[QDDDDDDDDDDFTMONG" +
    "FBBBBBBBBBBBBBBBBBBBBBBBACCJ]]]C" + "IBBBBBBBBBBBBBBBBBBBBBBBACC]K]Z]",
  (ch) => ch.charCodeAt(0) - 65,
);

function charClass(c: number): CC {
  return c < 128 ? CLASS[c] : CC.ID;
}

/** sqlite3IsIdChar: letters, digits, `_`, `$` (the classes up to CC.DOLLAR), and >= 0x80. */
export function isIdChar(c: number): boolean {
  return c >= 128 || CLASS[c] <= CC.DOLLAR;
}

/** sqlite3Isspace: space, \t, \n, \v, \f, \r. */
export { isSpace as isSpaceChar };

/** The token of each one-character class, CC.LP to CC.TILDA in order. */
const ONE_CHAR_KINDS: readonly TokenKind[] = [
  TokenKind.LParen, // CC.LP
  TokenKind.RParen, // CC.RP
  TokenKind.Semi, // CC.SEMI
  TokenKind.Plus, // CC.PLUS
  TokenKind.Star, // CC.STAR
  TokenKind.Rem, // CC.PERCENT
  TokenKind.Comma, // CC.COMMA
  TokenKind.BitAnd, // CC.AND
  TokenKind.BitNot, // CC.TILDA
];

/** Characters the scanner tests for by code (a const enum: the bundle holds the numbers). */
const enum Ch {
  Underscore = 0x5f,
  Bom = 0xfeff,
}

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
  /**
   * True when the last number scanned contained `_` digit separators (its token is an
   * Integer or a Float, or Illegal for a misplaced separator or identifier characters after it).
   */
  hasSeparators = false;
  /** For the last number scanned: where its digits end (before any identifier chars). */
  numberEnd = 0;

  /** The SQL text scanned. */
  declare readonly sql: string;

  constructor(sql: string, position = 0) {
    this.sql = sql;
    this.end = position;
  }

  /** Scans the next token and returns its kind; Eof at the end of input or at a NUL. */
  next(): TokenKind {
    const z = this.sql;
    const i0 = this.end;
    this.start = i0;
    this.hasSeparators = false;
    // Past the end charCodeAt is NaN: like NUL, it ends the input (`end` stays at i0).
    const c = z.charCodeAt(i0);
    if (!c) return this.kind = TokenKind.Eof;
    let i = i0 + 1;
    let kind: TokenKind;
    const cls = charClass(c);
    switch (cls) {
      case CC.SPACE:
        while (isSpace(z.charCodeAt(i))) i++; // NaN past the end is no space
        kind = TokenKind.Space;
        break;
      case CC.MINUS: {
        const c1 = z.charCodeAt(i);
        if (c1 === 0x2d) { // --
          i++;
          while ((z.charCodeAt(i) || 0x0a) !== 0x0a) i++; // to a newline, a NUL or the end
          kind = TokenKind.Comment;
        } else if (c1 === 0x3e) { // -> or ->>
          i += z.charCodeAt(i + 1) === 0x3e ? 2 : 1;
          kind = TokenKind.Ptr;
        } else kind = TokenKind.Minus;
        break;
      }
      case CC.SLASH:
        // "/*" needs a character after it to open a comment; at the very end it is "/" "*".
        if (z.charCodeAt(i) !== 0x2a || !z.charCodeAt(i + 1)) {
          kind = TokenKind.Slash;
          break;
        }
        i += 2;
        while (z.charCodeAt(i) > 0) {
          if (z.charCodeAt(i - 1) === 0x2a && z.charCodeAt(i) === 0x2f) break;
          i++;
        }
        if (z.charCodeAt(i) > 0) i++;
        kind = TokenKind.Comment;
        break;
      case CC.EQ:
        if (z.charCodeAt(i) === 0x3d) i++;
        kind = TokenKind.Eq;
        break;
      case CC.LT: {
        const c1 = z.charCodeAt(i);
        if (c1 === 0x3d) i++, kind = TokenKind.Le;
        else if (c1 === 0x3e) i++, kind = TokenKind.Ne;
        else if (c1 === 0x3c) i++, kind = TokenKind.LShift;
        else kind = TokenKind.Lt;
        break;
      }
      case CC.GT: {
        const c1 = z.charCodeAt(i);
        if (c1 === 0x3d) i++, kind = TokenKind.Ge;
        else if (c1 === 0x3e) i++, kind = TokenKind.RShift;
        else kind = TokenKind.Gt;
        break;
      }
      case CC.BANG:
        if (z.charCodeAt(i) === 0x3d) i++, kind = TokenKind.Ne;
        else kind = TokenKind.Illegal;
        break;
      case CC.PIPE:
        if (z.charCodeAt(i) === 0x7c) i++, kind = TokenKind.Concat;
        else kind = TokenKind.BitOr;
        break;
      case CC.QUOTE: {
        let closed = false;
        for (;;) {
          const ch = z.charCodeAt(i);
          if (!ch) break; // a NUL, or NaN past the end
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
      case CC.DOT:
        if (!isDigit(z.charCodeAt(i))) {
          kind = TokenKind.Dot;
          break;
        }
      // falls through: `.5` is a number
      case CC.DIGIT:
        i = this.#scanNumber(i0);
        kind = this.kind;
        break;
      case CC.QUOTE2: {
        while ((z.charCodeAt(i) || 0x5d) !== 0x5d) i++; // to `]`, a NUL or the end
        if (z.charCodeAt(i) === 0x5d) i++, kind = TokenKind.Id;
        else kind = TokenKind.Illegal;
        break;
      }
      case CC.VARNUM:
        while (isDigit(z.charCodeAt(i))) i++;
        kind = TokenKind.Variable;
        break;
      case CC.DOLLAR:
      case CC.VARALPHA:
        i = this.#scanNamedVariable(i0);
        kind = this.kind;
        break;
      case CC.KYWD0: {
        // A word made only of keyword characters may be a keyword.
        // NaN past the end is CC.ID and no identifier character: no bounds tests.
        while (charClass(z.charCodeAt(i)) <= CC.KYWD) i++;
        if (isIdChar(z.charCodeAt(i))) {
          i = this.#skipIdChars(i + 1);
          kind = TokenKind.Id;
          break;
        }
        kind = i - i0 >= 2
          ? keywordKind(z.slice(i0, i).toUpperCase()) ?? TokenKind.Id
          : TokenKind.Id;
        break;
      }
      case CC.X:
        if (z.charCodeAt(i) === 0x27) {
          i = this.#scanBlob(i0);
          kind = this.kind;
          break;
        }
      // falls through: an identifier (x is no BOM)
      case CC.KYWD:
      case CC.ID:
        if (c === Ch.Bom) {
          kind = TokenKind.Space;
          break;
        }
        i = this.#skipIdChars(i);
        kind = TokenKind.Id;
        break;
      default: // a one-character operator, or CC.ILLEGAL
        kind = ONE_CHAR_KINDS[cls - CC.LP] ?? TokenKind.Illegal;
    }
    this.end = i;
    return this.kind = kind;
  }

  #skipIdChars(i: number): number {
    const z = this.sql;
    while (isIdChar(z.charCodeAt(i))) i++; // NaN past the end is none
    return i;
  }

  /** Decimal, hex and real literals, with `_` separators (SQLite's TK_QNUMBER). */
  #scanNumber(i0: number): number {
    const z = this.sql;
    let kind = TokenKind.Integer;
    let i;
    if (
      z.charCodeAt(i0) === 0x30 && (z.charCodeAt(i0 + 1) | 0x20) === 0x78 &&
      isHexDigit(z.charCodeAt(i0 + 2))
    ) {
      i = this.#digits(i0 + 3, isHexDigit);
    } else {
      i = this.#digits(i0, isDigit);
      if (z.charCodeAt(i) === 0x2e) {
        kind = TokenKind.Float;
        i = this.#digits(i + 1, isDigit);
      }
      const e = z.charCodeAt(i);
      if (e === 0x65 || e === 0x45) {
        const c1 = z.charCodeAt(i + 1);
        if (isDigit(c1) || ((c1 === 0x2b || c1 === 0x2d) && isDigit(z.charCodeAt(i + 2)))) {
          kind = TokenKind.Float;
          i = this.#digits(i + 2, isDigit);
        }
      }
    }
    this.numberEnd = i;
    if (isIdChar(z.charCodeAt(i))) {
      this.kind = TokenKind.Illegal;
      return this.#skipIdChars(i);
    }
    if (this.hasSeparators && badSeparatorText(z.slice(i0, i)) !== null) kind = TokenKind.Illegal;
    this.kind = kind;
    return i;
  }

  /** The end of the digits (`digit`) and `_` separators from `i`, noting any separator. */
  #digits(i: number, digit: (c: number) => boolean): number {
    for (;; i++) {
      const ch = this.sql.charCodeAt(i);
      if (ch === Ch.Underscore) this.hasSeparators = true;
      else if (!digit(ch)) return i;
    }
  }

  /** `$name`, `:name`, `@name`, `#name`, with `::` inside and a `(...)` suffix. */
  #scanNamedVariable(i0: number): number {
    const z = this.sql;
    let kind = TokenKind.Variable;
    let count = 0;
    let i = i0 + 1;
    // A NUL, or NaN past the end, is none of the characters tested: the loop stops there.
    for (;; i++) {
      const ch = z.charCodeAt(i);
      if (isIdChar(ch)) count++;
      else if (ch === 0x28 && count > 0) {
        // Tcl-style array element: $a(index), ending at ')' and not crossing whitespace.
        let cc = 0;
        do {
          i++;
          cc = z.charCodeAt(i);
        } while (cc > 0 && !isSpace(cc) && cc !== 0x29); // NaN past the end stops it too
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
  #scanBlob(i0: number): number {
    const z = this.sql;
    let i = i0 + 2;
    while (isHexDigit(z.charCodeAt(i))) i++;
    let kind = TokenKind.Blob;
    if (z.charCodeAt(i) !== 0x27 || (i - i0) % 2 !== 0) {
      kind = TokenKind.Illegal;
      while ((z.charCodeAt(i) || 0x27) !== 0x27) i++; // to the quote, a NUL or the end
    }
    if (z.charCodeAt(i) > 0) i++;
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
export function badSeparatorText(text: string): string | null {
  const digit = text[0] === "0" && (text[1] === "x" || text[1] === "X") ? isHexDigit : isDigit;
  const buf = text.split("");
  let out = 0;
  let message: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== Ch.Underscore) {
      buf[out++] = text[i];
      continue;
    }
    // Past either end of the text, charCodeAt is NaN: no digit.
    if (!digit(text.charCodeAt(i - 1)) || !digit(text.charCodeAt(i + 1))) message = buf.join(""); // the last error wins, as in SQLite
  }
  return message;
}
