/**
 * The operand roles the opcode table declares (opcode_spec.ts {@link Roles}), evaluated for
 * the instructions of a program: the registers each reads and writes, its cursor and its
 * slots as numbers; and, per register, the addresses that read and write it.
 */
import { Bug, bugError } from "../../core/internal_error.ts";
import type { Operands, RegisterRole, RoleContext } from "./opcode_spec.ts";
import { OPCODES } from "./opcodes.ts";
import type { Insn } from "./program.ts";
import { getOrMake, pushTo } from "../../core/util/multimap.ts";

/** What {@link operandRoles} needs of a program: its finished code and its pool. */
export interface RoleProgram {
  readonly code: readonly Insn[];
  readonly pool: readonly unknown[];
}

/** What one instruction's operands name, as numbers. */
export interface OperandRoles {
  /** Registers it may read, in the order declared, each once. */
  readonly reads: readonly number[];
  /** Registers it may write, in the order declared, each once. */
  readonly writes: readonly number[];
  readonly cursors: readonly number[];
  readonly slots: readonly number[];
}

const CONTEXTS = new WeakMap<readonly Insn[], RoleContext>();

/** The {@link RoleContext} of `p` (made once per code array). */
export function roleContext(p: RoleProgram): RoleContext {
  return getOrMake(CONTEXTS, p.code, () => {
    const users = new Map<number, Insn[]>();
    const openers = new Map<number, Insn>();
    for (const ins of p.code) {
      const roles = OPCODES[ins.op].roles;
      const first = roles.slots?.[0];
      if (first === undefined) continue;
      const slot = ins[first];
      pushTo(users, slot, ins);
      if (roles.opens && !openers.has(slot)) openers.set(slot, ins);
    }
    const pool = p.pool;
    return {
      pool,
      slotEntry(slot) {
        const opener = openers.get(slot);
        if (!opener) throw bugError(Bug.NoSlotOpener, slot);
        return pool[opener.p4];
      },
      slotUsers: (slot) => users.get(slot) ?? [],
    };
  });
}

function registers(
  list: readonly RegisterRole[] | undefined,
  ins: Operands,
  ctx: RoleContext,
): number[] {
  if (!list) return [];
  const out = new Set<number>();
  for (const role of list) {
    if (typeof role === "string") out.add(ins[role]);
    else if (typeof role === "function") { for (const r of role(ins, ctx)) out.add(r); }
    else {
      const length = role.length;
      const from = ins[role.from],
        n = typeof length === "function" ? length(ins, ctx) : ins[length];
      for (let i = 0; i < n; i++) out.add(from + i);
    }
  }
  return [...out];
}

/** The registers, cursor and slots `ins` (an instruction of `p`) uses, by its opcode's roles. */
export function operandRoles(ins: Insn, p: RoleProgram): OperandRoles {
  const roles = OPCODES[ins.op].roles, ctx = roleContext(p);
  return {
    reads: registers(roles.reads, ins, ctx),
    writes: registers(roles.writes, ins, ctx),
    cursors: roles.cursor === undefined ? [] : [ins[roles.cursor]],
    slots: (roles.slots ?? []).map((o) => ins[o]),
  };
}

/** Per register of a program: the addresses of the instructions that may read and write it. */
export interface RegisterAccess {
  /** `readers[r]`: addresses reading register `r`, ascending. */
  readonly readers: readonly (readonly number[])[];
  /** `writers[r]`: addresses writing register `r`, ascending. */
  readonly writers: readonly (readonly number[])[];
}

/**
 * Each register's readers and writers in `p` (`nRegs` registers), from the declared roles:
 * the def-use facts a liveness analysis or a typed code generator starts from.
 */
export function registerAccess(p: RoleProgram & { readonly nRegs: number }): RegisterAccess {
  const readers: number[][] = Array.from({ length: p.nRegs }, () => []);
  const writers: number[][] = Array.from({ length: p.nRegs }, () => []);
  const note = (lists: number[][], r: number, pc: number) => {
    if (!lists[r]) throw new RangeError(`address ${pc} names register ${r}`);
    lists[r].push(pc);
  };
  p.code.forEach((ins, pc) => {
    const roles = operandRoles(ins, p);
    for (const r of roles.reads) note(readers, r, pc);
    for (const r of roles.writes) note(writers, r, pc);
  });
  return { readers, writers };
}
