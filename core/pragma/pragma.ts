/**
 * Read-only PRAGMAs, answered as SQLite 3.53 answers them, from the parsed schema and the
 * database header. Entry point of core/pragma: the catalog ({@link pragmaColumns},
 * {@link pragmaIsTableValued}, {@link pragmaHiddenColumns}) and {@link runPragma}.
 */
import type { DatabaseFile } from "../database_file.ts";
import { SqliteError } from "../errors.ts";
import type { SqlValue } from "../value/types.ts";
import { pragmaSpec } from "./catalog.ts";
import { HEADER_PRAGMAS, headerPragma } from "./header_pragmas.ts";
import { indexInfo, indexList } from "./index_pragmas.ts";
import { resolveSchema } from "./schema_model.ts";
import type { SchemaChoice } from "./schema_model.ts";
import { nameKey } from "../format/schema_types.ts";
import { readonlyError } from "../analyze/errors.ts";
import { foreignKeyList, tableInfo, tableList } from "./table_pragmas.ts";
import type { ViewColumnResolver } from "./view_columns.ts";

export {
  knownPragmas,
  pragmaColumns,
  pragmaHiddenColumns,
  pragmaIsTableValued,
  pragmaSpec,
  pragmaWrites,
} from "./catalog.ts";
export type { PragmaSpec } from "./catalog.ts";
export type { ViewColumn, ViewColumnResolver } from "./view_columns.ts";

/** What the pragmas need to know beyond the database file. */
/** The connection-setting pragmas (settings.ts), once a full entry point installs them. */
export interface SettingPragmas {
  /** Their names, lower case. */
  names: ReadonlySet<string>;
  /** Runs one of them, as {@link runPragma} would. */
  run(
    db: DatabaseFile,
    name: string,
    arg: string | null,
    schema: SchemaChoice,
    options: PragmaOptions,
  ): SqlValue[][];
}

let settingPragmas: SettingPragmas | null = null;

/** Answers the connection-setting pragmas with `pragmas` from now on. */
export function installSettingPragmas(pragmas: SettingPragmas): void {
  settingPragmas = pragmas;
}

/** Pragmas that write to the database whatever their argument, without settings.ts. */
const WRITING_PRAGMAS = new Set(["incremental_vacuum", "optimize"]);

export interface PragmaOptions {
  /**
   * The main database's file name for `PRAGMA database_list`: SQLite reports the full
   * path it opened ("" for an in-memory database, which a byte array is the closest to).
   */
  filename?: string;
  /**
   * Works out a view's columns (name and type, as SQLite derives them from the SELECT).
   * Without it, table_info/table_xinfo on a view throw, and table_list counts 0 columns
   * for every view (the public API always passes the binder's, core/api/pragma_options.ts).
   */
  viewColumns?: ViewColumnResolver;
  /** A transaction is open on the connection (some settings cannot change inside one). */
  inTransaction?: boolean;
}

/** The built-in collations, in the order SQLite's collation hash lists them. */
const COLLATIONS = ["RTRIM", "NOCASE", "BINARY"];

/**
 * Runs a pragma; `arg` is the argument text (dequoted) or null, `schema` the qualifier
 * (dequoted) or null. Rows are arrays of values in column order (INTEGER values as JS
 * numbers). An unknown pragma gives [] (as SQLite does), after the schema qualifier is
 * checked (`unknown database x`); given an argument, it throws SQLITE_READONLY: a setting
 * litejit does not implement is refused rather than ignored. The connection's settings
 * (cache_size, foreign_keys, journal_mode, ...) are kept and reported by settings.ts once
 * installed (the full entry points do). A
 * pragma given an argument that makes it a setting of the file returns [] (page_size,
 * encoding, auto_vacuum: SQLite does nothing for an existing database) or, for a header
 * field SQLite would write (user_version, schema_version, application_id), throws
 * SQLITE_READONLY as SQLite does on a read-only connection.
 */
export function runPragma(
  db: DatabaseFile,
  name: string,
  arg: string | null,
  schema: string | null,
  options: PragmaOptions = {},
): SqlValue[][] {
  const where = resolveSchema(schema);
  const key = nameKey(name);
  if (settingPragmas?.names.has(key)) return settingPragmas.run(db, key, arg, where, options);
  if (WRITING_PRAGMAS.has(key)) throw readonlyError();
  const spec = pragmaSpec(name);
  if (!spec || (arg !== null && spec.writesWithArg)) {
    if (arg === null) return [];
    throw readonlyError();
  }
  if (arg !== null && spec.noColumnsWithArg) return [];
  if (HEADER_PRAGMAS.has(spec.name)) return [[headerPragma(db, spec.name, where)]];
  switch (spec.name) {
    case "collation_list":
      return COLLATIONS.map((c, i) => [i, c]);
    case "database_list": {
      const rows: SqlValue[][] = [[0, "main", options.filename ?? ""]];
      // Naming temp opens it, and from then on SQLite lists it.
      if (where === "temp") rows.push([1, "temp", ""]);
      return rows;
    }
    case "table_list":
      return tableList(db, arg, where, tableListViewColumns(db, options.viewColumns));
  }
  // The rest describe one object and need its name.
  if (arg === null) return [];
  switch (spec.name) {
    case "table_info":
    case "table_xinfo":
      return tableInfo(db, arg, where, spec.name === "table_xinfo", options.viewColumns);
    case "index_list":
      return indexList(db, arg, where);
    case "index_info":
    case "index_xinfo":
      return indexInfo(db, arg, where, spec.name === "index_xinfo");
    case "foreign_key_list":
      return foreignKeyList(db, arg, where);
  }
  return [];
}

/**
 * table_list's view resolver. SQLite counts a view's columns by preparing
 * `SELECT * FROM view`; when that fails (the view names a dropped table), the schema is
 * reset and the views listed after it report 0 columns. Approximation: if any view fails
 * to bind, every view counts 0 (exact when the failing view comes first in hash order).
 */
function tableListViewColumns(
  db: DatabaseFile,
  resolve: ViewColumnResolver | undefined,
): ViewColumnResolver | undefined {
  if (!resolve) return undefined;
  for (const view of db.schema.views.values()) {
    try {
      resolve(view);
    } catch (e) {
      if (e instanceof SqliteError) return () => [];
      throw e;
    }
  }
  return resolve;
}
