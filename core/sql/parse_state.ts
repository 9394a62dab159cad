/**
 * The parser's per-statement state and the helpers every rule layer uses: source text of
 * tokens, SQLite's deferred errors, the expression-height and LALR-depth limits, and
 * parameter numbering. The rules themselves are in parse_operators.ts (operators),
 * parse_expr.ts (terms, calls, windows), parse_select.ts and parse_statement.ts.
 */
import { LL1Parser, type Rule } from "./ll1.ts";
import type { Expr, InList, OrderingTerm, Select, WithClause } from "./ast.ts";
import { type SqlToken, T } from "./parse_tokens.ts";
import { Max, sqlError, syntaxError } from "./parse_support.ts";
import type { SqliteError } from "../errors.ts";
import { blobTokenHex, dequote, numberTokenText } from "./tokenize.ts";
import { TokenKind } from "./token_kinds.ts";
import { getOrMake } from "../util/multimap.ts";
import { isDigit } from "../value/number_text.ts";

/** Per-statement parser state and the helpers the rule layers share. */
export abstract class ParserState extends LL1Parser {
  /** The SQL text being parsed. */
  sql = "";
  /** Height (SQLite's Expr.nHeight) of the expression the last rule returned. */
  h = 0;
  /** Estimated number of symbols on SQLite's LALR stack. */
  #lr = 0;
  /** An error SQLite raises in a reduction; it fires unless a later token fails first. */
  pending: { error: SqliteError; at: number } | null = null;
  /** Parameter names by index (see ParsedStatement.parameters). */
  params: (string | null)[] = [null];
  /**
   * A CTE name has been parsed (SQLite's Parse.bHasWith): VALUES rows that end after it
   * are not read through a co-routine (see ValuesCore.withFromRow).
   */
  withSeen = false;
  /**
   * The constructs whose errors SQLite raises while parsing (IN lists, WITH clauses), for
   * the binder's parse-time checks (analyze/parse_checks.ts). Set by resetFor.
   */
  declare parseChecks: (InList | WithClause)[];
  #paramByName = new Map<string, number>();

  /** Defined by the SELECT layer. */
  declare select: Rule<[], Select>;
  /** Defined by the SELECT layer. */
  declare sortList: Rule<[], OrderingTerm[]>;

  /** Resets the per-statement state. */
  resetFor(sql: string): void {
    this.sql = sql;
    this.h = 0;
    this.#lr = 0;
    this.pending = null;
    this.params = [null];
    this.withSeen = false;
    this.parseChecks = [];
    this.#paramByName.clear();
  }

  /** Consumes the next token, which must be of kind `kind` (CONSUME of `T[kind]`). */
  tok(kind: TokenKind): SqlToken {
    return this.CONSUME(T[kind]);
  }

  /**
   * `item (, item)*`: the items in order, `h` left at the tallest item's height. `n`
   * numbers the MANY as the DSL does; `depth` symbols are pushed around each later item.
   */
  commaList<T>(item: () => T, n?: number, depth = 0): T[] {
    const list = [item()];
    let h = this.h;
    this.MANY(() => {
      this.tok(TokenKind.Comma);
      this.push(depth);
      list.push(item());
      this.pop(depth);
      if (this.h > h) h = this.h;
    }, n);
    this.h = h;
    return list;
  }

  // ---------------------------------------------------------------------------------
  // Helpers (never called while the grammar is recorded)

  /** The source text of a token. */
  text(t: SqlToken): string {
    return this.sql.slice(t.start, (t as SqlToken).end);
  }

  /** The name a `nm`/`ids` token stands for. */
  name(t: SqlToken): string {
    return dequote(this.text(t));
  }

  /** Start offset of the next token (the end of the input at the end). */
  nextStart(): number {
    const t = this.LA(1);
    return t.kind === TokenKind.Eof ? this.sql.length : t.start;
  }

  /**
   * Records an error SQLite raises while reducing a rule: it is raised when the next
   * token is fed, and stands unless that token is itself an error.
   */
  raiseAtReduce(message: string): void {
    const at = this.nextStart();
    if (this.pending && this.pending.at < at) return;
    this.pending = { error: sqlError(message), at };
  }

  /** Records the height of a new node and checks SQLite's limit. */
  setHeight(h: number, check = true): void {
    this.h = h;
    if (check && h > Max.EXPR_DEPTH) {
      this.raiseAtReduce(`Expression tree is too large (maximum depth ${Max.EXPR_DEPTH})`);
    }
  }

  /** Adds `n` symbols to the estimated LALR stack. */
  push(n: number): void {
    if (!this.recording) this.#lr += n;
  }

  /** Removes `n` symbols from the estimated LALR stack. */
  pop(n: number): void {
    if (!this.recording) this.#lr -= n;
  }

  /** Checks the stack limit when `n` more symbols are pushed at a leaf. */
  checkDepth(n: number): void {
    if (!this.recording && this.#lr + n + 1 > Max.PARSER_DEPTH) {
      throw sqlError("Recursion limit", this.LA(1).start);
    }
  }

  /**
   * SQLite's sqlite3ExprAssignVarNumber. Its errors are raised while shifting the token, at
   * its start (a pending error that comes earlier still wins).
   */
  variable(t: SqlToken): Expr {
    const text = this.text(t);
    const start = t.start, end = (t as SqlToken).end;
    if (text[0] === "#" && isDigit(text.charCodeAt(1))) {
      throw syntaxError(text, start);
    }
    let index: number;
    if (text.length === 1) {
      index = this.params.length;
      this.params.push(null);
    } else if (text[0] === "?") {
      const digits = text.slice(1).replace(/^0+/, "");
      index = digits.length > 6 ? Infinity : +digits;
      if (!(index >= 1 && index <= Max.VARIABLE_NUMBER)) {
        throw sqlError(`variable number must be between ?1 and ?${Max.VARIABLE_NUMBER}`, start);
      }
      while (this.params.length <= index) this.params.push(null);
    } else index = getOrMake(this.#paramByName, text, () => this.params.push(text) - 1);
    if (index > Max.VARIABLE_NUMBER) throw sqlError("too many SQL variables", start);
    this.setHeight(1, false);
    return { kind: "variable", text, index, start, end };
  }

  protected literal(t: SqlToken): Expr {
    this.checkDepth(2);
    this.setHeight(1, false);
    const text = this.text(t);
    const start = t.start, end = (t as SqlToken).end;
    switch (t.kind) {
      case TokenKind.Integer:
        return { kind: "literal", type: "integer", text: numberTokenText(text), start, end };
      case TokenKind.Float:
        return { kind: "literal", type: "real", text: numberTokenText(text), start, end };
      case TokenKind.Blob:
        return { kind: "literal", type: "blob", text: blobTokenHex(text), start, end };
      case TokenKind.String:
        return { kind: "literal", type: "string", text: dequote(text), start, end };
      default:
        return { kind: "literal", type: "null", text: "", start, end };
    }
  }

  /** Heights of parsed SELECTs (kept off the AST): SQLite's heightOfSelect. */
  selectHeights: WeakMap<Select, number> = new WeakMap();
}
