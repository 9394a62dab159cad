/**
 * Result rows as the public API hands them out. Column names are data: a column called
 * `__proto__` or `constructor` must become an own property, never touch a prototype.
 *
 * Rows are built by plain assignment, in column order, so every row of a statement takes
 * the same V8 hidden class (one `Object.defineProperty` per column cost ten times more).
 * Assignment creates an own data property for every name except `__proto__`, the one
 * accessor `Object.prototype` has: a column with that name is defined, not assigned.
 */
import type { SqlValue } from "../value/types.ts";

/** A result row keyed by column name. With duplicate names, the last column wins. */
export type Row = Record<string, SqlValue>;

/** Builds the row objects of one column list: `make(values)` → row. */
export type RowMaker = (values: readonly SqlValue[]) => Row;

/** A row builder for `names`, made once per statement and called once per row. */
export function rowMaker(names: readonly string[]): RowMaker {
  const keys = names.slice();
  const n = keys.length;
  if (!keys.includes("__proto__")) {
    return (values) => {
      const row: Row = {};
      for (let i = 0; i < n; i++) row[keys[i]] = values[i];
      return row;
    };
  }
  return (values) => {
    const row: Row = {};
    for (let i = 0; i < n; i++) {
      const key = keys[i];
      if (key === "__proto__") {
        Object.defineProperty(row, key, {
          value: values[i],
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else row[key] = values[i];
    }
    return row;
  };
}

/** Builds a row object from column names and values (one-off; statements use {@link rowMaker}). */
export function rowObject(names: readonly string[], values: readonly SqlValue[]): Row {
  return rowMaker(names)(values);
}
