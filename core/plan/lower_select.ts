/**
 * SELECT → query: cores (FROM, WHERE, aggregation, HAVING, windows, DISTINCT, result
 * columns, ORDER BY, LIMIT), VALUES, and compounds (left-deep).
 */
import type * as B from "../analyze/bound.ts";
import type { CollationName, Compound, PlanExpr, Query, RelNode, SortKey } from "./plan.ts";
import { colRef, type LowerScope, newId, newScope, type PlanContext } from "./scope.ts";
import { lowerExpr, lowerResultColumn } from "./lower_expr.ts";
import { planFrom } from "./from.ts";
import { buildAggregate } from "./aggregate.ts";
import { firstComputedWindowOrder, prepareWindows, stackWindows, windowPasses } from "./window.ts";
import { type OrderKind, type OrderTerm, wantedOrder } from "./order.ts";
import { planSpecialAggregate } from "./special_aggregate.ts";
import { sortShapeOf } from "./sort_cost.ts";
import { flattenSelect } from "./flatten.ts";
import { addNewSources } from "./used_columns.ts";
import { havingToWhere } from "./having_to_where.ts";
import { remapRowids } from "./auto_index.ts";
import { everyExpr, referencedSources, selectCores } from "../analyze/bound_walk.ts";
import { sameExpr } from "../analyze/same_expr.ts";
import { compoundSelects, valuesSelects } from "../analyze/values_selects.ts";
import { Affinity } from "../value/types.ts";
import { collationOf, nullsFirst } from "./collation.ts";

/**
 * Collations of a compound's columns: per column, the left-most part whose expression
 * has one (SQLite's multiSelectCollSeq), else BINARY. With `parts`, of the compound of
 * the first `parts` parts only: what the operator after them compares rows with.
 */
export function compoundCollations(select: B.BoundSelect, parts = Infinity): CollationName[] {
  const selects = compoundSelects(select, parts);
  return select.columnNames.map((_, i) => {
    for (const p of selects) {
      const c = p[i]?.collation;
      if (c) return c.toUpperCase();
    }
    return "BINARY";
  });
}

/** Plans a SELECT; `parent` is the enclosing query's scope (correlated references). */
export function lowerSelect(
  ctx: PlanContext,
  select: B.BoundSelect,
  parent: LowerScope | null,
): Query {
  const flat = flattenSelect(select);
  if (flat !== select) addNewSources(ctx, flat);
  select = flat;
  const { limit, offset } = lowerLimits(ctx, select);
  if (!select.compounds.length) {
    return lowerPart(ctx, select.first, parent, select.orderBy, limit, offset);
  }
  const collations = compoundCollations(select);
  // Which rows an operator takes for equal: by the collations of the parts up to it, but
  // a column the ORDER BY sorts without a COLLATE of its own by the whole compound's (as
  // SQLite 3.53 answers: it hands the ORDER BY, collations added, to the left-hand side).
  const wholeCompound = new Set(
    (select.orderBy ?? []).filter((t) => !t.expr.hasCollate).map((t) => t.resultColumn - 1),
  );
  const parts = selectCores(select);
  const ops = [null, ...select.compounds.map((c) => c.op)];
  const equalBy = (n: number) => {
    while (n < ops.length && ops[n] !== "unionAll") n++;
    return compoundCollations(select, n).map((c, k) => wholeCompound.has(k) ? collations[k] : c);
  };
  // But SQLite's merge drops a row only as equal to the one before it, under the parts'
  // own collations up to the operator (keyDup in multiSelectByMerge).
  const repeatBy = select.orderBy ? (n: number) => compoundCollations(select, n) : undefined;
  const q = lowerParts(ctx, parts, ops, parent, equalBy, repeatBy);
  const sort = select.orderBy && {
    columns: q.columns,
    keys: select.orderBy.map((t): SortKey => ({
      column: t.resultColumn - 1,
      desc: t.desc,
      nullsFirst: nullsFirst(t),
      collation: t.expr.hasCollate && t.expr.collation
        ? t.expr.collation.toUpperCase()
        : collations[t.resultColumn - 1],
    })),
  };
  return finish(ctx, q, sort, limit, offset);
}

/** The LIMIT and OFFSET of `select`, lowered (they read no table). */
export function lowerLimits(
  ctx: PlanContext,
  select: B.BoundSelect,
): { limit: PlanExpr | null; offset: PlanExpr | null } {
  const scope = newScope(null, null);
  const lower = (e: B.BoundExpr | null) => e && lowerExpr(ctx, scope, e);
  return { limit: lower(select.limit), offset: lower(select.offset) };
}

