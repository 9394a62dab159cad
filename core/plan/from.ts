/**
 * FROM and WHERE: the join tree. Inner joins (commas, CROSS, INNER, and the inner parts
 * of parenthesized joins) are flattened and ordered by cost; as soon as an outer join
 * appears the FROM order is kept. Each WHERE / ON term becomes a filter at the lowest
 * place where every node it reads is available — never below a join that may later
 * NULL-extend a row it reads.
 */
import { clauseTerms } from "./clause_terms.ts";
import { distinctRowsUnique } from "./distinct_rows.ts";
import { Bug, bugError } from "../internal_error.ts";
import { NOT_CONSTANT } from "../analyze/values_selects.ts";
import { exprChildren } from "./walk.ts";
import type * as B from "../analyze/bound.ts";
import { pushDownWhere } from "./push_down.ts";
import { isRightOrFull, usingTerm } from "./bound_terms.ts";
import { hasSubPlan } from "./auto_index.ts";
import { comparisonAffinity } from "../analyze/expr_affinity.ts";
import type { NestedLoop, PlanExpr, RelNode } from "./plan.ts";
import { colRef, intConst, type LowerScope, newId, type PlanContext } from "./scope.ts";
import { buildLeafNode, type Leaf, registerLeaf } from "./leaves.ts";
import { lowerExpr } from "./lower_expr.ts";
import { andAll, orToInTerms, type Term, termExprs, termsOf } from "./terms.ts";
import { buildAutoIndex } from "./auto_index.ts";
import { propagateConstants, transitiveTerms } from "./transitive.ts";
import type { WantedOrder } from "./order.ts";
import { chooseJoinOrder, type JoinOrder, type JoinStep, termReady } from "./join_order.ts";
import { type JoinSide, usablePartialIndexes } from "./partial_index.ts";
import { type LoopsOrder, oneRow } from "./loops_order.ts";
import { notNullRangeTerms } from "./not_null_range.ts";
import { falseNullTests } from "./never_null_terms.ts";

interface Unit {
  join: B.JoinKind | null;
  /** Joined by CROSS JOIN: it and every unit after it stay after the units before it. */
  cross?: boolean;
  leaf: Leaf | null;
  group: Unit[] | null;
  /** The join's ON / USING condition, bound. */
  on: B.BoundExpr[];
  onTerms: Term[];
}

/** The planned FROM: its node, and the wanted order its loops give (null: none). */
export interface FromPlan {
  node: RelNode;
  /**
   * The loops' order (where.c's nOBSat, each loop already set to run in its direction);
   * null when no order is wanted or a RIGHT or FULL join ends the outer loop's order.
   */
  given: LoopsOrder | null;
  /**
   * The rows of a wanted DISTINCT (WantedOrder.distinct) cannot repeat ("unique"), or
   * come with each one's copies in a row ("ordered"); absent: neither is known.
   */
  distinctRows?: "unique" | "ordered";
}

/**
 * What planning a FROM level gives besides its node; `shown`: the sources the result
 * columns and ORDER BY read (undefined: unknown), for where.c's whereOmitNoopJoin.
 */
type ChainResult = Omit<FromPlan, "node"> & { shown?: () => ReadonlySet<number> | undefined };

/** An inner join's ON (or USING) term and the step (index in the units) of its join. */
interface OnTerm {
  expr: B.BoundExpr;
  step: number;
}

