/**
 * A program's WebAssembly module: `run()` executes from the place saved in the global
 * `next` until a result row (returns {@link RUN_ROW}) or the end ({@link RUN_DONE}).
 *
 * The native addresses (plan/native.ts) are the cases of a dispatch loop: a `br_table` on the
 * number of the address to run (`id`), cases in address order so that consecutive native
 * instructions fall through into each other. A negative `id` names a JS block
 * (protocol.ts `jsBlockId`): the loop calls the imported segments, which run JS until they
 * reach a native address (whose id they return), a result row or the end. `next` holds an
 * `id` the same way.
 *
 * Register slots, cursor positions and constants live in the run's frame, whose address
 * the run sets in the global `fp`; the code holds only offsets into it and the compiler's
 * integer operands, never a value from the query or the file.
 */
import { Bug, bugError } from "../../../core/internal_error.ts";
import { StorageClass } from "../../../core/value/types.ts";
import { Op } from "../../bytecode/opcodes.ts";
import type { CompiledProgram } from "../../bytecode/program.ts";
import type { Label } from "../emit/function_builder.ts";
import type { FunctionBuilder } from "../emit/function_builder.ts";
import { Load, Plain, Store } from "../emit/instructions.ts";
import { ModuleBuilder } from "../emit/module_builder.ts";
import { importHost } from "./host_imports.ts";
import { emitJsBlock, jsBlockId, type SegmentTranslation } from "../protocol.ts";
import { emitAggregate } from "./aggregate_ops.ts";
import {
  boundKey,
  BoundMode,
  CursorField,
  CursorMode,
  CursorMove,
  FIELD_ENTRY,
  type FrameLayout,
} from "../plan/frame_layout.ts";
import type { NativePlan } from "../plan/native.ts";
import { CompareResult, NullOrder } from "../runtime/compare.ts";
import { runtimeEntries } from "../runtime/shared.ts";
import { RuntimeFunction } from "../runtime/prebuilt.ts";
import { Slot } from "../runtime/reg_slots.ts";

/** What `run()` returns (a const enum, so bundles hold the numbers). */
export const enum Run {
  /** The end of the run. */
  DONE = 0,
  /** A result row is ready. */
  ROW = 1,
}

/** What the module exports, by export name. */
export type ModuleExports = {
  /** Runs from `next` to a result row ({@link Run.ROW}) or the end ({@link Run.DONE}). */
  run(): number;
  /** Where the next `run` starts (a mutable global). */
  next: WebAssembly.Global;
  /** The address of the run's frame (a mutable global). */
  fp: WebAssembly.Global;
};

/**
 * The i32 comparison of a three-way result with 0 that each comparison opcode means, from Eq
 * to Ge.
 */
const HOLDS = [
  Plain["i32.eqz"],
  Plain["i32.ne"],
  Plain["i32.lt_s"],
  Plain["i32.le_s"],
  Plain["i32.gt_s"],
  Plain["i32.ge_s"],
];

/** The i64 comparison of two INTEGERs that each comparison opcode means, from Eq to Ge. */
const HOLDS_I64 = [
  Plain["i64.eq"],
  Plain["i64.ne"],
  Plain["i64.lt_s"],
  Plain["i64.le_s"],
  Plain["i64.gt_s"],
  Plain["i64.ge_s"],
];

/** Native addresses in order, numbered densely: the ids the module dispatches on. */
export function nativeIds(plan: NativePlan): Map<number, number> {
  const ids = new Map<number, number>();
  plan.native.forEach((n, pc) => n && ids.set(pc, ids.size));
  return ids;
}

