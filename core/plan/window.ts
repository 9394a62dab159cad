/**
 * Window functions: one `window` node per pass of SQLite's window rewrite (the calls of one
 * frame, PARTITION BY and ORDER BY), stacked over the core's rows. Each stores the values
 * the clauses above it read (they cannot see through it), its calls' values come after
 * those.
 */
import type * as B from "../analyze/bound.ts";
import type { AggregateFunction } from "../functions/aggregate/types.ts";
import { sameExpr } from "../analyze/same_expr.ts";
import { childExprs } from "../analyze/bound_walk.ts";
import type { FrameBoundType } from "../sql/ast.ts";
import { StorageClass } from "../value/types.ts";
import type { PlanExpr, RelNode, SortKey, Window, WindowCall } from "./plan.ts";
import { colRef, type LowerScope, newId, type PlanContext } from "./scope.ts";
import { lowerResultColumn } from "./lower_expr.ts";
import { mapColumnRefs } from "./capture.ts";
import { subtreeIds } from "./walk.ts";
import { callCollation, collationOf, nullsFirst } from "./collation.ts";
import { getOrMake } from "../util/multimap.ts";

/** The frame of a window that names none: RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW. */
const DEFAULT_FRAME: NonNullable<B.BoundWindow["frame"]> = {
  unit: "range",
  start: { type: "unboundedPreceding", offset: null },
  end: { type: "currentRow", offset: null },
  exclude: "none",
};

type Frame = NonNullable<B.BoundWindow["frame"]>;
// A literal 1 as sameExpr sees one (spans, affinity and collation aside).
const ONE = { kind: "literal", value: 1, cls: StorageClass.Integer } as B.BoundExpr;
const fixed = (unit: Frame["unit"], start: FrameBoundType, end: FrameBoundType): Frame => ({
  unit,
  start: { type: start, offset: start === "following" ? ONE : null },
  end: { type: end, offset: null },
  exclude: "none",
});
/**
 * The frames SQLite gives these built-ins whatever the window says (sqlite3WindowUpdate):
 * they decide which calls share a pass.
 */
const FIXED_FRAMES: ReadonlyMap<string, Frame> = new Map([
  ["row_number", fixed("rows", "unboundedPreceding", "currentRow")],
  ["dense_rank", fixed("range", "unboundedPreceding", "currentRow")],
  ["rank", fixed("range", "unboundedPreceding", "currentRow")],
  ["percent_rank", fixed("groups", "currentRow", "unboundedFollowing")],
  ["cume_dist", fixed("groups", "following", "unboundedFollowing")],
  ["ntile", fixed("rows", "currentRow", "unboundedFollowing")],
  ["lead", fixed("rows", "unboundedPreceding", "unboundedFollowing")],
  ["lag", fixed("rows", "unboundedPreceding", "currentRow")],
]);

/** The frame SQLite compares `f`'s window by. */
function frameOf(f: B.BoundFunction): Frame {
  return (f.def.user ? undefined : FIXED_FRAMES.get(f.def.name)) ?? f.window!.frame ??
    DEFAULT_FRAME;
}

/**
 * Whether SQLite computes `a` and `b` in one pass (sqlite3WindowCompare without FILTER):
 * the same frame, PARTITION BY and ORDER BY.
 */
function sameDefinition(a: B.BoundFunction, b: B.BoundFunction): boolean {
  const definition = (f: B.BoundFunction) => [frameOf(f), f.window!.partitionBy, f.window!.orderBy];
  // sameExpr compares any bound structure, spans aside.
  return sameExpr(definition(a) as never, definition(b) as never);
}

/** The window calls in `e` (not inside subqueries), left to right. */
function windowCallsIn(e: B.BoundExpr, out: B.BoundFunction[]): void {
  if (e.kind === "function" && e.role === "window") out.push(e);
  else for (const c of childExprs(e)) windowCallsIn(c, out);
}

/**
 * One computed window call: `call` is computed, `readers` are the calls whose value it is
 * (none for the copy of a result column's call an ORDER BY term makes, which SQLite
 * computes though the sort reads the result column).
 */
interface Computed {
  call: B.BoundFunction;
  readers: B.BoundFunction[];
}

/** A core's window calls in SQLite's passes, outermost first (see {@link windowPasses}). */
export type WindowPasses = Computed[][];

