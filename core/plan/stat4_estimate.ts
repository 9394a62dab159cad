/**
 * where.c's estimates from an index's `sqlite_stat4` samples (core/format/stat4.ts):
 * whereKeyStats places a key among the samples, whereEqualScanEst and whereInScanEst count
 * the entries an `=` or an IN list matches, whereRangeScanEst the entries between a range's
 * bounds after the `=` prefix, whereRangeSkipScanEst the share of samples a range keeps when
 * the prefix is not known. Only values known when the statement is prepared count (a
 * literal, `-`/`+`/CAST of one, NULL, with the index column's affinity applied, as
 * valueFromExpr gives them); a bound parameter is unknown, as it is to SQLite when it
 * first prepares a statement, and so is a constant propagated in place of a column. Function calls SQLite would evaluate (valueFromFunction) are
 * not: they count as unknown here.
 */
import type { IndexInfo, IndexStat4, TableInfo } from "../format/schema_types.ts";
import { applyAffinity } from "../value/affinity.ts";
import { negate } from "../value/arith.ts";
import { cast } from "../value/cast.ts";
import { type Collation, collationFor } from "../value/collation.ts";
import { compareValues } from "../value/compare.ts";
import type { Reg } from "../value/reg.ts";
import { Affinity, type SqlValue, StorageClass } from "../value/types.ts";
import type { PlanExpr } from "./plan.ts";
import { getOrMake } from "../util/multimap.ts";
import { logEst } from "./row_size.ts";
import { propagated } from "./transitive.ts";
import type { Term } from "./terms.ts";

/** sqlite3IndexColumnAffinity: a field's column affinity, INTEGER and REAL as NUMERIC. */
function fieldAffinity(table: TableInfo, column: number): Affinity {
  if (column === -2) return Affinity.Blob;
  const aff = column < 0 || column === table.rowidAlias
    ? Affinity.Integer
    : table.columns[column].affinity;
  return aff === Affinity.Integer || aff === Affinity.Real ? Affinity.Numeric : aff;
}

/** valueFromExpr: the value of `e` known at prepare with affinity `aff`, else undefined. */
export function knownValue(e: PlanExpr, aff: Affinity): Reg | undefined {
  if (propagated.has(e)) return undefined;
  const withAffinity = (r: Reg): Reg => {
    const { value, cls } = applyAffinity(r.v, r.c, aff);
    return { v: value, c: cls };
  };
  if (e.kind === "const") return withAffinity({ v: e.value, c: e.cls });
  if (e.kind === "unary" && e.op === "plus") return knownValue(e.operand, aff);
  if (e.kind === "unary" && e.op === "negate") {
    const r = knownValue(e.operand, aff);
    if (!r) return undefined;
    const out: Reg = { v: null, c: StorageClass.Null };
    negate(r, out);
    return withAffinity(out);
  }
  if (e.kind === "cast") {
    const r = knownValue(e.operand, e.affinity);
    if (!r) return undefined;
    const out: Reg = { v: null, c: StorageClass.Null };
    cast(r, e.affinity, out);
    return withAffinity(out);
  }
  return undefined;
}

/** Where a key falls among the samples (whereKeyStats's aStat and sample index). */
interface KeyStats {
  /** Entries less than the key, entries equal to it. */
  lt: number;
  eq: number;
  /** The first sample not less than the key (samples.length: none). */
  at: number;
}

/** How an index's fields compare and convert: collation, direction, affinity. */
interface FieldOrder {
  collations: Collation[];
  desc: boolean[];
  affinities: Affinity[];
}

/** Each sampled index's field order, made once (null: a collation litejit does not know). */
const fieldOrders = new WeakMap<IndexStat4, FieldOrder | null>();

function fieldOrder(stat: IndexStat4, index: IndexInfo, table: TableInfo): FieldOrder | null {
  return getOrMake(fieldOrders, stat, () => {
    const collations: Collation[] = [];
    for (const k of index.recordColumns) {
      const c = collationFor(k.collation, stat.encoding);
      if (!c) return null;
      collations.push(c);
    }
    return {
      collations,
      desc: index.recordColumns.map((k) => k.desc),
      affinities: index.recordColumns.map((k) => fieldAffinity(table, k.column)),
    };
  });
}

