/**
 * The physical plan: the only contract between the planner and the backends.
 *
 * A plan is a tree of relational nodes ({@link RelNode}) whose rows flow upwards, and
 * expressions ({@link PlanExpr}) evaluated against the current row of the nodes below.
 * Everything a backend needs is here, already decided: which b-tree to walk and how to
 * seek it, the comparison affinity and collation of every comparison, where every value
 * comes from. A backend never looks at the SQL, the AST or the bound query.
 *
 * Addressing values. Every node that produces values has a statement-unique `id`; the
 * expression `{kind: "column", node, column}` reads column `column` of the current row
 * of node `node`:
 * - a `tableScan` / `indexScan` / `rowidLookup` exposes the table's columns by their index
 *   in `TableInfo.columns` (-1 is the rowid), read from the row its cursor is on (an
 *   `indexScan` with `covering` reads them from the index entry instead);
 * - every other producing node exposes `0..n-1`: the values it computed or stored (a
 *   `project`'s expressions, a `sort`'s stored columns, an `aggregate`'s group keys then
 *   results then carried values, a subquery's result columns, ...).
 * A node that stores rows (sort, aggregate, hashLookup, window, compound, materialized
 * subqueries) ends the reach of references into its input: above it, only its own outputs
 * can be read. The planner rewrites references accordingly, also inside subqueries
 * (a correlated subquery above an aggregate reads the aggregate's outputs).
 *
 * Correlated subqueries read the outer query's current row with ordinary `column`
 * references to the outer nodes; the backend keeps the outer row readable while the
 * subquery runs.
 *
 * Row order is part of the contract: a node emits rows in the order described on it,
 * which is SQLite's order wherever SQLite's order is observable without ORDER BY (a scan
 * gives b-tree order, a UNION gives the order of its distinct keys, GROUP BY gives groups
 * in key order).
 *
 * Plain data, no classes, so a plan can be printed, compared in tests and compiled by any
 * backend. The one exception is a function the connection registered: its implementation
 * rides along by reference for the backends to call (`impl` on {@link FunctionExpr},
 * {@link AggregateCall} and {@link WindowCall}); everything else about the call is data
 * like the rest. Node kinds are closed unions; backends dispatch with a
 * `Record<RelNode["kind"], ...>` so a new kind fails type checking until every backend
 * handles it.
 */
import type { ScalarImpl } from "../functions/scalar/registry.ts";
import type { AggregateFunction } from "../functions/aggregate/types.ts";
import type { IndexInfo, TableInfo } from "../format/schema_types.ts";
import type { FrameBoundType } from "../sql/ast.ts";
import type { CompareOp } from "../value/logic.ts";
import type { Affinity, SqlValue, StorageClass, TextEncoding } from "../value/types.ts";

// ---------------------------------------------------------------------------------------
// Expressions

/** Upper-case collation name: `"BINARY"`, `"NOCASE"` or `"RTRIM"`. */
export type CollationName = string;

/** A literal. */
export interface ConstExpr {
  kind: "const";
  value: SqlValue;
  cls: StorageClass;
}

/** A bound parameter (`?`, `?NNN`, `:a`, ...): 1-based index; unbound reads as NULL. */
export interface ParamExpr {
  kind: "param";
  index: number;
}

/** Column `column` of the current row of node `node` (see the module comment). */
export interface ColumnExpr {
  kind: "column";
  node: number;
  column: number;
}

/**
 * `-x`, `+x`, `~x`, `NOT x` (core/value arith.ts negate/unaryPlus/bitNot, logic.ts not), and
 * `realAffinity` (arith.ts realAffinity: INTEGER → REAL, SQLite's OP_RealAffinity), which the
 * planner puts on reads of a REAL-affinity column of a compound subquery.
 */
export interface UnaryExpr {
  kind: "unary";
  op: "negate" | "plus" | "bitNot" | "not" | "realAffinity";
  operand: PlanExpr;
}

/** Arithmetic, bit and `||` operators (core/value arith.ts). */
export interface ArithExpr {
  kind: "arith";
  op:
    | "add"
    | "subtract"
    | "multiply"
    | "divide"
    | "remainder"
    | "bitAnd"
    | "bitOr"
    | "shiftLeft"
    | "shiftRight"
    | "concat";
  left: PlanExpr;
  right: PlanExpr;
}

