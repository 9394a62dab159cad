/**
 * Which instructions of a program the Wasm module runs itself, and where their state lives.
 *
 * Native today: control flow (Init, Goto, Halt, ResultRow, If/IfNot, IsNull/NotNull),
 * constants (Integer, Int64, Real, Null), comparisons, arithmetic, the scan of a table
 * b-tree (Rewind, Next, Column, Rowid) on cursors that no other instruction touches, the
 * test of an ORDER BY … LIMIT sorter's keys against its current bound (SorterReject),
 * aggregation steps over numbers without GROUP BY or on one key (aggregate.ts: AggGroup,
 * AggStore, AggStep). A column compared with a TEXT constant under BINARY (equality and
 * order) is compared as bytes in place (the fusion of bytecode/text_compare_fusion.ts).
 * Everything else runs in the JS segments.
 *
 * A native instruction may decline at run time (a TEXT operand, an overflowing record, a
 * NULL row): it then runs as JS in a fallback block made for it, with the same template
 * the JS backend uses, so the two can never disagree on a value.
 */
import { isNumericAffinity } from "../../../core/value/types.ts";
import type { SortKey } from "../../../core/plan/plan.ts";
import type { CursorEntry, SortEntry } from "../../bytecode/descriptors.ts";
import { Op, OPCODES } from "../../bytecode/opcodes.ts";
import { P1 } from "../../bytecode/opcode_spec.ts";
import { operandRoles } from "../../bytecode/operand_roles.ts";
import { blockStarts, type CompiledProgram } from "../../bytecode/program.ts";
import { type TextCompareFusion, textCompareFusions } from "../../bytecode/text_compare_fusion.ts";
import { AggKind, type NativeAggregate, nativeAggregates } from "./aggregate.ts";

/** Operations that move a cursor: a native cursor is moved by native code alone. */
const MOVES = new Set<Op>([Op.Rewind, Op.Next]);

/** Operations that read a native cursor's row: native, or JS after handing it the position. */
const READS = new Set<Op>([Op.Column, Op.Rowid]);

/**
 * Native instructions that may meet a value they do not handle (TEXT where a number is
 * expected, an overflowing record) and then hand the run to a JS fallback block.
 */
const DECLINING: readonly Op[] = [
  Op.If,
  Op.IfNot,
  Op.Eq,
  Op.Ne,
  Op.Lt,
  Op.Le,
  Op.Gt,
  Op.Ge,
  Op.Add,
  Op.Subtract,
  Op.Multiply,
  Op.Divide,
  Op.Remainder,
];

/** Instructions that are native whatever their operands (unless demoted, see planNative). */
const ALWAYS = new Set<Op>([
  ...DECLINING,
  Op.Init,
  Op.Goto,
  Op.Halt,
  Op.ResultRow,
  Op.IsNull,
  Op.NotNull,
  Op.Integer,
  Op.Int64,
  Op.Real,
  Op.Null,
]);

/**
 * Programs longer than this run wholly in JS segments: planning their crossings grows with
 * the square of their length (a 55-table join's program has thousands of instructions), and
 * such programs are joins whose time goes to JS work anyway.
 */
export const MAX_NATIVE_PROGRAM = 400;

/** Instructions after which control never falls through. */
export const TRANSFERS = new Set<Op>([Op.Init, Op.Goto, Op.Halt]);

/** Native instructions that may hand an execution to a JS fallback block. */
export const MAY_DECLINE = new Set<Op>([
  ...DECLINING,
  ...READS,
  Op.SorterReject,
  Op.AggGroup,
  Op.AggStore,
  Op.AggStep,
]);

/**
 * A sorter whose SorterReject is native: JS publishes the sorter's bound (the keys of the
 * row a new row must sort before, core/exec/sorter.ts) into the frame after each change,
 * and the module compares the row's keys with them, key by key (frame_layout.ts,
 * BoundMode).
 */
export interface SorterBound {
  /** The SorterReject's address. */
  readonly reject: number;
  /**
   * The sort keys in order (their column in the sorter's rows, direction and NULL placement),
   * each with the register holding the row's key. A row tied with the bound on every key
   * sorts after it (arrival breaks ties) and is dropped.
   */
  readonly keys: readonly (SortKey & { reg: number })[];
}

