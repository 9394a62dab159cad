/**
 * Expression rules of the statement parser (parse.y's `expr`, `term`, function calls,
 * windows). Binary operators are parsed by precedence climbing in one rule: `expr(minPrec)`
 * reads an operand, then keeps extending it while the next token binds at least as
 * tightly as `minPrec` (all SQLite binary operators are left-associative).
 *
 * Besides the AST, the rules track two things SQLite limits while parsing: the height of
 * each expression (`Expression tree is too large`) and an estimate of the depth of
 * SQLite's LALR stack (`Recursion limit`).
 */
import { EmbeddedActionsParser, type IToken, type ParserMethod } from "chevrotain";
import type {
  Expr,
  Frame,
  FrameBound,
  FunctionCall,
  OrderingTerm,
  Select,
  WindowSpec,
} from "./ast.ts";
import {
  ALL_TOKEN_TYPES,
  BinOp,
  CtimeKw,
  Idj,
  Ids,
  kindOf,
  LikeOp,
  Nm,
  NullOp,
  Num,
  PlainLiteral,
  type SqlToken,
  T,
  UnaryOp,
} from "./parse_tokens.ts";
import {
  binaryOpOf,
  continuationPrec,
  frameIsSupported,
  MAX_EXPR_DEPTH,
  MAX_FUNCTION_ARG,
  MAX_PARSER_DEPTH,
  MAX_VARIABLE_NUMBER,
  sqlError,
  syntaxError,
} from "./parse_support.ts";
import type { SqliteError } from "../errors.ts";
import { blobTokenHex, dequote, numberTokenText } from "./tokenize.ts";
import { TokenKind } from "./token_kinds.ts";

/** State and expression rules shared by the SELECT and statement rules. */
export abstract class ExprParser extends EmbeddedActionsParser {
  /** The SQL text being parsed. */
  sql = "";
  /** Height (SQLite's Expr.nHeight) of the expression the last rule returned. */
  h = 0;
  /** Estimated number of symbols on SQLite's LALR stack. */
  lr = 0;
  /** An error SQLite raises in a reduction; it fires unless a later token fails first. */
  pending: { error: SqliteError; at: number } | null = null;
  /** Parameter names by index (see ParsedStatement.parameters). */
  params: (string | null)[] = [null];
  private paramByName = new Map<string, number>();

  /** Defined by the SELECT layer. */
  declare select: ParserMethod<[], Select>;
  /** Defined by the SELECT layer. */
  declare sortList: ParserMethod<[], OrderingTerm[]>;

  constructor() {
    super(ALL_TOKEN_TYPES, { maxLookahead: 1, recoveryEnabled: false, skipValidations: true });
  }

  /** Resets the per-statement state. */
  resetFor(sql: string): void {
    this.sql = sql;
    this.h = 0;
    this.lr = 0;
    this.pending = null;
    this.params = [null];
    this.paramByName.clear();
  }

  // ---------------------------------------------------------------------------------
  // Helpers (never called while chevrotain records the grammar)

  /** The source text of a token. */
  text(t: IToken): string {
    return this.sql.slice(t.startOffset, (t as SqlToken).end);
  }

  /** The name a `nm`/`ids` token stands for. */
  name(t: IToken): string {
    return dequote(this.text(t));
  }

