/**
 * B-tree access: full and rowid-keyed table scans, index scans with equality prefixes
 * and range bounds, and count(*) from leaf pages. Cursors are opened once, in the
 * prologue; a scan positions its cursor each time its loop starts.
 */
import { keyOrder } from "../../core/format/index_key.ts";
import type { IndexInfo, TableInfo } from "../../core/format/schema_types.ts";
import type {
  CountRows,
  IndexScan,
  PlanExpr,
  RangeBound,
  SubPlan,
  TableScan,
  TermKey,
} from "../../core/plan/plan.ts";
import { exprChildren, exprSubPlan } from "../../core/plan/walk.ts";
import { Affinity } from "../../core/value/types.ts";
import type { Compiler, Consume } from "./compile.ts";
import { affinityEntry, branch } from "./compile_expr.ts";
import type { ConstEntry, CursorEntry, SortEntry } from "./descriptors.ts";
import { Op } from "./opcodes.ts";
import { rowComparator } from "../../core/exec/sorter.ts";
import { iterateStore } from "./compile_store.ts";

/** Opens a cursor on `table`'s b-tree or on `index` (in the prologue); returns its number. */
export function openCursor(c: Compiler, table: TableInfo, index: IndexInfo | null): number {
  const cursor = c.b.cursor();
  const root = index ? index.rootPage : table.rootPage;
  const fields = index ? index.recordColumns : table.withoutRowid ? table.recordColumns : null;
  const entry: CursorEntry = {
    explain: index ? `index ${index.name}` : `table ${table.name}`,
    root,
    table,
    order: fields && keyOrder(fields, c.enc),
  };
  const pooled = c.b.constant(entry);
  c.prologue.push(() => c.b.emit(Op.OpenRead, cursor, root, 0, pooled));
  return cursor;
}

/** Emits the read of table column `column` (-1: rowid) from a cursor on the table b-tree. */
export function readTableColumn(
  c: Compiler,
  cursor: number,
  table: TableInfo,
  column: number,
  target: number,
): void {
  const b = c.b;
  // (A WITHOUT ROWID table's rowidAlias is -1: no column aliases its missing rowid.)
  if (column < 0 || column === table.rowidAlias) {
    if (table.withoutRowid) b.emit(Op.Null, 0, target, target);
    else b.emit(Op.Rowid, cursor, target);
    return;
  }
  const col = table.columns[column];
  if (col.recordIndex < 0) {
    // VIRTUAL generated columns are not stored; the plan does not compute them yet.
    b.emit(Op.Null, 0, target, target);
    return;
  }
  // The value of a column the record is too short to hold (added by ALTER TABLE).
  const m = col.missingValue;
  const entry: ConstEntry | null = m && { explain: String(m.value), v: m.value, c: m.cls };
  const real = col.affinity === Affinity.Real ? 1 : 0;
  b.emit(
    Op.Column,
    cursor,
    col.recordIndex,
    target,
    entry ? b.constant(entry) : -1,
    real,
    col.name,
  );
}

/** The field of `index`'s records holding table column `column` (-1 rowid), or -1. */
function indexField(index: IndexInfo, table: TableInfo, column: number): number {
  const col = column === table.rowidAlias ? -1 : column;
  if (col === -1 && table.withoutRowid) return -1;
  return index.recordColumns.findIndex((k) => k.column === col);
}

/** The whole loop of a scan: positions, the row code, the advance. */
function scanLoop(
  c: Compiler,
  cursor: number,
  reverse: boolean,
  start: () => void,
  rowTest: (exit: number) => void,
  consume: Consume,
  exit: number,
): void {
  const b = c.b;
  start();
  const top = b.here;
  rowTest(exit);
  b.wrap(consume);
  b.emit(reverse ? Op.Prev : Op.Next, cursor, top);
  b.place(exit);
}

/**
 * Loops over the values of a seek key: `body` runs once per value, with the value in
 * `reg`; a single NULL value (or no value) runs nothing.
 */
