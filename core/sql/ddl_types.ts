/**
 * What {@link parseSchemaSql} returns for each kind of statement stored in sqlite_schema.
 * Names are dequoted; text spans (expressions, SELECT bodies) are the source text,
 * trimmed, exactly as written.
 */
import type { Affinity } from "../value/types.ts";

/** A column's DEFAULT value, classified the way SQLite evaluates it. */
export type DefaultValue =
  | { kind: "null" }
  /** `digits` is decimal or `0x` hex, without sign or `_` separators. */
  | { kind: "integer"; digits: string; negative: boolean }
  /** `text` is the literal without sign or `_` separators (`1.5e3`, `.5`). */
  | { kind: "real"; text: string; negative: boolean }
  | { kind: "text"; value: string }
  | { kind: "blob"; hex: string }
  /** `DEFAULT true` / `DEFAULT false` (unquoted). */
  | { kind: "bool"; value: boolean }
  | { kind: "current"; which: "CURRENT_TIME" | "CURRENT_DATE" | "CURRENT_TIMESTAMP" }
  /** Any other (constant) expression; `text` is its source. */
  | { kind: "expr"; text: string };

/** A generated column's definition. */
export interface GeneratedDef {
  /** True for STORED (the value is in the record); false for VIRTUAL (computed). */
  stored: boolean;
  /** The expression's source text. */
  exprText: string;
}

/** One column of a CREATE TABLE. */
export interface ColumnDef {
  name: string;
  /**
   * The declared type exactly as `PRAGMA table_info` reports it: "" when none; the
   * standard names INT, INTEGER, REAL, TEXT, BLOB, ANY upper-cased (also when quoted);
   * anything else as written between its first and last token (inner spacing and
   * comments kept), dequoted when it starts with a quote.
   */
  declaredType: string;
  /** Column affinity (STRICT tables: ANY gives BLOB). */
  affinity: Affinity;
  /** COLLATE name as written (last one wins), or null. */
  collation: string | null;
  /**
   * NOT NULL as SQLite records it: declared NOT NULL, and also every primary-key column
   * of a WITHOUT ROWID table and every non-rowid-alias primary-key column of a STRICT one.
   */
  notNull: boolean;
  /** The DEFAULT value, or null when there is no DEFAULT clause. */
  default: DefaultValue | null;
  /** The DEFAULT clause's text as `PRAGMA table_info` shows it (`dflt_value`), or null. */
  defaultText: string | null;
  /** Generated column definition, or null. */
  generated: GeneratedDef | null;
  /** As `PRAGMA table_xinfo` reports it: 0 normal, 2 VIRTUAL generated, 3 STORED generated. */
  hidden: 0 | 2 | 3;
  /** 1-based position in the primary key (`PRAGMA table_info` pk), 0 if not in it. */
  pk: number;
}

/** One column of a PRIMARY KEY or UNIQUE constraint. */
export interface KeyColumnDef {
  /** Index into {@link TableDef.columns}. */
  column: number;
  /** Collation given in the constraint (`UNIQUE(a COLLATE nocase)`), else null. */
  collation: string | null;
  desc: boolean;
}

/** A PRIMARY KEY or UNIQUE constraint, column-level or table-level. */
export interface KeyConstraintDef {
  kind: "primaryKey" | "unique";
  columns: KeyColumnDef[];
  /** True for a column constraint (`a INT PRIMARY KEY`), false for `PRIMARY KEY(a)`. */
  columnLevel: boolean;
  /** ON CONFLICT resolution, or null when not given. */
  onConflict: ConflictResolution | null;
  /** PRIMARY KEY ... AUTOINCREMENT. */
  autoincrement: boolean;
  /**
   * SQLite's INTEGER PRIMARY KEY form: one column declared exactly INTEGER, without the
   * column-constraint DESC. It aliases the rowid and has no index, except in a WITHOUT
   * ROWID table, where its index is built last and takes the column's own collation.
   */
  integerPrimaryKey: boolean;
}

/** ON CONFLICT resolution names. */
export type ConflictResolution = "ROLLBACK" | "ABORT" | "FAIL" | "IGNORE" | "REPLACE";

