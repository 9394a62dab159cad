/**
 * Access paths of one table: a full scan, a rowid lookup or range, or an index seek with
 * `=` / IN prefixes and one range column, each with SQLite-like cost estimates (no
 * ANALYZE statistics: a table is assumed to hold about a million rows, an `=` on an index
 * column to leave about ten).
 */
import type { IndexInfo, KeyColumn, TableInfo } from "../format/schema_types.ts";
import { CompareOp } from "../value/logic.ts";
import { Affinity, isNumericAffinity } from "../value/types.ts";
import type { IndexScan, PlanExpr, RangeBound, SeekKey, TableScan } from "./plan.ts";
import { exprRefs, sqliteTermOrder, type Term } from "./terms.ts";
import { logEst, scanLogEst } from "./row_size.ts";
import type { FixedColumns } from "./partial_index.ts";
import { indexScanLogEst } from "./partial_scan_cost.ts";
import { getOrMake } from "../util/multimap.ts";

/** Rows a table is assumed to have without statistics (SQLite's default estimate, 2^20). */
export const TABLE_ROWS = 1_048_576;

/** The rows of `t`: what `sqlite_stat1` says (core/format/stat1.ts), else the default. */
export function tableRows(t: TableInfo): number {
  return Math.max(1, t.stat1Rows ?? TABLE_ROWS);
}

/** The cost of one b-tree search in `t`: the depth of a binary search over its rows. */
function searchCost(t: TableInfo): number {
  return Math.max(1, Math.log2(tableRows(t)));
}

/** One column a path's output is ordered by. */
export interface OrderColumn {
  column: number;
  desc: boolean;
  collation: string;
  /** The columns up to this one identify a row (rowid, primary key, unique index). */
  unique: boolean;
}

/** A way to read one table, with what it costs per run and the rows it yields. */
export interface AccessPath {
  node: TableScan | IndexScan;
  /** Cost of one run of the path. */
  cost: number;
  /** Rows one run yields (after the terms it uses). */
  rows: number;
  /** Output order (before `reverse`), and the columns fixed to one value by `=`. */
  order: OrderColumn[];
  fixed: Set<number>;
  /** The terms the seek uses. */
  used: Term[];
  /**
   * A whole scan of an index that does not cover the statement, or that ANALYZE marks
   * unordered (of a rowid table, without INDEXED BY): where.c weighs it only when the
   * index might give the ORDER BY (whereLoopAddBtree, indexMightHelpWithOrderBy).
   */
  orderOnly?: boolean;
}

/** The table being accessed and where it sits in the join. */
export interface TableLeaf {
  id: number;
  table: TableInfo;
  label: string;
  indexedBy: IndexInfo | false | null;
  /** Columns read anywhere in the statement (-1: rowid), for covering indexes. */
  used: Set<number>;
  /** The partial indexes the statement may use, with the columns each fixes. */
  partial: Map<IndexInfo, FixedColumns>;
}

/** A term usable to seek a column of one node. */
export interface SeekTerm {
  term: Term;
  column: number;
  /** The term's side that reads the column (a VIRTUAL column's expression). */
  operand: PlanExpr;
  op: "eq" | "lt" | "le" | "gt" | "ge";
  key: SeekKey;
  affinity: Affinity;
  collation: string;
}

/** Seek ops by CompareOp (Eq, Ne, Lt, Le, Gt, Ge; Ne seeks nothing): as written... */
const STRAIGHT: SeekTerm["op"][] = ["eq", "eq", "lt", "le", "gt", "ge"];
/** ...and with the comparison's sides swapped. */
const FLIP: SeekTerm["op"][] = ["eq", "eq", "gt", "ge", "lt", "le"];

function readsNode(e: PlanExpr, id: number): boolean {
  return exprRefs(e).has(id);
}

/** The column of node `id` that `e` reads as it is (a VIRTUAL one too), or null. */
export function columnOf(e: PlanExpr, id: number): number | null {
  if (e.kind === "column") return e.node === id ? e.column : null;
  if (e.kind === "affinity" && e.generated?.node === id) return e.generated.column;
  return null;
}

