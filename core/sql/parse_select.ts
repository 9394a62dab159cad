/**
 * SELECT rules of the statement parser: WITH, compound selects, result columns, FROM
 * (joins, subqueries, table functions, parenthesized joins), WHERE, GROUP BY, HAVING,
 * WINDOW, ORDER BY, LIMIT and VALUES. Follows parse.y's `select`, `oneselect`,
 * `seltablist`, `joinop`, `sortlist`, `wqlist`.
 */
import type { Rule } from "./ll1.ts";
import type {
  CommonTableExpr,
  CompoundOp,
  Expr,
  FromClause,
  FromItem,
  JoinedItem,
  JoinOperator,
  NamedWindow,
  OrderingTerm,
  ResultColumn,
  Select,
  SelectCore,
  ValuesCore,
  WithClause,
} from "./ast.ts";
import { ExprParser } from "./parse_expr.ts";
import {
  category,
  CompoundOp as CompoundTok,
  Ids,
  JoinKw,
  Nm,
  type SqlToken,
} from "./parse_tokens.ts";
import { Max, syntaxError } from "./parse_support.ts";
import { TokenKind } from "./token_kinds.ts";
import { isSpace } from "../value/number_text.ts";

/** One `oneselect` before compounding: ORDER BY / LIMIT may sit on any of them. */
interface OneSelect {
  core: SelectCore | ValuesCore;
  orderBy: OrderingTerm[] | null;
  limit: { limit: Expr; offset: Expr | null } | null;
  height: number;
}

/** ASC or DESC. */
const ASC_DESC = category([TokenKind.Asc, TokenKind.Desc]);
/** FIRST or LAST, after NULLS. */
const FIRST_LAST = category([TokenKind.First, TokenKind.Last]);

/** What each join keyword sets in sqlite3JoinType's code. */
const JOIN_WORDS: Record<string, number> = {
  natural: 1,
  left: 2 | 16,
  outer: 16,
  right: 4 | 16,
  full: 2 | 4 | 16,
  inner: 32,
  cross: 32 | 64,
};

/** The error of a VALUES row with another number of terms than the first (binder too). */
export const VALUES_TERMS_ERROR = "all VALUES must have the same number of terms";

/** A compound operator as SQLite writes it in its error messages. */
export const COMPOUND_NAMES: Record<CompoundOp, string> = {
  union: "UNION",
  unionAll: "UNION ALL",
  intersect: "INTERSECT",
  except: "EXCEPT",
};

/** Adds the SELECT rules to the expression rules. */
export abstract class SelectParser extends ExprParser {
  /** A full SELECT, with its optional WITH clause. */
  override select: Rule<[], Select> = this.RULE(() => {
    let w: WithClause | null = null;
    this.OPTION(() => {
      w = this.SUBRULE(this.withClause);
    });
    return this.SUBRULE(this.selectBody, { ARGS: [w] });
  });

  /** Compound of `oneselect`s, ORDER BY and LIMIT, after an optional WITH clause. */
  selectBody: Rule<[WithClause | null], Select> = this.RULE((w: WithClause | null) => {
    const parts: OneSelect[] = [this.SUBRULE(this.oneSelect)];
    const ops: CompoundOp[] = [];
    this.MANY(() => {
      ops.push(this.SUBRULE(this.compoundOp));
      this.push(2);
      parts.push(this.SUBRULE(this.oneSelect));
      this.pop(2);
    });
    return this.ACTION(() => {
      // parserDoubleLinkSelect: walking from the right, the first earlier term with an
      // ORDER BY or LIMIT is an error; so is a compound of too many terms.
      for (let i = parts.length - 2; i >= 0; i--) {
        const p = parts[i];
        if (p.orderBy || p.limit) {
          const what = p.orderBy ? "ORDER BY" : "LIMIT";
          this.raiseAtReduce(
            `${what} clause should come after ${COMPOUND_NAMES[ops[i]]} not before`,
          );
          break;
        }
      }
      const last = parts.at(-1)!;
      if (parts.length > Max.COMPOUND_SELECT && last.core.kind !== "values") {
        this.raiseAtReduce("too many terms in compound SELECT");
      }
      let height = 0;
      for (const p of parts) if (p.height > height) height = p.height;
      const select: Select = {
        with: w,
        first: parts[0].core,
        compounds: ops.map((op, i) => ({ op, core: parts[i + 1].core })),
        orderBy: last.orderBy,
        limit: last.limit,
        start: w ? w.start : parts[0].core.start,
        end: (this.LA(0) as SqlToken).end,
      };
      this.selectHeights.set(select, height);
      return select;
    });
  });

