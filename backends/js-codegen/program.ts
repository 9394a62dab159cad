/**
 * A program translated whole (translate.ts without hooks) and made a function with
 * `new Function` once per statement shape (factory.ts): the JS backend's programs, and the
 * Wasm backend's for a statement it has nothing to run natively. A run calls the function
 * for a set of locals, which the next run reuses.
 */
import type { BtreeCursor } from "../../core/format/cursor.ts";
import { newFunctionContext } from "../../core/functions/context.ts";
import type { Plan } from "../../core/plan/plan.ts";
import type { DatabaseFile } from "../../core/database_file.ts";
import { copiedRegs, type Reg } from "../../core/value/reg.ts";
import type { Execution, Program } from "../../core/backend.ts";
import { compilePlan } from "../bytecode/compile.ts";
import { explainRows } from "../bytecode/explain.ts";
import type { CompiledProgram } from "../bytecode/program.ts";
import { closeCursors } from "../bytecode/vm_objects.ts";
import { RUNTIME } from "./runtime.ts";
import { type Factory, factoryFor, generatedFunctionText } from "./factory.ts";
import { translate } from "./translate.ts";

/** `plan` compiled for `file` as one generated function. */
export function compileWholeJs(plan: Plan, file: DatabaseFile): JsProgram {
  return new JsProgram(compilePlan(plan, file));
}

/** What the generated function returns for one run. */
interface Instance {
  run(): boolean;
  R: Reg[];
  /** The b-tree cursors the run opened, closed when it ends. */
  opened: BtreeCursor[];
  /** Drops what a run left and sets the next run's parameters and context. */
  reset(params: Reg[] | null, ctx: unknown): void;
}

/** A compiled statement of the JS backend. */
export class JsProgram implements Program {
  declare readonly compiled: CompiledProgram;
  /** The generated function's body, laid out and commented. */
  declare readonly source: string;
  readonly #constants: unknown[];
  readonly #factory: Factory<Instance>;
  /**
   * An instance whose run has ended, kept for the next: a statement run again calls the
   * same closures on the same registers, so V8 keeps its optimised code and call targets
   * and the run allocates no registers.
   */
  idle: Instance | null = null;

  constructor(compiled: CompiledProgram) {
    this.compiled = compiled;
    const t = translate(compiled);
    this.source = t.readable;
    this.#constants = t.constants;
    this.#factory = factoryFor(t.source);
  }

  start(params: readonly Reg[]): Execution {
    const p = this.compiled;
    const copies = copiedRegs(params, p.nParams);
    const ctx = newFunctionContext(p.encoding);
    let instance = this.idle;
    if (instance) {
      this.idle = null;
      instance.reset(copies, ctx);
    } else {
      instance = this.#factory(this.#constants, RUNTIME, p.file, p.encoding, copies, ctx);
    }
    return new JsExecution(instance, this);
  }

  explainRows() {
    return explainRows(this.compiled);
  }

  explainText(): string {
    return generatedFunctionText(this.source);
  }
}

/** One run: the generated function called until it reports no more rows. */
class JsExecution implements Execution {
  declare readonly row: readonly Reg[];
  readonly #instance: Instance;
  /** The program the instance goes back to when the run ends. */
  readonly #program: JsProgram;
  #done = false;

  constructor(instance: Instance, program: JsProgram) {
    const p = program.compiled;
    this.#instance = instance;
    this.#program = program;
    this.row = instance.R.slice(p.resultStart, p.resultStart + p.resultCount);
  }

  step(): boolean {
    if (this.#done) return false;
    try {
      const more = this.#instance.run();
      if (!more) this.close();
      return more;
    } catch (e) {
      this.close();
      throw e;
    }
  }

  close(): void {
    if (this.#done) return;
    this.#done = true;
    closeCursors(this.#instance.opened);
    this.#instance.reset(null, null);
    this.#program.idle = this.#instance;
  }
}
