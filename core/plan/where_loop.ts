/**
 * The ways to read one leaf of a join, costed as where.c costs its WhereLoops, in its
 * LogEst integers (10·log2, so ties break as they break in SQLite): whereLoopAddBtree and
 * whereLoopAddBtreeIndex (full scans, rowid and index seeks, whole-index scans, automatic
 * indexes), whereLoopOutputAdjust (the terms a loop does not use thin its rows out) and
 * whereLoopAdjustCost (a loop using more of the same terms is never dearer). Without
 * ANALYZE a table holds 2^20 rows (LogEst 200) and an `=` on an index column leaves 10.
 */
import type { IndexInfo } from "../format/schema_types.ts";
import { StorageClass } from "../value/types.ts";
import { CompareOp } from "../value/logic.ts";
import {
  type AccessPath,
  cachedSeekTerm,
  indexColumns,
  primaryKeyIndex,
  tablePaths,
} from "./access_path.ts";
import { type AutoIndex, autoIndexFor } from "./auto_index.ts";
import type { Leaf } from "./leaves.ts";
import type { PlanExpr, RangeBound, SeekKey } from "./plan.ts";
import {
  estLog,
  indexRowLogEst,
  indexRowSize,
  logEst,
  logEstAdd,
  tableLogEst,
  tableRowSize,
} from "./row_size.ts";
import { equalityRight, sqliteTermOrder, type Term, truthProb } from "./terms.ts";
import { exprChildren } from "./walk.ts";
import { type Bound, SampleProbe } from "./stat4_estimate.ts";
import { propagated } from "./transitive.ts";
import { shortCut } from "./short_cut.ts";

/** One way to read a leaf, with where.c's LogEst costs. */
export interface WhereLoop {
  leaf: Leaf;
  /** A table's access path (null: a subquery's scan, or `auto`). */
  path: AccessPath | null;
  auto: AutoIndex | null;
  /** One-time setup (an automatic index's build), one run, and the rows a run yields. */
  rSetup: number;
  rRun: number;
  nOut: number;
  /** The other leaves of the join the loop's seek terms read (where.c's prereq). */
  prereq: Set<number>;
  /** The terms the loop seeks with (aLTerm). */
  used: readonly Term[];
  /** Seeks with `=` or IN (WHERE_COLUMN_EQ / WHERE_COLUMN_IN). */
  seeksEqual: boolean;
  /** A term on its leaf alone that it does not seek with thins its rows (WHERE_SELFCULL). */
  selfCull?: boolean;
  /**
   * The real index it reads (WHERE_INDEXED), its `=` columns (the skipped ones of a
   * skip-scan first, `nSkip` of them), whether it covers.
   */
  index: IndexInfo | null;
  nEq: number;
  nSkip: number;
  covering: boolean;
  /**
   * where.c's iSortIdx: the b-tree (table or index name) whose order might give the ORDER
   * BY, else null; only loops with the same one may displace each other (whereLoopInsert).
   */
  sortIndex: string | null;
}

/** What the ORDER BY (or GROUP BY) lets a whole-index scan be weighed for. */
export interface LoopOrderHint {
  /** where.c indexMightHelpWithOrderBy. */
  mightHelp(path: AccessPath): boolean;
}

/**
 * whereLoopOutputAdjust: each term on the leaf that the loop's prerequisites make
 * checkable and that it does not seek with takes its likelihood() off the rows, else one
 * LogEst; an `=` caps the rows at the table's less 20 (10 for `= -1`, `0`, `1`), unless
 * STAT4 samples found it true of half the rows or more (`highTruth`).
 */
