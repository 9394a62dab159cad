/**
 * Outer-join simplification (select.c, sqlite3Select): a LEFT JOIN whose WHERE can only be
 * true when the right table's row is not all NULL is an inner join, and SQLite plans it
 * as one (join order, WHERE push-down). The test is sqlite3ExprImpliesNonNullRow's: false
 * negatives only miss the rewrite, so anything unsure answers false.
 */
import type * as B from "../analyze/bound.ts";

const LIKELY = new Set(["likely", "unlikely", "likelihood"]);

function skipCollateAndLikely(e: B.BoundExpr): B.BoundExpr {
  for (;;) {
    if (e.kind === "collate") e = e.operand;
    else if (e.kind === "function" && LIKELY.has(e.name.toLowerCase()) && e.args.length > 0) {
      e = e.args[0];
    } else return e;
  }
}

function isNull(e: B.BoundExpr): boolean {
  return e.kind === "literal" && e.value === null;
}

/** Whether `e` can only be true when some column of `source` is not NULL. */
export function impliesNonNullRow(e: B.BoundExpr, source: number): boolean {
  e = skipCollateAndLikely(e);
  // `x NOTNULL`, `x IS NOT NULL` (SQLite's parser makes the second the first).
  if (e.kind === "nullTest" && e.not) return reads(e.operand, source);
  if (e.kind === "binary" && e.op === "is not" && isNull(e.right)) return reads(e.left, source);
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
    case "nullTest":
    case "truth":
    case "function":
    case "like":
    case "case":
    case "row":
    case "exists":
    case "subquery":
    case "inSelect":
    case "literal":
    case "trueFalse":
    case "variable":
    case "currentTime":
      return false;
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
  }
}

/** The WHERE's terms with the inner joins' ON terms (SQLite moves those into its WHERE). */
function whereTerms(core: B.BoundCore): B.BoundExpr[] {
  const out: B.BoundExpr[] = core.where ? [core.where] : [];
  for (const it of core.from?.items ?? []) {
    if ((it.join === null || it.join === "inner" || it.join === "cross") && it.on) out.push(it.on);
  }
  return out;
}

/**
 * `core` with each LEFT JOIN of a single table or subquery turned into an inner join where
 * the WHERE implies a non-NULL row of it (RIGHT and FULL joins are left as they are).
 */
export function simplifyOuterJoins(core: B.BoundCore): B.BoundCore {
  const from = core.from;
  if (!from || !from.items.some((it) => it.join === "left")) return core;
  const terms = whereTerms(core);
  if (terms.length === 0) return core;
  // A RIGHT or FULL join after a LEFT one makes the LEFT side's rows NULL-fillable again.
  if (from.items.some((it) => it.join === "right" || it.join === "full")) return core;
  let changed = false;
  const items = from.items.map((it) => {
    if (it.join !== "left" || it.item.kind === "join") return it;
    const id = it.item.id;
    if (!terms.some((t) => impliesNonNullRow(t, id))) return it;
    changed = true;
    return { ...it, join: "inner" as const };
  });
  return changed ? { ...core, from: { ...from, items } } : core;
}