/** Units of a FROM, registering every source; inner ON terms go to `pool`. */
function flatten(
  ctx: PlanContext,
  scope: LowerScope,
  from: B.BoundFrom,
  pool: OnTerm[],
  out: Unit[],
  leaves: Leaf[],
): Unit[] {
  from.items.forEach((it, i) => {
    const join = i === 0 ? null : it.join === "cross" ? "inner" : it.join;
    const on = [...(it.on ? [it.on] : []), ...it.using.map(usingTerm)];
    // An inner join's ON terms are pooled, but a parenthesized join's holding an outer join.
    const pooled = (join === null || join === "inner") &&
      (it.item.kind !== "join" ||
        it.item.items.every((x) => x.join === null || x.join === "inner" || x.join === "cross"));
    if (pooled) pool.push(...on.map((expr) => ({ expr, step: out.length })));
    if (it.item.kind === "join") {
      if (pooled) {
        const before = out.length;
        flatten(ctx, scope, it.item, pool, out, leaves);
        if (i > 0 && out.length > before) {
          out[before].join = join;
          if (it.join === "cross") out[before].cross = true;
        }
        return;
      }
      const groupPool: OnTerm[] = [];
      const group = flatten(ctx, scope, it.item, groupPool, [], leaves);
      // A parenthesized join keeps its own inner ON terms inside itself.
      group[0].on.push(...groupPool.map((t) => t.expr));
      out.push({ join, leaf: null, group, on, onTerms: [] });
      return;
    }
    const leaf = registerLeaf(ctx, scope, it.item);
    leaves.push(leaf);
    out.push({
      join,
      leaf,
      group: null,
      on: pooled ? [] : on,
      onTerms: [],
      cross: it.join === "cross",
    });
  });
  return out;
}

/**
 * `terms` in where.c's WHERE clause order where it is known: sqlite3ProcessJoin appends
 * each join's ON terms, LEFT JOIN or not, to the WHERE's in FROM order; the virtual terms
 * come after them all. (A whole-index scan's lookups count the terms in this order.) The
 * virtual copy propagateConstants leaves of a term stands where that term was written.
 */
function whereOrder(open: Term[], leftOn: Term[]): Term[] {
  if (leftOn.some((t) => t.onStep === undefined)) return [...open, ...leftOn];
  const terms = [...open];
  for (const t of leftOn) {
    // Before the virtual terms after the last written one, or the first ON term of a
    // later step.
    const written = terms.findLastIndex((x) => !x.virtual);
    const at = terms.findIndex((x, i) => x.virtual && i > written || (x.onStep ?? -1) > t.onStep!);
    terms.splice(at < 0 ? terms.length : at, 0, t);
  }
  return terms;
}

/** Ids of the leaves a LEFT JOIN of `units` may NULL-fill (its right side's). */
function outerLeaves(units: readonly Unit[], out = new Set<number>()): Set<number> {
  for (const u of units) {
    if (u.join === "left") { for (const l of unitLeaves(u)) out.add(l.id); }
    else if (u.group) outerLeaves(u.group, out);
  }
  return out;
}

function unitLeaves(u: Unit, out: Leaf[] = []): Leaf[] {
  if (u.leaf) out.push(u.leaf);
  for (const g of u.group ?? []) unitLeaves(g, out);
  return out;
}

function lowerOnTerms(ctx: PlanContext, scope: LowerScope, units: Unit[]): void {
  for (const u of units) {
    u.onTerms = u.on.flatMap((e) => termsOf(lowerExpr(ctx, scope, e)));
    // A LEFT JOIN's ON term reads its right side, as where.c's prereqAll says.
    if (u.join === "left" && u.leaf) {
      for (const t of u.onTerms) t.refs.add(u.leaf.id);
      u.leaf.leftJoined = true;
    }
    if (u.group) lowerOnTerms(ctx, scope, u.group);
  }
}

function filtered(node: RelNode, terms: Term[]): RelNode {
  for (const t of terms) t.placed = true;
  const predicate = andAll(termExprs(terms.filter((t) => !t.virtual)));
  return predicate ? { kind: "filter", input: node, predicate } : node;
}