/** An index's samples with what comparing keys with them takes, and the probe record. */
export class SampleProbe {
  private readonly collations: Collation[];
  private readonly desc: boolean[];
  private readonly affinities: Affinity[];
  /** The record of `=` values (pRec) and how many of its fields are known (nRecValid). */
  private readonly record: SqlValue[] = [];
  valid = 0;

  private constructor(readonly stat: IndexStat4, order: FieldOrder) {
    this.collations = order.collations;
    this.desc = order.desc;
    this.affinities = order.affinities;
  }

  /** The probe of `index`'s samples, or null when it has none (or an unknown collation). */
  static of(index: IndexInfo, table: TableInfo): SampleProbe | null {
    const stat = index.stat4;
    if (!stat?.samples.length) return null;
    const order = fieldOrder(stat, index, table);
    return order && new SampleProbe(stat, order);
  }

  /** Fields the samples describe (nSampleCol). */
  get columns(): number {
    return this.stat.columns;
  }

  /** sqlite3VdbeRecordCompare of sample `i` with the first `n` fields of `key`. */
  private compare(i: number, key: readonly SqlValue[], n: number): number {
    const sample = this.stat.samples[i].key;
    // A sample short of fields compares equal on those it has.
    const m = Math.min(n, sample.length);
    for (let f = 0; f < m; f++) {
      const c = compareValues(sample[f], key[f], this.collations[f]);
      if (c !== 0) return this.desc[f] ? -c : c;
    }
    return 0;
  }

  /**
   * whereKeyStats: a binary search among the samples and, for a key of N fields, the
   * prefixes of each sample (each at least as long as makes it greater than the one
   * before), then the entries less than `key` and equal to it: a sample's own counts when
   * it equals one, else a third (two thirds with `roundUp`) of the gap between the samples
   * around it and the average entries per value.
   */
  private keyStats(key: readonly SqlValue[], roundUp: boolean): KeyStats {
    const samples = this.stat.samples;
    const nField = Math.min(key.length, this.stat.columns);
    let iCol = 0, iMin = 0, iSample = samples.length * nField, iLower = 0, res: number;
    do {
      const iTest = (iMin + iSample) >> 1;
      const iSamp = Math.floor(iTest / nField);
      let n = iTest + 1;
      if (iSamp > 0) {
        for (n = (iTest % nField) + 1; n < nField; n++) {
          if (samples[iSamp - 1].lt[n - 1] !== samples[iSamp].lt[n - 1]) break;
        }
      }
      res = this.compare(iSamp, key, n);
      if (res < 0) {
        iLower = samples[iSamp].lt[n - 1] + samples[iSamp].eq[n - 1];
        iMin = iTest + 1;
      } else if (res === 0 && n < nField) {
        iLower = samples[iSamp].lt[n - 1];
        iMin = iTest + 1;
        res = -1;
      } else {
        iSample = iTest;
        iCol = n - 1;
      }
    } while (res && iMin < iSample);
    const at = Math.floor(iSample / nField);
    if (res === 0) return { lt: samples[at].lt[iCol], eq: samples[at].eq[iCol], at };
    const iUpper = at >= samples.length ? this.stat.rows : samples[at].lt[iCol];
    const gap = iLower >= iUpper ? 0 : iUpper - iLower;
    const lt = iLower + Math.floor(roundUp ? gap * 2 / 3 : gap / 3);
    return { lt, eq: this.stat.avgEq[nField - 1], at };
  }

  /**
   * whereEqualScanEst: the entries `field = value` matches after the known `=` values
   * before it (undefined: no estimate); the value joins the record.
   */
  equalRows(field: number, value: PlanExpr): number | undefined {
    if (this.valid < field) return undefined;
    if (field + 1 >= this.affinities.length) return 1;
    const v = knownValue(value, this.affinities[field]);
    if (!v) return undefined;
    this.record[field] = v.v;
    this.valid = field + 1;
    return this.keyStats(this.record.slice(0, field + 1), false).eq;
  }

  /**
   * whereInScanEst: the entries `field IN (values)` matches, the sum over its values (none
   * if one is unknown), at most the index's `rows` (its LogEst); the record is left as it was.
   */
  inRows(field: number, values: readonly PlanExpr[], rowsLogEst: number): number | undefined {
    const valid = this.valid;
    let sum = 0;
    for (const value of values) {
      const n = this.equalRows(field, value);
      this.valid = valid;
      if (n === undefined) return undefined;
      sum += n;
    }
    return Math.min(sum, logEstToInt(rowsLogEst));
  }