/**
 * `= != < <= > >=` (core/value logic.ts `compare`): `affinity` is the comparison affinity
 * (Affinity.Blob applies none), `collation` the collating sequence SQLite picks.
 */
export interface CompareExpr {
  kind: "compare";
  op: CompareOp;
  left: PlanExpr;
  right: PlanExpr;
  affinity: Affinity;
  collation: CollationName;
}

/** `IS` / `IS NOT` (logic.ts `is`): never NULL. */
export interface IsExpr {
  kind: "is";
  not: boolean;
  left: PlanExpr;
  right: PlanExpr;
  affinity: Affinity;
  collation: CollationName;
}

/** Three-valued `AND` / `OR`. The right operand is evaluated only when it can matter. */
export interface LogicExpr {
  kind: "logic";
  op: "and" | "or";
  left: PlanExpr;
  right: PlanExpr;
  /**
   * The two halves of `x BETWEEN a AND b` (the planner orders them as SQLite's does); a
   * scalar `x` is one expression object that both halves compare.
   */
  between?: true;
}

/** `x IS [NOT] TRUE|FALSE` (logic.ts `isTruth`). */
export interface TruthExpr {
  kind: "truth";
  operand: PlanExpr;
  value: boolean;
  not: boolean;
}

/** `x ISNULL` / `x NOTNULL` (`not`). */
export interface NullTestExpr {
  kind: "nullTest";
  not: boolean;
  operand: PlanExpr;
}

/** `CAST(x AS type)`: the type's affinity (cast.ts `cast`). */
export interface CastExpr {
  kind: "cast";
  operand: PlanExpr;
  affinity: Affinity;
}

/**
 * A column's affinity applied to a value as storing it would (core/value affinity.ts
 * applyAffinity, SQLite's OP_Affinity): the value of a VIRTUAL generated column.
 */
export interface AffinityExpr {
  kind: "affinity";
  operand: PlanExpr;
  affinity: Affinity;
  /**
   * The VIRTUAL column of a table node this value is, when it is one: an index on that
   * column holds the same value, so a term on it may seek the index.
   */
  generated?: { node: number; column: number };
}

/**
 * The operand's value without its JSON subtype (SQLite's OP_ClrSubtype): what the query
 * flattener's "soft" COLLATE around a substituted subquery expression does.
 */
export interface ClearSubtypeExpr {
  kind: "clearSubtype";
  operand: PlanExpr;
}

/**
 * `CASE`: without `operand`, each `when` is a truth test; with it, `operand = when` is
 * tested with that branch's comparison `affinity` and `collation` (NULL never matches).
 * `operand` is evaluated once. No `otherwise` means NULL.
 */
export interface CaseExpr {
  kind: "case";
  operand: PlanExpr | null;
  whens: { when: PlanExpr; then: PlanExpr; affinity: Affinity; collation: CollationName }[];
  otherwise: PlanExpr | null;
}

/**
 * `x [NOT] IN (list)`: true when some item equals `x` under `affinity` (the comparison
 * affinity of `x` with the list) and `collation`; otherwise NULL when `x` is NULL or an
 * item is NULL, else false. `NOT IN` negates (NULL stays NULL). An empty list is false
 * (`NOT IN ()` true) even when `x` is NULL.
 */
export interface InListExpr {
  kind: "inList";
  not: boolean;
  operand: PlanExpr;
  list: PlanExpr[];
  affinity: Affinity;
  collation: CollationName;
  /** See {@link InQueryExpr.operandAffinity}: set for a list of three or more constants. */
  operandAffinity?: Affinity;
}

/**
 * `x [NOT] IN (SELECT ...)`, also row values `(a, b) IN (SELECT x, y ...)`: `operands`
 * has one expression per column of the subquery; column i is compared with
 * `affinities[i]` and `collations[i]`. NULL rules as {@link InListExpr} (a row operand
 * is NULL-ish when any of its parts is NULL).
 */