function stepNode(ctx: PlanContext, step: JoinStep): RelNode {
  if (step.auto) return buildAutoIndex(ctx, step.leaf, step.auto);
  if (step.path) {
    // A seek answers its comparison terms exactly (same affinity and collation, NULL keys
    // find nothing), so they are not tested again on its rows, as where.c's disableTerm.
    // An IN (SELECT ...) seek too: its sub-plan lives in the seek key only (a plan may hold
    // each sub-plan once).
    for (const t of step.path.used) {
      if (t.expr.kind === "inQuery" || t.expr.kind === "compare") t.placed = true;
    }
    // A covering partial index gives the columns it fixes as constants (partial_index.ts).
    const node = step.path.node;
    const fixed = node.kind === "indexScan" && node.covering && step.leaf.kind === "table" &&
      step.leaf.table.partial.get(node.index);
    if (fixed) {
      const held = new Set(node.index.recordColumns.map((k) => k.column));
      const reads = new Map([...fixed].filter(([column]) => !held.has(column)));
      if (reads.size) ctx.fixedColumns.set(node.id, reads);
    }
    return node;
  }
  const leaf = step.leaf;
  if (leaf.kind !== "node" || !leaf.node) throw bugError(Bug.LeafWithoutNode);
  return leaf.node;
}

/**
 * The partial indexes each table of this FROM level may use, from the WHERE clause as
 * SQLite's planner holds it: the WHERE, every ON (an outer join's tied to its table).
 * Tables inside a parenthesized join under an outer join use none.
 */
function findPartialIndexes(
  ctx: PlanContext,
  scope: LowerScope,
  units: readonly Unit[],
  where: B.BoundExpr | null,
  onTerms: readonly OnTerm[],
): void {
  const hasPartial = (u: Unit) => u.leaf?.kind === "table" && u.leaf.source.partialWhere.length > 0;
  if (!units.some(hasPartial)) return;
  const outerOn = units.flatMap((u) =>
    u.join === null || u.join === "inner"
      ? []
      : u.on.map((expr) => ({ expr, outerJoin: u.leaf?.source.id ?? -1 }))
  );
  const terms = clauseTerms([
    ...(where ? [{ expr: where, outerJoin: null }] : []),
    ...onTerms.map((t) => ({ expr: t.expr, outerJoin: null })),
    ...outerOn,
  ]);
  const lastRightFull = units.findLastIndex(isRightOrFull);
  units.forEach((u, i) => {
    const leaf = u.leaf;
    if (leaf?.kind !== "table" || !hasPartial(u)) return;
    const side: JoinSide = i < lastRightFull
      ? "leftOfRight"
      : u.join === "left"
      ? "left"
      : isRightOrFull(u)
      ? "rightOrFull"
      : "inner";
    leaf.table.partial = usablePartialIndexes(ctx, scope, leaf.source, leaf.id, side, terms);
  });
}

/**
 * Dependencies of table-valued function leaves on the leaves their arguments read, and
 * where.c's prerequisites: a LEFT JOIN's right side, and a CROSS JOIN's, comes after every
 * unit before it; the units after a CROSS JOIN keep the prerequisites of the last such
 * unit, while after a LEFT JOIN alone they may go anywhere.
 */
function leafDeps(units: readonly Unit[]): Map<number, Set<number>> {
  const leaves = units.map((u) => u.leaf!);
  const ids = new Set(leaves.map((l) => l.id));
  const deps = new Map<number, Set<number>>();
  let prior = new Set<number>();
  let crossed = false;
  units.forEach((u, k) => {
    if (u.cross || u.join === "left") {
      crossed ||= !!u.cross;
      prior = new Set(leaves.slice(0, k).map((l) => l.id));
    } else if (!crossed) prior = new Set();
    if (prior.size) deps.set(u.leaf!.id, prior);
  });
  for (const l of leaves) {
    if (l.kind !== "node" || l.node?.kind !== "tableFunction") continue;
    const d = new Set<number>();
    for (const a of l.node.args) {
      for (const t of termsOf(a)) for (const r of t.refs) if (ids.has(r)) d.add(r);
    }
    d.delete(l.id);
    for (const x of deps.get(l.id) ?? []) d.add(x);
    if (d.size) deps.set(l.id, d);
  }
  return deps;
}

