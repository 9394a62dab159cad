/**
 * What the schema pragmas need beyond the reader's {@link Schema}: the parsed CREATE
 * statements (column flags, names and collations exactly as written), SQLite's name
 * lookup rules for tables and indexes, and each table's index list in SQLite's order.
 */
import type { DatabaseFile } from "../database_file.ts";
import { sqlError } from "../errors.ts";
import {
  nameKey,
  SCHEMA_TABLE_NAMES,
  type TableInfo,
  type ViewInfo,
  type VirtualTableInfo,
} from "../format/schema_types.ts";
import { autoIndexes } from "../sql/ddl.ts";
import type { IndexDef, TableDef } from "../sql/ddl_types.ts";
import { getOrMake } from "../util/multimap.ts";

/** Which schema a pragma addresses: `main`, `temp`, or none named (search both). */
export type SchemaChoice = "main" | "temp" | null;

/**
 * The schema qualifier of a pragma, as SQLite resolves it: `main` and `temp` in any case;
 * anything else is SQLite's "unknown database X" error.
 */
export function resolveSchema(schema: string | null): SchemaChoice {
  if (schema === null) return null;
  const key = nameKey(schema);
  if (key === "main" || key === "temp") return key;
  throw sqlError(`unknown database ${schema}`);
}

/** A table, view or virtual table found by name. */
export type FoundTable =
  | { kind: "table"; table: TableInfo }
  | { kind: "view"; view: ViewInfo }
  | { kind: "virtual"; vtab: VirtualTableInfo };

const TEMP_MASTER = new Set(["sqlite_temp_master", "sqlite_temp_schema"]);

/**
 * SQLite's table lookup (build.c sqlite3FindTable). The temp schema holds only its own
 * schema table, which has the same columns as main's and answers to all four schema-table
 * names when `temp` is named; unqualified, the temp names reach it too.
 */
export function findTable(db: DatabaseFile, name: string, schema: SchemaChoice): FoundTable | null {
  const key = nameKey(name);
  const master = () => ({ kind: "table" as const, table: db.schema.tables.get("sqlite_master")! });
  if (schema === "temp") {
    return SCHEMA_TABLE_NAMES.includes(key) || TEMP_MASTER.has(key) ? master() : null;
  }
  if (schema === null && TEMP_MASTER.has(key)) return master();
  const table = db.schema.tables.get(key);
  if (table) return { kind: "table", table };
  const view = db.schema.views.get(key);
  if (view) return { kind: "view", view };
  const vtab = db.schema.virtualTables.get(key);
  if (vtab) return { kind: "virtual", vtab };
  return null;
}

/** One field of an index record as PRAGMA index_xinfo describes it. */
export interface IndexField {
  /** Table column number; -1 the rowid; -2 an expression. */
  cid: number;
  desc: boolean;
  /** Collation name as written (BINARY when none applies). */
  coll: string;
}

/** An index as the index pragmas report it. */
export interface IndexModel {
  name: string;
  table: TableInfo;
  unique: boolean;
  origin: "c" | "u" | "pk";
  partial: boolean;
  /** The key columns. */
  key: IndexField[];
  /** The fields after the key: the rowid, or the primary key's remaining columns. */
  extra: IndexField[];
}

const indexCache = new WeakMap<TableInfo, IndexModel[]>();

/**
 * The indexes of `table` in SQLite's order (`PRAGMA index_list`): each index is put at
 * the front of the table's list when created, and the automatic indexes are created with
 * the table, before the CREATE INDEX statements (which load in sqlite_schema order).
 */
export function tableIndexes(table: TableInfo): IndexModel[] {
  return getOrMake(indexCache, table, () => {
    const def = table.def;
    const created: IndexModel[] = [];
    for (const auto of autoIndexes(def)) {
      created.push({
        name: auto.name,
        table,
        unique: true,
        origin: auto.origin,
        partial: false,
        key: auto.columns.map((c) => ({ cid: c.column, desc: c.desc, coll: c.collation })),
        extra: [],
      });
    }
    for (const info of table.indexes) {
      const idx = info.def;
      if (!idx) continue;
      created.push({
        name: info.name,
        table,
        unique: idx.unique,
        origin: "c",
        partial: idx.whereText !== null,
        key: idx.columns.map((c) => indexField(def, c)),
        extra: [],
      });
    }
    const pk = def.withoutRowid ? created.find((m) => m.origin === "pk") : undefined;
    for (const m of created) m.extra = extraFields(def, m, pk);
    return created.reverse();
  });
}

function indexField(def: TableDef, c: IndexDef["columns"][number]): IndexField {
  // An expression is -2; old schemas may index `rowid` itself (when no column has that
  // name), which findIndex leaves -1. Neither has a column collation.
  const key = c.column === null ? null : nameKey(c.column);
  const cid = key === null ? -2 : def.columns.findIndex((col) => nameKey(col.name) === key);
  return { cid, desc: c.desc, coll: c.collation ?? def.columns[cid]?.collation ?? "BINARY" };
}

const sameName = (a: string, b: string) => nameKey(a) === nameKey(b);

/**
 * The record fields after an index's key. Rowid tables: the rowid. WITHOUT ROWID tables:
 * for the primary key's own index, every other stored column (ascending, with its own
 * collation); for any
 * other index, the primary-key columns its key lacks (same column and collation), with the
 * primary key's collation, and its sort order only for CREATE INDEX (constraint indexes
 * keep them ascending: SQLite ticket bba7b69f).
 */
function extraFields(def: TableDef, m: IndexModel, pk: IndexModel | undefined): IndexField[] {
  // (`pk` is only found for a WITHOUT ROWID table.)
  if (!pk) return [{ cid: -1, desc: false, coll: "BINARY" }];
  if (m === pk) {
    const out: IndexField[] = [];
    def.columns.forEach((col, i) => {
      if (col.hidden !== 2 && !m.key.some((k) => k.cid === i)) {
        out.push({ cid: i, desc: false, coll: col.collation ?? "BINARY" });
      }
    });
    return out;
  }
  return pk.key
    .filter((p) => !m.key.some((k) => k.cid === p.cid && sameName(k.coll, p.coll)))
    .map((p) => ({ cid: p.cid, desc: m.origin === "c" ? p.desc : false, coll: p.coll }));
}

/**
 * SQLite's index lookup for index_info / index_xinfo: an index by name, else the primary
 * key index of a WITHOUT ROWID table by the table's name.
 */
export function findIndex(db: DatabaseFile, name: string, schema: SchemaChoice): IndexModel | null {
  if (schema === "temp") return null;
  const key = nameKey(name);
  const info = db.schema.indexes.get(key);
  const table = info ? db.schema.tables.get(nameKey(info.tableName)) : undefined;
  if (!table) {
    // The primary key index of a WITHOUT ROWID table has no sqlite_schema row. (Every other
    // index of a table has one, so only such a key index, sqlite_autoindex_*, matches here.)
    for (const t of db.schema.tables.values()) {
      if (!t.withoutRowid) continue;
      const m = tableIndexes(t).find((x) => nameKey(x.name) === key);
      if (m) return m;
    }
    const found = findTable(db, name, schema);
    if (found?.kind !== "table" || !found.table.withoutRowid) return null;
    return tableIndexes(found.table).find((m) => m.origin === "pk") ?? null;
  }
  return tableIndexes(table).find((m) => nameKey(m.name) === key) ?? null;
}
