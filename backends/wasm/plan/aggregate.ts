/**
 * Aggregation in the module: a hash table of groups in the run's frame, for GROUP BY on one
 * key (or one group, without GROUP BY) and calls count, sum, total, avg, min and max, while
 * keys are INTEGER or NULL (the NULL group is kept apart from the table) and the values summed
 * are INTEGER (compared: INTEGER or REAL).
 *
 * The module finds or creates the row's group (AggGroup), keeps the key as the group's
 * stored value (AggStore of the key) and steps the calls (AggStep): a count; the row count
 * and the exact 64-bit sum that core/functions/aggregate/sum.ts keeps while every input is an
 * integer; or the best number so far (min_max.ts). Anything else — a key or argument it does
 * not keep, a sum that would overflow, a table already full — makes the instruction decline;
 * its JS fallback first *spills* the table: each native group becomes the GroupState core's
 * AggregateCalls would have built from the same rows, and the run goes on in JS from there.
 * Before AggSort and AggFinal the table spills the same way, so everything after the scan
 * (sorting groups, finishing calls) is core's code on core's states.
 */
import { Bug, bugError } from "../../../core/internal_error.ts";
import type { CountState } from "../../../core/functions/aggregate/count.ts";
import type { MinMaxState } from "../../../core/functions/aggregate/min_max.ts";
import type { SumState } from "../../../core/functions/aggregate/sum.ts";
import { newReg } from "../../../core/value/reg.ts";
import { normalizeInt } from "../../../core/value/types.ts";
import type { AggEntry } from "../../bytecode/descriptors.ts";
import { Op, OPCODES } from "../../bytecode/opcodes.ts";
import { operandRoles } from "../../bytecode/operand_roles.ts";
import type { CompiledProgram } from "../../bytecode/program.ts";
import type { AggSlot } from "../../bytecode/vm_agg.ts";
import type { GroupState } from "../../../core/exec/aggregate_calls.ts";
import { readSlot, Slot } from "../runtime/reg_slots.ts";
import { pushTo } from "../../../core/util/multimap.ts";

/** What one call keeps natively. */
export const enum AggKind {
  /** `count(*)`: a count. */
  CountRows = 0,
  /** `count(x)`: a count of non-NULL arguments. */
  CountArg = 1,
  /** `sum`, `total`, `avg`: non-NULL count and exact INTEGER sum (SumState.cnt, iSum). */
  Sum = 2,
  /** `min`, `max` over numbers: the best value as a register slot (MinMaxState). */
  Min = 3,
  Max = 4,
}

/** Offsets in a native aggregation's area of the frame. */
export const enum AggField {
  /** i32: groups created. */
  Count = 0,
  /** i32: 1 once the groups live in JS (the module then declines every step). */
  Spilled = 4,
  /** i32: the current group's number. */
  Current = 8,
  /** i32: 0, or the NULL key's group number + 1. */
  NullGroup = 12,
  /** i32 per index slot ({@link AGG_INDEX_SLOTS}): 0 (empty) or a group's number + 1. */
  Index = 16,
  /**
   * After the index's 512 slots, group records: the key as a register slot (reg_slots.ts:
   * INTEGER or NULL), then 16 bytes per call (i64 count, i64 sum) from {@link GROUP_CALLS}.
   */
  Groups = Index + 4 * 512,
}

/** Index slots of the hash table (a power of two); at most half of them are used. */
export const AGG_INDEX_SLOTS = (AggField.Groups - AggField.Index) / 4;
/** Most groups kept natively; one more spills the table to JS. */
export const AGG_MAX_GROUPS = AGG_INDEX_SLOTS / 2;

/** Offset of the first call's state in a group record. */
export const GROUP_CALLS = Slot.SIZE;

/** Bytes of a group record with `calls` calls. */
export function groupRecordSize(calls: number): number {
  return GROUP_CALLS + 16 * calls;
}

/**
 * Largest area a native aggregation may take in a frame (up to 6 calls): frames share 1 MiB
 * (core/page_storage.ts LINEAR_RESERVED), so that many runs can be open at once.
 */
const MAX_AREA = 32 * 1024;

/** Bytes of a native aggregation's area. */
export function aggregateAreaSize(calls: number): number {
  return AggField.Groups + AGG_MAX_GROUPS * groupRecordSize(calls);
}

/** An aggregation the module runs, by aggregator slot. */
export interface NativeAggregate {
  /** The kind of each call, in call order. */
  readonly kinds: readonly AggKind[];
  /**
   * The register of the one GROUP BY key; null for an aggregation without GROUP BY, whose
   * one group AggNew makes (group 0, the JS group `current` when spilled).
   */
  readonly keyReg: number | null;
  /** Its AggGroup, AggStore and AggStep addresses (native). */
  readonly steps: readonly number[];
}

/** Instructions an aggregator slot may see in a native aggregation. */
const ALLOWED = new Set<Op>([
  Op.AggOpen,
  Op.AggNew,
  Op.AggGroup,
  Op.AggStore,
  Op.AggStep,
  Op.AggSort,
  Op.AggLoad,
  Op.AggFinal,
  Op.AggNextGroup,
]);

/** The kind of a call, or undefined when the module cannot keep it. */
function kindOf(call: AggEntry["calls"][number]): AggKind | undefined {
  // A registered aggregate (even one named `sum`) runs its own JS: never a native kind.
  if (call.fn || call.distinct || call.orderBy.length) return undefined;
  if (call.name === "count") return call.argc === 0 ? AggKind.CountRows : AggKind.CountArg;
  if (call.name === "sum" || call.name === "total" || call.name === "avg") return AggKind.Sum;
  if (call.name === "min" && call.argc === 1) return AggKind.Min;
  if (call.name === "max" && call.argc === 1) return AggKind.Max;
  return undefined;
}