  /** Start offset of the next token (the end of the input at the end). */
  nextStart(): number {
    const t = this.LA(1);
    return kindOf(t) === TokenKind.Eof ? this.sql.length : t.startOffset;
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

  /** Throws an error SQLite raises while shifting token `t` (a pending one wins). */
  raiseAt(message: string, t: IToken): never {
    throw sqlError(message, t.startOffset);
  }

  /** Records the height of a new node and checks SQLite's limit. */
  setHeight(h: number, check = true): void {
    this.h = h;
    if (check && h > MAX_EXPR_DEPTH) {
      this.raiseAtReduce(`Expression tree is too large (maximum depth ${MAX_EXPR_DEPTH})`);
    }
  }

  /** Adds `n` symbols to the estimated LALR stack. */
  push(n: number): void {
    if (!this.RECORDING_PHASE) this.lr += n;
  }

  /** Removes `n` symbols from the estimated LALR stack. */
  pop(n: number): void {
    if (!this.RECORDING_PHASE) this.lr -= n;
  }

  /** Checks the stack limit when `n` more symbols are pushed at a leaf. */
  checkDepth(n: number): void {
    if (!this.RECORDING_PHASE && this.lr + n + 1 > MAX_PARSER_DEPTH) {
      throw sqlError("Recursion limit", this.LA(1).startOffset);
    }
  }

  /** SQLite's sqlite3ExprAssignVarNumber. */
  variable(t: IToken): Expr {
    const text = this.text(t);
    const start = t.startOffset, end = (t as SqlToken).end;
    if (text[0] === "#" && text.charCodeAt(1) >= 0x30 && text.charCodeAt(1) <= 0x39) {
      throw syntaxError(text, start);
    }
    let index: number;
    if (text.length === 1) {
      index = this.params.length;
      this.params.push(null);
    } else if (text[0] === "?") {
      const digits = text.slice(1).replace(/^0+/, "");
      index = digits.length > 6 ? Infinity : Number(digits);
      if (!(index >= 1 && index <= MAX_VARIABLE_NUMBER)) {
        this.raiseAt(`variable number must be between ?1 and ?${MAX_VARIABLE_NUMBER}`, t);
      }
      while (this.params.length <= index) this.params.push(null);
    } else {
      const seen = this.paramByName.get(text);
      if (seen !== undefined) index = seen;
      else {
        index = this.params.length;
        this.params.push(text);
        this.paramByName.set(text, index);
      }
    }
    if (index > MAX_VARIABLE_NUMBER) this.raiseAt("too many SQL variables", t);
    this.setHeight(1, false);
    return { kind: "variable", text, index, start, end };
  }

  // ---------------------------------------------------------------------------------
  // Rules

  /** `expr` whose operators all bind at least as tightly as `minPrec`. */
  expr: ParserMethod<[number, boolean], Expr> = this.RULE(
    "expr",
    (minPrec: number, noAnd: boolean) => {
      let left = this.SUBRULE(this.unary);
      this.MANY({
        GATE: () => {
          const k = kindOf(this.LA(1));
          const p = continuationPrec(k);
          return p >= minPrec && p > 0 && !(noAnd && k === TokenKind.And);
        },
        DEF: () => {
          left = this.SUBRULE(this.exprTail, { ARGS: [left] });
        },
      });
      return left;
    },
  );

  /** One operator and its right operand(s), applied to `left`. */
  exprTail: ParserMethod<[Expr], Expr> = this.RULE("exprTail", (left: Expr) =>
    this.OR([
      {
        ALT: () => {
          const op = this.CONSUME(BinOp);
          const hl = this.h;
          this.push(2);
          const right = this.SUBRULE(this.expr, {
            ARGS: [continuationPrec(kindOf(op)) + 1, false],
          });
          this.pop(2);
          return this.ACTION(() => {
            this.setHeight(Math.max(hl, this.h) + 1);
            return {
              kind: "binary",
              op: binaryOpOf(kindOf(op), this.text(op)),
              left,
              right,
              start: left.start,
              end: right.end,
            } as Expr;
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(T[TokenKind.Is]);
          const hl = this.h;
          let not = false, distinct = false;
          this.OPTION(() => {
            this.CONSUME(T[TokenKind.Not]);
            not = true;
          });
          this.OPTION2(() => {
            this.CONSUME(T[TokenKind.Distinct]);
            this.CONSUME(T[TokenKind.From]);
            distinct = true;
          });
          this.push(3);
          const right = this.SUBRULE2(this.expr, { ARGS: [5, false] });
          this.pop(3);
          return this.ACTION(() => {
            this.setHeight(Math.max(hl, this.h) + 1);
            return {
              kind: "binary",
              op: not !== distinct ? "is not" : "is",
              left,
              right,
              start: left.start,
              end: right.end,
            } as Expr;
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME2(T[TokenKind.Not]);
          return this.OR2([
            { ALT: () => this.SUBRULE(this.likeTail, { ARGS: [left, true] }) },
            { ALT: () => this.SUBRULE(this.betweenTail, { ARGS: [left, true] }) },
            { ALT: () => this.SUBRULE(this.inTail, { ARGS: [left, true] }) },
            {
              ALT: () => {
                const t = this.CONSUME(T[TokenKind.Null]);
                return this.ACTION(() => this.nullTest(left, true, t));
              },
            },
          ]);
        },
      },
      { ALT: () => this.SUBRULE2(this.likeTail, { ARGS: [left, false] }) },
      { ALT: () => this.SUBRULE2(this.betweenTail, { ARGS: [left, false] }) },
      { ALT: () => this.SUBRULE2(this.inTail, { ARGS: [left, false] }) },
      {
        ALT: () => {
          const t = this.CONSUME(NullOp);
          return this.ACTION(() => this.nullTest(left, kindOf(t) === TokenKind.Notnull, t));
        },
      },
      {
        ALT: () => {
          this.CONSUME(T[TokenKind.Collate]);
          const c = this.CONSUME(Ids);
          return this.ACTION(() => {
            // sqlite3ExprAddCollateToken does not recompute the height.
            this.setHeight(1, false);
            return {
              kind: "collate",
              operand: left,
              collation: this.name(c),
              start: left.start,
              end: (c as SqlToken).end,
            } as Expr;
          });
        },
      },
    ]));

  private nullTest(left: Expr, not: boolean, t: IToken): Expr {
    this.setHeight(this.h + 1);
    return { kind: "nullTest", not, operand: left, start: left.start, end: (t as SqlToken).end };
  }

  /** `[NOT] LIKE|GLOB|REGEXP|MATCH expr [ESCAPE expr]` after `left`. */
  likeTail: ParserMethod<[Expr, boolean], Expr> = this.RULE(
    "likeTail",
    (left: Expr, not: boolean) => {
      const op = this.CONSUME(LikeOp);
      const hl = this.h;
      this.push(2);
      const right = this.SUBRULE(this.expr, { ARGS: [5, false] });
      let h = Math.max(hl, this.h);
      let escape: Expr | null = null;
      this.OPTION(() => {
        this.CONSUME(T[TokenKind.Escape]);
        this.push(2);
        escape = this.SUBRULE2(this.expr, { ARGS: [5, false] });
        this.pop(2);
        h = Math.max(h, this.h);
      });
      this.pop(2);
      return this.ACTION(() => {
        this.setHeight(h + 1);
        if (not) this.setHeight(h + 2);
        const e = escape as Expr | null;
        const k = kindOf(op);
        return {
          kind: "like",
          op: k === TokenKind.Glob
            ? "glob"
            : k === TokenKind.Regexp
            ? "regexp"
            : k === TokenKind.Match
            ? "match"
            : "like",
          opText: this.text(op),
          not,
          left,
          right,
          escape: e,
          start: left.start,
          end: (e ?? right).end,
        } as Expr;
      });
    },
  );

  /** `[NOT] BETWEEN low AND high` after `left`. */
  betweenTail: ParserMethod<[Expr, boolean], Expr> = this.RULE(
    "betweenTail",
    (left: Expr, not: boolean) => {
      this.CONSUME(T[TokenKind.Between]);
      const hl = this.h;
      this.push(2);
      // Until its AND, the low bound takes every operator but a top-level AND.
      const low = this.SUBRULE(this.expr, { ARGS: [1, true] });
      const h1 = this.h;
      this.CONSUME(T[TokenKind.And]);
      this.push(2);
      const high = this.SUBRULE2(this.expr, { ARGS: [5, false] });
      this.pop(4);
      return this.ACTION(() => {
        this.setHeight(hl + 1);
        this.setHeight(Math.max(hl, h1, this.h) + 1);
        if (not) this.setHeight(this.h + 1);
        return {
          kind: "between",
          not,
          operand: left,
          low,
          high,
          start: left.start,
          end: high.end,
        } as Expr;
      });
    },
  );

  /** `[NOT] IN (list) | (select) | [schema.]table[(args)]` after `left`. */
  inTail: ParserMethod<[Expr, boolean], Expr> = this.RULE(
    "inTail",
    (left: Expr, not: boolean) => {
      this.CONSUME(T[TokenKind.In]);
      const hl = this.h;
      this.push(2);
      const result = this.OR([
        {
          ALT: () => {
            this.CONSUME(T[TokenKind.LParen]);
            this.push(1);
            const inner = this.OR2([
              {
                GATE: () => this.startsSelect(),
                ALT: () => {
                  const s = this.SUBRULE(this.select);
                  const rp = this.CONSUME(T[TokenKind.RParen]);
                  return this.ACTION(() => {
                    this.setHeight(Math.max(hl, this.selectHeight(s)) + 1);
                    return {
                      kind: "inSelect",
                      not,
                      operand: left,
                      select: s,
                      start: left.start,
                      end: (rp as SqlToken).end,
                    } as Expr;
                  });
                },
              },
              {
                ALT: () => {
                  const list = this.SUBRULE(this.exprList);
                  const hList = this.h;
                  const rp = this.CONSUME2(T[TokenKind.RParen]);
                  return this.ACTION(() => {
                    this.setHeight(Math.max(hl, hList) + 1);
                    return {
                      kind: "inList",
                      not,
                      operand: left,
                      list,
                      start: left.start,
                      end: (rp as SqlToken).end,
                    } as Expr;
                  });
                },
              },
            ]);
            this.pop(1);
            return inner;
          },
        },
        {
          ALT: () => {
            const first = this.CONSUME(Nm);
            let second: IToken | null = null;
            let args: Expr[] | null = null;
            let last = first;
            this.OPTION(() => {
              this.CONSUME(T[TokenKind.Dot]);
              second = last = this.CONSUME2(Nm);
            });
            this.OPTION2(() => {
              this.CONSUME3(T[TokenKind.LParen]);
              args = this.SUBRULE2(this.exprList);
              last = this.CONSUME3(T[TokenKind.RParen]);
            });
            return this.ACTION(() => {
              this.setHeight(hl + 1);
              const s = second as IToken | null;
              return {
                kind: "inTable",
                not,
                operand: left,
                schema: s ? this.name(first) : null,
                table: this.name(s ?? first),
                args,
                start: left.start,
                end: (last as SqlToken).end,
              } as Expr;
            });
          },
        },
      ]);
      this.pop(2);
      return this.ACTION(() => {
        if (not) this.setHeight(this.h + 1);
        return result;
      });
    },
  );

  /** True if the next token starts a SELECT (SELECT, VALUES or WITH). */
  startsSelect(): boolean {
    const k = kindOf(this.LA(1));
    return k === TokenKind.Select || k === TokenKind.Values || k === TokenKind.With;
  }

  /** SQLite's heightOfSelect: the tallest expression of every core. */
  selectHeight(s: Select): number {
    return this.selectHeights.get(s) ?? 0;
  }

  /** Heights of parsed SELECTs (kept off the AST). */
  selectHeights: WeakMap<Select, number> = new WeakMap();

  /** `exprlist`: zero or more comma-separated expressions; `h` = the tallest. */
  exprList: ParserMethod<[], Expr[]> = this.RULE("exprList", () => {
    const list: Expr[] = [];
    let h = 0;
    this.OPTION({
      GATE: () => kindOf(this.LA(1)) !== TokenKind.RParen,
      DEF: () => {
        list.push(this.SUBRULE(this.expr, { ARGS: [0, false] }));
        h = this.h;
        this.MANY(() => {
          this.CONSUME(T[TokenKind.Comma]);
          this.push(2);
          list.push(this.SUBRULE2(this.expr, { ARGS: [0, false] }));
          this.pop(2);
          if (this.h > h) h = this.h;
        });
      },
    });
    this.h = h;
    return list;
  });

  /** Prefix operators, then a primary expression. */
  unary: ParserMethod<[], Expr> = this.RULE("unary", () =>
    this.OR([
      {
        ALT: () => {
          const t = this.CONSUME(T[TokenKind.Not]);
          this.push(1);
          const operand = this.SUBRULE(this.expr, { ARGS: [3, false] });
          this.pop(1);
          return this.ACTION(() => {
            this.setHeight(this.h + 1);
            return { kind: "unary", op: "not", operand, start: t.startOffset, end: operand.end };
          }) as Expr;
        },
      },
      {
        ALT: () => {
          const t = this.CONSUME(UnaryOp);
          this.push(1);
          const operand = this.SUBRULE(this.unary);
          this.pop(1);
          return this.ACTION(() => {
            const k = kindOf(t);
            // `+x` and `-x` over a unary plus reuse that node in SQLite (no new height).
            const merges = k !== TokenKind.BitNot && operand.kind === "unary" && operand.op === "+";
            if (!merges) this.setHeight(this.h + 1);
            return {
              kind: "unary",
              op: k === TokenKind.Minus ? "-" : k === TokenKind.Plus ? "+" : "~",
              operand,
              start: t.startOffset,
              end: operand.end,
            };
          }) as Expr;
        },
      },
      { ALT: () => this.SUBRULE(this.primary) },
    ]));

  /** Operands: literals, names, calls, CASE, CAST, subqueries, row values, ... */
  primary: ParserMethod<[], Expr> = this.RULE("primary", () =>
    this.OR([
      {
        ALT: () => {
          const t = this.CONSUME(PlainLiteral);
          return this.ACTION(() => this.literal(t));
        },
      },
      {
        ALT: () => {
          const t = this.CONSUME(T[TokenKind.String]);
          return this.OR2([
            {
              ALT: () => {
                this.CONSUME(T[TokenKind.Dot]);
                return this.SUBRULE(this.qualifiedTail, { ARGS: [t] });
              },
            },
            { ALT: () => this.ACTION(() => this.literal(t)) },
          ]);
        },
      },
      {
        ALT: () => {
          const t = this.CONSUME(T[TokenKind.Variable]);
          return this.ACTION(() => {
            this.checkDepth(2);
            return this.variable(t);
          });
        },
      },
      {
        ALT: () => {
          const t = this.CONSUME(CtimeKw);
          return this.ACTION(() => {
            this.checkDepth(2);
            this.setHeight(1, false);
            const k = kindOf(t);
            return {
              kind: "currentTime",
              which: k === TokenKind.CurrentDate
                ? "date"
                : k === TokenKind.CurrentTime
                ? "time"
                : "timestamp",
              start: t.startOffset,
              end: (t as SqlToken).end,
            } as Expr;
          });
        },
      },
      { ALT: () => this.SUBRULE(this.castExpr) },
      { ALT: () => this.SUBRULE(this.raiseExpr) },
      { ALT: () => this.SUBRULE(this.caseExpr) },
      {
        ALT: () => {
          const t = this.CONSUME(T[TokenKind.Exists]);
          this.CONSUME(T[TokenKind.LParen]);
          this.push(2);
          const s = this.SUBRULE(this.select);
          this.pop(2);
          const rp = this.CONSUME(T[TokenKind.RParen]);
          return this.ACTION(() => {
            this.setHeight(this.selectHeight(s) + 1);
            return { kind: "exists", select: s, start: t.startOffset, end: (rp as SqlToken).end };
          }) as Expr;
        },
      },
      { ALT: () => this.SUBRULE(this.parenExpr) },
      {
        ALT: () => {
          const t = this.CONSUME(Idj);
          return this.OR3([
            { ALT: () => this.SUBRULE(this.functionCall, { ARGS: [t] }) },
            {
              ALT: () => {
                this.CONSUME2(T[TokenKind.Dot]);
                return this.SUBRULE2(this.qualifiedTail, { ARGS: [t] });
              },
            },
            {
              ALT: () =>
                this.ACTION(() => {
                  this.checkDepth(2);
                  this.setHeight(1, false);
                  const text = this.text(t);
                  return {
                    kind: "column",
                    schema: null,
                    table: null,
                    name: dequote(text),
                    doubleQuoted: text[0] === '"',
                    start: t.startOffset,
                    end: (t as SqlToken).end,
                  } as Expr;
                }),
            },
          ]);
        },
      },
    ]));

  private literal(t: IToken): Expr {
    this.checkDepth(2);
    this.setHeight(1, false);
    const text = this.text(t);
    const start = t.startOffset, end = (t as SqlToken).end;
    switch (kindOf(t)) {
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

  /** After `first .`: `nm` or `nm . nm` (a qualified column reference). */
  qualifiedTail: ParserMethod<[IToken], Expr> = this.RULE("qualifiedTail", (first: IToken) => {
    const second = this.CONSUME(Nm);
    let third: IToken | null = null;
    this.OPTION(() => {
      this.CONSUME(T[TokenKind.Dot]);
      third = this.CONSUME2(Nm);
    });
    return this.ACTION(() => {
      this.checkDepth(4);
      const t3 = third as IToken | null;
      const last = t3 ?? second;
      this.setHeight(t3 ? 3 : 2);
      const text = this.text(last);
      return {
        kind: "column",
        schema: t3 ? this.name(first) : null,
        table: this.name(t3 ? second : first),
        name: dequote(text),
        doubleQuoted: text[0] === '"',
        start: first.startOffset,
        end: (last as SqlToken).end,
      } as Expr;
    });
  });

  /** `( expr )`, `( expr, expr, ... )` or `( select )`. */
  parenExpr: ParserMethod<[], Expr> = this.RULE("parenExpr", () => {
    const lp = this.CONSUME(T[TokenKind.LParen]);
    this.push(1);
    const result = this.OR([
      {
        GATE: () => this.startsSelect(),
        ALT: () => {
          const s = this.SUBRULE(this.select);
          const rp = this.CONSUME(T[TokenKind.RParen]);
          return this.ACTION(() => {
            this.setHeight(this.selectHeight(s) + 1);
            return {
              kind: "subquery",
              select: s,
              start: lp.startOffset,
              end: (rp as SqlToken).end,
            } as Expr;
          });
        },
      },
      {
        ALT: () => {
          const first = this.SUBRULE(this.expr, { ARGS: [0, false] });
          const items = [first];
          let hFirst = this.h;
          this.MANY(() => {
            this.CONSUME(T[TokenKind.Comma]);
            this.push(2);
            items.push(this.SUBRULE2(this.expr, { ARGS: [0, false] }));
            this.pop(2);
          });
          const rp = this.CONSUME2(T[TokenKind.RParen]);
          return this.ACTION(() => {
            if (items.length === 1) {
              this.h = hFirst;
              return first;
            }
            // A vector's height is not recomputed from its items in SQLite.
            hFirst = 1;
            this.setHeight(hFirst, false);
            return { kind: "row", items, start: lp.startOffset, end: (rp as SqlToken).end };
          }) as Expr;
        },
      },
    ]);
    this.pop(1);
    return result;
  });

  /** `CAST ( expr AS typetoken )`. */
  castExpr: ParserMethod<[], Expr> = this.RULE("castExpr", () => {
    const t = this.CONSUME(T[TokenKind.Cast]);
    this.CONSUME(T[TokenKind.LParen]);
    this.push(2);
    const operand = this.SUBRULE(this.expr, { ARGS: [0, false] });
    this.pop(2);
    const hOperand = this.h;
    this.CONSUME(T[TokenKind.As]);
    let typeStart = -1, typeEnd = -1;
    this.OPTION(() => {
      const first = this.CONSUME(Ids);
      let last: IToken = first;
      this.MANY(() => {
        last = this.CONSUME2(Ids);
      });
      this.OPTION2(() => {
        this.CONSUME2(T[TokenKind.LParen]);
        this.SUBRULE(this.signedNumber);
        this.OPTION3(() => {
          this.CONSUME(T[TokenKind.Comma]);
          this.SUBRULE2(this.signedNumber);
        });
        last = this.CONSUME(T[TokenKind.RParen]);
      });
      typeStart = first.startOffset;
      typeEnd = (last as SqlToken).end;
    });
    const rp = this.CONSUME2(T[TokenKind.RParen]);
    return this.ACTION(() => {
      this.setHeight(hOperand + 1, false);
      // SQLite keeps the type's source text (dequoted if it starts with a quote).
      const typeName = typeStart < 0 ? "" : dequote(this.sql.slice(typeStart, typeEnd));
      return {
        kind: "cast",
        operand,
        typeName,
        start: t.startOffset,
        end: (rp as SqlToken).end,
      } as Expr;
    });
  });

  /** `[+|-] number` (no `_` separators: SQLite's `number` class excludes them). */
  signedNumber: ParserMethod<[], string> = this.RULE("signedNumber", () => {
    let sign = "";
    this.OPTION(() => {
      this.OR([
        { ALT: () => this.CONSUME(T[TokenKind.Plus]) },
        {
          ALT: () => {
            this.CONSUME(T[TokenKind.Minus]);
            sign = "-";
          },
        },
      ]);
    });
    const n = this.CONSUME(Num);
    return this.ACTION(() => {
      const text = this.text(n);
      // A number with `_` separators is SQLite's QNUMBER, which `number` does not accept.
      if (text.includes("_")) throw syntaxError(text, n.startOffset);
      return sign + text;
    });
  });

  /** `RAISE ( IGNORE )` / `RAISE ( ROLLBACK|ABORT|FAIL , expr )`. */
  raiseExpr: ParserMethod<[], Expr> = this.RULE("raiseExpr", () => {
    const t = this.CONSUME(T[TokenKind.Raise]);
    this.CONSUME(T[TokenKind.LParen]);
    let action: "ignore" | "rollback" | "abort" | "fail" = "ignore";
    let message: Expr | null = null;
    this.OR([
      { ALT: () => this.CONSUME(T[TokenKind.Ignore]) },
      {
        ALT: () => {
          const a = this.OR2([
            { ALT: () => this.CONSUME(T[TokenKind.Rollback]) },
            { ALT: () => this.CONSUME(T[TokenKind.Abort]) },
            { ALT: () => this.CONSUME(T[TokenKind.Fail]) },
          ]);
          this.CONSUME(T[TokenKind.Comma]);
          this.push(4);
          message = this.SUBRULE(this.expr, { ARGS: [0, false] });
          this.pop(4);
          this.ACTION(() => {
            const k = kindOf(a);
            action = k === TokenKind.Rollback
              ? "rollback"
              : k === TokenKind.Abort
              ? "abort"
              : "fail";
          });
        },
      },
    ]);
    const rp = this.CONSUME(T[TokenKind.RParen]);
    return this.ACTION(() => {
      this.setHeight(message ? this.h + 1 : 1);
      return {
        kind: "raise",
        action,
        message,
        start: t.startOffset,
        end: (rp as SqlToken).end,
      } as Expr;
    });
  });

  /** `CASE [expr] WHEN expr THEN expr ... [ELSE expr] END`. */
  caseExpr: ParserMethod<[], Expr> = this.RULE("caseExpr", () => {
    const t = this.CONSUME(T[TokenKind.Case]);
    let operand: Expr | null = null;
    let h = 0;
    this.OPTION(() => {
      this.push(1);
      operand = this.SUBRULE(this.expr, { ARGS: [0, false] });
      this.pop(1);
      h = this.h;
    });
    const hOperand = h;
    const whens: { when: Expr; then: Expr }[] = [];
    this.AT_LEAST_ONE(() => {
      this.CONSUME(T[TokenKind.When]);
      const extra = whens.length ? 1 : 0;
      this.push(3 + extra);
      const when = this.SUBRULE2(this.expr, { ARGS: [0, false] });
      this.pop(3 + extra);
      if (this.h > h) h = this.h;
      this.CONSUME(T[TokenKind.Then]);
      this.push(5 + extra);
      const then = this.SUBRULE3(this.expr, { ARGS: [0, false] });
      this.pop(5 + extra);
      if (this.h > h) h = this.h;
      whens.push({ when, then });
    });
    let otherwise: Expr | null = null;
    this.OPTION2(() => {
      this.CONSUME(T[TokenKind.Else]);
      this.push(4);
      otherwise = this.SUBRULE4(this.expr, { ARGS: [0, false] });
      this.pop(4);
      if (this.h > h) h = this.h;
    });
    const end = this.CONSUME(T[TokenKind.End]);
    return this.ACTION(() => {
      this.setHeight(hOperand + 1);
      this.setHeight(h + 1);
      return {
        kind: "case",
        operand,
        whens,
        otherwise,
        start: t.startOffset,
        end: (end as SqlToken).end,
      } as Expr;
    });
  });

  /** After a function name: `( [DISTINCT|ALL] args [ORDER BY ...] | * ) [FILTER] [OVER]`. */
  functionCall: ParserMethod<[IToken], Expr> = this.RULE("functionCall", (nameTok: IToken) => {
    this.CONSUME(T[TokenKind.LParen]);
    this.push(3);
    let distinct = false, star = false;
    let args: Expr[] = [];
    let orderBy: OrderingTerm[] | null = null;
    let hArgs = 0;
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T[TokenKind.Star]);
          star = true;
        },
      },
      {
        ALT: () => {
          this.OPTION(() => {
            this.OR2([
              {
                ALT: () => {
                  this.CONSUME(T[TokenKind.Distinct]);
                  distinct = true;
                },
              },
              { ALT: () => this.CONSUME(T[TokenKind.All]) },
            ]);
          });
          args = this.SUBRULE(this.exprList);
          hArgs = this.h;
          this.OPTION2(() => {
            this.CONSUME(T[TokenKind.Order]);
            this.CONSUME(T[TokenKind.By]);
            orderBy = this.SUBRULE(this.sortList);
          });
        },
      },
    ]);
    let end: IToken = this.CONSUME(T[TokenKind.RParen]);
    this.pop(3);
    let filter: Expr | null = null;
    let over: WindowSpec | string | null = null;
    this.OPTION3(() => {
      this.CONSUME(T[TokenKind.Filter]);
      this.CONSUME2(T[TokenKind.LParen]);
      this.CONSUME(T[TokenKind.Where]);
      this.push(3);
      filter = this.SUBRULE(this.expr, { ARGS: [0, false] });
      this.pop(3);
      end = this.CONSUME2(T[TokenKind.RParen]);
    });
    this.OPTION4(() => {
      this.CONSUME(T[TokenKind.Over]);
      this.OR3([
        {
          ALT: () => {
            this.CONSUME3(T[TokenKind.LParen]);
            over = this.SUBRULE(this.windowSpec);
            end = this.CONSUME3(T[TokenKind.RParen]);
          },
        },
        {
          ALT: () => {
            end = this.CONSUME(Nm);
            this.ACTION(() => (over = this.name(end)));
          },
        },
      ]);
    });
    return this.ACTION(() => {
      const name = this.name(nameTok);
      this.setHeight(args.length ? hArgs + 1 : 1);
      if (args.length > MAX_FUNCTION_ARG) {
        this.raiseAtReduce(`too many arguments on function ${this.text(nameTok)}`);
      }
      if (over !== null && distinct) {
        this.raiseAtReduce("DISTINCT is not supported for window functions");
      }
      if (over !== null && orderBy !== null && args.length > 0) {
        this.raiseAtReduce(`ORDER BY may not be used with non-aggregate ${name}()`);
      }
      const call: FunctionCall = {
        kind: "function",
        name,
        distinct,
        star,
        args,
        orderBy,
        filter,
        over,
        start: nameTok.startOffset,
        end: (end as SqlToken).end,
      };
      return call as Expr;
    });
  });

  /** The inside of `OVER (...)` / `WINDOW w AS (...)`. */
  windowSpec: ParserMethod<[], WindowSpec> = this.RULE("windowSpec", () => {
    const start = this.LA(1).startOffset;
    let base: string | null = null;
    let partitionBy: Expr[] | null = null;
    let orderBy: OrderingTerm[] | null = null;
    let frame: Frame | null = null;
    this.OPTION({
      GATE: () => {
        const k = kindOf(this.LA(1));
        return k !== TokenKind.Partition && k !== TokenKind.Range && k !== TokenKind.Rows &&
          k !== TokenKind.Groups;
      },
      DEF: () => {
        const t = this.CONSUME(Nm);
        this.ACTION(() => (base = this.name(t)));
      },
    });
    this.OPTION2(() => {
      this.CONSUME(T[TokenKind.Partition]);
      this.CONSUME(T[TokenKind.By]);
      partitionBy = [this.SUBRULE(this.expr, { ARGS: [0, false] })];
      this.MANY(() => {
        this.CONSUME(T[TokenKind.Comma]);
        partitionBy!.push(this.SUBRULE2(this.expr, { ARGS: [0, false] }));
      });
    });
    this.OPTION3(() => {
      this.CONSUME(T[TokenKind.Order]);
      this.CONSUME2(T[TokenKind.By]);
      orderBy = this.SUBRULE(this.sortList);
    });
    this.OPTION4(() => {
      frame = this.SUBRULE(this.frameSpec);
    });
    return this.ACTION(() => {
      const end = this.LA(0) as SqlToken;
      return { base, partitionBy, orderBy, frame, start, end: Math.max(start, end.end) };
    });
  });

  /** `RANGE|ROWS|GROUPS bound | BETWEEN bound AND bound [EXCLUDE ...]`. */
  frameSpec: ParserMethod<[], Frame> = this.RULE("frameSpec", () => {
    const u = this.OR([
      { ALT: () => this.CONSUME(T[TokenKind.Range]) },
      { ALT: () => this.CONSUME(T[TokenKind.Rows]) },
      { ALT: () => this.CONSUME(T[TokenKind.Groups]) },
    ]);
    let start: FrameBound, end: FrameBound | null = null;
    this.OR2([
      {
        ALT: () => {
          this.CONSUME(T[TokenKind.Between]);
          start = this.SUBRULE(this.frameBound, { ARGS: [true] });
          this.CONSUME(T[TokenKind.And]);
          end = this.SUBRULE2(this.frameBound, { ARGS: [false] });
        },
      },
      { ALT: () => (start = this.SUBRULE3(this.frameBound, { ARGS: [true] })) },
    ]);
    let exclude: Frame["exclude"] = null;
    this.OPTION(() => {
      this.CONSUME(T[TokenKind.Exclude]);
      exclude = this.OR3([
        {
          ALT: () => {
            this.CONSUME(T[TokenKind.No]);
            this.CONSUME(T[TokenKind.Others]);
            return "noOthers" as const;
          },
        },
        {
          ALT: () => {
            this.CONSUME(T[TokenKind.Current]);
            this.CONSUME(T[TokenKind.Row]);
            return "currentRow" as const;
          },
        },
        { ALT: () => (this.CONSUME(T[TokenKind.Group]), "group" as const) },
        { ALT: () => (this.CONSUME(T[TokenKind.Ties]), "ties" as const) },
      ]);
    });
    return this.ACTION(() => {
      const k = kindOf(u);
      const frame: Frame = {
        unit: k === TokenKind.Range ? "range" : k === TokenKind.Rows ? "rows" : "groups",
        start,
        end,
        exclude,
      };
      if (!frameIsSupported(frame)) this.raiseAtReduce("unsupported frame specification");
      return frame;
    });
  });

  /** One frame bound; `isStart` picks UNBOUNDED PRECEDING vs UNBOUNDED FOLLOWING. */
  frameBound: ParserMethod<[boolean], FrameBound> = this.RULE(
    "frameBound",
    (isStart: boolean) =>
      this.OR([
        {
          ALT: () => {
            this.CONSUME(T[TokenKind.Unbounded]);
            return this.OR2([
              {
                GATE: () => isStart,
                ALT: () => {
                  this.CONSUME(T[TokenKind.Preceding]);
                  return { type: "unboundedPreceding", offset: null } as FrameBound;
                },
              },
              {
                GATE: () => !isStart,
                ALT: () => {
                  this.CONSUME(T[TokenKind.Following]);
                  return { type: "unboundedFollowing", offset: null } as FrameBound;
                },
              },
            ]);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T[TokenKind.Current]);
            this.CONSUME(T[TokenKind.Row]);
            return { type: "currentRow", offset: null } as FrameBound;
          },
        },
        {
          ALT: () => {
            const offset = this.SUBRULE(this.expr, { ARGS: [0, false] });
            return this.OR3([
              {
                ALT: () => {
                  this.CONSUME2(T[TokenKind.Preceding]);
                  return { type: "preceding", offset } as FrameBound;
                },
              },
              {
                ALT: () => {
                  this.CONSUME2(T[TokenKind.Following]);
                  return { type: "following", offset } as FrameBound;
                },
              },
            ]);
          },
        },
      ]),
  );
}
