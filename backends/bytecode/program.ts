/**
 * A compiled program (instructions, constant pool, register and slot counts) and the
 * builder the compiler writes it with: labels for forward jumps, resolved when the
 * program is finished.
 */
import { Bug, bugError } from "../../core/internal_error.ts";
import type { DatabaseFile } from "../../core/database_file.ts";
import type { TextEncoding } from "../../core/value/types.ts";
import { Op, OPCODES } from "./opcodes.ts";

/** One instruction. `p4` is a count or a constant-pool index, as the opcode table says. */
export interface Insn {
  op: Op;
  p1: number;
  p2: number;
  p3: number;
  p4: number;
  p5: number;
  comment: string;
}

/** What the VM runs. */
export interface CompiledProgram {
  code: Insn[];
  /** Constants and descriptors referenced by P4. */
  pool: unknown[];
  nRegs: number;
  nSlots: number;
  nCursors: number;
  /** Where ResultRow finds the result columns. */
  resultStart: number;
  resultCount: number;
  nParams: number;
  encoding: TextEncoding;
  file: DatabaseFile;
}

/** Writes a program. Jump operands may be labels (negative) until {@link finish}. */
export class ProgramBuilder {
  readonly code: Insn[] = [];
  readonly pool: unknown[] = [];
  #labels: number[] = [];
  nRegs = 1; // register 0 is never used, as in SQLite
  nSlots = 0;
  nCursors = 0;

  /** Appends an instruction; returns its address. */
  emit(op: Op, p1 = 0, p2 = 0, p3 = 0, p4 = 0, p5 = 0, comment = ""): number {
    return this.code.push({ op, p1, p2, p3, p4, p5, comment }) - 1;
  }

  /** Address of the next instruction. */
  get here(): number {
    return this.code.length;
  }

  /** A new unresolved label (a negative number usable as a jump operand). */
  label(): number {
    return -this.#labels.push(-1);
  }

  /** Resolves `label` to the next instruction's address. */
  place(label: number): void {
    this.#labels[-label - 1] = this.code.length;
  }

  /** `n` fresh registers; returns the first. */
  regs(n = 1): number {
    const r = this.nRegs;
    this.nRegs += n;
    return r;
  }

  /** Calls `body` with a new label, placed after the code it emits (its "next row"). */
  wrap(body: (label: number) => void): void {
    const label = this.label();
    body(label);
    this.place(label);
  }

  /** Registers for `n` values, at least one (a row of none still has a register); the first. */
  regsFor(n: number): number {
    return this.regs(Math.max(1, n));
  }

  /** A fresh run-time object slot. */
  slot(): number {
    return this.nSlots++;
  }

  /** A fresh cursor number. */
  cursor(): number {
    return this.nCursors++;
  }

  /** Adds a pool entry; returns its index. */
  constant(value: unknown): number {
    return this.pool.push(value) - 1;
  }

  /** Resolves every label used as a jump target. */
  finish(): void {
    for (const insn of this.code) {
      if (OPCODES[insn.op].jump && insn.p2 < 0) {
        const addr = this.#labels[-insn.p2 - 1];
        // (Neither an unplaced label, -1, nor one this builder never made, undefined.)
        if (!(addr >= 0)) throw bugError(Bug.UnresolvedLabel, insn.p2);
        insn.p2 = addr;
      }
    }
  }
}

/** Addresses where a block starts: the entry, jump targets, resumption after a row. */
export function blockStarts(code: readonly Insn[]): Set<number> {
  const starts = new Set<number>([0]);
  code.forEach((ins, pc) => {
    if (OPCODES[ins.op].jump) starts.add(ins.p2);
    if (ins.op === Op.ResultRow) starts.add(pc + 1);
  });
  return starts;
}
