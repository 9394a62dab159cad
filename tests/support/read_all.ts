/**
 * Reads everything a database holds through the reader — schema, every table and index
 * forward and backward, counts and seeks — for tests that only care that reading finishes
 * and what it throws (the fuzz test).
 */
import { indexCursor, tableCursor } from "../../core/btree_cursors.ts";
import type { DatabaseFile } from "../../core/database_file.ts";
import { SeekOp } from "../../core/format/cursor.ts";
import { keyComparator, keyOrder } from "../../core/format/index_key.ts";
import { IndexEntryDecoder, RowDecoder } from "../../core/format/row_decoder.ts";

/** Walks the whole database; returns the number of entries visited. */
export function readEverything(db: DatabaseFile): number {
  let visited = 0;
  for (const table of db.schema.tables.values()) {
    const cursor = tableCursor(db, table);
    const rows = new RowDecoder(table);
    for (let ok = cursor.first(); ok; ok = cursor.next()) {
      rows.decode(cursor);
      if (!table.withoutRowid) cursor.rowid();
      visited++;
    }
    for (let ok = cursor.last(); ok; ok = cursor.prev()) visited++;
    visited += cursor.count();
    if (!table.withoutRowid) {
      for (const r of [0, 1, 2, 100, -1, 2 ** 40]) {
        if (cursor.seekRowid(r, SeekOp.GE)) rows.decode(cursor);
        cursor.seekRowid(r, SeekOp.LE);
      }
    }
  }
  for (const index of db.schema.indexes.values()) {
    const table = db.schema.tables.get(index.tableName.toLowerCase())!;
    const cursor = indexCursor(db, index);
    const entries = new IndexEntryDecoder(index, table);
    const keys: Parameters<typeof keyComparator>[0][] = [];
    for (let ok = cursor.first(); ok; ok = cursor.next()) {
      entries.decode(cursor);
      if (visited++ % 7 === 0) keys.push(entries.values.slice());
    }
    for (let ok = cursor.last(); ok; ok = cursor.prev()) visited++;
    visited += cursor.count();
    const order = keyOrder(index.recordColumns, db.encoding);
    for (const key of keys.slice(0, 20)) {
      cursor.seek(keyComparator(key.slice(0, order.collations.length), order), SeekOp.GE);
      cursor.seek(keyComparator(key.slice(0, 1), order), SeekOp.LT);
    }
  }
  return visited;
}
