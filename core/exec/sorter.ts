/**
 * Sorting stored rows (ORDER BY, the order of groups and of compound results, IN-list
 * probes): a stable comparator over rows of values by {@link SortKey}s, and a sorter that
 * keeps only the first `limit` rows when it has one (SQLite's sorter under a LIMIT).
 */
import type { SortKey } from "../plan/plan.ts";
import { type Collation, collationFor } from "../value/collation.ts";
import { compareValues } from "../value/compare.ts";
import type { SqlValue, TextEncoding } from "../value/types.ts";
import { sqlError } from "../errors.ts";

/** A stored row: values then storage classes are kept as parallel arrays. */
export interface StoredRow {
  values: SqlValue[];
  classes: number[];
}

/** The collation called `name` for `enc`; SQLITE_ERROR when there is none. */
export function collationNamed(name: string, enc: TextEncoding): Collation {
  const c = collationFor(name, enc);
  if (!c) throw sqlError(`no such collation sequence: ${name}`);
  return c;
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
 * at most `keep` rows in a heap whose root is the row that sorts last (ties broken by
 * arrival, so the result is what a stable sort of every row would give): a new row that
 * sorts at or after the root can never be emitted and is dropped, which callers can test
 * before building the row at all ({@link RowSorter.rejects}, SQLite's OP_IdxLE check).
 */
export class RowSorter {
  rows: StoredRow[] = [];
  #keep = -1;
  /** Arrival number of each row of the heap (parallel to `rows`), for stability. */
  #seq: number[] = [];
  #arrivals = 0;
  /** False after {@link sort} until the next insert puts the rows back in heap order. */
  #heapValid = true;
  readonly #compare: (a: StoredRow, b: StoredRow) => number;

  constructor(compare: (a: StoredRow, b: StoredRow) => number) {
    this.#compare = compare;
  }

  /** Empties the sorter; `keep` is how many rows can be emitted (-1: all). */
  reset(keep: number): void {
    this.rows = [];
    this.#seq = [];
    this.#arrivals = 0;
    this.#heapValid = true;
    this.#keep = keep;
  }

  /**
   * Whether a row whose sort keys are those of `probe` would be dropped: the sorter is
   * full and the row sorts at or after every row held. (Only the key columns of `probe`
   * are read.)
   */
  rejects(probe: StoredRow): boolean {
    const bound = this.bound();
    return typeof bound === "boolean" ? bound : bound !== null && this.#compare(probe, bound) >= 0;
  }

  /**
   * What {@link rejects} decides by: `true` when every new row is dropped (a bound of 0),
   * `false` when none ever is (no bound), `null` while the sorter is not full, else the row
   * a new row must sort before to be kept (the heap's root).
   */
  bound(): StoredRow | boolean | null {
    const keep = this.#keep;
    if (keep < 0) return false;
    if (keep === 0) return true;
    if (!this.#heapValid) this.#heapify();
    return this.rows.length === keep ? this.rows[0] : null;
  }

  /** Adds a row. */
  insert(row: StoredRow): void {
    const keep = this.#keep;
    if (keep < 0) {
      this.rows.push(row);
      return;
    }
    if (keep === 0) return;
    if (!this.#heapValid) this.#heapify();
    const rows = this.rows, seq = this.#seq;
    const arrival = this.#arrivals++;
    if (rows.length < keep) {
      rows.push(row);
      seq.push(arrival);
      this.#siftUp(rows.length - 1);
    } else if (this.#compare(row, rows[0]) < 0) {
      rows[0] = row;
      seq[0] = arrival;
      this.#siftDown(0);
    }
  }

  /** Whether heap row `i` sorts after heap row `j` (later arrival breaks ties). */
  #after(i: number, j: number): boolean {
    const c = this.#compare(this.rows[i], this.rows[j]);
    return c > 0 || (c === 0 && this.#seq[i] > this.#seq[j]);
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

  #siftUp(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.#after(i, parent)) return;
      this.#swap(i, parent);
      i = parent;
    }
  }

  /**
   * Moves heap row `i` down to where it belongs, Floyd's way: down the path of the children
   * that sort later to a leaf (one comparison a level), then back up to the deepest path
   * row that sorts after it; the path rows above that move up a level. A top-N of rows
   * arriving in order (ORDER BY date DESC LIMIT n over a table filled by date) puts each
   * new row at a leaf, in about half the comparisons of swapping it down.
   */
  #siftDown(i: number): void {
    const rows = this.rows, seq = this.#seq, n = rows.length;
    let j = i;
    for (;;) {
      const l = 2 * j + 1;
      if (l >= n) break;
      const r = l + 1;
      j = r < n && this.#after(r, l) ? r : l;
    }
    while (j > i && !this.#after(j, i)) j = (j - 1) >> 1;
    let row = rows[i], arrival = seq[i];
    for (; j > i; j = (j - 1) >> 1) {
      const up = rows[j], upArrival = seq[j];
      rows[j] = row;
      seq[j] = arrival;
      row = up;
      arrival = upArrival;
    }
    rows[i] = row;
    seq[i] = arrival;
  }

  /** Sorts the rows (stable: equal rows keep their arrival order). */
  sort(): void {
    if (this.#keep < 0) {
      // Array.prototype.sort is stable.
      this.rows.sort(this.#compare);
      return;
    }
    const seq = this.#seq, compare = this.#compare, rows = this.rows;
    const order = rows.map((_, i) => i);
    order.sort((i, j) => compare(rows[i], rows[j]) || seq[i] - seq[j]);
    this.rows = order.map((i) => rows[i]);
    this.#seq = order.map((i) => seq[i]);
    this.#heapValid = false;
  }

  /** Restores the heap order after {@link sort} (for rows inserted after sorting). */
  #heapify(): void {
    this.#heapValid = true;
    for (let i = (this.rows.length >> 1) - 1; i >= 0; i--) this.#siftDown(i);
  }
}
