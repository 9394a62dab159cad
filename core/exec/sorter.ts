/**
 * Sorting stored rows (ORDER BY, the order of groups and of compound results, IN-list
 * probes): a stable comparator over rows of values by {@link SortKey}s, and a sorter that
 * keeps only the first `limit` rows when it has one (SQLite's sorter under a LIMIT).
 */
import type { SortKey } from "../plan/plan.ts";
import { type Collation, collationFor } from "../value/collation.ts";
import { compareValues } from "../value/compare.ts";
import type { SqlValue, TextEncoding } from "../value/types.ts";
import { SqliteError } from "../errors.ts";

/** A stored row: values then storage classes are kept as parallel arrays. */
export interface StoredRow {
  values: SqlValue[];
  classes: number[];
}

/** The collation called `name` for `enc`; SQLITE_ERROR when there is none. */
export function collationNamed(name: string, enc: TextEncoding): Collation {
  const c = collationFor(name, enc);
  if (!c) throw new SqliteError("SQLITE_ERROR", `no such collation sequence: ${name}`);
  return c;
}

/** A comparator of stored rows by `keys` (NULL placement, direction, collation). */
export function rowComparator(
  keys: readonly SortKey[],
  enc: TextEncoding,
): (a: StoredRow, b: StoredRow) => number {
  const colls = keys.map((k) => collationNamed(k.collation, enc));
  const n = keys.length;
  return (a, b) => {
    for (let i = 0; i < n; i++) {
      const k = keys[i];
      const x = a.values[k.column];
      const y = b.values[k.column];
      if (x === null || y === null) {
        if (x === y) continue;
        // NULL placement is independent of direction.
        return (x === null) === k.nullsFirst ? -1 : 1;
      }
      const c = compareValues(x, y, colls[i]);
      if (c !== 0) return k.desc ? -c : c;
    }
    return 0;
  };
}

/**
 * Rows gathered, then sorted stably. With a `keep` bound (LIMIT + OFFSET), rows beyond
 * it are dropped as they can no longer be emitted, so memory stays proportional to it.
 */
export class RowSorter {
  rows: StoredRow[] = [];
  #keep = -1;
  readonly #compare: (a: StoredRow, b: StoredRow) => number;

  constructor(compare: (a: StoredRow, b: StoredRow) => number) {
    this.#compare = compare;
  }

  /** Empties the sorter; `keep` is how many rows can be emitted (-1: all). */
  reset(keep: number): void {
    this.rows = [];
    this.#keep = keep;
  }

  /** Adds a row. */
  insert(row: StoredRow): void {
    const keep = this.#keep;
    if (keep === 0) return;
    this.rows.push(row);
    if (keep > 0 && this.rows.length >= 2 * keep + 64) this.#trim();
  }

  #trim(): void {
    // Array.prototype.sort is stable, so truncating keeps ties in input order.
    this.rows.sort(this.#compare);
    if (this.#keep >= 0 && this.rows.length > this.#keep) this.rows.length = this.#keep;
  }

  /** Sorts the rows (stable) and applies the bound. */
  sort(): void {
    this.#trim();
  }
}
