/**
 * The statement parser with INSERT, REPLACE, UPDATE and DELETE rules (parse.y's
 * `cmd ::= with insert_cmd INTO ...`, `with UPDATE ...`, `with DELETE FROM ...`, with
 * `upsert`, `setlist`, `where_opt_ret` and `returning`), parsed in full so that their
 * syntax errors are SQLite's. The binder then checks them against the schema
 * (core/analyze/write_binder.ts); a read-only engine refuses them only when they run.
 * The full entry points install it (core/api/write_checks.ts); the browser bundles leave
 * it out, and there these statements are only delimited.
 *
 * The SQLite build followed is node:sqlite's: no SQLITE_ENABLE_UPDATE_DELETE_LIMIT, so
 * `DELETE ... LIMIT` is a syntax error.
 */
import type { Rule } from "./ll1.ts";
import type {
  DeleteStatement,
  DmlStatement,
  Expr,
  FromClause,
  InsertStatement,
  OrderingTerm,
  ResultColumn,
  Select,
  SetItem,
  UpdateStatement,
  UpsertClause,
  WithClause,
  WriteTarget,
} from "./ast.ts";
import { type RuleResult, StatementParser, type WithResult } from "./parse_statement.ts";
import { Nm, type SqlToken } from "./parse_tokens.ts";
import { TokenKind } from "./token_kinds.ts";

/** `[WHERE expr] [RETURNING list]`. */
interface WhereReturning {
  where: Expr | null;
  returning: ResultColumn[] | null;
}

/** The statement rules with INSERT / UPDATE / DELETE parsed in full. */
export class DmlStatementParser extends StatementParser {
  /** INSERT, REPLACE, UPDATE or DELETE without a WITH clause. */
  dmlStatement: Rule<[], RuleResult<DmlStatement>> = this.RULE(() => {
    const statement = this.SUBRULE(this.dml, { ARGS: [null] });
    const terminator = this.SUBRULE(this.terminator);
    return { statement, terminator };
  });

  /** An INSERT, UPDATE or DELETE after a WITH clause, in full. */
  override withWrite: Rule<[WithClause], WithResult> = this.RULE((w: WithClause) => {
    const statement = this.SUBRULE(this.dml, { ARGS: [w] });
    const terminator = this.SUBRULE(this.terminator);
    return { statement, terminator };
  });

  /** INSERT, REPLACE, UPDATE or DELETE, after the WITH clause (or none). */
  dml: Rule<[WithClause | null], DmlStatement> = this.RULE((w: WithClause | null) =>
    this.OR([
      { ALT: () => this.SUBRULE(this.insert, { ARGS: [w] }) },
      { ALT: () => this.SUBRULE(this.update, { ARGS: [w] }) },
      { ALT: () => this.SUBRULE(this.delete, { ARGS: [w] }) },
    ])
  );

  /** `INSERT [OR x] | REPLACE INTO table [(columns)] select [upsert] | DEFAULT VALUES [returning]`. */
  insert: Rule<[WithClause | null], InsertStatement> = this.RULE((w: WithClause | null) => {
    let orConflict: string | null = null;
    const verb = this.OR([
      {
        ALT: () => {
          const t = this.tok(TokenKind.Insert);
          this.OPTION(() => {
            orConflict = this.SUBRULE(this.orConflict);
          });
          return t;
        },
      },
      {
        ALT: () => {
          const t = this.tok(TokenKind.Replace);
          orConflict = "REPLACE";
          return t;
        },
      },
    ]);
    this.tok(TokenKind.Into);
    const target = this.SUBRULE(this.writeTarget);
    let columns: string[] | null = null;
    this.OPTION(() => {
      this.tok(TokenKind.LParen);
      columns = this.SUBRULE(this.idList);
      this.tok(TokenKind.RParen);
    }, 2);
    let select: Select | null = null;
    const upserts: UpsertClause[] = [];
    let returning: ResultColumn[] | null = null;
    this.OR([
      {
        ALT: () => {
          this.tok(TokenKind.Default);
          this.tok(TokenKind.Values);
          this.OPTION(() => {
            returning = this.SUBRULE(this.returning);
          }, 3);
        },
      },
      {
        ALT: () => {
          this.push(6);
          select = this.SUBRULE(this.select);
          this.pop(6);
          returning = this.SUBRULE(this.upserts, { ARGS: [upserts] });
        },
      },
    ], 2);
    return this.ACTION(() => ({
      kind: "insert",
      verb: verb.kind === TokenKind.Replace ? "REPLACE" : "INSERT",
      with: w,
      orConflict,
      target,
      columns,
      select,
      upserts,
      returning,
      start: w ? w.start : verb.start,
      end: (this.LA(0) as SqlToken).end,
    } as InsertStatement));
  });

