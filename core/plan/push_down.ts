/**
 * SQLite's WHERE-clause push-down into a FROM subquery that is not flattened (select.c
 * pushDownWhereTerms): a WHERE term that reads only the subquery is also tested inside
 * it (every arm of a compound), with the subquery's own expression in place of the column,
 * so that its tables' indexes serve the term (which changes the rows' order). In a
 * compound that expression brings its own affinity, so `x = '2'` drops an arm's row whose
 * `x` is a bare literal 2 even though the compound column is numeric. The outer term stays
 * (into HAVING for an aggregate). Applied under SQLite's restrictions; litejit skips
 * (conservatively) terms with subqueries, subqueries with window functions, compounds with
 * VALUES, and LEFT JOINs' own ON terms.
 */
import type * as B from "../analyze/bound.ts";
import {
  everyExpr,
  mapExpr,
  referencedSources,
  selectCores,
  withCores,
} from "../analyze/bound_walk.ts";
import { isConstantFunction } from "../analyze/values_selects.ts";
import { boundAnd, boundConjuncts, isRightOrFull } from "./bound_terms.ts";
import { subSelect, withSubSelect } from "./flatten.ts";
import { collationOf } from "./collation.ts";

/** Whether a term may be copied into an arm: no subquery, only constant functions. */
function pushable(term: B.BoundExpr): boolean {
  return everyExpr(
    term,
    (e) =>
      e.kind !== "subquery" && e.kind !== "exists" && e.kind !== "inSelect" &&
      (e.kind !== "function" || (e.role === "scalar" && isConstantFunction(e.def))),
  );
}

/**
 * Whether SQLite pushes WHERE terms into `s` (restrictions 2, 3, 6, 8, 11). Into a SELECT
 * with window functions only terms on its PARTITION BY may go (6c): litejit pushes none.
 */
function acceptsPushDown(s: B.BoundSelect): boolean {
  if (s.limit || s.offset) return false;
  const cores = selectCores(s);
  if (cores.some((c) => c.kind !== "core" || c.windowFunctions.length)) {
    return false;
  }
  // Every part is a core here.
  return s.compounds.every((c) => c.op === "unionAll") ||
    cores.every((c) => (c as B.BoundCore).columns.every((rc) => collationOf(rc.expr) === "BINARY"));
}

/** The arms of `s` with `term` (reading only `source`) added to each WHERE. */
function pushInto(s: B.BoundSelect, source: number, term: B.BoundExpr): B.BoundSelect {
  // Every arm is a core (acceptsPushDown).
  return withCores(s, (c) => {
    const core = c as B.BoundCore;
    const copy = mapExpr(term, (x): B.BoundExpr | null => {
      if (x.kind !== "column" || x.source !== source) return null;
      const e = core.columns[x.column].expr;
      // substExpr keeps the column's collation by an explicit COLLATE of the left-most arm's.
      const name = collationOf((s.first as B.BoundCore).columns[x.column].expr);
      return { ...e, kind: "collate", operand: e, name, collation: name, hasCollate: true };
    });
    // An aggregate arm tests it after grouping, with its own aggregate calls.
    return core.aggregate
      ? { ...core, having: boundAnd(core.having, copy) }
      : { ...core, where: boundAnd(core.where, copy) };
  });
}

/**
 * `from` with the WHERE terms pushed into its compound subqueries as SQLite does: items
 * not joined by LEFT/RIGHT/FULL and with no RIGHT/FULL join after them (restrictions 4, 10).
 */
export function pushDownWhere(from: B.BoundFrom, where: B.BoundExpr | null): B.BoundFrom {
  // Most FROM clauses name tables only: nothing to push into, nothing to look at.
  if (!from.items.some((it) => subSelect(it.item))) return from;
  // WHERE terms and the ON terms of inner joins (SQLite moves those into WHERE).
  const all = boundConjuncts(where);
  for (const it of from.items) {
    if (it.join === "inner" || it.join === "cross") boundConjuncts(it.on, all);
  }
  const terms = all.filter(pushable);
  if (!terms.length) return from;
  let changed = false;
  const items = from.items.map((it, k) => {
    const src = it.item;
    // Terms go into a subquery or view, or a CTE used once and not MATERIALIZED.
    const body = src.kind === "cte" && src.cte.uses > 1 ? null : subSelect(src);
    if (!body || !acceptsPushDown(body)) return it;
    // Not joined by LEFT/RIGHT/FULL, and no RIGHT/FULL join after it.
    if (it.join === "left" || from.items.slice(k).some(isRightOrFull)) return it;
    const id = (src as B.BoundSource).id;
    let select = body;
    for (const t of terms) {
      const refs = new Set<number>();
      referencedSources(t, refs);
      if (refs.size !== 1 || !refs.has(id)) continue;
      select = pushInto(select, id, t);
    }
    if (select === body) return it;
    changed = true;
    return { ...it, item: withSubSelect(src as B.BoundSource, select) };
  });
  return changed ? { ...from, items } : from;
}
