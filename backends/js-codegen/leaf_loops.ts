/**
 * Table scans whose steps along a leaf the generated JS takes itself: for such a cursor
 * the function keeps the leaf page, the cell index and the cell count in variables, Next is
 * an increment and a comparison until the leaf ends (the cursor's own `next` then moves to
 * the next leaf), and the record header is parsed once per row where the loop body starts
 * (record_inline.ts). The cursor learns its position only when something of its own is
 * used: the rowid, a field its reader reads, the next leaf.
 *
 * A cursor qualifies when the program can reach its fields only inside that one loop: it
 * is moved by exactly one Rewind and one Next that jumps back to the instruction after the
 * Rewind, or past a block there that does not use it (loop_regions.ts `pastOnce`) (for a
 * scan backwards, one Last and one Prev: Prev a decrement), everything else done with it is
 * a Column read inline or a Rowid between the Next's target and the Next, and no jump from
 * outside the loop lands inside it.
 */
import { Op, OPCODES } from "../bytecode/opcodes.ts";
import type { CompiledProgram } from "../bytecode/program.ts";
import { pushTo } from "../../core/util/multimap.ts";

/**
 * Per qualifying cursor (among `inline`, the cursors whose fields are read inline, with
 * the fields): the address where its loop body starts.
 */
export function leafLoops(
  p: CompiledProgram,
  inline: ReadonlyMap<number, readonly number[]>,
  maxField: number,
): Map<number, number> {
  const uses = new Map<number, number[]>();
  p.code.forEach((ins, pc) => {
    const operand = OPCODES[ins.op].roles.cursor;
    if (operand === undefined) return;
    pushTo(uses, ins[operand], pc);
  });
  const loops = new Map<number, number>();
  for (const [cursor, at] of uses) {
    if (!inline.has(cursor)) continue;
    // Forward (Rewind, Next) or backward (Last, Prev).
    const rewind = at.filter((pc) => p.code[pc].op === Op.Rewind || p.code[pc].op === Op.Last);
    const next = at.filter((pc) => p.code[pc].op === Op.Next || p.code[pc].op === Op.Prev);
    if (rewind.length !== 1 || next.length !== 1) continue;
    const a = rewind[0], n = next[0], body = p.code[n].p2;
    if (body <= a || body > n || (p.code[a].op === Op.Last) !== (p.code[n].op === Op.Prev)) {
      continue;
    }
    const inside = (pc: number) => pc >= body && pc < n;
    const readsOnly = at.every((pc) => {
      const ins = p.code[pc];
      if (ins.op === Op.OpenRead) return !inside(pc) && pc !== n;
      if (ins.op === Op.Column) return inside(pc) && ins.p2 <= maxField;
      return ins.op === Op.Rowid ? inside(pc) : pc === a || pc === n;
    });
    const entered = p.code.some((ins, pc) =>
      OPCODES[ins.op].jump && (pc < a || pc > n) && ins.p2 > a && ins.p2 <= n
    );
    if (readsOnly && !entered) loops.set(cursor, body);
  }
  return loops;
}