function outputAdjust(
  loop: WhereLoop,
  terms: readonly Term[],
  leafIds: ReadonlySet<number>,
  nRow: number,
  highTruth: ReadonlySet<Term>,
) {
  const self = loop.leaf.id;
  let reduce = 0;
  // A BETWEEN is one term of where.c's (its halves virtual): counted once, and not at all
  // when the loop seeks with either half.
  const betweens = new Set<PlanExpr>();
  for (const u of loop.used) if (u.between) betweens.add(u.between);
  for (const t of terms) {
    if (t.virtual || !t.refs.has(self)) continue;
    if ([...t.refs].some((r) => r !== self && leafIds.has(r) && !loop.prereq.has(r))) continue;
    // Seeked with it, or with a virtual term derived from it.
    if (seeksWith(loop.used, t)) continue;
    if (t.between) {
      if (betweens.has(t.between)) continue;
      betweens.add(t.between);
    }
    loop.selfCull ||= selfCulling(t, loop.leaf, loop.used);
    const p = truthProb(t);
    if (p <= 0) {
      loop.nOut += p;
      continue;
    }
    loop.nOut--;
    const right = equalityRight(t.expr);
    // sqlite3ExprIsInteger for -1, 0 or 1: a flag-like value (a propagated one is a column).
    const small = right?.kind === "const" && !propagated.has(right) &&
      right.cls === StorageClass.Integer &&
      Number(right.value) >= -1 && Number(right.value) <= 1;
    if (right && !highTruth.has(t)) reduce = Math.max(reduce, small ? 10 : 20);
  }
  loop.nOut = Math.min(loop.nOut, nRow - reduce);
}

/** Whether `used` seeks with `t` or with a virtual term derived from it. */
const seeksWith = (used: readonly Term[], t: Term) => used.some((u) => u === t || u.parent === t);

/**
 * Whether a loop seeking with `used` on `leaf` culls its own rows by term `t`
 * (WHERE_SELFCULL): a term on the leaf alone that it does not seek with; on a LEFT JOIN's
 * right side only a comparison false for NULL (`=`, `<`, ..., IN: eOperator & 0x3f), not
 * a BETWEEN (one term to where.c, its halves virtual ones it does not look at here).
 */
function selfCulling(t: Term, leaf: Leaf, used: readonly Term[]): boolean {
  if (t.virtual || t.refs.size !== 1 || !t.refs.has(leaf.id) || seeksWith(used, t)) return false;
  const e = t.expr;
  return !leaf.leftJoined || e.kind === "compare" && e.op !== CompareOp.Ne && !t.between ||
    e.kind === "inList" && !e.not || e.kind === "inQuery" && !e.not;
}

/** whereRangeAdjust: a bound keeps its likelihood(), else a quarter (not `x > NULL`). */
function rangeAdjust(t: Term | undefined, n: number): number {
  if (!t) return n;
  const p = truthProb(t);
  if (p <= 0) return n + p;
  return t.belowNulls ? n : n - 20;
}

/**
 * whereRangeScanEst: the rows a range on field `nEq` leaves of `nOut`, by the index's
 * STAT4 samples where they can tell (stat4_estimate.ts), else a quarter per bound and a
 * further quarter for two, never below 2 rows nor above `nOut` less one per bound.
 */
function rangeEstimate(
  nOut: number,
  lower: Bound | undefined,
  upper: Bound | undefined,
  samples: SampleProbe | null,
  nEq: number,
): number {
  if (samples && nEq < samples.columns) {
    if (nEq === samples.valid) {
      ({ nOut, lower, upper } = samples.rangeRows(nEq, nOut, lower, upper));
    } else {
      const n = samples.skipRangeRows(nEq, nOut, lower, upper);
      if (n !== undefined) return n;
    }
  }
  const [l, u] = [lower?.term, upper?.term];
  let n = rangeAdjust(u, rangeAdjust(l, nOut));
  if (l && u && truthProb(l) > 0 && truthProb(u) > 0) n -= 20;
  const out = nOut - (l ? 1 : 0) - (u ? 1 : 0);
  return Math.min(out, Math.max(10, n));
}

/** A seek's range bounds (null: none). */
type RangeBounds = { lower: RangeBound | null; upper: RangeBound | null };

/** The lower and upper bounds among a seek's used terms after its `=` ones. */
function rangeTerms(
  used: readonly Term[],
  nEq: number,
  { lower, upper }: RangeBounds,
  leafId: number,
): SeekRange {
  const rest = used.slice(nEq);
  const bound = (t: Term | undefined): Bound | undefined => {
    const s = t && cachedSeekTerm(t, leafId);
    if (s?.key.kind !== "value") return undefined;
    return { term: t!, op: s.op, value: s.key.value };
  };
  return {
    lower: lower ? bound(rest[0]) : undefined,
    upper: upper ? bound(rest.at(-1)) : undefined,
  };
}

