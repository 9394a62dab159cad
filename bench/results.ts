/**
 * Result checking for the benchmarks: a canonical digest of a query's rows (column names,
 * value types and values, in order), so two engines' results can be compared in the same
 * process or across the subprocesses of the ratio table.
 */
import { createHash } from "node:crypto";

/** One value as text that tells types apart (1 vs 1.0 is the same JS number on both sides). */
function valueText(v: unknown): string {
  if (v === null) return "n";
  if (v === undefined) return "u";
  switch (typeof v) {
    case "number":
      return Object.is(v, -0) ? "d-0" : "d" + v;
    case "bigint":
      return "i" + v;
    case "string":
      return "s" + v.length + ":" + v;
    case "object":
      if (v instanceof Uint8Array) return "b" + Array.from(v, (x) => x.toString(16)).join(",");
  }
  throw new Error(`unexpected result value ${String(v)}`);
}

/** A row (object, or `undefined` for a lookup that found nothing) as text. */
export function rowText(row: unknown): string {
  if (row === undefined) return "-";
  const o = row as Record<string, unknown>;
  const keys = Object.keys(o);
  return keys.map((k) => k + "=" + valueText(o[k])).join("\u0001");
}

/** SHA-256 of the rows in order. */
export function digestRows(rows: readonly unknown[]): string {
  const h = createHash("sha256");
  h.update(String(rows.length));
  for (const r of rows) h.update("\n" + rowText(r));
  return h.digest("hex");
}

/** The first row where `a` and `b` differ, described, or null when they are equal. */
export function firstDifference(a: readonly unknown[], b: readonly unknown[]): string | null {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = i < a.length ? rowText(a[i]) : "(no row)";
    const y = i < b.length ? rowText(b[i]) : "(no row)";
    if (x !== y) {
      return `row ${i} of ${a.length}/${b.length}: ${x.slice(0, 200)} ≠ ${y.slice(0, 200)}`;
    }
  }
  return null;
}