  /** UNION [ALL] | INTERSECT | EXCEPT. */
  compoundOp: Rule<[], CompoundOp> = this.RULE(() => {
    const t = this.CONSUME(CompoundTok);
    let all = false;
    this.OPTION({
      GATE: () => t.kind === TokenKind.Union,
      DEF: () => {
        this.tok(TokenKind.All);
        all = true;
      },
    });
    // The keyword names the operator: union, intersect or except.
    return this.ACTION(() => all ? "unionAll" : this.text(t).toLowerCase() as CompoundOp);
  });

  /** `SELECT ...` with its own ORDER BY / LIMIT, or `VALUES (...), ...`. */
  oneSelect: Rule<[], OneSelect> = this.RULE(() =>
    this.OR([
      { ALT: () => this.SUBRULE(this.selectCore) },
      { ALT: () => this.SUBRULE(this.valuesCore) },
    ])
  );

  /** `VALUES (...), (...)`. */
  valuesCore: Rule<[], OneSelect> = this.RULE(() => {
    const t = this.tok(TokenKind.Values);
    const rows: Expr[][] = [];
    let withFromRow: number | null = null;
    let height = 0;
    // `( exprs )`, with `depth` more symbols on the estimated LALR stack around the exprs.
    const row = (depth: number) => {
      this.tok(TokenKind.LParen);
      // `nexprlist` may not be empty: fail at `)` as SQLite does.
      this.ACTION(() => {
        const t = this.LA(1);
        if (t.kind === TokenKind.RParen) throw syntaxError(this.text(t), t.start);
      });
      this.push(depth);
      rows.push(this.SUBRULE(this.exprList));
      this.pop(depth);
      if (this.h > height) height = this.h;
      this.tok(TokenKind.RParen);
    };
    row(2);
    this.MANY(() => {
      this.tok(TokenKind.Comma);
      row(0);
      this.ACTION(() => {
        if (rows.at(-1)!.length !== rows[0].length) {
          this.raiseAtReduce(VALUES_TERMS_ERROR);
        }
        if (this.withSeen && withFromRow === null) withFromRow = rows.length - 1;
      });
    });
    return this.ACTION(() => ({
      core: {
        kind: "values",
        rows,
        withFromRow,
        start: t.start,
        end: (this.LA(0) as SqlToken).end,
      } as ValuesCore,
      orderBy: null,
      limit: null,
      height,
    }));
  });

  /** `SELECT [DISTINCT|ALL] columns [FROM] [WHERE] [GROUP BY] [HAVING] [WINDOW] ...`. */
  selectCore: Rule<[], OneSelect> = this.RULE(() => {
    const t = this.tok(TokenKind.Select);
    let distinct = false;
    this.OPTION(() => {
      this.OR([
        {
          ALT: () => {
            this.tok(TokenKind.Distinct);
            distinct = true;
          },
        },
        { ALT: () => this.tok(TokenKind.All) },
      ]);
    });
    let height = 0;
    const track = () => {
      if (this.h > height) height = this.h;
    };
    this.push(4);
    const columns: ResultColumn[] = this.commaList(() => this.SUBRULE(this.resultColumn));
    track();
    this.pop(4);
    let from: FromClause | null = null;
    let where: Expr | null = null;
    let groupBy: Expr[] | null = null;
    let having: Expr | null = null;
    let windows: NamedWindow[] | null = null;
    let orderBy: OrderingTerm[] | null = null;
    let limit: { limit: Expr; offset: Expr | null } | null = null;
    this.OPTION(() => {
      this.tok(TokenKind.From);
      this.push(4);
      from = this.SUBRULE(this.fromClause);
      this.pop(4);
    }, 2);
    this.OPTION(() => {
      this.tok(TokenKind.Where);
      where = this.nestedExpr(5);
      track();
    }, 3);
    this.OPTION(() => {
      this.tok(TokenKind.Group);
      this.tok(TokenKind.By);
      this.push(7);
      groupBy = this.commaList(() => this.subExpr(), 2);
      track();
      this.pop(7);
    }, 4);
    this.OPTION(() => {
      this.tok(TokenKind.Having);
      having = this.nestedExpr(7);
      track();
    }, 5);
    this.OPTION(() => {
      this.tok(TokenKind.Window);
      windows = this.commaList(() => this.SUBRULE(this.namedWindow), 3);
    }, 6);
    this.OPTION(() => {
      this.tok(TokenKind.Order);
      this.tok(TokenKind.By);
      this.push(9);
      orderBy = this.SUBRULE(this.sortList);
      this.pop(9);
      track();
    }, 7);
    this.OPTION(() => {
      this.tok(TokenKind.Limit);
      this.push(10);
      const n = this.subExpr();
      let hl = this.h;
      let offset: Expr | null = null;
      let swap = false;
      this.OPTION(() => {
        this.OR([
          { ALT: () => this.tok(TokenKind.Offset) },
          {
            ALT: () => {
              this.tok(TokenKind.Comma);
              swap = true;
            },
          },
        ], 2);
        offset = this.subExpr();
        if (this.h > hl) hl = this.h;
      }, 9);
      this.pop(10);
      this.ACTION(() => {
        this.h = hl + 1;
        track();
        const o = offset as Expr | null;
        limit = swap ? { limit: o!, offset: n } : { limit: n, offset: o };
      });
    }, 8);
    return this.ACTION(() => ({
      core: {
        kind: "core",
        distinct,
        columns,
        from,
        where,
        groupBy,
        having,
        windows,
        start: t.start,
        end: (this.LA(0) as SqlToken).end,
      } as SelectCore,
      orderBy,
      limit,
      height,
    }));
  });

