/**
 * Operator rules of the statement parser (parse.y's `expr`). Binary operators are parsed by precedence climbing in one rule: `expr(minPrec)`
 * reads an operand, then keeps extending it while the next token binds at least as
 * tightly as `minPrec` (all SQLite binary operators are left-associative).
 *
 * Besides the AST, the rules track two things SQLite limits while parsing: the height of
 * each expression (`Expression tree is too large`) and an estimate of the depth of
 * SQLite's LALR stack (`Recursion limit`).
 */
import type { Alternative, Rule } from "./ll1.ts";
import type { Expr, InList } from "./ast.ts";
import {
  BinOp,
  CtimeKw,
  Idj,
  Ids,
  LikeOp,
  Nm,
  NullOp,
  PlainLiteral,
  type SqlToken,
  UnaryOp,
} from "./parse_tokens.ts";
import { continuationPrec } from "./parse_support.ts";
import { dequote } from "./tokenize.ts";
import { TokenKind } from "./token_kinds.ts";

import { ParserState } from "./parse_state.ts";

/** Operator rules: precedence climbing over unary and primary terms. */
export abstract class OperatorParser extends ParserState {
  /** Defined by the term layer (parse_expr.ts). */
  declare castExpr: Rule<[], Expr>;
  /** Defined by the term layer. */
  declare raiseExpr: Rule<[], Expr>;
  /** Defined by the term layer. */
  declare caseExpr: Rule<[], Expr>;
  /** Defined by the term layer. */
  declare functionCall: Rule<[SqlToken], Expr>;

  /** `expr` whose operators all bind at least as tightly as `minPrec`. */
  expr: Rule<[number, boolean], Expr> = this.RULE((minPrec: number, noAnd: boolean) => {
    let left = this.SUBRULE(this.unary);
    this.MANY({
      GATE: () => {
        const k = this.LA(1).kind;
        const p = continuationPrec(k);
        return p >= minPrec && p > 0 && !(noAnd && k === TokenKind.And);
      },
      DEF: () => {
        left = this.SUBRULE(this.exprTail, { ARGS: [left] });
      },
    });
    return left;
  });

  /** `expr(minPrec, false)` as a sub-rule: an expression (any, by default). */
  subExpr(minPrec = 0): Expr {
    return this.SUBRULE(this.expr, { ARGS: [minPrec, false] });
  }

  /** `subExpr(minPrec)` with `depth` more symbols on the estimated LALR stack around it. */
  nestedExpr(depth: number, minPrec = 0): Expr {
    this.push(depth);
    const e = this.subExpr(minPrec);
    this.pop(depth);
    return e;
  }

