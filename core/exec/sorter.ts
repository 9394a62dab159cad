/**
 * Sorting stored rows (ORDER BY, the order of groups and of compound results, IN-list
 * probes): a stable comparator over rows of values by {@link SortKey}s, and a sorter that
 * keeps only the first `limit` rows when it has one (SQLite's sorter under a LIMIT).
 */
import type { SortKey } from "../plan/plan.ts";
import { collationNamed } from "../value/collation.ts";
import { compareValues } from "../value/compare.ts";
import type { SqlValue, TextEncoding } from "../value/types.ts";
import type { Reg } from "../value/reg.ts";

/** A stored row: values then storage classes are kept as parallel arrays. */
export interface StoredRow {
  values: SqlValue[];
  classes: number[];
}

/** Copies `regs[start .. start + n)` into a stored row. */
export function storeRow(regs: readonly Reg[], start: number, n: number): StoredRow {
  const values: SqlValue[] = new Array(n);
  const classes: number[] = new Array(n);
  for (let i = 0; i < n; i++) {
    values[i] = regs[start + i].v;
    classes[i] = regs[start + i].c;
  }
  return { values, classes };
}

/** Copies a stored row into registers from `start`. */
export function loadRow(row: StoredRow, regs: Reg[], start: number): void {
  const n = row.values.length;
  for (let i = 0; i < n; i++) {
    const r = regs[start + i];
    r.v = row.values[i];
    r.c = row.classes[i];
  }
}

/** A comparator of stored rows by `keys` (NULL placement, direction, collation). */
export function rowComparator(
  keys: readonly SortKey[],
  enc: TextEncoding,
): (a: StoredRow, b: StoredRow) => number {
  const colls = keys.map((k) => collationNamed(k.collation, enc));
  const n = keys.length;
  const columns = keys.map((k) => k.column), desc = keys.map((k) => k.desc);
  const nullsFirst = keys.map((k) => k.nullsFirst);
  return (a, b) => {
    for (let i = 0; i < n; i++) {
      const x = a.values[columns[i]];
      const y = b.values[columns[i]];
      // The same value (or text) is equal under every collation; -0 === 0 as SQLite has it.
      if (x === y) continue;
      // NULL placement is independent of direction.
      if (x === null || y === null) return (x === null) === nullsFirst[i] ? -1 : 1;
      const c = typeof x === "number" && typeof y === "number"
        ? (x < y ? -1 : 1)
        : compareValues(x, y, colls[i]);
      if (c !== 0) return desc[i] ? -c : c;
    }
    return 0;
  };
}

/**
 * Rows gathered, then sorted stably. With a `keep` bound (LIMIT + OFFSET) the sorter holds
 * the `keep` best rows so far plus a batch of newer candidates: when the batch is full, the
 * `keep` best of all held are selected (quickselect; ties broken by arrival, so the result
 * is what a stable sort of every row would give) and the rest dropped. The last of those
 * selected is the bound: a new row that sorts at or after it can never be emitted and is
 * dropped, which callers can test before building the row at all ({@link RowSorter.rejects},
 * SQLite's OP_IdxLE check). Rows arriving in the sort's order (ORDER BY date DESC LIMIT n
 * over a table filled by date: every row is better than the bound) cost a few comparisons
 * each, where a heap spent one per level on each.
 */
export class RowSorter {
  rows: StoredRow[] = [];
  #keep = -1;
  /** Arrival number of each row held (parallel to `rows`), for stability. */
  #seq: number[] = [];
  #arrivals = 0;
  /** With `keep` > 0: the last of the `keep` best rows at the last selection, or null. */
  #bound: StoredRow | null = null;
  /** How many rows are held before the `keep` best are selected again. */
  #batch = 0;
  readonly #compare: (a: StoredRow, b: StoredRow) => number;

  constructor(compare: (a: StoredRow, b: StoredRow) => number) {
    this.#compare = compare;
  }

  /** Empties the sorter; `keep` is how many rows can be emitted (-1: all). */
  reset(keep: number): void {
    this.rows = [];
    this.#seq = [];
    this.#arrivals = 0;
    this.#bound = null;
    this.#keep = keep;
    // Twice `keep` (at least 64 more) makes a selection's cost a few comparisons a row;
    // past 64K rows a quarter more bounds the memory.
    this.#batch = keep <= 65536 ? keep + Math.max(keep, 64) : keep + (keep >> 2);
  }