  /** `UPDATE [OR x] table [INDEXED BY i | NOT INDEXED] SET ... [FROM ...] [WHERE] [RETURNING]`. */
  update: Rule<[WithClause | null], UpdateStatement> = this.RULE((w: WithClause | null) => {
    const verb = this.tok(TokenKind.Update);
    let orConflict: string | null = null;
    this.OPTION(() => {
      orConflict = this.SUBRULE(this.orConflict);
    });
    const target = this.SUBRULE(this.writeTarget);
    const indexedBy = this.SUBRULE(this.indexedBy);
    this.tok(TokenKind.Set);
    const set = this.SUBRULE(this.setList);
    let from: FromClause | null = null;
    this.OPTION(() => {
      this.tok(TokenKind.From);
      this.push(6);
      from = this.SUBRULE(this.fromClause);
      this.pop(6);
    }, 2);
    const rest = this.SUBRULE(this.whereReturning);
    return this.ACTION(() => ({
      kind: "update",
      with: w,
      orConflict,
      target,
      indexedBy,
      set,
      from,
      where: rest.where,
      returning: rest.returning,
      start: w ? w.start : verb.start,
      end: (this.LA(0) as SqlToken).end,
    } as UpdateStatement));
  });

  /** `DELETE FROM table [INDEXED BY i | NOT INDEXED] [WHERE expr] [RETURNING ...]`. */
  delete: Rule<[WithClause | null], DeleteStatement> = this.RULE((w: WithClause | null) => {
    const verb = this.tok(TokenKind.Delete);
    this.tok(TokenKind.From);
    const target = this.SUBRULE(this.writeTarget);
    const indexedBy = this.SUBRULE(this.indexedBy);
    const rest = this.SUBRULE(this.whereReturning);
    return this.ACTION(() => ({
      kind: "delete",
      with: w,
      target,
      indexedBy,
      where: rest.where,
      returning: rest.returning,
      start: w ? w.start : verb.start,
      end: (this.LA(0) as SqlToken).end,
    } as DeleteStatement));
  });

  /** `OR ROLLBACK | ABORT | FAIL | IGNORE | REPLACE`: the resolution, upper case. */
  orConflict: Rule<[], string> = this.RULE(() => {
    this.tok(TokenKind.Or);
    const t = this.OR([
      { ALT: () => this.tok(TokenKind.Rollback) },
      { ALT: () => this.tok(TokenKind.Abort) },
      { ALT: () => this.tok(TokenKind.Fail) },
      { ALT: () => this.tok(TokenKind.Ignore) },
      { ALT: () => this.tok(TokenKind.Replace) },
    ]);
    return this.ACTION(() => this.text(t).toUpperCase());
  });

  /** `nm [. nm] [AS nm]` (parse.y's `xfullname`). */
  writeTarget: Rule<[], WriteTarget> = this.RULE(() => {
    const start = this.LA(1).start;
    const target = this.SUBRULE(this.qualifiedName);
    let alias: SqlToken | null = null;
    this.OPTION(() => {
      this.tok(TokenKind.As);
      alias = this.CONSUME(Nm);
    });
    return this.ACTION(() => {
      const a = alias as SqlToken | null;
      return {
        schema: target.schema,
        name: target.name,
        alias: a ? this.name(a) : null,
        start,
        end: (this.LA(0) as SqlToken).end,
      };
    });
  });

  /** `[INDEXED BY nm | NOT INDEXED]`: the index name, false, or null. */
  indexedBy: Rule<[], string | false | null> = this.RULE(() => {
    let result: string | false | null = null;
    this.OPTION(() => {
      this.OR([
        {
          ALT: () => {
            this.tok(TokenKind.Indexed);
            this.tok(TokenKind.By);
            const n = this.CONSUME(Nm);
            this.ACTION(() => (result = this.name(n)));
          },
        },
        {
          ALT: () => {
            this.tok(TokenKind.Not);
            this.tok(TokenKind.Indexed);
            result = false;
          },
        },
      ]);
    });
    return result;
  });

  /** `nm, nm, ...` (parse.y's `idlist`), dequoted. */
  idList: Rule<[], string[]> = this.RULE(() => {
    const names: string[] = [];
    const first = this.CONSUME(Nm);
    this.ACTION(() => names.push(this.name(first)));
    this.MANY(() => {
      this.tok(TokenKind.Comma);
      const n = this.CONSUME(Nm);
      this.ACTION(() => names.push(this.name(n)));
    });
    return names;
  });