export interface InQueryExpr {
  kind: "inQuery";
  not: boolean;
  operands: PlanExpr[];
  query: SubPlan;
  affinities: Affinity[];
  collations: CollationName[];
  /**
   * The affinity SQLite applies to a single operand's own register before it probes its
   * IN table (OP_Affinity in sqlite3ExprCodeIN). The register is a copy for a table's
   * column, but an aggregate's output (group key, result or carried value) is read in
   * place, so every later read of that output in the same row sees the converted value.
   */
  operandAffinity?: Affinity;
}

/** `EXISTS (SELECT ...)`: 1 when the subquery has a row, else 0. */
export interface ExistsExpr {
  kind: "exists";
  query: SubPlan;
}

/** A scalar subquery: first column of its first row, or NULL when it has no row. */
export interface SubqueryExpr {
  kind: "subquery";
  query: SubPlan;
}

/**
 * A scalar function call (core/functions/scalar registry, by lower-case `name`).
 * `collation` is the call site's collating sequence (min, max, nullif, instr and the like
 * use it). `LIKE`/`GLOB` are calls of `like`/`glob` with SQLite's argument order
 * (pattern first: `a LIKE b ESCAPE c` is `like(b, a, c)`), `CURRENT_DATE` and friends are
 * calls of `date`/`time`/`datetime` with no argument. `coalesce` and `ifnull` evaluate their
 * arguments left to right only until one is not NULL, as SQLite's inline versions do (a later
 * argument that would fail is never evaluated); `iif`/`if` arrive as {@link CaseExpr}.
 */
export interface FunctionExpr {
  kind: "function";
  name: string;
  args: PlanExpr[];
  collation: CollationName;
  /**
   * A function the connection registered: its implementation, carried by reference
   * (backends call it instead of looking `name` up among the built-ins).
   */
  impl?: ScalarImpl;
  /** A registered function not declared deterministic: never evaluated once for all rows. */
  volatile?: boolean;
}

/** An expression of the plan. */
export type PlanExpr =
  | ConstExpr
  | ParamExpr
  | ColumnExpr
  | UnaryExpr
  | ArithExpr
  | CompareExpr
  | IsExpr
  | LogicExpr
  | TruthExpr
  | NullTestExpr
  | CastExpr
  | AffinityExpr
  | ClearSubtypeExpr
  | CaseExpr
  | InListExpr
  | InQueryExpr
  | ExistsExpr
  | SubqueryExpr
  | FunctionExpr;

/**
 * A query nested in an expression. `correlated` is false when it reads nothing of the
 * enclosing query: then a backend may run it once per execution of the statement and
 * reuse the result (for `inQuery` typically as a set of keys). A scalar subquery's and an
 * EXISTS's plan already stop after one row (the planner adds the LIMIT 1).
 */
export interface SubPlan extends Query {
  correlated: boolean;
}

// ---------------------------------------------------------------------------------------
// Relational nodes

/** A query: a tree of nodes, and the values each of its rows produces. */
export interface Query {
  root: RelNode;
  /** The result values, read after `root` produced a row (usually `project` outputs). */
  columns: PlanExpr[];
}

/** One bound of a range: rows compared with `value`; `inclusive` for `<=` / `>=`. */
export interface RangeBound {
  /**
   * The bound, or null for "above NULL" (an index scan's lower bound only: SQLite's
   * `x > NULL` that skips the NULL entries).
   */
  value: PlanExpr | null;
  inclusive: boolean;
  /** The comparison's affinity (see {@link TermKey}); BLOB for the "above NULL" bound. */
  affinity: Affinity;
}

/**
 * How a term gives a seek key: one value, or the values of an IN list (each probed in turn,
 * duplicates and NULLs skipped, in ascending key order — descending for a reverse scan),
 * or the rows of a subquery's first column (`x IN (SELECT ...)`).
 */
export type TermKey =
  | {
    kind: "value";
    value: PlanExpr;
    /**
     * The affinity of the comparison the key comes from: BLOB means the key is sought as
     * it is (`textcol = blobcol` converts neither side), otherwise the key takes its
     * column's affinity, so the seek finds exactly the rows the comparison accepts.
     */
    affinity: Affinity;
    /** From `IS` or `IS NULL`: a NULL key finds the NULL entries (else it finds none). */
    nulls?: boolean;
  }
  | { kind: "list"; values: PlanExpr[] }
  | { kind: "query"; query: SubPlan };

