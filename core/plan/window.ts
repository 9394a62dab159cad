/**
 * Window functions: one `window` node per distinct PARTITION BY / ORDER BY, stacked over
 * the core's rows. Each stores the values the clauses above it read (they cannot see
 * through it), its calls' values come after those.
 */
import type * as B from "../analyze/bound.ts";
import type { AggregateFunction } from "../functions/aggregate/types.ts";
import { sameExpr } from "../analyze/same_expr.ts";
import type { PlanExpr, RelNode, SortKey, Window, WindowCall } from "./plan.ts";
import { colRef, type LowerScope, newId, type PlanContext } from "./scope.ts";
import { lowerResultColumn } from "./lower_expr.ts";
import { mapColumnRefs } from "./capture.ts";
import { subtreeIds } from "./walk.ts";
import { callCollation, collationOf, nullsFirst } from "./collation.ts";
import { getOrMake } from "../util/multimap.ts";

function sameWindow(a: B.BoundWindow, b: B.BoundWindow): boolean {
  return a.partitionBy.length === b.partitionBy.length &&
    a.partitionBy.every((e, i) => sameExpr(e, b.partitionBy[i])) &&
    a.orderBy.length === b.orderBy.length &&
    a.orderBy.every((t, i) => {
      const u = b.orderBy[i];
      return t.desc === u.desc && t.nulls === u.nulls && sameExpr(t.expr, u.expr);
    });
}

/** The frame of a window that names none: RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW. */
const DEFAULT_FRAME: NonNullable<B.BoundWindow["frame"]> = {
  unit: "range",
  start: { type: "unboundedPreceding", offset: null },
  end: { type: "currentRow", offset: null },
  exclude: "none",
};

interface WindowGroup {
  /** The id of the window node (built by {@link stackWindows}). */
  id: number;
  spec: B.BoundWindow;
  bound: B.BoundFunction[];
  /** The calls of `bound`, lowered. */
  calls: WindowCall[];
  /** Partition then order expressions, lowered over the window's input. */
  keys: PlanExpr[];
}

/**
 * The sort order of the window computed first (the last distinct definition, see
 * {@link stackWindows}): its PARTITION BY terms ascending, then its ORDER BY terms.
 */
export function firstComputedWindowOrder(core: B.BoundCore): B.BoundOrderingTerm[] {
  const specs: B.BoundWindow[] = [];
  for (const f of core.windowFunctions) {
    if (!specs.some((s) => sameWindow(s, f.window!))) specs.push(f.window!);
  }
  const w = specs.at(-1)!;
  const partition = w.partitionBy.map((expr): B.BoundOrderingTerm => ({
    expr,
    desc: false,
    nulls: null,
    resultColumn: 0,
  }));
  return [...partition, ...w.orderBy];
}

/** Prepared windows of a core: placeholders are registered in `scope`. */
export type PreparedWindows = WindowGroup[];

/**
 * Groups the core's window calls and registers a placeholder output for each call in
 * `scope` (fixed by {@link stackWindows} once the window's stored columns are known).
 */
export function prepareWindows(
  ctx: PlanContext,
  core: B.BoundCore,
  scope: LowerScope,
): PreparedWindows | null {
  if (!core.windowFunctions.length) return null;
  const groups: WindowGroup[] = [];
  scope.windowCalls = new Map();
  for (const f of core.windowFunctions) {
    const spec = f.window!;
    let g = groups.find((x) => sameWindow(x.spec, spec));
    if (!g) {
      g = { id: newId(ctx), spec, bound: [], calls: [], keys: [] };
      groups.push(g);
    }
    scope.windowCalls.set(f, colRef(g.id, -(g.bound.length + 1)));
    g.bound.push(f);
  }
  // SQLite computes a window's terms as result columns of the query below it.
  const sub = (e: B.BoundExpr) => lowerResultColumn(ctx, scope, e);
  for (const g of groups) {
    g.keys = [...g.spec.partitionBy.map(sub), ...g.spec.orderBy.map((t) => sub(t.expr))];
    g.calls = g.bound.map((f): WindowCall => {
      const frame = f.window!.frame ?? DEFAULT_FRAME;
      const bound = (b: B.BoundFrameBound) => ({ ...b, offset: b.offset && sub(b.offset) });
      return {
        name: f.def.name,
        // A user's function here has its aggregate implementation (the binder fails a user's
        // scalar function used as one).
        impl: f.def.user?.aggregate as AggregateFunction | undefined,
        args: f.args.map(sub),
        filter: f.filter ? sub(f.filter) : null,
        // A bound frame holds its unit, start, end and exclusion alone.
        frame: { ...frame, start: bound(frame.start), end: bound(frame.end) },
        collation: callCollation(f.args),
      };
    });
  }
  return groups;
}

/**
 * Stacks the window nodes over `input`, the last distinct window innermost. `above` holds the expressions evaluated above the
 * windows (result columns, ORDER BY keys); they are rewritten in place to read the
 * windows' outputs.
 */
export function stackWindows(
  prepared: PreparedWindows,
  input: RelNode,
  above: PlanExpr[][],
): RelNode {
  let node = input;
  // SQLite runs each distinct window as a pass over the previous pass's rows, the last
  // window innermost and the first outermost (select.c's window rewrite), and each pass
  // sorts stably: the rows come out in the first window's order, ties in the order the
  // passes before it left them.
  const groups = [...prepared].reverse();
  groups.forEach((g, k) => {
    const np = g.spec.partitionBy.length;
    const w: Window = {
      kind: "window",
      id: g.id,
      input: node,
      // The keys are not read again: the columns captured below are added to them.
      columns: g.keys,
      partitionBy: g.spec.partitionBy.map((e, i): SortKey => ({
        column: i,
        desc: false,
        nullsFirst: true,
        collation: collationOf(e),
      })),
      orderBy: g.spec.orderBy.map((t, i): SortKey => ({
        column: np + i,
        desc: t.desc,
        nullsFirst: nullsFirst(t),
        collation: collationOf(t.expr),
      })),
      calls: g.calls,
    };
    const later = groups.slice(k + 1);
    const rewrite = (f: <T>(e: T) => T) => {
      for (const h of later) {
        h.keys = h.keys.map(f);
        h.calls = h.calls.map(f);
      }
      for (const list of above) list.forEach((e, i) => list[i] = f(e));
    };
    rewrite(captureBelow(w, subtreeIds(node)));
    // The calls' outputs follow the stored columns.
    rewrite((e) =>
      mapColumnRefs(
        e,
        (r) => r.node === w.id && r.column < 0 ? colRef(w.id, w.columns.length - r.column - 1) : r,
      )
    );
    node = w;
  });
  return node;
}

/**
 * A rewrite of expressions above window `w`: their references to the nodes below it (ids
 * `hidden`), which they cannot read through it, become columns `w` stores (each value once,
 * after the columns it stores already).
 */
function captureBelow(w: Window, hidden: ReadonlySet<number>): <T>(e: T) => T {
  const index = new Map<string, number>();
  w.columns.forEach((e, i) => {
    if (e.kind === "column") index.set(`${e.node}:${e.column}`, i);
  });
  return (e) =>
    mapColumnRefs(e, (ref) => {
      if (!hidden.has(ref.node)) return ref;
      const key = `${ref.node}:${ref.column}`;
      const i = getOrMake(index, key, () => w.columns.push(colRef(ref.node, ref.column)) - 1);
      return colRef(w.id, i);
    });
}