/**
 * SQLite's window rewrite (window.c sqlite3WindowRewrite), as passes over the rows,
 * outermost (computed last) first. The query computes the calls it resolved itself that
 * share the first one's window (frame, PARTITION BY, ORDER BY); every other call —
 * the result columns' first, then the ORDER BY's, where a term naming a result column is
 * a copy of that column's expression — moves into a subquery below, each expression once,
 * and that subquery is rewritten the same way. So copies of outer calls are computed again
 * further down, and which pass runs first decides which error a statement raises and the
 * order that ties keep.
 */
export function windowPasses(
  core: B.BoundCore,
  orderBy: readonly B.BoundOrderingTerm[] | null,
): WindowPasses {
  const all: Computed[] = [];
  const add = (e: B.BoundExpr, copy: boolean) => {
    const calls: B.BoundFunction[] = [];
    windowCallsIn(e, calls);
    for (const f of calls) all.push({ call: f, readers: copy ? [] : [f] });
  };
  for (const c of core.columns) add(c.expr, false);
  for (const t of orderBy ?? []) {
    add(t.resultColumn > 0 ? core.columns[t.resultColumn - 1].expr : t.expr, t.resultColumn > 0);
  }
  const head = all.find((m) => m.readers.length);
  const outer = all.filter((m) => m.readers.length && sameDefinition(m.call, head!.call));
  // Moved below, equal expressions share one column.
  let left: Computed[] = [];
  for (const m of all) {
    if (outer.includes(m)) continue;
    const twin = left.find((l) => sameExpr(l.call, m.call));
    if (twin) twin.readers.push(...m.readers);
    else left.push(m);
  }
  const passes = outer.length ? [outer] : [];
  while (left.length) {
    const first = left[0].call;
    passes.push(left.filter((m) => sameDefinition(m.call, first)));
    left = left.filter((m) => !sameDefinition(m.call, first));
  }
  // A call bound for an ORDER BY term equal to a result column is read through that column;
  // one no result column holds (an EXISTS's, whose columns are dropped) is computed alone.
  const placed = new Set(passes.flat().flatMap((m) => m.readers));
  for (const f of core.windowFunctions) {
    if (placed.has(f)) continue;
    const twin = passes.flat().find((m) => sameExpr(m.call, f));
    if (twin) twin.readers.push(f);
    else passes.push([{ call: f, readers: [f] }]);
  }
  return passes;
}

interface WindowGroup {
  /** The id of the window node (built by {@link stackWindows}). */
  id: number;
  spec: B.BoundWindow;
  /** The calls the pass computes. */
  computed: Computed[];
  /** The calls of `computed`, lowered. */
  calls: WindowCall[];
  /** Partition then order expressions, lowered over the window's input. */
  keys: PlanExpr[];
}

/**
 * The sort order of the pass computed first (the innermost, see {@link windowPasses}):
 * its PARTITION BY terms ascending, then its ORDER BY terms.
 */
export function firstComputedWindowOrder(passes: WindowPasses): B.BoundOrderingTerm[] {
  const w = passes.at(-1)![0].call.window!;
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
 * Makes a window node of each of a core's passes and registers a placeholder output for
 * each call in `scope` (fixed by {@link stackWindows} once the window's stored columns are
 * known).
 */
export function prepareWindows(
  ctx: PlanContext,
  passes: WindowPasses,
  scope: LowerScope,
): PreparedWindows {
  scope.windowCalls = new Map();
  const groups = passes.map((computed): WindowGroup => {
    const id = newId(ctx);
    computed.forEach((m, i) => {
      for (const f of m.readers) scope.windowCalls!.set(f, colRef(id, -(i + 1)));
    });
    return { id, spec: computed[0].call.window!, computed, calls: [], keys: [] };
  });
  // SQLite computes a window's terms as result columns of the query below it.
  const sub = (e: B.BoundExpr) => lowerResultColumn(ctx, scope, e);
  for (const g of groups) {
    g.keys = [...g.spec.partitionBy.map(sub), ...g.spec.orderBy.map((t) => sub(t.expr))];
    g.calls = g.computed.map(({ call: f }): WindowCall => {
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
 * Stacks the window nodes over `input`, the last pass innermost. `above` holds the
 * expressions evaluated above the windows (result columns, ORDER BY keys); they are
 * rewritten in place to read the windows' outputs.
 */
export function stackWindows(
  prepared: PreparedWindows,
  input: RelNode,
  above: PlanExpr[][],
): RelNode {
  let node = input;
  // Each pass reads the previous pass's rows and sorts them stably: the rows come out in
  // the outermost pass's order, ties in the order the passes before it left them.
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