/**
 * The key of one column of an index seek: a term's, or, with no term, `any` — a column a
 * skip-scan skips (where.c's WHERE_SKIPSCAN, shown as `ANY(column)`), which takes in turn
 * each distinct value the index holds in it.
 */
export type SeekKey = TermKey | { kind: "any" };

/** A sort term over stored columns: the column index, direction, NULL placement, collation. */
export interface SortKey {
  column: number;
  desc: boolean;
  /** Where NULLs go; SQLite's default is first for ASC, last for DESC. */
  nullsFirst: boolean;
  collation: CollationName;
}

/**
 * Full scan of a table b-tree (rowid order; reverse for DESC), or of part of it: `rowid`
 * narrows it to a key (a lookup: SQLite's SEARCH ... USING INTEGER PRIMARY KEY) or a
 * range. Keys are converted as SQLite's OP_SeekRowid / OP_SeekGE on a rowid do: a value
 * that is not an integer (after numeric affinity) finds no row for `=`, and bounds round
 * towards the range. For WITHOUT ROWID tables the scan walks the primary-key b-tree and
 * `rowid` is null.
 */
export interface TableScan {
  kind: "tableScan";
  id: number;
  table: TableInfo;
  /** The name EXPLAIN QUERY PLAN shows: `t`, or `t AS x` when aliased. */
  label: string;
  reverse: boolean;
  rowid:
    | { kind: "key"; key: TermKey }
    | { kind: "range"; lower: RangeBound | null; upper: RangeBound | null }
    | null;
  /** See {@link IndexScan.bloom}. */
  bloom?: boolean;
  /** See {@link IndexScan.bloomAlso}. */
  bloomAlso?: (TableScan | IndexScan)[];
  /** See {@link IndexScan.bloomAlso}. */
  bloomPulled?: boolean;
}

/**
 * Rows of a table reached through an index, in index order (reverse for DESC): `eq`
 * fixes the leading key columns (one key per column), then `lower`/`upper` bound the next
 * one. Seek keys take the affinity of their index column before the seek, unless their
 * comparison's affinity is BLOB (the planner only uses a term whose comparison affinity
 * and collation agree with the index column, as SQLite's sqlite3IndexAffinityOk). NULL
 * entries of a bounded column are skipped as SQLite skips them (`a < 5` does not return
 * NULLs). With `covering`, every column read above comes from the index entry and the
 * table is not touched. The node's outputs are the table's columns (-1: rowid).
 *
 * A seek yields exactly the rows its comparison terms accept, so the planner does not
 * test those terms again (where.c's disableTerm); IN-list terms stay as filters.
 */
export interface IndexScan {
  kind: "indexScan";
  id: number;
  table: TableInfo;
  index: IndexInfo;
  label: string;
  eq: SeekKey[];
  lower: RangeBound | null;
  upper: RangeBound | null;
  reverse: boolean;
  covering: boolean;
  /** EXPLAIN shows a Bloom filter ahead of its seeks (where.c's WHERE_BLOOMFILTER). */
  bloom?: boolean;
  /**
   * Later scans whose Bloom filters SQLite builds right after this one's (they need no
   * table read after this one: sqlite3ConstructBloomFilter's pull-down); each of those is
   * `bloomPulled`, its filter shown here.
   */
  bloomAlso?: (TableScan | IndexScan)[];
  bloomPulled?: boolean;
  /**
   * where.c's WHERE_BIGNULL_SORT: without a bound on it, the column after the `eq` ones is
   * read in two passes, its NULL entries moved to the end the scan meets them last (for an
   * ORDER BY x NULLS LAST, or DESC NULLS FIRST).
   */
  bigNull?: boolean;
}

/** Keeps the rows where `predicate` is true. */
export interface Filter {
  kind: "filter";
  input: RelNode;
  predicate: PlanExpr;
}

/**
 * Evaluates `columns` for each input row (outputs `0..n-1`); rows pass through one for
 * one. Expressions are evaluated when the row arrives, so their values stay readable
 * while the row travels further up.
 */
