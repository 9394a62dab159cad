/**
 * Result rows as the public API hands them out. Column names are data: a column called
 * `__proto__` or `constructor` must become an own property, never touch a prototype, so
 * rows are built with defineProperty rather than assignment.
 */
import type { SqlValue } from "../value/types.ts";

/** A result row keyed by column name. With duplicate names, the last column wins. */
export type Row = Record<string, SqlValue>;

/** Builds a row object from column names and values. */
export function rowObject(names: readonly string[], values: readonly SqlValue[]): Row {
  const row: Row = {};
  for (let i = 0; i < names.length; i++) {
    Object.defineProperty(row, names[i], {
      value: values[i],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return row;
}
