/**
 * The bytecode interpreter backend: the plan is compiled (compile*.ts) into instructions
 * of the one opcode table (opcodes.ts), run by the VM (vm.ts) and listed by EXPLAIN
 * (explain.ts).
 */
import type { DatabaseFile } from "../../core/database_file.ts";
import type { Plan } from "../../core/plan/plan.ts";
import type { Reg } from "../../core/value/reg.ts";
import type { Backend, Execution, Program, StartOptions } from "../../core/backend.ts";
import { compilePlan } from "../bytecode/compile.ts";
import { explainRows, explainText } from "../bytecode/explain.ts";
import type { CompiledProgram } from "../bytecode/program.ts";
import { VmExecution } from "./vm.ts";

/** A compiled statement of the interpreter. */
export class InterpreterProgram implements Program {
  /** The instructions and constants (exposed for tests and tools). */
  declare readonly compiled: CompiledProgram;

  constructor(compiled: CompiledProgram) {
    this.compiled = compiled;
  }

  /** Starts a run; `options.resumable` and `options.firstRowBudget` are honoured (see vm.ts). */
  start(params: readonly Reg[], options?: StartOptions): Execution {
    // (An absent option is the parameters' default: not resumable, no budget.)
    return new VmExecution(this.compiled, params, options?.resumable, options?.firstRowBudget);
  }

  explainRows() {
    return explainRows(this.compiled);
  }

  explainText(): string {
    return explainText(this.compiled);
  }
}

/** The VDBE-style interpreter. */
export const INTERPRETER: Backend = {
  name: "interpreter",
  compile(plan: Plan, file: DatabaseFile): Program {
    return new InterpreterProgram(compilePlan(plan, file));
  },
};