  /** `*`, `table.*`, or `expr [[AS] alias]`. */
  resultColumn: Rule<[], ResultColumn> = this.RULE(() =>
    this.OR([
      {
        ALT: () => {
          const t = this.tok(TokenKind.Star);
          return this.ACTION(() => {
            this.h = 0;
            return { kind: "star", start: t.start, end: (t as SqlToken).end } as const;
          });
        },
      },
      {
        GATE: () => this.LA(2).kind === TokenKind.Dot && this.LA(3).kind === TokenKind.Star,
        ALT: () => {
          const n = this.CONSUME(Nm);
          this.tok(TokenKind.Dot);
          const s = this.tok(TokenKind.Star);
          return this.ACTION(() => {
            this.h = 0;
            return {
              kind: "tableStar",
              schema: null,
              table: this.name(n),
              start: n.start,
              end: (s as SqlToken).end,
            } as const;
          });
        },
      },
      {
        ALT: () => {
          // The expression node may start inside parentheses; the name starts at the token.
          const textStart = this.ACTION(() => this.nextStart());
          const e = this.subExpr();
          const h = this.h;
          const textEnd = this.ACTION(() => this.nextStart());
          const alias = this.SUBRULE(this.alias);
          return this.ACTION(() => {
            this.h = h;
            let end = textEnd;
            // The text starts at a token, which is no space: no lower bound needed.
            while (isSpace(this.sql.charCodeAt(end - 1))) end--;
            const last = this.LA(0) as SqlToken;
            return {
              kind: "expr",
              expr: e,
              alias,
              text: this.sql.slice(textStart, end),
              start: textStart,
              end: last.end,
            } as ResultColumn;
          });
        },
      },
    ])
  );

  /** `[AS nm | ids]`: the alias, dequoted, or null. */
  alias: Rule<[], string | null> = this.RULE(() => {
    let name: string | null = null;
    this.OPTION(() => {
      const t = this.OR([
        {
          ALT: () => {
            this.tok(TokenKind.As);
            return this.CONSUME(Nm);
          },
        },
        { ALT: () => this.CONSUME(Ids) },
      ]);
      this.ACTION(() => (name = this.name(t)));
    });
    return name;
  });

  /** `seltablist`: FROM items joined by commas or JOIN operators. */
  fromClause: Rule<[], FromClause> = this.RULE(() => {
    const start = this.LA(1).start;
    const items: JoinedItem[] = [];
    this.SUBRULE(this.fromItem, { ARGS: [null, items] });
    this.MANY(() => {
      const j = this.SUBRULE(this.joinOp);
      this.push(1);
      this.SUBRULE(this.fromItem, { ARGS: [j, items] });
      this.pop(1);
    });
    return this.ACTION(() => ({ items, start, end: (this.LA(0) as SqlToken).end }));
  });

