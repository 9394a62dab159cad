/**
 * Registers as JS locals in a loop's function (loop_regions.ts). A register that the loop
 * alone reads and writes, and writes before it reads it in every pass (a temporary: a
 * column read, a constant, an operand, a comparison's result), is held in two locals of
 * the loop's function, `v<n>` (its value) and `w<n>` (its storage class), instead of the
 * register object `r<n>`: V8 keeps them in machine registers, untagged, where every store
 * to the object's fields (which hold values of any type) boxed a double and every load
 * re-checked its type (a filter of two arithmetic comparisons ran in 0.8x the time).
 *
 * Templates write `r<n>.v` and `r<n>.c` in their fast paths; what hands a register object
 * to the run-time library (a slow path, a view of the register array) they mark with
 * {@link box} (a statement, or an expression that only reads): the object is brought up
 * to date with the locals before it, and the locals with the object after it. The marks
 * are comments, so template text runs as it is where nothing is held in locals.
 * Anything else that reads a register's object (the register array `R`, a view, the API
 * reading a result row) is found from the operand roles the opcode table declares, and
 * the object is brought up to date before its whole statement; a register written that
 * way, or named any other way, stays an object.
 */
import { Op, OPCODES } from "../bytecode/opcodes.ts";
import type { CompiledProgram } from "../bytecode/program.ts";
import type { OperandRoles } from "../bytecode/operand_roles.ts";
import type { LoopRegion } from "./loop_regions.ts";

const BOX = /\/\*([SX])([\d,]+)\*\/([\s\S]*?)\/\*E\*\//g;
const NAME = /\br(\d+)\b(\.[vc]\b(\s*=(?!=))?)?/g;

/**
 * Statement `code` (or, with `expr`, an expression that only reads), which hands
 * registers `regs` to the run-time library as objects.
 */
export const box = (code: string, regs: readonly number[], expr = false): string =>
  expr ? `/*X${regs}*/(${code})/*E*/` : `/*S${regs}*/${code}/*E*/`;

/** `code` with its boxes' marks taken out (outside loops, or with no register local). */
export const unbox = (code: string): string => code.replace(BOX, "$3");

/** One line of a loop's function: its code and the addresses whose statements it holds. */
export interface LoopLine {
  code: string;
  readonly pcs: readonly number[];
}

/** Register n's object brought up to date with its locals (`out`), or the other way. */
const sync = (regs: number[], out: boolean) =>
  regs.map((n) => out ? `r${n}.v=v${n},r${n}.c=w${n}` : `v${n}=r${n}.v,w${n}=r${n}.c`).join(",");

/**
 * Rewrites the lines of `region`'s function (in place) to hold its temporaries in locals;
 * returns the locals' declaration (empty when none).
 */
export function localizeLoop(
  p: CompiledProgram,
  roles: readonly OperandRoles[],
  region: LoopRegion,
  lines: LoopLine[],
): string {
  const facts = lines.map(({ code, pcs }) => {
    const listed = new Set<number>(), fields = new Set<number>();
    const bare = new Set<number>(), assigned = new Set<number>();
    const rest = code.replace(BOX, (_, _kind, list: string, inner: string) => {
      const regs = list.split(",").map(Number);
      for (const n of regs) listed.add(n);
      // Named in a box that does not list it: as good as bare.
      for (const [, n] of inner.matchAll(NAME)) if (!regs.includes(+n)) bare.add(+n);
      return "";
    });
    for (const [, n, field, assign] of rest.matchAll(NAME)) {
      (field ? fields : bare).add(+n);
      if (assign) assigned.add(+n);
    }
    const mine = pcs.map((pc) => roles[pc]);
    const writes = new Set(mine.flatMap((r) => r.writes));
    const named = new Set([...writes, ...mine.flatMap((r) => r.reads)]);
    const array = /\bR\b|\bV\d+\b/.test(rest);
    // The line's instructions reach the object other than by its fields and boxes: through
    // the register array, a view, or not in the text at all (the API reading a row).
    const reaches = (n: number) => named.has(n) && (array || !fields.has(n) && !listed.has(n));
    // There, it may only be read (the object is brought up to date before the line).
    const fits = (n: number) =>
      !bare.has(n) &&
      (!pcs.length
        ? !fields.has(n) && !listed.has(n)
        : !reaches(n) || !assigned.has(n) && !writes.has(n));
    return { reaches, fits };
  });
  const held = new Set(
    [...loopTemporaries(p, roles, region)].filter((n) => facts.every((f) => f.fits(n))),
  );
  if (!held.size) return "";
  lines.forEach((line, i) => {
    // Split at the boxes: text, then each box's kind, list and code, then text, ...
    const parts = line.code.split(BOX);
    let code = "";
    for (let k = 0; k < parts.length; k += 4) {
      code += parts[k].replace(
        NAME,
        (all, n, field) =>
          held.has(+n) && field ? `${field[1] === "v" ? "v" : "w"}${n}${field.slice(2)}` : all,
      );
      if (k + 3 >= parts.length) break;
      const [kind, list, inner] = parts.slice(k + 1, k + 4);
      const regs = list.split(",").map(Number).filter((n) => held.has(n));
      code += !regs.length
        ? inner
        : kind === "X"
        ? `(${sync(regs, true)},${inner})`
        : `{${sync(regs, true)};${inner};${sync(regs, false)};}`;
    }
    const reached = [...held].filter((n) => facts[i].reaches(n));
    line.code = reached.length ? `${sync(reached, true)};${code}` : code;
  });
  return `let ${[...held].map((n) => `v${n},w${n}`)};`;
}

/**
 * The registers `region` alone reads and writes, each written before it is read on every
 * path through the body (its jumps go forward or back to the start): nothing carries one
 * from a pass, or a call of the loop's function, to the next.
 */
export function loopTemporaries(
  p: CompiledProgram,
  roles: readonly OperandRoles[],
  region: LoopRegion,
): Set<number> {
  const { start, end } = region;
  const inside = new Set<number>(), outsideUse = new Set<number>();
  roles.forEach(({ reads, writes }, pc) => {
    const set = pc >= start && pc <= end ? inside : outsideUse;
    for (const r of [...reads, ...writes]) set.add(r);
  });
  // Written on every path to each address: what falls through from the address before
  // (not past an unconditional jump) met with what each forward jump brings.
  const before: (Set<number> | null)[] = new Array(end + 2).fill(null);
  before[start] = new Set();
  const meet = (at: number, from: Set<number>) => {
    const had = before[at];
    before[at] = !had ? new Set(from) : new Set([...had].filter((r) => from.has(r)));
  };
  const temps = new Set([...inside].filter((r) => !outsideUse.has(r)));
  for (let pc = start; pc <= end; pc++) {
    const known = before[pc];
    const ins = p.code[pc], { reads, writes } = roles[pc], jumps = OPCODES[ins.op].jump;
    if (!known) continue; // reached by no path through the body
    for (const r of reads) if (!known.has(r)) temps.delete(r);
    const after = new Set(known);
    if (!jumps) { for (const r of writes) after.add(r); }
    if (jumps && ins.p2 > pc && ins.p2 <= end) meet(ins.p2, after);
    if (ins.op !== Op.Goto) meet(pc + 1, after);
  }
  return temps;
}
