/**
 * The comparison of the whole-query differential test: what a run of a statement gave
 * (column names and rows, or an error message) and whether two outcomes agree.
 *
 * The comparison is exact: the same column names, the same rows in the same order, each
 * value with its storage class (INTEGER is a bigint, readBigInts on both sides, REAL a
 * number: 1 and 1.0 differ, and so do 0.0 and -0.0), REALs to the last bit. SQLite's row
 * order without ORDER BY, among ORDER BY ties and under LIMIT, and which of several equal
 * values it keeps, are all part of its answer. If one side fails, the other must fail
 * with the same message. The known classes of difference are recognized by qdiff_case.ts.
 */

/** A result value: INTEGER bigint, REAL number, TEXT string, BLOB bytes, NULL. */
export type Cell = bigint | number | string | Uint8Array | null;

/** What running a statement gave. */
export type Outcome =
  | { ok: true; columns: string[]; rows: Cell[][] }
  | { ok: false; error: string };

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
  // A generated zeroblob() can be megabytes: a message shows its start and its size.
  if (v.length > SHOWN_BLOB_BYTES) {
    return `x'${hex(v.subarray(0, SHOWN_BLOB_BYTES))}...' (${v.length} bytes)`;
  }
  return `x'${hex(v)}'`;
}

const SHOWN_BLOB_BYTES = 64;
const HEX_BYTES = Array.from({ length: 256 }, (_, x) => x.toString(16).padStart(2, "0"));

function hex(b: Uint8Array): string {
  let out = "";
  for (const x of b) out += HEX_BYTES[x];
  return out;
}

function cellIdentity(v: Cell): string {
  if (v === null) return "n";
  if (typeof v === "bigint") return `i${v}`;
  if (typeof v === "number") return `r${Object.is(v, -0) ? "-0" : v}`;
  if (typeof v === "string") return `t${v}`;
  if (v instanceof Uint8Array) return `b${BYTES_AS_CHARS.decode(v)}`;
  return `?${typeof v}:${String(v)}`; // not a SQL value at all: never equal to one
}

/**
 * Whether the two row lists hold the same rows (exactly, storage class included) in some
 * order: the order is then all that differs.
 */
export function sameRowsInAnotherOrder(expected: Cell[][], actual: Cell[][]): boolean {
  if (expected.length !== actual.length) return false;
  const counts = new Map<string, number>();
  for (const r of expected) {
    const k = rowIdentity(r);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  for (const r of actual) {
    const k = rowIdentity(r);
    const n = counts.get(k) ?? 0;
    if (n === 0) return false;
    counts.set(k, n - 1);
  }
  return true;
}

/** One char per byte, each byte its own char (windows-1252 maps the 256 bytes one to one). */
const BYTES_AS_CHARS = new TextDecoder("windows-1252");

/** A row's identity: each cell's identity prefixed by its length, so the joint is exact. */
function rowIdentity(row: readonly Cell[]): string {
  return row.map((v) => {
    const id = cellIdentity(v);
    return `${id.length}:${id}`;
  }).join("");
}

/**
 * Whether two cells are the same value of the same storage class: what equal identities
 * mean, without building them (a generated zeroblob() can be megabytes).
 */
function sameCell(a: Cell, b: Cell): boolean {
  if (a instanceof Uint8Array || b instanceof Uint8Array) {
    if (!(a instanceof Uint8Array && b instanceof Uint8Array) || a.length !== b.length) {
      return false;
    }
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  if (typeof a !== typeof b) return false;
  return typeof a === "number" ? Object.is(a, b) || (a !== a && b !== b) : a === b;
}

function sameRow(a: readonly Cell[], b: readonly Cell[]): boolean {
  return a.length === b.length && a.every((v, i) => sameCell(v, b[i]));
}

/** Why `actual` disagrees with `expected` (SQLite's outcome), or null when they agree. */
export function compareOutcomes(expected: Outcome, actual: Outcome): string | null {
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
  const n = Math.max(e.length, g.length);
  for (let i = 0; i < n; i++) {
    if (i < e.length && i < g.length && sameRow(e[i], g[i])) continue;
    return `row ${i + 1} differs (${e.length} expected rows, ${g.length} got): expected ${
      e[i] ? showRow(e[i]) : "end"
    }, got ${g[i] ? showRow(g[i]) : "end"}`;
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
