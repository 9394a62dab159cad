/**
 * The query flattener (select.c, flattenSubquery and the loop that calls it): a FROM
 * subquery, view or CTE (not MATERIALIZED) that is a plain SELECT is merged into the outer query,
 * its tables joining the outer FROM and its WHERE the outer WHERE, every reference to its
 * columns replaced by its result expressions. SQLite plans the merged query as one (the
 * tables' indexes serve the outer WHERE and ORDER BY, joins are reordered), so the rows'
 * order depends on it. A subquery's ORDER BY that cannot matter is dropped first, as SQLite
 * does, flattened or not.
 *
 * A UNION ALL subquery makes the outer query a compound with one copy per arm.
 *
 * Not flattened here although SQLite does: a UNION ALL subquery into an arm of a compound,
 * subqueries left of a later RIGHT or FULL join, and a LEFT JOIN's subquery over anything
 * but one ordinary table. Those stay co-routines: same rows, possibly another plan.
 */
import type * as B from "../analyze/bound.ts";
import { everyExpr, isBoundExpr, selectCores, withCores } from "../analyze/bound_walk.ts";
import { StorageClass } from "../value/types.ts";
import { simplifyOuterJoins } from "./outer_join.ts";
import { boundAnd, isRightOrFull, usingTerm } from "./bound_terms.ts";
import { isSource, readsSourceInCtes, rewriteQuery, substituteSource } from "./substitute.ts";
import { builtinName } from "../functions/catalog.ts";
import { nullLiteralAt } from "../analyze/literals.ts";
import { plainInfo } from "../analyze/expr_affinity.ts";
import { getOrMake } from "../util/multimap.ts";

/** The clauses of one SELECT that flattening rewrites together. */
interface Outer {
  core: B.BoundCore;
  orderBy: B.BoundOrderingTerm[] | null;
  limit: B.BoundExpr | null;
  offset: B.BoundExpr | null;
  /** The core is one arm of a compound (whose ORDER BY, if any, is `armOrdered`). */
  arm: boolean;
  armOrdered: boolean;
  /** Set when a UNION ALL subquery was flattened: the outer query became this compound. */
  becomes?: B.BoundSelect;
}

/** Aggregates that may see their rows in any order (SQLITE_FUNC_ANYORDER). */
const ANY_ORDER = new Set(["count", "min", "max"]);

/**
 * SELECTs already flattened: flattening runs once per SELECT, as in SQLite (outer-join
 * simplification, which it includes, is not idempotent).
 */
const flattened = new WeakSet<B.BoundSelect>();

/** `select` with its FROM subqueries flattened where SQLite flattens them. */
export function flattenSelect(select: B.BoundSelect): B.BoundSelect {
  if (flattened.has(select)) return select;
  const out = flattenOnce(select);
  flattened.add(out);
  return out;
}

function flattenOnce(select: B.BoundSelect): B.BoundSelect {
  if (!select.compounds.length) {
    if (select.first.kind !== "core") return select;
    const o = flattenCore({ ...select, core: select.first, arm: false, armOrdered: false });
    if (o.becomes) return flattenOnce(o.becomes);
    if (o.core === select.first && o.orderBy === select.orderBy && o.limit === select.limit) {
      return select;
    }
    return { ...select, first: o.core, orderBy: o.orderBy, limit: o.limit, offset: o.offset };
  }
  const arm = (c: B.BoundCore | B.BoundValues): B.BoundCore | B.BoundValues => {
    if (c.kind !== "core") return c;
    return flattenCore({
      core: c,
      orderBy: null,
      limit: null,
      offset: null,
      arm: true,
      armOrdered: !!select.orderBy,
    }).core;
  };
  const out = withCores(select, arm);
  const before = selectCores(select);
  return selectCores(out).every((c, i) => c === before[i]) ? select : out;
}

function flattenCore(outer: Outer): Outer {
  // SQLite's loop starts over after each flattening: the merged items are candidates too.
  for (let again = true; again;) {
    again = false;
    outer = { ...outer, core: simplifyOuterJoins(outer.core) };
    const items = outer.core.from?.items ?? [];
    for (let i = 0; i < items.length; i++) {
      const next = flattenItem(outer, i);
      if (next.becomes) return next;
      if (next !== outer) {
        outer = next;
        again = true;
        break;
      }
    }
  }
  return outer;
}

/**
 * The SELECT of FROM item `src` if it is a subquery SQLite may flatten (28: no MATERIALIZED
 * CTE; one used several times is flattened at each use).
 */
