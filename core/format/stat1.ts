/**
 * `sqlite_stat1`, the statistics ANALYZE writes, read as SQLite's analysisLoader reads them
 * (analyze.c): one row per index, `tbl idx "nRow nEq1 nEq2 ... [unordered] [sz=N]
 * [noskipscan]"`; a row whose `idx` is NULL gives the rows of a table without index, one
 * whose `idx` is the table's name its WITHOUT ROWID primary key, and one naming no index
 * of the table counts as a table row too. A row naming no table is ignored; a malformed
 * number reads as far as its digits go (none: 0), as in SQLite.
 */
import type { Pager } from "../pager.ts";
import type { TextEncoding } from "../value/types.ts";
import { forEachRow } from "./schema_rows.ts";
import { type IndexStat1, nameKey, type Schema } from "./schema_types.ts";

/**
 * decodeIntArray's numbers: up to `n` space-separated decimals, each read as far as its
 * digits go (none: 0) into an unsigned 64-bit count that wraps as SQLite's does (so a
 * hostile run of digits stays a finite number); and where the reading stopped.
 */
export function decodeCounts(stat: string, n: number): { counts: number[]; end: number } {
  const counts: number[] = [];
  let i = 0;
  while (i < stat.length && counts.length < n) {
    let v = 0;
    let big: bigint | null = null;
    for (let c = stat.charCodeAt(i); c >= 48 && c <= 57; c = stat.charCodeAt(++i)) {
      // Exact in a double up to 10^15; past that in 64 bits.
      if (big === null && v < 1e14) v = v * 10 + c - 48;
      else big = BigInt.asUintN(64, (big ?? BigInt(v)) * 10n + BigInt(c - 48));
    }
    counts.push(big === null ? v : Number(big));
    if (stat[i] === " ") i++;
  }
  return { counts, end: i };
}

/** decodeIntArray: up to `n` space-separated decimal numbers, then the options. */
function decode(stat: string, n: number): IndexStat1 {
  const { counts: rows, end } = decodeCounts(stat, n);
  let i = end;
  let unordered = false, noSkipScan = false;
  while (i < stat.length) {
    if (stat.startsWith("unordered", i)) unordered = true;
    else if (stat.startsWith("noskipscan", i)) noSkipScan = true;
    while (i < stat.length && stat[i] !== " ") i++;
    while (stat[i] === " ") i++;
  }
  return { rows, unordered, noSkipScan };
}

/** Records `sqlite_stat1`'s rows on the schema's tables and indexes, if it exists. */
export function loadStat1(pager: Pager, enc: TextEncoding, schema: Schema): void {
  const stat1 = schema.tables.get("sqlite_stat1");
  if (!stat1 || stat1.withoutRowid || stat1.rootPage < 2) return;
  forEachRow(pager, stat1.rootPage, enc, 3, ([tbl, idx, stat]) => {
    if (typeof tbl !== "string" || typeof stat !== "string") return;
    const table = schema.tables.get(nameKey(tbl));
    if (!table) return;
    const name = typeof idx === "string" ? nameKey(idx) : null;
    const isPk = name === nameKey(tbl) && table.withoutRowid;
    const index = name === null || isPk ? undefined : schema.indexes.get(name);
    // A row of no index (nor primary key) gives only the table's row count.
    const nKey = isPk ? table.primaryKey.length : index ? index.keyColumns.length : 0;
    const s = decode(stat, nKey + 1);
    if (!s.rows.length) return;
    if (isPk) table.primaryKeyStat1 = s;
    else if (index) index.stat1 = s;
    // A partial index holds some of the rows only: it says nothing of the table's.
    if (!index || index.where === null) table.stat1Rows = s.rows[0];
  });
}
