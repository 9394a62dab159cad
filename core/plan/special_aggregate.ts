/**
 * SQLite's special aggregate plans: `SELECT count(*) FROM t` counts the smallest b-tree
 * (OP_Count), and `SELECT min(x) FROM t` / `max(x)` with an index on x reads one entry.
 */
import type * as B from "../analyze/bound.ts";
import type { IndexInfo, TableInfo } from "../format/schema_types.ts";
import type { PlanExpr, Query, RelNode } from "./plan.ts";
import { colRef, intConst, type LowerScope, newId, newScope, type PlanContext } from "./scope.ts";
import { buildAggregate } from "./aggregate.ts";
import { lowerExpr } from "./lower_expr.ts";
import { primaryKeyIndex } from "./access_path.ts";
import { indexRowSize, tableRowSize } from "./row_size.ts";
import { builtinName } from "../functions/catalog.ts";
import { collationOf } from "./collation.ts";

/**
 * The b-tree SQLite counts for count(*) (select.c): the index whose entries are estimated
 * smallest, if smaller than the table's rows (and, for a WITHOUT ROWID table, than its
 * primary key's); the index created last wins a tie. Null: count the table itself.
 */
export function smallestIndex(table: TableInfo): IndexInfo | null {
  const szTab = tableRowSize(table);
  let best: IndexInfo | null = null;
  let bestSize = table.withoutRowid ? indexRowSize(table, primaryKeyIndex(table)) : Infinity;
  for (let i = table.indexes.length - 1; i >= 0; i--) {
    const index = table.indexes[i];
    if (index.where) continue;
    const size = indexRowSize(table, index);
    if (size < szTab && size < bestSize) {
      best = index;
      bestSize = size;
    }
  }
  return best;
}

/** A special plan for `core`, or null when the general plan applies. */
export function planSpecialAggregate(
  ctx: PlanContext,
  core: B.BoundCore,
  parent: LowerScope | null,
  orderBy: B.BoundOrderingTerm[] | null,
  limit: PlanExpr | null,
  offset: PlanExpr | null,
): Query | null {
  // One aggregate call, the only result column, with no other clause (an ORDER BY of its
  // one row aside, for count(*)).
  const plain = core.aggregate && !core.groupBy && !core.where &&
    !core.having && !core.windowFunctions.length && core.columns.length === 1 &&
    core.aggregates.length === 1 && !limit && !offset;
  if (!plain) return null;
  // ... over a single table.
  const items = core.from?.items;
  const source = items?.length === 1 ? items[0].item : null;
  if (source?.kind !== "table") return null;
  const f = core.aggregates[0];
  const result = core.columns[0].expr;
  if (result !== f || f.filter || f.distinct || f.orderBy) return null;
  if (builtinName(f.def) === "count" && !f.args.length && source.indexedBy === null) {
    // No expression is lowered over the count: its source needs no scope.
    const id = newId(ctx);
    const root: RelNode = {
      kind: "countRows",
      id,
      table: source.table,
      index: smallestIndex(source.table),
      label: source.name,
    };
    return { root, columns: [colRef(id, 0)] };
  }
  return orderBy ? null : minMax(ctx, core, source, parent);
}

function minMax(
  ctx: PlanContext,
  core: B.BoundCore,
  source: B.TableSource,
  parent: LowerScope | null,
): Query | null {
  const f = core.aggregates[0];
  const arg = f.args[0];
  const name = builtinName(f.def);
  if ((name !== "min" && name !== "max") || f.args.length !== 1) return null;
  if (arg.kind !== "column" || arg.source !== source.id || source.indexedBy === false) return null;
  const table = source.table;
  const collation = collationOf(arg);
  const index = table.indexes.find((i) => {
    const k = i.keyColumns[0];
    const col = k?.column === table.rowidAlias && k.column >= 0 ? -1 : k?.column;
    return !i.where && col === arg.column && k.collation.toUpperCase() === collation &&
      (source.indexedBy === null || source.indexedBy === i);
  });
  if (!index) return null;
  const scope = newScope(parent, core);
  const id = newId(ctx);
  scope.sources.set(source.id, id);
  const scan: RelNode = {
    kind: "indexScan",
    id,
    table,
    index,
    label: source.name,
    eq: [],
    lower: null,
    upper: null,
    reverse: (name === "max") !== index.keyColumns[0].desc,
    covering: index.recordColumns.some((k) => k.column === arg.column),
  };
  const value = lowerExpr(ctx, scope, arg);
  const input: RelNode = {
    kind: "limit",
    input: {
      kind: "filter",
      input: scan,
      predicate: { kind: "nullTest", not: true, operand: value },
    },
    limit: intConst(1),
    offset: null,
  };
  const agg = buildAggregate(ctx, core, input, scope, "stream");
  const pid = newId(ctx);
  return {
    root: {
      kind: "project",
      id: pid,
      input: agg.node,
      columns: [lowerExpr(ctx, agg.scope, core.columns[0].expr)],
    },
    columns: [colRef(pid, 0)],
  };
}
