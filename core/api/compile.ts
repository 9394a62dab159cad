/**
 * SQL text → what a Statement runs: parse and bind (prepare.ts), then for a SELECT plan it
 * and compile the plan with the chosen backend, so every error SQLite reports at prepare
 * time is thrown here. Compiled statements are immutable and may be shared (cached) by
 * several Statement objects: each run is a new Execution of the one Program.
 */
import type { Backend, Program } from "../backend.ts";
import { EXPLAIN_COLUMNS } from "../backend.ts";
import type { DatabaseFile } from "../database_file.ts";
import type { ResultColumnInfo } from "../analyze/bound.ts";
import { planSelect } from "../plan/planner.ts";
import type { Plan } from "../plan/plan.ts";
import { explainQueryPlan } from "../plan/explain_query_plan.ts";
import type { SqlValue } from "../value/types.ts";
import type { TransactionStatement } from "../sql/ast.ts";
import { prepareSql } from "./prepare.ts";
import { type BindOptions, noOriginColumn } from "../analyze/binder.ts";

/** The columns of an `EXPLAIN QUERY PLAN` listing (SQLite's). */
export const QUERY_PLAN_COLUMNS = ["id", "parent", "notused", "detail"];

/** A statement ready to run. */
export type CompiledStatement =
  | {
    kind: "select";
    text: string;
    columns: ResultColumnInfo[];
    /** Parameter names by index (index 0 unused). */
    parameters: (string | null)[];
    program: Program;
  }
  | {
    /** `EXPLAIN ...` / `EXPLAIN QUERY PLAN ...`: fixed rows, worked out at prepare. */
    kind: "listing";
    text: string;
    columns: ResultColumnInfo[];
    parameters: (string | null)[];
    program: Program;
    rows: SqlValue[][];
  }
  | {
    kind: "pragma";
    text: string;
    columns: ResultColumnInfo[];
    name: string;
    arg: string | null;
    schema: string | null;
  }
  | {
    kind: "transaction";
    text: string;
    columns: ResultColumnInfo[];
    verb: TransactionStatement["verb"];
    savepoint: string | null;
    /** BEGIN IMMEDIATE / EXCLUSIVE: SQLite counts them as writing. */
    writes: boolean;
  }
  | {
    /**
     * A statement that writes (or its EXPLAIN): checked, never run. Running it does
     * nothing, or throws `error` when there is one.
     */
    kind: "write";
    text: string;
    columns: ResultColumnInfo[];
    parameters: (string | null)[];
    error: { code: "SQLITE_READONLY" | "SQLITE_ERROR"; message: string } | null;
    readonly: boolean;
  };

/** What an EXPLAIN of a statement that writes throws when run: there is no program. */
const EXPLAIN_WRITE = {
  code: "SQLITE_ERROR" as const,
  message: "cannot EXPLAIN a statement that writes",
};

/** The result columns of an EXPLAIN or EXPLAIN QUERY PLAN listing. */
function listingColumns(explain: "explain" | "queryPlan"): ResultColumnInfo[] {
  return (explain === "explain" ? EXPLAIN_COLUMNS : QUERY_PLAN_COLUMNS).map(noOriginColumn);
}

/**
 * The backend's program for `plan`, compiled when first used. Why not at once: a backend
 * may not run every plan yet (window functions, functions of a later release) while SQLite
 * prepares such statements fine, so `prepare` and `columns()` must work and the backend's
 * refusal is reported when the statement runs.
 */
function compiledOnFirstUse(backend: Backend, plan: Plan, file: DatabaseFile): Program {
  let program: Program | null = null;
  const compiled = () => (program ??= backend.compile(plan, file));
  return {
    start: (params, options) => compiled().start(params, options),
    explainRows: () => compiled().explainRows(),
    explainText: () => compiled().explainText(),
  };
}

/** Parses, binds (with `options`), plans and compiles the one statement in `sql`. */
export function compileStatement(
  file: DatabaseFile,
  sql: string,
  backend: Backend,
  options: BindOptions = {},
): CompiledStatement {
  const { text, bound } = prepareSql(file, sql, options);
  switch (bound.kind) {
    case "pragma":
    case "transaction":
      // The bound statement holds every field of these but the text.
      return { ...bound, text };
    case "write": {
      // The bound fields (parameters, readonly, ...) and the text; an EXPLAIN of it has the
      // listing's columns and fails when run.
      const { explain } = bound;
      return {
        ...bound,
        text,
        columns: explain === null ? bound.columns : listingColumns(explain),
        error: explain === null ? bound.error : EXPLAIN_WRITE,
      };
    }
    default: {
      bound satisfies { kind: "select" };
      const plan = planSelect(bound, file);
      const program = compiledOnFirstUse(backend, plan, file);
      const { explain, parameters } = bound;
      if (explain === null) {
        return { kind: "select", text, columns: bound.columns, parameters, program };
      }
      // EXPLAIN lists the program (compiling it now), EXPLAIN QUERY PLAN the plan's loops.
      const rows = explain === "explain"
        ? program.explainRows()
        : explainQueryPlan(plan).map((r) => [r.id, r.parent, r.notused, r.detail]);
      return { kind: "listing", text, columns: listingColumns(explain), parameters, program, rows };
    }
  }
}
