/**
 * A program's frame layout (where its register slots, cursor positions and constants sit
 * in its instance's frame, see frames.ts), and the JS side of sharing them with the
 * module: the calls the generated JS makes to copy registers between slots and its locals
 * and to hand cursors their native positions, and the cursor moves the module imports.
 */
import type { BtreeCursor } from "../../core/format/cursor.ts";
import type { Reg } from "../../core/value/reg.ts";
import { StorageClass } from "../../core/value/types.ts";
import type { ConstEntry } from "../bytecode/descriptors.ts";
import { Op } from "../bytecode/opcodes.ts";
import type { CompiledProgram } from "../bytecode/program.ts";
import type { NativePlan } from "./native.ts";
import { readSlot, SLOT_CLASS, SLOT_SIZE, writeSlot } from "./runtime/reg_slots.ts";
import type { RowSorter } from "../../core/exec/sorter.ts";
import { MAX_BTREE_DEPTH } from "../../core/format/cursor.ts";
import { LinearPageStorage } from "../../core/page_storage.ts";
import type { AggSlot } from "../bytecode/vm_agg.ts";
import {
  aggregateAreaSize,
  type NativeAggregate,
  resetAggregate,
  spillAggregate,
} from "./aggregate.ts";

/** Storage class a slot holds when its value lives in the JS register (TEXT or BLOB). */
export const IN_JS = 5;

/**
 * Offsets in a native cursor's position, {@link CURSOR_SIZE} bytes: the leaf's address, the
 * cell index, the cell count, the cell pointer array's address, the mode, the end of the
 * leaf's usable bytes, and the largest payload kept whole on the leaf.
 */
export const enum CursorField {
  Leaf = 0,
  Index = 4,
  Count = 8,
  CellPtr = 12,
  Mode = 16,
  UsableEnd = 20,
  MaxLocal = 24,
  /**
   * The last cell decoded (runtime/cell.ts), for the next column of the same row: its
   * index + 1 (0: none; every move to another leaf clears it), record address, record size
   * and rowid.
   */
  CachedIndex = 28,
  CachedRecord = 32,
  CachedSize = 36,
  CachedRowid = 40,
}
export const CURSOR_SIZE = 48;

/** What a cursor's mode says. */
export const enum CursorMode {
  /** Not on an entry. */
  Invalid = 0,
  /** On a leaf in the memory: native code reads it. */
  Native = 1,
  /** On a leaf kept outside the memory (every slot held): only JS reads it. */
  JsOnly = 2,
}

/** Cursor moves the module asks of JS. */
export const enum CursorMove {
  Rewind = 0,
  NextLeaf = 1,
}

/**
 * How a native SorterReject decides (the mode JS publishes beside a sorter's bound): keep
 * the row (the sorter is not full), compare its first key with the bound slot, drop every
 * row (LIMIT 0), or leave it to JS (a bound that is TEXT or BLOB).
 */
export const enum BoundMode {
  Pass = 0,
  Compare = 1,
  RejectAll = 2,
  Decline = 3,
}

/** Offset of the mode after a bound's slot; a bound takes {@link BOUND_SIZE} bytes. */
export const BOUND_MODE = SLOT_SIZE;
export const BOUND_SIZE = 2 * SLOT_SIZE;

/**
 * Offsets of the file facts native b-tree walks read, at {@link FrameLayout.file} (i32
 * each).
 */
export const enum FileInfo {
  /** Offset of the pager's page map in the memory, or 0 when there is none. */
  PageMap = 0,
  PageCount = 4,
  Usable = 8,
  LockByte = 12,
  /** Offset of the page info array (page_storage.ts `pageInfo`), 0 when there is none. */
  PageInfo = 16,
}

/**
 * Offsets in a native Count's area: the root page number, then the path of the walk (per
 * depth, the page number and the next child to visit, i32 each).
 */
export const enum CountArea {
  Root = 0,
  Path = 8,
}
const COUNT_WALK_SIZE = CountArea.Path + 8 * MAX_BTREE_DEPTH;

/** Offsets in a program's frame. */
export interface FrameLayout {
  /** Bytes of the frame. */
  readonly size: number;
  /** Bytes from the start that every run clears (register slots and cursors). */
  readonly cleared: number;
  /** Offset of cursor `c`'s position. */
  cursor(c: number): number;
  /** Offset of the slot holding the constant of the Int64 or Real at `pc`. */
  constant(pc: number): number;
  /** Offset of the bytes of the fused comparison at `pc`. */
  fusedBytes(pc: number): number;
  /** Offset of the bound of sorter slot `slot` (native.ts SorterBound). */
  bound(slot: number): number;
  /** Offset of the group table of aggregator slot `slot` (aggregate.ts). */
  aggregate(slot: number): number;
  /** Offset of the file facts ({@link FileInfo}). */
  readonly file: number;
  /** Offset of the area of the native Count at `pc` ({@link CountArea}). */
  countWalk(pc: number): number;
  /** Offset of a slot for values native code decodes without keeping them. */
  readonly scratch: number;
  /** Writes the constants into a new frame at `fp` (`bytes` and `view` over the memory). */
  fill(bytes: Uint8Array, view: DataView, fp: number): void;
}

