/**
 * The text better-sqlite3 hands its `verbose` logger: SQLite's `sqlite3_expanded_sql`, the
 * statement with each parameter replaced by the SQL literal of its bound value (numbers
 * bound from JS are doubles, printed as SQLite's `%!.15g`: `1.0`, `0.1`, `1.0e+20`).
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
      return `'${v.replaceAll("'", "''")}'`;
  }
  return `x'${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("hex")}'`;
}

/** A double as SQLite's printf `%!.15g` writes it. */
function sqliteDouble(x: number): string {
  if (!Number.isFinite(x)) return x > 0 ? "Inf" : "-Inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
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