/** The seek constraint `term` gives on a column of node `id`, or null. */
function seekTerm(term: Term, id: number): SeekTerm | null {
  const e = term.expr;
  const seek = (
    operand: PlanExpr,
    op: SeekTerm["op"],
    key: SeekKey,
    affinity: Affinity,
    collation: string,
  ): SeekTerm | null => {
    const column = columnOf(operand, id);
    return column === null ? null : { term, column, operand, op, key, affinity, collation };
  };
  if (e.kind === "compare") {
    if (e.op === CompareOp.Ne) return null;
    // The column on the left, else on the right (the comparison flipped).
    const key = (value: PlanExpr): SeekKey => ({ kind: "value", value, affinity: e.affinity });
    return (!readsNode(e.right, id) &&
      seek(e.left, STRAIGHT[e.op], key(e.right), e.affinity, e.collation)) ||
      (!readsNode(e.left, id) &&
        seek(e.right, FLIP[e.op], key(e.left), e.affinity, e.collation)) ||
      null;
  }
  if (e.kind === "inList" && !e.not) {
    if (e.list.some((x) => readsNode(x, id))) return null;
    return seek(e.operand, "eq", { kind: "list", values: e.list }, e.affinity, e.collation);
  }
  if (
    e.kind === "inQuery" && !e.not && e.operands.length === 1 &&
    !readsNode({ kind: "exists", query: e.query }, id)
  ) {
    const key: SeekKey = { kind: "query", query: e.query };
    return seek(e.operands[0], "eq", key, e.affinities[0], e.collations[0]);
  }
  return null;
}

const seekCache = new WeakMap<Term, Map<number, SeekTerm | null>>();

/** {@link seekTerm}, remembered per term (join order search asks many times). */
export function cachedSeekTerm(term: Term, id: number): SeekTerm | null {
  return getOrMake(getOrMake(seekCache, term, () => new Map()), id, () => seekTerm(term, id));
}

/** sqlite3IndexAffinityOk: may a comparison with this affinity use a column of `colAff`? */
export function affinityOk(cmp: Affinity, colAff: Affinity): boolean {
  if (cmp === Affinity.Blob) return true;
  if (cmp === Affinity.Text) return colAff === Affinity.Text;
  return isNumericAffinity(colAff);
}

function keyRows(key: SeekKey): number {
  if (key.kind === "list") return key.values.length;
  if (key.kind === "query") return 25;
  return 1;
}

/** Normalized table column of an index key column (a rowid alias is the rowid). */
function keyColumn(table: TableInfo, kc: KeyColumn): number {
  return kc.column >= 0 && kc.column === table.rowidAlias ? -1 : kc.column;
}

/** The order of b-tree entries by `keys`, which together identify a row. */
function keyOrder(t: TableInfo, keys: KeyColumn[]): OrderColumn[] {
  return keys.map((k, i) => ({
    column: keyColumn(t, k),
    desc: k.desc,
    collation: k.collation,
    unique: i === keys.length - 1,
  }));
}

function columnAffinity(table: TableInfo, column: number): Affinity {
  return column < 0 ? Affinity.Integer : table.columns[column].affinity;
}

function bound(t: SeekTerm | undefined): RangeBound | null {
  if (!t || t.key.kind !== "value") return null;
  if (t.term.belowNulls) return { value: null, inclusive: false, affinity: Affinity.Blob };
  return { value: t.key.value, inclusive: t.op === "le" || t.op === "ge", affinity: t.affinity };
}

function columnWidth(table: TableInfo, column: number): number {
  const aff = columnAffinity(table, column);
  return aff === Affinity.Text || aff === Affinity.Blob ? 5 : 1;
}

/** Estimated width of a table row (SQLite's szTabRow idea: text and blobs are wide). */
export function tableWidth(table: TableInfo): number {
  let w = table.withoutRowid ? 0 : 1;
  for (let i = 0; i < table.columns.length; i++) w += columnWidth(table, i);
  return w;
}

/** Estimated width of an index entry. */
export function indexWidth(table: TableInfo, index: IndexInfo): number {
  let w = 0;
  for (const k of index.recordColumns) w += k.column === -2 ? 1 : columnWidth(table, k.column);
  return w;
}

