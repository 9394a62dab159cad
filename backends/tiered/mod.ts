/**
 * The tiered backend, the default: a statement's first run goes to the interpreter, which
 * needs no code made, and later runs to generated JS, made when the statement runs again.
 * A statement whose plan scans large b-trees (work_estimate.ts) goes to generated JS from
 * its first run, and a first run that loops {@link FIRST_ROW_BUDGET} times before its first
 * row is given up and started again on generated JS: it has handed out nothing, and reads
 * change nothing, so the run that replaces it returns exactly what it would have.
 *
 * Both tiers run the one plan, and are exact on every test; which one ran shows only in
 * the time taken. A tier never changes in the middle of handing out a run's rows.
 */
import type { DatabaseFile } from "../../core/database_file.ts";
import type { Plan } from "../../core/plan/plan.ts";
import type { Reg } from "../../core/value/reg.ts";
import {
  type Backend,
  type Execution,
  OVER_BUDGET,
  type Program,
  type StartOptions,
} from "../../core/backend.ts";
import { SqliteError } from "../../core/errors.ts";
import { INTERPRETER } from "../interpreter/mod.ts";
import { JS_CODEGEN } from "../js/mod.ts";
import { readsManyRows } from "./work_estimate.ts";

/**
 * Loop steps a first run on the interpreter may take before its first row: about a
 * millisecond of interpreted work, what making the generated code costs.
 */
export const FIRST_ROW_BUDGET = 16384;

/** The interpreter first, generated JS once a statement proves hot. */
export const TIERED: Backend = {
  name: "tiered",
  unavailableReason: JS_CODEGEN.unavailableReason,
  compile: (plan, file) => new TieredProgram(plan, file),
};

/** A statement of the tiered backend: its two programs, each made when first needed. */
class TieredProgram implements Program {
  readonly #plan: Plan;
  readonly #file: DatabaseFile;
  #interpreted: Program | null = null;
  /** The generated program, once made (or the interpreter's, if JS cannot run the plan). */
  #hot: Program | null = null;
  #ran = false;

  constructor(plan: Plan, file: DatabaseFile) {
    this.#plan = plan;
    this.#file = file;
  }

  start(params: readonly Reg[], options?: StartOptions): Execution {
    if (this.#hot !== null) return this.#hot.start(params, options);
    if (this.#ran || readsManyRows(this.#plan, this.#file)) {
      // Run again (or heavy from the start): hot.
      return this.#hotProgram().start(params, options);
    }
    this.#ran = true;
    // A resumable run (lazy sources) stays resumable to its end: its caller asked once.
    if (options?.resumable) return this.#interpreter().start(params, options);
    const first = this.#interpreter().start(params, { firstRowBudget: FIRST_ROW_BUDGET });
    return new FirstRun(first, () => this.#hotProgram().start(params, options));
  }

  explainRows(): ReturnType<Program["explainRows"]> {
    return this.#interpreter().explainRows();
  }

  explainText(): string {
    return (this.#hot ?? this.#interpreter()).explainText();
  }

  #interpreter(): Program {
    return this.#interpreted ??= INTERPRETER.compile(this.#plan, this.#file);
  }

  /**
   * The generated program, made now. A plan the JS backend refuses stays on the
   * interpreter, which then reports what it cannot run itself.
   */
  #hotProgram(): Program {
    if (this.#hot === null) {
      try {
        this.#hot = JS_CODEGEN.compile(this.#plan, this.#file);
      } catch (e) {
        if (!(e instanceof SqliteError)) throw e;
        this.#hot = this.#interpreter();
      }
    }
    return this.#hot;
  }
}

/** A first run on the interpreter, started again on generated JS if it runs out of budget. */
class FirstRun implements Execution {
  #run: Execution;
  #again: (() => Execution) | null;

  constructor(run: Execution, again: () => Execution) {
    this.#run = run;
    this.#again = again;
  }

  get row(): readonly Reg[] {
    return this.#run.row;
  }

  step(): boolean {
    try {
      const more = this.#run.step();
      this.#again = null; // a row is out (or the run ended): it stays where it is
      return more;
    } catch (e) {
      if (e !== OVER_BUDGET || this.#again === null) throw e;
      this.#run = this.#again();
      this.#again = null;
      return this.#run.step();
    }
  }

  close(): void {
    this.#run.close();
  }
}