export function subSelect(src: B.BoundSource | B.BoundFrom): B.BoundSelect | null {
  if (src.kind === "subquery") return src.select;
  if (src.kind !== "cte" || src.recursiveRef || src.cte.recursive) return null;
  return src.cte.materialized === true ? null : src.cte.select;
}

/** FROM item `src` (a subquery, or a CTE reference) reading `select` instead. */
export function withSubSelect(src: B.BoundSource, select: B.BoundSelect): B.BoundSource {
  return src.kind === "cte"
    ? { ...src, cte: { ...src.cte, select } }
    : { ...src as B.SubquerySource, select };
}

/** select.c's SF_ComplexResult: the result columns call a function or hold a subquery. */
function complexResult(core: B.BoundCore): boolean {
  const simple = (e: B.BoundExpr) =>
    e.kind !== "function" && e.kind !== "like" && e.kind !== "currentTime" &&
    e.kind !== "subquery" && e.kind !== "exists" && e.kind !== "inSelect";
  return !core.columns.every((c) => everyExpr(c.expr, simple));
}

/** select.c's SF_OrderByReqd for a SELECT: its result columns call an order-sensitive aggregate. */
function needsInputOrder(core: B.BoundCore): boolean {
  const ok = (e: B.BoundExpr) =>
    e.kind !== "function" || e.role !== "aggregate" || ANY_ORDER.has(builtinName(e.def));
  return core.aggregate && !core.columns.every((c) => everyExpr(c.expr, ok));
}

/** `outer` with FROM item `i` flattened, or `outer` itself when SQLite would not. */
function flattenItem(outer: Outer, i: number): Outer {
  const { core } = outer;
  const from = core.from!;
  // A parenthesized join has no SELECT: its subSelect is null.
  const src = from.items[i].item as B.BoundSource;
  let sub = subSelect(src);
  if (!sub) return outer;
  if (sub.first.kind !== "core" || sub.first.aggregate) return outer;
  // An ORDER BY that another ORDER BY or a join makes pointless goes (forum 2d76f2bcf6);
  // not below windows, whose subquery (window.c) needs its rows' order (SF_OrderByReqd).
  if (
    sub.orderBy && (outer.orderBy || outer.armOrdered || from.items.length > 1) &&
    !sub.limit && !needsInputOrder(core) && !core.windowFunctions.length
  ) {
    sub = { ...sub, orderBy: null };
    outer = withItem(outer, i, withSubSelect(src, sub));
  }
  // With i = 0: one FROM item (no later join), or an outer or CROSS join after it (only
  // the first item's join is null).
  if (
    sub.orderBy && i === 0 && complexResult(core) && from.items[1]?.join !== "inner"
  ) return outer;
  if (!canFlatten(outer, i, sub)) return outer;
  // A CTE's body is bound once for all its uses, and a view's may be shared: each flattened
  // copy gets sources of its own.
  sub = withFreshSources(sub);
  if (sub.compounds.length) return { ...outer, becomes: compoundOfOuter(outer, i, sub) };
  return merge(outer, i, sub);
}

/** flattenSubquery's restrictions (the numbers are its comments'). */
function canFlatten(outer: Outer, i: number, sub: B.BoundSelect): boolean {
  const { core } = outer;
  const from = core.from!;
  const it = from.items[i];
  const c = sub.first as B.BoundCore;
  if (c.windowFunctions.length) return false; // 25
  // SQLite rewrites a query with windows first (window.c): its FROM, WHERE and grouping move
  // into a subquery of no DISTINCT or LIMIT, and there this one is flattened, unless part
  // of it (an ORDER BY, a LIMIT, arms) would have to stay below the windows.
  const windowed = core.windowFunctions.length > 0;
  if (windowed && (sub.orderBy || sub.limit || sub.offset || sub.compounds.length)) return false;
  if (sub.compounds.length && !compoundMayFlatten(outer, i, sub)) return false; // 17
  if (sub.offset) return false; // 14
  if (!c.from?.items.length) return false; // 7
  if (c.distinct) return false; // 4
  if (
    sub.limit &&
    (outer.limit || // 13
      outer.arm || // 15
      from.items.length > 1 || core.aggregate || // 8, 9
      core.where || core.distinct) // 19, 21
  ) return false;
  if (
    sub.orderBy &&
    (outer.orderBy || outer.armOrdered || // 11
      core.aggregate || // 16
      outer.arm) // an arm has no ORDER BY of its own to take the subquery's
  ) return false;
  // 26 (the item is a RIGHT or FULL join's), and 3 for JT_LTORJ (one after it): its WHERE
  // would need tying to the table
  if (from.items.slice(i).some(isRightOrFull)) return false;
  // 3a, 3b, 3d; and the NULL row's test needs a table with a rowid or primary key.
  if (
    it.join === "left" &&
    (c.from.items.length !== 1 || c.from.items[0].item.kind !== "table" ||
      core.distinct && !windowed)
  ) return false;
  if (i > 0 && c.from.items.some(isRightOrFull)) return false; // 27a
  const id = (it.item as B.BoundSource).id;
  // Not when anything reads the rowid of source `id` (a subquery has none to give).
  let readsRowid = false;
  substituteSource(outer, id, (ref) => {
    if (ref.column < 0) readsRowid = true;
    return ref;
  });
  if (readsRowid || readsSourceInCtes(outer, id)) return false;
  return true;
}

