/**
 * The syntax tree the parser produces and the binder consumes (the AST of SQLite's
 * `SELECT` language plus the few other statements a read-only engine answers).
 *
 * Conventions:
 * - Every node carries `start`/`end`: its `[start, end)` span in the SQL text, in UTF-16
 *   code units. SQLite names result columns after the text as written, so spans matter.
 * - Names are dequoted but keep their case; compare them with `nameKey` (ASCII folding).
 * - Nothing is resolved here: `TRUE`, `FALSE` and double-quoted words are plain
 *   {@link ColumnRef}s, because SQLite only turns them into values when no column of that
 *   name exists (the binder decides).
 * - Operators are string-literal unions so that dispatch on them is exhaustive.
 */

/** A span of the SQL text. */
export interface Span {
  start: number;
  end: number;
}

// ---------------------------------------------------------------------------------------
// Expressions

/** Literal values. Numbers keep their text; the binder converts (it knows about `-`). */
export interface Literal extends Span {
  kind: "literal";
  /**
   * `integer`: decimal or `0x` hex digits without `_` separators (may be too big for 64
   * bits; SQLite then reads a decimal as REAL and rejects a hex one).
   * `real`: the text without separators. `string`: the dequoted value.
   * `blob`: the hex digits between `X'` and `'`. `null`: text is "".
   */
  type: "null" | "integer" | "real" | "string" | "blob";
  text: string;
}

/** CURRENT_DATE, CURRENT_TIME, CURRENT_TIMESTAMP. */
export interface CurrentTime extends Span {
  kind: "currentTime";
  which: "date" | "time" | "timestamp";
}

/** A bound parameter: `?`, `?NNN`, `:name`, `@name`, `$name`. */
export interface Variable extends Span {
  kind: "variable";
  /** The token text (`?`, `?3`, `:name`). */
  text: string;
  /** 1-based parameter index, assigned in SQLite's order (see {@link ParsedStatement}). */
  index: number;
}

/** `[schema.][table.]name`. Also `TRUE`/`FALSE` and double-quoted words (see above). */
export interface ColumnRef extends Span {
  kind: "column";
  schema: string | null;
  table: string | null;
  name: string;
  /** The column name was written in double quotes (may become a string literal). */
  doubleQuoted: boolean;
}

export type UnaryOp = "-" | "+" | "~" | "not";

export interface Unary extends Span {
  kind: "unary";
  op: UnaryOp;
  operand: Expr;
}

/**
 * Binary operators, normalized: `==` is `=`, `<>` is `!=`, `IS NOT DISTINCT FROM` is
 * `is`, `IS DISTINCT FROM` is `is not`.
 */
export type BinaryOp =
  | "or"
  | "and"
  | "="
  | "!="
  | "<"
  | "<="
  | ">"
  | ">="
  | "is"
  | "is not"
  | "&"
  | "|"
  | "<<"
  | ">>"
  | "+"
  | "-"
  | "*"
  | "/"
  | "%"
  | "||"
  | "->"
  | "->>";

export interface Binary extends Span {
  kind: "binary";
  op: BinaryOp;
  left: Expr;
  right: Expr;
}

/** `expr COLLATE name`. */
export interface Collate extends Span {
  kind: "collate";
  operand: Expr;
  /** The collation name, dequoted, case as written. */
  collation: string;
}

/** `CAST(expr AS type)`. */
export interface Cast extends Span {
  kind: "cast";
  operand: Expr;
  /**
   * The type name as SQLite keeps it: the source text from its first to its last token
   * (inner spacing and comments kept), dequoted when it starts with a quote; "" if none.
   */
  typeName: string;
}

/** `[NOT] LIKE|GLOB|REGEXP|MATCH` with optional ESCAPE (only LIKE/GLOB may have it). */
export interface Like extends Span {
  kind: "like";
  op: "like" | "glob" | "regexp" | "match";
  /** The operator as written (case kept): SQLite names it so in error texts. */
  opText: string;
  not: boolean;
  left: Expr;
  right: Expr;
  escape: Expr | null;
}

/** `operand [NOT] BETWEEN low AND high`. */
export interface Between extends Span {
  kind: "between";
  not: boolean;
  operand: Expr;
  low: Expr;
  high: Expr;
}

/** `operand [NOT] IN (list)`; `IN ()` gives an empty list. */
export interface InList extends Span {
  kind: "inList";
  not: boolean;
  operand: Expr;
  list: Expr[];
}

/** `operand [NOT] IN (SELECT ...)`. */
export interface InSelect extends Span {
  kind: "inSelect";
  not: boolean;
  operand: Expr;
  select: Select;
}

