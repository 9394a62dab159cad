/**
 * Reader throughput on the bundled sample database: a full scan of `trips` decoding every
 * column, litejit's reader against node:sqlite's `SELECT *` in the same process. The SQL
 * benchmark suite (issue 6) replaces this once queries exist.
 *
 *   npx -y deno task bench
 */
import { tableCursor } from "../core/btree_cursors.ts";
import { DatabaseSync } from "node:sqlite";
import { openDatabaseFile } from "../core/io/open_path.ts";
import { RowDecoder } from "../core/format/row_decoder.ts";

const path = new URL("../examples/sample.db", import.meta.url).pathname;
const litejit = openDatabaseFile(path);
const trips = litejit.schema.tables.get("trips")!;
const decoder = new RowDecoder(trips);
const cursor = tableCursor(litejit, trips);
const sqlite = new DatabaseSync(path, { readOnly: true });
const all = sqlite.prepare("SELECT * FROM trips");

function scanLitejit(): number {
  let n = 0;
  for (let ok = cursor.first(); ok; ok = cursor.next()) {
    decoder.decode(cursor);
    n++;
  }
  return n;
}

if (scanLitejit() !== all.all().length) throw new Error("row counts differ");

Deno.bench("scan trips: litejit reader", { group: "scan", baseline: true }, () => {
  scanLitejit();
});
Deno.bench("scan trips: node:sqlite SELECT *", { group: "scan" }, () => {
  all.all();
});
