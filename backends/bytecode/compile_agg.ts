/**
 * Aggregation: the input's rows are stepped into groups, then each group is emitted with
 * its keys, its aggregate results and its carried (bare column) values. `hash`: groups
 * are found by a hash of the GROUP BY key and emitted at the end in key order;
 * `stream`: the input arrives in key order, so a group is emitted as soon as the key
 * changes (no table of groups). Without GROUP BY there is exactly one group, even for no
 * input.
 */
import type { AggCallSpec } from "../../core/exec/aggregate_calls.ts";
import type { Aggregate, PlanExpr } from "../../core/plan/plan.ts";
import { isMinMaxCall } from "../../core/plan/aggregate.ts";
import { subtreeIds } from "../../core/plan/walk.ts";
import { type Compiler, type Consume, withoutPlus } from "./compile.ts";
import type { AggEntry } from "./descriptors.ts";
import { Op } from "./opcodes.ts";

function aggregate(c: Compiler, node: Aggregate, consume: Consume): void {
  const b = c.b;
  const nKeys = node.groupBy.length;
  const nAggs = node.aggregates.length;
  const nCarried = node.carried.length;
  const width = nKeys + nAggs + nCarried;
  const base = c.outputRegs(node.id, width);
  // SQLite keeps a group's columns and its calls' results in registers that expressions
  // read in place; a GROUP BY term or carried value that is an expression it recomputes.
  const inPlace = (e: PlanExpr) => withoutPlus(e).kind === "column";
  const own = [...node.groupBy.map(inPlace), ...node.aggregates.map(() => true)]
    .concat(node.carried.map(inPlace));
  c.aggregateOutputs.set(node.id, own.map((yes, i) => yes ? base + i : null));
  const slot = b.slot();
  const calls: AggCallSpec[] = node.aggregates.map((a) => ({
    name: a.name,
    fn: a.impl,
    argc: a.args.length,
    distinct: a.distinct,
    collation: a.collation,
    // (Its entries' values are evaluated into the step's registers: the spec reads the rest.)
    orderBy: a.orderBy,
    // min()/max() return their best argument with its JSON subtype (SQLite copies the Mem).
    keepsJsonSubtype: isMinMaxCall(a) && c.subtypes.mayCarry(a.args[0]),
  }));
  const entry: AggEntry = {
    explain: node.aggregates.map((a) => `${a.name}(${a.args.length})`).join(","),
    calls,
    nStored: nKeys + nCarried,
    groupColls: node.groupCollations.map((x) => c.collation(x)),
    groupDesc: node.groupDesc,
  };
  b.emit(Op.AggOpen, slot, 0, 0, b.constant(entry));
  const keys = b.regsFor(nKeys);
  const carried = b.regsFor(nCarried);
  const storeCarried = () => {
    if (nCarried === 0) return;
    c.exprs(node.carried, carried);
    b.emit(Op.AggStore, slot, carried, nKeys, nCarried);
  };
  let first = 0;
  if (nKeys === 0) {
    b.emit(Op.AggNew, slot);
    first = b.regs();
    b.emit(Op.Integer, 1, first);
  }
  // The input's nodes, when its rows are read back sorted by the GROUP BY (see below).
  const fromSorter = nKeys > 0 && node.strategy === "hash" ? subtreeIds(node.input) : null;
  // SQLite's bare-column rule: a group's first row sets the carried values, and a later row
  // sets them again where the last min()/max() step that ran took it (AggregateCalls.hit).
  // A FILTER'd min()/max() counts as a step that did not take a row it rejects, with GROUP
  // BY or when every min()/max() has a FILTER (select.c's "magnet" register).
  const byHit = nCarried > 0 && node.carryFromMinMax;
  const magnets = byHit &&
    (nKeys > 0 || node.aggregates.every((a) => a.filter || !isMinMaxCall(a)));
  const stepCalls = () => {
    node.aggregates.forEach((a, i) =>
      b.wrap((skip) => {
        if (a.filter) {
          if (magnets && isMinMaxCall(a)) b.emit(Op.AggStep, slot, 0, i, 0, 1);
          const f = b.regs();
          c.expr(a.filter, f);
          b.emit(Op.IfNot, f, skip, 1);
        }
        const args = b.regsFor(a.args.length + a.orderBy.length);
        // SQLite sorts a GROUP BY's input rows unless an index gives the order: the
        // arguments are then computed from the stored columns, which lost their subtype.
        const outer = c.columnsFromSorter;
        if (fromSorter) c.columnsFromSorter = fromSorter;
        c.exprs(a.args, args);
        c.exprs(a.orderBy.map((o) => o.value), args + a.args.length);
        c.columnsFromSorter = outer;
        b.emit(Op.AggStep, slot, args, i);
      })
    );
    if (byHit) {
      b.wrap((skip) => {
        b.emit(Op.IfAggMiss, slot, skip);
        storeCarried();
      });
    }
  };
  const emitGroup = (next: number) => {
    if (nKeys > 0) b.emit(Op.AggLoad, slot, base, 0, nKeys);
    if (nAggs > 0) b.emit(Op.AggFinal, slot, base + nKeys);
    if (nCarried > 0) b.emit(Op.AggLoad, slot, base + nKeys + nAggs, nKeys, nCarried);
    consume(next);
  };
  const end = b.label();
  if (nKeys > 0 && node.strategy === "stream") {
    // Rows arrive in key order: a group ends when the key changes.
    c.produce(node.input, () => {
      const start = b.label();
      const same = b.label();
      c.exprs(node.groupBy, keys);
      b.emit(Op.IfAggEmpty, slot, start);
      b.emit(Op.AggSameKey, slot, same, keys, nKeys);
      b.wrap(emitGroup);
      b.place(start);
      b.emit(Op.AggNew, slot);
      b.emit(Op.AggStore, slot, keys, 0, nKeys);
      storeCarried();
      b.place(same);
      stepCalls();
    });
    b.emit(Op.IfAggEmpty, slot, end);
    emitGroup(end);
    b.place(end);
    return;
  }
  c.produce(node.input, () => {
    const stepped = b.label();
    if (nKeys > 0) {
      c.exprs(node.groupBy, keys);
      b.emit(Op.AggGroup, slot, stepped, keys, nKeys);
      b.emit(Op.AggStore, slot, keys, 0, nKeys);
      storeCarried();
    } else if (nCarried > 0) {
      b.emit(Op.IfNot, first, stepped, 0);
      b.emit(Op.Integer, 0, first);
      storeCarried();
    }
    b.place(stepped);
    stepCalls();
  });
  if (nKeys === 0) {
    emitGroup(end);
  } else {
    b.emit(Op.AggSort, slot, end, 0, nKeys);
    const top = b.here;
    b.wrap(emitGroup);
    b.emit(Op.AggNextGroup, slot, top);
  }
  b.place(end);
}

/** Handler of the aggregate node. */
export const AGG_HANDLERS = { aggregate };