  /** `,` | JOIN | join keywords JOIN. */
  joinOp: Rule<[], JoinOperator> = this.RULE(() =>
    this.OR([
      {
        ALT: () => {
          this.tok(TokenKind.Comma);
          return { comma: true, natural: false, outer: null, cross: false } as JoinOperator;
        },
      },
      {
        ALT: () => {
          this.tok(TokenKind.Join);
          return { comma: false, natural: false, outer: null, cross: false } as JoinOperator;
        },
      },
      {
        ALT: () => {
          const words: SqlToken[] = [this.CONSUME(JoinKw)];
          this.MANY({
            GATE: () => words.length < 3,
            DEF: () => {
              words.push(this.CONSUME(Nm));
            },
          });
          this.tok(TokenKind.Join);
          return this.ACTION(() => {
            // sqlite3JoinType's rules.
            const texts = words.map((w) => this.text(w));
            let code = 0;
            for (const w of texts) {
              // Not a number: no join word, `constructor` and other inherited names
              // included. It sets both 16 and 32 (OUTER and INNER), which is unknown
              // whatever else is set.
              const c = JOIN_WORDS[w.toLowerCase()];
              code |= typeof c === "number" ? c : 48;
            }
            if ((code & 48) === 48 || (code & (16 | 2 | 4)) === 16) {
              // SQLite raises this when it reduces the join operator, i.e. on the next
              // token; a syntax error at that token replaces it. The operator is then a
              // plain JOIN's.
              this.raiseAtReduce("unknown join type: " + texts.join(" "));
              code = 0;
            }
            const left = !!(code & 2), right = !!(code & 4);
            return {
              comma: false,
              natural: !!(code & 1),
              outer: left && right ? "full" : left ? "left" : right ? "right" : null,
              cross: !!(code & 64),
            } as JoinOperator;
          });
        },
      },
    ])
  );

  /** One FROM item with its alias, INDEXED BY and ON/USING, appended to `items`. */
  fromItem: Rule<[JoinOperator | null, JoinedItem[]], void> = this.RULE(
    (join: JoinOperator | null, items: JoinedItem[]) => {
      const start = this.LA(1).start;
      let item: FromItem | FromClause = this.OR([
        {
          ALT: () => {
            this.tok(TokenKind.LParen);
            this.push(1);
            const inner = this.OR([
              {
                // Chosen at SELECT, VALUES or WITH, the tokens that start a select.
                ALT: () => {
                  const s = this.SUBRULE(this.select);
                  return { kind: "subquery", select: s, alias: null, start, end: 0 } as FromItem;
                },
              },
              { ALT: () => this.SUBRULE(this.fromClause) },
            ], 2);
            this.pop(1);
            this.tok(TokenKind.RParen);
            return inner;
          },
        },
        {
          ALT: () => {
            const { schema, name } = this.SUBRULE(this.qualifiedName);
            return this.OR([
              {
                ALT: () => {
                  this.tok(TokenKind.LParen);
                  this.push(3);
                  const args = this.SUBRULE(this.exprList);
                  this.pop(3);
                  this.tok(TokenKind.RParen);
                  return {
                    kind: "tableFunction",
                    schema,
                    name,
                    args,
                    alias: null,
                    start,
                    end: 0,
                  } as FromItem;
                },
              },
              {
                ALT: (): FromItem => ({
                  kind: "table",
                  schema,
                  name,
                  alias: null,
                  indexedBy: null,
                  start,
                  end: 0,
                }),
              },
            ], 3);
          },
        },
      ]);
      const alias = this.SUBRULE(this.alias);
      let indexedBy: string | false | null = null;
      this.OPTION({
        GATE: () => (item as FromItem).kind === "table",
        DEF: () => {
          this.OR([
            {
              ALT: () => {
                this.tok(TokenKind.Indexed);
                this.tok(TokenKind.By);
                const n = this.CONSUME(Nm);
                this.ACTION(() => (indexedBy = this.name(n)));
              },
            },
            {
              ALT: () => {
                this.tok(TokenKind.Not);
                this.tok(TokenKind.Indexed);
                indexedBy = false;
              },
            },
          ], 4);
        },
      }, 2);
      const end = this.ACTION(() => (this.LA(0) as SqlToken).end);
      let on: Expr | null = null;
      let using: string[] | null = null;
      this.OPTION(() => {
        this.OR([
          {
            ALT: () => {
              this.tok(TokenKind.On);
              on = this.nestedExpr(6);
            },
          },
          {
            ALT: () => {
              this.tok(TokenKind.Using);
              this.tok(TokenKind.LParen);
              using = this.commaList(() => {
                const n = this.CONSUME(Nm);
                return this.ACTION(() => this.name(n));
              }, 2);
              this.tok(TokenKind.RParen);
            },
          },
        ], 5);
      }, 3);
      this.ACTION(() => {
        this.checkDepth(4);
        if (!items.length && (on || using)) {
          this.raiseAtReduce(`a JOIN clause is required before ${on ? "ON" : "USING"}`);
        }
        if (!("kind" in item)) {
          // A parenthesized join, reshaped as sqlite3's seltablist rule does.
          const inner = item as FromClause;
          if (!items.length && alias === null && !on && !using) {
            items.push(...inner.items);
            return;
          }
          // indexedBy is still null: INDEXED BY follows only a table name.
          item = inner.items.length === 1
            ? inner.items[0].item
            : { kind: "join", from: inner } as FromItem;
        }
        item = { ...(item as FromItem), alias, start, end } as FromItem;
        if (item.kind === "table") item.indexedBy = indexedBy;
        items.push({ join, item: item as FromItem, on, using });
      });
    },
  );