function forEachKey(
  c: Compiler,
  key: TermKey,
  aff: Affinity,
  coll: string,
  desc: boolean,
  reg: number,
  body: () => void,
): void {
  const b = c.b;
  if (key.kind === "value") {
    b.wrap((exit) => {
      seekValue(c, key.value, key.affinity, aff, reg, exit, key.nulls);
      body();
    });
    return;
  }
  // The distinct values of the IN list or subquery, sorted (descending when `desc`), NULLs
  // dropped, after affinity `aff`, in a fresh ephemeral slot, then read back in order.
  const slot = b.slot();
  const entry: SortEntry = {
    explain: `keys ${coll}${desc ? " DESC" : ""}`,
    width: 1,
    compare: rowComparator([{ column: 0, desc, nullsFirst: !desc, collation: coll }], c.enc),
    folds: [coll],
  };
  b.emit(Op.OpenEphemeral, slot, 0, 0, b.constant(entry));
  const r = b.regs();
  const add = (value: PlanExpr, skip: number) => {
    c.expr(value, r);
    b.emit(Op.IsNull, r, skip);
    b.emit(Op.Affinity, r, 1, 0, affinityEntry(c, aff));
    b.emit(Op.IdxInsert, slot, r);
  };
  if (key.kind === "list") {
    for (const v of key.values) b.wrap((skip) => add(v, skip));
  } else {
    const q: SubPlan = key.query;
    c.produce(q.root, (next) => add(q.columns[0], next));
  }
  iterateStore(c, slot, reg, body);
}

function tableScan(c: Compiler, node: TableScan, consume: Consume): void {
  const b = c.b;
  const { table } = node;
  const cursor = openCursor(c, table, null);
  c.setAccess(node.id, {
    read: (column, target) => readTableColumn(c, cursor, table, column, target),
    nullify: () => b.emit(Op.NullRow, cursor),
  });
  const rowid = node.rowid;
  const exit = b.label();
  if (!rowid) {
    const start = () => b.emit(node.reverse ? Op.Last : Op.Rewind, cursor, exit);
    scanLoop(c, cursor, node.reverse, start, () => {}, consume, exit);
    return;
  }
  if (rowid.kind === "key") {
    const key = b.regs();
    forEachKey(c, rowid.key, Affinity.Numeric, "BINARY", node.reverse, key, () =>
      b.wrap((next) => {
        b.emit(Op.SeekRowid, cursor, next, key);
        consume(next);
      }));
    return;
  }
  const lo = b.regs(2);
  const hi = lo + 1;
  const bound = (r: RangeBound | null, reg: number, lower: boolean) => {
    if (!r?.value) return b.emit(Op.Null, 0, reg, reg);
    const v = b.regs();
    c.expr(r.value, v);
    b.emit(Op.RowidBound, v, exit, reg, 0, (lower ? 1 : 0) | (r.inclusive ? 2 : 0));
  };
  bound(rowid.lower, lo, true);
  bound(rowid.upper, hi, false);
  const start = () =>
    b.emit(node.reverse ? Op.SeekRowidLE : Op.SeekRowidGE, cursor, exit, node.reverse ? hi : lo);
  const test = (out: number) =>
    b.emit(node.reverse ? Op.RowidLT : Op.RowidGT, cursor, out, node.reverse ? lo : hi);
  scanLoop(c, cursor, node.reverse, start, test, consume, exit);
}

/** A bound in index order: the key value register's source, inclusiveness, affinity. */
interface IndexBound {
  value: PlanExpr | null; // null: the NULL that keeps NULL entries out
  inclusive: boolean;
  affinity: Affinity;
}

/**
 * Computes seek key `value` into `reg`, going to `exit` when it is NULL. The key takes its
 * column's affinity, unless its comparison has none (where.c: the index column's affinity
 * is dropped when sqlite3CompareAffinity gives BLOB).
 */
function seekValue(
  c: Compiler,
  value: PlanExpr,
  comparison: Affinity,
  column: Affinity,
  reg: number,
  exit: number,
  nulls?: boolean,
): void {
  c.expr(value, reg);
  // A NULL key finds nothing, but an IS's or IS NULL's finds the NULL entries.
  if (!nulls) c.b.emit(Op.IsNull, reg, exit);
  if (comparison !== Affinity.Blob && column !== Affinity.Blob) {
    c.b.emit(Op.Affinity, reg, 1, 0, affinityEntry(c, column));
  }
}

/**
 * The conjuncts of a filter's predicate, a BETWEEN kept whole (SQLite's terms of a WHERE
 * clause, each coded as one).
 */
function conjuncts(e: PlanExpr, out: PlanExpr[] = []): PlanExpr[] {
  if (e.kind === "logic" && e.op === "and" && !e.between) {
    conjuncts(e.left, out);
    conjuncts(e.right, out);
  } else out.push(e);
  return out;
}

/**
 * sqlite3ExprCoveredByIndex: `e` reads no column of `node`'s table that its index lacks,
 * and holds no subquery.
 */
function coveredByIndex(e: PlanExpr, node: IndexScan): boolean {
  if (exprSubPlan(e)) return false;
  if (e.kind === "column" && e.node === node.id) {
    return indexField(node.index, node.table, e.column) >= 0;
  }
  return exprChildren(e).every((x) => coveredByIndex(x, node));
}

