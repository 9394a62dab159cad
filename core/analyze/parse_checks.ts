/**
 * Errors SQLite raises while parsing, before any name is resolved: a WITH clause naming
 * the same table twice, and a row-value IN list whose elements have the wrong width.
 * SQLite stops at the first one its parser reduces, so the error whose construct ends
 * first in the text wins, and it beats every name-resolution error.
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
  if (best !== null && best.end <= end) return best;
  return { end, error: bindError(message, start) };
}

function walk(node: unknown, best: Found | null): Found | null {
  if (node === null || typeof node !== "object") return best;
  if (Array.isArray(node)) {
    for (const x of node) best = walk(x, best);
    return best;
  }
  const e = node as A.InList;
  const w = node as A.WithClause;
  if (e.kind === "inList") {
    // `(a, b) IN (x, y)`: the parser counts only a written row value as more than one
    // term; `IN ((SELECT ...))` is parsed as IN (SELECT ...).
    if (e.operand.kind === "row" && !(e.list.length === 1 && e.list[0].kind === "subquery")) {
      const want = e.operand.items.length;
      for (const item of e.list) {
        const n = item.kind === "row" ? item.items.length : 1;
        if (n !== want) {
          const terms = n === 1 ? "term" : "terms";
          best = keep(best, e.end, `IN(...) element has ${n} ${terms} - expected ${want}`, e.start);
          break;
        }
      }
    }
  } else if ("ctes" in w && "recursive" in w && Array.isArray(w.ctes)) {
    const seen = new Set<string>();
    for (const cte of w.ctes) {
      const key = nameKey(cte.name);
      if (seen.has(key)) {
        best = keep(best, cte.end, `duplicate WITH table name: ${cte.name}`, cte.start);
        break;
      }
      seen.add(key);
    }
  }
  for (const v of Object.values(node)) best = walk(v, best);
  return best;
}

/** Throws the parse-time error SQLite reports for `statement`, if any. */
export function checkParseTimeErrors(statement: A.Statement): void {
  const found = walk(statement, null);
  if (found !== null) throw found.error;
}