/**
 * The cost of reading every entry of a covering index, relative to the full scan of its
 * table as where.c weighs them: a table scan is rSize + 16 (LogEst), an index scan
 * rSize + 1 + 15·szIdxRow/szTabRow, so a rowid table's index wins only when its rows are
 * estimated smaller; a WITHOUT ROWID table's own scan is its primary key's index scan.
 */
function coveringScanCost(table: TableInfo, index: IndexInfo): number {
  return scanCost(table, scanLogEst(table, index));
}

/** The cost of a scan of `t` whose LogEst is `run`, on the scale of {@link fullScanCost}. */
function scanCost(t: TableInfo, run: number): number {
  const tableScan = t.withoutRowid ? scanLogEst(t, primaryKeyIndex(t)) : 16;
  return fullScanCost(t) * 2 ** ((run - tableScan) / 10);
}

/**
 * The cost of reading every entry of an index (see partial_scan_cost.ts), on the scale of
 * {@link coveringScanCost}. A partial index's wins over the table scan on a tie, as
 * where.c keeps the plan that yields fewer rows.
 */
function wholeIndexScanCost(
  leaf: TableLeaf,
  index: IndexInfo,
  covering: boolean,
  terms: readonly Term[],
): number {
  const t = leaf.table;
  const cols = new Set(index.recordColumns.map((k) => keyColumn(t, k)));
  const run = indexScanLogEst(t, index, leaf.id, cols, covering, terms);
  const tie = index.where !== null ? 1 - 1e-9 : 1;
  return scanCost(t, run) * tie;
}

/** The primary-key b-tree of a WITHOUT ROWID table, described as an index. */
export function primaryKeyIndex(table: TableInfo): IndexInfo {
  return {
    name: `sqlite_autoindex_${table.name}_1`,
    tableName: table.name,
    rootPage: table.rootPage,
    sql: null,
    unique: true,
    origin: "pk",
    where: null,
    keyColumns: table.primaryKey,
    recordColumns: table.recordColumns,
  };
}

/**
 * The rows a range on one column leaves of `rows` without stat4 (where.c
 * whereRangeScanEst and whereRangeAdjust): each bound keeps a quarter (LogEst -20), but
 * `x > NULL` from `x IS NOT NULL` (TERM_VNULL) keeps all; a second bound keeps a further
 * quarter (a closed range keeps 1/64); never fewer than 2 rows (LogEst 10), and each bound
 * takes at least one LogEst off.
 */
function rangeRows(rows: number, lower?: SeekTerm, upper?: SeekTerm): number {
  let est = rows;
  if (lower && !lower.term.belowNulls) est /= 4;
  if (upper) est /= 4;
  if (lower && upper) est /= 4;
  const bounds = (lower ? 1 : 0) + (upper ? 1 : 0);
  return Math.min(Math.max(2, est), rows * 2 ** (-bounds / 10));
}

/**
 * How far this planner's costs of reading `t` sit above where.c's, in LogEst: a full scan
 * costs {@link fullScanCost} here and rSize + 16 there.
 */
export function costScaleLogEst(t: TableInfo): number {
  return 10 * Math.log2(fullScanCost(t)) - (logEst(tableRows(t)) + 16);
}

function fullScanCost(t: TableInfo): number {
  return tableRows(t) * (1 + tableWidth(t) / 10);
}

function fullScan(leaf: TableLeaf): AccessPath {
  const t = leaf.table;
  const order: OrderColumn[] = t.withoutRowid
    ? keyOrder(t, t.primaryKey)
    : [{ column: -1, desc: false, collation: "BINARY", unique: true }];
  return {
    node: {
      kind: "tableScan",
      id: leaf.id,
      table: t,
      label: leaf.label,
      reverse: false,
      rowid: null,
    },
    cost: fullScanCost(t),
    rows: tableRows(t),
    order,
    fixed: new Set(),
    used: [],
  };
}

/**
 * The lower and upper bound among `seeks` (in SQLite's term order) that compare with a
 * value, chosen as where.c does without stat4: every pair is estimated the same range, and
 * whereLoopOutputAdjust lowers a loop's rows once for each written term it leaves as a
 * filter (a BETWEEN counts as used when either half is), so the two halves of one BETWEEN
 * beat any other pair; among equals the first lower, then the first upper, is kept.
 */