/** The module of program `p`. */
export function buildModule(
  p: CompiledProgram,
  plan: NativePlan,
  layout: FrameLayout,
  js: SegmentTranslation,
): { bytes: Uint8Array<ArrayBuffer>; entry: number } {
  // The runtime's routines come first (runtime/shared.ts).
  const m = new ModuleBuilder("litejit", runtimeEntries());
  const [seg, cursor] = importHost(m);
  const ids = nativeIds(plan);
  const entry = encodeTarget(0, plan, ids, js);
  const next = m.addGlobal("i32", true, entry, "next");
  m.exportGlobal("next" satisfies keyof ModuleExports, next);
  const fpGlobal = m.addGlobal("i32", true, 0, "fp");
  m.exportGlobal("fp" satisfies keyof ModuleExports, fpGlobal);
  const run = m.addFunction([], ["i32"], "run");
  const fp = run.addLocal("i32", "fp");
  const id = run.addLocal("i32", "id");
  const t = run.addLocal("i32", "t");
  const rec = run.addLocal("i32", "rec");
  const st = run.addLocal("i32", "cursor");
  const x = run.addLocal("i64", "x");
  const y = run.addLocal("i64", "y");
  const h = run.addLocal("i32", "h");
  run.globalGet(fpGlobal).localSet(fp);
  run.globalGet(next).localSet(id);
  const order = [...ids.keys()];
  // The case being emitted, and each case's label: a jump to a case further down branches
  // straight to it, past the blocks in between; one back goes through the dispatch.
  let current = 0;
  const labels: Label[] = new Array(order.length);
  run.loop("empty", (dispatch) => {
    // A JS block first, when that is where control is.
    emitJsBlock(run, { id, seg, next, row: Run.ROW, done: Run.DONE });
    const ctx: OpContext = {
      f: run,
      p,
      plan,
      layout,
      fp,
      t,
      rec,
      st,
      x,
      y,
      h,
      cursor,
      next,
      goto: (target) => {
        const k = ids.get(target) ?? -1;
        if (k > current) run.br(labels[k]);
        else run.i32Const(ctx.encode(target)).localSet(id).br(dispatch);
      },
      gotoIf: (target) => run.ifElse("empty", () => ctx.goto(target)),
      fallbackIf: (pc) =>
        run.ifElse("empty", () => {
          run.i32Const(jsBlockId(js.fallbackBlockOf.get(pc)!)).localSet(id).br(dispatch);
        }),
      encode: (target) => encodeTarget(target, plan, ids, js),
    };
    // One nested block per native address and a `br_table` on `id` that sends case `k` to
    // the code placed after the `k`-th block's end; cases follow each other in order, each
    // falling through into the next. The br_table inside the innermost block names every
    // label: open the blocks from the outermost (case n - 1) inwards, then close them one by
    // one, each followed by its case.
    const n = order.length;
    if (n > 0) {
      for (let k = n - 1; k >= 0; k--) labels[k] = run.openBlock("empty");
      run.localGet(id).brTable(labels, labels[n - 1]);
      for (; current < n; current++) {
        run.endBlock(labels[current]);
        emitInstruction(ctx, order[current]);
      }
    }
  });
  run.op(Plain["unreachable"]);
  m.exportFunction("run" satisfies keyof ModuleExports, run.index);
  return { bytes: m.toBytes() as Uint8Array<ArrayBuffer>, entry };
}

/** The `id` for continuing at address `target`. */
function encodeTarget(
  target: number,
  plan: NativePlan,
  ids: ReadonlyMap<number, number>,
  js: SegmentTranslation,
): number {
  if (plan.native[target]) return ids.get(target)!;
  const b = js.blockOf.get(target);
  if (b === undefined) throw bugError(Bug.NoBlockAt, target);
  return jsBlockId(b);
}

/** What emitting one native instruction needs. */
export interface OpContext {
  f: FunctionBuilder;
  p: CompiledProgram;
  plan: NativePlan;
  layout: FrameLayout;
  fp: number;
  t: number;
  rec: number;
  st: number;
  /** Scratch locals: two i64 and one i32. */
  x: number;
  y: number;
  h: number;
  cursor: number;
  next: number;
  /** Continues at address `target`. */
  goto(target: number): void;
  /** Continues at address `target` if the i32 on the stack is not 0. */
  gotoIf(target: number): void;
  /** Hands the run to native address `pc`'s JS fallback if the i32 on the stack is not 0. */
  fallbackIf(pc: number): void;
  encode(target: number): number;
}