/**
 * The aggregations of `p` the module can run: one AggOpen and either one AggGroup of one
 * key (AggStores of that key alone) or, without GROUP BY, one AggNew and nothing stored;
 * every call of a kind above, and no instruction of streaming aggregation or min()/max().
 */
export function nativeAggregates(p: CompiledProgram): Map<number, NativeAggregate> {
  const bySlot = new Map<number, number[]>();
  p.code.forEach((ins, pc) => {
    const name = OPCODES[ins.op].name;
    if (!name.startsWith("Agg") && ins.op !== Op.IfAggEmpty && ins.op !== Op.IfAggMiss) return;
    pushTo(bySlot, ins.p1, pc);
  });
  const out = new Map<number, NativeAggregate>();
  for (const [slot, pcs] of bySlot) {
    const ops = pcs.map((pc) => p.code[pc]);
    if (ops.some((i) => !ALLOWED.has(i.op))) continue;
    const opens = ops.filter((i) => i.op === Op.AggOpen);
    const groups = ops.filter((i) => i.op === Op.AggGroup);
    const news = ops.filter((i) => i.op === Op.AggNew);
    if (opens.length !== 1) continue;
    const keyed = groups.length === 1 && groups[0].p4 === 1 && !news.length;
    if (!keyed && !(!groups.length && news.length === 1)) continue;
    const entry = p.pool[opens[0].p4] as AggEntry;
    if (entry.nStored !== (keyed ? 1 : 0)) continue;
    const kinds = entry.calls.map(kindOf);
    if (kinds.some((k) => k === undefined) || aggregateAreaSize(kinds.length) > MAX_AREA) continue;
    // A sum of REAL values would decline on its first row and then cross into JS per row.
    const realSum = pcs.some((pc) => {
      const ins = p.code[pc];
      return ins.op === Op.AggStep && kinds[ins.p3] === AggKind.Sum && realValued(p, pc, ins.p2);
    });
    if (realSum) continue;
    const keyReg = keyed ? groups[0].p3 : null;
    const stores = ops.filter((i) => i.op === Op.AggStore);
    if (stores.some((i) => i.p2 !== keyReg || i.p3 !== 0 || i.p4 !== 1)) continue;
    const steps = pcs.filter((pc) => {
      const op = p.code[pc].op;
      return op === Op.AggGroup || op === Op.AggStore || op === Op.AggStep;
    });
    out.set(slot, { kinds: kinds as AggKind[], keyReg, steps });
  }
  return out;
}

/** Arithmetic whose result is REAL when either operand is. */
const ARITHMETIC = new Set<Op>([Op.Add, Op.Subtract, Op.Multiply, Op.Divide]);

/**
 * Whether register `reg`, as the instructions before `pc` in its straight run leave it, is
 * surely REAL or NULL: a REAL constant, or arithmetic with one (`duration / 60.0`).
 */
function realValued(p: CompiledProgram, pc: number, reg: number, depth = 0): boolean {
  for (let at = pc - 1; at >= 0 && depth < 4; at--) {
    const ins = p.code[at];
    if (OPCODES[ins.op].jump) return false;
    if (!operandRoles(ins, p).writes.includes(reg)) continue;
    if (ins.op === Op.Real) return true;
    return ARITHMETIC.has(ins.op) &&
      (realValued(p, at, ins.p1, depth + 1) || realValued(p, at, ins.p2, depth + 1));
  }
  return false;
}

/**
 * Moves the native groups at `at` into `a` (core's table and states), once; afterwards the
 * module declines every step of this aggregation until the next AggOpen. The current group
 * stays current.
 */
export function spillAggregate(
  view: DataView,
  at: number,
  a: AggSlot,
  { kinds, keyReg }: NativeAggregate,
): void {
  const keyed = keyReg !== null;
  if (view.getInt32(at + AggField.Spilled, true) !== 0) return;
  view.setInt32(at + AggField.Spilled, 1, true);
  const n = view.getInt32(at + AggField.Count, true);
  const current = view.getInt32(at + AggField.Current, true);
  const size = groupRecordSize(kinds.length);
  const key = newReg();
  const regs = [key];
  for (let g = 0; g < n; g++) {
    const rec = at + AggField.Groups + g * size;
    let group: GroupState;
    if (!keyed) group = a.current!; // AggNew's, with no row stepped in JS yet
    else {
      readSlot(view, rec, key);
      if (a.table.find(regs, 0, 1)) throw bugError(Bug.NativeGroupInJs);
      group = a.calls.newGroup();
      group.stored[0] = key.v;
      group.storedClasses[0] = key.c;
    }
    kinds.forEach((kind, i) => {
      const state = rec + GROUP_CALLS + 16 * i;
      if (kind === AggKind.Min || kind === AggKind.Max) {
        // The best number so far (a zeroed slot is NULL: none yet).
        readSlot(view, state, group.states[i] as MinMaxState);
        return;
      }
      const count = Number(view.getBigInt64(state, true));
      if (kind === AggKind.Sum) {
        const s = group.states[i] as SumState;
        s.cnt = count;
        s.iSum = normalizeInt(view.getBigInt64(state + 8, true));
      } else (group.states[i] as CountState).n = count;
    });
    if (!keyed) return;
    a.table.add(group);
    if (g === current) a.current = group;
  }
}