function rangeSeeks(seeks: SeekTerm[]): (SeekTerm | undefined)[] {
  const values = seeks.filter((s) => s.key.kind === "value");
  const lowers = values.filter((s) => s.op === "gt" || s.op === "ge");
  const uppers = values.filter((s) => s.op === "lt" || s.op === "le");
  const half = (l?: SeekTerm) =>
    uppers.find((u) => l?.term.between && u.term.between === l.term.between);
  const l = lowers.find(half);
  return l ? [l, half(l)] : [lowers[0], uppers[0]];
}

function rowidPaths(leaf: TableLeaf, seeks: SeekTerm[]): AccessPath[] {
  const rowid = seeks.filter((s) => s.column === -1 && affinityOk(s.affinity, Affinity.Integer));
  const out: AccessPath[] = [];
  const eq = rowid.find((s) => s.op === "eq");
  const base = fullScan(leaf);
  if (eq) {
    const n = keyRows(eq.key);
    out.push({
      ...base,
      node: { ...base.node as TableScan, rowid: { kind: "key", key: eq.key } },
      cost: n * searchCost(leaf.table),
      rows: n,
      fixed: eq.key.kind === "value" ? new Set([-1]) : new Set(),
      used: [eq.term],
    });
  }
  const [lo, hi] = rangeSeeks(rowid);
  if (lo || hi) {
    const rows = rangeRows(tableRows(leaf.table), lo, hi);
    out.push({
      ...base,
      node: {
        ...base.node as TableScan,
        rowid: { kind: "range", lower: bound(lo), upper: bound(hi) },
      },
      cost: searchCost(leaf.table) + rows * 3,
      rows,
      used: [lo, hi].filter((x) => x !== undefined).map((x) => x!.term),
    });
  }
  return out;
}

function covers(leaf: TableLeaf, index: IndexInfo): boolean {
  const cols = new Set(index.recordColumns.map((k) => keyColumn(leaf.table, k)));
  const fixed = leaf.partial.get(index);
  for (const c of leaf.used) {
    if (!cols.has(c) && !fixed?.has(c)) return false;
  }
  return true;
}