/** A seek's range bounds, absent where it has none. */
type SeekRange = { lower?: Bound; upper?: Bound };

/**
 * Can `e` be evaluated from the index's columns alone (sqlite3ExprCoveredByIndex)? A value
 * propagated in place of a column is still that column.
 */
function coveredByIndex(e: PlanExpr, node: number, columns: ReadonlySet<number>): boolean {
  const c = e.kind === "column" ? e : propagated.get(e);
  if (c && c.node === node && !columns.has(c.column)) return false;
  return exprChildren(e).every((c) => coveredByIndex(c, node, columns));
}

/** Where a seek reads the leaf: a table's, its primary key's or an index's b-tree. */
interface Probe {
  rows: readonly number[];
  /** The rowid b-tree (SQLITE_IDXTYPE_IPK): no lookup, scanned at a full row's cost. */
  ipk: boolean;
  szIdxRow: number;
  /** The index's STAT4 samples, or null. */
  samples: SampleProbe | null;
}

/**
 * whereLoopAddBtreeIndex's costs of a seek with `eq` keys, then a range, on `probe`. An `=`
 * or IN list on a known value before any IN or skipped column counts the entries the STAT4
 * samples give; an `=` on the first column found in half the entries or more goes into
 * `highTruth` (TERM_HIGHTRUTH: see outputAdjust).
 */
function seekCost(
  loop: WhereLoop,
  probe: Probe,
  szTabRow: number,
  eq: readonly SeekKey[],
  range: SeekRange,
  columns: readonly number[],
  highTruth: Set<Term>,
): void {
  const a = probe.rows;
  const samples = probe.samples;
  let nOut = a[0];
  let nIn = 0;
  let skipped = 0;
  eq.forEach((key, k) => {
    if (key.kind === "any") {
      // A skip-scan seeks once per distinct value of the column, counted 1.375 times (5).
      nIn += a[k] - a[k + 1] + 5;
      nOut += a[k + 1] - a[k];
      skipped++;
      return;
    }
    const t = loop.used[k - skipped];
    const p = truthProb(t);
    // The extra seeks an IN makes: its values, or 25 for a subquery.
    const keyIn = key.kind === "list" ? logEst(key.values.length) : key.kind === "query" ? 46 : 0;
    if (p <= 0 && columns[k] >= 0) nOut += p - keyIn;
    else {
      const sampled = !nIn && samples && k < samples.columns
        ? key.kind === "value"
          ? samples.equalRows(k, key.value)
          : key.kind === "list"
          ? samples.inRows(k, key.values, a[0])
          : undefined
        : undefined;
      if (sampled) {
        const n = logEst(sampled);
        if (k === 0 && n + 10 > a[0]) highTruth.add(t);
        nOut = Math.min(n, nOut) - keyIn;
      } else {
        // Past the key columns (the rowid, a primary key) SQLite's estimates are 0; an IS
        // NULL is taken to match twice the rows of an `=`.
        nOut += (a[k + 1] ?? 0) - (a[k] ?? 0);
        if (cachedSeekTerm(t, loop.leaf.id)?.collation === "") nOut += 10;
      }
    }
    nIn += keyIn;
  });
  if (range.lower || range.upper) {
    nOut = rangeEstimate(nOut, range.lower, range.upper, samples, eq.length);
  }
  const perEntry = probe.ipk ? 16 : 1 + Math.floor(15 * probe.szIdxRow / szTabRow);
  let rRun = logEstAdd(estLog(a[0]), nOut + perEntry);
  if (!probe.ipk && !loop.covering) rRun = logEstAdd(rRun, nOut + 16);
  loop.rRun = rRun + nIn;
  loop.nOut = nOut + nIn;
}

