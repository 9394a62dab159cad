/**
 * The SQL statement parser: SQLite's grammar (src/parse.y) as an LL(1) parser (ll1.ts) over
 * the tokens of {@link tokenize}. It produces the AST of `ast.ts` for SELECT, INSERT,
 * UPDATE, DELETE, PRAGMA and transaction statements, delimits the other statements that
 * write (CREATE, DROP, ALTER, ...: the binder checks those, core/analyze/schema_statements.ts),
 * and reports errors with SQLite's messages and at SQLite's token.
 *
 * How errors line up with SQLite's LALR(1) parser:
 * - Every decision is LL(1) on the token kinds (plus a few gates), so the parser fails
 *   on the first token that cannot continue a valid statement, which is the token where
 *   SQLite's parser fails.
 * - Errors SQLite raises inside grammar actions while reducing a rule (`ORDER BY clause
 *   should come after UNION not before`, ...) are recorded with the token that triggers
 *   the reduction; they win over any error at a later token, and lose to an error at
 *   that very token (SQLite's later message overwrites the earlier one).
 */
import { SqliteError } from "../errors.ts";
import type {
  DmlStatement,
  ParsedStatement,
  PragmaStatement,
  Select,
  Statement,
  TransactionStatement,
  WriteStatement,
} from "./ast.ts";
import { SyntaxFailure } from "./ll1.ts";
import { type RuleResult, StatementParser, type WithResult } from "./parse_statement.ts";
import { type SqlToken, sqlTokens } from "./parse_tokens.ts";
import { incompleteInput, sqlError, syntaxError } from "./parse_support.ts";
import { illegalTokenError, tokenText } from "./tokenize.ts";
import { TokenKind } from "./token_kinds.ts";

/** Makes the parser, at the first statement parsed rather than at import. */
let makeParser: () => StatementParser = () => new StatementParser();
let made: StatementParser | null = null;

function theParser(): StatementParser {
  return made ??= makeParser();
}

/** The rules with INSERT / UPDATE / DELETE in full (parse_dml.ts), once installed. */
type FullParser = StatementParser & { dmlStatement: () => RuleResult<DmlStatement> };

/**
 * Parses INSERT, REPLACE, UPDATE and DELETE in full from now on, with the parser `make`
 * returns (a DmlStatementParser, core/sql/parse_dml.ts); without it they are only delimited.
 */
export function installStatementParser(make: () => StatementParser): void {
  makeParser = make;
  made = null;
}

/** SQLite's error for a parse that fails at token `t` (undefined: end of input). */
function errorAt(sql: string, t: SqlToken | undefined): SqliteError {
  if (!t || t.kind === TokenKind.Eof) return incompleteInput(sql.length);
  if (t.kind === TokenKind.Illegal) return illegalTokenError(sql, t, t.start);
  return syntaxError(tokenText(sql, t), t.start);
}

/** Runs a statement rule on the tokens from `i`, mapping failures to SQLite's errors. */
function run<R>(sql: string, tokens: SqlToken[], i: number, rule: () => R): R {
  const parser = theParser();
  parser.input = i === 0 ? tokens : tokens.slice(i);
  parser.resetFor(sql);
  let result: R | undefined;
  let error: SqliteError | null = null;
  try {
    result = rule.call(parser);
  } catch (e) {
    if (e instanceof SyntaxFailure) error = errorAt(sql, e.token);
    else if (e instanceof SqliteError) error = e;
    else if (e instanceof RangeError) error = sqlError("Recursion limit", sql.length);
    else throw e;
  }
  const pending = parser.pending;
  if (pending && (!error || pending.at < error.offset)) throw pending.error;
  if (error) throw error;
  return result as R;
}

/** Index of the first token that starts at or after `from`. */
function firstTokenAt(tokens: SqlToken[], from: number): number {
  let lo = 0, hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid].start < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first token at or after `from` that is not an empty statement's `;`. */
function statementStart(tokens: SqlToken[], from: number): number {
  let i = firstTokenAt(tokens, from);
  while (tokens[i]?.kind === TokenKind.Semi) i++;
  return i;
}

