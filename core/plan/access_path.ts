/**
 * Access paths of one table: a full scan, a rowid lookup or range, or an index seek with
 * `=` / IN prefixes and one range column, with the order each yields its rows in
 * (where_loop.ts costs them).
 */
import type { IndexInfo, KeyColumn, TableInfo } from "../format/schema_types.ts";
import { CompareOp } from "../value/logic.ts";
import { Affinity, isNumericAffinity, StorageClass } from "../value/types.ts";
import type { IndexScan, PlanExpr, RangeBound, SeekKey, TableScan, TermKey } from "./plan.ts";
import { exprRefs, sqliteTermOrder, type Term } from "./terms.ts";
import type { FixedColumns } from "./partial_index.ts";
import { getOrMake } from "../util/multimap.ts";
import { estLog, indexRowLogEst, logEst } from "./row_size.ts";

/** One column a path's output is ordered by. */
export interface OrderColumn {
  column: number;
  desc: boolean;
  collation: string;
}

/** A way to read one table. */
export interface AccessPath {
  node: TableScan | IndexScan;
  /** Output order (before `reverse`). */
  order: OrderColumn[];
  /** The terms the seek uses. */
  used: Term[];
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
  key: TermKey;
  affinity: Affinity;
  /** The comparison's collation; "" for IS NULL, which compares in none. */
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
    key: TermKey,
    affinity: Affinity,
    collation: string,
  ): SeekTerm | null => {
    const column = columnOf(operand, id);
    return column === null ? null : { term, column, operand, op, key, affinity, collation };
  };
  if (e.kind === "compare") {
    if (e.op === CompareOp.Ne) return null;
    // The column on the left, else on the right (the comparison flipped).
    const key = (value: PlanExpr): TermKey => ({ kind: "value", value, affinity: e.affinity });
    return (!readsNode(e.right, id) &&
      seek(e.left, STRAIGHT[e.op], key(e.right), e.affinity, e.collation)) ||
      (!readsNode(e.left, id) &&
        seek(e.right, FLIP[e.op], key(e.left), e.affinity, e.collation)) ||
      null;
  }
  // `x IS y` and `x IS NULL` seek like `=`, a NULL key finding the NULL entries.
  if (e.kind === "is" && !e.not || e.kind === "nullTest" && !e.not) {
    const [left, right]: PlanExpr[] = e.kind === "is"
      ? [e.left, e.right]
      : [e.operand, { kind: "const", value: null, cls: StorageClass.Null }];
    const affinity = e.kind === "is" ? e.affinity : Affinity.Blob;
    // `x IS NULL` compares in no collation ("").
    const is = (operand: PlanExpr, value: PlanExpr) =>
      !readsNode(value, id) &&
      seek(
        operand,
        "eq",
        { kind: "value", value, affinity, nulls: true },
        affinity,
        value.kind === "const" && value.value === null
          ? ""
          : (e as { collation: string }).collation,
      );
    return is(left, right) || is(right, left) || null;
  }
  if (e.kind === "inList" && !e.not) {
    if (e.list.some((x) => readsNode(x, id))) return null;
    return seek(e.operand, "eq", { kind: "list", values: e.list }, e.affinity, e.collation);
  }
  if (
    e.kind === "inQuery" && !e.not && e.operands.length === 1 &&
    !readsNode({ kind: "exists", query: e.query }, id)
  ) {
    const key: TermKey = { kind: "query", query: e.query };
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

/** Normalized table column of an index key column (a rowid alias is the rowid). */
export function keyColumn(table: TableInfo, kc: KeyColumn): number {
  return kc.column >= 0 && kc.column === table.rowidAlias ? -1 : kc.column;
}

/** The order of b-tree entries by `keys`, which together identify a row. */
function keyOrder(t: TableInfo, keys: KeyColumn[]): OrderColumn[] {
  return keys.map((k) => ({ column: keyColumn(t, k), desc: k.desc, collation: k.collation }));
}

function bound(t: SeekTerm | undefined): RangeBound | null {
  if (t?.key.kind !== "value") return null;
  if (t.term.belowNulls) return { value: null, inclusive: false, affinity: Affinity.Blob };
  return { value: t.key.value, inclusive: t.op === "le" || t.op === "ge", affinity: t.affinity };
}

/**
 * The primary-key b-tree of a WITHOUT ROWID table, described as an index (its ANALYZE
 * figures the table's primaryKeyStat1 and primaryKeyStat4: it has no schema row, so no
 * index of `indexes` is it).
 */
export function primaryKeyIndex(table: TableInfo): IndexInfo {
  return getOrMake(primaryKeys, table, () => ({
    name: `sqlite_autoindex_${table.name}_1`,
    tableName: table.name,
    rootPage: table.rootPage,
    sql: null,
    unique: true,
    origin: "pk",
    where: null,
    keyColumns: table.primaryKey,
    recordColumns: table.recordColumns,
    stat1: table.primaryKeyStat1,
    stat4: table.primaryKeyStat4,
  }));
}

/** Each table's primary key as an index, made once (a schema's tables never change). */
const primaryKeys = new WeakMap<TableInfo, IndexInfo>();

export function fullScan(leaf: TableLeaf): AccessPath {
  const t = leaf.table;
  // A WITHOUT ROWID table's b-tree orders by its whole record (where.c's nColumn).
  const order: OrderColumn[] = t.withoutRowid
    ? keyOrder(t, t.recordColumns)
    : [{ column: -1, desc: false, collation: "BINARY" }];
  return {
    node: {
      kind: "tableScan",
      id: leaf.id,
      table: t,
      label: leaf.label,
      reverse: false,
      rowid: null,
    },
    order,
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
  const rowid = seeks.filter((s) =>
    s.column === -1 && affinityOk(s.affinity, Affinity.Integer) && s.collation
  );
  const out: AccessPath[] = [];
  const base = fullScan(leaf);
  // A lookup per `=` on the rowid, as whereLoopAddBtreeIndex makes a loop per term it finds
  // (a transitive one too: it may leave the written term as a filter that thins the rows;
  // whereLoopInsert keeps those that need other leaves first or yield fewer rows). With a
  // constant among them, the lookup by a value comes first: an `=` before an IN, one row
  // before several, as where.c's costs tell them apart.
  const eqs = rowid.filter((s) => s.op === "eq");
  const constant = eqs.find((s) => s.key.kind === "value" && !exprRefs(s.key.value).size);
  const first = eqs.find((s) => s.key.kind === "value") ?? eqs[0];
  for (const eq of constant ? [first, ...eqs.filter((s) => s !== first)] : eqs) {
    out.push({
      ...base,
      node: { ...base.node as TableScan, rowid: { kind: "key", key: eq.key } },
      used: [eq.term],
    });
  }
  const [lo, hi] = rangeSeeks(rowid);
  if (lo || hi) {
    out.push({
      ...base,
      node: {
        ...base.node as TableScan,
        rowid: { kind: "range", lower: bound(lo), upper: bound(hi) },
      },
      used: [lo, hi].filter((x) => x).map((x) => x!.term),
    });
  }
  return out;
}

/** The table columns an index's entries hold (-1: the rowid). */
export function indexColumns(t: TableInfo, index: IndexInfo): ReadonlySet<number> {
  return getOrMake(
    entryColumns,
    index,
    () => new Set(index.recordColumns.map((k) => keyColumn(t, k))),
  );
}

/** Each index's entry columns, worked out once (an index belongs to one table). */
const entryColumns = new WeakMap<IndexInfo, ReadonlySet<number>>();

/** Whether every column the statement reads of `leaf` is in `index`'s entries. */
function covers(leaf: TableLeaf, index: IndexInfo): boolean {
  return getOrMake(getOrMake(coverings, leaf, () => new Map()), index, () => {
    const cols = indexColumns(leaf.table, index);
    const fixed = leaf.partial.get(index);
    // Every column the statement reads is in the entries, or fixed by the partial index.
    return [...leaf.used].every((c) => cols.has(c) || fixed?.has(c));
  });
}

/** Whether an index covers a leaf, by leaf (the solver makes a leaf's paths many times). */
const coverings = new WeakMap<TableLeaf, Map<IndexInfo, boolean>>();

/** The path seeking `index` with `eq` keys (the terms `used`), then a range. */
export function seekPath(
  leaf: TableLeaf,
  index: IndexInfo,
  eq: SeekKey[],
  used: Term[],
  lo?: SeekTerm,
  hi?: SeekTerm,
): AccessPath {
  const t = leaf.table;
  return {
    node: {
      kind: "indexScan",
      id: leaf.id,
      table: t,
      index,
      label: leaf.label,
      eq,
      lower: bound(lo),
      upper: bound(hi),
      reverse: false,
      covering: covers(leaf, index),
    },
    // ANALYZE may mark an index "unordered": SQLite then never takes its order.
    order: index.stat1?.unordered ? [] : keyOrder(t, index.recordColumns),
    used: [...used, ...[lo, hi].filter((x) => x).map((x) => x!.term)],
  };
}

/** Most `=` terms of one field an index seek is tried with (a guard on their product). */
const MAX_FIELD_CHOICES = 4;

/** Most loops made of one index's terms when its samples rate each (a guard on their product). */
const MAX_SAMPLED_PATHS = 64;

/**
 * The paths seeking `index` with the terms of `seeks`. With `skip`, skip-scans: the first
 * `skip` columns take each value the index holds (no term seeks them). Without STAT4
 * samples one path and its `=` prefixes: an `=` per column while there is one (a value
 * before an IN), then a range (see rangeSeeks), estimates telling no more apart; then the
 * same with `later`'s terms, where they differ. With samples, every loop
 * whereLoopAddBtreeIndex makes, in its order: the whole index, then per term on the next
 * column an `=` (and what follows it) or a range; the samples rate them, and a loop using
 * more terms is made no dearer than one using fewer (adjustCost), even one using terms of
 * leaves not yet read (`later`: where.c makes the loops of every prerequisite at once).
 */
function indexPaths(
  leaf: TableLeaf,
  index: IndexInfo,
  seeks: SeekTerm[],
  later: SeekTerm[],
  skip = 0,
): AccessPath[] {
  const t = leaf.table;
  const path = (eq: SeekKey[], used: Term[], lo?: SeekTerm, hi?: SeekTerm) =>
    seekPath(leaf, index, eq, used, lo, hi);
  // The terms that may seek field `i`; null past the fields a seek can use: past the key
  // columns it goes on into the record's rowid (or primary key), as where.c seeks on every
  // column of an index (nColumn) but a PRIMARY KEY's (SQLITE_IDXTYPE_PRIMARYKEY), UNIQUE too.
  const fieldSeeks = (i: number, seeks: SeekTerm[]): SeekTerm[] | null => {
    const k = index.recordColumns[i];
    if (!k || k.column === -2 || i === index.keyColumns.length && index.origin === "pk") {
      return null;
    }
    const col = keyColumn(t, k);
    const affinity = col < 0 ? Affinity.Integer : t.columns[col].affinity;
    // An IS NULL (no collation), or the `x > NULL` an IS NOT NULL gives, never seeks a NOT
    // NULL column: where.c ignores them there (indexColumnNotNull).
    const notNull = col < 0 || t.columns[col].notNull ||
      (t.withoutRowid || t.strict) && t.primaryKey.some((p) => p.column === col);
    return seeks.filter((s) => {
      if (s.column !== col || s.term.belowNulls && notNull) return false;
      if (!s.collation) return !notNull;
      // On the rowid (an INTEGER PRIMARY KEY among the key columns too) where.c's
      // whereScanInit asks for no affinity and no collation: its values are integers.
      return col < 0 || affinityOk(s.affinity, affinity) &&
          s.collation.toUpperCase() === k.collation.toUpperCase();
    });
  };
  const skipped: SeekKey[] = Array.from({ length: skip }, () => ({ kind: "any" }));
  const a = indexRowLogEst(t, index);
  // An `=` on field `k` after seeks made `nInMul` times (IN-versus-scan rule aside).
  const eqOn = (s: SeekTerm, k: number, nInMul: number) =>
    s.op === "eq" && !inScanned(index, a, k, s.key, nInMul);
  // The greedy seeks (and their `=` prefixes) with the terms of `src`: an `=` per field
  // while there is one, a value before an IN. Several values for one field (a column and
  // its transitive constraints, WHERE_TRANSCONS) each make their seeks, as
  // whereLoopAddBtreeIndex makes a loop per term whereScanNext finds: their prerequisites
  // and the terms left to thin the rows differ (whereLoopInsert keeps the better).
  const greedy = (src: SeekTerm[]): AccessPath[] => {
    const out: AccessPath[] = [];
    const extend = (i: number, eq: SeekKey[], used: Term[], nInMul: number): void => {
      const mine = fieldSeeks(i, src);
      if (!mine) {
        out.push(path(eq, used));
        return;
      }
      let choices = mine.filter((s) => eqOn(s, i, nInMul) && s.key.kind === "value");
      if (!choices.length) choices = mine.filter((s) => eqOn(s, i, nInMul)).slice(0, 1);
      // whereLoopAddBtreeIndex weighs the seek on each prefix of the `=` columns before the
      // longer ones, a range after them too, and whereLoopAddBtree the whole scan (the empty
      // prefix) before any (whereLoopAdjustCost then makes no longer one dearer, nor yield
      // more rows: a seek on an IN costs no more than the scan it narrows).
      const [lo, hi] = choices.length ? [] : rangeSeeks(mine);
      if (choices.length || lo || hi) out.push(path(eq, used));
      if (!choices.length) {
        out.push(path(eq, used, lo, hi));
        return;
      }
      for (const e of choices.slice(0, MAX_FIELD_CHOICES)) {
        extend(i + 1, [...eq, e.key], [...used, e.term], nInMul + seeksMade(e.key));
      }
    };
    let nInMul = 0;
    for (let k = 0; k < skip; k++) nInMul += a[k] - a[k + 1] + 5;
    extend(skip, [...skipped], [], nInMul);
    return out;
  };
  if (!index.stat4?.samples.length || skip) {
    const ready = greedy(seeks);
    if (skip || later.length === seeks.length) return ready;
    // where.c makes the loops of every prerequisite at once: those using terms of leaves
    // not yet read weigh the others (adjustCost) before they are set aside.
    const same = (p: AccessPath, q: AccessPath) =>
      p.used.length === q.used.length && p.used.every((t, i) => t === q.used[i]);
    // In whereLoopAddBtreeIndex's order: depth first through each field's terms as its scan
    // meets them, so the seeks on a term of a later leaf come among the others (they make a
    // seek with a prefix of their terms dearer before it is weighed: whereLoopAdjustCost).
    const rank = new Map<Term, number>();
    later.forEach((s, i) => rank.has(s.term) || rank.set(s.term, i));
    const before = (p: AccessPath, q: AccessPath) => {
      for (let i = 0; i < Math.min(p.used.length, q.used.length); i++) {
        const d = (rank.get(p.used[i]) ?? -1) - (rank.get(q.used[i]) ?? -1);
        if (d) return d;
      }
      return p.used.length - q.used.length;
    };
    return [...ready, ...greedy(later).filter((p) => !ready.some((q) => same(p, q)))]
      .sort(before);
  }
  const out = [path([], [])];
  const walk = (eq: SeekKey[], used: Term[], nInMul: number) => {
    const mine = fieldSeeks(eq.length, later) ?? [];
    for (const s of mine) {
      if (out.length >= MAX_SAMPLED_PATHS) return;
      if (s.op === "eq") {
        if (!eqOn(s, eq.length, nInMul)) continue;
        out.push(path([...eq, s.key], [...used, s.term]));
        walk([...eq, s.key], [...used, s.term], nInMul + seeksMade(s.key));
      } else if (s.op === "lt" || s.op === "le") out.push(path(eq, used, undefined, s));
      else {
        // A lower bound, then with each upper bound.
        out.push(path(eq, used, s));
        for (const u of mine) if (u.op === "lt" || u.op === "le") out.push(path(eq, used, s, u));
      }
    }
  };
  walk([], [], 0);
  return out;
}

/** The seeks a key makes (LogEst): an IN list's values, 25 for a subquery's, else one. */
function seeksMade(key: SeekKey): number {
  return key.kind === "list" ? logEst(key.values.length) : key.kind === "query" ? 46 : 0;
}

/**
 * whereLoopAddBtreeIndex's IN-versus-scan rule, with ANALYZE's figures (`a`, the index's
 * aiRowLogEst): an IN on field `k` after seeks already made several times (`nInMul`, a
 * LogEst, 2 or more) is left out when scanning the M entries the prefix leaves, testing
 * the IN on each, looks cheaper than its K seeks (M·log K, with a margin of 2 towards the
 * seeks, below K·log N).
 */
function inScanned(
  index: IndexInfo,
  a: readonly number[],
  k: number,
  key: SeekKey,
  nInMul: number,
): boolean {
  if (nInMul < 2 || !index.stat1 || (key.kind !== "list" && key.kind !== "query")) return false;
  const rLogSize = estLog(a[0]);
  if (rLogSize < 10) return false;
  const nIn = seeksMade(key);
  return (a[k] ?? 0) + estLog(nIn) + 10 - (nIn + rLogSize) < 0;
}

/**
 * where.c's skip-scans of `index`: past its first 1, 2, ... columns, as long as ANALYZE
 * found each prefix repeated in 18 entries or more (LogEst 42) and a key column follows;
 * each needs a term on the column after the skipped ones (whereLoopAddBtreeIndex adds a
 * loop per term only).
 */
function skipScans(leaf: TableLeaf, index: IndexInfo, seeks: SeekTerm[]): AccessPath[] {
  if (!index.stat1 || index.stat1.noSkipScan) return [];
  const a = indexRowLogEst(leaf.table, index);
  const out: AccessPath[] = [];
  for (let skip = 1; skip < index.keyColumns.length && a[skip] >= 42; skip++) {
    for (const p of indexPaths(leaf, index, seeks, seeks, skip)) if (p.used.length) out.push(p);
  }
  return out;
}

/**
 * `terms` in the order where.c's scan meets them seeking leaf `id`: sqliteTermOrder's, a
 * comparison whose column is on its right side moved with the BETWEEN halves, as the
 * sides-swapped copy exprAnalyze appends (meeting the written terms from the last).
 */
function seekOrder(terms: readonly Term[], id: number): readonly Term[] {
  const ordered = sqliteTermOrder(terms);
  const swapped = (t: Term) => {
    const e = t.expr;
    return !t.virtual && !t.between && (e.kind === "compare" || e.kind === "is") &&
      cachedSeekTerm(t, id)?.operand === e.right;
  };
  if (!ordered.some(swapped)) return ordered;
  const rank = (t: Term) =>
    t.between
      ? terms.length - terms.findIndex((x) => x.between === t.between)
      : swapped(t)
      ? terms.length - terms.indexOf(t)
      : 0;
  // (A copy: sqliteTermOrder's list is shared.)
  return [...ordered].sort((a, b) => rank(a) - rank(b));
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
  usableTerm: (t: Term) => boolean = ready,
): AccessPath[] {
  const seeks: SeekTerm[] = [];
  const all: SeekTerm[] = [];
  for (const t of seekOrder(terms, leaf.id)) {
    let s = cachedSeekTerm(t, leaf.id);
    if (s && t.seeks !== undefined && t.seeks !== `${leaf.id}:${s.column}`) s = null;
    if (s && ready(t)) seeks.push(s);
    if (s && usableTerm(t)) all.push(s);
  }
  const t = leaf.table;
  const usable = (i: IndexInfo) => !i.where || leaf.partial.has(i);
  if (leaf.indexedBy) {
    // A partial index the WHERE does not imply has no path: "no query solution".
    const i = leaf.indexedBy;
    return usable(i) ? [...indexPaths(leaf, i, seeks, all), ...skipScans(leaf, i, seeks)] : [];
  }
  const out: AccessPath[] = [fullScan(leaf)];
  if (!t.withoutRowid) out.push(...rowidPaths(leaf, seeks));
  if (leaf.indexedBy === false) return out;
  // SQLite keeps each new index at the head of the table's list and keeps the first of
  // equally good plans: among equal costs the index created last wins, and a WITHOUT
  // ROWID table's primary key (created with the table) comes after every other index,
  // its whole scan and then its seeks.
  for (const i of t.indexes.filter((i) => usable(i) && i.keyColumns.length).reverse()) {
    out.push(...indexPaths(leaf, i, seeks, all), ...skipScans(leaf, i, seeks));
  }
  if (t.withoutRowid) out.push(out.shift()!);
  if (t.withoutRowid && t.primaryKey.length) {
    const pk = primaryKeyIndex(t);
    for (const p of [...indexPaths(leaf, pk, seeks, all), ...skipScans(leaf, pk, seeks)]) {
      if (p.used.length) out.push({ ...p, node: { ...p.node, covering: true } as IndexScan });
    }
  }
  return out;
}
