/**
 * Structural checks of a plan (for tests): node ids unique and below `nodeCount`, every
 * column reference reads a node that is readable where the expression is evaluated (not
 * hidden behind a storing node, not the outer side of a FULL join's inner tree), column
 * indexes inside each node's width, sort keys inside the stored columns, and every
 * sub-plan's `correlated` flag equal to whether it reads outside itself.
 */
import type { Plan, PlanExpr, Query, RelNode, SubPlan } from "./plan.ts";
import { readsOutside } from "./correlation.ts";
import { exprChildren, exprSubPlan, nodeExprs, seekQueries } from "./walk.ts";

type Widths = Map<number, { min: number; max: number } | null>;

class Checker {
  readonly problems: string[] = [];
  readonly ids = new Set<number>();
  /** Ids a full join's second loop reads its table under again (NestedLoop.unmatched). */
  readonly #again = new Set<number>();
  readonly widths: Widths = new Map();
  readonly cteWidth = new Map<number, number>();

  constructor(readonly plan: Plan) {}

  fail(msg: string): void {
    if (this.problems.length < 50) this.problems.push(msg);
  }

  register(node: RelNode): void {
    if (!("id" in node)) return;
    if (this.ids.has(node.id) && !this.#again.has(node.id)) {
      this.fail(`node id ${node.id} used twice`);
    }
    if (node.id < 0 || node.id >= this.plan.nodeCount) {
      this.fail(`node id ${node.id} outside 0..${this.plan.nodeCount - 1}`);
    }
    this.ids.add(node.id);
    this.widths.set(node.id, widthOf(node, this.cteWidth));
  }

  expr(e: PlanExpr, readable: ReadonlySet<number>, where: string): void {
    if (e.kind === "column") {
      if (!readable.has(e.node)) this.fail(`${where}: reads node ${e.node}, not readable there`);
      const w = this.widths.get(e.node);
      if (w && (e.column < w.min || e.column > w.max)) {
        this.fail(`${where}: column ${e.column} of node ${e.node} outside ${w.min}..${w.max}`);
      }
    }
    const sub = exprSubPlan(e);
    if (sub) this.subPlan(sub, readable, where);
    for (const c of exprChildren(e)) this.expr(c, readable, where);
  }

  subPlan(sub: SubPlan, readable: ReadonlySet<number>, where: string): void {
    this.query(sub, readable);
    const outside = readsOutside(sub);
    if (outside !== sub.correlated) {
      this.fail(`${where}: sub-plan correlated=${sub.correlated}, reads outside: ${outside}`);
    }
  }

  query(q: Query, ctx: ReadonlySet<number>): void {
    const visible = this.node(q.root, ctx);
    const all = union(ctx, visible);
    for (const e of q.columns) this.expr(e, all, "query columns");
  }