/**
 * Offset where the next statement at or after `from` begins, or -1 when only whitespace,
 * comments and semicolons remain.
 */
export function nextStatementStart(sql: string, from: number): number {
  const tokens = sqlTokens(sql);
  const i = statementStart(tokens, from);
  return tokens[i]?.start ?? -1;
}

/** One statement inside a longer SQL text. */
export interface StatementSpan {
  /** Offset of its first token (EXPLAIN included). */
  start: number;
  /** Offset just after it (after its `;` when it has one). */
  end: number;
  /** Offset of the statement after `EXPLAIN [QUERY PLAN]` (= start without EXPLAIN). */
  bodyStart: number;
  /** Whether it is `EXPLAIN` or `EXPLAIN QUERY PLAN`, null otherwise. */
  explain: ParsedStatement["explain"];
}

/**
 * The statement at or after `from` (EXPLAIN included), delimited from its tokens alone as
 * {@link scanWrite} delimits a statement that writes, or null when only whitespace,
 * comments and `;` remain: for splitting a script without parsing each statement twice.
 * Where a statement does not parse, parsing its text from `start` to `end` reports the
 * error parsing the whole script would (every error comes at or before the `;`).
 */
export function statementSpan(sql: string, from: number): StatementSpan | null {
  const tokens = sqlTokens(sql);
  let i = statementStart(tokens, from);
  if (i >= tokens.length) return null;
  const start = tokens[i].start;
  let explain: ParsedStatement["explain"] = null;
  if (tokens[i].kind === TokenKind.Explain) {
    explain = "explain";
    i++;
    if (tokens[i]?.kind === TokenKind.Query && tokens[i + 1]?.kind === TokenKind.Plan) {
      explain = "queryPlan";
      i += 2;
    }
  }
  if (i >= tokens.length) return { start, end: sql.length, bodyStart: sql.length, explain };
  let end = sql.length;
  try {
    end = tokens[scanWrite(sql, tokens, i).semi]?.end ?? end;
  } catch {
    // An unrecognized token: the statement runs to the end, and parsing it reports the
    // first error, that token or one before it.
  }
  return { start, end, bodyStart: tokens[i].start, explain };
}

/**
 * Finds the end of a statement that would write, from its verb at `j`: the first `;`
 * outside parentheses (for CREATE TRIGGER, the `;` after the body's END).
 */
function scanWrite(sql: string, tokens: SqlToken[], j: number): { last: number; semi: number } {
  const k1 = tokens[j + 1]?.kind, k2 = tokens[j + 2]?.kind;
  const trigger = tokens[j].kind === TokenKind.Create &&
    (k1 === TokenKind.Trigger ||
      ((k1 === TokenKind.Temp || k1 === TokenKind.Temporary) && k2 === TokenKind.Trigger));
  let depth = 0, inBody = false, cases = 0;
  let k = j;
  for (; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.kind === TokenKind.Illegal) throw errorAt(sql, t);
    if (t.kind === TokenKind.LParen) depth++;
    else if (t.kind === TokenKind.RParen) depth--;
    else if (trigger && t.kind === TokenKind.Begin && !inBody && depth === 0) inBody = true;
    else if (inBody && t.kind === TokenKind.Case) cases++;
    else if (inBody && t.kind === TokenKind.End) {
      if (cases > 0) cases--;
      else inBody = false;
    } else if (t.kind === TokenKind.Semi && depth <= 0 && !inBody) break;
  }
  return { last: k - 1, semi: k };
}

/**
 * Parses the statement starting at `from` (skipping empty statements `;;`), or returns
 * null when only whitespace/comments/semicolons remain. Throws
 * SqliteError("SQLITE_ERROR", msg, offset) with SQLite's message.
 */