/** The frame layout of `p` with native plan `plan`. */
export function frameLayout(p: CompiledProgram, plan: NativePlan): FrameLayout {
  const cursorBase = p.nRegs * SLOT_SIZE;
  const scratch = cursorBase + p.nCursors * CURSOR_SIZE;
  let at = scratch + SLOT_SIZE;
  const constants = new Map<number, number>();
  p.code.forEach((ins, pc) => {
    if (plan.native[pc] && (ins.op === Op.Int64 || ins.op === Op.Real)) {
      constants.set(pc, at);
      at += SLOT_SIZE;
    }
  });
  const fused = new Map<number, number>();
  for (const [pc, f] of plan.fusions) {
    fused.set(pc, at);
    at += Math.ceil(f.bytes.length / SLOT_SIZE) * SLOT_SIZE;
  }
  const bounds = new Map<number, number>();
  for (const slot of plan.bounds.keys()) {
    bounds.set(slot, at);
    at += BOUND_SIZE;
  }
  const aggregates = new Map<number, number>();
  for (const [slot, a] of plan.aggregates) {
    aggregates.set(slot, at);
    at += Math.ceil(aggregateAreaSize(a.kinds.length) / SLOT_SIZE) * SLOT_SIZE;
  }
  const file = at;
  at += 2 * SLOT_SIZE;
  const counts = new Map<number, number>();
  for (const pc of plan.counts.keys()) {
    counts.set(pc, at);
    at += Math.ceil(COUNT_WALK_SIZE / SLOT_SIZE) * SLOT_SIZE;
  }
  const pager = p.file.pager;
  const storage = pager.storage;
  const pageMap = storage instanceof LinearPageStorage ? storage.pageMap : null;
  const pageInfo = storage instanceof LinearPageStorage ? storage.pageInfo : null;
  return {
    size: at,
    cleared: scratch,
    file,
    countWalk: (pc) => counts.get(pc)!,
    bound: (slot) => bounds.get(slot)!,
    aggregate: (slot) => aggregates.get(slot)!,
    cursor: (c) => cursorBase + c * CURSOR_SIZE,
    constant: (pc) => constants.get(pc)!,
    fusedBytes: (pc) => fused.get(pc)!,
    scratch,
    fill(bytes, view, fp) {
      for (const [pc, off] of constants) {
        writeSlot(view, fp + off, p.pool[p.code[pc].p4] as ConstEntry);
      }
      for (const [pc, off] of fused) bytes.set(plan.fusions.get(pc)!.bytes, fp + off);
      // The page map only when it is in this memory (it is unless the database was opened
      // for another backend).
      const map = pageMap !== null && pageMap.buffer === bytes.buffer ? pageMap.byteOffset : 0;
      view.setInt32(fp + file + FileInfo.PageMap, map, true);
      view.setInt32(fp + file + FileInfo.PageInfo, map === 0 ? 0 : pageInfo!.byteOffset, true);
      // Pages past the map (a file that grew since it was opened) are left to JS.
      const mapped = map === 0 ? pager.pageCount : Math.min(pager.pageCount, pageMap!.length - 1);
      view.setInt32(fp + file + FileInfo.PageCount, mapped, true);
      view.setInt32(fp + file + FileInfo.Usable, pager.usableSize, true);
      view.setInt32(fp + file + FileInfo.LockByte, pager.lockBytePage, true);
      for (const [pc, off] of counts) {
        view.setInt32(fp + off + CountArea.Root, plan.counts.get(pc)!.root, true);
      }
    },
  };
}

/**
 * What the generated JS of one run calls (its `W`): the run's frame at `fp` in the memory
 * `view` covers, and the copies between slots and JS registers.
 */
export class FrameAccess {
  readonly view: DataView;
  readonly fp: number;
  /**
   * Set by JS that hands out a row itself (its registers are in JS, not in slots): the
   * block to resume at after it, -1 otherwise.
   */
  resume = -1;
  readonly #aggregates: ReadonlyMap<number, NativeAggregate>;

  constructor(view: DataView, fp: number, aggregates: ReadonlyMap<number, NativeAggregate>) {
    this.view = view;
    this.fp = fp;
    this.#aggregates = aggregates;
  }

  /**
   * Empties the native groups of aggregator slot `slot` at `at` (after its AggOpen; after
   * AggNew, the one group of an aggregation without GROUP BY).
   */
  aggReset(at: number, slot: number): void {
    resetAggregate(this.view, at, this.#aggregates.get(slot)!);
  }

  /** Moves the native groups of aggregator slot `slot` at `at` into `a` (aggregate.ts). */
  aggSpill(at: number, a: AggSlot, slot: number): void {
    spillAggregate(this.view, at, a, this.#aggregates.get(slot)!);
  }

  /** Slot at `at` into `r` (a value living in JS, TEXT or BLOB, is already there). */
  toReg(at: number, r: Reg): void {
    readSlot(this.view, at, r);
  }

  /** `r` into the slot at `at` (TEXT and BLOB stay in JS: the slot says so). */
  toSlot(at: number, r: Reg): void {
    if (!writeSlot(this.view, at, r)) this.view.setInt32(at + SLOT_CLASS, IN_JS, true);
  }

  /**
   * Publishes `sorter`'s bound at `at` for a native SorterReject (native.ts SorterBound):
   * its mode, and in Compare mode the root row's first key (`column`) as a slot.
   */
  bound(at: number, sorter: RowSorter, column: number): void {
    const view = this.view;
    const b = sorter.bound();
    let mode: BoundMode;
    if (b === true) mode = BoundMode.RejectAll;
    else if (b === false || b === null) mode = BoundMode.Pass;
    else {
      const key = this.#key;
      key.v = b.values[column];
      key.c = b.classes[column];
      mode = writeSlot(view, at, key) ? BoundMode.Compare : BoundMode.Decline;
    }
    view.setInt32(at + BOUND_MODE, mode, true);
  }

  readonly #key: Reg = { v: null, c: StorageClass.Null };

  /** Hands the JS cursor `c` its native position (the module stepped along its leaf). */
  syncCursor(at: number, c: { bt: BtreeCursor } | undefined): void {
    const view = this.view;
    if (c !== undefined && view.getInt32(at + CursorField.Mode, true) !== CursorMode.Invalid) {
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
