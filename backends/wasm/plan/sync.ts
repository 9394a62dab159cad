/**
 * Which register slots and cursor positions must cross between the module and the JS
 * segments at each crossing: when the module enters JS at an address, the registers the
 * JS code reachable from there (before it hands back) may use; when JS hands an address
 * back, the registers the JS code that can reach it may have written. Only registers that
 * native code uses need syncing at all (NativePlan.regs); the rest live in JS alone.
 *
 * What an instruction's JS uses is what its opcode's declared operand roles name
 * (bytecode/opcode_spec.ts, evaluated by bytecode/operand_roles.ts): the registers it may
 * read or write, its cursor. The JS template of an instruction touches nothing else
 * (tests/opcode_roles_test.ts checks the declarations against the templates' text and
 * against what generated code touches when it runs); a write on one path only is in the
 * set too, which only costs time.
 */
import { OPCODES } from "../../bytecode/opcodes.ts";
import { operandRoles } from "../../bytecode/operand_roles.ts";
import type { CompiledProgram } from "../../bytecode/program.ts";
import { type NativePlan, TRANSFERS } from "./native.ts";
import { getOrMake, pushTo } from "../../../core/util/multimap.ts";

/** Registers and cursors JS code uses. */
export interface Uses {
  readonly regs: ReadonlySet<number>;
  readonly cursors: ReadonlySet<number>;
}

/**
 * What the JS of the instruction at `pc` uses, among `nativeRegs` (plan.regs) and
 * `plan.cursors`: its declared reads, then its writes.
 */
function usesOf(
  p: CompiledProgram,
  pc: number,
  plan: NativePlan,
  nativeRegs: ReadonlySet<number>,
): Uses {
  const roles = operandRoles(p.code[pc], p);
  const regs = new Set<number>();
  for (const r of [...roles.reads, ...roles.writes]) if (nativeRegs.has(r)) regs.add(r);
  const cursors = new Set<number>();
  for (const c of roles.cursors) if (plan.cursors.has(c)) cursors.add(c);
  return { regs, cursors };
}

/** Where JS may go next from the JS instruction at `pc`. */
function successors(p: CompiledProgram, pc: number): number[] {
  const ins = p.code[pc];
  const out: number[] = [];
  if (OPCODES[ins.op].jump) out.push(ins.p2);
  if (!TRANSFERS.has(ins.op) && pc + 1 < p.code.length) out.push(pc + 1);
  return out;
}

/** The crossings of program `p`. */
export interface SyncPlan {
  /** What to copy into JS when the module enters JS at address `pc` (a JS address). */
  entry(pc: number): Uses;
  /** What to copy into the slots when JS hands native address `pc` back. */
  exit(pc: number): Uses;
  /** What a fallback running the templates of `pcs` (and going on where it may) uses. */
  fallback(pcs: readonly number[]): Uses;
}

/** Works out the crossings of `p` under `plan`. */
export function planSync(p: CompiledProgram, plan: NativePlan): SyncPlan {
  const n = p.code.length;
  const nativeRegs = new Set(plan.regs);
  const uses: (Uses | null)[] = p.code.map((_, pc) =>
    plan.native[pc] ? null : usesOf(p, pc, plan, nativeRegs)
  );
  const union = (pcs: Iterable<number>, extra: readonly Uses[] = []): Uses => {
    const regs = new Set<number>(), cursors = new Set<number>();
    const add = (u: Uses) => {
      for (const r of u.regs) regs.add(r);
      for (const c of u.cursors) cursors.add(c);
    };
    for (const pc of pcs) add(uses[pc]!);
    for (const u of extra) add(u);
    return { regs, cursors };
  };
  /** JS addresses reachable from `starts` without passing native code. */
  const forward = (starts: readonly number[]): Set<number> =>
    reach(
      starts.filter((pc) => pc < n && !plan.native[pc]),
      (pc) => successors(p, pc).filter((s) => !plan.native[s]),
    );
  // Predecessors among JS instructions, for the exits.
  const preds: number[][] = p.code.map(() => []);
  p.code.forEach((_, pc) => {
    if (plan.native[pc]) return;
    for (const s of successors(p, pc)) preds[s].push(pc);
  });
  const fallbackReaches = new Map<number, Uses[]>();
  // A native address's template (run by its fallback), read once.
  const fallbackUses = new Map<number, Uses>();
  const usesAt = (pc: number) =>
    uses[pc] ?? getOrMake(fallbackUses, pc, () => usesOf(p, pc, plan, nativeRegs));
  for (const pcs of plan.fallbacks.values()) {
    const own = union([], pcs.map(usesAt));
    // Where a fallback can go: past its last instruction, and any jump target of its own.
    const next = fallbackNext(p, pcs);
    for (const pc of forward(next)) {
      for (const s of successors(p, pc)) if (plan.native[s]) pushTo(fallbackReaches, s, own);
    }
    for (const s of next) if (s < n && plan.native[s]) pushTo(fallbackReaches, s, own);
  }
  const exits = new Map<number, Uses>();
  const exit = (pc: number): Uses =>
    getOrMake(exits, pc, () =>
      // A fallback's own writes reach the native code it continues into.
      union(reach([...preds[pc]], (q) => preds[q]), fallbackReaches.get(pc) ?? []));
  /**
   * What entering JS at `starts` must copy in: what the JS reachable from there uses, and
   * everything any exit it can reach copies back out (an exit writes its registers from
   * the JS locals, which must then hold their current values, on whichever path).
   */
  const entry = (starts: readonly number[], own: Uses[] = []): Uses => {
    const region = forward(starts);
    const exits = new Set(starts.filter((pc) => pc < n && plan.native[pc]));
    for (const pc of region) for (const s of successors(p, pc)) if (plan.native[s]) exits.add(s);
    return union(region, [...own, ...[...exits].map(exit)]);
  };
  return {
    entry: (pc) => entry([pc]),
    exit,
    fallback: (pcs) => entry(fallbackNext(p, pcs), pcs.map(usesAt)),
  };
}

/** Where a fallback running `pcs` may continue: after the last, and at a jump's target. */
function fallbackNext(p: CompiledProgram, pcs: readonly number[]): number[] {
  const out = [pcs.at(-1)! + 1];
  for (const pc of pcs) if (OPCODES[p.code[pc].op].jump) out.push(p.code[pc].p2);
  return out;
}

/** The addresses reachable from `todo` (which it empties) by `next`, `todo`'s own included. */
function reach(todo: number[], next: (pc: number) => readonly number[]): Set<number> {
  const seen = new Set<number>();
  while (todo.length) {
    const pc = todo.pop()!;
    if (seen.has(pc)) continue;
    seen.add(pc);
    for (const s of next(pc)) if (!seen.has(s)) todo.push(s);
  }
  return seen;
}