/** A loop not yet costed, seeking with `used`. */
function newLoop(
  leaf: Leaf,
  path: AccessPath | null,
  leafIds: ReadonlySet<number>,
  used = path?.used ?? [],
): WhereLoop {
  const prereq = new Set<number>();
  for (const t of used) for (const r of t.refs) if (r !== leaf.id && leafIds.has(r)) prereq.add(r);
  const node = path?.node;
  const index = node?.kind === "indexScan" ? node.index : null;
  const nSkip = node?.kind === "indexScan" ? node.eq.filter((k) => k.kind === "any").length : 0;
  const seeksEqual = node?.kind === "indexScan"
    ? node.eq.length > nSkip
    : node?.rowid?.kind === "key";
  return {
    leaf,
    path,
    auto: null,
    rSetup: 0,
    rRun: 0,
    nOut: 0,
    prereq,
    used,
    seeksEqual,
    index,
    nEq: node?.kind === "indexScan" ? node.eq.length : 0,
    nSkip,
    covering: node?.kind === "indexScan" ? node.covering : true,
    sortIndex: null,
  };
}

/**
 * Whether where.c weighs a whole scan of `path`'s index at all: for an ORDER BY it might
 * give, on a WITHOUT ROWID table, a partial index, INDEXED BY, or a covering index whose
 * entries are estimated smaller than the table's rows.
 */
function wholeScanWeighed(
  leaf: Leaf & { kind: "table" },
  path: AccessPath,
  hint: LoopOrderHint | undefined,
) {
  if (path.node.kind !== "indexScan") return true;
  const { table: t, index, covering } = path.node;
  if (hint?.mightHelp(path) || t.withoutRowid || index.where || leaf.table.indexedBy) {
    return true;
  }
  return covering && !index.stat1?.unordered && indexRowSize(t, index) < tableRowSize(t);
}

/** A term of where.c's WHERE clause: its expression, truthProb, and whether it is an `=` or IS. */
type ClauseTerm = { expr: PlanExpr; prob: number; eq: boolean };

/**
 * `terms` (as written) as where.c's WHERE clause holds them: the written ones, a BETWEEN
 * once, then the virtual ones exprAnalyze appends meeting them from the last: the copy of a
 * comparison of two columns with its sides swapped, the halves of a BETWEEN.
 */
function clauseTerms(terms: readonly Term[]): ClauseTerm[] {
  const written: ClauseTerm[] = [];
  // The virtual terms of each written one, in the order it gets them.
  const virtuals: ClauseTerm[][] = [];
  const halves = new Map<PlanExpr, ClauseTerm[]>();
  for (const t of terms) {
    if (t.virtual) continue;
    const e = t.expr;
    if (t.between) {
      // The BETWEEN once, where its first half is; its halves appended in their order.
      let group = halves.get(t.between);
      if (!group) {
        written.push({ expr: t.between, prob: 1, eq: false });
        virtuals.push(group = []);
        halves.set(t.between, group);
      }
      group.push({ expr: e, prob: 1, eq: false });
      continue;
    }
    const pair = e.kind === "compare" && e.op !== CompareOp.Ne || e.kind === "is" && !e.not;
    const [l, r] = pair ? [e.left, e.right] : [];
    const columns = l?.kind === "column" && r?.kind === "column";
    // (Two columns of one table compare as no `=`: where.c's opMask is WO_EQUIV then. A
    // value propagateConstants wrote in place of a column is still that column to it.)
    const isFixed = (x: PlanExpr) => propagated.has(x.kind === "affinity" ? x.operand : x);
    const equality = e.kind === "compare" && e.op === CompareOp.Eq || e.kind === "is";
    const fixed = pair && equality && (isFixed(l!) || isFixed(r!));
    const eq = (!!equalityRight(e) || fixed) && !(columns && l.node === r.node);
    written.push({ expr: e, prob: truthProb(t), eq });
    if (columns) virtuals.push([{ expr: e, prob: 1, eq }]);
  }
  return [...written, ...virtuals.reverse().flat()];
}

/**
 * `terms` with the constant WHERE terms (tested before the loops, so not among them) back
 * in their places: each before the first term written after it (or derived, or a LEFT
 * JOIN's ON term, which come later).
 */
