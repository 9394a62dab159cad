/**
 * The module's code for a native aggregation (plan/aggregate.ts): AggGroup finds or makes the
 * row's group in the frame's hash table (open addressing on the 64-bit key), AggStore has
 * nothing left to do (the key was kept when the group was made), AggStep counts, adds, or
 * keeps the better number (min/max).
 * Each declines into its JS fallback (which first spills the groups to JS) on what it does
 * not keep natively.
 */
import { StorageClass } from "../../../core/value/types.ts";
import { Op } from "../../bytecode/opcodes.ts";
import type { Insn } from "../../bytecode/program.ts";
import {
  AGG_INDEX_SLOTS,
  AGG_MAX_GROUPS,
  AggField,
  AggKind,
  GROUP_CALLS,
  groupRecordSize,
} from "../plan/aggregate.ts";
import { copySlot, frameAddress, type OpContext } from "./module.ts";
import { CompareResult, NullOrder } from "../runtime/compare.ts";
import { Slot } from "../runtime/reg_slots.ts";
import { RuntimeFunction } from "../runtime/prebuilt.ts";
import { Load, Plain, Store } from "../emit/instructions.ts";

/** Fibonacci hashing: the key times 2^64 / φ, its top bits the index slot. */
const GOLDEN = -7046029254386353131n; // 0x9E3779B97F4A7C15 as an i64
const INDEX_BITS = Math.log2(AGG_INDEX_SLOTS);