function withItem(outer: Outer, i: number, item: B.BoundSource): Outer {
  const from = outer.core.from!;
  const items = from.items.map((x, k) => k === i ? { ...x, item } : x);
  return { ...outer, core: { ...outer.core, from: { ...from, items } } };
}

/** `item` with its USING pairs that read `id` turned into ON terms (they stop being columns). */
function usingToOn(item: B.BoundJoinItem, id: number): B.BoundJoinItem {
  const reads = (u: B.BoundJoinItem["using"][number]) =>
    u.left.source === id || u.right.source === id;
  if (!item.using.some(reads)) return item;
  let on = item.on;
  for (const u of item.using) on = boundAnd(on, usingTerm(u));
  return { ...item, on, using: [] };
}

/** The expression that stands for the subquery's column `ref` after flattening. */
function replacement(
  ref: B.BoundColumn,
  c: B.BoundCore,
  nullRowOf: B.TableSource | null,
): B.BoundExpr {
  let e: B.BoundExpr = c.columns[ref.column].expr;
  if (e.kind === "trueFalse") {
    const literal: B.BoundLiteral = {
      ...e,
      kind: "literal",
      value: +e.value,
      cls: StorageClass.Integer,
    };
    e = literal;
  }
  if (nullRowOf && !(e.kind === "column" && e.source === nullRowOf.id)) {
    e = ifNullRow(e, nullRowOf);
  }
  const info = { collation: ref.collation, hasCollate: false };
  if (e.kind === "column") return { ...e, ...info };
  // substExpr keeps the column's collation with a COLLATE it does not mark as written
  // (no EP_Collate), which makes the value lose its JSON subtype.
  if (e.kind === "collate") return { ...e, ...info, soft: true };
  const name = ref.collation ?? "BINARY";
  const soft: B.BoundCollate = {
    kind: "collate",
    operand: e,
    name,
    soft: true,
    start: e.start,
    end: e.end,
    ...info,
    affinity: e.affinity,
  };
  return soft;
}

/**
 * `e`, or NULL on the row a LEFT JOIN makes up for `t` (SQLite's TK_IF_NULL_ROW): the
 * rowid, or a primary-key column of a WITHOUT ROWID table, is NULL only there.
 */
function ifNullRow(e: B.BoundExpr, t: B.TableSource): B.BoundExpr {
  const key = t.table.withoutRowid ? t.table.primaryKey[0].column : -1;
  const info = plainInfo(e.start, e.end);
  const probe: B.BoundColumn = { kind: "column", source: t.id, column: key, ...info };
  const test: B.BoundNullTest = { kind: "nullTest", not: false, operand: probe, ...info };
  return {
    kind: "case",
    operand: null,
    whens: [{ when: test, then: nullLiteralAt(e) }],
    otherwise: e,
    start: e.start,
    end: e.end,
    affinity: e.affinity,
    collation: e.collation,
    hasCollate: e.hasCollate,
  };
}

