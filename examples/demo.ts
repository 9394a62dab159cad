/**
 * A tour of the bundled sample database, read by litejit: its schema, then each table's
 * row count and first rows, then a lookup through an index.
 *
 *   npx -y deno task demo            # examples/sample.db
 *   npx -y deno task demo other.db   # any SQLite file
 *
 * Until the SQL front end lands this uses the reader directly (core/database_file.ts).
 */
import { DatabaseFile } from "../core/database_file.ts";
import { SqliteError } from "../core/errors.ts";
import { SeekOp } from "../core/format/cursor.ts";
import { keyComparator, keyOrder } from "../core/format/index_key.ts";
import { IndexEntryDecoder, RowDecoder } from "../core/format/row_decoder.ts";
import type { TableInfo } from "../core/format/schema_types.ts";
import { encodingName, type SqlValue } from "../core/value/types.ts";

const path = Deno.args[0] ?? new URL("./sample.db", import.meta.url).pathname;
const FIRST_ROWS = 5;

function show(v: SqlValue): string {
  if (v === null) return "NULL";
  if (v instanceof Uint8Array) {
    return `x'${[...v].map((b) => b.toString(16).padStart(2, "0")).join("")}'`;
  }
  if (typeof v === "string") {
    const s = JSON.stringify(v);
    return s.length > 40 ? s.slice(0, 37) + '…"' : s;
  }
  return String(v);
}

function printTable(db: DatabaseFile, table: TableInfo): void {
  const cursor = db.tableCursor(table);
  const decoder = new RowDecoder(table);
  console.log(
    `\n${table.name}: ${cursor.count()} rows${table.withoutRowid ? " (WITHOUT ROWID)" : ""}`,
  );
  console.log("  " + table.columns.map((c) => `${c.name} ${c.declaredType}`.trim()).join(" | "));
  let shown = 0;
  for (let ok = cursor.first(); ok && shown < FIRST_ROWS; ok = cursor.next(), shown++) {
    decoder.decode(cursor);
    console.log("  " + decoder.values.map(show).join(" | "));
  }
}

function main(): void {
  const db = DatabaseFile.open(path);
  try {
    const { header } = db.pager;
    console.log(`${path}`);
    console.log(
      `page size ${header.pageSize}, ${db.pager.pageCount} pages, ${encodingName(db.encoding)}, ` +
        `${db.pager.wal ? "WAL with live frames" : "no WAL"}, schema format ${header.schemaFormat}`,
    );
    console.log("\nschema:");
    for (const t of db.schema.tables.values()) if (t.rootPage !== 1) console.log(`  ${t.sql}`);
    for (const i of db.schema.indexes.values()) {
      console.log(`  ${i.sql ?? `-- ${i.name} (automatic)`}`);
    }
    for (const v of db.schema.views.values()) console.log(`  ${v.sql}`);
    for (const t of db.schema.tables.values()) if (t.rootPage !== 1) printTable(db, t);

    // An index lookup: the first trips that started on 2026-02-14, by the trips_start index.
    const index = db.schema.indexes.get("trips_start");
    const trips = db.schema.tables.get("trips");
    if (index && trips) {
      const cursor = db.indexCursor(index);
      const entry = new IndexEntryDecoder(index, trips);
      const seek = keyComparator(["2026-02-14"], keyOrder(index.recordColumns, db.encoding));
      console.log(`\nfirst trips on or after 2026-02-14 (seek in index ${index.name}):`);
      let n = 0;
      for (let ok = cursor.seek(seek, SeekOp.GE); ok && n < 3; ok = cursor.next(), n++) {
        entry.decode(cursor);
        console.log(`  started_at ${show(entry.values[0])}  rowid ${show(entry.values[1])}`);
      }
    }
  } finally {
    db.close();
  }
}

try {
  main();
} catch (e) {
  if (!(e instanceof SqliteError)) throw e;
  console.error(`Error: ${e.message}`);
  Deno.exitCode = 1;
}
