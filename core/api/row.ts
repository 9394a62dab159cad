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
import { Lru } from "../util/lru.ts";

/** A result row keyed by column name. With duplicate names, the last column wins. */
export type Row = Record<string, SqlValue>;

/** Builds the row objects of one column list: `make(values)` → row. */
export type RowMaker = (values: readonly SqlValue[]) => Row;

/** A row builder for `names`, made once per statement and called once per row. */
export function rowMaker(keys: readonly string[]): RowMaker {
  // (Kept as given: every caller hands over a list made for it, which nothing changes.)
  const n = keys.length;
  // A name `__proto__` is defined, not assigned (see the module comment): no unrolled maker.
  return (!keys.includes("__proto__") && unrolledMaker(keys)) || ((values) => {
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
  });
}

/** Column lists longer than this are built by the loop (a long body compiles slowly). */
const UNROLLED_MAX_COLUMNS = 64;
/** Unrolled makers by column list (JSON of the names): the 256 used last. */
const UNROLLED = new Lru<string, (keys: readonly string[]) => RowMaker>(256);
let codeGenerationForbidden = false;

/**
 * A maker with one keyed store per column, `o[k3] = v[3]`: each store then always sees the
 * same name and V8 makes it as fast as a literal property (a loop's single store sees every
 * name and stays slow). The source holds only generated identifiers and column numbers;
 * the names arrive as the `keys` argument. One function per distinct name list, so
 * statements with different names never share (and dilute) the stores' type feedback.
 * Null where code generation is forbidden (then the loop builds rows).
 */
function unrolledMaker(keys: readonly string[]): RowMaker | null {
  if (codeGenerationForbidden || keys.length > UNROLLED_MAX_COLUMNS) return null;
  let factory;
  try {
    factory = UNROLLED.get(JSON.stringify(keys), () => {
      const n = keys.length;
      const names = Array.from({ length: n }, (_, i) => `k${i} = K[${i}]`);
      const stores = Array.from({ length: n }, (_, i) => `o[k${i}] = v[${i}];`);
      const source = `${n > 0 ? `const ${names.join(", ")};` : ""}\n` +
        `return (v) => { const o = {}; ${stores.join(" ")} return o; };`;
      return new Function("K", source) as (keys: readonly string[]) => RowMaker;
    });
  } catch {
    codeGenerationForbidden = true; // a Content-Security-Policy without 'unsafe-eval'
    return null;
  }
  return factory(keys);
}

/** Builds a row object from column names and values (one-off; statements use {@link rowMaker}). */
export function rowObject(names: readonly string[], values: readonly SqlValue[]): Row {
  return rowMaker(names)(values);
}
