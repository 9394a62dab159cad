/**
 * Cursors over a database's tables and indexes by their schema entries, for what reads
 * b-trees directly (the settings pragmas, tests, benches). Not methods of DatabaseFile: a
 * class's methods all go into a bundle, and the browser bundles need neither.
 */
import type { DatabaseFile } from "./database_file.ts";
import { BtreeCursor } from "./format/cursor.ts";
import type { IndexInfo, TableInfo } from "./format/schema_types.ts";

/** A cursor over a table's b-tree (a table b-tree, or an index b-tree for WITHOUT ROWID). */
export function tableCursor(db: DatabaseFile, table: TableInfo): BtreeCursor {
  return new BtreeCursor(db.pager, table.rootPage, db.encoding, !table.withoutRowid);
}

/** A cursor over an index's b-tree. */
export function indexCursor(db: DatabaseFile, index: IndexInfo): BtreeCursor {
  return new BtreeCursor(db.pager, index.rootPage, db.encoding, false);
}
