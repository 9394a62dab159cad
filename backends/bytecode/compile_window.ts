/**
 * The window node: each input row's columns and its calls' inputs (arguments, FILTER,
 * frame offsets) are stored in a sorter ordered by PARTITION BY then ORDER BY; once all
 * rows are in, WindowCompute replaces them with the columns followed by one result per
 * call (core/exec/window.ts), and the rows are emitted in that order.
 */
import type { WindowCallSpec, WindowSpec } from "../../core/exec/window.ts";
import type { PlanExpr, Window } from "../../core/plan/plan.ts";
import { exprChildren, exprSubPlan } from "../../core/plan/walk.ts";
import { StorageClass } from "../../core/value/types.ts";
import type { Compiler, Consume } from "./compile.ts";
import type { WindowEntry } from "./descriptors.ts";
import { Op } from "./opcodes.ts";
import { iterateStore, sorterEntry } from "./compile_store.ts";

const NULL_CONST: PlanExpr = { kind: "const", value: null, cls: StorageClass.Null };

/**
 * SQLite replaces a frame offset that is not a constant expression (it reads a column or
 * runs a subquery) by NULL, which then fails the offset check when a partition starts.
 */
function constantOffset(e: PlanExpr): PlanExpr {
  const isConstant = (x: PlanExpr): boolean =>
    x.kind !== "column" && !exprSubPlan(x) && exprChildren(x).every(isConstant);
  return isConstant(e) ? e : NULL_CONST;
}

function window(c: Compiler, node: Window, consume: Consume): void {
  const b = c.b;
  const stored: PlanExpr[] = [...node.columns];
  const calls: WindowCallSpec[] = node.calls.map((call) => {
    const argCol = stored.length;
    stored.push(...call.args);
    // An optional input's column in the stored row, or -1.
    const column = (e: PlanExpr | null) => (e ? stored.push(e) - 1 : -1);
    const { start, end } = call.frame;
    return {
      name: call.name,
      fn: call.impl,
      argc: call.args.length,
      argCol,
      // (Stored in this order: the filter, the frame's start offset, its end offset.)
      filterCol: column(call.filter),
      startCol: column(start.offset && constantOffset(start.offset)),
      endCol: column(end.offset && constantOffset(end.offset)),
      unit: call.frame.unit,
      start: start.type,
      end: end.type,
      exclude: call.frame.exclude,
      collation: call.collation,
    };
  });
  const spec: WindowSpec = {
    nColumns: node.columns.length,
    partitionBy: node.partitionBy,
    orderBy: node.orderBy,
    calls,
  };
  const width = stored.length;
  const keys = [...node.partitionBy, ...node.orderBy];
  const sortEntry = sorterEntry(c, keys, width);
  const windowEntry: WindowEntry = {
    explain: node.calls.map((x) => `${x.name}(${x.args.length})`).join(","),
    spec,
  };
  const slot = b.slot();
  b.emit(Op.SorterOpen, slot, 0, 0, b.constant(sortEntry));
  const row = b.regsFor(width);
  c.produce(node.input, () => {
    c.exprs(stored, row);
    b.emit(Op.SorterInsert, slot, row, width);
  });
  const outWidth = node.columns.length + node.calls.length;
  const base = c.outputRegs(node.id, outWidth);
  iterateStore(c, slot, base, consume, () => {
    b.emit(Op.WindowCompute, slot, 0, 0, b.constant(windowEntry));
  });
}

/** Handler of the window node. */
export const WINDOW_HANDLERS = { window };