/** `operand [NOT] IN [schema.]table` or `IN table_function(args)`. */
export interface InTable extends Span {
  kind: "inTable";
  not: boolean;
  operand: Expr;
  schema: string | null;
  table: string;
  /** Arguments when written as a table-valued function call, else null. */
  args: Expr[] | null;
}

/** `ISNULL`, `NOTNULL`, `NOT NULL` (postfix). `x IS NULL` is a {@link Binary} `is`. */
export interface NullTest extends Span {
  kind: "nullTest";
  /** true for NOTNULL / NOT NULL. */
  not: boolean;
  operand: Expr;
}

export interface Case extends Span {
  kind: "case";
  /** The `CASE x WHEN ...` operand, or null for `CASE WHEN ...`. */
  operand: Expr | null;
  whens: { when: Expr; then: Expr }[];
  otherwise: Expr | null;
}

/** `[NOT] EXISTS (SELECT ...)`; NOT is a separate {@link Unary}. */
export interface Exists extends Span {
  kind: "exists";
  select: Select;
}

/** `(SELECT ...)` used as a value. */
export interface Subquery extends Span {
  kind: "subquery";
  select: Select;
}

/** `(a, b, ...)` with two or more items. `(a)` is just `a`. */
export interface RowValue extends Span {
  kind: "row";
  items: Expr[];
}

/** A function call, aggregate or window function. */
export interface FunctionCall extends Span {
  kind: "function";
  /** Name as written (dequoted). */
  name: string;
  distinct: boolean;
  /** `f(*)`. */
  star: boolean;
  args: Expr[];
  /** `f(x ORDER BY y)` (aggregate ORDER BY), or null. */
  orderBy: OrderingTerm[] | null;
  /** `FILTER (WHERE ...)`, or null. */
  filter: Expr | null;
  /** `OVER name` (a string) or `OVER (...)`, or null. */
  over: WindowSpec | string | null;
}

/** `RAISE(IGNORE)` / `RAISE(ROLLBACK|ABORT|FAIL, message)`: valid only in triggers. */
export interface Raise extends Span {
  kind: "raise";
  action: "ignore" | "rollback" | "abort" | "fail";
  message: Expr | null;
}

export type Expr =
  | Literal
  | CurrentTime
  | Variable
  | ColumnRef
  | Unary
  | Binary
  | Collate
  | Cast
  | Like
  | Between
  | InList
  | InSelect
  | InTable
  | NullTest
  | Case
  | Exists
  | Subquery
  | RowValue
  | FunctionCall
  | Raise;

/** Every expression kind, for exhaustive dispatch tables (`Record<ExprKind, ...>`). */
export type ExprKind = Expr["kind"];

// ---------------------------------------------------------------------------------------
// Windows

export type FrameBoundType =
  | "unboundedPreceding"
  | "preceding"
  | "currentRow"
  | "following"
  | "unboundedFollowing";

export interface FrameBound {
  type: FrameBoundType;
  /** The `expr` of `expr PRECEDING` / `expr FOLLOWING`, else null. */
  offset: Expr | null;
}

export interface Frame {
  unit: "rows" | "range" | "groups";
  start: FrameBound;
  /** null when written without BETWEEN (the end is then CURRENT ROW). */
  end: FrameBound | null;
  exclude: "noOthers" | "currentRow" | "group" | "ties" | null;
}

/** The inside of `OVER (...)` or of `WINDOW name AS (...)`. */
export interface WindowSpec extends Span {
  /** The base window name (`OVER (w ORDER BY x)`), or null. */
  base: string | null;
  partitionBy: Expr[] | null;
  orderBy: OrderingTerm[] | null;
  frame: Frame | null;
}

/** `WINDOW name AS (...)`. */
export interface NamedWindow extends Span {
  name: string;
  spec: WindowSpec;
}

// ---------------------------------------------------------------------------------------
// SELECT

export interface OrderingTerm extends Span {
  /** The sort key; a COLLATE on it is a {@link Collate} node. */
  expr: Expr;
  desc: boolean;
  /** Explicit NULLS FIRST / NULLS LAST, or null. */
  nulls: "first" | "last" | null;
}

/** One item of the result column list. */
export type ResultColumn =
  | {
    kind: "expr";
    expr: Expr;
    /** `AS alias` or a bare alias, dequoted; null if none. */
    alias: string | null;
    /** The expression's text exactly as written (SQLite's column name without alias). */
    text: string;
    start: number;
    end: number;
  }
  | { kind: "star"; start: number; end: number }
  /** `table.*` (or `schema.table.*`). */
  | { kind: "tableStar"; schema: string | null; table: string; start: number; end: number };

