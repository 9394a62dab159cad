/**
 * Rule names in the LL(1) engine's analysis errors (core/sql/ll1.ts): a rule defined
 * without a name is named after the property it is assigned to.
 */
import assert from "node:assert/strict";
import { LL1Parser, type Rule, tokenType } from "../core/sql/ll1.ts";
import { TokenKind } from "../core/sql/token_kinds.ts";
import "../core/sql/ll1_check.ts";

const INT = tokenType([TokenKind.Integer]);
const ID = tokenType([TokenKind.Id]);
const COMMA = tokenType([TokenKind.Comma]);

Deno.test("ll1: an unnamed rule is named after its property in analysis errors", () => {
  class Twice extends LL1Parser {
    first: Rule<[], void> = this.RULE(() => this.CONSUME(INT));
    twice: Rule<[], void> = this.RULE(() => {
      this.OPTION(() => this.CONSUME(INT));
      this.OPTION(() => this.CONSUME(ID));
    });
    constructor() {
      super();
      this.analyze();
    }
  }
  assert.throws(() => new Twice(), /^Error: recording rule twice: OPTION is used twice/);

  class LeftRecursive extends LL1Parser {
    head: Rule<[], void> = this.RULE(() => {
      this.OR([{ ALT: () => this.SUBRULE(this.tail) }, { ALT: () => this.CONSUME(INT) }]);
    });
    tail: Rule<[], void> = this.RULE(() => {
      this.SUBRULE(this.head);
      this.CONSUME(COMMA);
    });
    constructor() {
      super();
      this.analyze();
    }
  }
  assert.throws(() => new LeftRecursive(), /^Error: rule (head|tail) is left-recursive/);
});