function withConstants(terms: readonly Term[], c: Leaf["clauseConstants"]): readonly Term[] {
  if (!c) return terms;
  const out = [...terms];
  for (const k of c.terms) {
    const r = c.rank.get(k)!;
    const at = out.findIndex((t) => (c.rank.get(t) ?? Infinity) > r);
    out.splice(at < 0 ? out.length : at, 0, k);
  }
  return out;
}

/** The costs of a table leaf's path (a new loop, output not yet adjusted). */
function tableLoop(
  leaf: Leaf & { kind: "table" },
  path: AccessPath,
  clause: () => readonly ClauseTerm[],
  loop: WhereLoop,
  highTruth: Set<Term>,
): { loop: WhereLoop; nRow: number } {
  const t = leaf.table.table;
  const szTabRow = tableRowSize(t);
  const node = path.node;
  const rSize = tableLogEst(t);
  if (node.kind === "tableScan") {
    if (!node.rowid) {
      if (t.withoutRowid) {
        const pk = primaryKeyIndex(t);
        const a = indexRowLogEst(t, pk);
        loop.rRun = a[0] + 1 + Math.floor(15 * indexRowSize(t, pk) / szTabRow);
        loop.nOut = a[0];
        return { loop, nRow: a[0] };
      }
      // A full scan costs 3 per row, 2.75 with STAT4 samples of the table's.
      loop.rRun = rSize + 16 - (t.hasStat4 ? 2 : 0);
      loop.nOut = rSize;
      return { loop, nRow: rSize };
    }
    const probe: Probe = { rows: [rSize, 0], ipk: true, szIdxRow: 3, samples: null };
    if (node.rowid.kind === "key") {
      seekCost(loop, probe, szTabRow, [node.rowid.key], {}, [-1], highTruth);
    } else {
      const range = rangeTerms(path.used, 0, node.rowid, leaf.id);
      seekCost(loop, probe, szTabRow, [], range, [], highTruth);
    }
    return { loop, nRow: rSize };
  }
  const index = node.index;
  const a = indexRowLogEst(t, index);
  const szIdxRow = indexRowSize(t, index);
  const seeking = node.eq.length || node.lower || node.upper;
  if (!seeking) {
    loop.rRun = a[0] + 1 + Math.floor(15 * szIdxRow / szTabRow);
    if (!node.covering) {
      // The table lookups a whole scan of a non-covering index makes: one per entry (3
      // each), fewer for each leading WHERE term the index alone can test.
      const columns = indexColumns(t, index);
      let n = a[0] + 16;
      for (const term of clause()) {
        if (!coveredByIndex(term.expr, leaf.id, columns)) break;
        if (term.prob <= 0) n += term.prob;
        else n -= term.eq ? 20 : 1;
      }
      loop.rRun = logEstAdd(loop.rRun, n);
    }
    loop.nOut = a[0];
    return { loop, nRow: a[0] };
  }
  const loopTerms = loop.nEq - loop.nSkip;
  const r = rangeTerms(path.used, loopTerms, node, leaf.id);
  const columns = index.keyColumns.map((k) => (k.column === t.rowidAlias ? -1 : k.column));
  const probe: Probe = { rows: a, ipk: false, szIdxRow, samples: SampleProbe.of(index, t) };
  seekCost(loop, probe, szTabRow, node.eq, r, columns, highTruth);
  return { loop, nRow: a[0] };
}

/** Rows a leaf that is not a table is taken to yield (see join_order.ts). */
export type LeafRows = (leaf: Leaf) => number;

/**
 * whereLoopCheaperProperSubset: is `x` a loop of the same leaf using a proper subset of
 * `y`'s terms (or fewer `=` columns of the same index, neither a skip-scan) at no greater
 * cost?
 */
function cheaperProperSubset(x: WhereLoop, y: WhereLoop): boolean {
  if (x.rRun > y.rRun && x.nOut > y.nOut) return false;
  if (x.nEq < y.nEq && indexedTree(x) === indexedTree(y) && !x.nSkip && !y.nSkip) return true;
  if (x.used.length >= y.used.length || y.nSkip > x.nSkip) return false;
  if (!x.used.every((t) => y.used.includes(t))) return false;
  return !(x.covering && !y.covering);
}

