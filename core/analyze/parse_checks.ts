/**
 * Errors SQLite raises while parsing, before any name is resolved: a WITH clause naming
 * the same table twice, and a row-value IN list whose elements have the wrong width.
 * SQLite stops at the first one its parser reduces, so the error whose construct ends
 * first in the text wins, and it beats every name-resolution error. The parser lists the
 * constructs that may fail (ParsedStatement.parseChecks), so no walk of the tree is needed.
 */
import type * as A from "../sql/ast.ts";
import { nameKey } from "../format/schema_types.ts";
import type { SqliteError } from "../errors.ts";
import { bindError } from "./errors.ts";

interface Found {
  end: number;
  error: SqliteError;
}

function keep(best: Found | null, end: number, message: string, start: number): Found {
  if (best && best.end <= end) return best;
  return { end, error: bindError(message, start) };
}

function check(node: A.InList | A.WithClause, best: Found | null): Found | null {
  if ("kind" in node) {
    // `(a, b) IN (x, y)`: the parser counts only a written row value as more than one
    // term; `IN ((SELECT ...))` is parsed as IN (SELECT ...).
    if (
      node.operand.kind === "row" && !(node.list.length === 1 && node.list[0].kind === "subquery")
    ) {
      const want = node.operand.items.length;
      for (const item of node.list) {
        const n = item.kind === "row" ? item.items.length : 1;
        if (n !== want) {
          const terms = n === 1 ? "term" : "terms";
          return keep(
            best,
            node.end,
            `IN(...) element has ${n} ${terms} - expected ${want}`,
            node.start,
          );
        }
      }
    }
    return best;
  }
  const seen = new Set<string>();
  for (const cte of node.ctes) {
    const key = nameKey(cte.name);
    if (seen.has(key)) {
      return keep(best, cte.end, `duplicate WITH table name: ${cte.name}`, cte.start);
    }
    seen.add(key);
  }
  return best;
}

/** Throws the parse-time error SQLite reports for the constructs `checks`, if any. */
export function checkParseTimeErrors(checks: readonly (A.InList | A.WithClause)[]): void {
  let found: Found | null = null;
  for (const node of checks) found = check(node, found);
  if (found) throw found.error;
}
