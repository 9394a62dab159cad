/**
 * How sqllogictest renders and compares a query's result (tests/sqllogictest/README.md):
 * values rendered per type letter as SQLite's own harness does (`I`: sqlite3_column_int,
 * `R`: `%.3f` of sqlite3_column_double, `T`: sqlite3_column_text with `(empty)` and `@`
 * for unprintable bytes; NULL → `NULL`), sorted per sort mode, and compared value for
 * value or by MD5 when the file gives a hash.
 *
 * Values come in as the public API returns them with readBigInts on: `bigint` is an
 * INTEGER and `number` a REAL, so the storage class is known without a side channel.
 */
import { createHash } from "node:crypto";
import type { QueryRecord, SortMode } from "./slt_parse.ts";
import type { SqlValue } from "../../core/value/types.ts";
import { StorageClass } from "../../core/value/types.ts";
import { realToInt, toInt, toReal } from "../../core/value/coerce.ts";
import { realToText } from "../../core/value/number_text.ts";
import type { Reg } from "../../core/value/reg.ts";
import { type FloatSpec, formatFloat } from "../../core/functions/scalar/printf_float.ts";

const utf8 = new TextEncoder();

function regOf(v: SqlValue): Reg {
  if (v === null) return { v, c: StorageClass.Null };
  switch (typeof v) {
    case "bigint":
      return { v, c: StorageClass.Integer };
    case "number":
      return { v, c: StorageClass.Real };
    case "string":
      return { v, c: StorageClass.Text };
    default:
      return { v, c: StorageClass.Blob };
  }
}

/**
 * `%.3f` as sqllogictest prints it: with SQLite's own printf (sqlite3_snprintf), which
 * keeps at most 16 significant digits (`-9223372036854775808.0` → `-9223372036854776000.000`),
 * unlike C's printf or JavaScript's toFixed.
 */
export function formatFixed3(x: number): string {
  return formatFloat(x, FIXED3);
}

const FIXED3: FloatSpec = {
  conv: "f",
  precision: 3,
  width: 0,
  plus: "",
  alternate: false,
  alt2: false,
  zeroPad: false,
  leftJustify: false,
  thousands: false,
};

/** Bytes of a TEXT or BLOB as sqlite3_column_text gives them, up to the first NUL. */
function textBytes(v: string | Uint8Array): Uint8Array {
  const bytes = typeof v === "string" ? utf8.encode(v) : v;
  const nul = bytes.indexOf(0);
  return nul >= 0 ? bytes.subarray(0, nul) : bytes;
}

/** One value rendered for type letter `type` (`I`, `R` or `T`). */
export function renderValue(v: SqlValue, type: string): string {
  if (v === null) return "NULL";
  const reg = regOf(v);
  switch (type) {
    case "I": {
      const i = reg.c === StorageClass.Real ? realToInt(v as number) : toInt(reg);
      return String(BigInt.asIntN(32, BigInt(i)));
    }
    case "R":
      return formatFixed3(toReal(reg));
    default: {
      if (typeof v === "bigint") return v.toString();
      if (typeof v === "number") return realToText(v);
      const bytes = textBytes(v);
      if (bytes.length === 0) return "(empty)";
      let s = "";
      for (const b of bytes) s += b < 0x20 || b > 0x7e ? "@" : String.fromCharCode(b);
      return s;
    }
  }
}

/** The rendered values of `rows` in the order the sort mode puts them. */
export function renderResult(rows: readonly SqlValue[][], types: string, mode: SortMode): string[] {
  const rendered = rows.map((row) => row.map((v, i) => renderValue(v, types[i] ?? "T")));
  if (mode === "rowsort") rendered.sort(compareRows);
  const values = rendered.flat();
  if (mode === "valuesort") values.sort(compareStrings);
  return values;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareRows(a: string[], b: string[]): number {
  for (let i = 0; i < a.length; i++) {
    const c = compareStrings(a[i], b[i]);
    if (c !== 0) return c;
  }
  return 0;
}

/** MD5 of the values, each followed by a newline (sqllogictest's result hash). */
export function hashValues(values: readonly string[]): string {
  const h = createHash("md5");
  for (const v of values) h.update(`${v}\n`);
  return h.digest("hex");
}

/**
 * Null when `rows` is what `record` expects, else a short description of the difference.
 * `rows` must have the record's column count (checked here too).
 */
export function checkResult(record: QueryRecord, rows: readonly SqlValue[][]): string | null {
  const width = record.types.length;
  const bad = rows.find((r) => r.length !== width);
  if (bad) return `${bad.length} result columns, the record says ${record.types}`;
  const values = renderResult(rows, record.types, record.sortMode);
  const expected = record.expected;
  if (expected.kind === "hash") {
    if (values.length !== expected.count) {
      return `${values.length} values, expected ${expected.count} (hashing to ${expected.md5})`;
    }
    const md5 = hashValues(values);
    return md5 === expected.md5 ? null : `hash ${md5}, expected ${expected.md5}`;
  }
  const want = expected.values;
  if (values.length !== want.length) {
    return `${values.length} values, expected ${want.length}: got ${shortList(values)}` +
      `, expected ${shortList(want)}`;
  }
  for (let i = 0; i < want.length; i++) {
    if (values[i] !== want[i]) {
      return `value ${i}: got ${JSON.stringify(values[i])}, expected ${JSON.stringify(want[i])}`;
    }
  }
  return null;
}

function shortList(values: readonly string[]): string {
  const head = values.slice(0, 12).join(" ");
  return values.length > 12 ? `${head} ...` : head;
}