/** A FOREIGN KEY (column-level REFERENCES or table-level FOREIGN KEY). */
export interface ForeignKeyDef {
  /** Referencing columns (indexes into the table's columns). */
  columns: number[];
  /** Referenced table. */
  table: string;
  /** Referenced columns, or null when omitted (the parent's primary key). */
  parentColumns: string[] | null;
  /** The last ON DELETE action (NO ACTION when there is none). */
  onDelete: ForeignKeyAction;
  /** The last ON UPDATE action (NO ACTION when there is none). */
  onUpdate: ForeignKeyAction;
}

/** The action names PRAGMA foreign_key_list reports. */
export type ForeignKeyAction = "NO ACTION" | "SET NULL" | "SET DEFAULT" | "CASCADE" | "RESTRICT";

/** CREATE TABLE. */
export interface TableDef {
  kind: "table";
  /** Schema qualifier as written (`main`), or null. Stored SQL never has one. */
  schema: string | null;
  name: string;
  columns: ColumnDef[];
  withoutRowid: boolean;
  strict: boolean;
  /** PRIMARY KEY and UNIQUE constraints in the order SQLite processes them. */
  keyConstraints: KeyConstraintDef[];
  /** The PRIMARY KEY among {@link keyConstraints}, or null. */
  primaryKey: KeyConstraintDef | null;
  /** Index of the INTEGER PRIMARY KEY column that aliases the rowid, or -1. */
  rowidAlias: number;
  foreignKeys: ForeignKeyDef[];
}

/** One term of a CREATE INDEX. */
export interface IndexedColumn {
  /** Column name when the term is a column (`a`, `"a"`, `'a'`, `(a)`), else null. */
  column: string | null;
  /** Expression text when the term is not a plain column, else null. */
  expression: string | null;
  /** Explicit COLLATE of the term (top-level for an expression), or null. */
  collation: string | null;
  desc: boolean;
}

/** CREATE INDEX. */
export interface IndexDef {
  kind: "index";
  schema: string | null;
  name: string;
  table: string;
  unique: boolean;
  columns: IndexedColumn[];
  /** WHERE clause text of a partial index, or null. */
  whereText: string | null;
}

/** CREATE VIEW. */
export interface ViewDef {
  kind: "view";
  schema: string | null;
  name: string;
  /** Column names from `CREATE VIEW v(a, b)`, or null. */
  columns: string[] | null;
  /** The SELECT statement's text. */
  selectText: string;
}

/** CREATE VIRTUAL TABLE. */
export interface VirtualTableDef {
  kind: "virtualTable";
  schema: string | null;
  name: string;
  module: string;
  /** Module arguments as SQLite passes them: raw text of each, empty ones dropped. */
  args: string[];
}

/** CREATE TRIGGER. */
export interface TriggerDef {
  kind: "trigger";
  schema: string | null;
  name: string;
  /** The table (or view) the trigger is on. */
  table: string;
  /** Columns of `UPDATE OF a, b`, or null. */
  updateOf: string[] | null;
  /** WHEN expression text, or null. */
  whenText: string | null;
  /** Text between BEGIN and END. */
  bodyText: string;
}

/** Any statement that can be stored in sqlite_schema. */
export type SchemaDef = TableDef | IndexDef | ViewDef | VirtualTableDef | TriggerDef;

/** One automatic index (PRIMARY KEY or UNIQUE constraint), see `autoIndexes`. */
export interface AutoIndexDef {
  /** `sqlite_autoindex_<table>_<N>`. */
  name: string;
  /** `"pk"` for the primary key's index, `"u"` for a UNIQUE one (PRAGMA index_list). */
  origin: "pk" | "u";
  /** Key columns with their collation (as written; `BINARY` by default) and order. */
  columns: { column: number; name: string; collation: string; desc: boolean }[];
  /**
   * False for the primary key of a WITHOUT ROWID table: that index is the table's own
   * b-tree and has no row in sqlite_schema. True for every other automatic index, whose
   * sqlite_schema row has this name and a NULL sql.
   */
  hasSchemaRow: boolean;
}
