/**
 * Statement rules: the SELECT statement, WITH ... (which may turn out to write), PRAGMA
 * and the transaction statements. INSERT, UPDATE and DELETE are parsed in full by the
 * subclass in parse_dml.ts, which the full entry points install; without it they are
 * only delimited. Each rule ends by consuming the statement's `;` or the
 * end of input, so a token that cannot continue the statement fails right there.
 */
import type { Rule } from "./ll1.ts";
import type {
  DmlStatement,
  PragmaStatement,
  Select,
  TransactionStatement,
  WithClause,
} from "./ast.ts";
import { SelectParser } from "./parse_select.ts";
import { category, Nm, PragmaName, type SqlToken } from "./parse_tokens.ts";
import { TokenKind } from "./token_kinds.ts";

/** `;` or the end of input. */
const SEMI_OR_EOF = category([TokenKind.Semi, TokenKind.Eof]);
/** The verb of a write statement after a WITH clause. */
const WRITE_VERB = category([
  TokenKind.Insert,
  TokenKind.Replace,
  TokenKind.Update,
  TokenKind.Delete,
]);
/** COMMIT or END. */
const COMMIT_OR_END = category([TokenKind.Commit, TokenKind.End]);

/** What a statement rule found: the statement and the token that ended it. */
export interface RuleResult<S> {
  statement: S;
  /** The `;` token, or the end-of-input token. */
  terminator: SqlToken;
}

/**
 * The outcome of `WITH ...`: a SELECT, an INSERT, UPDATE or DELETE parsed in full, or only
 * the verb token of one (when parse_dml.ts is not installed).
 */
export type WithResult = RuleResult<Select | DmlStatement> | { writeVerb: SqlToken };

/** The statement rule set; one instance is built at module load and reused. */
export class StatementParser extends SelectParser {
  /** `;` or the end of input. */
  terminator: Rule<[], SqlToken> = this.RULE(() => this.CONSUME(SEMI_OR_EOF));

  /** A SELECT statement (starting with SELECT or VALUES). */
  selectStatement: Rule<[], RuleResult<Select>> = this.RULE(() => {
    const select = this.SUBRULE(this.selectBody, { ARGS: [null] });
    const terminator = this.SUBRULE(this.terminator);
    return { statement: select, terminator };
  });

  /** `WITH ...` followed by a SELECT, or by INSERT/REPLACE/UPDATE/DELETE. */
  withStatement: Rule<[], WithResult> = this.RULE(() => {
    const w: WithClause = this.SUBRULE(this.withClause);
    // SELECT / VALUES start the first alternative, INSERT, REPLACE, UPDATE, DELETE the other.
    return this.OR([
      {
        ALT: () => {
          const statement = this.SUBRULE(this.selectBody, { ARGS: [w] });
          const terminator = this.SUBRULE(this.terminator);
          return { statement, terminator };
        },
      },
      { ALT: () => this.SUBRULE(this.withWrite, { ARGS: [w] }) },
    ]);
  });

  /** What follows a WITH clause that is not a SELECT: here, only the verb. */
  withWrite: Rule<[WithClause], WithResult> = this.RULE((_w: WithClause) => ({
    writeVerb: this.CONSUME(WRITE_VERB),
  }));

  /** `PRAGMA [schema.]name [= value | (value)]`. */
  pragma: Rule<[], RuleResult<PragmaStatement>> = this.RULE(() => {
    const p = this.tok(TokenKind.Pragma);
    const pragma = this.SUBRULE(this.qualifiedName);
    let value: string | null = null;
    let assigns = false;
    this.OPTION(() => {
      this.OR([
        {
          ALT: () => {
            this.tok(TokenKind.Eq);
            assigns = true;
            value = this.SUBRULE(this.pragmaValue);
          },
        },
        {
          ALT: () => {
            this.tok(TokenKind.LParen);
            value = this.SUBRULE(this.pragmaValue);
            this.tok(TokenKind.RParen);
          },
        },
      ]);
    });
    const last = this.ACTION(() => this.LA(0) as SqlToken);
    const terminator = this.SUBRULE(this.terminator);
    return this.ACTION(() => ({
      statement: {
        kind: "pragma",
        ...pragma,
        value,
        assigns,
        start: p.start,
        end: last.end,
      } as PragmaStatement,
      terminator,
    }));
  });

  /** `nmnum` or `minus_num`: a signed number, a name, a string, ON, DELETE, DEFAULT. */
  pragmaValue: Rule<[], string> = this.RULE(() =>
    this.OR([
      { ALT: () => this.SUBRULE(this.signedNumber) },
      {
        ALT: () => {
          const t = this.CONSUME(PragmaName);
          return this.ACTION(() => this.name(t));
        },
      },
    ])
  );

  /** BEGIN, COMMIT/END, ROLLBACK [TO], SAVEPOINT, RELEASE. */
  transaction: Rule<[], RuleResult<TransactionStatement>> = this.RULE(() => {
    let savepoint: SqlToken | null = null;
    let writes = false;
    const verb = this.OR([
      {
        ALT: () => {
          const t = this.tok(TokenKind.Begin);
          this.OPTION(() => {
            this.OR([
              { ALT: () => this.tok(TokenKind.Deferred) },
              { ALT: () => (this.tok(TokenKind.Immediate), (writes = true)) },
              { ALT: () => (this.tok(TokenKind.Exclusive), (writes = true)) },
            ], 2);
          });
          this.SUBRULE(this.transOpt);
          return t;
        },
      },
      {
        ALT: () => {
          const t = this.CONSUME(COMMIT_OR_END);
          this.SUBRULE(this.transOpt);
          return t;
        },
      },
      {
        ALT: () => {
          const t = this.tok(TokenKind.Rollback);
          this.SUBRULE(this.transOpt);
          this.OPTION(() => {
            this.tok(TokenKind.To);
            this.OPTION(() => this.tok(TokenKind.Savepoint), 3);
            savepoint = this.CONSUME(Nm) as SqlToken;
          }, 2);
          return t;
        },
      },
      {
        ALT: () => {
          const t = this.tok(TokenKind.Savepoint);
          savepoint = this.CONSUME(Nm) as SqlToken;
          return t;
        },
      },
      {
        ALT: () => {
          const t = this.tok(TokenKind.Release);
          this.OPTION(() => this.tok(TokenKind.Savepoint), 4);
          savepoint = this.CONSUME(Nm) as SqlToken;
          return t;
        },
      },
    ]);
    const last = this.ACTION(() => this.LA(0) as SqlToken);
    const terminator = this.SUBRULE(this.terminator);
    return this.ACTION(() => ({
      statement: {
        kind: "transaction",
        verb: this.text(verb).toUpperCase(),
        savepoint: savepoint ? this.name(savepoint) : null,
        writes,
        start: verb.start,
        end: last.end,
      } as TransactionStatement,
      terminator,
    }));
  });

  /** `[TRANSACTION [name]]`. */
  transOpt: Rule<[], void> = this.RULE(() => {
    this.OPTION(() => {
      this.tok(TokenKind.Transaction);
      this.OPTION(() => this.CONSUME(Nm), 2);
    });
  });

  /**
   * `analyze`: false for a subclass, which analyzes once its own rules exist (or to leave
   * every decision to be learnt as parses reach it).
   */
  constructor(analyze = true) {
    super();
    if (analyze) this.analyze();
  }
}