  /** Checks `node` evaluated with `ctx` readable; returns the ids readable above it. */
  node(node: RelNode, ctx: ReadonlySet<number>): Set<number> {
    this.register(node);
    const self = "id" in node ? new Set([node.id]) : new Set<number>();
    const exprs = (list: PlanExpr[], readable: ReadonlySet<number>) => {
      for (const e of list) this.expr(e, readable, node.kind);
    };
    switch (node.kind) {
      case "tableScan":
      case "indexScan":
      case "values":
      case "tableFunction":
      case "countRows":
      case "recursiveRef":
        exprs(nodeExprs(node), ctx);
        for (const q of seekQueries(node)) this.subPlan(q, ctx, node.kind);
        return self;
      case "filter":
      case "distinct":
      case "limit": {
        const below = this.node(node.input, ctx);
        if (node.kind === "limit") exprs(nodeExprs(node), ctx);
        else exprs(nodeExprs(node), union(ctx, below));
        return below;
      }
      case "project": {
        const below = this.node(node.input, ctx);
        exprs(node.columns, union(ctx, below));
        return union(below, self);
      }
      case "nestedLoop": {
        const outer = this.node(node.outer, ctx);
        const innerCtx = node.join === "full" && !node.unmatched ? ctx : union(ctx, outer);
        const inner = this.node(node.inner, innerCtx);
        if (node.unmatched) {
          for (const id of inner) this.#again.add(id);
          this.node(node.unmatched.node, ctx);
          this.expr(node.unmatched.rowid, union(ctx, inner), "unmatched rowid");
        }
        const both = union(outer, inner);
        if (node.on) this.expr(node.on, union(ctx, both), "join on");
        return both;
      }
      case "hashLookup": {
        const below = this.node(node.input, ctx);
        exprs([...node.columns, ...node.buildKeys], union(ctx, below));
        exprs(node.probeKeys, ctx);
        return self;
      }
      case "aggregate":
      case "window": {
        const below = this.node(node.input, ctx);
        exprs(nodeExprs(node), union(ctx, below));
        if (node.kind === "window") {
          for (const k of [...node.partitionBy, ...node.orderBy]) {
            if (k.column < 0 || k.column >= node.columns.length) this.fail("window key outside");
          }
        }
        return self;
      }
      case "sort": {
        const below = this.node(node.input, ctx);
        exprs(node.columns, union(ctx, below));
        exprs([node.limit, node.offset].filter((x) => x !== null), ctx);
        for (const k of node.keys) {
          if (k.column < 0 || k.column >= node.columns.length) this.fail("sort key outside");
        }
        return self;
      }
      case "subqueryScan":
        this.query(node.query, ctx);
        return self;
      case "compound":
        this.query(node.left, ctx);
        this.query(node.right, ctx);
        if (node.left.columns.length !== node.right.columns.length) {
          this.fail("compound parts of different widths");
        }
        if (node.collations.length !== node.left.columns.length) this.fail("compound collations");
        if (node.distinct && node.distinct.length !== node.collations.length) {
          this.fail("compound distinct collations");
        }
        return self;
      case "recursiveCte":
        this.cteWidth.set(node.id, node.seed.columns.length);
        this.widths.set(node.id, { min: 0, max: node.seed.columns.length - 1 });
        this.query(node.seed, ctx);
        this.query(node.step, ctx);
        if (node.seed.columns.length !== node.step.columns.length) this.fail("cte widths differ");
        exprs(nodeExprs(node), ctx);
        return self;
      default:
        return node satisfies never;
    }
  }
}

function union(a: ReadonlySet<number>, b: ReadonlySet<number>): Set<number> {
  const out = new Set(a);
  for (const x of b) out.add(x);
  return out;
}

function widthOf(
  node: RelNode,
  cteWidth: Map<number, number>,
): { min: number; max: number } | null {
  const n = (k: number) => ({ min: 0, max: k - 1 });
  switch (node.kind) {
    case "tableScan":
    case "indexScan":
      return { min: node.table.withoutRowid ? 0 : -1, max: node.table.columns.length - 1 };
    case "project":
    case "sort":
    case "hashLookup":
      return n(node.columns.length);
    case "aggregate":
      return n(node.groupBy.length + node.aggregates.length + node.carried.length);
    case "window":
      return n(node.columns.length + node.calls.length);
    case "countRows":
      return n(1);
    case "tableFunction":
      return n(node.width);
    case "values":
      return n(node.rows[0]?.length ?? 0);
    case "subqueryScan":
      return n(node.query.columns.length);
    case "compound":
      return n(node.left.columns.length);
    case "recursiveRef": {
      const w = cteWidth.get(node.cte);
      return w === undefined ? null : n(w);
    }
    default:
      // Every other kind, named: a new kind fails type checking until it is placed.
      node satisfies { kind: "filter" | "nestedLoop" | "distinct" | "limit" | "recursiveCte" };
      return null;
  }
}

/** The problems found in `plan` (empty when it is well formed). */
export function validatePlan(plan: Plan): string[] {
  const c = new Checker(plan);
  c.query(plan.query, new Set());
  return c.problems;
}
