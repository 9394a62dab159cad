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

/** decodeIntArray: up to `n` space-separated decimal numbers, then the options. */
function decode(stat: string, n: number): IndexStat1 {
  const rows: number[] = [];
  let i = 0;
  while (i < stat.length && rows.length < n) {
    let v = 0;
    while (i < stat.length && stat[i] >= "0" && stat[i] <= "9") {
      v = v * 10 + (stat.charCodeAt(i++) - 48);
    }
    rows.push(v);
    if (stat[i] === " ") i++;
  }
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