/** `outer` with `sub`, a plain SELECT, merged in place of its FROM item `i`. */
function merge(outer: Outer, i: number, sub: B.BoundSelect): Outer {
  const from = outer.core.from!;
  const it = from.items[i];
  const src = it.item as B.BoundSource;
  const c = sub.first as B.BoundCore;
  const subItems = c.from!.items;
  const leftJoin = it.join === "left";
  const items = from.items.map((x) => usingToOn(x, src.id));
  const own = items[i];
  items.splice(i, 1, {
    ...subItems[0],
    join: it.join,
    natural: false,
    on: leftJoin ? boundAnd(c.where, own.on) : own.on,
    using: [],
  }, ...subItems.slice(1));
  const core: B.BoundCore = {
    ...outer.core,
    from: { ...from, items },
    where: leftJoin ? outer.core.where : boundAnd(c.where, outer.core.where),
  };
  const nullRowOf = leftJoin ? subItems[0].item as B.TableSource : null;
  const merged = substituteSource(
    // The subquery's ORDER BY as the outer query's: its terms name no outer result column.
    {
      ...outer,
      core,
      orderBy: outer.orderBy ?? sub.orderBy?.map((t) => ({ ...t, resultColumn: 0 })) ?? null,
    },
    src.id,
    (ref) => replacement(ref, c, nullRowOf),
  );
  return { ...merged, limit: sub.limit ?? outer.limit };
}

/**
 * `select` and every SELECT nested in it (subqueries in expressions and FROM clauses)
 * flattened, outermost first as SQLite does, so that the columns each table is read at
 * are counted after flattening (covering indexes). CTE bodies are left to
 * {@link flattenSelect} when they are planned: a recursive one refers to itself.
 */
export function flattenAll(select: B.BoundSelect): B.BoundSelect {
  const isSelect = (v: object) => !Array.isArray(v) && "first" in v && "compounds" in v;
  return rewriteQuery(select, (v) => ({
    node: isSelect(v) ? flattenSelect(v as B.BoundSelect) : v,
    descend: true,
  }));
}

/** Source ids for copies of a CTE's sources; negative, so never one the binder gave. */
let lastFreshSource = 0;

/** `select` with every source declared in it renumbered, and the references to them. */
function withFreshSources<T extends object>(select: T): T {
  const fresh = new Map<number, number>();
  rewriteQuery(select, (v) => {
    if (isSource(v)) getOrMake(fresh, v.id, () => --lastFreshSource);
    return { node: v, descend: true };
  });
  return rewriteQuery(select, (v) => {
    if (isSource(v) && fresh.has(v.id)) {
      return { node: { ...v, id: fresh.get(v.id)! }, descend: true };
    }
    if (isBoundExpr(v) && v.kind === "column" && fresh.has(v.source)) {
      return { node: { ...v, source: fresh.get(v.source)! }, descend: false };
    }
    return { node: v, descend: true };
  });
}

/** Restriction 17 (and 18, 20): a UNION ALL of plain SELECTs with one affinity per column. */
function compoundMayFlatten(outer: Outer, i: number, sub: B.BoundSelect): boolean {
  const { core } = outer;
  if (
    sub.orderBy || core.aggregate || core.distinct || core.from!.items[i].join === "left"
  ) {
    return false;
  }
  if (outer.arm) return false; // an arm becoming a compound itself: not done here
  if (sub.compounds.some((c) => c.op !== "unionAll")) return false;
  const arms = selectCores(sub);
  for (const a of arms) {
    if (a.kind !== "core" || a.aggregate || a.distinct || a.windowFunctions.length) {
      return false;
    }
    if (!a.from?.items.length) return false;
    if (i > 0 && a.from.items.some(isRightOrFull)) return false; // 17g
  }
  if ((outer.orderBy ?? []).some((t) => t.resultColumn === 0)) return false; // 18
  const first = arms[0] as B.BoundCore;
  return first.columns.every((c, k) =>
    arms.every((a) => (a as B.BoundCore).columns[k].expr.affinity === c.expr.affinity)
  ); // 17h
}

/**
 * The outer query made a UNION ALL of one copy per arm of the subquery at item `i`, each
 * with that arm flattened into it; the outer ORDER BY and LIMIT apply to the compound.
 */
function compoundOfOuter(
  outer: Outer,
  i: number,
  sub: B.BoundSelect,
): B.BoundSelect {
  const arms = selectCores(sub) as B.BoundCore[];
  const bare = { ...outer, orderBy: null, limit: null, offset: null };
  const cores = arms.map((arm, k) => {
    const single: B.BoundSelect = { ...sub, first: arm, compounds: [], limit: null };
    // Every copy but the first reads the outer query's other tables under new ids.
    const copy = k === 0 ? outer : { ...bare, core: withFreshSources(bare.core) };
    return merge(copy, i, single);
  });
  return {
    first: cores[0].core,
    compounds: cores.slice(1).map((o) => ({ op: "unionAll" as const, core: o.core })),
    orderBy: cores[0].orderBy,
    limit: sub.limit ?? outer.limit,
    offset: outer.offset,
    columnNames: outer.core.columns.map((c) => c.name),
  };
}
