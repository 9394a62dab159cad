/**
 * SQLite's estimates of row sizes (build.c estimateTableWidth / estimateIndexWidth and the
 * size guess of sqlite3AffinityType), on its LogEst scale (10·log2, as sqlite3LogEst
 * rounds it): where.c scans a covering index instead of a table only when the index rows
 * are estimated smaller, and costs such a scan by the ratio of the two sizes; and its row
 * counts of tables and index prefixes (nRowLogEst, aiRowLogEst).
 */
import type { ColumnInfo, IndexInfo, TableInfo } from "../format/schema_types.ts";
import { affinityOfTypeText } from "../value/affinity_of_type.ts";
import { Affinity } from "../value/types.ts";
import { getOrMake } from "../util/multimap.ts";

/** 10·log2(x) rounded as SQLite's sqlite3LogEst does (0 for x < 2). */
export function logEst(x: number): number {
  const frac = [0, 2, 3, 5, 6, 7, 8, 9];
  let y = 40;
  if (x < 8) {
    if (x < 2) return 0;
    while (x < 8) {
      y -= 10;
      x *= 2;
    }
  } else {
    while (x > 255) {
      y += 40;
      x = Math.floor(x / 16);
    }
    while (x > 15) {
      y += 10;
      x = Math.floor(x / 2);
    }
  }
  return frac[x & 7] + y - 10;
}

/** sqlite3LogEstAdd: the LogEst of the sum of two LogEst values. */
export function logEstAdd(a: number, b: number): number {
  const hi = Math.max(a, b);
  const d = Math.abs(a - b);
  if (d > 49) return hi;
  if (d > 31) return hi + 1;
  return hi + Math.round(10 * Math.log2(1 + 2 ** (-d / 10)));
}

/** where.c estLog: the LogEst of the logarithm of a LogEst row count. */
export function estLog(n: number): number {
  return n <= 10 ? 0 : logEst(n) - 33;
}

/**
 * A column's size estimate, an integer counting 1: text and blob types without a size 5,
 * `CHAR(k)`/`VARCHAR(k)`/`BLOB(k)` k/4+1, everything else (and no type) 1.
 */
export function columnSizeEstimate(col: ColumnInfo): number {
  const type = col.declaredType.toLowerCase();
  const aff = affinityOfTypeText(type);
  if (type === "" || (aff !== Affinity.Text && aff !== Affinity.Blob)) return 1;
  // sqlite3AffinityType's scan notes where a size may follow: after the last "char", else
  // after a "blob" followed by "(" that comes before any "char", "clob" or "text".
  const char = type.lastIndexOf("char");
  const first = /char|clob|text|blob/.exec(type);
  const blob = first?.[0] === "blob" && type[first.index + 4] === "(" ? first.index + 4 : -1;
  const sizeFrom = char >= 0 ? char + 4 : blob;
  let v = 16;
  if (sizeFrom >= 0) {
    const m = /\d+/.exec(type.slice(sizeFrom));
    v = m ? Math.min(Number(m[0]), 2 ** 31 - 1) : 0;
  }
  return Math.min(255, Math.floor(v / 4) + 1);
}

/**
 * Row sizes by table and by index, worked out once: the solver asks for them per loop, and
 * a schema object's declared types never change.
 */
const rowSizes = new WeakMap<object, number>();

/** szTabRow: the estimated size of a table row, as a LogEst. */
export function tableRowSize(table: TableInfo): number {
  return getOrMake(rowSizes, table, () => {
    let w = table.rowidAlias < 0 ? 1 : 0;
    for (const c of table.columns) w += columnSizeEstimate(c);
    return logEst(w * 4);
  });
}

/** szIdxRow: the estimated size of an index entry (every field of it), as a LogEst. */
export function indexRowSize(table: TableInfo, index: IndexInfo): number {
  return getOrMake(rowSizes, index, () => {
    let w = 0;
    for (const k of index.recordColumns) {
      w += k.column < 0 || k.column === table.rowidAlias
        ? 1
        : columnSizeEstimate(table.columns[k.column]);
    }
    return logEst(w * 4);
  });
}

/**
 * The LogEst rows of a table (nRowLogEst): what `sqlite_stat1` says
 * (core/format/stat1.ts), else SQLite's default of 2^20 (LogEst 200).
 */
export function tableLogEst(t: TableInfo): number {
  return logEst(t.stat1Rows ?? 2 ** 20);
}

/**
 * aiRowLogEst of an index: its rows, then the rows an `=` on each key prefix leaves:
 * ANALYZE's figures, else sqlite3DefaultRowEst's (a partial index holds half the table;
 * 10, 9, 8, 7, 6 rows, then 5; none past the last column of a unique index).
 */
export function indexRowLogEst(t: TableInfo, index: IndexInfo): readonly number[] {
  return getOrMake(rowLogEsts, index, () => rowLogEst(t, index));
}

/** aiRowLogEst by index, worked out once: the solver asks for it per loop. */
const rowLogEsts = new WeakMap<IndexInfo, readonly number[]>();

function rowLogEst(t: TableInfo, index: IndexInfo): number[] {
  const stat = index.stat1;
  const n = index.keyColumns.length;
  if (stat) {
    return Array.from({ length: n + 1 }, (_, i) => logEst(Math.max(1, stat.rows[i] ?? 1)));
  }
  const defaults = [33, 32, 30, 28, 26];
  const a = [tableLogEst(t) - (index.where ? 10 : 0)];
  for (let i = 1; i <= n; i++) a.push(defaults[i - 1] ?? 23);
  if (index.unique) a[n] = 0;
  return a;
}
