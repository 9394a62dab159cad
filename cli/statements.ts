/**
 * Splitting SQL text into statements, and knowing when typed SQL is complete, with
 * litejit's own tokenizer and parser (so strings, quoted names and comments holding `;`
 * are handled as SQLite handles them).
 */
import { nextStatementStart, parseStatement } from "../core/sql/parser.ts";
import { tokenize, TokenKind } from "../core/sql/tokenize.ts";

/** One statement inside a longer SQL text. */
export interface StatementSpan {
  /** Offset of its first token (EXPLAIN included). */
  start: number;
  /** Offset just after it (after its `;` when it has one). */
  end: number;
  /** Offset of the statement after `EXPLAIN [QUERY PLAN]` (= start without EXPLAIN). */
  bodyStart: number;
  /** Whether it is `EXPLAIN` or `EXPLAIN QUERY PLAN`, null otherwise. */
  explain: "explain" | "queryPlan" | null;
}

/**
 * The statement at or after offset `from`, or null when only whitespace, comments and `;`
 * remain. Throws SQLite's syntax error (offset into `sql`) when the statement does not
 * parse: the text after it cannot be split reliably, so running stops there.
 */
export function nextStatement(sql: string, from: number): StatementSpan | null {
  const start = nextStatementStart(sql, from);
  if (start < 0) return null;
  const parsed = parseStatement(sql, start);
  if (!parsed) return null;
  return {
    start,
    end: parsed.tail,
    bodyStart: parsed.statement.start,
    explain: parsed.explain,
  };
}

/**
 * Whether typed SQL is ready to run: its last token, comments aside, is a `;` outside any
 * string, quoted name or comment (what sqlite3_complete checks, without its CREATE
 * TRIGGER rule: litejit refuses writes anyway).
 */
export function isCompleteSql(sql: string): boolean {
  const tokens = tokenize(sql, true);
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i];
    if (t.kind === TokenKind.Space) continue;
    if (t.kind === TokenKind.Comment) {
      const open = sql.startsWith("/*", t.start);
      if (open && (t.end - t.start < 4 || !sql.endsWith("*/", t.end))) return false;
      continue;
    }
    return t.kind === TokenKind.Semi;
  }
  return false;
}
