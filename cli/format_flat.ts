/**
 * The row-by-row output modes: csv (RFC 4180), json (an array of objects), list
 * (`|`-separated, sqlite3's default) and line (one `name = value` line per column).
 */
import type { SqlValue } from "../mod.ts";
import { blobLiteral, valueText } from "./value_text.ts";
import { displayWidth } from "./width.ts";

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Whether a CSV field must be quoted: RFC 4180's cases, plus "" so it differs from NULL. */
function csvNeedsQuotes(s: string): boolean {
  return s === "" || /[",\r\n]/.test(s) || /^\s|\s$/.test(s);
}

function csvField(s: string): string {
  return csvNeedsQuotes(s) ? '"' + s.replaceAll('"', '""') + '"' : s;
}

/**
 * RFC 4180 CSV: CRLF line ends, a header line when `headers`, fields quoted when they hold
 * `"`, `,`, a line break or edge whitespace, and the empty text (so that "" and NULL, an
 * empty unquoted field unless `nullText` says otherwise, stay apart).
 */
export function formatCsv(
  names: readonly string[],
  rows: readonly SqlValue[][],
  headers: boolean,
  nullText: string,
): string {
  if (rows.length === 0) return "";
  let out = headers ? names.map(csvField).join(",") + "\r\n" : "";
  for (const row of rows) {
    out += row.map((v) => v === null ? nullText : csvField(valueText(v))).join(",") + "\r\n";
  }
  return out;
}

/**
 * A value as JSON: INTEGERs as numbers while they fit a JS number exactly, beyond that as
 * strings (bare digits with `bigints`); REALs as numbers (±1e999 for infinities, which
 * JSON parsers read back as ±Infinity); BLOBs as their SQL literal text `"X'00FF'"`.
 */
export function jsonValue(v: SqlValue, bigints: boolean): string {
  if (v === null) return "null";
  if (typeof v === "bigint") {
    const safe = v <= MAX_SAFE && v >= -MAX_SAFE;
    return safe || bigints ? v.toString() : `"${v}"`;
  }
  if (typeof v === "number") {
    if (v === Infinity) return "1e999";
    if (v === -Infinity) return "-1e999";
    return Number.isNaN(v) ? "null" : JSON.stringify(v);
  }
  if (typeof v === "string") return JSON.stringify(v);
  return JSON.stringify(blobLiteral(v));
}

/**
 * JSON: one array of row objects per statement, one row per line (as sqlite3 `-json`);
 * `[]` for no rows. Duplicate column names repeat the key (JSON.parse keeps the last).
 */
export function formatJson(
  names: readonly string[],
  rows: readonly SqlValue[][],
  bigints: boolean,
): string {
  if (rows.length === 0) return "[]\n";
  const keys = names.map((n) => JSON.stringify(n) + ":");
  const lines = rows.map((row) =>
    "{" + row.map((v, i) => keys[i] + jsonValue(v, bigints)).join(",") + "}"
  );
  return "[" + lines.join(",\n") + "]\n";
}

/** list mode: values separated by `|`, a header line when `headers`. */
export function formatList(
  names: readonly string[],
  rows: readonly SqlValue[][],
  headers: boolean,
  nullText: string,
): string {
  if (rows.length === 0) return "";
  let out = headers ? names.join("|") + "\n" : "";
  for (const row of rows) {
    out += row.map((v) => v === null ? nullText : valueText(v)).join("|") + "\n";
  }
  return out;
}

/** line mode: `name = value` per column, names right-aligned, a blank line between rows. */
export function formatLine(
  names: readonly string[],
  rows: readonly SqlValue[][],
  nullText: string,
): string {
  const width = Math.max(0, ...names.map(displayWidth));
  const labels = names.map((n) => " ".repeat(width - displayWidth(n)) + n + " = ");
  return rows.map((row) =>
    row.map((v, i) => labels[i] + (v === null ? nullText : valueText(v))).join("\n") + "\n"
  ).join("\n");
}