/** Emits AggGroup, AggStore or AggStep `ins` at `pc` of a native aggregation. */
export function emitAggregate(c: OpContext, pc: number, ins: Insn): void {
  const f = c.f;
  const agg = c.plan.aggregates.get(ins.p1)!;
  const at = c.layout.aggregate(ins.p1);
  const size = groupRecordSize(agg.kinds.length);
  f.localGet(c.fp).load(Load["i32.load"], at + AggField.Spilled);
  c.fallbackIf(pc);
  /** Leaves in `rec` the frame pointer plus the byte offset of group `group()` pushes. */
  const record = (group: () => void) => {
    group();
    f.i32Const(size).op(Plain["i32.mul"]).localGet(c.fp).op(Plain["i32.add"]).localSet(c.rec);
  };
  const indexSlot = () => {
    f.localGet(c.fp).localGet(c.h).i32Const(4).op(Plain["i32.mul"]).op(Plain["i32.add"]);
  };
  if (ins.op === Op.AggStore) return;
  if (ins.op === Op.AggGroup) {
    const key = agg.keyReg! * Slot.SIZE;
    /** Makes group number `count` for the key, linked by `link` (which stores `t` + 1). */
    const newGroup = (link: () => void) => {
      f.localGet(c.fp).load(Load["i32.load"], at + AggField.Count).localTee(c.t);
      f.i32Const(AGG_MAX_GROUPS).op(Plain["i32.eq"]);
      c.fallbackIf(pc);
      f.localGet(c.fp).localGet(c.t).i32Const(1).op(Plain["i32.add"]).store(
        Store["i32.store"],
        at + AggField.Count,
      );
      link();
      f.localGet(c.fp).localGet(c.t).store(Store["i32.store"], at + AggField.Current);
      record(() => f.localGet(c.t));
      copySlot(c, c.rec, at + AggField.Groups, key);
      // The calls' states zeroed, 8 bytes at a time.
      for (let off = 0; off < 16 * agg.kinds.length; off += 8) {
        f.localGet(c.rec).i64Const(0n).store(
          Store["i64.store"],
          at + AggField.Groups + GROUP_CALLS + off,
        );
      }
      c.goto(pc + 1);
    };
    const linkTo = (slot: () => void, offset: number) => () => {
      slot();
      f.localGet(c.t).i32Const(1).op(Plain["i32.add"]).store(Store["i32.store"], offset);
    };
    /** Makes group `t` - 1 current and goes to P2 (the group existed). */
    const found = () => {
      f.localGet(c.fp).localGet(c.t).i32Const(1).op(Plain["i32.sub"]);
      f.store(Store["i32.store"], at + AggField.Current);
      c.goto(ins.p2);
    };
    f.localGet(c.fp).load(Load["i32.load"], key + Slot.CLASS).localTee(c.t);
    f.op(Plain["i32.eqz"]).ifElse("empty", () => {
      // NULL keys form one group, outside the hash table.
      f.localGet(c.fp).load(Load["i32.load"], at + AggField.NullGroup).localTee(c.t).op(
        Plain["i32.eqz"],
      );
      f.ifElse("empty", () => newGroup(linkTo(() => f.localGet(c.fp), at + AggField.NullGroup)));
      found();
    });
    f.localGet(c.t).i32Const(StorageClass.Integer).op(Plain["i32.ne"]);
    c.fallbackIf(pc);
    f.localGet(c.fp).load(Load["i64.load"], key + Slot.VALUE).localTee(c.x);
    f.i64Const(GOLDEN).op(Plain["i64.mul"]).i64Const(BigInt(64 - INDEX_BITS)).op(
      Plain["i64.shr_u"],
    );
    f.op(Plain["i32.wrap_i64"]).localSet(c.h);
    f.loop("empty", (probe) => {
      indexSlot();
      f.load(Load["i32.load"], at + AggField.Index).localTee(c.t).op(Plain["i32.eqz"]);
      f.ifElse("empty", () => newGroup(linkTo(indexSlot, at + AggField.Index)));
      record(() => f.localGet(c.t).i32Const(1).op(Plain["i32.sub"]));
      // An INTEGER key's record holds an INTEGER: comparing the values is enough.
      f.localGet(c.rec).load(Load["i64.load"], at + AggField.Groups + Slot.VALUE).localGet(c.x);
      f.op(Plain["i64.eq"]).ifElse("empty", found);
      f.localGet(c.h).i32Const(1).op(Plain["i32.add"]).i32Const(AGG_INDEX_SLOTS - 1).op(
        Plain["i32.and"],
      );
      f.localSet(c.h).br(probe);
    });
    return;
  }
  // AggStep of call p3 on the current group.
  const kind = agg.kinds[ins.p3];
  const count = at + AggField.Groups + GROUP_CALLS + 16 * ins.p3;
  const sum = count + 8;
  record(() => f.localGet(c.fp).load(Load["i32.load"], at + AggField.Current));
  const countOne = () => {
    f.localGet(c.rec).localGet(c.rec).load(Load["i64.load"], count).i64Const(1n).op(
      Plain["i64.add"],
    );
    f.store(Store["i64.store"], count);
  };
  if (kind === AggKind.CountRows) {
    countOne();
    return;
  }
  const arg = ins.p2 * Slot.SIZE;
  f.localGet(c.fp).load(Load["i32.load"], arg + Slot.CLASS).localTee(c.t);
  if (kind === AggKind.CountArg) {
    f.ifElse("empty", countOne);
    return;
  }
  if (kind === AggKind.Min || kind === AggKind.Max) {
    // min()/max() over numbers (core/functions/aggregate/min_max.ts): NULL is skipped, the
    // first value is kept, and a value replaces the best only if strictly better (INTEGER
    // and REAL compared exactly); TEXT or BLOB falls back. The call's state, the best so
    // far, is a register slot in the group record at `count` (relative to `rec`).
    // The class is on the stack (and in `t`): NULL skips the row.
    f.ifElse("empty", () => {
      f.localGet(c.t).i32Const(StorageClass.Real).op(Plain["i32.gt_u"]);
      c.fallbackIf(pc);
      frameAddress(c, arg);
      f.localGet(c.rec).i32Const(count).op(Plain["i32.add"]);
      f.i32Const(NullOrder.Null).call(RuntimeFunction.compare).localTee(c.t);
      f.i32Const(CompareResult.Declined).op(Plain["i32.eq"]);
      c.fallbackIf(pc);
      // No best yet (compare says NULL), or a strictly better value: it becomes the best.
      f.localGet(c.t).i32Const(CompareResult.Null).op(Plain["i32.eq"]);
      f.localGet(c.t).i32Const(kind === AggKind.Max ? 1 : -1).op(Plain["i32.eq"]);
      f.op(Plain["i32.or"]).ifElse("empty", () => copySlot(c, c.rec, count, arg));
    });
    return;
  }
  // sum/total/avg: NULL is skipped; an INTEGER is added unless the sum would overflow.
  f.ifElse("empty", () => {
    f.localGet(c.t).i32Const(StorageClass.Integer).op(Plain["i32.ne"]);
    c.fallbackIf(pc);
    f.localGet(c.fp).load(Load["i64.load"], arg + Slot.VALUE).localTee(c.x);
    f.localGet(c.rec).load(Load["i64.load"], sum).op(Plain["i64.add"]).localSet(c.y);
    // Overflow: both operands' signs differ from the result's.
    f.localGet(c.x).localGet(c.y).op(Plain["i64.xor"]);
    f.localGet(c.rec).load(Load["i64.load"], sum).localGet(c.y).op(Plain["i64.xor"]);
    f.op(Plain["i64.and"]).i64Const(0n).op(Plain["i64.lt_s"]);
    c.fallbackIf(pc);
    f.localGet(c.rec).localGet(c.y).store(Store["i64.store"], sum);
    countOne();
  });
}