/** Emits native address `pc`, then continues with the next address (falling through). */
function emitInstruction(c: OpContext, pc: number): void {
  const ins = c.p.code[pc];
  const f = c.f;
  const slot = (r: number) => frameAddress(c, r * Slot.SIZE);
  const fusion = c.plan.fusions.get(pc);
  if (c.plan.fusedLoads.has(pc)) {
    // Done by the fused comparison that follows.
  } else if (fusion) {
    // A column tested against TEXT bytes: compared in place, or the three instructions in JS.
    const col = c.p.code[fusion.column];
    readField(c, pc, col.p1, col.p2, c.layout.scratch);
    // A NULL field makes the comparison NULL (core's compare); a number or BLOB falls back.
    f.localTee(c.t).op(Plain["i32.eqz"]).ifElse(
      "empty",
      () => setClass(c, ins.p3, StorageClass.Null),
      () => {
        f.localGet(c.t).i32Const(StorageClass.Text).op(Plain["i32.ne"]);
        c.fallbackIf(pc);
        storeInt(c, ins.p3, () => {
          // The field against the constant's bytes, negated when the constant is P1.
          if (col.p3 !== ins.p1) f.i32Const(0);
          frameAddress(c, c.layout.scratch);
          frameAddress(c, c.layout.fusedBytes(pc)).i32Const(fusion.bytes.length);
          f.call(RuntimeFunction.textOrder);
          if (col.p3 !== ins.p1) f.op(Plain["i32.sub"]);
          if (ins.op !== Op.Eq) f.i32Const(0);
          f.op(HOLDS[ins.op - Op.Eq]).op(Plain["i64.extend_i32_u"]);
        });
      },
    );
  } else {
    switch (ins.op) {
      case Op.Init:
      case Op.Goto:
        c.goto(ins.p2);
        return;
      case Op.Halt:
        f.i32Const(Run.DONE).op(Plain["return"]);
        return;
      case Op.ResultRow:
        f.i32Const(c.encode(pc + 1)).globalSet(c.next).i32Const(Run.ROW).op(Plain["return"]);
        return;
      case Op.Integer:
        storeInt(c, ins.p2, () => f.i64Const(BigInt(ins.p1)));
        break;
      case Op.Int64:
      case Op.Real: {
        const from = c.layout.constant(pc);
        copySlot(c, c.fp, ins.p2 * Slot.SIZE, from);
        break;
      }
      case Op.Null:
        for (let r = ins.p2; r <= ins.p3; r++) setClass(c, r, StorageClass.Null);
        break;
      case Op.IsNull:
      case Op.NotNull:
        f.localGet(c.fp).load(Load["i32.load"], ins.p1 * Slot.SIZE + Slot.CLASS);
        if (ins.op === Op.IsNull) f.op(Plain["i32.eqz"]);
        c.gotoIf(ins.p2);
        break;
      case Op.If:
      case Op.IfNot: {
        // NULL jumps when P3 says so: pass the truth that makes it jump, or not.
        const jumpOn = ins.op === Op.If ? 1 : 0;
        const ifNull = ins.p3 !== 0 ? jumpOn : 1 - jumpOn;
        // An INTEGER (a comparison's result, nearly always) is tested in place.
        f.localGet(c.fp).load(Load["i32.load"], ins.p1 * Slot.SIZE + Slot.CLASS);
        f.i32Const(StorageClass.Integer).op(Plain["i32.eq"]).ifElse("i32", () => {
          f.localGet(c.fp).load(Load["i64.load"], ins.p1 * Slot.SIZE + Slot.VALUE).i64Const(0n);
          f.op(Plain["i64.ne"]);
        }, () => slot(ins.p1).i32Const(ifNull).call(RuntimeFunction.truth));
        f.localTee(c.t);
        f.i32Const(CompareResult.Declined).op(Plain["i32.eq"]);
        c.fallbackIf(pc);
        f.localGet(c.t).i32Const(jumpOn).op(Plain["i32.eq"]);
        c.gotoIf(ins.p2);
        break;
      }
      case Op.Eq:
      case Op.Ne:
      case Op.Lt:
      case Op.Le:
      case Op.Gt:
      case Op.Ge: {
        // Two INTEGERs are compared in place: the result stored, or (a branch: plan/native.ts)
        // the If/IfNot after it jumping, or passed over, right here. Other operands: the
        // runtime's compare.
        const operands = [ins.p1 * Slot.SIZE, ins.p2 * Slot.SIZE];
        const test = c.plan.branches.has(pc) ? c.p.code[pc + 1] : null;
        const holds = () => {
          for (const at of operands) f.localGet(c.fp).load(Load["i64.load"], at + Slot.VALUE);
          f.op(HOLDS_I64[ins.op - Op.Eq]);
        };
        for (const at of operands) {
          f.localGet(c.fp).load(Load["i32.load"], at + Slot.CLASS);
          f.i32Const(StorageClass.Integer).op(Plain["i32.eq"]);
        }
        f.op(Plain["i32.and"]).ifElse("empty", () => {
          if (test) {
            holds();
            if (test.op === Op.IfNot) f.op(Plain["i32.eqz"]);
            c.gotoIf(test.p2);
            c.goto(pc + 2);
          } else {
            storeInt(c, ins.p3, () => {
              holds();
              f.op(Plain["i64.extend_i32_u"]);
            });
          }
        }, () => {
          slot(ins.p1);
          slot(ins.p2);
          f.i32Const(NullOrder.Null).call(RuntimeFunction.compare).localTee(c.t);
          f.i32Const(CompareResult.Declined).op(Plain["i32.eq"]);
          c.fallbackIf(pc);
          f.localGet(c.t).i32Const(CompareResult.Null).op(Plain["i32.eq"]).ifElse("empty", () => {
            setClass(c, ins.p3, StorageClass.Null);
          }, () => {
            storeInt(c, ins.p3, () => {
              f.localGet(c.t);
              if (ins.op !== Op.Eq) f.i32Const(0);
              f.op(HOLDS[ins.op - Op.Eq]).op(Plain["i64.extend_i32_u"]);
            });
          });
        });
        break;
      }
      case Op.Add:
      case Op.Subtract:
      case Op.Multiply:
      case Op.Divide:
      case Op.Remainder:
        slot(ins.p1);
        slot(ins.p2);
        slot(ins.p3);
        f.i32Const(ins.op - Op.Add).call(RuntimeFunction.arith).op(Plain["i32.eqz"]);
        c.fallbackIf(pc);
        break;
      case Op.Rewind:
        f.i32Const(CursorMove.Rewind).i32Const(ins.p1).call(c.cursor).op(Plain["i32.eqz"]);
        c.gotoIf(ins.p2);
        break;
      case Op.Next:
        frameAddress(c, c.layout.cursor(ins.p1)).localTee(c.st);
        f.load(Load["i32.load"], CursorField.Mode).i32Const(CursorMode.Invalid).op(Plain["i32.ne"])
          .ifElse(
            "empty",
            () => {
              f.localGet(c.st).localGet(c.st).load(Load["i32.load"], CursorField.Index)
                .i32Const(1).op(Plain["i32.add"]);
              f.localTee(c.t).store(Store["i32.store"], CursorField.Index);
              f.localGet(c.t).localGet(c.st).load(Load["i32.load"], CursorField.Count).op(
                Plain["i32.lt_s"],
              );
              c.gotoIf(ins.p2);
              f.i32Const(CursorMove.NextLeaf).i32Const(ins.p1).call(c.cursor);
              c.gotoIf(ins.p2);
            },
          );
        break;
      case Op.Column:
        {
          // (P5 = 1: a REAL column, whose integers read back as REAL.)
          readField(c, pc, ins.p1, ins.p2, ins.p3 * Slot.SIZE, ins.p5 === 1);
          // TEXT and BLOB become JS values in the fallback, which decodes them.
          f.i32Const(StorageClass.Real).op(Plain["i32.gt_u"]);
          c.fallbackIf(pc);
        }
        break;
      case Op.Rowid:
        cellOrFallback(c, pc, ins.p1);
        storeInt(c, ins.p2, () => f.localGet(c.st).load(Load["i64.load"], CursorField.CachedRowid));
        break;
      case Op.SorterReject:
        {
          // Whether the sorter would drop the row, from the bound JS published
          // (plan/frame_layout.ts BoundMode): the row's keys against the root's, key by
          // key, as core/exec/sorter.ts rowComparator orders them (a NULL first or last
          // whatever the direction); a row tied on every key sorts after the root and is
          // dropped. A TEXT or BLOB key is left to JS. The first-key test (P5 = 1) compares
          // the first key alone and drops only a row that sorts after the root by it.
          const b = c.plan.bounds.get(ins.p1)!;
          const keys = ins.p5 ? b.keys.slice(0, 1) : b.keys;
          const at = c.layout.bound(ins.p1);
          f.localGet(c.fp).load(Load["i32.load"], at).localTee(c.t);
          f.i32Const(BoundMode.RejectAll).op(Plain["i32.eq"]);
          c.gotoIf(ins.p2);
          f.localGet(c.t).i32Const(BoundMode.Compare).op(Plain["i32.eq"]).ifElse("empty", () => {
            f.block("empty", (kept) => {
              keys.forEach((k, i) => {
                slot(k.reg);
                frameAddress(c, at + boundKey(i));
                // NULL's place does not turn with the direction, which is applied after.
                f.i32Const(k.nullsFirst !== k.desc ? NullOrder.First : NullOrder.Last);
                f.call(RuntimeFunction.compare).localTee(c.t);
                // Declined (TEXT or BLOB): above 1.
                f.i32Const(1).op(Plain["i32.gt_s"]);
                c.fallbackIf(pc);
                if (k.desc) f.i32Const(0).localGet(c.t).op(Plain["i32.sub"]).localSet(c.t);
                f.localGet(c.t).i32Const(0).op(Plain["i32.gt_s"]);
                c.gotoIf(ins.p2);
                f.localGet(c.t).i32Const(0).op(Plain["i32.lt_s"]).brIf(kept);
              });
              if (!ins.p5) c.goto(ins.p2);
            });
          }, () => {
            f.localGet(c.t).i32Const(BoundMode.Pass).op(Plain["i32.ne"]);
            c.fallbackIf(pc);
          });
        }
        break;
      case Op.AggGroup:
      case Op.AggStore:
      case Op.AggStep:
        emitAggregate(c, pc, ins);
        break;
      default:
        throw bugError(Bug.NoNativeCode, pc);
    }
  }
  if (pc + 1 < c.p.code.length && !c.plan.native[pc + 1]) c.goto(pc + 1);
}

