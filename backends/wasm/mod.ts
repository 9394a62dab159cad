/**
 * The WebAssembly backend. A statement's plan is lowered by the bytecode compiler (one
 * lowering of every plan node for all backends, backends/bytecode/), and its program
 * becomes a WebAssembly module (codegen/module.ts) that owns the run's control flow and
 * runs natively what plan/native.ts says: control flow, constants, comparisons, arithmetic
 * and table scans over the pages, which live in the module's memory (the pager's linear
 * storage). The rest runs in JS segments: js-codegen's translation of the same
 * instructions, which the module calls and which hand control back when they reach native
 * code (protocol.ts). Values cross between the two through register slots in the
 * instance's frame (plan/frame_layout.ts, host/frame_access.ts).
 *
 * The folder by role: plan/ decides what runs natively and where state lives, codegen/
 * writes the module (with emit/, a Wasm binary writer), host/ is what runs in JS beside it
 * (frame access, the frame pool, the module cache), runtime/ the shared native routines.
 */
// Imported first: bundles then place the runtime's bytes (runtime/prebuilt.ts, a long
// binary-like string) ahead of the Wasm backend's code instead of in the middle of it,
// which gzips smaller (about 50 B for the browser bundles).
import "./runtime/shared.ts";
import { planSync, type Uses } from "./plan/sync.ts";
import { MAX_NATIVE_PROGRAM, type NativePlan, planNative } from "./plan/native.ts";
import type { DatabaseFile } from "../../core/database_file.ts";
import type { BtreeCursor } from "../../core/format/cursor.ts";
import { writeStaticArea } from "./runtime/static_area.ts";
import { newFunctionContext } from "../../core/functions/context.ts";
import type { Plan } from "../../core/plan/plan.ts";
import { copiedRegs, type Reg } from "../../core/value/reg.ts";
import type { Backend, Execution, Program } from "../../core/backend.ts";
import { functionConstructorForbidden, wasmCompileForbidden } from "../code_policy.ts";
import { compilePlan } from "../bytecode/compile.ts";
import { explainRows } from "../bytecode/explain.ts";
import { Op } from "../bytecode/opcodes.ts";
import type { CompiledProgram } from "../bytecode/program.ts";
import { closeCursors, type VCursor } from "../bytecode/vm_objects.ts";
import { type Factory, factoryFor, generatedFunctionText } from "../js-codegen/factory.ts";
import { RUNTIME } from "../js-codegen/runtime.ts";
import { translate } from "../js-codegen/translate.ts";
import { compileWholeJs } from "../js-codegen/program.ts";
import { compiledModule } from "./host/module_cache.ts";
import { moduleText } from "./host/module_text.ts";
import { SEG_END, segmentHooks } from "./protocol.ts";
import { FrameAccess, moveCursor } from "./host/frame_access.ts";
import { type FrameLayout, frameLayout } from "./plan/frame_layout.ts";
import { FrameAllocator } from "./host/frame_pool.ts";
import { buildModule, type ModuleExports, nativeIds, Run } from "./codegen/module.ts";
import { HOST_NAMESPACE, type ModuleImports } from "./codegen/host_imports.ts";
import { Slot } from "./runtime/reg_slots.ts";
import { getOrMake } from "../../core/util/multimap.ts";
import { LINEAR_RESERVED, LinearPageStorage, WASM_PAGE } from "../../core/page_storage.ts";

/** The JS side of one run: its segments over the run's registers. */
interface Segments {
  seg(block: number): number;
  syncIn(block: number): void;
  cur(i: number): VCursor;
  R: Reg[];
  opened: BtreeCursor[];
}

/** One instance of a program's module, and the run that owns it now. */
interface Instance extends ModuleExports {
  /** The run that owns the instance now: its segments and frame. */
  owner: { segments: Segments | null; frame: FrameAccess | null };
}

/**
 * Counters for tests and diagnostics: calls from the module into the JS segments, cursor
 * moves it asked of JS (a native scan's rewinds and leaf changes), and bytes of frames held
 * by runs not yet ended.
 */
export const WASM_STATS = { crossings: 0, cursorMoves: 0, frameBytes: 0 };

/** A frame to give back when its run is dropped without being closed. */
interface FrameRef {
  frames: FrameAllocator;
  fp: number;
  size: number;
}

/** Frames of runs dropped unclosed (an abandoned iterator) go back to their allocator. */
const FRAMES = new FinalizationRegistry<FrameRef>(releaseFrame);

function releaseFrame({ frames, fp, size }: FrameRef): void {
  frames.release(fp, size);
  WASM_STATS.frameBytes -= size;
}

/**
 * What the runs over one memory share: the allocator of their frames, and one byte array
 * and one DataView of the memory (it never grows, so they stay valid). The memory's static
 * tables (runtime/static_area.ts) are written when this is made.
 */
