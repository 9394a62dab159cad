/**
 * The VM's aggregation state: one slot per Aggregate node holding its calls, its group
 * table (hash strategy) and the group being stepped, and the steps of the Agg* opcodes,
 * kept out of the dispatch loop's body.
 */
import { AggregateCalls, type GroupState } from "../../core/exec/aggregate_calls.ts";
import { GroupTable } from "../../core/exec/group_table.ts";
import type { Reg } from "../../core/value/reg.ts";
import type { TextEncoding } from "../../core/value/types.ts";
import type { AggEntry } from "./descriptors.ts";

/** The run-time state of one Aggregate node. */
export interface AggSlot {
  calls: AggregateCalls;
  table: GroupTable;
  /** The group being stepped (null until the first row of a streaming aggregation). */
  current: GroupState | null;
  pos: number;
}

/** AggOpen. */
export function aggOpen(k: AggEntry, enc: TextEncoding): AggSlot {
  return {
    calls: new AggregateCalls(k.calls, k.nStored, enc),
    table: new GroupTable(k.groupColls, k.groupDesc),
    current: null,
    pos: 0,
  };
}

/** AggGroup: makes the key's group current; true when it already existed. */
export function aggGroup(a: AggSlot, regs: readonly Reg[], start: number, n: number): boolean {
  const g = a.table.find(regs, start, n);
  if (g) {
    a.current = g;
    return true;
  }
  a.current = a.calls.newGroup();
  a.table.add(a.current);
  return false;
}

/** AggStore: registers into the current group's stored values from index `at`. */
export function aggStore(a: AggSlot, regs: readonly Reg[], start: number, at: number, n: number) {
  const g = a.current!;
  for (let i = 0; i < n; i++) {
    const r = regs[start + i];
    g.stored[at + i] = r.v;
    g.storedClasses[at + i] = r.c;
  }
}

/** AggLoad: the current group's stored values from index `at` into registers. */
export function aggLoad(a: AggSlot, regs: readonly Reg[], start: number, at: number, n: number) {
  const g = a.current!;
  for (let i = 0; i < n; i++) {
    const r = regs[start + i];
    r.v = g.stored[at + i];
    r.c = g.storedClasses[at + i];
  }
}

/** AggFinal: every call's result for the current group into registers from `start`. */
export function aggFinal(a: AggSlot, regs: readonly Reg[], start: number): void {
  const n = a.calls.count;
  for (let i = 0; i < n; i++) a.calls.final(a.current!, i, regs[start + i]);
}

/** AggSort: groups in key order, the first one current; false when there is none. */
export function aggSort(a: AggSlot, nKeys: number): boolean {
  a.table.sorted(nKeys);
  a.pos = 0;
  if (!a.table.groups.length) return false;
  a.current = a.table.groups[0];
  return true;
}

/** AggNextGroup: the next group current; false after the last. */
export function aggNextGroup(a: AggSlot): boolean {
  if (++a.pos >= a.table.groups.length) return false;
  a.current = a.table.groups[a.pos];
  return true;
}
