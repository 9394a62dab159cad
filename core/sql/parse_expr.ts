/**
 * Term rules of the statement parser: CAST, RAISE, CASE, function calls with their
 * DISTINCT / ORDER BY / FILTER / OVER parts, window specifications and frames. The
 * operator rules they build on are in parse_operators.ts.
 */
import type { Rule } from "./ll1.ts";
import type { Expr, Frame, FrameBound, FunctionCall, OrderingTerm, WindowSpec } from "./ast.ts";
import { category, Ids, Nm, Num, type SqlToken } from "./parse_tokens.ts";
import { Max, syntaxError } from "./parse_support.ts";

import { dequote } from "./tokenize.ts";
import { TokenKind } from "./token_kinds.ts";

import { OperatorParser } from "./parse_operators.ts";

/** RAISE's ROLLBACK, ABORT or FAIL (the ones with a message). */
const RAISE_ACTION = category([TokenKind.Rollback, TokenKind.Abort, TokenKind.Fail]);
/** A frame's unit: RANGE, ROWS or GROUPS. */
const FRAME_UNIT = category([TokenKind.Range, TokenKind.Rows, TokenKind.Groups]);
/** PRECEDING or FOLLOWING after a frame bound's offset. */
const FRAME_SIDE = category([TokenKind.Preceding, TokenKind.Following]);
/** EXCLUDE GROUP or EXCLUDE TIES. */
const EXCLUDE_GROUP_OR_TIES = category([TokenKind.Group, TokenKind.Ties]);

/** The expression rules shared by the SELECT and statement rules. */
export abstract class ExprParser extends OperatorParser {
  /** `CAST ( expr AS typetoken )`. */
  override castExpr: Rule<[], Expr> = this.RULE(() => {
    const t = this.tok(TokenKind.Cast);
    this.tok(TokenKind.LParen);
    const operand = this.nestedExpr(2);
    const hOperand = this.h;
    this.tok(TokenKind.As);
    let typeStart = -1, typeEnd = -1;
    this.OPTION(() => {
      const first = this.CONSUME(Ids);
      let last: SqlToken = first;
      this.MANY(() => {
        last = this.CONSUME(Ids);
      });
      this.OPTION(() => {
        this.tok(TokenKind.LParen);
        this.SUBRULE(this.signedNumber);
        this.OPTION(() => {
          this.tok(TokenKind.Comma);
          this.SUBRULE(this.signedNumber);
        }, 3);
        last = this.tok(TokenKind.RParen);
      }, 2);
      typeStart = first.start;
      typeEnd = (last as SqlToken).end;
    });
    const rp = this.tok(TokenKind.RParen);
    return this.ACTION(() => {
      this.setHeight(hOperand + 1, false);
      // SQLite keeps the type's source text (dequoted if it starts with a quote).
      const typeName = typeStart < 0 ? "" : dequote(this.sql.slice(typeStart, typeEnd));
      return {
        kind: "cast",
        operand,
        typeName,
        start: t.start,
        end: (rp as SqlToken).end,
      } as Expr;
    });
  });

  /** `[+|-] number` (no `_` separators: SQLite's `number` class excludes them). */
  signedNumber: Rule<[], string> = this.RULE(() => {
    let sign = "";
    this.OPTION(() => {
      this.OR([
        { ALT: () => this.tok(TokenKind.Plus) },
        {
          ALT: () => {
            this.tok(TokenKind.Minus);
            sign = "-";
          },
        },
      ]);
    });
    const n = this.CONSUME(Num);
    return this.ACTION(() => {
      const text = this.text(n);
      // A number with `_` separators is SQLite's QNUMBER, which `number` does not accept.
      if (text.includes("_")) throw syntaxError(text, n.start);
      return sign + text;
    });
  });

  /** `RAISE ( IGNORE )` / `RAISE ( ROLLBACK|ABORT|FAIL , expr )`. */
  override raiseExpr: Rule<[], Expr> = this.RULE(() => {
    const t = this.tok(TokenKind.Raise);
    this.tok(TokenKind.LParen);
    let action: "ignore" | "rollback" | "abort" | "fail" = "ignore";
    let message: Expr | null = null;
    this.OR([
      { ALT: () => this.tok(TokenKind.Ignore) },
      {
        ALT: () => {
          const a = this.CONSUME(RAISE_ACTION);
          this.tok(TokenKind.Comma);
          message = this.nestedExpr(4);
          this.ACTION(() => (action = this.text(a).toLowerCase() as typeof action));
        },
      },
    ]);
    const rp = this.tok(TokenKind.RParen);
    return this.ACTION(() => {
      this.setHeight(message ? this.h + 1 : 1);
      return {
        kind: "raise",
        action,
        message,
        start: t.start,
        end: (rp as SqlToken).end,
      } as Expr;
    });
  });

