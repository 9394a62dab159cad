/**
 * The JS side of sharing a run's frame with its module: the calls the generated JS makes
 * (its `W`) to copy registers between slots and its locals and to hand cursors their native
 * positions, and the cursor moves the module imports.
 */
import type { BtreeCursor } from "../../../core/format/cursor.ts";
import { newReg, type Reg } from "../../../core/value/reg.ts";
import type { RowSorter } from "../../../core/exec/sorter.ts";
import type { AggSlot } from "../../bytecode/vm_agg.ts";
import { readSlot, Slot, writeSlot } from "../runtime/reg_slots.ts";
import {
  AggField,
  groupRecordSize,
  type NativeAggregate,
  spillAggregate,
} from "../plan/aggregate.ts";
import type { NativePlan, SorterBound } from "../plan/native.ts";
import { boundKey, BoundMode, CursorField, CursorMode, CursorMove } from "../plan/frame_layout.ts";

/**
 * What the generated JS of one run calls (its `W`): the run's frame at `fp` in the memory
 * `view` covers, and the copies between slots and JS registers.
 */
export class FrameAccess {
  declare readonly view: DataView;
  declare readonly fp: number;
  /**
   * Set by JS that hands out a row itself (its registers are in JS, not in slots): the
   * block to resume at after it, -1 otherwise.
   */
  resume = -1;
  readonly #aggregates: ReadonlyMap<number, NativeAggregate>;
  readonly #bounds: ReadonlyMap<number, SorterBound>;

  constructor(view: DataView, fp: number, plan: Pick<NativePlan, "aggregates" | "bounds">) {
    this.view = view;
    this.fp = fp;
    this.#aggregates = plan.aggregates;
    this.#bounds = plan.bounds;
  }

  /**
   * Empties the native table of aggregator slot `slot` at `at` (after its AggOpen); for an
   * aggregation without GROUP BY (after AggNew), makes its one group, empty and current.
   */
  aggReset(at: number, slot: number): void {
    const { buffer } = this.view;
    new Uint8Array(buffer, at, AggField.Groups).fill(0);
    const a = this.#aggregates.get(slot)!;
    if (a.keyReg !== null) return;
    this.view.setInt32(at + AggField.Count, 1, true);
    new Uint8Array(buffer, at + AggField.Groups, groupRecordSize(a.kinds.length)).fill(0);
  }

  /** Moves the native groups of aggregator slot `slot` at `at` into `a` (plan/aggregate.ts). */
  aggSpill(at: number, a: AggSlot, slot: number): void {
    spillAggregate(this.view, at, a, this.#aggregates.get(slot)!);
  }

  /** Slot at `at` into `r` (a value living in JS, TEXT or BLOB, is already there). */
  toReg(at: number, r: Reg): void {
    readSlot(this.view, at, r);
  }

  /** `r` into the slot at `at` (TEXT and BLOB stay in JS: the slot says so). */
  toSlot(at: number, r: Reg): void {
    if (!writeSlot(this.view, at, r)) this.view.setInt32(at + Slot.CLASS, Slot.HELD_IN_JS, true);
  }

  /**
   * Publishes the bound of sorter slot `slot` (`sorter`) at `at` for a native SorterReject
   * (plan/native.ts SorterBound): its mode, and in Compare mode the root row's sort keys as
   * slots (a TEXT or BLOB key, which native code does not compare, makes it Decline).
   */
  bound(at: number, sorter: RowSorter, slot: number): void {
    const view = this.view;
    const b = sorter.bound();
    let mode: BoundMode;
    if (b === true) mode = BoundMode.RejectAll;
    else if (!b) mode = BoundMode.Pass;
    else {
      const key = this.#key;
      mode = BoundMode.Compare;
      this.#bounds.get(slot)!.keys.forEach(({ column }, k) => {
        key.v = b.values[column];
        key.c = b.classes[column];
        if (!writeSlot(view, at + boundKey(k), key)) mode = BoundMode.Decline;
      });
    }
    view.setInt32(at, mode, true);
  }

  readonly #key = newReg();

  /** Hands the JS cursor `c` its native position (the module stepped along its leaf). */
  syncCursor(at: number, c: { bt: BtreeCursor } | undefined): void {
    const view = this.view;
    if (c && view.getInt32(at + CursorField.Mode, true) !== CursorMode.Invalid) {
      c.bt.setLeafIndex(view.getInt32(at + CursorField.Index, true));
    }
  }
}

/**
 * Moves the cursor `c` as the module asks and writes its new position at `at`; returns 1
 * when it is on an entry.
 */
export function moveCursor(
  move: CursorMove,
  c: { bt: BtreeCursor; nullRow: boolean },
  view: DataView,
  memory: ArrayBufferLike,
  at: number,
): number {
  const bt = c.bt;
  let ok: boolean;
  if (move === CursorMove.Rewind) {
    c.nullRow = false;
    ok = bt.first();
  } else {
    const n = bt.valid ? bt.page.nCells : 0;
    if (n > 0) bt.setLeafIndex(n - 1);
    ok = n > 0 && bt.next();
  }
  if (!ok) {
    view.setInt32(at + CursorField.Mode, CursorMode.Invalid, true);
    view.setInt32(at + CursorField.CachedIndex, 0, true);
    return 0;
  }
  const page = bt.page, data = page.data;
  const inMemory = data.buffer === memory;
  const leaf = inMemory ? data.byteOffset : 0;
  view.setInt32(at + CursorField.Leaf, leaf, true);
  view.setInt32(at + CursorField.Index, bt.pageIndex, true);
  view.setInt32(at + CursorField.Count, page.nCells, true);
  view.setInt32(at + CursorField.CellPtr, leaf + page.cellPtr, true);
  view.setInt32(at + CursorField.Mode, inMemory ? CursorMode.Native : CursorMode.JsOnly, true);
  view.setInt32(at + CursorField.UsableEnd, leaf + page.usable, true);
  view.setInt32(at + CursorField.MaxLocal, page.maxLocal, true);
  view.setInt32(at + CursorField.CachedIndex, 0, true);
  return 1;
}
