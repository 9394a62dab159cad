/**
 * The comparison of the whole-query differential test: what a run of a statement gave
 * (column names and rows, or an error message) and whether two outcomes agree as far as
 * the statement determines its result.
 *
 * - Values are compared with their storage class: INTEGER is a bigint (readBigInts on both
 *   sides), REAL a number, so 1 and 1.0 differ; REALs are compared exactly.
 * - Without ORDER BY (or with one whose keys the test cannot evaluate) rows are a multiset.
 * - With ORDER BY on result columns, the sequence of those key tuples must be equal. Keys
 *   are compared as SQLite could tie them (1 = 1.0, 'a' = 'A' under NOCASE, 'a ' = 'a'
 *   under RTRIM), so rows SQLite may return in either order never count as a difference.
 * - With LIMIT/OFFSET, ties at the cut make the chosen rows undetermined: the key sequence
 *   and the row count must be equal, and the rows of every complete run of equal keys;
 *   without usable ORDER BY keys only the row count is compared.
 * - If one side fails, the other must fail with the same message.
 */
import type { QdiffOrder } from "./qdiff_query.ts";

/** A result value: INTEGER bigint, REAL number, TEXT string, BLOB bytes, NULL. */
export type Cell = bigint | number | string | Uint8Array | null;

/** What running a statement gave. */
export type Outcome =
  | { ok: true; columns: string[]; rows: Cell[][] }
  | { ok: false; error: string };

/** How the comparison should treat a statement's result. */
export interface ResultShape {
  order: QdiffOrder;
  limited: boolean;
  /**
   * Whether the statement keeps one value out of several equal ones (DISTINCT, UNION,
   * INTERSECT, EXCEPT, GROUP BY, min/max): SQLite keeps whichever comes first, so 0 or
   * 0.0, 'a' or 'A' under NOCASE depends on the scan order. Rows are then compared as
   * SQLite compares them (see {@link sortIdentity}).
   */
  keepsOneOfEqual: boolean;
  /**
   * Whether REAL sums (sum/total/avg) occur: their last bits depend on the order rows are
   * added in, so REALs are then compared to 12 significant digits.
   */
  sumsReals: boolean;
}

/** A value as text with its storage class visible: `1`, `1.0`, `'a'`, `x'00'`, `NULL`. */
export function showCell(v: Cell): string {
  if (v === null) return "NULL";
  if (typeof v === "bigint") return String(v);
  if (typeof v === "number") {
    if (Object.is(v, -0)) return "-0.0";
    const s = String(v);
    return /[.eEn]/.test(s) ? s : `${s}.0`;
  }
  if (typeof v === "string") return `'${v.replaceAll("'", "''")}'`;
  return `x'${hex(v)}'`;
}