  /** `CASE [expr] WHEN expr THEN expr ... [ELSE expr] END`. */
  override caseExpr: Rule<[], Expr> = this.RULE(() => {
    const t = this.tok(TokenKind.Case);
    let operand: Expr | null = null;
    let h = 0;
    this.OPTION(() => {
      operand = this.nestedExpr(1);
      h = this.h;
    });
    const whens: { when: Expr; then: Expr }[] = [];
    // WHEN ... THEN ... once, then while the next token is a WHEN.
    const arm = () => {
      this.tok(TokenKind.When);
      const extra = whens.length ? 1 : 0;
      const when = this.nestedExpr(3 + extra);
      if (this.h > h) h = this.h;
      this.tok(TokenKind.Then);
      const then = this.nestedExpr(5 + extra);
      if (this.h > h) h = this.h;
      whens.push({ when, then });
    };
    arm();
    this.MANY(arm);
    let otherwise: Expr | null = null;
    this.OPTION(() => {
      this.tok(TokenKind.Else);
      otherwise = this.nestedExpr(4);
      if (this.h > h) h = this.h;
    }, 2);
    const end = this.tok(TokenKind.End);
    return this.ACTION(() => {
      // SQLite first sets the operand's height + 1, never above this one: its check could
      // only raise the message this one raises.
      this.setHeight(h + 1);
      return {
        kind: "case",
        operand,
        whens,
        otherwise,
        start: t.start,
        end: (end as SqlToken).end,
      } as Expr;
    });
  });

  /** After a function name: `( [DISTINCT|ALL] args [ORDER BY ...] | * ) [FILTER] [OVER]`. */
  override functionCall: Rule<[SqlToken], Expr> = this.RULE((nameTok: SqlToken) => {
    this.tok(TokenKind.LParen);
    this.push(3);
    let distinct = false, star = false;
    let args: Expr[] = [];
    let orderBy: OrderingTerm[] | null = null;
    let hArgs = 0;
    this.OR([
      {
        ALT: () => {
          this.tok(TokenKind.Star);
          star = true;
        },
      },
      {
        ALT: () => {
          this.OPTION(() => {
            this.OR([
              {
                ALT: () => {
                  this.tok(TokenKind.Distinct);
                  distinct = true;
                },
              },
              { ALT: () => this.tok(TokenKind.All) },
            ], 2);
          });
          args = this.SUBRULE(this.exprList);
          hArgs = this.h;
          this.OPTION(() => {
            this.tok(TokenKind.Order);
            this.tok(TokenKind.By);
            orderBy = this.SUBRULE(this.sortList);
          }, 2);
        },
      },
    ]);
    let end: SqlToken = this.tok(TokenKind.RParen);
    this.pop(3);
    let filter: Expr | null = null;
    let over: WindowSpec | string | null = null;
    this.OPTION(() => {
      this.tok(TokenKind.Filter);
      this.tok(TokenKind.LParen);
      this.tok(TokenKind.Where);
      filter = this.nestedExpr(3);
      end = this.tok(TokenKind.RParen);
    }, 3);
    this.OPTION(() => {
      this.tok(TokenKind.Over);
      this.OR([
        {
          ALT: () => {
            this.tok(TokenKind.LParen);
            over = this.SUBRULE(this.windowSpec);
            end = this.tok(TokenKind.RParen);
          },
        },
        {
          ALT: () => {
            end = this.CONSUME(Nm);
            this.ACTION(() => (over = this.name(end)));
          },
        },
      ], 3);
    }, 4);
    return this.ACTION(() => {
      const name = this.name(nameTok);
      this.setHeight(args.length ? hArgs + 1 : 1);
      if (args.length > Max.FUNCTION_ARG) {
        this.raiseAtReduce(`too many arguments on function ${this.text(nameTok)}`);
      }
      if (over !== null && distinct) {
        this.raiseAtReduce("DISTINCT is not supported for window functions");
      }
      if (over !== null && orderBy && args.length) {
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
        start: nameTok.start,
        end: (end as SqlToken).end,
      };
      return call as Expr;
    });
  });

