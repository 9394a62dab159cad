/**
 * The text better-sqlite3 hands its `verbose` logger: SQLite's `sqlite3_expanded_sql`, the
 * statement with each parameter replaced by the SQL literal of its bound value (numbers
 * bound from JS are doubles, printed as SQLite's `%!.15g`: `1.0`, `0.1`, `1.0e+20`).
 * better-sqlite3 builds SQLite with SQLITE_TRACE_SIZE_LIMIT=32: a TEXT value shows its
 * first 32 bytes of UTF-8 (more to end a character; up to a NUL, as `%q` stops there) and
 * a BLOB its first 32 bytes, followed by `/*+N bytes*\/` for the rest.
 */
import { Buffer } from "node:buffer";
import type { BindValue } from "../../mod.ts";
import type { ParameterScan } from "./sql_parameters.ts";

/** `sql` with its parameters (`scan` of it) replaced by the values of `slots`. */
export function expandedSql(sql: string, scan: ParameterScan, slots: readonly BindValue[]): string {
  let out = "";
  let copied = 0;
  for (const use of scan.uses) {
    out += sql.slice(copied, use.start) + literal(slots[use.index - 1]);
    copied = use.end;
  }
  return out + sql.slice(copied);
}

function literal(v: BindValue | undefined): string {
  if (v === null || v === undefined) return "NULL";
  switch (typeof v) {
    case "number":
      return Number.isNaN(v) ? "NULL" : sqliteDouble(v);
    case "bigint":
      return String(v);
    case "string":
      return textLiteral(v);
  }
  const bytes = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  const shown = Math.min(bytes.length, TRACE_SIZE_LIMIT);
  return `x'${bytes.subarray(0, shown).toString("hex")}'` + rest(bytes.length - shown);
}

/** Bytes of a TEXT or BLOB value the expanded SQL shows (SQLITE_TRACE_SIZE_LIMIT). */
const TRACE_SIZE_LIMIT = 32;

function textLiteral(v: string): string {
  let text = v, left = 0;
  // Fewer than 11 UTF-16 units take at most 30 bytes of UTF-8.
  if (v.length > TRACE_SIZE_LIMIT / 3) {
    const bytes = Buffer.from(v, "utf8");
    let shown = bytes.length;
    if (shown > TRACE_SIZE_LIMIT) {
      shown = TRACE_SIZE_LIMIT;
      while (shown < bytes.length && (bytes[shown] & 0xc0) === 0x80) shown++;
      text = bytes.subarray(0, shown).toString("utf8");
    }
    left = bytes.length - shown;
  }
  const nul = text.indexOf("\0");
  if (nul >= 0) text = text.slice(0, nul);
  return `'${text.replaceAll("'", "''")}'` + rest(left);
}

/** The note for bytes left out. */
function rest(left: number): string {
  return left > 0 ? `/*+${left} bytes*/` : "";
}

/** A double as SQLite's printf `%!.15g` writes it. */
function sqliteDouble(x: number): string {
  if (!Number.isFinite(x)) return x > 0 ? "Inf" : "-Inf";
  if (x === 0) return "0.0";
  const [digits, exp] = x.toExponential(14).split("e");
  const e = Number(exp);
  const mantissa = trimZeros(digits);
  if (e < -4 || e >= 15) {
    return `${mantissa}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  }
  return trimZeros(x.toFixed(Math.max(0, 14 - e)));
}

/** Drops trailing fraction zeros, keeping at least one digit after the point (`%!`). */
function trimZeros(s: string): string {
  if (!s.includes(".")) return s + ".0";
  const t = s.replace(/0+$/, "");
  return t.endsWith(".") ? t + "0" : t;
}