/** What runs natively in one program. */
export interface NativePlan {
  /** Per address: whether the module runs it. */
  readonly native: readonly boolean[];
  /** Cursors the module steps through itself. */
  readonly cursors: ReadonlySet<number>;
  /** Registers native instructions read or write (kept in slots, synced with JS). */
  readonly regs: readonly number[];
  /** Fused text comparisons by compare address (their Column and String8 are native too). */
  readonly fusions: ReadonlyMap<number, TextCompareFusion>;
  /** The addresses of the fused comparisons' Column and String8 (done by the comparison). */
  readonly fusedLoads: ReadonlySet<number>;
  /**
   * Fallback blocks: for each native address that may decline, the addresses whose JS
   * templates its fallback runs (itself; a fused compare's three instructions).
   */
  readonly fallbacks: ReadonlyMap<number, readonly number[]>;
  /** Sorters whose bound the module tests, by sorter slot. */
  readonly bounds: ReadonlyMap<number, SorterBound>;
  /** Aggregations whose groups the module keeps, by aggregator slot. */
  readonly aggregates: ReadonlyMap<number, NativeAggregate>;
  /**
   * Native comparisons whose result only the native If/IfNot after them reads (a WHERE
   * term), which nothing else enters: on two INTEGERs they jump without writing it.
   */
  readonly branches: ReadonlySet<number>;
}

/**
 * Decides what of `p` runs natively. Every crossing between the module and JS costs a
 * call and copies of registers, so code runs natively only where it saves more than that:
 *
 * - a table cursor is native when only Rewind and Next move it (Column and Rowid may read
 *   it from JS, after JS is handed the position);
 * - a column is decoded natively when its declared affinity is numeric (TEXT would only be
 *   decoded into a JS string, so it is read in JS);
 * - a scan loop whose every row passes through JS (a JS instruction before the first
 *   conditional jump of the loop body) runs in JS altogether: native stepping would only
 *   add a crossing per row;
 * - within a straight run of instructions, native ones between two JS ones join JS.
 *
 * Not for a program longer than {@link MAX_NATIVE_PROGRAM}, which runs wholly in JS.
 */