export interface Project {
  kind: "project";
  id: number;
  input: RelNode;
  columns: PlanExpr[];
}

/**
 * Nested-loop join: for each row of `outer`, the whole `inner` tree runs (it may read the
 * outer row, e.g. to seek an index, or be a {@link HashLookup}); a combined row is emitted
 * when `on` (null: always) is true.
 * - `inner`: only matching combinations.
 * - `left`: an outer row with no match is emitted once with every node of `inner` reading
 *   NULL for every column (SQLite's OP_NullRow).
 * - `full`: as `left`, then every inner row that matched no outer row is emitted once with
 *   every node of `outer` reading NULL (RIGHT JOIN arrives as `full` with a filter above,
 *   or swapped to `left`). Without `unmatched`, the inner does not read the outer row and
 *   its rows are told apart by their position in it; with `unmatched`, the inner may seek
 *   per outer row and the unmatched rows come from a second loop over the same table.
 * Row order: outer order, and for each outer row inner order; then the unmatched rows.
 */
export interface NestedLoop {
  kind: "nestedLoop";
  join: "inner" | "left" | "full";
  outer: RelNode;
  inner: RelNode;
  on: PlanExpr | null;
  /**
   * A `full` join's second loop (SQLite's RIGHT-JOIN subroutine): `node` reads the inner's
   * one table alone, under the inner's node ids, and `rowid` tells its rows apart.
   */
  unmatched?: { node: RelNode; rowid: ColumnExpr };
  /** A RIGHT JOIN's `full`: the outer rows that match nothing are dropped above it. */
  right?: boolean;
}

/**
 * The inner side of a hash join (SQLite's automatic index, or a Bloom-filtered probe):
 * `input` is read once per execution of the statement (it must not read any outer row),
 * each row's `columns` are stored under the key `buildKeys`; then for every probe, the
 * rows whose key equals `probeKeys` (evaluated on the outer row), with per-key `affinities`
 * and `collations`, are emitted in input order. NULL keys never match. Outputs: `columns`.
 */
export interface HashLookup {
  kind: "hashLookup";
  id: number;
  input: RelNode;
  columns: PlanExpr[];
  buildKeys: PlanExpr[];
  probeKeys: PlanExpr[];
  affinities: Affinity[];
  collations: CollationName[];
  /** Per key: from an IS, so a NULL finds the NULL keys. */
  nulls: boolean[];
  label: string;
}

/** One aggregate call of an {@link Aggregate}. */
export interface AggregateCall {
  /** Lower-case name in core/functions/aggregate's registry (`count` with no args is count(*)). */
  name: string;
  args: PlanExpr[];
  /** `f(DISTINCT x)`: each distinct (under `collation`) argument value stepped once. */
  distinct: boolean;
  /** `FILTER (WHERE ...)`: rows where it is not true are not stepped. */
  filter: PlanExpr | null;
  /** `group_concat(x ORDER BY y)`: rows stepped in this order (stable); keys over `orderValues`. */
  orderBy: { value: PlanExpr; desc: boolean; nullsFirst: boolean; collation: CollationName }[];
  /** Collation of the call site (min/max compare with it; DISTINCT uses it). */
  collation: CollationName;
  /** A registered aggregate: its implementation (never a built-in's native path). */
  impl?: AggregateFunction;
}

/**
 * Grouping and aggregation. Outputs: the `groupBy` values (of the group's first row), then
 * one result per `aggregates` entry, then `carried` — values of "bare" columns. Group keys
 * and carried values are taken from the first row of the group (in input order), or, when
 * `carryFromMinMax` (a min()/max() call is among `aggregates`), carried values come from the
 * row that the last min()/max() step that ran took as its best (SQLite 3.53's rule, checked
 * against node:sqlite: `SELECT a, b FROM t GROUP BY a` shows each group's first `b`; with
 * `max(c), max(d)` the row where max(d) last grew).
 *
 * Groups are equal under `groupCollations` (INTEGER 1 and REAL 1.0 are one group; NULLs form
 * one group) and are emitted in key order, key `i` descending where `groupDesc[i]` (NULLs
 * then last, as SQLite's sorter puts them) — `hash` only: a `stream` aggregation emits
 * groups in the order they arrive. Without GROUP BY (`groupBy` empty)
 * exactly one row comes out, even from no input. `stream`: the input arrives ordered by
 * the group keys (an index gives the order), so each group ends when the key changes;
 * `hash`: groups are gathered first, then emitted sorted by key.
 */