/**
 * The b-tree of a loop where.c marks WHERE_INDEXED: its index, a WITHOUT ROWID table's
 * primary key (its whole scan too) as the table; null for the rowid b-tree and the rest.
 */
function indexedTree(l: WhereLoop): object | null {
  const n = l.path?.node;
  if (!n) return null;
  if (n.kind === "tableScan") return n.table.withoutRowid ? n.table : null;
  return n.index.origin === "pk" && n.table.withoutRowid ? n.table : n.index;
}

/** whereLoopAdjustCost: a loop is no dearer than one using a subset of its terms. */
function adjustCost(loops: readonly WhereLoop[], loop: WhereLoop): void {
  if (!indexedTree(loop)) return;
  for (const p of loops) {
    if (!indexedTree(p)) continue;
    if (cheaperProperSubset(p, loop)) {
      loop.rRun = Math.min(p.rRun, loop.rRun);
      loop.nOut = Math.min(p.nOut - 1, loop.nOut);
    } else if (cheaperProperSubset(loop, p)) {
      loop.rRun = Math.max(p.rRun, loop.rRun);
      loop.nOut = Math.max(p.nOut + 1, loop.nOut);
    }
  }
}

const isSubset = (a: ReadonlySet<number>, b: ReadonlySet<number>) => [...a].every((r) => b.has(r));

/**
 * whereLoopFindLesser's verdict on kept loop `p` against new loop `t`: "drop" `t` (`p`
 * needs no more leaves and costs no more), "replace" `p` by `t` (`t` needs no more leaves
 * and is no dearer, or `p` is an automatic index and `t` an index seek with an `=`, not
 * an IN alone (WHERE_COLUMN_EQ), nor a skip-scan), else null.
 */
function lesser(p: WhereLoop, t: WhereLoop): "drop" | "replace" | null {
  if (p.sortIndex !== t.sortIndex) return null;
  if (p.auto && t.index && !t.nSkip && columnEq(t) && isSubset(t.prereq, p.prereq)) {
    return "replace";
  }
  if (
    isSubset(p.prereq, t.prereq) && p.rSetup <= t.rSetup && p.rRun <= t.rRun && p.nOut <= t.nOut
  ) return "drop";
  return isSubset(t.prereq, p.prereq) && p.rRun >= t.rRun && p.nOut >= t.nOut ? "replace" : null;
}

/** where.c's WHERE_COLUMN_EQ: an index seek with an `=` or IS on one value (no IN, no IS NULL). */
export function columnEq(l: WhereLoop): boolean {
  const n = l.path?.node;
  if (n?.kind !== "indexScan") return false;
  return n.eq.some((k) =>
    k.kind === "value" && !(k.nulls && k.value.kind === "const" && k.value.value === null)
  );
}

/**
 * whereLoopInsert: `loop` takes the place of the first kept loop it beats and removes the
 * ones after it beats too (up to one that beats it), is dropped when a kept loop beats it
 * first, else is appended.
 */
function insertLoop(out: WhereLoop[], loop: WhereLoop): void {
  adjustCost(out, loop);
  let at = -1;
  for (let i = 0; i < out.length; i++) {
    const verdict = lesser(out[i], loop);
    if (verdict === "drop") {
      if (at < 0) return;
      break;
    }
    if (verdict !== "replace") continue;
    if (at < 0) at = i;
    else out.splice(i--, 1);
  }
  if (at < 0) out.push(loop);
  else out[at] = loop;
}

/**
 * The loops of `leaf` once the leaves in `placed` are read, in where.c's order
 * (automatic index, then the table's own b-tree, then its indexes newest first).
 * `terms`: the WHERE terms in SQLite's order; `ready` says which may be used to seek.
 * `mPrereq`: the leaves every loop of `leaf` needs first (whereLoopAddAll's mPrereq: a LEFT
 * or CROSS JOIN's right side needs the leaves before it), which makes the terms on them
 * thin the loops' rows too.
 */