/** Pushes the address `offset` bytes into the run's frame. */
export function frameAddress(c: OpContext, offset: number): FunctionBuilder {
  return c.f.localGet(c.fp).i32Const(offset).op(Plain["i32.add"]);
}

function setClass(c: OpContext, r: number, cls: StorageClass): void {
  c.f.localGet(c.fp).i32Const(cls).store(Store["i32.store"], r * Slot.SIZE + Slot.CLASS);
}

/** Copies the slot at frame offset `from` to the address in local `base` + `to`. */
export function copySlot(c: OpContext, base: number, to: number, from: number): void {
  for (const half of [0, 8]) {
    c.f.localGet(base).localGet(c.fp).load(Load["i64.load"], from + half);
    c.f.store(Store["i64.store"], to + half);
  }
}

/** Stores the i64 that `value` pushes as INTEGER register `r`. */
export function storeInt(c: OpContext, r: number, value: () => void): void {
  c.f.localGet(c.fp);
  value();
  c.f.store(Store["i64.store"], r * Slot.SIZE + Slot.VALUE);
  setClass(c, r, StorageClass.Integer);
}

/**
 * Leaves the address of cursor `cur`'s position in `st`, its current cell decoded and
 * cached there (runtime/cell.ts), or falls back; the cached cell is checked here, without
 * a call, as every column after a row's first finds it.
 */
