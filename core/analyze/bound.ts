/**
 * The bound query: what the binder produces from the AST and the schema, and what the
 * planner consumes. Every name is resolved, every `*` expanded, every function looked up,
 * every literal typed. Plain data only.
 *
 * Sources: each table-like thing in a FROM clause (anywhere in the statement) has a
 * statement-unique numeric `id`. A column reference names its source by id, so a
 * reference to a source of an enclosing query (a correlated reference) is recognisable
 * by the id alone: it is not one of the ids of the query's own FROM clause.
 */
import type { FrameBoundType, Span, TransactionStatement, UnaryOp } from "../sql/ast.ts";
import type { IndexInfo, TableInfo } from "../format/schema_types.ts";
import type { Affinity, SqlValue, StorageClass } from "../value/types.ts";
import type { FunctionDef } from "../functions/catalog.ts";

/**
 * What SQLite derives for every expression, for comparisons and sorting:
 * - `affinity`: sqlite3ExprAffinity; null is "no affinity" (SQLITE_AFF_NONE).
 * - `collation`: the collating sequence sqlite3ExprCollSeq finds (upper case), or null
 *   when none applies (BINARY).
 * - `hasCollate`: the expression contains a COLLATE operator that propagates to
 *   it (SQLite's EP_Collate); an explicit collation wins in a comparison.
 */
export interface ExprInfo extends Span {
  affinity: Affinity | null;
  collation: string | null;
  hasCollate: boolean;
}

export interface BoundLiteral extends ExprInfo {
  kind: "literal";
  value: SqlValue;
  cls: StorageClass;
  /**
   * The column a null test folded to this constant read (expr_binder.ts foldedNullTest):
   * it still counts as read, as in SQLite, where name resolution marked it first.
   */
  of?: BoundColumn;
}

/** `TRUE` / `FALSE` that resolved to no column: the integers 1 / 0 (SQLite's TK_TRUEFALSE). */
export interface BoundTrueFalse extends ExprInfo {
  kind: "trueFalse";
  value: boolean;
}

/** A column of a source; `column` is the index in the source's columns, -1 for the rowid. */
export interface BoundColumn extends ExprInfo {
  kind: "column";
  source: number;
  column: number;
}

export interface BoundVariable extends ExprInfo {
  kind: "variable";
  /** 1-based parameter index. */
  index: number;
  /** Name with prefix (`:a`), or null for `?` / `?NNN`. */
  name: string | null;
}

export interface BoundCurrentTime extends ExprInfo {
  kind: "currentTime";
  which: "date" | "time" | "timestamp";
}

export interface BoundUnary extends ExprInfo {
  kind: "unary";
  op: UnaryOp;
  operand: BoundExpr;
}

/** Binary operators, as in the AST (`is`/`is not` against TRUE/FALSE become {@link BoundTruth}). */
export interface BoundBinary extends ExprInfo {
  kind: "binary";
  op: import("../sql/ast.ts").BinaryOp;
  left: BoundExpr;
  right: BoundExpr;
}

/** `x IS [NOT] TRUE|FALSE` (SQLite's TK_TRUTH): truth-value tests, not comparisons. */
export interface BoundTruth extends ExprInfo {
  kind: "truth";
  operand: BoundExpr;
  /** The tested value: true for `IS TRUE` / `IS NOT TRUE`. */
  value: boolean;
  not: boolean;
}

export interface BoundCollate extends ExprInfo {
  kind: "collate";
  operand: BoundExpr;
  /** Collation name as written. */
  name: string;
  /**
   * Put by the query flattener around a substituted expression, not written (SQLite's
   * COLLATE without EP_Collate): the value loses its JSON subtype.
   */
  soft?: boolean;
}

export interface BoundCast extends ExprInfo {
  kind: "cast";
  operand: BoundExpr;
  typeName: string;
}

export interface BoundLike extends ExprInfo {
  kind: "like";
  op: "like" | "glob" | "regexp" | "match";
  not: boolean;
  left: BoundExpr;
  right: BoundExpr;
  escape: BoundExpr | null;
}

export interface BoundBetween extends ExprInfo {
  kind: "between";
  not: boolean;
  operand: BoundExpr;
  low: BoundExpr;
  high: BoundExpr;
}

export interface BoundInList extends ExprInfo {
  kind: "inList";
  not: boolean;
  operand: BoundExpr;
  list: BoundExpr[];
}

/** `x IN (SELECT ...)`, also `x IN table` (bound as `SELECT * FROM table`). */
export interface BoundInSelect extends ExprInfo {
  kind: "inSelect";
  not: boolean;
  operand: BoundExpr;
  select: BoundSelect;
}

export interface BoundNullTest extends ExprInfo {
  kind: "nullTest";
  not: boolean;
  operand: BoundExpr;
}

