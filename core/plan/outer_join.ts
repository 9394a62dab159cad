/**
 * Outer-join simplification (select.c, sqlite3Select): an outer join whose WHERE can only be
 * true when a table it may NULL-fill has a real row is a join that does not NULL-fill it,
 * and SQLite plans it as such (join order, WHERE push-down, flattening). The test is sqlite3ExprImpliesNonNullRow's: false
 * negatives only miss the rewrite, so anything unsure answers false.
 */
import type * as B from "../analyze/bound.ts";
import { skipCollateAndLikely } from "./clause_terms.ts";
import { isNullLiteral } from "./expr_implies.ts";
import { isRightOrFull } from "./bound_terms.ts";

/** Whether `e` can only be true when some column of `source` is not NULL. */
export function impliesNonNullRow(e: B.BoundExpr, source: number): boolean {
  e = skipCollateAndLikely(e);
  // `x NOTNULL`, `x IS NOT NULL` (SQLite's parser makes the second the first).
  if (e.kind === "nullTest" && e.not) return reads(e.operand, source);
  if (e.kind === "binary" && e.op === "is not" && isNullLiteral(e.right)) {
    return reads(e.left, source);
  }
  while (e.kind === "binary" && e.op === "and") {
    if (impliesNonNullRow(e.left, source)) return true;
    e = e.right;
  }
  return reads(e, source);
}

/**
 * impliesNotNullRow's walk: true when evaluating `e` meets a column of `source` on a path
 * where a NULL makes the whole NULL or false.
 */
function reads(e: B.BoundExpr, source: number): boolean {
  const both = (a: B.BoundExpr, b: B.BoundExpr) => reads(a, source) && reads(b, source);
  switch (e.kind) {
    case "column":
      return e.source === source;
    case "binary":
      if (e.op === "and" || e.op === "or") return both(e.left, e.right);
      if (e.op === "is" || e.op === "is not" || e.op === "->" || e.op === "->>") return false;
      return reads(e.left, source) || reads(e.right, source);
    case "inList":
      return e.list.length > 0 && reads(e.operand, source);
    case "between":
      return reads(e.operand, source) || both(e.low, e.high);
    case "unary":
    case "cast":
    case "collate":
      return reads(e.operand, source);
    default:
      // Every other kind, named: a new kind fails type checking until it is placed.
      e satisfies {
        kind:
          | "nullTest"
          | "truth"
          | "function"
          | "like"
          | "case"
          | "row"
          | "exists"
          | "subquery"
          | "inSelect"
          | "literal"
          | "trueFalse"
          | "variable"
          | "currentTime";
      };
      return false;
  }
}

/**
 * `core` with its outer joins simplified where the WHERE implies a non-NULL row of a table
 * they may NULL-fill (select.c, in FROM order): a LEFT JOIN becomes an inner join, a FULL
 * JOIN a RIGHT one; a table left of a RIGHT or FULL join makes every later RIGHT JOIN an
 * inner join and every later FULL JOIN a LEFT one. The ON terms of a join made inner then
 * count as the WHERE's.
 */
export function simplifyOuterJoins(core: B.BoundCore): B.BoundCore {
  const from = core.from;
  if (!from?.items.some((it) => it.join === "left" || isRightOrFull(it))) return core;
  const items = [...from.items];
  let changed = false;
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    if (it.item.kind === "join") continue;
    const nullable = it.join === "left" || it.join === "full";
    const leftOfRight = items.slice(i + 1).some(isRightOrFull);
    if (!nullable && !leftOfRight) continue;
    const id = it.item.id;
    // The WHERE's terms with the inner joins' ON terms (SQLite moves those into its WHERE,
    // marked as ON terms); simplifying a RIGHT JOIN counts the WHERE's own only.
    const terms = core.where ? [core.where] : [];
    if (!leftOfRight) {
      for (const x of items) {
        if (x.join !== "left" && !isRightOrFull(x) && x.on) terms.push(x.on);
      }
    }
    if (!terms.some((t) => impliesNonNullRow(t, id))) continue;
    changed = true;
    if (nullable) items[i] = { ...it, join: it.join === "full" ? "right" : "inner" };
    if (leftOfRight) {
      for (let j = i + 1; j < items.length; j++) {
        const later = items[j];
        if (later.join === "full") items[j] = { ...later, join: "left" };
        else if (later.join === "right") items[j] = { ...later, join: "inner" };
      }
    }
  }
  return changed ? { ...core, from: { ...from, items } } : core;
}
