/**
 * The LL(1) engine under the SQL grammar (core/sql/ll1.ts), on small grammars whose
 * outcome is worked out by hand: how OR, OPTION and MANY decide from FIRST
 * sets, gates and nullable bodies, where a failure points, and the grammar mistakes it
 * refuses when analysing (core/sql/ll1_check.ts, which the SQL grammar passes). The full grammar is covered by parser_test, syntax_error_test
 * and the sqllogictest parse tests, against SQLite.
 */
import assert from "node:assert/strict";
import { LL1Parser, type Rule, type SqlToken, SyntaxFailure, tokenType } from "../core/sql/ll1.ts";
import { TokenKind } from "../core/sql/token_kinds.ts";
import "../core/sql/ll1_check.ts"; // the grammar mistakes below are refused by these checks
import { DmlStatementParser } from "../core/sql/parse_dml.ts";
import { StatementParser } from "../core/sql/parse_statement.ts";
import { installStatementParser, parseStatement } from "../core/sql/parser.ts";

const INT = tokenType([TokenKind.Integer]);
const ID = tokenType([TokenKind.Id]);
const COMMA = tokenType([TokenKind.Comma]);
const NAME = tokenType([TokenKind.Id, TokenKind.String]);
const SEMI = tokenType([TokenKind.Semi]);

/** Tokens of these kinds at offsets 0, 1, 2, ... */
function tokens(...kinds: TokenKind[]): SqlToken[] {
  return kinds.map((kind, i) => ({ kind, start: i, end: i + 1 }));
}

/** Runs `rule` on `input`; a failure becomes "fail@offset" (NaN offset: end of input). */
function parse<R>(p: LL1Parser, rule: () => R, input: SqlToken[]): R | string {
  p.input = input;
  try {
    return rule.call(p);
  } catch (e) {
    if (e instanceof SyntaxFailure) return `fail@${e.token.start}`;
    throw e;
  }
}

class Grammar extends LL1Parser {
  gateOpen = true;

  /** `item (, item)* ;` where item is INT, or ID with an optional INT. */
  list: Rule<[], string[]> = this.RULE(() => {
    const items = [this.SUBRULE(this.item)];
    this.MANY(() => {
      this.CONSUME(COMMA);
      items.push(this.SUBRULE(this.item));
    });
    this.CONSUME(SEMI);
    return items;
  });

  item: Rule<[], string> = this.RULE(() =>
    this.OR([
      { ALT: () => (this.CONSUME(INT), "int") },
      // ID also belongs to NAME: the earlier alternative wins.
      {
        ALT: () => {
          this.CONSUME(ID);
          return this.OPTION(() => (this.CONSUME(INT), "id+int")) ?? "id";
        },
      },
      { ALT: () => (this.CONSUME(NAME), "name") },
    ])
  );

  /** An OR whose first alternative is gated, and whose last can match nothing. */
  gated: Rule<[], string> = this.RULE(() =>
    this.OR([
      { GATE: () => this.gateOpen, ALT: () => (this.CONSUME(INT), "gated int") },
      { ALT: () => (this.CONSUME(INT), "plain int") },
      { ALT: () => "nothing" },
    ])
  );

  /** At least one of a nested rule that starts with an optional token: once, then MANY. */
  counts: Rule<[], number> = this.RULE(() => {
    let n = 0;
    const one = () => {
      this.SUBRULE(this.optionalThenInt);
      n++;
    };
    one();
    this.MANY(one);
    return n;
  });

  optionalThenInt: Rule<[], void> = this.RULE(() => {
    this.OPTION(() => this.CONSUME(ID));
    this.CONSUME(INT);
  });

  /** ACTION bodies do not run while the grammar is recorded. */
  actionRuns = 0;
  withAction: Rule<[number], number> = this.RULE((x: number) => {
    const t = this.CONSUME(INT);
    return this.ACTION(() => {
      this.actionRuns++;
      return x + t.start;
    });
  });

  constructor() {
    super();
    this.analyze();
  }
}

const g = new Grammar();

Deno.test("ll1: OR takes the first alternative whose FIRST set holds the next token", () => {
  assert.deepEqual(parse(g, g.list, tokens(TokenKind.Integer, TokenKind.Semi)), ["int"]);
  assert.deepEqual(
    parse(
      g,
      g.list,
      tokens(
        TokenKind.Id,
        TokenKind.Comma,
        TokenKind.Id,
        TokenKind.Integer,
        TokenKind.Comma,
        TokenKind.String,
        TokenKind.Semi,
      ),
    ),
    ["id", "id+int", "name"],
  );
});