  /** `item, item, ...` of SET. */
  setList: Rule<[], SetItem[]> = this.RULE(() => {
    const items: SetItem[] = [this.SUBRULE(this.setItem)];
    this.MANY(() => {
      this.tok(TokenKind.Comma);
      items.push(this.SUBRULE(this.setItem));
    });
    return items;
  });

  /**
   * `nm = expr` or `(nm, ...) = expr`. A row value of the wrong width is SQLite's parse-time
   * "N columns assigned M values" (sqlite3ExprListAppendVector); a subquery's width is
   * only known once bound.
   */
  setItem: Rule<[], SetItem> = this.RULE(() => {
    const start = this.LA(1).start;
    let columns: string[] = [];
    let vector = false;
    this.OR([
      {
        ALT: () => {
          const n = this.CONSUME(Nm);
          this.ACTION(() => (columns = [this.name(n)]));
        },
      },
      {
        ALT: () => {
          this.tok(TokenKind.LParen);
          columns = this.SUBRULE(this.idList);
          this.tok(TokenKind.RParen);
          vector = true;
        },
      },
    ]);
    this.tok(TokenKind.Eq);
    const expr = this.nestedExpr(4);
    return this.ACTION(() => {
      if (vector && expr.kind !== "subquery") {
        const n = expr.kind === "row" ? expr.items.length : 1;
        if (n !== columns.length) {
          this.raiseAtReduce(`${columns.length} columns assigned ${n} values`);
        }
      }
      return { columns, expr, vector, start, end: (this.LA(0) as SqlToken).end };
    });
  });

  /** `[WHERE expr] [RETURNING list]` (parse.y's `where_opt_ret`). */
  whereReturning: Rule<[], WhereReturning> = this.RULE(() => {
    let where: Expr | null = null;
    let returning: ResultColumn[] | null = null;
    this.OPTION(() => {
      this.tok(TokenKind.Where);
      where = this.nestedExpr(6);
    });
    this.OPTION(() => {
      returning = this.SUBRULE(this.returning);
    }, 2);
    return { where, returning };
  });

  /** `RETURNING result-column, ...`. */
  returning: Rule<[], ResultColumn[]> = this.RULE(() => {
    this.tok(TokenKind.Returning);
    this.push(4);
    const columns: ResultColumn[] = [this.SUBRULE(this.resultColumn)];
    this.MANY(() => {
      this.tok(TokenKind.Comma);
      columns.push(this.SUBRULE(this.resultColumn));
    });
    this.pop(4);
    return columns;
  });

  /**
   * The ON CONFLICT clauses of an INSERT, appended to `clauses`, then `[RETURNING ...]`
   * (returned). A clause without a conflict target must be the last one.
   */
  upserts: Rule<[UpsertClause[]], ResultColumn[] | null> = this.RULE(
    (clauses: UpsertClause[]) => {
      let more = true;
      this.MANY({
        GATE: () => more,
        DEF: () => {
          const c = this.SUBRULE(this.upsertClause);
          this.ACTION(() => {
            clauses.push(c);
            more = c.target !== null;
          });
        },
      });
      let returning: ResultColumn[] | null = null;
      this.OPTION(() => {
        returning = this.SUBRULE(this.returning);
      });
      return returning;
    },
  );

  /** `ON CONFLICT [(terms) [WHERE expr]] DO NOTHING | DO UPDATE SET list [WHERE expr]`. */
  upsertClause: Rule<[], UpsertClause> = this.RULE(() => {
    const on = this.tok(TokenKind.On);
    this.tok(TokenKind.Conflict);
    let target: OrderingTerm[] | null = null;
    let targetWhere: Expr | null = null;
    this.OPTION(() => {
      this.tok(TokenKind.LParen);
      this.push(4);
      target = this.SUBRULE(this.sortList);
      this.pop(4);
      this.tok(TokenKind.RParen);
      this.OPTION(() => {
        this.tok(TokenKind.Where);
        targetWhere = this.nestedExpr(6);
      }, 2);
    });
    this.tok(TokenKind.Do);
    let set: SetItem[] | null = null;
    let where: Expr | null = null;
    this.OR([
      { ALT: () => this.tok(TokenKind.Nothing) },
      {
        ALT: () => {
          this.tok(TokenKind.Update);
          this.tok(TokenKind.Set);
          set = this.SUBRULE(this.setList);
          this.OPTION(() => {
            this.tok(TokenKind.Where);
            where = this.nestedExpr(6);
          }, 3);
        },
      },
    ]);
    return this.ACTION(() => ({
      target,
      targetWhere,
      set,
      where,
      start: on.start,
      end: (this.LA(0) as SqlToken).end,
    }));
  });

  /** `analyze`: false to leave every decision to be learnt as parses reach it. */
  constructor(analyze = true) {
    super(false);
    if (analyze) this.analyze();
  }
}