export interface Aggregate {
  kind: "aggregate";
  id: number;
  input: RelNode;
  groupBy: PlanExpr[];
  groupCollations: CollationName[];
  groupDesc: boolean[];
  aggregates: AggregateCall[];
  carried: PlanExpr[];
  carryFromMinMax: boolean;
  strategy: "stream" | "hash";
}

/**
 * `count(*)` of a whole b-tree, counted from its leaf pages (SQLite's OP_Count): one row,
 * one column. `rootPage` is the smallest b-tree holding one entry per row (the table or
 * one of its indexes).
 */
export interface CountRows {
  kind: "countRows";
  id: number;
  table: TableInfo;
  index: IndexInfo | null;
  label: string;
}

/**
 * Stores each input row's `columns`, then emits them ordered by `keys` (stable: ties keep
 * input order). With `limit`, only the first `limit + offset` rows are kept while
 * sorting (top-N: SQLite's sorter with a LIMIT); `limit`/`offset` follow {@link Limit}'s
 * rules, and the rows are still emitted from the first (the `limit` node above skips the
 * offset). Outputs: `columns`.
 */
export interface Sort {
  kind: "sort";
  id: number;
  input: RelNode;
  columns: PlanExpr[];
  keys: SortKey[];
  limit: PlanExpr | null;
  offset: PlanExpr | null;
  /**
   * The leading keys the input already comes ordered by (select.c's nOBSat): SQLite sorts
   * only the rest, block by block, which gives the order a stable sort of all keys gives.
   * All of them: the sort of a DISTINCT that SQLite runs as a GROUP BY, which EXPLAIN
   * shows as the DISTINCT's b-tree.
   */
  presorted?: number;
}

/**
 * Passes the first row of each distinct `columns` tuple (equal under `collations`, NULLs
 * equal to each other, INTEGER 1 equal to REAL 1.0), in input order.
 */
export interface Distinct {
  kind: "distinct";
  input: RelNode;
  columns: PlanExpr[];
  collations: CollationName[];
  /** The input brings each row's copies one after another (SQLite needs no b-tree). */
  ordered?: boolean;
}

/**
 * LIMIT / OFFSET. Each is evaluated once per execution, converted as SQLite's
 * OP_MustBeInt (a value that is not an integer after numeric affinity is the error
 * "datatype mismatch"); a negative limit means no limit, a negative offset 0.
 */
export interface Limit {
  kind: "limit";
  input: RelNode;
  limit: PlanExpr | null;
  offset: PlanExpr | null;
}

/** `VALUES (...), (...)`: the rows in order. Outputs `0..n-1`. */
export interface Values {
  kind: "values";
  id: number;
  rows: PlanExpr[][];
}

/**
 * A query in FROM (a subquery, a view, a CTE reference): its rows in its order. Outputs:
 * `query.columns`. The backend may run it as a co-routine or store its rows first.
 */
export interface SubqueryScan {
  kind: "subqueryScan";
  id: number;
  query: Query;
  label: string;
}

/**
 * UNION ALL / UNION / INTERSECT / EXCEPT of two queries of the same width. UNION ALL emits
 * the left rows, then the right rows. The others are set operations on distinct rows
 * (equal under `collations`, NULLs equal) and emit their result in ascending order of the
 * rows (each column with its collation). Of several equal rows (INTEGER 1 and REAL 1.0,
 * 'a' and 'A' under NOCASE) the first one of a side represents them, and for UNION the
 * right side's wins over the left's (SQLite merges the two sides, each sorted stably, and
 * drops the left row of an equal pair); INTERSECT and EXCEPT keep the left side's.
 * Outputs `0..n-1`.
 */