export function planNative(p: CompiledProgram): NativePlan {
  const code = p.code;
  const cursors = new Set<number>();
  const foreign = new Set<number>();
  const entries = new Map<number, CursorEntry>();
  for (const ins of code) {
    if (OPCODES[ins.op].roles.cursor !== P1) continue;
    if (ins.op === Op.OpenRead) {
      const entry = p.pool[ins.p4] as CursorEntry;
      entries.set(ins.p1, entry);
      if (!entry.order) cursors.add(ins.p1);
      else foreign.add(ins.p1);
    } else if (!MOVES.has(ins.op) && !READS.has(ins.op)) foreign.add(ins.p1);
  }
  for (const c of foreign) cursors.delete(c);
  // The sorters with one SorterOpen and one SorterReject (besides the first-key test before
  // it, made with it), and ordered by keys.
  const opens = new Map<number, number>(), rejects = new Map<number, number>();
  const count = (m: Map<number, number>, slot: number, pc: number) =>
    m.set(slot, m.has(slot) ? -1 : pc);
  code.forEach((ins, pc) => {
    if (ins.op === Op.SorterOpen) count(opens, ins.p1, pc);
    else if (ins.op === Op.SorterReject && !ins.p5) count(rejects, ins.p1, pc);
  });
  const bounds = new Map<number, SorterBound>();
  for (const [slot, reject] of rejects) {
    const open = opens.get(slot);
    if (reject < 0 || open === undefined || open < 0) continue;
    const keys = (p.pool[p.code[open].p4] as SortEntry).keys;
    if (!keys?.length) continue;
    bounds.set(slot, {
      reject,
      keys: keys.map((k) => ({ ...k, reg: p.code[reject].p3 + k.column })),
    });
  }
  const aggregates = nativeAggregates(p);
  const aggSteps = new Set([...aggregates.values()].flatMap((a) => a.steps));
  const demoted = new Set<number>();
  const starts = blockStarts(code);
  const candidates = textCompareFusions(p, starts, true);
  // A column compared with a TEXT constant as bytes is native whatever its affinity.
  const fusable = new Set([...candidates.values()].flatMap((f) => [f.column, f.constant]));
  let native: boolean[] = [];
  for (;;) {
    native = code.map((ins, pc) => {
      if (demoted.has(pc)) return false;
      if (ALWAYS.has(ins.op)) return true;
      if (ins.op === Op.String8) return fusable.has(pc);
      if (ins.op === Op.SorterReject) return bounds.has(ins.p1);
      if (aggSteps.has(pc)) return true;
      if (!cursors.has(ins.p1)) return false;
      if (MOVES.has(ins.op) || ins.op === Op.Rowid) return true;
      return ins.op === Op.Column &&
        (fusable.has(pc) || numericColumn(entries.get(ins.p1)!, ins.p2));
    });
    const slow = slowLoops(p, native, cursors);
    // An aggregation's groups live on one side: all its steps native, or none; and native
    // only inside a native scan (elsewhere it would cross into the module per row).
    // The address ranges of the scan loops of native cursors (head to Next).
    const loops: [number, number][] = [];
    code.forEach((ins, at) => {
      if (ins.op === Op.Next && native[at] && cursors.has(ins.p1) && ins.p2 <= at) {
        loops.push([ins.p2, at]);
      }
    });
    const split = [...aggregates.values()].filter((a) =>
      a.steps.some((pc) => native[pc]) &&
      a.steps.some((pc) => !native[pc] || !loops.some(([from, to]) => pc >= from && pc <= to))
    );
    for (const a of split) a.steps.forEach((pc) => demoted.add(pc));
    if (!slow.length && !split.length) break;
    for (const { cursor, from, to } of slow) {
      cursors.delete(cursor);
      for (let pc = from; pc <= to; pc++) demoted.add(pc);
    }
  }
  for (;;) {
    absorbIntoJs(p, native, starts, cursors);
    const split = [...aggregates.values()].filter((a) =>
      a.steps.some((pc) => native[pc]) && a.steps.some((pc) => !native[pc])
    );
    if (!split.length) break;
    for (const a of split) a.steps.forEach((pc) => native[pc] = false);
  }
  // A row whose registers JS has just computed is handed out by JS: the module would only
  // copy them into slots and back.
  code.forEach((ins, pc) => {
    if (ins.op === Op.ResultRow && pc > 0 && !starts.has(pc) && !native[pc - 1]) {
      native[pc] = false;
    }
  });
  // Fusions need the column's cursor native; the String8 joins them (it has no other use).
  const fusions = new Map<number, TextCompareFusion>();
  for (const [at, f] of candidates) {
    if (native[at] && native[f.column] && native[f.constant]) {
      fusions.set(at, f);
      continue;
    }
    // No fusion after all: a String8 has no native code, and a TEXT column reads in JS.
    const col = code[f.column];
    native[f.constant] = false;
    native[f.column] &&= numericColumn(entries.get(col.p1)!, col.p2);
  }
  const fusedLoads = new Set([...fusions.values()].flatMap((f) => [f.column, f.constant]));
  // Each instruction's operand roles, asked once for the registers synced and the readers
  // counted below.
  const roles = code.map((ins) => operandRoles(ins, p));
  const regs = new Set<number>();
  const fallbacks = new Map<number, readonly number[]>();
  code.forEach((ins, pc) => {
    if (!native[pc] || fusedLoads.has(pc)) return;
    if (ins.op === Op.SorterReject) {
      for (const k of bounds.get(ins.p1)!.keys) regs.add(k.reg);
      fallbacks.set(pc, [pc]);
      return;
    }
    const agg = aggregates.get(ins.p1);
    if (agg && aggSteps.has(pc)) {
      if (ins.op === Op.AggGroup) regs.add(agg.keyReg!);
      if (ins.op === Op.AggStep && agg.kinds[ins.p3] !== AggKind.CountRows) regs.add(ins.p2);
      fallbacks.set(pc, [pc]);
      return;
    }
    const f = fusions.get(pc);
    if (f) {
      regs.add(ins.p3);
      const [first, second] = f.column < f.constant
        ? [f.column, f.constant]
        : [f.constant, f.column];
      fallbacks.set(pc, [first, second, pc]);
      return;
    }
    // Its registers, as the opcode table declares them. A native ResultRow touches none: it
    // returns to JS, which reads the row from the slots (WasmExecution.step).
    if (ins.op !== Op.ResultRow) {
      for (const r of roles[pc].reads) regs.add(r);
      for (const r of roles[pc].writes) regs.add(r);
    }
    if (MAY_DECLINE.has(ins.op)) fallbacks.set(pc, [pc]);
  });
  const reads: number[] = [];
  for (const x of roles) for (const r of x.reads) reads[r] = (reads[r] ?? 0) + 1;
  const branches = new Set<number>();
  code.forEach((ins, pc) => {
    const test = code[pc + 1];
    if (
      ins.op >= Op.Eq && ins.op <= Op.Ge && native[pc] && !fusions.has(pc) && native[pc + 1] &&
      !starts.has(pc + 1) && (test.op === Op.If || test.op === Op.IfNot) &&
      test.p1 === ins.p3 && reads[ins.p3] === 1
    ) branches.add(pc);
  });
  const sorted = [...regs].sort((a, b) => a - b);
  // (A sorter's first-key test is native with its other test: both are jumps of one loop
  // body, which absorbIntoJs never takes and slowLoops takes whole.)
  for (const [slot, b] of bounds) if (!native[b.reject]) bounds.delete(slot);
  for (const [slot, a] of aggregates) if (!native[a.steps[0]]) aggregates.delete(slot);
  return {
    native,
    cursors,
    regs: sorted,
    fusions,
    fusedLoads,
    fallbacks,
    bounds,
    aggregates,
    branches,
  };
}