/** How a FROM item is joined to what precedes it. */
export interface JoinOperator {
  /** A comma join. */
  comma: boolean;
  natural: boolean;
  /** LEFT, RIGHT or FULL (with or without OUTER), or null for an inner/cross join. */
  outer: "left" | "right" | "full" | null;
  /** CROSS JOIN (SQLite does not reorder it). */
  cross: boolean;
}

/** A table-like item of a FROM clause. */
export type FromItem =
  | {
    kind: "table";
    schema: string | null;
    name: string;
    alias: string | null;
    /** `INDEXED BY name` (a string), `NOT INDEXED` (false), or null. */
    indexedBy: string | false | null;
    start: number;
    end: number;
  }
  | {
    /** Table-valued function: `pragma_table_info('t')`, `json_each(x)`, `generate_series`. */
    kind: "tableFunction";
    schema: string | null;
    name: string;
    args: Expr[];
    alias: string | null;
    start: number;
    end: number;
  }
  | { kind: "subquery"; select: Select; alias: string | null; start: number; end: number }
  /** A parenthesized join: `(a JOIN b ON ...)`. */
  | { kind: "join"; from: FromClause; alias: string | null; start: number; end: number };

/** One joined item: the first item of a FROM clause has a null `join`. */
export interface JoinedItem {
  join: JoinOperator | null;
  item: FromItem;
  on: Expr | null;
  /** `USING (a, b)` column names, or null. */
  using: string[] | null;
}

export interface FromClause extends Span {
  items: JoinedItem[];
}

/** `SELECT ... FROM ... WHERE ... GROUP BY ... HAVING ... WINDOW ...`. */
export interface SelectCore extends Span {
  kind: "core";
  distinct: boolean;
  columns: ResultColumn[];
  from: FromClause | null;
  where: Expr | null;
  groupBy: Expr[] | null;
  having: Expr | null;
  windows: NamedWindow[] | null;
}

/** `VALUES (...), (...)`. */
export interface ValuesCore extends Span {
  kind: "values";
  rows: Expr[][];
  /**
   * The first row (from 1) parsed after a WITH clause's CTE name anywhere earlier in the
   * statement, or null. SQLite stops reading the rows through a co-routine from there on.
   */
  withFromRow: number | null;
}

export type CompoundOp = "union" | "unionAll" | "intersect" | "except";

export interface CommonTableExpr extends Span {
  name: string;
  /** `name(a, b) AS ...` column names, or null. */
  columns: string[] | null;
  /** `AS MATERIALIZED` (true), `AS NOT MATERIALIZED` (false), or null. */
  materialized: boolean | null;
  select: Select;
}

export interface WithClause extends Span {
  recursive: boolean;
  ctes: CommonTableExpr[];
}

/** A full SELECT: WITH, cores joined by compound operators, ORDER BY, LIMIT. */
export interface Select extends Span {
  with: WithClause | null;
  /** The first core, then each compound operator with the core on its right. */
  first: SelectCore | ValuesCore;
  compounds: { op: CompoundOp; core: SelectCore | ValuesCore }[];
  orderBy: OrderingTerm[] | null;
  /** `LIMIT n [OFFSET m]`; `LIMIT m, n` is stored as limit n, offset m. */
  limit: { limit: Expr; offset: Expr | null } | null;
}

// ---------------------------------------------------------------------------------------
// Statements

/** `PRAGMA [schema.]name [= value | (value)]`. */
export interface PragmaStatement extends Span {
  kind: "pragma";
  schema: string | null;
  name: string;
  /** The argument (a name, a string, or a signed number as text), or null. */
  value: string | null;
  /** `PRAGMA x = v` (a setting: a write) vs `PRAGMA x(v)` (an argument). */
  assigns: boolean;
}

export interface SelectStatement extends Span {
  kind: "select";
  select: Select;
}

/**
 * A statement that changes the database (or the connection's attached databases): INSERT,
 * UPDATE, DELETE, REPLACE (with or without WITH), CREATE, DROP, ALTER, VACUUM, ATTACH,
 * DETACH, REINDEX, ANALYZE. It prepares as in SQLite (its syntax and names are checked
 * against the schema) and a read-only engine refuses it when it runs.
 */
export interface WriteStatement extends Span {
  kind: "write";
  /** The leading verb, upper case (`INSERT`, `CREATE`, ...). */
  verb: string;
  /** The statement's text, from its verb (or WITH) to its end, without the `;`. */
  text: string;
  /**
   * INSERT, REPLACE, UPDATE and DELETE, parsed in full; null for the other verbs, whose
   * text (`start`..`end`) the binder reads itself, because SQLite checks their names while
   * it parses them (core/analyze/schema_statements.ts).
   */
  dml: DmlStatement | null;
}