/** The outermost loops' order: each loop giving part of it runs in its direction. */
function takeOrder({ steps, order, distinctOrdered }: JoinOrder, result: ChainResult): void {
  result.given = order;
  if (distinctOrdered) result.distinctRows ??= "ordered";
  if (!order?.given) return;
  steps.forEach((s, i) => {
    const node = s.path?.node;
    if (node && order.reverse[i]) node.reverse = true;
    if (node?.kind === "indexScan" && order.bigNull[i]) node.bigNull = true;
  });
}

/**
 * Inner- and left-joined leaves in cost order, each with the terms that became ready under
 * it; a LEFT JOIN's leaf with its ON terms, which alone may seek it (where.c's
 * constraintCompatibleWithOuterJoin).
 */
function innerChain(
  ctx: PlanContext,
  units: Unit[],
  pool: Term[],
  placedBefore: ReadonlySet<number>,
  wanted: WantedOrder | undefined,
  result: ChainResult,
): RelNode {
  const leaves = units.map((u) => u.leaf!);
  const ids = new Set(leaves.map((l) => l.id));
  const open = pool.filter((t) => !t.placed);
  const onTerms = new Map(
    units.filter((u) => u.join === "left").map((u) => [u.leaf!.id, u.onTerms]),
  );
  const terms = whereOrder(open, [...onTerms.values()].flat());
  const joined = chooseJoinOrder(leaves, terms, leafDeps(units), wanted, undefined, onTerms);
  const steps = joined.steps;
  if (!placedBefore.size) takeOrder(joined, result);
  // whereOmitNoopJoin, from the innermost loop out: a LEFT JOIN's right side that nothing
  // shows or tests (but the ON terms of those left out), that adds one row (or copies a
  // DISTINCT drops), is not read at all.
  const omitted = new Set<number>();
  const shown = onTerms.size ? result.shown?.() : undefined;
  const ignored = new Set<Term>();
  for (const step of shown ? [...steps].reverse() : []) {
    const { id, source } = step.leaf;
    const on = onTerms.get(id);
    if (
      on && !shown!.has(source.id) && (wanted?.distinct || oneRow(step)) &&
      !terms.some((t) => t.refs.has(id) && !on.includes(t) && !ignored.has(t))
    ) {
      omitted.add(id);
      for (const t of terms) if (t.refs.has(id)) ignored.add(t);
    }
  }
  let node: RelNode | null = null;
  const placed = new Set<number>();
  steps.forEach((step) => {
    placed.add(step.leaf.id);
    const ready = open.filter((t) => !t.placed && termReady(t, placed, ids, -1));
    if (omitted.has(step.leaf.id)) return;
    // A LEFT JOIN's leaf is filtered by its ON terms, the ready ones after the join.
    const on = onTerms.get(step.leaf.id);
    const inner = filtered(stepNode(ctx, step), (on ?? ready).filter((t) => !t.placed));
    node = on
      ? filtered({ kind: "nestedLoop", join: "left", outer: node!, inner, on: null }, ready)
      : !node
      ? inner
      : { kind: "nestedLoop", join: "inner", outer: node, inner, on: null };
  });
  return node!;
}

/**
 * The units of one FROM level in their written order, with outer joins. `pool`: the terms
 * to place at this level (WHERE, or the ON of the outer join this group is the inner of).
 */
