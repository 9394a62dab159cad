/**
 * The Backend interface: what every executor (interpreter, JS code generator, Wasm code
 * generator) provides. A backend turns a {@link Plan} into a {@link Program} once, at
 * prepare time; each run of the statement is an {@link Execution} of that program.
 *
 * A backend sees only the plan and the database file: never the SQL text, the AST or the
 * bound query (see core/plan/plan.ts).
 */
import type { DatabaseFile } from "./database_file.ts";
import type { PageStorageKind } from "./page_storage.ts";
import type { Plan } from "./plan/plan.ts";
import type { Reg } from "./value/reg.ts";
import type { SqlValue } from "./value/types.ts";

/**
 * The executors litejit has: three that run programs, and `tiered`, the default, which
 * runs a statement's first run on the interpreter and then on generated JS.
 */
export type BackendName = "interpreter" | "js" | "wasm" | "tiered";

/**
 * A backend as the public API shows it: its name; what it holds inside is litejit's own.
 * The entry points `./interpreter`, `./js` and `./wasm` export one each.
 */
export interface BackendHandle {
  /** The name `Database` reports in `db.backend`. */
  readonly name: BackendName;
}

/** An executor. */
export interface Backend extends BackendHandle {
  /**
   * Where the pager of a database this backend runs on keeps its pages (default: heap
   * buffers; code compiled to Wasm wants them in linear memory).
   */
  readonly pageStorage?: PageStorageKind;
  /**
   * Compiles `plan` against `file` (whose schema the plan was made from). Throws
   * `SqliteError` for what SQLite reports at prepare time and the plan leaves to the
   * backend.
   */
  compile(plan: Plan, file: DatabaseFile): Program;
  /**
   * Why this backend cannot run in this runtime (a Content-Security-Policy or an edge
   * runtime forbids generating code), or null when it can. Absent: it always can.
   */
  unavailableReason?(): string | null;
}

/** A compiled statement: compile once, run many times. */
export interface Program {
  /**
   * Starts one run. `params[i]` holds parameter `i + 1` (absent or NULL: NULL); the
   * program copies what it needs, so the caller may reuse the registers afterwards.
   */
  start(params: readonly Reg[], options?: StartOptions): Execution;
  /**
   * The rows `EXPLAIN <statement>` returns with this backend, in SQLite's columns
   * `addr, opcode, p1, p2, p3, p4, p5, comment` for the interpreter.
   */
  explainRows(): SqlValue[][];
  /** The program as text, for `Statement.explain()` (bytecode listing, JS source, wasm text). */
  explainText(): string;
}

/** How a run is started. */
export interface StartOptions {
  /**
   * Ask for a run that survives a `PageMiss` (core/io/page_miss.ts) (lazy sources): the
   * page source threw it from inside `step()`, the run stays open where it was, and
   * `step()` called again once the bytes are there continues it. A backend that cannot do
   * this ignores the option; the run's {@link Execution.resumable} says which it got.
   */
  resumable?: boolean;
  /**
   * Give up before the first row once the run's loops have advanced this many times:
   * `step()` then throws {@link OVER_BUDGET}, the run is closed, and the caller may start
   * the statement again elsewhere (nothing was handed out). Backends that cannot count
   * ignore it.
   */
  firstRowBudget?: number;
}

/** What `step()` throws when a run's {@link StartOptions.firstRowBudget} ran out. */
export const OVER_BUDGET: object = {};

/** One run of a program: a cursor over the result rows. */
export interface Execution {
  /**
   * True when this run was started resumable and supports it: after a `PageMiss`
   * (core/io/page_miss.ts) from `step()` it is still open and `step()` continues it.
   * Otherwise any exception from `step()` ends the run.
   */
  readonly resumable?: boolean;
  /**
   * Advances to the next result row: false when there is none (the run is then over and
   * its resources released). Errors are thrown as `SqliteError`.
   */
  step(): boolean;
  /** The current row, one register per result column; valid until the next `step`. */
  readonly row: readonly Reg[];
  /** Ends the run early (idempotent). */
  close(): void;
}

/** The column names of an `EXPLAIN` listing (SQLite's). */
export const EXPLAIN_COLUMNS = ["addr", "opcode", "p1", "p2", "p3", "p4", "p5", "comment"];
