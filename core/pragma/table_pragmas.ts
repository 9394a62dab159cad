/**
 * PRAGMA table_info, table_xinfo, table_list and foreign_key_list (SQLite's pragma.c),
 * answered from the schema.
 */
import type { DatabaseFile } from "../database_file.ts";
import { sqlError } from "../errors.ts";
import { readSchemaRows } from "../format/schema_rows.ts";
import { nameKey, type Schema } from "../format/schema_types.ts";
import type { SqlValue } from "../value/types.ts";
import { hashIterationOrder } from "./hash_order.ts";
import { findTable, type SchemaChoice } from "./schema_model.ts";
import type { ViewColumnResolver } from "./view_columns.ts";
import { virtualTableColumnCount } from "./vtab_columns.ts";

/**
 * `PRAGMA table_info(name)` / `table_xinfo(name)`. table_info leaves out generated
 * columns (and numbers the rest without gaps); table_xinfo shows them with `hidden` 2
 * (VIRTUAL) or 3 (STORED) and no default.
 */
export function tableInfo(
  db: DatabaseFile,
  name: string,
  schema: SchemaChoice,
  extended: boolean,
  viewColumns: ViewColumnResolver | undefined,
): SqlValue[][] {
  const found = findTable(db, name, schema);
  if (!found) return [];
  if (found.kind === "virtual") {
    throw sqlError(`no such module: ${found.vtab.module}`);
  }
  if (found.kind === "view") {
    if (!viewColumns) {
      throw sqlError(`litejit cannot list the columns of view ${found.view.name} yet`);
    }
    return viewColumns(found.view).map((c, i) => {
      const row: SqlValue[] = [i, c.name, c.type, 0, null, 0];
      if (extended) row.push(0);
      return row;
    });
  }
  const rows: SqlValue[][] = [];
  let cid = 0;
  for (const col of found.table.def.columns) {
    if (col.hidden !== 0 && !extended) continue;
    const row: SqlValue[] = [
      cid++,
      col.name,
      col.declaredType,
      +col.notNull,
      col.hidden >= 2 ? null : col.defaultText,
      col.pk,
    ];
    if (extended) row.push(col.hidden);
    rows.push(row);
  }
  return rows;
}

/** Suffixes that make a table the shadow table of a virtual table, per module. */
const SHADOW_SUFFIXES: Record<string, readonly string[]> = {
  fts3: ["content", "docsize", "segdir", "segments", "stat"],
  fts4: ["content", "docsize", "segdir", "segments", "stat"],
  fts5: ["config", "content", "data", "docsize", "idx"],
  rtree: ["node", "parent", "rowid"],
  rtree_i32: ["node", "parent", "rowid"],
};

/** `<vtab>_<suffix>` where the virtual table's module claims the suffix (sqlite3ShadowTableName). */
function isShadowTable(schema: Schema, name: string): boolean {
  const cut = name.lastIndexOf("_");
  if (cut < 0) return false;
  const vtab = schema.virtualTables.get(nameKey(name.slice(0, cut)));
  if (!vtab) return false;
  // The module name comes from the file: `constructor` is no module of this table.
  const module = nameKey(vtab.module);
  return Object.hasOwn(SHADOW_SUFFIXES, module) &&
    SHADOW_SUFFIXES[module].includes(nameKey(name.slice(cut + 1)));
}

interface ListEntry {
  /** The name the schema hash knows it by. */
  hashName: string;
  row: SqlValue[];
}

/**
 * `PRAGMA table_list[(name)]`: every table, view and virtual table of each schema, in the
 * order of SQLite's schema hash table (see hash_order.ts), main then temp. The schema
 * tables are listed as sqlite_schema / sqlite_temp_schema but matched by their legacy
 * names (sqlite_master / sqlite_temp_master). Virtual tables report the columns their
 * module would declare (built-in modules only, see vtab_columns.ts).
 */
export function tableList(
  db: DatabaseFile,
  arg: string | null,
  schema: SchemaChoice,
  viewColumns: ViewColumnResolver | undefined,
): SqlValue[][] {
  const entries: ListEntry[] = [];
  if (schema !== "temp") {
    const s = db.schema;
    const master = s.tables.get("sqlite_master")!;
    const main: ListEntry[] = [{
      hashName: "sqlite_master",
      row: ["main", "sqlite_schema", "table", master.columns.length, 0, 0],
    }];
    const seen = new Set<string>();
    for (const r of readSchemaRows(db.pager, db.encoding)) {
      if ((r.type !== "table" && r.type !== "view") || r.sql === null) continue;
      const key = nameKey(r.name);
      if (seen.has(key)) continue;
      seen.add(key);
      const table = s.tables.get(key);
      const view = s.views.get(key);
      const vtab = s.virtualTables.get(key);
      // The object's name, then its type, column count, WITHOUT ROWID and STRICT flags.
      const found: [string, ...SqlValue[]] | null = table
        ? [
          table.name,
          isShadowTable(s, table.name) ? "shadow" : "table",
          table.columns.length,
          +table.withoutRowid,
          +table.strict,
        ]
        : view
        ? [view.name, "view", viewColumns?.(view).length ?? 0, 0, 0]
        : vtab
        ? [vtab.name, "virtual", virtualTableColumnCount(vtab), 0, 0]
        : null;
      if (found) main.push({ hashName: found[0], row: ["main", ...found] });
    }
    for (const i of hashIterationOrder(main.map((e) => e.hashName))) entries.push(main[i]);
  }
  if (schema !== "main") {
    entries.push({
      hashName: "sqlite_temp_master",
      row: ["temp", "sqlite_temp_schema", "table", 5, 0, 0],
    });
  }
  const key = arg === null ? null : nameKey(arg);
  return entries.filter((e) => key === null || nameKey(e.hashName) === key).map((e) => e.row);
}

/**
 * `PRAGMA foreign_key_list(table)`: one row per column of each foreign key. SQLite keeps
 * a table's foreign keys newest first, so `id` 0 is the last one declared; MATCH is
 * always reported as NONE.
 */
export function foreignKeyList(db: DatabaseFile, name: string, schema: SchemaChoice): SqlValue[][] {
  const found = findTable(db, name, schema);
  if (found?.kind !== "table") return [];
  const def = found.table.def;
  const rows: SqlValue[][] = [];
  for (let n = def.foreignKeys.length - 1, id = 0; n >= 0; n--, id++) {
    const fk = def.foreignKeys[n];
    fk.columns.forEach((col, seq) => {
      rows.push([
        id,
        seq,
        fk.table,
        def.columns[col].name,
        fk.parentColumns?.[seq] ?? null,
        fk.onUpdate,
        fk.onDelete,
        "NONE",
      ]);
    });
  }
  return rows;
}