/**
 * Parts joined left-deep by compound operators (`ops[0]` is ignored); `collations(n)` gives
 * the collations the operator after the first `n` parts compares with, `repeats(n)` (if
 * other) those under which it drops a row equal to the one before it.
 */
export function lowerParts(
  ctx: PlanContext,
  parts: (B.BoundCore | B.BoundValues)[],
  ops: (B.BoundSelect["compounds"][number]["op"] | null)[],
  parent: LowerScope | null,
  collations: (n: number) => CollationName[],
  repeats?: (n: number) => CollationName[],
): Query {
  let q = lowerPart(ctx, parts[0], parent, null, null, null);
  for (let i = 1; i < parts.length; i++) {
    const right = lowerPart(ctx, parts[i], parent, null, null, null, true);
    const id = newId(ctx);
    const root: Compound = {
      kind: "compound",
      id,
      op: ops[i]!,
      left: q,
      right,
      collations: collations(i + 1),
    };
    const distinct = repeats?.(i + 1);
    if (distinct?.some((c, k) => c !== root.collations[k])) root.distinct = distinct;
    q = { root, columns: q.columns.map((_, k) => colRef(id, k)) };
  }
  return q;
}

function lowerPart(
  ctx: PlanContext,
  part: B.BoundCore | B.BoundValues,
  parent: LowerScope | null,
  orderBy: B.BoundOrderingTerm[] | null,
  limit: PlanExpr | null,
  offset: PlanExpr | null,
  rightOfOperator = false,
): Query {
  if (part.kind === "values") {
    const scope = newScope(parent, null);
    const id = newId(ctx);
    const root: RelNode = {
      kind: "values",
      id,
      rows: part.rows.map((r) => r.map((e) => lowerExpr(ctx, scope, e))),
    };
    // Right of a compound operator, a VALUES that is several SELECTs is the subquery
    // `SELECT * FROM (...)` (values_selects.ts), whose REAL columns read integers as REAL.
    const wrapped = rightOfOperator ? valuesSelects(part, false)[0] : null;
    const columns = part.rows[0].map((_, i): PlanExpr =>
      wrapped?.[i].affinity === Affinity.Real
        ? { kind: "unary", op: "realAffinity", operand: colRef(id, i) }
        : colRef(id, i)
    );
    return finish(ctx, { root, columns }, null, limit, offset);
  }
  return remapRowids(ctx, lowerCoreRefs(ctx, part, parent, orderBy, limit, offset));
}

/** `q` sorted by `sort` (which stores `columns`, read by their position), then limited. */
function finish(
  ctx: PlanContext,
  q: Query,
  sort: { columns: PlanExpr[]; keys: SortKey[]; presorted?: number } | null,
  limit: PlanExpr | null,
  offset: PlanExpr | null,
): Query {
  let { root, columns } = q;
  if (sort) {
    const id = newId(ctx);
    root = { kind: "sort", id, input: root, ...sort, limit, offset };
    columns = columns.map((_, i) => colRef(id, i));
  }
  if (limit || offset) root = { kind: "limit", input: root, limit, offset };
  return { root, columns };
}

/**
 * The sort of a core's `results` by `terms`: a term naming no result column stores its
 * key (of `keys`) after them.
 */
function coreSort(results: PlanExpr[], keys: PlanExpr[], terms: B.BoundOrderingTerm[]) {
  const columns = [...results];
  const sortKeys = terms.map((t, i): SortKey => {
    let column = t.resultColumn - 1;
    if (column < 0) {
      column = columns.length;
      columns.push(keys[i]);
    }
    return { column, desc: t.desc, nullsFirst: nullsFirst(t), collation: collationOf(t.expr) };
  });
  return { columns, keys: sortKeys };
}

