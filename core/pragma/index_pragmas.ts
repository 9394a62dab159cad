/**
 * PRAGMA index_list, index_info and index_xinfo (SQLite's pragma.c), answered from the
 * schema. See schema_model.ts for how the index list and each index's fields are built.
 */
import type { DatabaseFile } from "../database_file.ts";
import type { SqlValue } from "../value/types.ts";
import {
  findIndex,
  findTable,
  type IndexField,
  type SchemaChoice,
  tableIndexes,
} from "./schema_model.ts";

/** `PRAGMA index_list(table)`: the table's indexes, newest first. */
export function indexList(db: DatabaseFile, name: string, schema: SchemaChoice): SqlValue[][] {
  const found = findTable(db, name, schema);
  if (found?.kind !== "table") return [];
  return tableIndexes(found.table).map((m, seq) => [
    seq,
    m.name,
    +m.unique,
    m.origin,
    +m.partial,
  ]);
}

/**
 * `PRAGMA index_info(name)` (key columns: seqno, cid, name) or, `extended`,
 * `PRAGMA index_xinfo(name)` (every record field, with desc, coll and key). The name may
 * also be a WITHOUT ROWID table's, for its primary key index.
 */
export function indexInfo(
  db: DatabaseFile,
  name: string,
  schema: SchemaChoice,
  extended: boolean,
): SqlValue[][] {
  const m = findIndex(db, name, schema);
  if (!m) return [];
  const columns = m.table.def.columns;
  // Schema formats 1 to 3 have no descending indexes (core/format/schema.ts).
  const descending = db.pager.header.schemaFormat >= 4;
  const row = (f: IndexField, seqno: number, key: boolean): SqlValue[] => {
    const base: SqlValue[] = [seqno, f.cid, f.cid >= 0 ? columns[f.cid].name : null];
    if (extended) base.push(+(f.desc && descending), f.coll, +key);
    return base;
  };
  const rows = m.key.map((f, i) => row(f, i, true));
  if (extended) m.extra.forEach((f, i) => rows.push(row(f, m.key.length + i, false)));
  return rows;
}