function indexPath(
  leaf: TableLeaf,
  index: IndexInfo,
  seeks: SeekTerm[],
  terms: readonly Term[],
): AccessPath {
  const t = leaf.table;
  const eq: SeekKey[] = [];
  const used: Term[] = [];
  const fixed = new Set<number>();
  // A partial index is taken to hold half the table's rows (sqlite3DefaultRowEst).
  const partial = index.where !== null;
  const stat = index.stat1 ?? (t.withoutRowid && index.origin === "pk" ? t.primaryKeyStat1 : null);
  let rows = stat ? Math.max(1, stat.rows[0]) : partial ? tableRows(t) / 2 : tableRows(t);
  let keys = 1;
  let lower: RangeBound | null = null;
  let upper: RangeBound | null = null;
  const ok = (s: SeekTerm, k: KeyColumn) =>
    affinityOk(s.affinity, columnAffinity(t, keyColumn(t, k))) &&
    s.collation.toUpperCase() === k.collation.toUpperCase();
  for (const k of index.keyColumns) {
    if (k.column === -2) break;
    const col = keyColumn(t, k);
    const mine = seeks.filter((s) => s.column === col && ok(s, k));
    const e = mine.find((s) => s.op === "eq" && s.key.kind === "value") ??
      mine.find((s) => s.op === "eq");
    if (e) {
      eq.push(e.key);
      used.push(e.term);
      if (e.key.kind === "value") fixed.add(col);
      keys *= keyRows(e.key);
      // ANALYZE's average rows per key prefix, else sqlite3DefaultRowEst's 10, 9, 8 ...
      const measured = stat?.rows[eq.length];
      rows = measured !== undefined
        ? Math.max(1, measured)
        : eq.length === 1
        ? 10
        : Math.max(1, rows * 0.9);
      continue;
    }
    const [lo, hi] = rangeSeeks(mine);
    lower = bound(lo);
    upper = bound(hi);
    if (lo) used.push(lo.term);
    if (hi) used.push(hi.term);
    rows = rangeRows(rows, lo, hi);
    break;
  }
  const nKey = index.keyColumns.length;
  if (index.unique && eq.length === nKey) rows = 1;
  rows *= keys;
  const covering = covers(leaf, index);
  const seeking = eq.length > 0 || lower !== null || upper !== null;
  // where.c's per-row costs (LogEst): an index entry 1 + 15·szIdxRow/szTabRow, a table
  // lookup 16, a full table scan's row 16; here on the scale of fullScanCost's rows.
  const unit = fullScanCost(t) / tableRows(t) / 2 ** 1.6;
  const entry = 2 ** (scanLogEst(t, index) / 10);
  const perRow = (covering ? entry : entry + 2 ** 1.6) * unit;
  // A search descends the index, whose size ANALYZE may give apart from the table's.
  const indexSearch = stat ? Math.max(1, Math.log2(Math.max(1, stat.rows[0]))) : searchCost(t);
  const cost = (seeking ? keys * indexSearch : 0) + rows * perRow;
  const wholeScan = covering && !partial
    ? coveringScanCost(t, index)
    : wholeIndexScanCost(leaf, index, covering, terms);
  const orderOnly = !partial && (!covering || stat?.unordered === true) && !t.withoutRowid &&
    !leaf.indexedBy;
  // A seek that uses more terms than the scan of the same whole index is never dearer
  // (where.c whereLoopAdjustCost): `x > NULL` narrows nothing yet wins over that scan.
  // ANALYZE may mark an index "unordered": SQLite then never takes its order.
  const order = stat?.unordered ? [] : keyOrder(t, index.recordColumns);
  return {
    node: {
      kind: "indexScan",
      id: leaf.id,
      table: t,
      index,
      label: leaf.label,
      eq,
      lower,
      upper,
      reverse: false,
      covering,
    },
    // (where.c adjusts a seek against the whole scan only when it weighs that scan.)
    cost: !seeking ? wholeScan : orderOnly ? cost : Math.min(cost, wholeScan * (1 - 1e-9)),
    rows,
    order,
    fixed,
    used,
    orderOnly: !seeking && orderOnly,
  };
}

/**
 * Every way to read `leaf` using the terms whose other nodes `ready` accepts. With
 * `INDEXED BY` only that index (empty when it cannot be used: SQLite's "no query
 * solution"), with NOT INDEXED no index.
 */
export function tablePaths(
  leaf: TableLeaf,
  terms: readonly Term[],
  ready: (t: Term) => boolean,
): AccessPath[] {
  const seeks: SeekTerm[] = [];
  for (const t of sqliteTermOrder(terms)) {
    const s = cachedSeekTerm(t, leaf.id);
    if (s && ready(t)) seeks.push(s);
  }
  const t = leaf.table;
  const usable = (i: IndexInfo) => i.where === null || leaf.partial.has(i);
  const indexes = t.indexes.filter((i) => usable(i) && i.keyColumns.length > 0);
  if (leaf.indexedBy) {
    // A partial index the WHERE does not imply has no path: "no query solution".
    return usable(leaf.indexedBy) ? [indexPath(leaf, leaf.indexedBy, seeks, terms)] : [];
  }
  const out: AccessPath[] = [fullScan(leaf)];
  if (!t.withoutRowid) out.push(...rowidPaths(leaf, seeks));
  if (leaf.indexedBy === false) return out;
  // SQLite keeps each new index at the head of the table's list and keeps the first of
  // equally good plans: among equal costs the index created last wins, and a WITHOUT
  // ROWID table's primary key (created with the table) comes after every other index,
  // its seeks and then its whole scan.
  for (const i of [...indexes].reverse()) out.push(indexPath(leaf, i, seeks, terms));
  if (t.withoutRowid && t.primaryKey.length > 0) {
    const p = indexPath(leaf, primaryKeyIndex(t), seeks, terms);
    if (p.used.length > 0) out.push({ ...p, node: { ...p.node, covering: true } as IndexScan });
  }
  if (t.withoutRowid) out.push(out.shift()!);
  return out;
}