function lowerCoreRefs(
  ctx: PlanContext,
  core: B.BoundCore,
  parent: LowerScope | null,
  orderBy: B.BoundOrderingTerm[] | null,
  limit: PlanExpr | null,
  offset: PlanExpr | null,
): Query {
  core = havingToWhere(core);
  const special = planSpecialAggregate(ctx, core, parent, orderBy, limit, offset);
  if (special) return special;
  const scope = newScope(parent, core);
  // The passes SQLite's window rewrite makes of the core's window calls, once.
  const passes = core.windowFunctions.length ? windowPasses(core, orderBy) : null;
  const windows = passes !== null;
  // With one table, prefer a path that gives the GROUP BY (stream) or ORDER BY order.
  const groupBy = core.groupBy ?? [];
  const grouped = core.aggregate && groupBy.length > 0;
  // With windows, SQLite's window rewrite orders the grouping query by the first computed
  // window's PARTITION BY and ORDER BY instead of the statement's ORDER BY.
  const groupOrder = passes ? firstComputedWindowOrder(passes) : orderBy;
  const groupDesc = grouped ? groupDirections(groupBy, groupOrder) : [];
  // A DISTINCT (of no aggregate or windows) wants its result columns grouped. With an
  // ORDER BY listing them (in any directions, NULLs where those put them), SQLite makes it a
  // GROUP BY of them in those directions (select.c), whose sorter EXPLAIN shows as the
  // DISTINCT's.
  const distinctRows = core.distinct && !core.aggregate && !windows;
  const asGroup = distinctRows && orderByLists(orderBy, core.columns.map((c) => c.expr));
  // A wanted term: `e` lowered, in its collation, its NULLs where `nullsFirst` puts them.
  const term = (e: B.BoundExpr, desc: boolean, nullsFirst = !desc): OrderTerm => ({
    expr: lowerExpr(ctx, scope, e),
    desc,
    nullsFirst,
    collation: collationOf(e),
  });
  let resultTerms: OrderTerm[] | undefined;
  // (Made a GROUP BY, its terms take the ORDER BY's directions, as select.c gives them.)
  const lowerResults = () =>
    resultTerms ??= core.columns.map((c, i) => term(c.expr, asGroup && orderBy![i].desc));
  let wanted: (() => OrderTerm[]) | null = null;
  let kind: OrderKind = "orderBy";
  if (grouped) {
    kind = "groupBy";
    wanted = () => groupBy.map((e, i) => term(e, groupDesc[i]));
  } else if (asGroup || distinctRows && !orderBy) {
    kind = "distinctBy";
    wanted = lowerResults;
  } else if (!core.aggregate) {
    // With windows, SQLite's window rewrite reads the rows in a subquery ordered by the
    // first computed window's PARTITION BY and ORDER BY (no LIMIT, no DISTINCT).
    const order = windows ? groupOrder : orderBy;
    if (order) wanted = () => order.map((t) => term(t.expr, t.desc, nullsFirst(t)));
  }
  const wantsDistinct = distinctRows && !asGroup;
  // The sources the result columns and ORDER BY read (where.c's pResultSet of a plain
  // SELECT), worked out when a LEFT JOIN asks; unknown when a subquery among them may read
  // more. An aggregate (a DISTINCT made a GROUP BY too) passes no result set to
  // sqlite3WhereBegin, so it omits no join (whereOmitNoopJoin).
  const shown = () => {
    const out = new Set<number>();
    for (const e of [...core.columns, ...orderBy ?? []]) {
      if (!everyExpr(e.expr, (x) => !("select" in x))) return;
      referencedSources(e.expr, out);
    }
    return out;
  };
  const from = planFrom(
    ctx,
    scope,
    core.from,
    core.where,
    wanted
      ? wantedOrder(
        wanted,
        kind,
        grouped ? orderByLists(groupOrder, groupBy) : asGroup,
        sortShapeOf(core.columns.length, windows ? null : limit, wantsDistinct),
        wantsDistinct ? lowerResults : null,
      )
      : undefined,
    core.aggregate || windows || asGroup ? undefined : shown,
  );
  let node = from.node;
  // The loops' order may make the sort (or the grouping) unnecessary, or a prefix of it.
  // (Rows in a window's order are sorted again for the ORDER BY.)
  const given = windows && !core.aggregate ? null : from.given;
  const wantedCount = grouped ? groupBy.length : orderBy?.length;
  // A DISTINCT made a GROUP BY: its rows come grouped in any order, and ordered only when
  // in the ORDER BY's order and directions.
  const grouping = asGroup && given?.given === wantedCount;
  let ordered = !!given && given.given === wantedCount &&
    (!asGroup || !given.permuted && given.desc.every((d, i) => d !== !orderBy![i].desc));
  // The direction each group key comes out in (the aggregate's own sort, or the loops').
  // Groups given in another order than the GROUP BY's never match an ORDER BY.
  let groupOut: (boolean | null | undefined)[] = groupDesc;
  if (ordered && grouped) {
    groupOut = given!.permuted ? [] : given!.desc.map((d, i) => d ?? groupDesc[i]);
  }
  // The leading ORDER BY terms the rows come in (the sort is of the rest, for EQP); a
  // DISTINCT's GROUP BY sorts them all, and its sorter is the DISTINCT's.
  const presorted = asGroup
    ? grouping ? 0 : wantedCount!
    : !ordered && !core.aggregate
    ? given?.given ?? 0
    : 0;
  let upper: LowerScope = scope;
  if (core.aggregate) {
    const strategy = ordered ? "stream" : "hash";
    const agg = buildAggregate(ctx, core, node, scope, strategy, groupDesc, orderBy);
    node = agg.node;
    upper = agg.scope;
    ordered = false;
    if (core.having) {
      node = { kind: "filter", input: node, predicate: lowerExpr(ctx, upper, core.having) };
    }
  }
  const prepared = passes && prepareWindows(ctx, passes, upper);
  const results = core.columns.map((c) => lowerResultColumn(ctx, upper, c.expr));
  const sortKeys = (orderBy ?? []).map((t) =>
    t.resultColumn > 0 ? results[t.resultColumn - 1] : lowerExpr(ctx, upper, t.expr)
  );
  if (prepared) node = stackWindows(prepared, node, [results, sortKeys]);
  if (core.distinct && from.distinctRows !== "unique") {
    node = {
      kind: "distinct",
      input: node,
      columns: results,
      collations: core.columns.map((c) => collationOf(c.expr)),
      ordered: asGroup ? grouping : from.distinctRows === "ordered",
    };
  }
  let needSort = !!orderBy?.length && !ordered;
  if (needSort && core.aggregate && !prepared) {
    // One row without a GROUP BY; else groups come out in key order (each key in its
    // direction): an ORDER BY of the same terms is free (select.c's orderByGrp).
    needSort = groupBy.length > 0 &&
      (orderBy!.length !== groupBy.length || !orderBy!.every((t, i) => {
        // The ORDER BY term is the group key: read from it, or a bare column carried from
        // the row of a single min()/max() (equal to the key, so in its order too).
        const written = t.resultColumn > 0 ? core.columns[t.resultColumn - 1].expr : t.expr;
        const key = upperGroupKey(sortKeys[i], node, groupBy.length, i) ||
          sameExpr(written, groupBy[i]);
        return key && t.desc === groupOut[i] && nullsFirst(t) === !t.desc &&
          collationOf(t.expr) === collationOf(groupBy[i]);
      }));
  }
  const id = newId(ctx);
  const q: Query = {
    root: { kind: "project", id, input: node, columns: results },
    columns: results.map((_, i) => colRef(id, i)),
  };
  if (needSort) {
    // The sort stores the result values itself: no project needed under it.
    const sort = { ...coreSort(results, sortKeys, orderBy!), presorted };
    return finish(ctx, { root: node, columns: results }, sort, limit, offset);
  }
  return finish(ctx, q, null, limit, offset);
}

