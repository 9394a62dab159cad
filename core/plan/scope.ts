/**
 * Planning state: the id counter and what the whole statement needs, and the lowering
 * scopes that say which plan node stands for each bound source.
 */
import type * as B from "../analyze/bound.ts";
import type { DatabaseFile } from "../database_file.ts";
import type { Aggregate, ColumnExpr, PlanExpr } from "./plan.ts";
import { StorageClass } from "../value/types.ts";

/** State shared while one statement is planned. */
export interface PlanContext {
  file: DatabaseFile;
  nextId: number;
  /** Columns each bound source is read at (any clause, any depth): for covering indexes. */
  usedColumns: Map<number, Set<number>>;
  /** Per table source with VIRTUAL generated columns: their bound expressions. */
  virtualColumns: Map<number, (B.BoundExpr | null)[]>;
  /** Bound recursive CTE id → the recursiveCte node whose step was lowered last (cte.ts). */
  recursiveCtes: Map<number, number>;
  /**
   * Leaves read through an automatic index (a hash lookup with the leaf's id): the output
   * column standing for the rowid, which a lookup cannot expose as column -1.
   */
  rowidOutputs: Map<number, number>;
  /**
   * Index scans of partial indexes covering columns their WHERE fixes: node id → column →
   * the value a read of it gives, put in place once the statement is planned
   * (partial_index.ts readFixedColumns).
   */
  fixedColumns: Map<number, Map<number, PlanExpr>>;
}

/** A fresh statement-unique node id. */
export function newId(ctx: PlanContext): number {
  return ctx.nextId++;
}

/** How an aggregate core's expressions read the aggregate's outputs. */
export interface AggregateScope {
  core: B.BoundCore;
  node: Aggregate;
  /** The calls `node.aggregates` computes, in its order (equal calls of `core` share one). */
  calls: readonly B.BoundFunction[];
  /** The scope of the aggregate's input rows (FROM). */
  input: LowerScope;
  /** Carried bare values by `node:column` of the input reference. */
  carriedIndex: Map<string, number>;
}

/**
 * Where the bound sources of one query level live. A column of a source in `sources`
 * reads that node, unless `agg` is set (then the query level is above its aggregate).
 */
export interface LowerScope {
  sources: Map<number, number>;
  parent: LowerScope | null;
  agg: AggregateScope | null;
  /** Window calls of this level that already have their output column. */
  windowCalls: Map<B.BoundFunction, ColumnExpr> | null;
  /** The core whose clauses are lowered here (group keys match whole expressions). */
  core: B.BoundCore | null;
  /**
   * Lowering the inside of a result column of an aggregate with a single min()/max(): a
   * GROUP BY term met there is worked out again from that call's row, not read from the
   * group key (see lowerResultColumn).
   */
  termsFromCarriedRow?: boolean;
}

/** A new scope for one query level. */
export function newScope(parent: LowerScope | null, core: B.BoundCore | null): LowerScope {
  return { sources: new Map(), parent, agg: null, windowCalls: null, core };
}

/** A column reference expression. */
export function colRef(node: number, column: number): ColumnExpr {
  return { kind: "column", node, column };
}

/** The integer constant `n`. */
export function intConst(n: number): PlanExpr {
  return { kind: "const", value: n, cls: StorageClass.Integer };
}