interface SharedMemory {
  frames: FrameAllocator;
  bytes: Uint8Array;
  view: DataView;
}

const MEMORIES = new WeakMap<WebAssembly.Memory, SharedMemory>();

/** A compiled statement of the Wasm backend. */
export class WasmProgram implements Program {
  declare readonly compiled: CompiledProgram;
  /** The module's bytes (printed by {@link explainText}). */
  declare readonly bytes: Uint8Array<ArrayBuffer>;
  readonly #layout: FrameLayout;
  /** What the frame's JS side needs of the plan: native aggregates and sorter bounds. */
  readonly #plan: Pick<NativePlan, "aggregates" | "bounds">;
  readonly #memory: WebAssembly.Memory;
  readonly #module: WebAssembly.Module;
  readonly #source: string;
  readonly #constants: unknown[];
  readonly #factory: Factory<Segments>;
  /** Where every run starts (the module's `next` at the start of a run). */
  readonly #entry: number;
  /**
   * Instances not in use: a run takes one (or makes one) and gives it back when it ends,
   * so repeated runs (lookups by key) do not instantiate per run.
   */
  readonly #idle: Instance[] = [];

  constructor(compiled: CompiledProgram, plan: NativePlan) {
    this.compiled = compiled;
    this.#layout = frameLayout(compiled, plan);
    this.#plan = plan;
    const storage = compiled.file.pager.storage;
    this.#memory = storage instanceof LinearPageStorage
      ? storage.memory
      : new WebAssembly.Memory({ initial: LINEAR_RESERVED / WASM_PAGE });
    const ids = nativeIds(plan);
    const sync = planSync(compiled, plan);
    const layout = this.#layout;
    const reg = (r: number) => (r === 0 ? "R[0]" : `r${r}`);
    const copyIn = (u: Uses) =>
      [
        ...[...u.regs].map((r) => `W.toReg(W.fp + ${r * Slot.SIZE}, ${reg(r)});`),
        ...[...u.cursors].map((c) => `W.syncCursor(W.fp + ${layout.cursor(c)}, c${c});`),
      ].join(" ");
    const everything: Uses = { regs: new Set(plan.regs), cursors: plan.cursors };
    const segments = segmentHooks(compiled, {
      native: plan.native,
      nativeId: (pc) => ids.get(pc)!,
      fallbacks: plan.fallbacks,
      syncIn: (pc, fallback) =>
        copyIn(
          pc < 0 ? everything : fallback ? sync.fallback(plan.fallbacks.get(pc)!) : sync.entry(pc),
        ),
      syncOut: (pc) =>
        [...(pc < 0 ? plan.regs : sync.exit(pc).regs)]
          .map((r) => `W.toSlot(W.fp + ${r * Slot.SIZE}, ${reg(r)});`).join(" "),
      before: (pc) => {
        // JS about to touch a native aggregation's groups takes them over first.
        const ins = compiled.code[pc];
        const native = ins.op === Op.AggSort || ins.op === Op.AggFinal ||
          ins.op === Op.AggGroup || ins.op === Op.AggStore || ins.op === Op.AggStep;
        if (!native || !plan.aggregates.has(ins.p1)) return "";
        return `W.aggSpill(W.fp + ${layout.aggregate(ins.p1)}, s${ins.p1}, ${ins.p1});`;
      },
      after: (pc) => {
        const ins = compiled.code[pc];
        if ((ins.op === Op.AggOpen || ins.op === Op.AggNew) && plan.aggregates.has(ins.p1)) {
          return `W.aggReset(W.fp + ${layout.aggregate(ins.p1)}, ${ins.p1});`;
        }
        // A sorter tested natively publishes its bound whenever it may have changed.
        if (!plan.bounds.has(ins.p1) || (ins.op !== Op.SorterOpen && ins.op !== Op.SorterInsert)) {
          return "";
        }
        return `W.bound(W.fp + ${layout.bound(ins.p1)}, s${ins.p1}.sorter, ${ins.p1});`;
      },
    });
    const t = translate(compiled, segments.hooks);
    this.#source = t.readable;
    this.#constants = t.constants;
    this.#factory = factoryFor<Segments>(t.source);
    const built = buildModule(compiled, plan, this.#layout, segments);
    this.bytes = built.bytes;
    this.#entry = built.entry;
    this.#module = compiledModule(this.bytes);
  }

  start(params: readonly Reg[]): Execution {
    const p = this.compiled;
    const memory = this.#memory, layout = this.#layout;
    const copies = copiedRegs(params, p.nParams);
    const ctx = newFunctionContext(p.encoding);
    const { frames, bytes, view } = getOrMake(MEMORIES, memory, () => {
      writeStaticArea(memory);
      return {
        frames: new FrameAllocator(),
        bytes: new Uint8Array(memory.buffer),
        view: new DataView(memory.buffer),
      };
    });
    // The frame belongs to the run: taken here, given back when the run ends.
    const fp = frames.allocate(layout.size);
    WASM_STATS.frameBytes += layout.size;
    bytes.fill(0, fp, fp + layout.cleared);
    layout.fill(bytes, view, fp);
    const frame = new FrameAccess(view, fp, this.#plan);
    const segments = this.#factory(
      this.#constants,
      RUNTIME,
      p.file,
      p.encoding,
      copies,
      ctx,
      frame,
    );
    let instance = this.#idle.pop();
    if (!instance) {
      // A new instance of the module, for a run that finds none idle.
      const owner: Instance["owner"] = { segments: null, frame: null };
      const host: ModuleImports = {
        memory,
        seg: (block) => {
          WASM_STATS.crossings++;
          return owner.segments!.seg(block);
        },
        cursor: (move, c) => {
          WASM_STATS.cursorMoves++;
          const frame = owner.frame!;
          const at = frame.fp + layout.cursor(c);
          return moveCursor(move, owner.segments!.cur(c), frame.view, memory.buffer, at);
        },
      };
      const exports = new WebAssembly.Instance(this.#module, { [HOST_NAMESPACE]: host }).exports;
      // (The module exports exactly run, next and fp.)
      instance = { ...exports as ModuleExports, owner };
    }
    instance.next.value = this.#entry;
    instance.fp.value = fp;
    instance.owner.segments = segments;
    instance.owner.frame = frame;
    const ref: FrameRef = { frames, fp, size: layout.size };
    return new WasmExecution(this, instance, segments, ref);
  }

  /** Takes back an instance whose run ended. */
  release(instance: Instance): void {
    instance.owner.segments = null;
    instance.owner.frame = null;
    this.#idle.push(instance);
  }

  explainRows() {
    return explainRows(this.compiled);
  }

  explainText(): string {
    return `${moduleText(this.bytes)}\n\n;; imported as host.seg: the JS segments\n` +
      generatedFunctionText(this.#source);
  }
}

/** One run: the module's `run` called until it reports no more rows. */
class WasmExecution implements Execution {
  declare readonly row: readonly Reg[];
  readonly #program: WasmProgram;
  readonly #instance: Instance;
  readonly #segments: Segments;
  readonly #frame: FrameRef;
  #done = false;

  constructor(
    program: WasmProgram,
    instance: Instance,
    segments: Segments,
    frame: FrameRef,
  ) {
    const p = program.compiled;
    this.#program = program;
    this.#instance = instance;
    this.#segments = segments;
    this.#frame = frame;
    this.row = segments.R.slice(p.resultStart, p.resultStart + p.resultCount);
    FRAMES.register(this, frame, this);
  }

  step(): boolean {
    if (this.#done) return false;
    try {
      const access = this.#instance.owner.frame!;
      const resume = access.resume;
      if (resume >= 0) {
        // The last row was made in JS: JS goes on from there without a trip through the
        // module, which is entered only when JS reaches native code.
        access.resume = -1;
        const next = this.#segments.seg(resume);
        if (next < SEG_END) return true; // another row made in JS (protocol.ts)
        if (next === SEG_END) {
          this.close();
          return false;
        }
        this.#instance.next.value = next;
      }
      if (this.#instance.run() === Run.ROW) {
        // A row of the module's: its registers, from their slots.
        if (access.resume < 0) this.#segments.syncIn(-1);
        return true;
      }
      this.close();
      return false;
    } catch (e) {
      this.close();
      throw e;
    }
  }

  close(): void {
    if (this.#done) return;
    this.#done = true;
    closeCursors(this.#segments.opened);
    this.#program.release(this.#instance);
    FRAMES.unregister(this);
    releaseFrame(this.#frame);
  }
}

/** The WebAssembly code generator. */
export const WASM: Backend = {
  name: "wasm",
  pageStorage: "linear",
  // The statement's JS segments are generated code too.
  unavailableReason: () => wasmCompileForbidden() ?? functionConstructorForbidden(),
  compile(plan: Plan, file: DatabaseFile): Program {
    const compiled = compilePlan(plan, file);
    // A long program: working out its crossings costs more than it saves (native.ts).
    const native = compiled.code.length > MAX_NATIVE_PROGRAM ? null : planNative(compiled);
    // No table scan runs natively: the module would only hand each row's work to JS
    // segments, whose translation (made for a program split with native code) lacks the
    // whole-program paths (leaf loops, registers in locals), so the JS backend runs it.
    if (!native?.cursors.size) return compileWholeJs(plan, file);
    return new WasmProgram(compiled, native);
  },
};