function chain(
  ctx: PlanContext,
  units: Unit[],
  pool: Term[],
  placedBefore: ReadonlySet<number>,
  wanted: WantedOrder | undefined,
  result: ChainResult,
): RelNode {
  // Outside parentheses and RIGHT and FULL joins, the solver orders LEFT-joined leaves too.
  const ordered = units.every((u, i) =>
    !u.group && (i === 0 || u.join === "inner" || u.join === "left" && !placedBefore.size)
  );
  if (ordered) return innerChain(ctx, units, pool, placedBefore, wanted, result);
  const stepOf = new Map<number, number>();
  units.forEach((u, j) => {
    for (const l of unitLeaves(u)) stepOf.set(l.id, j);
  });
  const rightFull = units.map(isRightOrFull);
  // The last step that may NULL-fill leaf `id`'s rows, looking no further than `limit`.
  const nullStep = (id: number, limit: number): number => {
    const s = stepOf.get(id)!;
    let n = units[s].join === "left" || units[s].join === "full" ? s : -1;
    for (let k = s + 1; k <= limit; k++) if (rightFull[k]) n = k;
    return n;
  };
  const inside: Term[][] = units.map(() => []);
  const above: Term[][] = units.map(() => []);
  for (const t of pool) {
    if (t.placed) continue;
    let ready = -1;
    for (const r of t.refs) {
      const s = stepOf.get(r);
      if (s !== undefined) ready = Math.max(ready, s);
    }
    // An inner join's ON term belongs below any later RIGHT/FULL join; a WHERE term applies
    // to the rows that join NULL-fills too.
    const limit = t.fromOn ? ready : units.length - 1;
    let ns = -1;
    for (const r of t.refs) if (stepOf.has(r)) ns = Math.max(ns, nullStep(r, limit));
    if (ready < 0) {
      if (rightFull.includes(true) && !t.fromOn) above[units.length - 1].push(t);
      else inside[0].push(t);
    } else if (ns >= ready) above[ns].push(t);
    else inside[ready].push(t);
  }
  let node: RelNode | null = null;
  const placed = new Set(placedBefore);
  units.forEach((u, j) => {
    const join = j === 0 ? "inner" : u.join ?? "inner";
    const isolated = isRightOrFull(u);
    // The right table of a RIGHT or FULL join is read per left row and once more for the
    // rows that matched none, told apart by rowid (where.c's RIGHT-JOIN subroutine). Other
    // right sides are planned alone, and read twice the same way (by position).
    // (A RIGHT join's terms on its right side alone filter both loops: planned twice, they
    // may hold no subquery, which a plan holds once.)
    const byRowid = j > 0 && isolated && rightTableByRowid(u) &&
      !inside[j].some((t) => hasSubPlan(t.expr));
    if (isolated && !byRowid && u.leaf?.kind === "table") u.leaf.table.partial = new Map();
    const seeking = byRowid ? planRightTable(ctx, u, inside[j], placed, result) : null;
    const unitPool = join === "left" ? [...inside[j], ...u.onTerms] : inside[j];
    const before = isolated ? new Set<number>() : placed;
    const inner = seeking?.inner ??
      planUnit(ctx, u, unitPool, before, j === 0 ? wanted : undefined, result);
    const unmatched = seeking?.unmatched;
    for (const l of unitLeaves(u)) placed.add(l.id);
    const on = byRowid ? null : isolated ? onOf(u) : null;
    if (!node) node = inner;
    else if (join === "left" || join === "inner") {
      node = { kind: "nestedLoop", join, outer: node, inner, on: null };
    } else if (join === "full") {
      node = { kind: "nestedLoop", join: "full", outer: node, inner, on, unmatched };
    } else {
      // RIGHT JOIN: a FULL join, then drop the left rows that matched nothing (the
      // marker of the right side reads NULL on them).
      const marker = newId(ctx);
      const right = (input: RelNode): RelNode => ({
        kind: "project",
        id: marker,
        input,
        columns: [intConst(1)],
      });
      const second = unmatched && { ...unmatched, node: right(unmatched.node) };
      node = {
        kind: "filter",
        input: {
          kind: "nestedLoop",
          join: "full",
          outer: node,
          inner: right(inner),
          on,
          unmatched: second,
          right: true,
        },
        predicate: { kind: "nullTest", not: true, operand: colRef(marker, 0) },
      };
    }
    node = filtered(node, above[j]);
  });
  if (rightFull.includes(true)) {
    result.given = null;
    delete result.distinctRows;
  }
  return node!;
}

