/**
 * Leaf loops (leaf_loops.ts) written as JS loops: when nothing in a scan's body returns a
 * row or ends the run, and every jump inside it goes forward inside it, back to its start
 * or out of it, the body becomes `for (;;)` in a function of its own, with a labelled
 * block for each address a jump lands on (left with `break`, all opened at the body's top
 * and closed where their address starts); the function returns where the run goes on, and
 * a row no longer goes through the dispatch `switch`. What that buys:
 * - locals: the row's record header parsed into locals of the loop's body
 *   (record_inline.ts `rowLocals`), which V8 keeps in registers; in the closure, every
 *   parse stored them to memory and every Column loaded them back (a filtered aggregate
 *   over 1.5M rows 0.8x the time once warm);
 * - a small function to optimise: V8 compiles the loop alone, sooner, and code after the
 *   loop that no run has reached yet (the rest of the program) cannot throw its compiled
 *   code away when the scan ends.
 */
import { Op, OPCODES } from "../bytecode/opcodes.ts";
import type { CompiledProgram } from "../bytecode/program.ts";

/** One leaf loop's body written as a JS loop. */
export interface LoopRegion {
  /** The cursor the loop steps. */
  readonly cursor: number;
  /** The body's first address (where the row's header is parsed). */
  readonly start: number;
  /** The Next (Prev) that goes back to `start`: the body's last address. */
  readonly end: number;
  /** The addresses in the body that jumps inside it go forward to, descending. */
  readonly targets: readonly number[];
}

/** The regions of the leaf loops `loops` (per cursor, the body's start) that qualify. */
export function loopRegions(
  p: CompiledProgram,
  loops: ReadonlyMap<number, number>,
): LoopRegion[] {
  const out: LoopRegion[] = [];
  for (const [cursor, start] of loops) {
    const end = p.code.findIndex((ins, pc) =>
      pc >= start && (ins.op === Op.Next || ins.op === Op.Prev) && ins.p1 === cursor
    );
    // leafLoops found one Next (Prev), back to `start`; nothing outside jumps inside.
    const targets = new Set<number>();
    let ok = end >= start;
    for (let pc = start; ok && pc <= end; pc++) {
      const ins = p.code[pc];
      // A row returned or the run ended: the run resumes at a `case`, which a loop hides.
      if (ins.op === Op.ResultRow || ins.op === Op.Halt) ok = false;
      else if (OPCODES[ins.op].jump) {
        const to = ins.p2;
        if (to > start && to <= pc) ok = false; // a loop inside this one
        else if (to > pc && to <= end) targets.add(to);
      }
    }
    if (ok) out.push({ cursor, start, end, targets: [...targets].sort((a, b) => b - a) });
  }
  return out;
}