export interface Compound {
  kind: "compound";
  id: number;
  op: "union" | "unionAll" | "intersect" | "except";
  left: Query;
  right: Query;
  collations: CollationName[];
  /**
   * Under an ORDER BY, where they differ from `collations`: the collations of the parts up
   * to this operator, under which SQLite's merge of the sorted sides drops a row equal to
   * the one it emitted before (keyDup). Rows still match across sides under `collations`,
   * but of a matched group the side kept keeps all its rows, sorted, less such repeats.
   */
  distinct?: CollationName[];
}

/**
 * `WITH RECURSIVE`: `seed`'s rows enter a queue; while the queue is not empty, its first
 * row (FIFO; with `orderBy`, the smallest under those keys) is taken out, emitted, and
 * `step` runs with that row readable through its {@link RecursiveRef} nodes; `step`'s rows
 * enter the queue. With `distinct` (UNION), a row equal (under `collations`) to one already
 * queued before is dropped. `limit`/`offset` (as {@link Limit}) count emitted rows and stop
 * the recursion. Outputs `0..n-1`.
 */
export interface RecursiveCte {
  kind: "recursiveCte";
  id: number;
  seed: Query;
  step: Query;
  distinct: boolean;
  collations: CollationName[];
  orderBy: SortKey[];
  limit: PlanExpr | null;
  offset: PlanExpr | null;
  label: string;
}

/** Inside a recursive CTE's `step`: one row, the queue row being expanded. Outputs `0..n-1`. */
export interface RecursiveRef {
  kind: "recursiveRef";
  id: number;
  /** The id of the {@link RecursiveCte}. */
  cte: number;
  label: string;
}

/**
 * A table-valued function (`pragma_table_info('t')`, `json_each(...)`): its rows for the
 * argument values. Outputs: the function's columns then its hidden argument columns
 * (which read back the arguments), as the binder listed them.
 */
export interface TableFunction {
  kind: "tableFunction";
  id: number;
  /** Lower-case name. */
  name: string;
  args: PlanExpr[];
  /** Number of output columns (the function's columns and its hidden ones). */
  width: number;
  label: string;
}

/** One window function call of a {@link Window} node (issue: window functions). */
export interface WindowCall {
  /** Lower-case name: a window function or an aggregate. */
  name: string;
  args: PlanExpr[];
  filter: PlanExpr | null;
  frame: {
    unit: "rows" | "range" | "groups";
    start: { type: FrameBoundType; offset: PlanExpr | null };
    end: { type: FrameBoundType; offset: PlanExpr | null };
    /** "none": no EXCLUDE clause; "noOthers": an explicit EXCLUDE NO OTHERS. */
    exclude: "none" | "noOthers" | "currentRow" | "group" | "ties";
  };
  collation: CollationName;
  /** A registered aggregate (with an inverse): its implementation. */
  impl?: AggregateFunction;
}

/**
 * Window functions sharing one PARTITION BY / ORDER BY: input rows are stored (`columns`),
 * sorted by `partitionBy` then `orderBy` (keys over `columns`), and emitted in that order
 * with one value per call. Outputs: `columns`, then one per `calls` entry.
 */
export interface Window {
  kind: "window";
  id: number;
  input: RelNode;
  columns: PlanExpr[];
  partitionBy: SortKey[];
  orderBy: SortKey[];
  calls: WindowCall[];
}

/** A node of the plan tree. */
export type RelNode =
  | TableScan
  | IndexScan
  | Filter
  | Project
  | NestedLoop
  | HashLookup
  | Aggregate
  | CountRows
  | Sort
  | Distinct
  | Limit
  | Values
  | SubqueryScan
  | Compound
  | RecursiveCte
  | RecursiveRef
  | TableFunction
  | Window;

/** The kinds of relational nodes. */
export type RelKind = RelNode["kind"];

// ---------------------------------------------------------------------------------------
// The statement

/** A planned SELECT statement. */
export interface Plan {
  query: Query;
  /** The database's text encoding (functions and BINARY collation depend on it). */
  encoding: TextEncoding;
  /** Number of parameter slots (the largest index); names by index-1 (null for `?`). */
  parameters: (string | null)[];
  /** Node ids are `0..nodeCount-1`. */
  nodeCount: number;
}
