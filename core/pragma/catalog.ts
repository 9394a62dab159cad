/**
 * The PRAGMAs litejit answers, with SQLite's facts about each (src/pragma.h): result
 * column names and the flags that decide how an argument and a schema qualifier are
 * taken and whether the pragma is also a table-valued function `pragma_<name>`.
 *
 * SQLite's rule for the table-valued form (pragma.c sqlite3PragmaVtabRegister): every
 * pragma that returns rows without an argument (Result0) or with one (Result1) has one,
 * whatever it does. The hidden columns follow the result columns: `arg` when the pragma
 * takes an argument as a query (Result1), then `schema` when it takes a schema qualifier.
 */
import { nameKey } from "../format/schema_types.ts";

/** What SQLite's pragma table says about one pragma. */
export interface PragmaSpec {
  name: string;
  /** Result column names. */
  columns: readonly string[];
  // The flags below are false when absent (a catalog entry leaves those out).
  /** Returns rows when run without an argument. */
  result0?: boolean;
  /** Returns rows when run with an argument (the argument is a query parameter). */
  result1?: boolean;
  /** Takes a schema qualifier (`PRAGMA main.x`), so the table-valued form has `schema`. */
  schema?: boolean;
  /** With an argument this pragma is a setting: it returns no columns and no rows. */
  noColumnsWithArg?: boolean;
  /** A header field SQLite would write when given an argument (a write to the file). */
  writesWithArg?: boolean;
}

const TABLE_INFO = ["cid", "name", "type", "notnull", "dflt_value", "pk"];
const INDEX_XINFO = ["seqno", "cid", "name", "desc", "coll", "key"];

/** A catalog entry; `columns` null: one column named after the pragma. */
export function spec(
  name: string,
  columns: readonly string[] | null,
  flags: Partial<Omit<PragmaSpec, "name" | "columns">>,
): PragmaSpec {
  return { name, columns: columns ?? [name], ...flags };
}

/** A header value a query reads and an argument writes (user_version and friends). */
const headerSetting = { result0: true, noColumnsWithArg: true, writesWithArg: true };
/** A per-schema setting: a query reads it, an argument sets it (no result columns). */
export const schemaSetting = { result0: true, schema: true, noColumnsWithArg: true };

const SPECS: PragmaSpec[] = [
  spec("application_id", null, headerSetting),
  spec("auto_vacuum", null, schemaSetting),
  spec("collation_list", ["seq", "name"], { result0: true }),
  spec("database_list", ["seq", "name", "file"], { result0: true }),
  spec("encoding", null, { result0: true, noColumnsWithArg: true }),
  spec("foreign_key_list", [
    "id",
    "seq",
    "table",
    "from",
    "to",
    "on_update",
    "on_delete",
    "match",
  ], { result1: true, schema: true }),
  spec("freelist_count", null, { result0: true }),
  spec("index_info", INDEX_XINFO.slice(0, 3), { result1: true, schema: true }),
  spec("index_list", ["seq", "name", "unique", "origin", "partial"], {
    result1: true,
    schema: true,
  }),
  spec("index_xinfo", INDEX_XINFO, { result1: true, schema: true }),
  spec("page_count", null, { result0: true, schema: true }),
  spec("page_size", null, schemaSetting),
  spec("schema_version", null, headerSetting),
  spec("table_info", TABLE_INFO, { result1: true, schema: true }),
  spec("table_list", ["schema", "name", "type", "ncol", "wr", "strict"], { result1: true }),
  spec("table_xinfo", [...TABLE_INFO, "hidden"], { result1: true, schema: true }),
  spec("user_version", null, headerSetting),
];

const BY_NAME = new Map(SPECS.map((s) => [s.name, s]));

/**
 * Adds pragmas to the catalog (the connection settings of core/pragma/settings.ts, which
 * the full entry points install).
 */
export function addPragmaSpecs(specs: readonly PragmaSpec[]): void {
  for (const s of specs) {
    if (BY_NAME.has(s.name)) continue;
    BY_NAME.set(s.name, s);
    SPECS.push(s);
  }
  SPECS.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The catalog entry of pragma `name` (case-insensitive), or undefined if litejit does not know it. */
export function pragmaSpec(name: string): PragmaSpec | undefined {
  return BY_NAME.get(nameKey(name));
}

/** Names of every pragma litejit answers, in SQLite's (alphabetical) order. */
export function knownPragmas(): readonly string[] {
  return SPECS.map((s) => s.name);
}

/**
 * Result column names of PRAGMA `name` (case-insensitive), or undefined if litejit does not
 * know it. The same columns, followed by {@link pragmaHiddenColumns}, form the table-valued
 * function `pragma_<name>`. With `arg`, the columns of `PRAGMA name = arg`: none for a
 * pragma that is a setting when given an argument (cache_size, foreign_keys, page_size...).
 */
export function pragmaColumns(
  name: string,
  arg: string | null = null,
): readonly string[] | undefined {
  const s = pragmaSpec(name);
  return s && arg !== null && s.noColumnsWithArg ? [] : s?.columns;
}

/**
 * Whether `pragma_<name>` exists as a table-valued function: SQLite registers one for each
 * pragma that returns rows (without an argument, or with one).
 */
export function pragmaIsTableValued(name: string): boolean {
  const s = pragmaSpec(name);
  return !!(s?.result0 || s?.result1);
}

/**
 * Hidden columns of the table-valued function `pragma_<name>`, in order: `arg` for a pragma
 * that takes its argument as a query, then `schema` for one that takes a schema qualifier.
 * Function arguments fill these columns in this order.
 *
 * SQLite quirk to copy when reading these columns back: the value of hidden column `i` is
 * argument slot `i`, where slot 0 is the `arg` and slot 1 the schema; for a pragma without
 * `arg` the `schema` column thus reads slot 0, which is always NULL.
 */
export function pragmaHiddenColumns(name: string): readonly string[] {
  const s = pragmaSpec(name);
  return s?.result0 || s?.result1
    ? [...s.result1 ? ["arg"] : [], ...s.schema ? ["schema"] : []]
    : [];
}

/**
 * True when `PRAGMA name = arg` would write to the database file (user_version,
 * schema_version, application_id with an argument): a read-only engine refuses it with
 * SQLITE_READONLY "attempt to write a readonly database", as SQLite does on a read-only
 * connection.
 */
export function pragmaWrites(name: string, arg: string | null): boolean {
  return arg !== null && pragmaSpec(name)?.writesWithArg === true;
}
