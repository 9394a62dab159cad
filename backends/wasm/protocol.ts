/**
 * How a statement's Wasm module and its JS segments share one run: every encoding that
 * crosses between them, and the shape of the segments' source (the JS backend's
 * translation, backends/js-codegen/translate.ts, with these hooks).
 *
 * The module owns the control flow. It dispatches on an `id`: a native address's id
 * (≥ 0, {@link NativePlan} order) or a JS block `b` as {@link jsBlockId}(b). For a JS
 * block it calls the imported `seg(b)`, which runs JS until it reaches a native address
 * (returns that address's id), the end ({@link SEG_END}) or a result row made in JS
 * (a row return, -2 - b below SEG_END: resume at block `b`). A row made in JS also sets `W.resume` to
 * `b` (FrameAccess.resume): its registers are in the JS locals, so the next step calls
 * `seg(b)` itself without a trip through the module.
 *
 * The segments' object is `{ seg, R, opened, syncIn, cur }`: `syncIn(b)` copies what the
 * module kept into the JS locals for a block the module enters (-1: all of it, after a row
 * made by the module), `cur(i)` is cursor `i`.
 */
import { Op } from "../bytecode/opcodes.ts";
import type { CompiledProgram } from "../bytecode/program.ts";
import type { ExtraBlock, TranslationHooks } from "../js-codegen/translate.ts";
import type { FunctionBuilder } from "./emit/function_builder.ts";
import { Plain } from "./emit/instructions.ts";

/** What `seg` returns at the end of the run. */
export const SEG_END = -1;

/** The module's id for JS block `b` (the same function decodes it). */
export function jsBlockId(b: number): number {
  return -1 - b;
}

/**
 * Emits the module's side of a JS block: with the id in local `id` negative, calls
 * `seg` and leaves the native id it returns in `id`; returns `done` at the end, and after a
 * row made in JS sets `next` to the block to resume at (the row return -2 - b, plus 1, is
 * its {@link jsBlockId}) and returns `row`.
 */
export function emitJsBlock(
  f: FunctionBuilder,
  at: { id: number; seg: number; next: number; row: number; done: number },
): void {
  f.block("empty", (toNative) => {
    f.localGet(at.id).i32Const(0).op(Plain["i32.ge_s"]).brIf(toNative);
    // seg(jsBlockId(id)), into id
    f.i32Const(-1).localGet(at.id).op(Plain["i32.sub"]).call(at.seg).localTee(at.id);
    f.i32Const(SEG_END).op(Plain["i32.eq"]).ifElse(
      "empty",
      () => f.i32Const(at.done).op(Plain["return"]),
    );
    f.localGet(at.id).i32Const(SEG_END).op(Plain["i32.lt_s"]).ifElse("empty", () => {
      f.i32Const(1).localGet(at.id).op(Plain["i32.add"]).globalSet(at.next);
      f.i32Const(at.row).op(Plain["return"]);
    });
  });
}

/** What the Wasm backend decides about a program, as the segments' source needs it. */
export interface SegmentLayout {
  /** Per address: whether the module runs it (JS hands control back on reaching it). */
  readonly native: readonly boolean[];
  /** The id the module dispatches on for native address `pc`. */
  nativeId(pc: number): number;
  /** Native address → the addresses whose templates run in JS when it declines. */
  readonly fallbacks: ReadonlyMap<number, readonly number[]>;
  /**
   * Statements copying the module's state into the JS locals when the module enters JS at
   * address `pc` (a JS address, or with `fallback` the fallback of native address `pc`);
   * `pc` -1: everything native code keeps (for a result row).
   */
  syncIn(pc: number, fallback?: boolean): string;
  /**
   * Statements copying JS locals back into the module's state before handing `pc` back
   * (-1: everything, before a result row: the slots are then what the run resumes from).
   */
  syncOut(pc: number): string;
  /** Statements to run before the JS template of address `pc` (in a fallback block too). */
  before?(pc: number): string;
  /** Statements to run after the JS template of address `pc` (one that falls through). */
  after?(pc: number): string;
}

/** The translation hooks of the segments, and the JS blocks the module needs to know. */
export interface SegmentTranslation {
  hooks: TranslationHooks;
  /** Filled by the translation: the block number of each address that starts a block. */
  blockOf: ReadonlyMap<number, number>;
  /** Filled by the translation: the block of each native address's fallback. */
  fallbackBlockOf: ReadonlyMap<number, number>;
}

/** The segments' hooks for program `p` under `layout`. */
export function segmentHooks(p: CompiledProgram, layout: SegmentLayout): SegmentTranslation {
  // Blocks after the fallbacks resume JS after a row made in JS (one per such row).
  const rowPcs = p.code.flatMap((ins, pc) =>
    !layout.native[pc] && ins.op === Op.ResultRow ? [pc] : []
  );
  const fallbacks = [...layout.fallbacks];
  const fallbackBlockOf = new Map<number, number>();
  const rowResumes = new Map<number, number>();
  const out: SegmentTranslation = { hooks: null!, blockOf: new Map(), fallbackBlockOf };
  const cursors = Array.from({ length: p.nCursors }, (_, i) => `c${i}`).join(", ");
  /** The cases of `syncIn(block)`: one per block the module may enter, all by default. */
  const syncCases = () => {
    const cases: string[] = [...rowResumes.values()].map((b) => `case ${b}: return;`);
    for (const [pc, b] of out.blockOf) {
      if (!layout.native[pc]) cases.push(`case ${b}: ${layout.syncIn(pc)} return;`);
    }
    for (const [pc, b] of fallbackBlockOf) {
      cases.push(`case ${b}: ${layout.syncIn(pc, true)} return;`);
    }
    return `${cases.join(" ")} default: ${layout.syncIn(-1)}`;
  };
  out.hooks = {
    elsewhere: layout.native,
    extraBlocks: (): ExtraBlock[] => [
      ...fallbacks.map(([at, pcs]) => ({
        note: `fallback of address ${at}`,
        pcs,
        next: pcs.at(-1)! + 1,
        nextNote: "back to the module",
      })),
      ...rowPcs.map((pc) => ({
        note: `resumption after the row at ${pc}`,
        pcs: [],
        next: pc + 1,
        nextNote: "",
      })),
    ],
    numbered: (n) => {
      out.blockOf = n.blockOf;
      fallbacks.forEach(([at], i) => fallbackBlockOf.set(at, n.extra(i)));
      rowPcs.forEach((pc, i) => rowResumes.set(pc, n.extra(fallbacks.length + i)));
    },
    handOver: (pc) => `${layout.syncOut(pc)} return ${layout.nativeId(pc)};`,
    row: (pc) => {
      // A row made in JS: its registers are in the JS locals, and so is everything the
      // code after it reads (no native code runs in between): nothing is copied either
      // way, and the module resumes through a block that syncs nothing.
      const b = rowResumes.get(pc)!;
      return `W.resume = ${b}; return ${-2 - b};`; // a row return
    },
    halt: () => `return ${SEG_END};`,
    before: layout.before,
    after: layout.after,
    entry: () => [
      `function syncIn(b) { switch (b) { ${syncCases()} } }`,
      `function cur(i) { return [${cursors}][i]; }`,
      `function seg(pc) {`,
      `  syncIn(pc);`,
    ],
    result: () => `return { seg, R, opened: OPENED, syncIn, cur };`,
  };
  return out;
}
