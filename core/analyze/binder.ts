/**
 * The binder's entry point: from a parsed statement and the schema to a
 * {@link BoundStatement}, with SQLite's result column names and error texts.
 */
import type { ParsedStatement, WriteStatement } from "../sql/ast.ts";
import type { Schema } from "../format/schema_types.ts";
import type { BoundStatement, BoundWrite, ResultColumnInfo } from "./bound.ts";
import { bindError, READONLY_MESSAGE } from "./errors.ts";
import { bindSelect } from "./select_binder.ts";
import { resultExprs } from "./bound_walk.ts";
import { resultColumnInfo } from "./column_names.ts";
import type { BindContext } from "./scope.ts";
import type { FunctionOptions } from "../functions/catalog.ts";
import { checkParseTimeErrors } from "./parse_checks.ts";
import { pragmaIsTableValued } from "../pragma/catalog.ts";

/** What the binder needs to know about the database. */
export interface Catalog {
  schema: Schema;
  /**
   * Result columns of PRAGMA name / table-valued pragma_name; undefined for an unknown
   * pragma. With `arg`: of `PRAGMA name = arg` (none for a setting).
   */
  pragmaColumns(name: string, arg?: string | null): readonly string[] | undefined;
}

/** Binder settings; the defaults behave like node:sqlite's SQLite build. */
export interface BindOptions {
  /** Treat double-quoted words that name no column as strings (SQLITE_DQS). Default off. */
  doubleQuotedStrings?: boolean;
  /** The math functions of SQLITE_ENABLE_MATH_FUNCTIONS. Default off. */
  mathFunctions?: boolean;
  /** The connection's registered functions (`Database.function` / `.aggregate`). */
  userFunctions?: FunctionOptions["user"];
}

function newContext(catalog: Catalog, options: BindOptions): BindContext {
  return {
    schema: catalog.schema,
    pragmaColumns: (n) => (pragmaIsTableValued(n) ? catalog.pragmaColumns(n) : undefined),
    functions: {
      mathFunctions: options.mathFunctions ?? false,
      user: options.userFunctions ?? null,
    },
    doubleQuotedStrings: options.doubleQuotedStrings ?? false,
    nextId: 1,
    pending: null,
    late: [],
    views: [],
    ctes: null,
    sources: new Map(),
    tableFunctionArgs: [],
  };
}

/** A result column with no table column behind it (a PRAGMA's, EXPLAIN's). */
export function noOriginColumn(name: string): ResultColumnInfo {
  return { name, database: null, table: null, column: null, declaredType: null };
}

/** Binds one parsed statement. Throws SqliteError with SQLite's message on any problem. */
export function bindStatement(
  parsed: ParsedStatement,
  catalog: Catalog,
  options: BindOptions = {},
): BoundStatement {
  const st = parsed.statement;
  switch (st.kind) {
    case "write": {
      // SQLite's prepare checks a write; running it is refused later, when it runs. Without
      // a checker it prepares unchecked (without RETURNING columns) and is refused when run.
      const base = {
        kind: "write" as const,
        verb: st.verb,
        explain: parsed.explain,
        parameters: parsed.parameters,
      };
      if (!writeChecker) {
        const error = { code: "SQLITE_READONLY" as const, message: READONLY_MESSAGE };
        return { ...base, columns: [], noop: false, error, readonly: false };
      }
      const ctx = newContext(catalog, options);
      const check = writeChecker(ctx, st);
      if (ctx.late.length) throw ctx.late[0];
      return { ...base, ...check };
    }
    case "transaction":
      return {
        kind: "transaction",
        verb: st.verb,
        savepoint: st.savepoint,
        writes: st.writes,
        columns: [],
      };
    case "pragma": {
      // A pragma that would write fails when it runs, as in SQLite (core/pragma).
      const cols = catalog.pragmaColumns(st.name.toLowerCase(), st.value) ?? [];
      return {
        kind: "pragma",
        name: st.name,
        schema: st.schema,
        arg: st.value,
        columns: cols.map(noOriginColumn),
      };
    }
    default: {
      st satisfies { kind: "select" };
      checkParseTimeErrors(parsed.parseChecks);
      const ctx = newContext(catalog, options);
      const select = bindSelect(ctx, st.select, null);
      if (ctx.late.length) throw ctx.late[0];
      const items = ctx.lastItems!; // the statement's own SELECT is the last one bound
      const exprs = resultExprs(select.first);
      return {
        kind: "select",
        select,
        columns: resultColumnInfo(ctx, items, exprs),
        explain: parsed.explain,
        parameters: parsed.parameters,
        flattenable: ctx.flattenable === true,
      };
    }
  }
}

/** What checking a statement that writes against the schema gives. */
export type WriteCheck = Pick<BoundWrite, "columns" | "noop" | "error" | "readonly">;

/**
 * Checks a statement that writes as SQLite's prepare does (throwing SQLite's error), and
 * says what running it does. The full entry points install one
 * (core/api/full_front_end.ts); the browser bundles leave the checks out.
 */
export type WriteChecker = (ctx: BindContext, st: WriteStatement) => WriteCheck;

let writeChecker: WriteChecker | null = null;

/** Checks statements that write with `checker` from now on (see {@link WriteChecker}). */
export function installWriteChecker(checker: WriteChecker): void {
  writeChecker = checker;
}

export { bindError };
