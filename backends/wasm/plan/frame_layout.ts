/**
 * A program's frame layout: where its register slots, cursor positions and constants sit
 * in its instance's frame (host/frame_pool.ts), and the offsets inside a native cursor,
 * bound and count walk that the module and the host both use.
 */
import type { ConstEntry } from "../../bytecode/descriptors.ts";
import { Op } from "../../bytecode/opcodes.ts";
import type { CompiledProgram } from "../../bytecode/program.ts";
import type { NativePlan } from "./native.ts";
import { SLOT_SIZE, writeSlot } from "../runtime/reg_slots.ts";
import { MAX_BTREE_DEPTH } from "../../../core/format/cursor.ts";
import { LinearPageStorage } from "../../../core/page_storage.ts";
import { aggregateAreaSize } from "./aggregate.ts";

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
  /** Offset of the bound of sorter slot `slot` (plan/native.ts SorterBound). */
  bound(slot: number): number;
  /** Offset of the group table of aggregator slot `slot` (plan/aggregate.ts). */
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
