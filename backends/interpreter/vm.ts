/**
 * The VM: one dispatch loop over the instruction array, registers as an array of `Reg`
 * mutated in place. `step()` executes until the next ResultRow (true) or Halt (false),
 * keeping the program counter in between.
 *
 * A run started resumable (lazy sources) also survives a `PageMiss` thrown by the page
 * source: the program counter stays on the instruction that met it, which runs again on
 * the next `step()`. That is sound because no instruction changes anything a second
 * attempt reads before its last page read: registers and slots are written after the
 * reads; b-tree moves either start from the root (first, last, seeks: a second attempt
 * redoes them) or, on resumable cursors, restore the cursor when they throw (next, prev)
 * or go on where they stopped (count, overflow chains); see core/format/cursor.ts.
 */
import * as arith from "../../core/value/arith.ts";
import {
  aggFinal,
  aggGroup,
  aggLoad,
  aggNextGroup,
  type AggSlot,
  aggSort,
  aggStore,
} from "../bytecode/vm_agg.ts";
import { Bug, bugMessage } from "../../core/internal_error.ts";
import { type Execution, OVER_BUDGET } from "../../core/backend.ts";
import { SqliteError } from "../../core/errors.ts";
import type { InSet } from "../../core/exec/in_set.ts";
import { PageMiss } from "../../core/io/page_miss.ts";
import type { RecursiveQueue } from "../../core/exec/recursive_queue.ts";
import { limitCount, offsetCount } from "../../core/exec/limit.ts";
import {
  clearJsonSubtype,
  copyJsonSubtype,
  markJson,
  passJsonSubtype,
} from "../../core/functions/json/subtype.ts";
import type { BtreeCursor } from "../../core/format/cursor.ts";
import { applyAffinity } from "../../core/value/affinity.ts";
import { truthValue } from "../../core/value/coerce.ts";
import * as logic from "../../core/value/logic.ts";
import { copiedRegs, copyReg, newReg, type Reg, setInt, setNull } from "../../core/value/reg.ts";
import { StorageClass } from "../../core/value/types.ts";
import { FunctionSubtype } from "../bytecode/descriptors.ts";
import type {
  AffinityEntry,
  CompareEntry,
  ConstEntry,
  CursorEntry,
  FunctionEntry,
  InListEntry,
  WindowEntry,
} from "../bytecode/descriptors.ts";
import { Op } from "../bytecode/opcodes.ts";
import {
  closeCursors,
  type HashSlot,
  openCursor,
  type RowsSlot,
  type SorterSlot,
  storeRow,
  type VCursor,
} from "../bytecode/vm_objects.ts";
import type { CompiledProgram } from "../bytecode/program.ts";
import {
  indexEntryJump,
  rowidBoundStep,
  rowidPast,
  seekIndex,
  seekRowid,
  seekRowidBound,
} from "../bytecode/vm_seek.ts";
import { castStep, copyWithSubtype, inListStep } from "../bytecode/vm_values.ts";
import { openSlot } from "../bytecode/vm_open.ts";
import { setInResult } from "../../core/exec/in_list.ts";
import { newFunctionContext } from "../../core/functions/context.ts";

/** One run of a compiled program. */
export class VmExecution implements Execution {
  readonly #p: CompiledProgram;
  readonly #regs: Reg[];
  readonly #params: Reg[];
  readonly #cursors: VCursor[];
  /** Every b-tree cursor this run opened, closed when it ends. */
  readonly #opened: BtreeCursor[] = [];
  readonly #slots: unknown[];
  readonly #once: Uint8Array;
  /** Register views per instruction (function arguments and the like), built on first use. */
  readonly #argv: (Reg[] | undefined)[];
  readonly #ctx;
  declare readonly row: readonly Reg[];
  #pc = 0;
  #done = false;
  /** Whether a PageMiss leaves the run open (see the module comment). */
  declare readonly resumable: boolean;
  /** Loop steps left before the first row (StartOptions.firstRowBudget). */
  #budget: number;

  constructor(p: CompiledProgram, params: readonly Reg[], resumable = false, budget = Infinity) {
    this.#p = p;
    this.resumable = resumable;
    this.#budget = budget;
    this.#regs = Array.from({ length: p.nRegs }, newReg);
    this.#params = copiedRegs(params, p.nParams);
    this.#cursors = new Array(p.nCursors);
    this.#slots = new Array(p.nSlots);
    this.#once = new Uint8Array(p.code.length);
    this.#argv = new Array(p.code.length);
    this.#ctx = newFunctionContext(p.encoding);
    this.row = this.#regs.slice(p.resultStart, p.resultStart + p.resultCount);
  }

