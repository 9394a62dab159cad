/**
 * Knowing when typed SQL is complete, with litejit's own tokenizer (so strings, quoted names
 * and comments holding `;` are handled as SQLite handles them). Splitting text into
 * statements is core/sql/parser.ts statementSpan.
 */
import { tokenize, TokenKind } from "../core/sql/tokenize.ts";

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