function cellOrFallback(c: OpContext, pc: number, cur: number): void {
  const f = c.f;
  frameAddress(c, c.layout.cursor(cur)).localTee(c.st).load(Load["i32.load"], CursorField.Index);
  f.i32Const(1).op(Plain["i32.add"]);
  f.localGet(c.st).load(Load["i32.load"], CursorField.CachedIndex).op(Plain["i32.ne"]);
  f.ifElse("empty", () => {
    f.localGet(c.st).i32Const(c.layout.wants.get(cur) ?? 0).call(RuntimeFunction.cell).op(
      Plain["i32.eqz"],
    );
    c.fallbackIf(pc);
  });
}

/**
 * Decodes field `field` of cursor `cur`'s row into the slot at frame offset `out` (an
 * integer as REAL when `real`) and pushes its storage class, or falls back (a damaged
 * record, or fewer fields than the table: JS reads it). The runtime's `cell` read the
 * row's header once, as far as the program's last field.
 */
function readField(
  c: OpContext,
  pc: number,
  cur: number,
  field: number,
  out: number,
  real = false,
): void {
  const f = c.f;
  cellOrFallback(c, pc, cur);
  f.localGet(c.st).load(Load["i32.load"], CursorField.Parsed).i32Const(field).op(
    Plain["i32.le_u"],
  );
  c.fallbackIf(pc);
  const entry = CursorField.Table + field * FIELD_ENTRY;
  // The runtime's `value` (which tests/wasm_runtime_test.ts compares with core) reads a
  // field of the serial type on the stack into the slot at `out`.
  const value = () => {
    f.localGet(c.st).load(Load["i32.load"], entry + 4);
    frameAddress(c, out).i32Const(real ? 1 : 0).call(RuntimeFunction.value);
  };
  f.localGet(c.st).load(Load["i32.load"], entry);
  // A REAL column's integers read back as REAL: always the runtime's.
  if (real) return value();
  // An integer of 1-4 bytes (most) in place, without a call: four bytes loaded (a page in the
  // memory is followed by more), reversed, shifted right past those not the field's.
  f.localTee(c.h).i32Const(1).op(Plain["i32.sub"]).i32Const(4).op(Plain["i32.lt_u"]);
  f.ifElse("i32", () => {
    f.localGet(c.fp);
    f.localGet(c.st).load(Load["i32.load"], entry + 4).load(Load["i32.load"], 0).localTee(c.t);
    f.i32Const(0x00ff00ff).op(Plain["i32.and"]).i32Const(8).op(Plain["i32.shl"]);
    f.localGet(c.t).i32Const(8).op(Plain["i32.shr_u"]).i32Const(0x00ff00ff).op(Plain["i32.and"]);
    f.op(Plain["i32.or"]).i32Const(16).op(Plain["i32.rotl"]);
    f.i32Const(4).localGet(c.h).op(Plain["i32.sub"]).i32Const(3).op(Plain["i32.shl"]);
    f.op(Plain["i32.shr_s"]).op(Plain["i64.extend_i32_s"]).store(
      Store["i64.store"],
      out + Slot.VALUE,
    );
    f.localGet(c.fp).i32Const(StorageClass.Integer).store(Store["i32.store"], out + Slot.CLASS);
    f.i32Const(StorageClass.Integer);
  }, () => {
    f.localGet(c.h);
    value();
  });
}