/**
 * `node` run only if the `terms` (which read none of its tables) hold: a one-row outer loop
 * filtered by them (see {@link isGuard}).
 */
function guarded(ctx: PlanContext, node: RelNode, terms: Term[]): RelNode {
  if (!terms.length) return node;
  const once: RelNode = { kind: "values", id: newId(ctx), rows: [[]] };
  return { kind: "nestedLoop", join: "inner", outer: filtered(once, terms), inner: node, on: null };
}

/** Whether `e` calls a function whose result may change from one call to the next. */
function callsVolatile(e: PlanExpr): boolean {
  if (e.kind === "function" && (e.impl ? e.volatile === true : NOT_CONSTANT.has(e.name))) {
    return true;
  }
  return exprChildren(e).some(callsVolatile);
}

/** Whether `node` is the one-row constant test {@link guarded} puts ahead of a join. */
export function isGuard(node: RelNode): boolean {
  return node.kind === "filter" && node.input.kind === "values" &&
    node.input.rows.length === 1 && !node.input.rows[0].length;
}

/**
 * The right table `u` of a RIGHT or FULL join as where.c reads it: per left row seeking
 * with its ON terms only (which alone may pick a partial index, whose fixed columns it
 * then does not take; no automatic index), reading its table row where the index covers
 * too, its own WHERE terms (a RIGHT join's, `where`) filtering; and once more alone, with
 * those WHERE terms, for the rows that matched none.
 */
function planRightTable(
  ctx: PlanContext,
  u: Unit,
  where: Term[],
  placed: ReadonlySet<number>,
  result: ChainResult,
): { inner: RelNode; unmatched: NonNullable<NestedLoop["unmatched"]> } {
  const leaf = u.leaf as Leaf & { kind: "table" };
  // The loop over the table alone uses no partial index (the ON terms implied them): the
  // leaf's are set aside while it is planned.
  const partial = leaf.table.partial;
  leaf.table.partial = new Map();
  let alone: RelNode;
  try {
    alone = planUnit(ctx, u, where.map((t) => ({ ...t })), new Set(), undefined, result);
  } finally {
    leaf.table.partial = partial;
  }
  leaf.rightJoined = true;
  const seek = planUnit(ctx, u, u.onTerms, placed, undefined, result);
  ctx.fixedColumns.delete(leaf.id);
  return {
    inner: filtered(readsTableRow(seek), where.filter((t) => !t.placed)),
    unmatched: { node: alone, rowid: colRef(leaf.id, -1) },
  };
}

/** `node` with its index scan (under filters) reading the table row too. */
function readsTableRow(node: RelNode): RelNode {
  if (node.kind === "filter") return { ...node, input: readsTableRow(node.input) };
  return node.kind === "indexScan" && node.covering ? { ...node, covering: false } : node;
}

/** Whether the right side `u` of a RIGHT or FULL join is one table with a rowid. */
function rightTableByRowid(u: Unit): boolean {
  return u.leaf?.kind === "table" && !u.leaf.table.table.withoutRowid;
}

function onOf(u: Unit): PlanExpr | null {
  for (const t of u.onTerms) t.placed = true;
  return andAll(u.onTerms.map((t) => t.expr));
}

function planUnit(
  ctx: PlanContext,
  u: Unit,
  pool: Term[],
  placedBefore: ReadonlySet<number>,
  wanted: WantedOrder | undefined,
  result: ChainResult,
): RelNode {
  if (u.group) {
    return chain(ctx, u.group, [...pool, ...u.group[0].onTerms], placedBefore, undefined, result);
  }
  const leaf = u.leaf!;
  const open = pool.filter((t) => !t.placed);
  // Outer rows are not tracked through outer joins: a full table's are assumed before.
  const joined = chooseJoinOrder([leaf], open, new Map(), wanted, placedBefore);
  if (!placedBefore.size) takeOrder(joined, result);
  return filtered(stepNode(ctx, joined.steps[0]), open.filter((t) => !t.placed));
}

