/**
 * Terms of a sort list — `expr [COLLATE x] [ASC|DESC] [NULLS FIRST|LAST]` inside
 * PRIMARY KEY(...), UNIQUE(...) and CREATE INDEX ... ON t(...) — read without a general
 * expression parser: the term's tokens are delimited by balanced parentheses, the sort
 * order is peeled off the end, and what is left is either a column reference (a name,
 * possibly parenthesized and COLLATEd) or an expression kept as text.
 */
import { sqlError } from "../errors.ts";
import { TokenKind } from "./tokenize.ts";
import { endsOperand, isIdsKind, isNameOperand, type TokenStream } from "./ddl_stream.ts";

/** One analysed term. */
export interface SortTerm {
  /** Token range of the expression (COLLATE included, sort order excluded). */
  from: number;
  to: number;
  desc: boolean;
  /** Column name when the term is a plain column reference, else null. */
  column: string | null;
  /** A trailing AUTOINCREMENT (allowed after the last term of PRIMARY KEY(...)). */
  autoincrement: boolean;
  /** The term's effective COLLATE (outermost), or null. */
  collation: string | null;
}

/**
 * Can this token be a column reference on its own in an expression? A name operand, or a
 * string (SQLite turns a lone string term into a name here).
 */
function isColumnTokenKind(k: TokenKind): boolean {
  return k === TokenKind.String || isNameOperand(k);
}

/**
 * Reads one term at the cursor, stopping before a top-level `,` or `)`. With
 * `allowAutoincrement`, a final AUTOINCREMENT before the `)` is taken off the term. A
 * NULLS FIRST / LAST fails with SQLite's error, which no index or key accepts.
 */
export function readSortTerm(ts: TokenStream, allowAutoincrement = false): SortTerm {
  const [from, to] = ts.skipTerm();
  const kindAt = (i: number) => (i >= from && i < to ? ts.tokens[i].kind : TokenKind.Eof);
  let end = to;
  let autoincrement = false;
  if (
    allowAutoincrement && end - from >= 2 && kindAt(end - 1) === TokenKind.Autoincrement &&
    ts.kind() === TokenKind.RParen
  ) {
    autoincrement = true;
    end--;
  }
  if (
    end - from >= 3 && kindAt(end - 2) === TokenKind.Nulls &&
    (kindAt(end - 1) === TokenKind.First || kindAt(end - 1) === TokenKind.Last) &&
    endsOperand(kindAt(end - 3))
  ) {
    // It parses, but no index or key accepts it: the term fails with SQLite's error.
    const nulls = kindAt(end - 1) === TokenKind.First ? "FIRST" : "LAST";
    throw sqlError(`unsupported use of NULLS ${nulls}`);
  }
  let desc = false;
  const last = kindAt(end - 1);
  if (end - from >= 2 && (last === TokenKind.Asc || last === TokenKind.Desc)) {
    if (endsOperand(kindAt(end - 2))) {
      desc = last === TokenKind.Desc;
      end--;
    }
  }
  if (end === from) throw ts.syntaxError();
  return {
    from,
    to: end,
    desc,
    ...columnReference(ts, from, end),
    autoincrement,
  };
}

/**
 * Reads tokens `[from, to)` as `name`, `(ref)` or `ref COLLATE x`. Returns the column
 * name (null if the tokens are some other expression) and the outermost collation.
 */
function columnReference(
  ts: TokenStream,
  from: number,
  to: number,
): { column: string | null; collation: string | null } {
  let collation: string | null = null;
  for (;;) {
    if (
      to - from >= 3 && ts.tokens[to - 2].kind === TokenKind.Collate &&
      isIdsKind(ts.tokens[to - 1].kind)
    ) {
      collation ??= ts.name(ts.tokens[to - 1]);
      to -= 2;
      continue;
    }
    if (
      to - from >= 3 && ts.tokens[from].kind === TokenKind.LParen &&
      ts.closingParen(from, to) === to - 1
    ) {
      from++;
      to--;
      continue;
    }
    break;
  }
  if (to - from === 1 && isColumnTokenKind(ts.tokens[from].kind)) {
    return { column: ts.name(ts.tokens[from]), collation };
  }
  return { column: null, collation: null };
}

/**
 * The top-level COLLATE of an expression term, or null. COLLATE binds tighter than every
 * binary operator and looser only than unary `-`, `+`, `~`, so it is the top operator
 * exactly when the expression is `[unary...] atom COLLATE x [COLLATE y ...]`, where an
 * atom is one operand token, a parenthesized group, a function call, CAST/EXISTS/RAISE
 * (...), CASE ... END, or a dotted name.
 */
export function topLevelCollation(ts: TokenStream, from: number, to: number): string | null {
  let collation: string | null = null;
  while (
    to - from >= 3 && ts.tokens[to - 2].kind === TokenKind.Collate &&
    isIdsKind(ts.tokens[to - 1].kind)
  ) {
    collation ??= ts.name(ts.tokens[to - 1]);
    to -= 2;
  }
  if (collation === null) return null;
  let i = from;
  while (
    i < to &&
    (ts.tokens[i].kind === TokenKind.Minus || ts.tokens[i].kind === TokenKind.Plus ||
      ts.tokens[i].kind === TokenKind.BitNot)
  ) i++;
  return atomEnd(ts, i, to) === to ? collation : null;
}

/**
 * End (exclusive) of the atom starting at token `i`, or a value other than `to` (-1, or
 * `to + 1` for an unclosed parenthesis) if none ends before `to`.
 */
function atomEnd(ts: TokenStream, i: number, to: number): number {
  if (i >= to) return -1;
  const k = ts.tokens[i].kind;
  if (k === TokenKind.LParen) return ts.closingParen(i, to) + 1;
  if (k === TokenKind.Cast || k === TokenKind.Exists || k === TokenKind.Raise) {
    if (i + 1 < to && ts.tokens[i + 1].kind === TokenKind.LParen) {
      return ts.closingParen(i + 1, to) + 1;
    }
  }
  if (k === TokenKind.Case) {
    let depth = 0;
    for (let j = i; j < to; j++) {
      const kj = ts.tokens[j].kind;
      if (kj === TokenKind.Case) depth++;
      else if (kj === TokenKind.End && --depth === 0) return j + 1;
    }
    return -1;
  }
  if (!endsOperand(k) || k === TokenKind.RParen) return -1;
  let j = i + 1;
  // name.name[.name] and name(args) [FILTER (...)] [OVER ...] are single operands.
  while (j + 1 < to && ts.tokens[j].kind === TokenKind.Dot) j += 2;
  if (j < to && ts.tokens[j].kind === TokenKind.LParen) return ts.closingParen(j, to) + 1;
  return j;
}