  /**
   * The STAT4 part of whereRangeScanEst, with the record holding the `=` values before
   * field `nEq`: the entries between the bounds it can value (a bound of a DESC field is
   * the other end in index order); `nOut` lowered by one per bound valued, then to that
   * count (a quarter of it when both bounds fall before the same sample; 2 when none lies
   * between). Returns the new `nOut` and the bounds still to be guessed.
   */
  rangeRows(nEq: number, nOut: number, lower?: Bound, upper?: Bound): RangeGuess {
    const key = this.record.slice(0, nEq);
    let iLower = 0, iUpper = this.stat.rows;
    if (nEq > 0) {
      const a = this.keyStats(key, false);
      iLower = a.lt;
      iUpper = a.lt + a.eq;
    }
    if (this.desc[nEq]) [lower, upper] = [upper, lower];
    let lowerAt = -2, upperAt = -1;
    const aff = this.affinities[nEq];
    const lv = lower && knownValue(lower.value, aff);
    if (lower && lv) {
      const a = this.keyStats([...key, lv.v], false);
      iLower = Math.max(iLower, a.lt + (lower.op === "gt" || lower.op === "le" ? a.eq : 0));
      lowerAt = a.at;
      nOut--;
      lower = undefined;
    }
    const uv = upper && knownValue(upper.value, aff);
    if (upper && uv) {
      const a = this.keyStats([...key, uv.v], true);
      iUpper = Math.min(iUpper, a.lt + (upper.op === "gt" || upper.op === "le" ? a.eq : 0));
      upperAt = a.at;
      nOut--;
      upper = undefined;
    }
    const n = iUpper > iLower ? logEst(iUpper - iLower) - (lowerAt === upperAt ? 20 : 0) : 10;
    return { nOut: Math.min(nOut, n), lower, upper };
  }

  /**
   * whereRangeSkipScanEst, for a range on field `nEq` after an `=` prefix not all known
   * (a skip-scan's, an IN's): `nOut` less the share of samples whose field falls outside
   * the bounds it can value (undefined: it can value neither, or both fall between the same
   * two samples).
   */
  skipRangeRows(nEq: number, nOut: number, lower?: Bound, upper?: Bound): number | undefined {
    const samples = this.stat.samples;
    const aff = this.affinities[nEq];
    const coll = this.collations[nEq];
    const p1 = lower && knownValue(lower.value, aff);
    const p2 = upper && knownValue(upper.value, aff);
    if (!p1 && !p2) return undefined;
    let nLower = lower ? 0 : -1;
    let nUpper = upper ? (p2 ? 0 : samples.length) : samples.length + 1;
    for (const { key } of samples) {
      // A damaged sample (SQLite's SQLITE_CORRUPT) gives no estimate.
      if (key.length <= nEq) return undefined;
      if (p1 && compareValues(p1.v, key[nEq], coll) >= 0) nLower++;
      if (p2 && compareValues(p2.v, key[nEq], coll) >= 0) nUpper++;
    }
    const nDiff = Math.max(1, nUpper - nLower);
    if (nDiff === 1 && lower && upper) return undefined;
    return nOut - (logEst(samples.length) - logEst(nDiff));
  }
}

/** A range bound: its term, comparison (column on the left) and the value compared with. */
export interface Bound {
  term: Term;
  op: "lt" | "le" | "gt" | "ge" | "eq";
  value: PlanExpr;
}

/** What whereRangeScanEst's STAT4 part leaves: the rows, and the bounds not valued. */
export interface RangeGuess {
  nOut: number;
  lower?: Bound;
  upper?: Bound;
}

/** sqlite3LogEstToInt: the integer a LogEst stands for. */
export function logEstToInt(x: number): number {
  let n = x % 10;
  x = Math.trunc(x / 10);
  if (n >= 5) n -= 2;
  else if (n >= 1) n -= 1;
  if (x > 60) return 2 ** 63;
  return x >= 3 ? (n + 8) * 2 ** (x - 3) : Math.floor((n + 8) / 2 ** (3 - x));
}