/** `nm [. nm] [AS nm]`: the table a write statement changes (parse.y's `xfullname`). */
export interface WriteTarget extends Span {
  schema: string | null;
  name: string;
  alias: string | null;
}

/** One `name = expr` or `(a, b) = expr` of a SET list. */
export interface SetItem extends Span {
  /** The column names (one, or several for the vector form), dequoted. */
  columns: string[];
  /** The assigned value; for the vector form, a row value or subquery giving one per column. */
  expr: Expr;
  /** The `(a, b) = ...` form. */
  vector: boolean;
}

/** One `ON CONFLICT [(target) [WHERE]] DO NOTHING | DO UPDATE SET ... [WHERE]` clause. */
export interface UpsertClause extends Span {
  /** The conflict target's terms, or null when there is none. */
  target: OrderingTerm[] | null;
  targetWhere: Expr | null;
  /** The SET list of DO UPDATE, or null for DO NOTHING. */
  set: SetItem[] | null;
  where: Expr | null;
}

/** `[WITH ...] INSERT [OR x] | REPLACE INTO table [(columns)] select | DEFAULT VALUES ...`. */
export interface InsertStatement extends Span {
  kind: "insert";
  /** The statement's verb: `REPLACE INTO` or `INSERT [OR x] INTO`. */
  verb: "INSERT" | "REPLACE";
  with: WithClause | null;
  /** REPLACE INTO, INSERT OR REPLACE, OR IGNORE ... (upper case), or null. */
  orConflict: string | null;
  target: WriteTarget;
  /** The column list, dequoted, or null. */
  columns: string[] | null;
  /** The rows (a SELECT or VALUES), or null for DEFAULT VALUES. */
  select: Select | null;
  upserts: UpsertClause[];
  returning: ResultColumn[] | null;
}

/** `[WITH ...] UPDATE [OR x] table [INDEXED BY i] SET ... [FROM ...] [WHERE ...]`. */
export interface UpdateStatement extends Span {
  kind: "update";
  with: WithClause | null;
  orConflict: string | null;
  target: WriteTarget;
  /** INDEXED BY name, false for NOT INDEXED, null for neither. */
  indexedBy: string | false | null;
  set: SetItem[];
  from: FromClause | null;
  where: Expr | null;
  returning: ResultColumn[] | null;
}

/** `[WITH ...] DELETE FROM table [INDEXED BY i] [WHERE ...] [RETURNING ...]`. */
export interface DeleteStatement extends Span {
  kind: "delete";
  with: WithClause | null;
  target: WriteTarget;
  indexedBy: string | false | null;
  where: Expr | null;
  returning: ResultColumn[] | null;
}

export type DmlStatement = InsertStatement | UpdateStatement | DeleteStatement;

/**
 * BEGIN, COMMIT, END, ROLLBACK [TO x], SAVEPOINT x, RELEASE x. A read-only connection
 * only tracks whether a transaction is open (SQLite's errors for COMMIT without one...).
 */
export interface TransactionStatement extends Span {
  kind: "transaction";
  /** The leading keyword, upper case. */
  verb: "BEGIN" | "COMMIT" | "END" | "ROLLBACK" | "SAVEPOINT" | "RELEASE";
  /** The savepoint of SAVEPOINT x, RELEASE x, ROLLBACK TO x (dequoted), else null. */
  savepoint: string | null;
  /** BEGIN IMMEDIATE or BEGIN EXCLUSIVE (which SQLite counts as writing). */
  writes: boolean;
}

export type Statement = SelectStatement | PragmaStatement | WriteStatement | TransactionStatement;

/** What the parser returns for one statement. */
export interface ParsedStatement {
  statement: Statement;
  /** `EXPLAIN` (`"explain"`) or `EXPLAIN QUERY PLAN` (`"queryPlan"`) prefix, or null. */
  explain: "explain" | "queryPlan" | null;
  /**
   * Parameter names by index (index 0 unused): `?NNN`/`?` slots are null, named ones
   * hold their text with the prefix (`:a`). SQLite's numbering: `?` takes the largest
   * index so far plus one, `?NNN` takes NNN, a name seen before reuses its index.
   */
  parameters: (string | null)[];
  /** Offset just after the statement (and its `;`): where the next statement starts. */
  tail: number;
  /**
   * Its IN lists and WITH clauses, in no particular order: the constructs whose errors
   * SQLite raises while parsing (analyze/parse_checks.ts).
   */
  parseChecks: readonly (InList | WithClause)[];
}
