/**
 * A program's frame layout: where its register slots, cursor positions and constants sit
 * in its instance's frame (host/frame_pool.ts), and the offsets inside a native cursor,
 * bound and count walk that the module and the host both use.
 */
import type { ConstEntry } from "../../bytecode/descriptors.ts";
import { Op } from "../../bytecode/opcodes.ts";
import type { CompiledProgram } from "../../bytecode/program.ts";
import type { NativePlan } from "./native.ts";
import { Slot, writeSlot } from "../runtime/reg_slots.ts";
import { aggregateAreaSize } from "./aggregate.ts";

/**
 * Offsets in a native cursor's position: the leaf's address, the cell index, the cell
 * count, the cell pointer array's address, the mode, the end of the leaf's usable bytes,
 * the largest payload kept whole on the leaf, the cached cell and its field table (sized
 * by the program, in {@link frameLayout}).
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
   * index + 1 (0: none; every move to another leaf clears it) and its rowid.
   */
  CachedIndex = 28,
  CachedRowid = 32,
  /**
   * The fields of the cached cell in the table (runtime/cell.ts): as many as the program
   * reads, or 0 when JS reads the record.
   */
  Parsed = 40,
  /** The field table: per field, its serial type (i32) and its value's address (i32). */
  Table = 44,
}
/** Bytes of one field table entry. */
export const FIELD_ENTRY = 8;

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
 * the row (the sorter is not full), compare its keys with the bound's slots, drop every
 * row (LIMIT 0), or leave it to JS (a bound with a TEXT or BLOB key).
 */
export const enum BoundMode {
  Pass = 0,
  Compare = 1,
  RejectAll = 2,
  Decline = 3,
}

/**
 * A sorter's bound: its mode (an i32) in the first slot's place, then a slot per sort key
 * (the root row's keys, in order).
 */
export const boundKey = (k: number): number => (k + 1) * Slot.SIZE;

/** Offsets in a program's frame. */
export interface FrameLayout {
  /** Bytes of the frame. */
  readonly size: number;
  /** Bytes from the start that every run clears (register slots and cursors). */
  readonly cleared: number;
  /** Offset of cursor `c`'s position. */
  cursor(c: number): number;
  /** Per native cursor, one past the last field a native Column reads (runtime/cell.ts `want`). */
  readonly wants: ReadonlyMap<number, number>;
  /** Offset of the slot holding the constant of the Int64 or Real at `pc`. */
  constant(pc: number): number;
  /** Offset of the bytes of the fused comparison at `pc`. */
  fusedBytes(pc: number): number;
  /** Offset of the bound of sorter slot `slot` (plan/native.ts SorterBound). */
  bound(slot: number): number;
  /** Offset of the group table of aggregator slot `slot` (plan/aggregate.ts). */
  aggregate(slot: number): number;
  /** Offset of a slot for values native code decodes without keeping them. */
  readonly scratch: number;
  /** Writes the constants into a new frame at `fp` (`bytes` and `view` over the memory). */
  fill(bytes: Uint8Array, view: DataView, fp: number): void;
}

/** The frame layout of `p` with native plan `plan`. */
export function frameLayout(p: CompiledProgram, plan: NativePlan): FrameLayout {
  const cursorBase = p.nRegs * Slot.SIZE;
  // Room in each cursor's field table for every field a native Column reads.
  const wants = new Map<number, number>();
  p.code.forEach((ins, pc) => {
    if (ins.op === Op.Column && plan.native[pc]) {
      wants.set(ins.p1, Math.max(wants.get(ins.p1) ?? 0, ins.p2 + 1));
    }
  });
  const cursorSize = CursorField.Table + Math.max(0, ...wants.values()) * FIELD_ENTRY;
  const scratch = cursorBase + p.nCursors * cursorSize;
  let at = scratch + Slot.SIZE;
  const constants = new Map<number, number>();
  p.code.forEach((ins, pc) => {
    if (plan.native[pc] && (ins.op === Op.Int64 || ins.op === Op.Real)) {
      constants.set(pc, at);
      at += Slot.SIZE;
    }
  });
  const fused = new Map<number, number>();
  for (const [pc, f] of plan.fusions) {
    fused.set(pc, at);
    at += Math.ceil(f.bytes.length / Slot.SIZE) * Slot.SIZE;
  }
  const bounds = new Map<number, number>();
  for (const [slot, b] of plan.bounds) {
    bounds.set(slot, at);
    at += boundKey(b.keys.length);
  }
  const aggregates = new Map<number, number>();
  for (const [slot, a] of plan.aggregates) {
    aggregates.set(slot, at);
    at += Math.ceil(aggregateAreaSize(a.kinds.length) / Slot.SIZE) * Slot.SIZE;
  }
  return {
    size: at,
    cleared: scratch,
    bound: (slot) => bounds.get(slot)!,
    aggregate: (slot) => aggregates.get(slot)!,
    cursor: (c) => cursorBase + c * cursorSize,
    wants,
    constant: (pc) => constants.get(pc)!,
    fusedBytes: (pc) => fused.get(pc)!,
    scratch,
    fill(bytes, view, fp) {
      for (const [pc, off] of constants) {
        writeSlot(view, fp + off, p.pool[p.code[pc].p4] as ConstEntry);
      }
      for (const [pc, off] of fused) bytes.set(plan.fusions.get(pc)!.bytes, fp + off);
    },
  };
}