function hex(b: Uint8Array): string {
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

/** An exact identity of a value, storage class included. */
function cellIdentity(v: Cell): string {
  if (v === null) return "n";
  if (typeof v === "bigint") return `i${v}`;
  if (typeof v === "number") return `r${Object.is(v, -0) ? "-0" : v}`;
  if (typeof v === "string") return `t${v}`;
  if (v instanceof Uint8Array) return `b${hex(v)}`;
  return `?${typeof v}:${String(v)}`; // not a SQL value at all: never equal to one
}

const INT64_MIN = -(2 ** 63);

/**
 * A value's sort identity, merged wherever SQLite could find two values equal under some
 * collation: numbers by numeric value, text ASCII-case-folded without trailing spaces.
 */
function sortIdentity(v: Cell): string {
  if (v === null) return "0";
  if (typeof v === "number" && Number.isInteger(v) && v >= INT64_MIN && v < -INT64_MIN) {
    return `1${BigInt(v)}`;
  }
  if (typeof v === "bigint" || typeof v === "number") return `1${v}`;
  if (typeof v === "string") {
    return `2${v.replace(/ +$/, "").replace(/[A-Z]/g, (c) => c.toLowerCase())}`;
  }
  return `3${cellIdentity(v)}`;
}

/** How rows are identified in multiset comparisons. */
interface Looseness {
  ties: boolean;
  reals: boolean;
}

function rowIdentity(row: readonly Cell[], loose: Looseness): string {
  return JSON.stringify(row.map((v) => {
    const w = loose.reals && typeof v === "number" ? Number(v.toPrecision(12)) : v;
    return loose.ties ? sortIdentity(w) : cellIdentity(w);
  }));
}

function keyIdentity(row: readonly Cell[], keys: number[]): string {
  return JSON.stringify(keys.map((k) => sortIdentity(row[k])));
}

/** Rows of `a` missing from `b` (as a multiset), shown; empty when `a` ⊆ `b`. */
function missing(a: Cell[][], b: Cell[][], loose: Looseness): string[] {
  const counts = new Map<string, number>();
  for (const r of b) {
    const k = rowIdentity(r, loose);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const out: string[] = [];
  for (const r of a) {
    const k = rowIdentity(r, loose);
    const n = counts.get(k) ?? 0;
    if (n > 0) counts.set(k, n - 1);
    else out.push(showRow(r));
  }
  return out;
}

function multisetDiff(
  expected: Cell[][],
  actual: Cell[][],
  what: string,
  loose: Looseness,
): string | null {
  const lost = missing(expected, actual, loose);
  const extra = missing(actual, expected, loose);
  if (lost.length === 0 && extra.length === 0) return null;
  return `${what} differ: missing ${lost.slice(0, 5).join(" ") || "none"}; unexpected ${
    extra.slice(0, 5).join(" ") || "none"
  }`;
}

/** Runs of consecutive rows with equal keys: [start, end) pairs. */
function runs(rows: Cell[][], keys: number[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < rows.length;) {
    const k = keyIdentity(rows[i], keys);
    let j = i + 1;
    while (j < rows.length && keyIdentity(rows[j], keys) === k) j++;
    out.push([i, j]);
    i = j;
  }
  return out;
}

/**
 * Why `actual` disagrees with `expected` (SQLite's outcome) for a statement of `shape`,
 * or null when they agree.
 */
export function compareOutcomes(
  expected: Outcome,
  actual: Outcome,
  shape: ResultShape,
): string | null {
  if (!expected.ok || !actual.ok) {
    if (!expected.ok && !actual.ok) {
      return expected.error === actual.error
        ? null
        : `different errors: expected "${expected.error}", got "${actual.error}"`;
    }
    return expected.ok
      ? `expected rows, got error "${(actual as { error: string }).error}"`
      : `expected error "${expected.error}", got rows`;
  }
  const a = JSON.stringify(expected.columns);
  const b = JSON.stringify(actual.columns);
  if (a !== b) return `column names differ: expected ${a}, got ${b}`;
  const e = expected.rows;
  const g = actual.rows;
  const keys = shape.order.kind === "keys" ? shape.order.keys : null;
  if (keys !== null) {
    const ek = e.map((r) => keyIdentity(r, keys));
    const gk = g.map((r) => keyIdentity(r, keys));
    const at = ek.findIndex((k, i) => gk[i] !== k);
    if (ek.length !== gk.length || at >= 0) {
      const i = at >= 0 ? at : Math.min(ek.length, gk.length);
      return `ORDER BY key sequence differs at row ${
        i + 1
      } (${e.length} expected rows, ${g.length} ` +
        `got): expected ${e[i] ? showRow(e[i]) : "end"}, got ${g[i] ? showRow(g[i]) : "end"}`;
    }
  }
  if (g.length !== e.length) return `row count differs: expected ${e.length}, got ${g.length}`;
  const loose = { ties: shape.keepsOneOfEqual, reals: shape.sumsReals };
  if (!shape.limited) return multisetDiff(e, g, "rows", loose);
  if (keys === null) return null; // LIMIT over an undetermined order: only the count is fixed
  const r = runs(e, keys);
  for (let i = 1; i < r.length - 1; i++) {
    const [from, to] = r[i];
    const diff = multisetDiff(
      e.slice(from, to),
      g.slice(from, to),
      `rows ${from + 1}-${to}`,
      loose,
    );
    if (diff !== null) return diff;
  }
  return null;
}

/** A row as text. */
export function showRow(row: readonly Cell[]): string {
  return `(${row.map(showCell).join(", ")})`;
}

/** An outcome as text for failure messages (at most `max` rows). */
export function showOutcome(o: Outcome, max = 40): string {
  if (!o.ok) return `error: ${o.error}`;
  const lines = [`columns ${JSON.stringify(o.columns)}, ${o.rows.length} rows`];
  for (const r of o.rows.slice(0, max)) lines.push("  " + showRow(r));
  if (o.rows.length > max) lines.push(`  ... ${o.rows.length - max} more`);
  return lines.join("\n");
}