/**
 * A filter over an index scan that is not covering, coded as wherecode.c does: the terms
 * the index entry answers first, in their order, then the others in theirs; the table row
 * is sought only when one of those reads it (DeferredSeek). The deferred seek is set up
 * after the first group, not before it as in SQLite: an entry they reject then costs not
 * even the decoding of its rowid.
 */
export function filteredIndexScan(
  c: Compiler,
  node: IndexScan,
  predicate: PlanExpr,
  consume: Consume,
): void {
  const terms = conjuncts(predicate);
  const test = (next: number, early: boolean) => {
    for (const t of terms) if (coveredByIndex(t, node) === early) branch(c, t, next, false, true);
  };
  indexScan(c, node, (next) => {
    test(next, false);
    consume(next);
  }, (next) => test(next, true));
}

function indexScan(
  c: Compiler,
  node: IndexScan,
  consume: Consume,
  beforeLookup?: Consume,
): void {
  const b = c.b;
  const { table, index } = node;
  const icur = openCursor(c, table, index);
  const tcur = node.covering ? -1 : openCursor(c, table, null);
  // A seek may go past the key columns into the rowid (or primary key) the records end with.
  const keys = index.recordColumns;
  /** Reads field `f` of the index entry into `target`; `real`: as a REAL column's value. */
  const readField = (f: number, target: number, real = 0) => {
    const col = keys[f].column;
    b.emit(Op.Column, icur, f, target, -1, real, col >= 0 ? table.columns[col].name : "rowid");
  };
  c.setAccess(node.id, {
    read: (column, target) => {
      const f = indexField(index, table, column);
      if (f >= 0) {
        const col = keys[f].column;
        readField(f, target, col >= 0 && table.columns[col].affinity === Affinity.Real ? 1 : 0);
      } else if (tcur >= 0) readTableColumn(c, tcur, table, column, target);
      else b.emit(Op.Null, 0, target, target);
    },
    nullify: () => {
      b.emit(Op.NullRow, icur);
      if (tcur >= 0) b.emit(Op.NullRow, tcur);
    },
  });
  const nEq = node.eq.length;
  const keyA = b.regs(nEq + 1);
  const keyB = b.regs(nEq + 1);
  const affinityOf = (i: number) => {
    const col = keys[i].column;
    if (col === -1) return Affinity.Integer;
    if (col < 0) return Affinity.Blob;
    // vdbe.c's OP_Affinity keeps an INTEGER an INTEGER under REAL affinity (only values
    // read from a REAL column become REAL): the key compares exactly, as the term does.
    const aff = table.columns[col].affinity;
    return aff === Affinity.Real ? Affinity.Numeric : aff;
  };
  const level = (i: number): void => {
    if (i === nEq) return range();
    const key = node.eq[i];
    if (key.kind === "any") return skipScan(i);
    const k = keys[i];
    forEachKey(c, key, affinityOf(i), k.collation, node.reverse !== k.desc, keyA + i, () => {
      level(i + 1);
    });
  };
  // A skip-scan (wherecode.c's nSkip): the index's first `skip` columns take each value
  // they hold in turn, read from the entry the cursor is on; the seek below runs once per
  // value, then the cursor moves past the entries holding it.
  const skipScan = (from: number): void => {
    let skip = from;
    while (node.eq[skip]?.kind === "any") skip++;
    const done = b.label(), read = b.label(), next = b.label();
    b.emit(node.reverse ? Op.Last : Op.Rewind, icur, done);
    b.emit(Op.Goto, 0, read);
    b.place(next);
    b.emit(node.reverse ? Op.SeekLT : Op.SeekGT, icur, done, keyA, skip);
    b.place(read);
    for (let j = 0; j < skip; j++) readField(j, keyA + j);
    level(skip);
    b.emit(Op.Goto, 0, next);
    b.place(done);
  };
  const range = (): void => {
    const exit = b.label();
    if (nEq > 0) b.emit(Op.Copy, keyA, keyB, nEq - 1);
    // Bounds in index order: a DESC column stores its largest values first.
    const bounded = !!node.lower || !!node.upper;
    const desc = bounded && keys[nEq].desc;
    const lower: IndexBound | null = node.lower ??
      (bounded ? { value: null, inclusive: false, affinity: Affinity.Blob } : null);
    const upper: IndexBound | null = node.upper;
    const [first, last] = desc ? [upper, lower] : [lower, upper];
    const load = (bd: IndexBound | null, reg: number) => {
      if (!bd) return;
      if (bd.value) seekValue(c, bd.value, bd.affinity, affinityOf(nEq), reg, exit);
      else b.emit(Op.Null, 0, reg, reg);
    };
    load(first, keyA + nEq);
    load(last, keyB + nEq);
    const seek = (first: IndexBound | null, last: IndexBound | null) => {
      if (!node.reverse) {
        if (first) b.emit(first.inclusive ? Op.SeekGE : Op.SeekGT, icur, exit, keyA, nEq + 1);
        else if (nEq > 0) b.emit(Op.SeekGE, icur, exit, keyA, nEq);
        else b.emit(Op.Rewind, icur, exit);
      } else {
        if (last) b.emit(last.inclusive ? Op.SeekLE : Op.SeekLT, icur, exit, keyB, nEq + 1);
        else if (nEq > 0) b.emit(Op.SeekLE, icur, exit, keyA, nEq);
        else b.emit(Op.Last, icur, exit);
      }
    };
    const stop = (first: IndexBound | null, last: IndexBound | null, out: number) => {
      if (!node.reverse) {
        if (last) b.emit(last.inclusive ? Op.IdxGT : Op.IdxGE, icur, out, keyB, nEq + 1);
        else if (nEq > 0) b.emit(Op.IdxGT, icur, out, keyA, nEq);
      } else {
        if (first) b.emit(first.inclusive ? Op.IdxLT : Op.IdxLE, icur, out, keyA, nEq + 1);
        else if (nEq > 0) b.emit(Op.IdxLT, icur, out, keyA, nEq);
      }
    };
    let start = () => seek(first, last);
    let test = (out: number) => stop(first, last, out);
    let pass = -1, again = -1;
    if (node.bigNull && !bounded) {
      // WHERE_BIGNULL_SORT: a pass over the column's non-NULL entries (past NULL, at the
      // end of the index the column stores NULLs at) and one over its NULL entries, the
      // NULLs in the pass the scan reaches last; `pass` says which pass runs.
      const notNull = { value: null, inclusive: false, affinity: Affinity.Blob };
      const isNull = { ...notNull, inclusive: true };
      const passes: [IndexBound | null, IndexBound | null][] = [
        keys[nEq].desc ? [null, notNull] : [notNull, null],
        [isNull, isNull],
      ];
      if (keys[nEq].desc !== node.reverse) passes.reverse();
      b.emit(Op.Null, 0, keyA + nEq, keyA + nEq);
      b.emit(Op.Null, 0, keyB + nEq, keyB + nEq);
      pass = b.regs();
      b.emit(Op.Integer, 0, pass);
      again = b.here;
      const either = (emit: (p: [IndexBound | null, IndexBound | null]) => void) => {
        const second = b.label(), done = b.label();
        b.emit(Op.If, pass, second);
        emit(passes[0]);
        b.emit(Op.Goto, 0, done);
        b.place(second);
        emit(passes[1]);
        b.place(done);
      };
      start = () => either(([f, l]) => seek(f, l));
      test = (out) => either(([f, l]) => stop(f, l, out));
    }
    scanLoop(c, icur, node.reverse, start, test, (next) => {
      beforeLookup?.(next);
      // The table cursor seeks the row of the index entry when the row is first read (as
      // wherecode.c's codeDeferredSeek): the rest of the loop may reject the entry first.
      if (tcur >= 0 && !table.withoutRowid) {
        const r = b.regs();
        readField(keys.length - 1, r);
        b.emit(Op.DeferredSeek, tcur, 0, r);
      } else if (tcur >= 0) {
        const pk = table.recordColumns.slice(0, table.primaryKey.length);
        const base = b.regs(pk.length);
        pk.forEach((k, i) => readField(indexField(index, table, k.column), base + i));
        b.emit(Op.NotFound, tcur, next, base, pk.length);
      }
      consume(next);
    }, exit);
    if (pass >= 0) {
      // The first pass ended: run the second.
      const done = b.label();
      b.emit(Op.If, pass, done);
      b.emit(Op.Integer, 1, pass);
      b.emit(Op.Goto, 0, again);
      b.place(done);
    }
  };
  level(0);
}

function countRows(c: Compiler, node: CountRows, consume: Consume): void {
  const b = c.b;
  const cursor = openCursor(c, node.table, node.index);
  const r = c.outputRegs(node.id, 1);
  b.emit(Op.Count, cursor, r);
  b.wrap(consume);
}

/** Handlers of the b-tree access nodes. */
export const SCAN_HANDLERS = { tableScan, indexScan, countRows };