  /** The inside of `OVER (...)` / `WINDOW w AS (...)`. */
  windowSpec: Rule<[], WindowSpec> = this.RULE(() => {
    const start = this.LA(1).start;
    let base: string | null = null;
    let partitionBy: Expr[] | null = null;
    let orderBy: OrderingTerm[] | null = null;
    let frame: Frame | null = null;
    this.OPTION({
      GATE: () => {
        const k = this.LA(1).kind;
        return k !== TokenKind.Partition && k !== TokenKind.Range && k !== TokenKind.Rows &&
          k !== TokenKind.Groups;
      },
      DEF: () => {
        const t = this.CONSUME(Nm);
        this.ACTION(() => (base = this.name(t)));
      },
    });
    this.OPTION(() => {
      this.tok(TokenKind.Partition);
      this.tok(TokenKind.By);
      partitionBy = this.commaList(() => this.subExpr());
    }, 2);
    this.OPTION(() => {
      this.tok(TokenKind.Order);
      this.tok(TokenKind.By);
      orderBy = this.SUBRULE(this.sortList);
    }, 3);
    this.OPTION(() => {
      frame = this.SUBRULE(this.frameSpec);
    }, 4);
    return this.ACTION(() => {
      const end = this.LA(0) as SqlToken;
      return { base, partitionBy, orderBy, frame, start, end: Math.max(start, end.end) };
    });
  });

  /** `RANGE|ROWS|GROUPS bound | BETWEEN bound AND bound [EXCLUDE ...]`. */
  frameSpec: Rule<[], Frame> = this.RULE(() => {
    const u = this.CONSUME(FRAME_UNIT);
    let start: FrameBound, end: FrameBound | null = null;
    this.OR([
      {
        ALT: () => {
          this.tok(TokenKind.Between);
          start = this.SUBRULE(this.frameBound, { ARGS: [true] });
          this.tok(TokenKind.And);
          end = this.SUBRULE(this.frameBound, { ARGS: [false] });
        },
      },
      { ALT: () => (start = this.SUBRULE(this.frameBound, { ARGS: [true] })) },
    ], 2);
    let exclude: Frame["exclude"] = null;
    this.OPTION(() => {
      this.tok(TokenKind.Exclude);
      exclude = this.OR([
        {
          ALT: () => {
            this.tok(TokenKind.No);
            this.tok(TokenKind.Others);
            return "noOthers" as const;
          },
        },
        {
          ALT: () => {
            this.tok(TokenKind.Current);
            this.tok(TokenKind.Row);
            return "currentRow" as const;
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(EXCLUDE_GROUP_OR_TIES);
            return this.ACTION(() => this.text(t).toLowerCase() as "group" | "ties");
          },
        },
      ], 3);
    });
    return this.ACTION(() => {
      // SQLite's sqlite3WindowAlloc check: the bounds must be in a usable order.
      const s = start.type, e = end ? (end as FrameBound).type : "currentRow";
      if (
        s === "currentRow" && e === "preceding" ||
        s === "following" && (e === "preceding" || e === "currentRow")
      ) this.raiseAtReduce("unsupported frame specification");
      // range, rows or groups
      return { unit: this.text(u).toLowerCase() as Frame["unit"], start, end, exclude };
    });
  });

  /** One frame bound; `isStart` picks UNBOUNDED PRECEDING vs UNBOUNDED FOLLOWING. */
  frameBound: Rule<[boolean], FrameBound> = this.RULE((isStart: boolean) =>
    this.OR([
      {
        ALT: () => {
          this.tok(TokenKind.Unbounded);
          this.tok(isStart ? TokenKind.Preceding : TokenKind.Following);
          return {
            type: isStart ? "unboundedPreceding" : "unboundedFollowing",
            offset: null,
          } as FrameBound;
        },
      },
      {
        ALT: () => {
          this.tok(TokenKind.Current);
          this.tok(TokenKind.Row);
          return { type: "currentRow", offset: null } as FrameBound;
        },
      },
      {
        ALT: () => {
          const offset = this.subExpr();
          const side = this.CONSUME(FRAME_SIDE);
          // The keyword names the bound: preceding or following.
          return this.ACTION(() => ({ type: this.text(side).toLowerCase(), offset }) as FrameBound);
        },
      },
    ])
  );
}