  /** `sortlist`: `expr [ASC|DESC] [NULLS FIRST|LAST]`, comma separated. */
  override sortList: Rule<[], OrderingTerm[]> = this.RULE(() => {
    return this.commaList(() => this.SUBRULE(this.sortTerm), 0, 2);
  });

  sortTerm: Rule<[], OrderingTerm> = this.RULE(() => {
    const expr = this.subExpr();
    const h = this.h;
    let desc = false;
    let nulls: "first" | "last" | null = null;
    this.OPTION(() => {
      desc = this.CONSUME(ASC_DESC).kind === TokenKind.Desc;
    });
    this.OPTION(() => {
      this.tok(TokenKind.Nulls);
      nulls = this.CONSUME(FIRST_LAST).kind === TokenKind.First ? "first" : "last";
    }, 2);
    return this.ACTION(() => {
      this.h = h;
      return { expr, desc, nulls, start: expr.start, end: (this.LA(0) as SqlToken).end };
    });
  });

  /** `name AS (window)`. */
  namedWindow: Rule<[], NamedWindow> = this.RULE(() => {
    const n = this.CONSUME(Nm);
    this.tok(TokenKind.As);
    this.tok(TokenKind.LParen);
    const spec = this.SUBRULE(this.windowSpec);
    const rp = this.tok(TokenKind.RParen);
    return this.ACTION(() => ({
      name: this.name(n),
      spec,
      start: n.start,
      end: (rp as SqlToken).end,
    }));
  });

  /** `WITH [RECURSIVE] cte, ...`. */
  withClause: Rule<[], WithClause> = this.RULE(() => {
    const t = this.tok(TokenKind.With);
    let recursive = false;
    this.OPTION(() => {
      this.tok(TokenKind.Recursive);
      recursive = true;
    });
    const ctes: CommonTableExpr[] = this.commaList(() => this.SUBRULE(this.cte));
    return this.ACTION(() => {
      const w: WithClause = { recursive, ctes, start: t.start, end: (this.LA(0) as SqlToken).end };
      this.parseChecks.push(w);
      return w;
    });
  });

  /** `name [(columns)] AS [[NOT] MATERIALIZED] (select)`. */
  cte: Rule<[], CommonTableExpr> = this.RULE(() => {
    const n = this.CONSUME(Nm);
    this.ACTION(() => {
      this.withSeen = true;
    });
    let columns: string[] | null = null;
    this.OPTION(() => {
      this.tok(TokenKind.LParen);
      columns = this.commaList(() => this.SUBRULE(this.cteColumn));
      this.tok(TokenKind.RParen);
    });
    this.tok(TokenKind.As);
    let materialized: boolean | null = null;
    this.OPTION(() => {
      this.OR([
        {
          ALT: () => {
            this.tok(TokenKind.Materialized);
            materialized = true;
          },
        },
        {
          ALT: () => {
            this.tok(TokenKind.Not);
            this.tok(TokenKind.Materialized);
            materialized = false;
          },
        },
      ]);
    }, 2);
    this.tok(TokenKind.LParen);
    this.push(5);
    const select = this.SUBRULE(this.select);
    this.pop(5);
    const rp = this.tok(TokenKind.RParen);
    return this.ACTION(() => ({
      name: this.name(n),
      columns,
      materialized,
      select,
      start: n.start,
      end: (rp as SqlToken).end,
    }));
  });

  /** A CTE column name; COLLATE or ASC/DESC after it is SQLite's parse-time error. */
  cteColumn: Rule<[], string> = this.RULE(() => {
    const n = this.CONSUME(Nm);
    let extra = false;
    this.OPTION(() => {
      this.tok(TokenKind.Collate);
      this.CONSUME(Ids);
      extra = true;
    });
    this.OPTION(() => {
      this.CONSUME(ASC_DESC);
      extra = true;
    }, 2);
    return this.ACTION(() => {
      if (extra) this.raiseAtReduce(`syntax error after column name "${this.text(n)}"`);
      return this.name(n);
    });
  });
}
