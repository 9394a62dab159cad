/**
 * Splitting SQL text into statements (core/sql/parser.ts statementSpan finds each), and
 * knowing when typed SQL is complete, with litejit's own tokenizer (so strings, quoted names
 * and comments holding `;` are handled as SQLite handles them).
 */
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
