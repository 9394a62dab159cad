/**
 * A light check of the expressions in schema statements (CHECK, DEFAULT (...), generated
 * columns, index terms and WHERE clauses), short of parsing them: a two-state scan
 * (expecting an operand / after an operand) over the tokens that rejects what SQLite's
 * grammar rejects (`CHECK(a b)`, `t(a ABORT)`, `DEFAULT (AND)`, `CHECK(a +)`), plus, for
 * DEFAULT, what sqlite3AddDefaultValue rejects: a column reference or a subquery
 * ("default value of column [x] is not constant").
 *
 * It does not know precedence or build a tree. Subqueries, window functions and RAISE
 * are not allowed by SQLite in these places, so the scan does not accept them either.
 */
import { sqlError } from "../errors.ts";
import { TokenKind } from "./tokenize.ts";
import { isIdsKind, isNameOperand, isTermKind, type TokenStream } from "./ddl_stream.ts";
import { BinOp, LikeOp } from "./parse_tokens.ts";

/**
 * Operators that take an operand on each side: the statement parser's plain binary
 * operators, LIKE/GLOB/REGEXP/MATCH and the others below (`.` of a dotted name, and CASE's
 * WHEN/THEN/ELSE, act alike).
 */
function isBinaryOperator(k: TokenKind): boolean {
  return BinOp.matches[k] === 1 || LikeOp.matches[k] === 1 || k === TokenKind.Dot ||
    k === TokenKind.Is || k === TokenKind.In || k === TokenKind.Between ||
    k === TokenKind.Escape || k === TokenKind.When || k === TokenKind.Then ||
    k === TokenKind.Else;
}

/** What else an expression may contain. */
export interface ExpressionRules {
  /** The column whose DEFAULT this is: the expression must be constant. */
  defaultOf?: string;
  /** Subqueries are allowed (a trigger's WHEN); their text is not checked. */
  subqueries?: boolean;
}

/** Checks tokens `[from, to)` as an expression. */
export function checkExpressionTokens(
  ts: TokenStream,
  from: number,
  to: number,
  rules: ExpressionRules = {},
): void {
  const { defaultOf, subqueries = false } = rules;
  const tokens = ts.tokens;
  const kindAt = (i: number) => (i < to ? tokens[i].kind : TokenKind.Eof);
  const fail = (i: number) => {
    ts.pos = i;
    return ts.syntaxError();
  };
  let expectOperand = true;
  // Open parentheses; true for CAST's, where `AS type` is allowed.
  const parens: boolean[] = [];
  let openCases = 0;
  for (let i = from; i < to; i++) {
    const k = tokens[i].kind;
    const prev = i > from ? tokens[i - 1].kind : TokenKind.Eof;
    const n = kindAt(i + 1);
    if (expectOperand) {
      if (defaultOf !== undefined) {
        const word = ts.text(tokens[i]).toLowerCase();
        if (
          (isNameOperand(k) && n !== TokenKind.LParen && word !== "true" &&
            word !== "false") || k === TokenKind.Select || k === TokenKind.Exists
        ) throw sqlError(`default value of column [${defaultOf}] is not constant`);
      }
      if (
        subqueries && (k === TokenKind.LParen || k === TokenKind.Exists && n === TokenKind.LParen)
      ) {
        const open = k === TokenKind.LParen ? i : i + 1;
        const first = kindAt(open + 1);
        if (first === TokenKind.Select || first === TokenKind.With || first === TokenKind.Values) {
          i = ts.closingParen(open, to); // (SELECT ...) is one operand
          expectOperand = false;
          continue;
        }
      }
      if (k === TokenKind.Cast || k === TokenKind.Exists || k === TokenKind.Raise) {
        if (n !== TokenKind.LParen) throw fail(i + 1);
        i++;
        parens.push(k === TokenKind.Cast);
      } else if (isNameOperand(k) && n === TokenKind.LParen) {
        i++; // function call
        parens.push(false);
      } else if (isNameOperand(k) || isTermKind(k) || k === TokenKind.Variable) {
        expectOperand = false;
      } else if (k === TokenKind.LParen) {
        parens.push(false);
      } else if (
        k === TokenKind.RParen && prev === TokenKind.LParen && parens.length &&
        i - 2 >= from &&
        (isNameOperand(tokens[i - 2].kind) || tokens[i - 2].kind === TokenKind.In)
      ) {
        parens.pop(); // f(), x IN ()
        expectOperand = false;
      } else if (k === TokenKind.Star && prev === TokenKind.LParen) {
        expectOperand = false; // count(*)
      } else if ((k === TokenKind.Distinct || k === TokenKind.All) && prev === TokenKind.LParen) {
        // f(DISTINCT x)
      } else if (
        k === TokenKind.Distinct && (prev === TokenKind.Is || prev === TokenKind.Not) &&
        n === TokenKind.From
      ) {
        i++; // IS [NOT] DISTINCT FROM
      } else if (k === TokenKind.Case) {
        openCases++;
      } else if (
        !(k === TokenKind.Minus || k === TokenKind.Plus || k === TokenKind.BitNot ||
          k === TokenKind.Not || (k === TokenKind.When && prev === TokenKind.Case))
      ) throw fail(i);
      continue;
    }
    if (isBinaryOperator(k)) {
      expectOperand = true;
    } else if (k === TokenKind.Not) {
      // NOT NULL, NOT IN, NOT LIKE, NOT BETWEEN ...
      if (n === TokenKind.Null) i++;
      else if (
        n === TokenKind.In || n === TokenKind.Between || LikeOp.matches[n] === 1
      ) {
        i++;
        expectOperand = true;
      } else throw fail(i + 1);
    } else if (k === TokenKind.Collate) {
      if (!isIdsKind(n)) throw fail(i + 1);
      i++;
    } else if (k === TokenKind.As && parens.at(-1)) {
      // CAST(x AS type-name [(n[, m])]): skip the type name.
      while (isIdsKind(kindAt(i + 1))) i++;
      if (kindAt(i + 1) === TokenKind.LParen) {
        while (i + 1 < to && kindAt(i + 1) !== TokenKind.RParen) i++;
        i++;
      }
    } else if (k === TokenKind.RParen) {
      if (!parens.length) throw fail(i);
      parens.pop();
    } else if (k === TokenKind.Comma && parens.length) {
      expectOperand = true;
    } else if (k === TokenKind.End && openCases > 0) {
      openCases--;
    } else if (k !== TokenKind.Isnull && k !== TokenKind.Notnull) {
      throw fail(i);
    }
  }
  if (expectOperand && to > from) throw fail(to);
}