/** Whether record field `field` of the table `entry` opens has a numeric declared affinity. */
function numericColumn(entry: CursorEntry, field: number): boolean {
  const col = entry.table.columns.find((c) => c.recordIndex === field);
  return !!col && isNumericAffinity(col.affinity);
}

/**
 * Scan loops of native cursors whose body holds a JS instruction: a crossing into JS per
 * row that reaches it costs more than the native row work saves (measured: a loop whose
 * filter passes a third of the rows to a JS aggregate step ran 3-6x slower than in JS).
 * Only the rows a sorter keeps (past a native SorterReject), a new group's set-up (past an
 * AggGroup that found none) and, behind a filter, the making of a result row (JS straight
 * on to the ResultRow: each row returned goes to JS anyway) may run JS.
 */
function slowLoops(
  p: CompiledProgram,
  native: readonly boolean[],
  cursors: ReadonlySet<number>,
): { cursor: number; from: number; to: number }[] {
  const out: { cursor: number; from: number; to: number }[] = [];
  p.code.forEach((ins, at) => {
    if (ins.op !== Op.Next || !cursors.has(ins.p1) || ins.p2 > at) return;
    const rare: number[][] = [];
    let filtered = false;
    for (let pc = ins.p2; pc < at; pc++) {
      const { op, p2 } = p.code[pc];
      if (native[pc]) {
        if (op === Op.SorterReject || op === Op.AggGroup) rare.push([pc, p2]);
        // NULL tests are not filters (a join key is rarely NULL).
        else if (op !== Op.IsNull && op !== Op.NotNull) filtered ||= OPCODES[op].jump;
        continue;
      }
      if (rare.some(([from, to]) => pc > from && pc < to)) continue;
      let row = pc;
      while (row < at && p.code[row].op !== Op.ResultRow && !OPCODES[p.code[row].op].jump) row++;
      if (filtered && p.code[row].op === Op.ResultRow) continue;
      // The loop's Rewind is before the head: demote from it too.
      const rewind = p.code.findLastIndex((x, q) =>
        q < ins.p2 && x.op === Op.Rewind && x.p1 === ins.p1
      );
      out.push({ cursor: ins.p1, from: rewind >= 0 ? rewind : ins.p2, to: at });
      return;
    }
  });
  return out;
}

/**
 * Native instructions between two JS ones in one straight run (no block start between
 * them) join JS, so that the run crosses once. Cursor moves stay native.
 */
function absorbIntoJs(
  p: CompiledProgram,
  native: boolean[],
  starts: ReadonlySet<number>,
  cursors: ReadonlySet<number>,
): void {
  let lastJs = -1;
  p.code.forEach((ins, pc) => {
    if (starts.has(pc) || OPCODES[ins.op].jump) lastJs = -1;
    if (native[pc]) return;
    if (lastJs >= 0) {
      for (let q = lastJs + 1; q < pc; q++) {
        const op = p.code[q].op;
        if (!(MOVES.has(op) && cursors.has(p.code[q].p1))) native[q] = false;
      }
    }
    lastJs = OPCODES[ins.op].jump || TRANSFERS.has(ins.op) ? -1 : pc;
  });
}
