/**
 * Loops written as JS loops: when nothing in the body of a cursor's loop (a table scan, an
 * index range, a join's inner loop) ends the run, nothing outside jumps into it, and every
 * jump inside it goes forward inside it, back to its start or out of it, the body becomes
 * `for (;;)` in a function of its own, with a labelled block for each address a jump lands
 * on (left with `break`, all opened at the body's top and closed where their address
 * starts); the function returns where the run goes on, and a row no longer goes through
 * the dispatch `switch`. A body may return one row, when only DecrJumpZero (a LIMIT) lies
 * between its ResultRow and the Next: the function returns at the row, and the call that
 * resumes it (a parameter says so) runs what follows the row first. What that buys:
 * - a small function to optimise: V8 compiles the loop alone, sooner, and code after the
 *   loop that no run has reached yet (the rest of the program) cannot throw its compiled
 *   code away when the loop ends;
 * - locals: in a table scan whose leaves the function steps itself (leaf_loops.ts), the
 *   row's record header is parsed into locals of the loop's body (record_inline.ts
 *   `rowLocals`), which V8 keeps in registers; in the closure, every parse stored them to
 *   memory and every Column loaded them back (a filtered aggregate over 1.5M rows 0.8x the
 *   time once warm).
 */
import { Op, OPCODES } from "../bytecode/opcodes.ts";
import type { CompiledProgram } from "../bytecode/program.ts";

/** One loop's body written as a JS loop. */
export interface LoopRegion {
  /** The cursor the loop steps. */
  readonly cursor: number;
  /** The body's first address (where a table scan's row header is parsed). */
  readonly start: number;
  /** The Next (Prev) that goes back to `start`: the body's last address. */
  readonly end: number;
  /** The addresses in the body that jumps inside it go forward to, descending. */
  readonly targets: readonly number[];
  /** The ResultRow in the body, or -1. */
  readonly row: number;
}

/**
 * The loops of `p` that qualify: a Next (Prev) of cursor `cursor` that goes back to
 * `start`, whose body no jump from outside lands in (so no two loops share a start).
 */
export function loopRegions(p: CompiledProgram): LoopRegion[] {
  const out: LoopRegion[] = [];
  p.code.forEach((next, end) => {
    const start = next.p2;
    if ((next.op !== Op.Next && next.op !== Op.Prev) || start > end) return;
    const targets = new Set<number>();
    let ok = true, row = -1;
    p.code.forEach((ins, pc) => {
      if (pc >= start && pc <= end) {
        // The run ended, or a second row: the run would resume inside the body.
        if (ins.op === Op.Halt || (ins.op === Op.ResultRow && row >= 0)) ok = false;
        if (ins.op === Op.ResultRow) row = pc;
      }
      if (!OPCODES[ins.op].jump) return;
      const to = ins.p2;
      if (pc < start || pc > end) ok &&= to <= start || to > end; // entered from outside
      else if (to > start && to <= pc) ok = false; // a loop inside this one
      else if (to > pc && to <= end) targets.add(to);
    });
    // What follows the row runs again where the next call resumes: LIMIT's countdown
    // leaving the loop, nothing else.
    ok &&= row < 0 || row > start &&
        p.code.slice(row + 1, end).every((i) =>
          i.op === Op.DecrJumpZero && (i.p2 < start || i.p2 > end)
        );
    if (ok) {
      out.push({ cursor: next.p1, start, end, targets: [...targets].sort((a, b) => b - a), row });
    }
  });
  return out;
}

/**
 * `p` with each loop whose body starts with a Once (the build of an IN subquery's set, or
 * of a constant subquery's value, holding a loop of its own) going back past the Once's
 * block to the Once's target: after the body's first pass the Once jumps there anyway, and
 * what is left of the body can be a JS loop (a scan with `x IN (SELECT …)` ran in the
 * dispatch loop). Only where nothing outside the body jumps into it but to its start, and
 * nothing after the block jumps back into it, so every pass of the loop went through the
 * Once first. For the JS backend's own translation; the program it runs is unchanged.
 */
export function pastOnce(p: CompiledProgram): CompiledProgram {
  const code = [...p.code];
  code.forEach((next, end) => {
    const start = next.p2;
    if ((next.op !== Op.Next && next.op !== Op.Prev) || code[start].op !== Op.Once) return;
    const to = code[start].p2;
    if (!(start < to && to <= end)) return;
    const ok = p.code.every((ins, pc) =>
      !OPCODES[ins.op].jump || ins.p2 <= start || ins.p2 > end ||
      pc >= start && pc <= end && (pc < to || ins.p2 >= to)
    );
    if (ok) code[end] = { ...next, p2: to };
  });
  return { ...p, code };
}