  /**
   * Whether a row whose sort keys are those of `probe` would be dropped: the sorter has
   * held `keep` rows and the row sorts at or after the bound. (Only the key columns of
   * `probe` are read.)
   */
  rejects(probe: StoredRow): boolean {
    const bound = this.bound();
    return typeof bound === "boolean" ? bound : !!bound && this.#compare(probe, bound) >= 0;
  }

  /**
   * What {@link rejects} decides by: `true` when every new row is dropped (a bound of 0),
   * `false` when none ever is (no bound), `null` before `keep` rows have come, else the row
   * a new row must sort before to be kept: at least `keep` rows held sort before it or are
   * it.
   */
  bound(): StoredRow | boolean | null {
    const keep = this.#keep;
    if (keep < 0) return false;
    if (keep === 0) return true;
    return this.#bound;
  }

  /** Adds a row. */
  insert(row: StoredRow): void {
    const keep = this.#keep;
    if (keep < 0) {
      this.rows.push(row);
      return;
    }
    if (keep === 0) return;
    // A later row equal to the bound sorts after it.
    const bound = this.#bound;
    if (bound && this.#compare(row, bound) >= 0) return;
    this.rows.push(row);
    this.#seq.push(this.#arrivals++);
    const n = this.rows.length;
    if (n === keep && !bound) {
      // The first `keep` rows held: the one that sorts last is the bound.
      let at = 0;
      for (let i = 1; i < n; i++) if (this.#order(i, at) > 0) at = i;
      this.#bound = this.rows[at];
    } else if (n >= this.#batch) this.#select();
  }

  /** The order of held rows `i` and `j` (arrival breaks ties): negative when `i` is first. */
  #order(i: number, j: number): number {
    return this.#compare(this.rows[i], this.rows[j]) || this.#seq[i] - this.#seq[j];
  }

  #swap(i: number, j: number): void {
    const rows = this.rows, seq = this.#seq;
    const r = rows[i];
    rows[i] = rows[j];
    rows[j] = r;
    const s = seq[i];
    seq[i] = seq[j];
    seq[j] = s;
  }

  /**
   * Keeps the `keep` best rows held (in no particular order) and makes the last of them
   * the bound: quickselect, a median of three as each pivot.
   */
  #select(): void {
    const keep = this.#keep;
    let lo = 0, hi = this.rows.length - 1;
    // Invariant: the rows before lo sort before every row from lo on; after hi, after;
    // the row of rank keep - 1 lies in [lo, hi].
    while (lo < hi) {
      if (hi - lo < 3) {
        // Two or three rows: sorted in place.
        for (let i = lo + 1; i <= hi; i++) {
          for (let j = i; j > lo && this.#order(j, j - 1) < 0; j--) this.#swap(j, j - 1);
        }
        break;
      }
      const mid = (lo + hi) >>> 1;
      if (this.#order(mid, lo) < 0) this.#swap(mid, lo);
      if (this.#order(hi, lo) < 0) this.#swap(hi, lo);
      if (this.#order(hi, mid) < 0) this.#swap(hi, mid);
      // rows[lo] <= rows[mid] <= rows[hi]: the pivot goes to hi - 1, the ends bound the scans.
      this.#swap(mid, hi - 1);
      const pivot = hi - 1;
      let i = lo, j = pivot;
      for (;;) {
        while (this.#order(++i, pivot) < 0);
        while (j > lo && this.#order(--j, pivot) > 0);
        if (i >= j) break;
        this.#swap(i, j);
      }
      this.#swap(i, pivot);
      // rows[i] is in its sorted place.
      if (i === keep - 1) break;
      if (i < keep - 1) lo = i + 1;
      else hi = i - 1;
    }
    // Every row before keep - 1 sorts before it: it is the last of those kept.
    this.rows.length = keep;
    this.#seq.length = keep;
    this.#bound = this.rows[keep - 1];
  }

  /** Sorts the rows (stable: equal rows keep their arrival order). */
  sort(): void {
    if (this.#keep < 0) {
      // Array.prototype.sort is stable.
      this.rows.sort(this.#compare);
      return;
    }
    if (this.rows.length > this.#keep) this.#select();
    const seq = this.#seq, rows = this.rows;
    const order = rows.map((_, i) => i);
    order.sort((i, j) => this.#order(i, j));
    this.rows = order.map((i) => rows[i]);
    this.#seq = order.map((i) => seq[i]);
  }
}