  /** One operator and its right operand(s), applied to `left`. */
  exprTail: Rule<[Expr], Expr> = this.RULE((left: Expr) => {
    this.#tailLeft = left;
    return this.OR(this.#tailAlternatives);
  });

  /**
   * The left operand of {@link exprTail}, which each of its alternatives (made once, like
   * primary's) reads first thing, before anything parses another operator.
   */
  #tailLeft: Expr | null = null;

  readonly #tailAlternatives: Alternative<Expr>[] = [
    {
      ALT: () => {
        const left = this.#tailLeft!;
        const op = this.CONSUME(BinOp);
        const hl = this.h;
        this.push(2);
        const right = this.SUBRULE(this.expr, {
          ARGS: [continuationPrec(op.kind) + 1, false],
        });
        this.pop(2);
        return this.ACTION(() => {
          this.setHeight(Math.max(hl, this.h) + 1);
          const k = op.kind;
          return {
            kind: "binary",
            // OR, AND, `==` and `<>` are renamed; every other operator's text is its AST
            // operator (`->` and `->>` included).
            op: k === TokenKind.Or
              ? "or"
              : k === TokenKind.And
              ? "and"
              : k === TokenKind.Eq
              ? "="
              : k === TokenKind.Ne
              ? "!="
              : this.text(op),
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
        const left = this.#tailLeft!;
        this.tok(TokenKind.Is);
        const hl = this.h;
        let not = false, distinct = false;
        this.OPTION(() => {
          this.tok(TokenKind.Not);
          not = true;
        });
        this.OPTION(() => {
          this.tok(TokenKind.Distinct);
          this.tok(TokenKind.From);
          distinct = true;
        }, 2);
        const right = this.nestedExpr(3, 5);
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
        const left = this.#tailLeft!;
        this.tok(TokenKind.Not);
        return this.OR([
          { ALT: () => this.SUBRULE(this.likeTail, { ARGS: [left, true] }) },
          { ALT: () => this.SUBRULE(this.betweenTail, { ARGS: [left, true] }) },
          { ALT: () => this.SUBRULE(this.inTail, { ARGS: [left, true] }) },
          {
            ALT: () => {
              const t = this.tok(TokenKind.Null);
              return this.ACTION(() => this.#nullTest(left, true, t));
            },
          },
        ], 2);
      },
    },
    { ALT: () => this.SUBRULE(this.likeTail, { ARGS: [this.#tailLeft!, false] }) },
    { ALT: () => this.SUBRULE(this.betweenTail, { ARGS: [this.#tailLeft!, false] }) },
    { ALT: () => this.SUBRULE(this.inTail, { ARGS: [this.#tailLeft!, false] }) },
    {
      ALT: () => {
        const left = this.#tailLeft!;
        const t = this.CONSUME(NullOp);
        return this.ACTION(() => this.#nullTest(left, t.kind === TokenKind.Notnull, t));
      },
    },
    {
      ALT: () => {
        const left = this.#tailLeft!;
        this.tok(TokenKind.Collate);
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
  ];

  /** `[NOT] LIKE|GLOB|REGEXP|MATCH expr [ESCAPE expr]` after `left`. */
  likeTail: Rule<[Expr, boolean], Expr> = this.RULE((left: Expr, not: boolean) => {
    const op = this.CONSUME(LikeOp);
    const hl = this.h;
    this.push(2);
    const right = this.subExpr(5);
    let h = Math.max(hl, this.h);
    let escape: Expr | null = null;
    this.OPTION(() => {
      this.tok(TokenKind.Escape);
      escape = this.nestedExpr(2, 5);
      h = Math.max(h, this.h);
    });
    this.pop(2);
    return this.ACTION(() => {
      // SQLite sets h + 1, then h + 2 for NOT's node: one check of the last is the same.
      this.setHeight(not ? h + 2 : h + 1);
      const e = escape as Expr | null;
      const opText = this.text(op);
      return {
        kind: "like",
        op: opText.toLowerCase(), // the keyword: like, glob, regexp or match
        opText,
        not,
        left,
        right,
        escape: e,
        start: left.start,
        end: (e ?? right).end,
      } as Expr;
    });
  });

  /** `[NOT] BETWEEN low AND high` after `left`. */
  betweenTail: Rule<[Expr, boolean], Expr> = this.RULE((left: Expr, not: boolean) => {
    this.tok(TokenKind.Between);
    const hl = this.h;
    this.push(2);
    // Until its AND, the low bound takes every operator but a top-level AND.
    const low = this.SUBRULE(this.expr, { ARGS: [1, true] });
    const h1 = this.h;
    this.tok(TokenKind.And);
    this.push(2);
    const high = this.subExpr(5);
    this.pop(4);
    return this.ACTION(() => {
      // SQLite first sets hl + 1, which is never above the next height: its check could
      // only raise the message the next one raises.
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
  });

  /** `[NOT] IN (list) | (select) | [schema.]table[(args)]` after `left`. */
  inTail: Rule<[Expr, boolean], Expr> = this.RULE((left: Expr, not: boolean) => {
    this.tok(TokenKind.In);
    const hl = this.h;
    this.push(2);
    const result = this.OR([
      {
        ALT: () => {
          this.tok(TokenKind.LParen);
          this.push(1);
          const inner = this.OR([
            {
              // Chosen at SELECT, VALUES or WITH, the tokens that start a select.
              ALT: () => {
                const s = this.SUBRULE(this.select);
                const rp = this.tok(TokenKind.RParen);
                return this.ACTION(() => {
                  this.setHeight(Math.max(hl, this.selectHeights.get(s)!) + 1);
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
                const rp = this.tok(TokenKind.RParen);
                return this.ACTION(() => {
                  this.setHeight(Math.max(hl, hList) + 1);
                  const e: InList = {
                    kind: "inList",
                    not,
                    operand: left,
                    list,
                    start: left.start,
                    end: (rp as SqlToken).end,
                  };
                  this.parseChecks.push(e);
                  return e;
                });
              },
            },
          ], 2);
          this.pop(1);
          return inner;
        },
      },
      {
        ALT: () => {
          const table = this.SUBRULE(this.qualifiedName);
          let args: Expr[] | null = null;
          this.OPTION(() => {
            this.tok(TokenKind.LParen);
            args = this.SUBRULE(this.exprList);
            this.tok(TokenKind.RParen);
          });
          return this.ACTION(() => {
            this.setHeight(hl + 1);
            return {
              kind: "inTable",
              not,
              operand: left,
              schema: table.schema,
              table: table.name,
              args,
              start: left.start,
              end: (this.LA(0) as SqlToken).end,
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
  });

  /** `exprlist`: zero or more comma-separated expressions; `h` = the tallest. */
  exprList: Rule<[], Expr[]> = this.RULE(() => {
    let list: Expr[] = [];
    this.h = 0;
    // Entered only where an expression can start (never at `)`).
    this.OPTION(() => {
      list = this.commaList(() => this.subExpr(), 0, 2);
    });
    return list;
  });

  /** Prefix operators, then a primary expression. */
  unary: Rule<[], Expr> = this.RULE(() =>
    this.OR([
      {
        ALT: () => {
          const t = this.tok(TokenKind.Not);
          const operand = this.nestedExpr(1, 3);
          return this.ACTION(() => {
            this.setHeight(this.h + 1);
            return { kind: "unary", op: "not", operand, start: t.start, end: operand.end };
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
            const k = t.kind;
            // `+x` and `-x` over a unary plus reuse that node in SQLite (no new height).
            const merges = k !== TokenKind.BitNot && operand.kind === "unary" && operand.op === "+";
            if (!merges) this.setHeight(this.h + 1);
            return {
              kind: "unary",
              op: this.text(t), // -, + or ~
              operand,
              start: t.start,
              end: operand.end,
            };
          }) as Expr;
        },
      },
      { ALT: () => this.SUBRULE(this.primary) },
    ])
  );

  /** Operands: literals, names, calls, CASE, CAST, subqueries, row values, ... */
  primary: Rule<[], Expr> = this.RULE(() => this.OR(this.#primaryAlternatives));

  /**
   * The alternatives of {@link primary}, made once: they read nothing but the parser, and
   * an array of closures made for every operand was a third of what a parse allocated.
   */
  readonly #primaryAlternatives: Alternative<Expr>[] = [
    {
      ALT: () => {
        const t = this.CONSUME(PlainLiteral);
        return this.ACTION(() => this.literal(t));
      },
    },
    {
      ALT: () => {
        this.tok(TokenKind.String);
        return this.OR(this.#afterString, 2);
      },
    },
    {
      ALT: () => {
        const t = this.tok(TokenKind.Variable);
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
          return {
            kind: "currentTime",
            // CURRENT_DATE, CURRENT_TIME or CURRENT_TIMESTAMP: date, time or timestamp.
            which: this.text(t).slice(8).toLowerCase(),
            start: t.start,
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
        const t = this.tok(TokenKind.Exists);
        this.tok(TokenKind.LParen);
        this.push(2);
        const s = this.SUBRULE(this.select);
        this.pop(2);
        const rp = this.tok(TokenKind.RParen);
        return this.ACTION(() => {
          this.setHeight(this.selectHeights.get(s)! + 1);
          return { kind: "exists", select: s, start: t.start, end: (rp as SqlToken).end };
        }) as Expr;
      },
    },
    { ALT: () => this.SUBRULE(this.parenExpr) },
    {
      ALT: () => {
        this.CONSUME(Idj);
        return this.OR(this.#afterIdentifier, 3);
      },
    },
  ];

  /**
   * After a name or a string in {@link primary}, which each alternative below reads as the
   * token just consumed (LA(0)), so that they too are made once: `. nm [. nm]`.
   */
  readonly #qualified: Alternative<Expr> = {
    ALT: () => {
      const first = this.LA(0);
      this.tok(TokenKind.Dot);
      return this.SUBRULE(this.qualifiedTail, { ARGS: [first] });
    },
  };

  /** After a string: a qualified column, or the string. */
  readonly #afterString: Alternative<Expr>[] = [
    this.#qualified,
    {
      ALT: () => {
        const t = this.LA(0);
        return this.ACTION(() => this.literal(t));
      },
    },
  ];

  /** After an identifier: a call, a qualified column, or a column. */
  readonly #afterIdentifier: Alternative<Expr>[] = [
    { ALT: () => this.SUBRULE(this.functionCall, { ARGS: [this.LA(0)] }) },
    this.#qualified,
    {
      ALT: () => {
        const t = this.LA(0);
        return this.ACTION(() => {
          this.checkDepth(2);
          this.setHeight(1, false);
          const text = this.text(t);
          return {
            kind: "column",
            schema: null,
            table: null,
            name: dequote(text),
            doubleQuoted: text[0] === '"',
            start: t.start,
            end: (t as SqlToken).end,
          } as Expr;
        });
      },
    },
  ];

  /** `nm [. nm]`: a name and its optional schema, dequoted. */
  qualifiedName: Rule<[], { schema: string | null; name: string }> = this.RULE(() => {
    const first = this.CONSUME(Nm);
    let second: SqlToken | null = null;
    this.OPTION(() => {
      this.tok(TokenKind.Dot);
      second = this.CONSUME(Nm);
    });
    return this.ACTION(() => {
      const s = second as SqlToken | null;
      return { schema: s ? this.name(first) : null, name: this.name(s ?? first) };
    });
  });

  /** After `first .`: `nm` or `nm . nm` (a qualified column reference). */
  qualifiedTail: Rule<[SqlToken], Expr> = this.RULE((first: SqlToken) => {
    const second = this.CONSUME(Nm);
    let third: SqlToken | null = null;
    this.OPTION(() => {
      this.tok(TokenKind.Dot);
      third = this.CONSUME(Nm);
    });
    return this.ACTION(() => {
      this.checkDepth(4);
      const t3 = third as SqlToken | null;
      const last = t3 ?? second;
      this.setHeight(t3 ? 3 : 2);
      const text = this.text(last);
      return {
        kind: "column",
        schema: t3 ? this.name(first) : null,
        table: this.name(t3 ? second : first),
        name: dequote(text),
        doubleQuoted: text[0] === '"',
        start: first.start,
        end: (last as SqlToken).end,
      } as Expr;
    });
  });

  /** `( expr )`, `( expr, expr, ... )` or `( select )`. */
  parenExpr: Rule<[], Expr> = this.RULE(() => {
    const lp = this.tok(TokenKind.LParen);
    this.push(1);
    const result = this.OR([
      {
        // Chosen at SELECT, VALUES or WITH, the tokens that start a select.
        ALT: () => {
          const s = this.SUBRULE(this.select);
          const rp = this.tok(TokenKind.RParen);
          return this.ACTION(() => {
            this.setHeight(this.selectHeights.get(s)! + 1);
            return {
              kind: "subquery",
              select: s,
              start: lp.start,
              end: (rp as SqlToken).end,
            } as Expr;
          });
        },
      },
      {
        ALT: () => {
          // One item leaves `h` at its own height.
          const items = this.commaList(() => this.subExpr(), 0, 2);
          const rp = this.tok(TokenKind.RParen);
          return this.ACTION(() => {
            if (items.length === 1) return items[0];
            // A vector's height is not recomputed from its items in SQLite.
            this.setHeight(1, false);
            return { kind: "row", items, start: lp.start, end: (rp as SqlToken).end };
          }) as Expr;
        },
      },
    ]);
    this.pop(1);
    return result;
  });

  /** `left ISNULL`, `left NOTNULL` or `left NOT NULL`, ending at token `t`. */
  #nullTest(left: Expr, not: boolean, t: SqlToken): Expr {
    this.setHeight(this.h + 1);
    return { kind: "nullTest", not, operand: left, start: left.start, end: (t as SqlToken).end };
  }
}
