/**
 * Result rows in better-sqlite3's four shapes: objects keyed by column name (the default),
 * `raw` arrays, `pluck`ed first values, and `expand`ed objects nested by source table
 * (expressions under `$`). BLOBs come back as Node `Buffer`s, as in better-sqlite3.
 */
import { Buffer } from "node:buffer";
import type { ColumnInfo, SqlValue } from "../../mod.ts";
import { rowMaker } from "../../core/api/row.ts";

/** How a statement shapes its rows (better-sqlite3's `pluck`, `expand`, `raw`). */
export type RowMode = "flat" | "pluck" | "expand" | "raw";

/** A row in any of the shapes. */
export type ShapedRow = unknown;

/** Turns one row of values into the shape of `mode`. */
export type RowShaper = (values: SqlValue[]) => ShapedRow;

/** The row shapers of one statement's columns, built on first use of each mode. */
export class RowShapes {
  readonly #columns: readonly ColumnInfo[];
  readonly #made = new Map<RowMode, RowShaper>();

  constructor(columns: readonly ColumnInfo[]) {
    this.#columns = columns;
  }

  /** The shaper for `mode`. */
  shaper(mode: RowMode): RowShaper {
    let s = this.#made.get(mode);
    if (!s) {
      s = makeShaper(mode, this.#columns);
      this.#made.set(mode, s);
    }
    return s;
  }
}

function makeShaper(mode: RowMode, columns: readonly ColumnInfo[]): RowShaper {
  switch (mode) {
    case "raw":
      return (values) => withBuffers(values);
    case "pluck":
      return (values) => withBuffers(values)[0];
    case "flat": {
      const make = rowMaker(columns.map((c) => c.name));
      return (values) => make(withBuffers(values));
    }
    case "expand": {
      // Keys are defined, not assigned, so a table or column named __proto__ stays data.
      const tables = columns.map((c) => c.table ?? "$");
      const names = columns.map((c) => c.name);
      return (values) => {
        withBuffers(values);
        const row: Record<string, Record<string, SqlValue>> = {};
        for (let i = 0; i < values.length; i++) {
          const group = Object.hasOwn(row, tables[i]) ? row[tables[i]] : define(row, tables[i]);
          defineValue(group, names[i], values[i]);
        }
        return row;
      };
    }
  }
}

function define(row: Record<string, Record<string, SqlValue>>, table: string) {
  const group: Record<string, SqlValue> = {};
  Object.defineProperty(row, table, {
    value: group,
    writable: true,
    enumerable: true,
    configurable: true,
  });
  return group;
}

function defineValue(group: Record<string, SqlValue>, name: string, value: SqlValue): void {
  Object.defineProperty(group, name, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

/** Replaces each BLOB (a Uint8Array) in `values` by a Buffer over the same bytes. */
function withBuffers(values: SqlValue[]): SqlValue[] {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v instanceof Uint8Array && !Buffer.isBuffer(v)) {
      values[i] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
    }
  }
  return values;
}