Deno.test("ll1: a failure names the first token that cannot continue", () => {
  // `, ;`: the OR after the comma has no alternative for `;` (offset 2).
  assert.equal(
    parse(g, g.list, tokens(TokenKind.Integer, TokenKind.Comma, TokenKind.Semi)),
    "fail@2",
  );
  // A missing `;`: CONSUME fails at the end of input (offset NaN).
  assert.equal(
    parse(g, g.list, tokens(TokenKind.Integer, TokenKind.Comma, TokenKind.Integer)),
    "fail@NaN",
  );
  // An OPTION that does not start is skipped; the next CONSUME fails there.
  assert.equal(parse(g, g.list, tokens(TokenKind.Id, TokenKind.Id)), "fail@1");
});

Deno.test("ll1: gates are consulted before the lookahead; a nullable alternative matches anything", () => {
  g.gateOpen = true;
  assert.equal(parse(g, g.gated, tokens(TokenKind.Integer)), "gated int");
  g.gateOpen = false;
  assert.equal(parse(g, g.gated, tokens(TokenKind.Integer)), "plain int");
  assert.equal(parse(g, g.gated, tokens(TokenKind.Comma)), "nothing");
  g.gateOpen = true;
});

Deno.test("ll1: MANY sees through a rule that starts with an optional token", () => {
  assert.equal(
    parse(
      g,
      g.counts,
      tokens(TokenKind.Integer, TokenKind.Id, TokenKind.Integer, TokenKind.Integer),
    ),
    3,
  );
  assert.equal(parse(g, g.counts, tokens(TokenKind.Comma)), "fail@0");
  assert.equal(parse(g, g.counts, tokens(TokenKind.Id, TokenKind.Comma)), "fail@1");
});

Deno.test("ll1: rule arguments reach the rule; ACTION runs only when parsing", () => {
  const before = g.actionRuns;
  g.input = tokens(TokenKind.Comma, TokenKind.Integer).slice(1);
  assert.equal(g.withAction(10), 11);
  assert.equal(g.actionRuns, before + 1);
});

Deno.test("ll1: analysing refuses a decision number used twice in a rule, and left recursion", () => {
  class Twice extends LL1Parser {
    r: Rule<[], void> = this.RULE(() => {
      this.OPTION(() => this.CONSUME(INT));
      this.OPTION(() => this.CONSUME(ID));
    });
    constructor() {
      super();
      this.analyze();
    }
  }
  assert.throws(() => new Twice(), /recording rule r: OPTION is used twice/);

  class LeftRecursive extends LL1Parser {
    a: Rule<[], void> = this.RULE(() => {
      this.OR([{ ALT: () => this.SUBRULE(this.b) }, { ALT: () => this.CONSUME(INT) }]);
    });
    b: Rule<[], void> = this.RULE(() => {
      this.SUBRULE(this.a);
      this.CONSUME(COMMA);
    });
    constructor() {
      super();
      this.analyze();
    }
  }
  assert.throws(() => new LeftRecursive(), /left-recursive/);
});

Deno.test("ll1: the SQL grammar uses each decision number once per rule and has no left recursion", () => {
  // Analysing a grammar runs the checks, which throw on a mistake.
  new StatementParser();
  new DmlStatementParser();
});

Deno.test("ll1: decisions learnt as a parse reaches them are those of the whole grammar's analysis", () => {
  // Statements that reach most of the grammar, valid and broken: the corpus of broken
  // statements and the queries of an sqllogictest file.
  const broken = Deno.readTextFileSync(new URL("./corpus/broken_statements.sql", import.meta.url))
    .split("\n").filter((l) => !l.startsWith("--#")).join("\n").split(/^-- next$/m);
  const queries = Deno.readTextFileSync(new URL("./sqllogictest/select1.test", import.meta.url))
    .split(/\n\s*\n/).filter((r) => /^(query|statement)/.test(r))
    .map((r) => r.split("\n").slice(1).join("\n").split("\n----")[0]);
  const statements = [...broken, ...queries].map((s) => s.trim()).filter((s) => s !== "");
  assert.ok(statements.length > 500, `${statements.length} statements`);
  const outcomes = (make: () => StatementParser): string[] => {
    installStatementParser(make);
    return statements.map((sql) => {
      try {
        return JSON.stringify(parseStatement(sql));
      } catch (e) {
        return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      }
    });
  };
  try {
    const learnt = outcomes(() => new DmlStatementParser(false));
    // With the grammar check installed (above), analysing makes every decision at once.
    const analysed = outcomes(() => new DmlStatementParser());
    assert.deepEqual(learnt, analysed);
    assert.ok(analysed.some((o) => o.startsWith("SqliteError")), "some statements fail");
  } finally {
    installStatementParser(() => new DmlStatementParser());
  }
});