  /** Ends the run: no more rows, cursors closed. */
  close(): void {
    this.#done = true;
    closeCursors(this.#opened);
  }

  #view(pc: number, start: number, n: number): Reg[] {
    let v = this.#argv[pc];
    if (!v) v = this.#argv[pc] = this.#regs.slice(start, start + n);
    return v;
  }

  step(): boolean {
    if (this.#done) return false;
    try {
      const more = this.#run();
      if (!more) this.close();
      return more;
    } catch (e) {
      if (!(this.resumable && e instanceof PageMiss)) this.close();
      throw e;
    }
  }

  #run(): boolean {
    const code = this.#p.code;
    const pool = this.#p.pool;
    const regs = this.#regs;
    const enc = this.#p.encoding;
    const cursors = this.#cursors;
    const slots = this.#slots;
    let pc = this.#pc;
    // The instruction that threw is where a resumable run goes on (see the module comment).
    try {
      for (;;) {
        const ins = code[pc];
        switch (ins.op) {
          case Op.Init:
          case Op.Goto:
            pc = ins.p2;
            continue;
          case Op.Halt:
            this.#pc = pc;
            return false;
          case Op.Once:
            if (this.#once[pc]) {
              pc = ins.p2;
              continue;
            }
            this.#once[pc] = 1;
            break;
          case Op.If: {
            const r = regs[ins.p1];
            if (r.c === StorageClass.Null ? ins.p3 !== 0 : truthValue(r, 0, enc) === 1) {
              pc = ins.p2;
              continue;
            }
            break;
          }
          case Op.IfNot: {
            const r = regs[ins.p1];
            if (r.c === StorageClass.Null ? ins.p3 !== 0 : truthValue(r, 0, enc) === 0) {
              pc = ins.p2;
              continue;
            }
            break;
          }
          case Op.IsNull:
            if (regs[ins.p1].c === StorageClass.Null) {
              pc = ins.p2;
              continue;
            }
            break;
          case Op.NotNull:
            if (regs[ins.p1].c !== StorageClass.Null) {
              pc = ins.p2;
              continue;
            }
            break;
          case Op.IfPos: {
            const r = regs[ins.p1];
            if ((r.v as number) > 0) {
              r.v = (r.v as number) - ins.p3;
              pc = ins.p2;
              continue;
            }
            break;
          }
          case Op.DecrJumpZero: {
            const r = regs[ins.p1];
            if ((r.v as number) > 0) {
              r.v = (r.v as number) - 1;
              if (r.v === 0) {
                pc = ins.p2;
                continue;
              }
            }
            break;
          }
          case Op.ResultRow:
            this.#pc = pc + 1;
            this.#budget = Infinity;
            return true;
          case Op.Null:
            for (let i = ins.p2; i <= ins.p3; i++) setNull(regs[i]);
            break;
          case Op.Integer:
            setInt(regs[ins.p2], ins.p1);
            break;
          case Op.Int64:
          case Op.Real:
          case Op.String8:
          case Op.Blob:
            copyReg(regs[ins.p2], pool[ins.p4] as ConstEntry);
            break;
          case Op.Variable: {
            const from = this.#params[ins.p1 - 1];
            if (from) copyReg(regs[ins.p2], from);
            else setNull(regs[ins.p2]);
            break;
          }
          case Op.Copy:
            for (let i = 0; i <= ins.p3; i++) {
              const to = regs[ins.p2 + i], from = regs[ins.p1 + i];
              copyReg(to, from);
              if (ins.p5 === 1) copyJsonSubtype(to, from);
              else if (ins.p5 === 2) markJson(to);
            }
            break;
          case Op.ClrSubtype:
            clearJsonSubtype(regs[ins.p1]);
            break;
          case Op.Add:
            arith.add(regs[ins.p1], regs[ins.p2], regs[ins.p3], enc);
            break;
          case Op.Subtract:
            arith.subtract(regs[ins.p1], regs[ins.p2], regs[ins.p3], enc);
            break;
          case Op.Multiply:
            arith.multiply(regs[ins.p1], regs[ins.p2], regs[ins.p3], enc);
            break;
          case Op.Divide:
            arith.divide(regs[ins.p1], regs[ins.p2], regs[ins.p3], enc);
            break;
          case Op.Remainder:
            arith.remainder(regs[ins.p1], regs[ins.p2], regs[ins.p3], enc);
            break;
          case Op.BitAnd:
            arith.bitAnd(regs[ins.p1], regs[ins.p2], regs[ins.p3], enc);
            break;
          case Op.BitOr:
            arith.bitOr(regs[ins.p1], regs[ins.p2], regs[ins.p3], enc);
            break;
          case Op.ShiftLeft:
            arith.shiftLeft(regs[ins.p1], regs[ins.p2], regs[ins.p3], enc);
            break;
          case Op.ShiftRight:
            arith.shiftRight(regs[ins.p1], regs[ins.p2], regs[ins.p3], enc);
            break;
          case Op.Concat:
            arith.concat(regs[ins.p1], regs[ins.p2], regs[ins.p3], enc);
            break;
          case Op.Negate:
            arith.negate(regs[ins.p1], regs[ins.p2], enc);
            break;
          case Op.Plus:
            copyWithSubtype(regs[ins.p1], regs[ins.p2]);
            break;
          case Op.RealAffinity:
            arith.realAffinity(regs[ins.p1], regs[ins.p2]);
            break;
          case Op.BitNot:
            arith.bitNot(regs[ins.p1], regs[ins.p2], enc);
            break;
          case Op.Not:
            logic.not(regs[ins.p1], regs[ins.p2], enc);
            break;
          case Op.And:
            logic.and(regs[ins.p1], regs[ins.p2], regs[ins.p3], enc);
            break;
          case Op.Or:
            logic.or(regs[ins.p1], regs[ins.p2], regs[ins.p3], enc);
            break;
          case Op.IsTrue:
            logic.isTruth(regs[ins.p1], ins.p3 === 1, ins.p5 === 1, regs[ins.p2], enc);
            break;
          case Op.Eq:
          case Op.Ne:
          case Op.Lt:
          case Op.Le:
          case Op.Gt:
          case Op.Ge: {
            const k = pool[ins.p4] as CompareEntry;
            logic.compare(
              ins.op - Op.Eq,
              regs[ins.p1],
              regs[ins.p2],
              k.aff,
              k.coll,
              regs[ins.p3],
              enc,
            );
            break;
          }
          case Op.Is: {
            const k = pool[ins.p4] as CompareEntry;
            logic.is(regs[ins.p1], regs[ins.p2], k.aff, k.coll, ins.p5 === 1, regs[ins.p3], enc);
            break;
          }
          case Op.Cast:
            castStep(regs[ins.p1], (pool[ins.p4] as AffinityEntry).aff, regs[ins.p2], enc);
            break;
          case Op.Affinity: {
            const aff = (pool[ins.p4] as AffinityEntry).aff;
            for (let i = 0; i < ins.p2; i++) {
              const r = regs[ins.p1 + i];
              const t = applyAffinity(r.v, r.c, aff, enc);
              r.v = t.value;
              r.c = t.cls;
            }
            break;
          }
          case Op.MustBeInt: {
            const r = regs[ins.p1];
            setInt(r, ins.p3 === 0 ? limitCount(r, enc) : offsetCount(r, enc));
            break;
          }
          case Op.Function: {
            const f = pool[ins.p4] as FunctionEntry;
            const ctx = this.#ctx;
            ctx.collation = f.coll;
            const args = this.#view(pc, ins.p1, f.argc);
            const out = regs[ins.p3];
            if (f.subtype === FunctionSubtype.None) f.impl(args, out, ctx);
            else if (f.subtype === FunctionSubtype.Result) {
              clearJsonSubtype(out);
              f.impl(args, out, ctx);
            } else {
              f.impl(args, out, ctx);
              passJsonSubtype(args, out);
            }
            break;
          }
          case Op.InList: {
            const k = pool[ins.p4] as InListEntry;
            inListStep(regs[ins.p1], this.#view(pc, ins.p2, k.n), k, regs[ins.p3], enc);
            break;
          }
          case Op.OpenRead: {
            const c = openCursor(this.#p.file, pool[ins.p4] as CursorEntry, this.#opened);
            if (this.resumable) c.bt.makeResumable();
            cursors[ins.p1] = c;
            break;
          }
          case Op.Rewind:
          case Op.Last: {
            const c = cursors[ins.p1];
            c.nullRow = false;
            if (!(ins.op === Op.Rewind ? c.bt.first() : c.bt.last())) {
              pc = ins.p2;
              continue;
            }
            break;
          }
          case Op.Next:
            if (cursors[ins.p1].bt.next()) {
              if (--this.#budget < 0) throw OVER_BUDGET;
              pc = ins.p2;
              continue;
            }
            break;
          case Op.Prev:
            if (cursors[ins.p1].bt.prev()) {
              if (--this.#budget < 0) throw OVER_BUDGET;
              pc = ins.p2;
              continue;
            }
            break;
          case Op.Column: {
            const r = regs[ins.p3];
            if (!cursors[ins.p1].column(ins.p2, r)) {
              if (ins.p4 >= 0) copyReg(r, pool[ins.p4] as ConstEntry);
              else setNull(r);
            }
            if (ins.p5 === 1 && r.c === StorageClass.Integer) {
              r.v = Number(r.v);
              r.c = StorageClass.Real;
            }
            break;
          }
          case Op.Rowid:
            cursors[ins.p1].rowid(regs[ins.p2]);
            break;
          case Op.NullRow:
            cursors[ins.p1].nullRow = true;
            break;
          case Op.Count:
            setInt(regs[ins.p2], cursors[ins.p1].bt.count());
            break;
          case Op.DeferredSeek:
            cursors[ins.p1].defer(regs[ins.p3]);
            break;
          case Op.SeekRowid:
            if (seekRowid(cursors[ins.p1], regs[ins.p3], enc)) {
              pc = ins.p2;
              continue;
            }
            break;
          case Op.RowidBound:
            if (rowidBoundStep(regs[ins.p1], ins.p5, regs[ins.p3], enc)) {
              pc = ins.p2;
              continue;
            }
            break;
          case Op.SeekRowidGE:
          case Op.SeekRowidLE:
            if (seekRowidBound(cursors[ins.p1], ins.op === Op.SeekRowidGE, regs[ins.p3])) {
              pc = ins.p2;
              continue;
            }
            break;
          case Op.RowidGT:
          case Op.RowidLT:
            if (rowidPast(cursors[ins.p1], ins.op === Op.RowidGT, regs[ins.p3])) {
              pc = ins.p2;
              continue;
            }
            break;
          case Op.SeekGE:
          case Op.SeekGT:
          case Op.SeekLE:
          case Op.SeekLT:
          case Op.NotFound:
            if (seekIndex(cursors[ins.p1], ins.op, regs, ins.p3, ins.p4)) {
              pc = ins.p2;
              continue;
            }
            break;
          case Op.IdxGT:
          case Op.IdxGE:
          case Op.IdxLT:
          case Op.IdxLE:
            if (indexEntryJump(cursors[ins.p1], ins.op, regs, ins.p3, ins.p4)) {
              pc = ins.p2;
              continue;
            }
            break;
          case Op.SorterOpen:
          case Op.OpenEphemeral:
          case Op.HashOpen:
          case Op.InSetOpen:
          case Op.AggOpen:
          case Op.MatchSetOpen:
          case Op.QueueOpen:
          case Op.VFilter:
            slots[ins.p1] = openSlot(ins.op, pool[ins.p4], regs, ins.p2, ins.p3, enc, this.#p.file);
            break;
          case Op.SorterInsert:
            (slots[ins.p1] as SorterSlot).sorter.insert(storeRow(regs, ins.p2, ins.p3));
            break;
          case Op.SorterReject: {
            const sorter = slots[ins.p1] as SorterSlot;
            // (P5 = 1: the first key alone, before the others are computed.)
            if (ins.p5 ? sorter.rejectsByFirst(regs, ins.p3) : sorter.rejects(regs, ins.p3)) {
              pc = ins.p2;
              continue;
            }
            break;
          }
          case Op.IdxInsert:
            (slots[ins.p1] as SorterSlot).insertDistinct(regs, ins.p2);
            break;
          case Op.Distinct:
            if (!(slots[ins.p1] as SorterSlot).insertDistinct(regs, ins.p3)) {
              pc = ins.p2;
              continue;
            }
            break;
          case Op.EphFilter:
            (slots[ins.p1] as SorterSlot).filterBy(slots[ins.p2] as SorterSlot, ins.p3 === 1);
            break;
          case Op.EphUnion:
            (slots[ins.p1] as SorterSlot).unionWith(slots[ins.p2] as SorterSlot);
            break;
          case Op.SorterSort:
            if (!(slots[ins.p1] as SorterSlot).sort()) {
              pc = ins.p2;
              continue;
            }
            break;
          case Op.WindowCompute:
            (slots[ins.p1] as SorterSlot).computeWindows((pool[ins.p4] as WindowEntry).spec, enc);
            break;
          case Op.SorterData:
          case Op.HashData:
            (slots[ins.p1] as SorterSlot | HashSlot).load(regs, ins.p2);
            break;
          case Op.SorterNext:
          case Op.HashNext:
            if ((slots[ins.p1] as SorterSlot | HashSlot).next()) {
              pc = ins.p2;
              continue;
            }
            break;
          case Op.HashInsert:
            (slots[ins.p1] as HashSlot).insert(regs, ins.p2, ins.p3, enc);
            break;
          case Op.HashProbe:
            if (!(slots[ins.p1] as HashSlot).probe(regs, ins.p3, enc)) {
              pc = ins.p2;
              continue;
            }
            break;
          case Op.InSetAdd: {
            const s = slots[ins.p1] as InSet;
            s.add(this.#view(pc, ins.p2, s.width));
            break;
          }
          case Op.InSetProbe: {
            const s = slots[ins.p1] as InSet;
            setInResult(s.probe(this.#view(pc, ins.p2, s.width)), ins.p5 === 1, regs[ins.p3]);
            break;
          }
          case Op.AggNew: {
            const a = slots[ins.p1] as AggSlot;
            a.current = a.calls.newGroup();
            break;
          }
          case Op.IfAggEmpty:
            if (!(slots[ins.p1] as AggSlot).current) {
              pc = ins.p2;
              continue;
            }
            break;
          case Op.AggSameKey: {
            const a = slots[ins.p1] as AggSlot;
            if (a.table.sameKey(a.current!, regs, ins.p3, ins.p4)) {
              pc = ins.p2;
              continue;
            }
            break;
          }
          case Op.AggGroup:
            if (aggGroup(slots[ins.p1] as AggSlot, regs, ins.p3, ins.p4)) {
              pc = ins.p2;
              continue;
            }
            break;
          case Op.AggStore:
            aggStore(slots[ins.p1] as AggSlot, regs, ins.p2, ins.p3, ins.p4);
            break;
          case Op.AggStep: {
            const a = slots[ins.p1] as AggSlot;
            if (ins.p5) a.calls.hit = false;
            else a.calls.step(a.current!, ins.p3, this.#view(pc, ins.p2, a.calls.width(ins.p3)));
            break;
          }
          case Op.IfAggMiss:
            if (!(slots[ins.p1] as AggSlot).calls.hit) {
              pc = ins.p2;
              continue;
            }
            break;
          case Op.AggFinal:
            aggFinal(slots[ins.p1] as AggSlot, regs, ins.p2);
            break;
          case Op.AggLoad:
            aggLoad(slots[ins.p1] as AggSlot, regs, ins.p2, ins.p3, ins.p4);
            break;
          case Op.AggSort:
            if (!aggSort(slots[ins.p1] as AggSlot, ins.p4)) {
              pc = ins.p2;
              continue;
            }
            break;
          case Op.AggNextGroup:
            if (aggNextGroup(slots[ins.p1] as AggSlot)) {
              pc = ins.p2;
              continue;
            }
            break;
          case Op.MatchSetAdd:
            (slots[ins.p1] as Set<number>).add(regs[ins.p2].v as number);
            break;
          case Op.MatchSetTest:
            if ((slots[ins.p1] as Set<number>).has(regs[ins.p3].v as number)) {
              pc = ins.p2;
              continue;
            }
            break;
          case Op.AddImm: {
            const r = regs[ins.p1];
            setInt(r, (r.v as number) + ins.p2);
            break;
          }
          case Op.QueuePush:
            (slots[ins.p1] as RecursiveQueue).push(regs, ins.p2, ins.p3);
            break;
          case Op.QueuePop:
            if (!(slots[ins.p1] as RecursiveQueue).pop(regs, ins.p3)) {
              pc = ins.p2;
              continue;
            }
            break;
          case Op.VNextRow:
            if (!(slots[ins.p1] as RowsSlot).nextInto(regs, ins.p3, ins.p4)) {
              pc = ins.p2;
              continue;
            }
            break;
          default:
            // Every opcode has a case: a new one fails type checking here until it does.
            ins.op satisfies never;
            throw new SqliteError("SQLITE_INTERNAL", bugMessage(Bug.UnknownOpcode, ins.op, pc));
        }
        pc++;
      }
    } catch (e) {
      this.#pc = pc;
      throw e;
    }
  }
}
