/**
 * The queue of a recursive CTE: rows wait in FIFO order, or, with ORDER BY, the smallest
 * row under the sort keys leaves first (ties in arrival order, as SQLite's queue index
 * orders them by a sequence number). With UNION (distinct) a row equal to one queued
 * before, ever, is dropped.
 */
import { rowKey } from "./key_hash.ts";
import { loadRow, type StoredRow, storeRow } from "./sorter.ts";
import type { Reg } from "../value/reg.ts";

/** A recursive CTE's queue. */
export class RecursiveQueue {
  readonly #compare: ((a: StoredRow, b: StoredRow) => number) | null;
  readonly #folds: string[] | null;
  #seen = new Set<string>();
  #rows: StoredRow[] = [];
  #head = 0;

  /** `compare` orders rows (null: FIFO); `folds`: collations for UNION (null: UNION ALL). */
  constructor(
    compare: ((a: StoredRow, b: StoredRow) => number) | null,
    folds: string[] | null,
  ) {
    this.#compare = compare;
    this.#folds = folds;
  }

  /** Queues a copy of `regs[start .. start + n)` unless UNION has seen it. */
  push(regs: readonly Reg[], start: number, n: number): void {
    if (this.#folds) {
      const k = rowKey(regs, start, n, this.#folds);
      if (this.#seen.has(k)) return;
      this.#seen.add(k);
    }
    const row = storeRow(regs, start, n);
    if (!this.#compare) {
      this.#rows.push(row);
      return;
    }
    // Insert after every row that is not greater: ties keep arrival order.
    const rows = this.#rows;
    let lo = this.#head, hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#compare(rows[mid], row) <= 0) lo = mid + 1;
      else hi = mid;
    }
    rows.splice(lo, 0, row);
  }

  /** Takes the next row out into `regs[start ..]`; false when the queue is empty. */
  pop(regs: Reg[], start: number): boolean {
    if (this.#head >= this.#rows.length) return false;
    const row = this.#rows[this.#head++];
    loadRow(row, regs, start);
    if (this.#head > 1024 && this.#head * 2 > this.#rows.length) {
      this.#rows = this.#rows.slice(this.#head);
      this.#head = 0;
    }
    return true;
  }
}