/**
 * The direction of each GROUP BY term: select.c gives the GROUP BY terms the ASC/DESC of
 * the ORDER BY terms, position by position, whenever both lists have the same length
 * (whatever the terms are), so that the groups may already come out in ORDER BY order.
 * Only the direction is copied: NULLs come first ascending, last descending.
 */
function groupDirections(
  groupBy: readonly B.BoundExpr[],
  orderBy: readonly B.BoundOrderingTerm[] | null,
): boolean[] {
  const same = orderBy?.length === groupBy.length;
  return groupBy.map((_, i) => same && orderBy[i].desc);
}

/**
 * select.c's sqlite3ExprListCompare of the ORDER BY and `exprs`: each term is the
 * expression at its place, its NULLs where its direction puts them by default. Asked of
 * the GROUP BY (orderByGrp: the copied directions make the lists equal) and of the result
 * columns (before making a DISTINCT a GROUP BY).
 */
function orderByLists(
  orderBy: readonly B.BoundOrderingTerm[] | null,
  exprs: readonly B.BoundExpr[],
): boolean {
  return orderBy?.length === exprs.length &&
    orderBy.every((t, i) => nullsFirst(t) === !t.desc && sameExpr(t.expr, exprs[i]));
}

/** Is `e` the aggregate output of group key `i` (the aggregate under `node`)? */
function upperGroupKey(e: PlanExpr, node: RelNode, n: number, i: number): boolean {
  let n0: RelNode = node;
  while (n0.kind === "filter") n0 = n0.input;
  return n0.kind === "aggregate" && e.kind === "column" && e.node === n0.id && e.column === i &&
    i < n;
}