export function parseStatement(sql: string, from = 0): ParsedStatement | null {
  const tokens = sqlTokens(sql);
  let i = statementStart(tokens, from);
  if (i >= tokens.length) return null;
  let explain: ParsedStatement["explain"] = null;
  if (tokens[i].kind === TokenKind.Explain) {
    explain = "explain";
    i++;
    if (tokens[i]?.kind === TokenKind.Query) {
      if (tokens[i + 1]?.kind !== TokenKind.Plan) throw errorAt(sql, tokens[i + 1]);
      explain = "queryPlan";
      i += 2;
    }
  }
  const first = tokens[i];
  if (!first) throw errorAt(sql, first);
  const parser = theParser();
  let r: WithResult | RuleResult<PragmaStatement | TransactionStatement>;
  switch (first.kind) {
    case TokenKind.Select:
    case TokenKind.Values:
      r = run(sql, tokens, i, parser.selectStatement);
      break;
    case TokenKind.With:
      r = run(sql, tokens, i, parser.withStatement);
      if ("writeVerb" in r) {
        return writeStatement(sql, tokens, i, tokens.indexOf(r.writeVerb as SqlToken, i), explain);
      }
      break;
    case TokenKind.Insert:
    case TokenKind.Replace:
    case TokenKind.Update:
    case TokenKind.Delete:
      if (!("dmlStatement" in parser)) return writeStatement(sql, tokens, i, i, explain);
      r = run(sql, tokens, i, (parser as FullParser).dmlStatement);
      break;
    case TokenKind.Pragma:
      r = run(sql, tokens, i, parser.pragma);
      break;
    case TokenKind.Begin:
    case TokenKind.Commit:
    case TokenKind.End:
    case TokenKind.Rollback:
    case TokenKind.Savepoint:
    case TokenKind.Release:
      r = run(sql, tokens, i, parser.transaction);
      break;
    // The other statements that write, delimited here and checked by the binder.
    case TokenKind.Create:
    case TokenKind.Drop:
    case TokenKind.Alter:
    case TokenKind.Vacuum:
    case TokenKind.Attach:
    case TokenKind.Detach:
    case TokenKind.Reindex:
    case TokenKind.Analyze:
      return writeStatement(sql, tokens, i, i, explain);
    default:
      throw errorAt(sql, first);
  }
  const { statement: s, terminator } = r;
  // A Select is the one statement AST without a kind (it starts at the first token).
  const statement: Statement = !("kind" in s)
    ? { kind: "select", select: s, start: s.start, end: s.end }
    : s.kind === "pragma" || s.kind === "transaction"
    ? s
    : {
      // A parsed INSERT / REPLACE / UPDATE / DELETE as the statement that writes.
      kind: "write",
      verb: s.kind === "insert" ? s.verb : s.kind.toUpperCase(),
      text: sql.slice(s.start, s.end),
      dml: s,
      start: s.start,
      end: s.end,
    };
  const tail = terminator.kind === TokenKind.Semi ? (terminator as SqlToken).end : sql.length;
  return { statement, explain, parameters: parser.params, tail, parseChecks: parser.parseChecks };
}

function writeStatement(
  sql: string,
  tokens: SqlToken[],
  start: number,
  verb: number,
  explain: ParsedStatement["explain"],
): ParsedStatement {
  const { last, semi } = scanWrite(sql, tokens, verb);
  const v = tokens[verb];
  const from = tokens[start].start;
  const to = last >= start ? tokens[last].end : from;
  const statement: WriteStatement = {
    kind: "write",
    verb: tokenText(sql, v).toUpperCase(),
    text: sql.slice(from, to),
    dml: null,
    start: from,
    end: to,
  };
  const tail = tokens[semi]?.end ?? sql.length;
  return { statement, explain, parameters: [null], tail, parseChecks: [] };
}

/**
 * Parses a lone SELECT (e.g. a view's stored SELECT); anything after its `;` is ignored.
 * Throws SQLite's errors as {@link parseStatement} does.
 */
export function parseSelect(sql: string): Select {
  const parsed = parseStatement(sql);
  if (!parsed) throw incompleteInput(sql.length);
  if (parsed.statement.kind !== "select" || parsed.explain) {
    const tokens = sqlTokens(sql);
    throw errorAt(sql, tokens[firstTokenAt(tokens, parsed.statement.start)]);
  }
  return parsed.statement.select;
}