export function leafLoops(
  leaf: Leaf,
  terms: readonly Term[],
  ready: (t: Term) => boolean,
  placed: ReadonlySet<number>,
  leafIds: ReadonlySet<number>,
  leafRows: LeafRows,
  hint?: LoopOrderHint,
  usable: (t: Term) => boolean = ready,
  mPrereq: ReadonlySet<number> = new Set(),
): WhereLoop[] {
  const ordered = sqliteTermOrder(terms);
  const out: WhereLoop[] = [];
  const loopFor = (path: AccessPath | null, used?: Term[]) => {
    const loop = newLoop(leaf, path, leafIds, used);
    for (const d of mPrereq) loop.prereq.add(d);
    return loop;
  };
  const rSize = leaf.kind === "table" ? tableLogEst(leaf.table.table) : logEst(leafRows(leaf));
  const auto = autoIndexFor(leaf, terms, ready, placed);
  if (auto) {
    // whereLoopAddBtree: building costs N·log N times 7 (a subquery's much less); a probe
    // is taken to yield 20 rows; no output adjustment.
    const loop = loopFor(null, auto.keys.map((k) => k.term));
    loop.auto = auto;
    loop.rSetup = Math.max(0, estLog(rSize) + rSize + (leaf.kind === "table" ? 28 : -25));
    loop.nOut = 43;
    loop.rRun = logEstAdd(estLog(rSize), 43);
    out.push(loop);
  }
  const short = leaf.kind === "table" && leaf.alone ? shortCut(leaf.table, terms, ready) : null;
  if (short) {
    // whereShortCut: this loop alone, no other weighed.
    const loop = loopFor(short.path);
    loop.rRun = short.rRun;
    loop.nOut = 1;
    return [loop];
  }
  if (leaf.kind !== "table") {
    const loop = loopFor(null);
    loop.rRun = rSize + 16;
    loop.nOut = rSize;
    outputAdjust(loop, ordered, leafIds, rSize, new Set());
    insertLoop(out, loop);
    return out;
  }
  // The WHERE clause as where.c holds it, made once, when a whole index scan weighs it.
  let held: readonly ClauseTerm[] | undefined;
  const clause = () => held ??= clauseTerms(withConstants(terms, leaf.clauseConstants));
  // Every loop is costed before any output is adjusted: where.c builds its loops again when
  // STAT4 found an `=` true of half the rows after a loop had taken it to thin them
  // (SQLITE_BLDF2_2NDPASS), so every loop sees the terms marked TERM_HIGHTRUTH.
  const highTruth = new Set<Term>();
  const costed = [];
  for (const path of tablePaths(leaf.table, terms, ready, usable)) {
    const weighed = wholeScanWeighed(leaf, path, hint);
    if (!path.used.length && !weighed) continue;
    costed.push({ path, weighed, ...tableLoop(leaf, path, clause, loopFor(path), highTruth) });
  }
  for (const { path, weighed, loop, nRow } of costed) {
    outputAdjust(loop, ordered, leafIds, nRow, highTruth);
    // WHERE_SELFCULL stays on where.c's loop template: a seek has it when a loop made before
    // it with fewer of its terms had it (the whole scan of the b-tree, where that is weighed,
    // then each seek with a prefix of its terms).
    const fewest = weighed ? 0 : 1;
    if (fewest < path.used.length) {
      const before = path.used.slice(0, fewest);
      loop.selfCull ||= ordered.some((t) => selfCulling(t, leaf, before));
    }
    // No index name where it reads the table's own b-tree (the rowid's, or a WITHOUT ROWID
    // primary key).
    const n = path.node;
    if (hint?.mightHelp(path)) {
      loop.sortIndex = n.kind === "tableScan" || n.index.origin === "pk" && n.table.withoutRowid
        ? ""
        : loop.index!.name;
    }
    insertLoop(out, loop);
  }
  // (Loops seeking with terms of leaves not yet read only weighed the others.)
  return out.filter((l) => [...l.prereq].every((r) => placed.has(r)));
}