export interface BoundCase extends ExprInfo {
  kind: "case";
  operand: BoundExpr | null;
  whens: { when: BoundExpr; then: BoundExpr }[];
  otherwise: BoundExpr | null;
}

export interface BoundExists extends ExprInfo {
  kind: "exists";
  select: BoundSelect;
}

/** A scalar subquery (one column). */
export interface BoundSubquery extends ExprInfo {
  kind: "subquery";
  select: BoundSelect;
}

export interface BoundRow extends ExprInfo {
  kind: "row";
  items: BoundExpr[];
}

/** How a function call is used. */
export type CallRole = "scalar" | "aggregate" | "window";

export interface BoundFunction extends ExprInfo {
  kind: "function";
  def: FunctionDef;
  /** The name as written (SQLite's error texts use it). */
  name: string;
  role: CallRole;
  distinct: boolean;
  args: BoundExpr[];
  /** Aggregate `ORDER BY` inside the call, or null. */
  orderBy: BoundOrderingTerm[] | null;
  filter: BoundExpr | null;
  /** The window (role "window"), or null. */
  window: BoundWindow | null;
  /** For aggregates: the id of the core the aggregate belongs to (SQLite's agg depth). */
  aggregateOf: number | null;
}

export type BoundExpr =
  | BoundLiteral
  | BoundTrueFalse
  | BoundColumn
  | BoundVariable
  | BoundCurrentTime
  | BoundUnary
  | BoundBinary
  | BoundTruth
  | BoundCollate
  | BoundCast
  | BoundLike
  | BoundBetween
  | BoundInList
  | BoundInSelect
  | BoundNullTest
  | BoundCase
  | BoundExists
  | BoundSubquery
  | BoundRow
  | BoundFunction;

export interface BoundOrderingTerm {
  expr: BoundExpr;
  desc: boolean;
  nulls: "first" | "last" | null;
  /**
   * 1-based result column this term names (alias, column number, or an expression equal
   * to a result expression: SQLite's iOrderByCol), or 0. For a compound SELECT every
   * ORDER BY term has one; `expr` is then the left-most core's expression.
   */
  resultColumn: number;
}

export interface BoundFrameBound {
  type: FrameBoundType;
  offset: BoundExpr | null;
}

export interface BoundWindow {
  /** Name of the named window it came from (`OVER w`), or null. */
  name: string | null;
  partitionBy: BoundExpr[];
  orderBy: BoundOrderingTerm[];
  frame: {
    unit: "rows" | "range" | "groups";
    start: BoundFrameBound;
    end: BoundFrameBound;
    exclude: "none" | "noOthers" | "currentRow" | "group" | "ties";
  } | null;
}

// ---------------------------------------------------------------------------------------
// Sources

/** Result-column shape shared by every source kind: what a `*` expands to. */
export interface SourceColumn {
  name: string;
  /** Hidden columns (table-valued function arguments) are left out of `*`. */
  hidden: boolean;
  affinity: Affinity | null;
  collation: string | null;
  /** Declared type (origin) as a top-level `columns()` would report it. */
  declaredType: string | null;
  origin: { database: string; table: string; column: string } | null;
}

interface SourceBase {
  id: number;
  /** Alias or table name: what `x.col` matches. */
  name: string;
  columns: SourceColumn[];
}

export interface TableSource extends SourceBase {
  kind: "table";
  table: TableInfo;
  /** `INDEXED BY`'s index, `false` for NOT INDEXED, null for neither. */
  indexedBy: IndexInfo | false | null;
  /**
   * Per column, the expression of a VIRTUAL generated column bound over this same source
   * (its value is computed from the row), else null.
   */
  virtual: (BoundExpr | null)[];
  /**
   * Per index of the table, the WHERE of a partial index bound over this same source
   * (null: not partial, or not bindable); empty when the table has no partial index.
   */
  partialWhere: (BoundExpr | null)[];
}

/** A FROM subquery or an expanded view (`view` names it). */
export interface SubquerySource extends SourceBase {
  kind: "subquery";
  select: BoundSelect;
  view: string | null;
}

/** A reference to a common table expression. */
export interface CteSource extends SourceBase {
  kind: "cte";
  cte: BoundCte;
  /** The reference from inside a recursive CTE's recursive part to itself. */
  recursiveRef: boolean;
}

/** `pragma_x(...)`, `json_each(...)`, `json_tree(...)`: hidden argument columns last. */
export interface TableFunctionSource extends SourceBase {
  kind: "tableFunction";
  /** Lower-case function name (`pragma_table_info`, `json_each`, ...). */
  function: string;
  args: BoundExpr[];
  /** Index of the first hidden column in `columns`. */
  firstHidden: number;
}

export type BoundSource = TableSource | SubquerySource | CteSource | TableFunctionSource;

