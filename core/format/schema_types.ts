/**
 * The schema as the reader needs it: for each table, where each column lives in a record;
 * for each index, what its records hold and how its b-tree is ordered.
 */
import type { IndexDef, TableDef } from "../sql/ddl_types.ts";
import type { Affinity, SqlValue, StorageClass, TextEncoding } from "../value/types.ts";
import { asciiLower } from "../value/ascii_case.ts";

/** A column's DEFAULT, as stored values take it (affinity applied). */
export interface ColumnDefault {
  value: SqlValue;
  cls: StorageClass;
}

export interface ColumnInfo {
  name: string;
  /** Declared type as written, "" when none. */
  declaredType: string;
  affinity: Affinity;
  /** Collation name in upper case ("BINARY" unless declared). */
  collation: string;
  notNull: boolean;
  /** The DEFAULT clause's source text, or null. */
  defaultSql: string | null;
  /**
   * Value a record that is too short for this column takes (ALTER TABLE ADD COLUMN).
   * null when the default is not a constant SQLite could have used for that (then the
   * column cannot be missing from any record).
   */
  missingValue: ColumnDefault | null;
  /** Generated column: its expression text and whether it is STORED. */
  generated: { expr: string; stored: boolean } | null;
  /**
   * Where the column's value is in the table's records; -1 for VIRTUAL generated columns.
   * (A rowid alias keeps its slot, which holds NULL: its value is the rowid.)
   */
  recordIndex: number;
}

/** One column of an index key or of a WITHOUT ROWID primary key. */
export interface KeyColumn {
  /** Table column index; -1 for the rowid; -2 for an expression. */
  column: number;
  /** Expression text when `column` is -2. */
  expr: string | null;
  /** Collation name, upper case. */
  collation: string;
  desc: boolean;
}

export interface IndexInfo {
  name: string;
  tableName: string;
  rootPage: number;
  /** CREATE INDEX text; null for automatic indexes. */
  sql: string | null;
  /**
   * The parsed CREATE INDEX, names and collations as written (the index pragmas report
   * them so); absent for automatic indexes.
   */
  def?: IndexDef;
  unique: boolean;
  /** "c" CREATE INDEX, "u" UNIQUE constraint, "pk" PRIMARY KEY constraint. */
  origin: "c" | "u" | "pk";
  /** WHERE clause text of a partial index, or null. */
  where: string | null;
  /** The key columns as declared. */
  keyColumns: KeyColumn[];
  /**
   * Every field of the index records, in order: the key columns, then the rowid (rowid
   * tables) or the primary-key columns not already in the key (WITHOUT ROWID tables).
   */
  recordColumns: KeyColumn[];
  /** What `sqlite_stat1` says of this index (stat1.ts), or absent. */
  stat1?: IndexStat1;
  /** The samples `sqlite_stat4` holds of this index (stat4.ts), or absent. */
  stat4?: IndexStat4;
}

/**
 * One `sqlite_stat4` sample (analyze.c's IndexSample): an index entry's leading fields and,
 * for each prefix of 1, 2, ... of them, the entries equal to the sample's prefix (`eq`),
 * less than it (`lt`) and the distinct prefixes less than it (`dlt`).
 */
export interface Stat4Sample {
  /** The sample record's fields (fewer when its record is damaged). */
  key: SqlValue[];
  eq: number[];
  lt: number[];
  dlt: number[];
}

/**
 * An index's `sqlite_stat4` samples as analyze.c's loadStat4 leaves them: in index order,
 * each describing `columns` fields (nSampleCol: every field of the entries, only the key of
 * a WITHOUT ROWID primary key); `avgEq` the entries an `=` on a prefix of 1, 2, ... fields
 * not among the samples is taken to match (initAvgEq's aAvgEq), `rows` the entries of the
 * index (nRowEst0); `encoding` the text encoding their texts compare in.
 */
export interface IndexStat4 {
  samples: Stat4Sample[];
  columns: number;
  avgEq: number[];
  rows: number;
  encoding: TextEncoding;
}

/**
 * One `sqlite_stat1` row of an index, as SQLite's analysisLoader decodes it: `rows[0]` the
 * rows of the index, `rows[k]` the rows that an `=` on its first k columns leaves on
 * average; `unordered` when the index must not be used for its order, `noSkipScan` when
 * the planner must not skip its first columns (where.c's skip-scan).
 */
export interface IndexStat1 {
  rows: number[];
  unordered: boolean;
  noSkipScan: boolean;
}

export interface TableInfo {
  name: string;
  rootPage: number;
  sql: string;
  /** The parsed CREATE TABLE, names and collations as written (the pragmas report them so). */
  def: TableDef;
  withoutRowid: boolean;
  strict: boolean;
  columns: ColumnInfo[];
  /** Index of the INTEGER PRIMARY KEY column aliasing the rowid, or -1. */
  rowidAlias: number;
  /** Primary key columns (empty when the table has none). */
  primaryKey: KeyColumn[];
  /**
   * WITHOUT ROWID tables: the fields of a table record in order (primary key first, then
   * the other stored columns). Empty for rowid tables, whose records follow `columns`.
   */
  recordColumns: KeyColumn[];
  indexes: IndexInfo[];
  /** Rows of the table by `sqlite_stat1` (stat1.ts), or absent. */
  stat1Rows?: number;
  /** A WITHOUT ROWID table's primary-key row of `sqlite_stat1`, or absent. */
  primaryKeyStat1?: IndexStat1;
  /** A WITHOUT ROWID table's primary-key samples of `sqlite_stat4`, or absent. */
  primaryKeyStat4?: IndexStat4;
  /** `sqlite_stat4` names an index of the table (SQLite's TF_HasStat4). */
  hasStat4?: boolean;
}

export interface ViewInfo {
  name: string;
  sql: string;
  /** Column names from `CREATE VIEW v(a, b)`, or null. */
  columnNames: string[] | null;
  /** The SELECT text. */
  select: string;
}

/** A virtual table: present in the schema but not readable from the file. */
export interface VirtualTableInfo {
  name: string;
  sql: string;
  module: string;
  /** The module arguments, as written. */
  args: string[];
}

/** A trigger: its name, its table or view, and its CREATE TRIGGER statement. */
export interface TriggerInfo {
  name: string;
  /** The table or view it is on (sqlite_schema's tbl_name). */
  table: string;
  /** The CREATE TRIGGER text (read only by statements that write: see write_binder.ts). */
  sql: string | null;
}

export interface Schema {
  /** Tables by lower-case name; includes sqlite_schema itself. */
  tables: Map<string, TableInfo>;
  indexes: Map<string, IndexInfo>;
  views: Map<string, ViewInfo>;
  virtualTables: Map<string, VirtualTableInfo>;
  /**
   * The triggers (they never fire in a read-only engine, but an INSTEAD OF trigger makes a
   * view a statement may write to, and their names are taken).
   */
  triggers: TriggerInfo[];
}

/** SQLite's case folding for names: ASCII letters only. */
export { asciiLower as nameKey } from "../value/ascii_case.ts";

/** The schema table's two names, in lower case: its keys in a schema's tables. */
export const SCHEMA_TABLE_NAMES = ["sqlite_schema", "sqlite_master"];

/** `rowid`, `oid`, `_rowid_` (any case). */
export function isRowidName(name: string): boolean {
  const k = asciiLower(name);
  return k === "rowid" || k === "oid" || k === "_rowid_";
}