/**
 * Plans a FROM clause with its WHERE. Every source is registered in `scope` first, so
 * terms can read any of them; `wanted`: the ORDER BY (or GROUP BY) the outermost loop's
 * path may give.
 */
export function planFrom(
  ctx: PlanContext,
  scope: LowerScope,
  from: B.BoundFrom | null,
  where: B.BoundExpr | null,
  wanted?: WantedOrder,
  shown?: () => ReadonlySet<number> | undefined,
): FromPlan {
  if (!from?.items.length) {
    const node: RelNode = { kind: "values", id: newId(ctx), rows: [[]] };
    const terms = where ? termsOf(lowerExpr(ctx, scope, where)) : [];
    return { node: filtered(node, terms), given: null, distinctRows: "unique" };
  }
  const onTerms: OnTerm[] = [];
  const leaves: Leaf[] = [];
  const units = flatten(ctx, scope, pushDownWhere(from, where), onTerms, [], leaves);
  for (const leaf of leaves) buildLeafNode(ctx, scope, leaf);
  findPartialIndexes(ctx, scope, units, where, onTerms);
  const leafIds = new Set(leaves.map((l) => l.id));
  const readsLeaf = (id: number) => leafIds.has(id);
  const pool = where ? termsOf(lowerExpr(ctx, scope, where)) : [];
  // An inner join's ON term stays with its join only below a later RIGHT or FULL join
  // (SQLite ties those to their join); elsewhere it is a WHERE term (a constant one, too).
  const lastRightFull = units.findLastIndex(isRightOrFull);
  const flat = lastRightFull < 0 && units.every((u) => !u.group);
  for (const { expr, step } of onTerms) {
    const fromOn = step < lastRightFull;
    for (const t of termsOf(lowerExpr(ctx, scope, expr))) {
      pool.push({ ...t, fromOn, onStep: flat ? step : undefined });
    }
  }
  if (!units.some(isRightOrFull)) {
    falseNullTests(pool, leaves, outerLeaves(units));
    propagateConstants(pool, leaves);
  }
  pool.push(...orToInTerms(pool));
  pool.push(...notNullRangeTerms(pool, leaves));
  if (!units.some(isRightOrFull)) pool.push(...transitiveTerms(pool, leaves));
  lowerOnTerms(ctx, scope, units);
  if (flat) units.forEach((u, i) => u.onTerms.forEach((t) => t.onStep = i));
  // WHERE terms that read no table of this FROM are tested once, before any loop starts
  // (SQLite codes them ahead of the loops): a false one means no table is even read.
  // A call of a non-deterministic function (random(), a user's function not declared
  // deterministic) makes the term per-row, as sqlite3ExprIsConstantNotJoin says.
  const constant = pool.filter((t) =>
    !t.fromOn && !t.virtual && ![...t.refs].some(readsLeaf) && !callsVolatile(t.expr)
  );
  for (const t of constant) t.placed = true;
  for (const u of units) if (u.leaf && u.join !== "left") u.leaf.constants = constant;
  if (constant.length) {
    const clauseConstants = { terms: constant, rank: new Map(pool.map((t, i) => [t, i])) };
    for (const leaf of leaves) leaf.clauseConstants = clauseConstants;
  }
  const result: ChainResult = { given: null, shown };
  const [only] = leaves;
  only.alone = leaves.length === 1;
  if (
    wanted?.distinct && leaves.length === 1 && only.kind === "table" &&
    distinctRowsUnique(only.table, wanted.distinct(), pool)
  ) {
    result.distinctRows = "unique";
    // No sort is wanted for the DISTINCT then (where.c sets no WHERE_DISTINCTBY).
    if (wanted.kind === "distinctBy") wanted = undefined;
  }
  const node = guarded(ctx, chain(ctx, units, pool, new Set(), wanted, result), constant);
  return { ...result, node: filtered(node, pool.filter((t) => !t.placed)) };
}

export { comparisonAffinity };