export type JoinKind = "inner" | "cross" | "left" | "right" | "full";

/** One FROM item with how it is joined to the items before it. */
export interface BoundJoinItem {
  /** null for the first item. */
  join: JoinKind | null;
  natural: boolean;
  /** A source, or a parenthesized join. */
  item: BoundSource | BoundFrom;
  on: BoundExpr | null;
  /**
   * USING / NATURAL column pairs: `left` is the matching column of an earlier item,
   * `right` the column of this item.
   */
  using: { name: string; left: BoundColumn; right: BoundColumn }[];
}

export interface BoundFrom {
  kind: "join";
  items: BoundJoinItem[];
}

export interface BoundCte {
  /** Statement-unique id. */
  id: number;
  name: string;
  columns: SourceColumn[];
  materialized: boolean | null;
  recursive: boolean;
  /** FROM references to it, besides a recursive part's own (SQLite materializes at 2+). */
  uses: number;
  /** For a recursive CTE: the non-recursive (seed) part and the compound operator. */
  select: BoundSelect;
}

// ---------------------------------------------------------------------------------------
// SELECT

export interface BoundResultColumn {
  expr: BoundExpr;
  /** Column name as a subquery (or the statement) names it. */
  name: string;
}

export interface BoundCore {
  kind: "core";
  /** Statement-unique id; aggregates name their core with it. */
  id: number;
  distinct: boolean;
  columns: BoundResultColumn[];
  from: BoundFrom | null;
  where: BoundExpr | null;
  groupBy: BoundExpr[] | null;
  having: BoundExpr | null;
  /** The query aggregates (GROUP BY or an aggregate function belongs to it). */
  aggregate: boolean;
  /** Aggregate calls that belong to this core (possibly written inside subqueries). */
  aggregates: BoundFunction[];
  /** Window function calls of this core's result columns and ORDER BY. */
  windowFunctions: BoundFunction[];
}

export interface BoundValues {
  kind: "values";
  id: number;
  rows: BoundExpr[][];
  /** The SELECTs SQLite makes of the rows, left to right (values_selects.ts). */
  selects: ValuesSelect[];
}

/** Rows `first` .. `first + count - 1` of a VALUES clause; more than one: a co-routine. */
export interface ValuesSelect {
  first: number;
  count: number;
}

export interface BoundSelect {
  first: BoundCore | BoundValues;
  compounds: { op: import("../sql/ast.ts").CompoundOp; core: BoundCore | BoundValues }[];
  orderBy: BoundOrderingTerm[] | null;
  limit: BoundExpr | null;
  offset: BoundExpr | null;
  /** Result column names (as a subquery names them). */
  columnNames: string[];
}

/** One result column as `StatementSync.columns()` describes it. */
export interface ResultColumnInfo {
  name: string;
  database: string | null;
  table: string | null;
  column: string | null;
  declaredType: string | null;
}

export type BoundStatement =
  | {
    kind: "select";
    select: BoundSelect;
    columns: ResultColumnInfo[];
    explain: "explain" | "queryPlan" | null;
    parameters: (string | null)[];
    /**
     * Flattening may change it: a SELECT is nested in it (a subquery, a view's or CTE's body,
     * which may be merged or lose its ORDER BY), or it has an outer or parenthesized join
     * (which may be simplified). The planner skips core/plan/flatten.ts otherwise: a rewrite
     * added there needs its trigger recorded here too (set by bindSelect and bindFrom).
     */
    flattenable: boolean;
  }
  | {
    kind: "pragma";
    name: string;
    schema: string | null;
    arg: string | null;
    columns: ResultColumnInfo[];
  }
  | {
    kind: "transaction";
    verb: TransactionStatement["verb"];
    savepoint: string | null;
    /** BEGIN IMMEDIATE / EXCLUSIVE. */
    writes: boolean;
    columns: ResultColumnInfo[];
  }
  | BoundWrite;

/**
 * A statement that writes, checked against the schema as SQLite prepares it. A read-only
 * engine runs none: running it does nothing (`noop`) or throws `error`.
 */
export interface BoundWrite {
  kind: "write";
  /** The leading verb, upper case. */
  verb: string;
  /** RETURNING's result columns (none without RETURNING). */
  columns: ResultColumnInfo[];
  explain: "explain" | "queryPlan" | null;
  parameters: (string | null)[];
  /** SQLite would change nothing (CREATE ... IF NOT EXISTS of an existing object, ...). */
  noop: boolean;
  /** What running it throws, unless `noop`. */
  error: { code: "SQLITE_READONLY" | "SQLITE_ERROR"; message: string } | null;
  /** SQLite's sqlite3_stmt_readonly (true for ATTACH and DETACH only). */
  readonly: boolean;
}
