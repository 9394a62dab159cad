/**
 * Builds the reader's {@link Schema} from the rows of sqlite_schema: parses each CREATE
 * statement, works out where each column lives in a record, what each index's records
 * hold, and the value a too-short record gives each column.
 */
import { loadStat1 } from "./stat1.ts";
import { loadStat4 } from "./stat4.ts";
import { autoIndexes } from "../sql/auto_indexes.ts";
import { parseSchemaSql } from "../sql/ddl.ts";
import type { DefaultValue, KeyColumnDef, SchemaDef, TableDef } from "../sql/ddl_types.ts";
import { SqliteError } from "../errors.ts";
import type { Pager } from "../pager.ts";
import { applyAffinity } from "../value/affinity.ts";
import {
  Affinity,
  INT64_MAX,
  INT64_MIN,
  normalizeInt,
  StorageClass,
  type TextEncoding,
} from "../value/types.ts";
import { hexLiteralValue, textToReal } from "../value/number_text.ts";
import { hexToBytes } from "../functions/scalar/blob.ts";
import { malformedSchema, readSchemaRows, type SchemaRow } from "./schema_rows.ts";
import {
  type ColumnDefault,
  type ColumnInfo,
  type IndexInfo,
  isRowidName,
  type KeyColumn,
  nameKey,
  type Schema,
  SCHEMA_TABLE_NAMES,
  type TableInfo,
} from "./schema_types.ts";
import { asciiUpper } from "../value/ascii_case.ts";

/** The definition SQLite gives its own schema table. */
const SCHEMA_TABLE_SQL =
  "CREATE TABLE sqlite_schema(type text,name text,tbl_name text,rootpage int,sql text)";
const ROWID = keyPart(-1, "BINARY", false);

/** One key column (`expr` only for an indexed expression, whose column is -2). */
function keyPart(
  column: number,
  collation: string,
  desc: boolean,
  expr: string | null = null,
): KeyColumn {
  return { column, expr, collation, desc };
}

export function loadSchema(pager: Pager, enc: TextEncoding): Schema {
  const schema: Schema = {
    tables: new Map(),
    indexes: new Map(),
    views: new Map(),
    virtualTables: new Map(),
    triggers: [],
  };
  const master = tableInfo(
    parseOrThrow("sqlite_schema", SCHEMA_TABLE_SQL) as TableDef,
    1,
    SCHEMA_TABLE_SQL,
    enc,
  );
  for (const alias of SCHEMA_TABLE_NAMES) schema.tables.set(alias, master);

  const rows = readSchemaRows(pager, enc);
  for (const row of rows) {
    if (row.type !== "table" || row.sql === null) continue;
    const def = parseOrThrow(row.name, row.sql);
    if (def.kind === "virtualTable") {
      schema.virtualTables.set(nameKey(def.name), {
        name: def.name,
        sql: row.sql,
        module: def.module,
        args: def.args,
      });
    } else if (def.kind === "table") {
      checkRoot(row, pager);
      schema.tables.set(nameKey(def.name), tableInfo(def, row.rootPage, row.sql, enc));
    } else {
      throw malformedSchema(row.name, "table row does not hold CREATE TABLE");
    }
  }
  for (const row of rows) {
    if (row.type === "index") addIndex(schema, master, row, pager);
    else if (row.type === "view" && row.sql !== null) {
      const def = parseOrThrow(row.name, row.sql);
      if (def.kind !== "view") {
        throw malformedSchema(row.name, "view row does not hold CREATE VIEW");
      }
      schema.views.set(nameKey(def.name), {
        name: def.name,
        sql: row.sql,
        columnNames: def.columns,
        select: def.selectText,
      });
    } else if (row.type === "trigger") {
      schema.triggers.push({ name: row.name, table: row.tblName, sql: row.sql });
    }
  }
  if (pager.header.schemaFormat < 4) ignoreDescending(schema);
  loadStat1(pager, enc, schema);
  loadStat4(pager, enc, schema);
  return schema;
}

/**
 * Schema formats 1 to 3 have no descending indexes: SQLite ignores DESC in every index and
 * primary key definition of such a file (build.c), and built their b-trees ascending.
 */
function ignoreDescending(schema: Schema): void {
  const asc = (keys: KeyColumn[]) => keys.map((k) => (k.desc ? { ...k, desc: false } : k));
  for (const t of new Set(schema.tables.values())) {
    t.primaryKey = asc(t.primaryKey);
    t.recordColumns = asc(t.recordColumns);
    for (const i of t.indexes) {
      i.keyColumns = asc(i.keyColumns);
      i.recordColumns = asc(i.recordColumns);
    }
  }
}

function parseOrThrow(name: string, sql: string): SchemaDef {
  try {
    return parseSchemaSql(sql);
  } catch (e) {
    if (e instanceof SqliteError) throw malformedSchema(name, e.message);
    throw e;
  }
}

function checkRoot(row: SchemaRow, pager: Pager): void {
  if (!(row.rootPage >= 1 && row.rootPage <= pager.pageCount)) {
    throw malformedSchema(row.name, `invalid rootpage ${row.rootPage}`);
  }
}

/** A COLLATE name as the schema keeps it (upper case), or `otherwise` without one. */
function upper(name: string | null, otherwise = "BINARY"): string {
  return name === null ? otherwise : asciiUpper(name);
}

function tableInfo(def: TableDef, rootPage: number, sql: string, enc: TextEncoding): TableInfo {
  let stored = 0;
  const columns = def.columns.map((c): ColumnInfo => ({
    name: c.name,
    declaredType: c.declaredType,
    affinity: c.affinity,
    collation: upper(c.collation),
    notNull: c.notNull,
    defaultSql: c.defaultText,
    missingValue: missingValue(c.default, c.affinity, enc),
    generated: c.generated ? { expr: c.generated.exprText, stored: c.generated.stored } : null,
    recordIndex: c.hidden === 2 ? -1 : stored++,
  }));
  const keyColumn = (k: KeyColumnDef): KeyColumn =>
    keyPart(k.column, upper(k.collation, columns[k.column].collation), k.desc);
  const pk = def.primaryKey;
  let primaryKey = dedupe(pk?.columns.map(keyColumn) ?? []);
  // A one-column primary key on a column declared exactly INTEGER (not `INTEGER ... DESC`).
  if (
    def.withoutRowid && pk?.columns.length === 1 && !(pk.columnLevel && pk.columns[0].desc) &&
    columns[pk.columns[0].column].declaredType.toUpperCase() === "INTEGER"
  ) {
    // SQLite first takes such a key for a rowid alias, then rebuilds its index from the
    // column name alone: a COLLATE in the PRIMARY KEY clause is lost, the order is kept.
    primaryKey = primaryKey.map((k) => ({ ...k, collation: columns[k.column].collation }));
  }
  const recordColumns: KeyColumn[] = [];
  if (def.withoutRowid) {
    recordColumns.push(...primaryKey);
    columns.forEach((c, i) => {
      if (c.recordIndex >= 0 && !primaryKey.some((k) => k.column === i)) {
        recordColumns.push(keyPart(i, c.collation, false));
      }
    });
    // In a WITHOUT ROWID table the record order is the primary key first.
    columns.forEach((c, i) => {
      if (c.recordIndex >= 0) c.recordIndex = recordColumns.findIndex((k) => k.column === i);
    });
  }
  return {
    name: def.name,
    rootPage,
    sql,
    def,
    withoutRowid: def.withoutRowid,
    strict: def.strict,
    columns,
    // (Already -1 for WITHOUT ROWID: the parser's TableBuilder.finish sets it so.)
    rowidAlias: def.rowidAlias,
    primaryKey,
    recordColumns,
    indexes: [],
  };
}

/** Drops repeats of the same column with the same collation (SQLite's isDupColumn). */
function dedupe(keys: KeyColumn[]): KeyColumn[] {
  return keys.filter((k, i) =>
    k.column < 0 ||
    !keys.slice(0, i).some((e) => e.column === k.column && e.collation === k.collation)
  );
}

/**
 * The value a record without this column yields: the DEFAULT if it is a constant
 * SQLite's ALTER TABLE ADD COLUMN accepts, evaluated as SQLite's valueFromExpr does:
 * - an integer literal that fits in 64 bits (hex as two's complement) is an INTEGER;
 *   a negative hex literal is negated afterwards (-0x8000000000000000 becomes REAL);
 *   other integer literals become their text, sign included;
 * - a real literal is its text, sign included;
 * then the column's affinity applies — except that a column without affinity keeps a
 * real literal REAL (even -0.0) and gives integer-looking text NUMERIC affinity.
 */
function missingValue(
  def: DefaultValue | null,
  aff: Affinity,
  enc: TextEncoding,
): ColumnDefault | null {
  if (!def || def.kind === "null") return { value: null, cls: StorageClass.Null };
  switch (def.kind) {
    case "integer": {
      // SQLite's sqlite3DecOrHexToI64 on the unsigned literal: hex of up to 16 digits as a
      // two's-complement 64-bit value (never above 2^63 - 1), or decimal up to 2^63 - 1.
      const digits = def.digits;
      const v = /^0x/i.test(digits) ? hexLiteralValue(digits) : BigInt(digits);
      if (v !== undefined && v <= INT64_MAX) {
        if (!def.negative) return applyAffinity(normalizeInt(v), StorageClass.Integer, aff, enc);
        if (v === INT64_MIN) return applyAffinity(-Number(v), StorageClass.Real, aff, enc);
        return applyAffinity(normalizeInt(-v), StorageClass.Integer, aff, enc);
      }
      const text = (def.negative ? "-" : "") + def.digits;
      return applyAffinity(
        text,
        StorageClass.Text,
        aff === Affinity.Blob ? Affinity.Numeric : aff,
        enc,
      );
    }
    case "real": {
      const text = (def.negative ? "-" : "") + def.text;
      if (aff === Affinity.Blob) return { value: textToReal(text), cls: StorageClass.Real };
      return applyAffinity(text, StorageClass.Text, aff, enc);
    }
    case "text":
      return applyAffinity(def.value, StorageClass.Text, aff, enc);
    case "blob":
      return applyAffinity(hexToBytes(def.hex), StorageClass.Blob, aff, enc);
    case "bool":
      return applyAffinity(def.value ? 1 : 0, StorageClass.Integer, aff, enc);
    default:
      // CURRENT_* and general expressions: ADD COLUMN refuses them on a non-empty table,
      // so no record can be missing such a column.
      return null;
  }
}

function addIndex(
  schema: Schema,
  master: TableInfo,
  row: SchemaRow,
  pager: Pager,
): void {
  const table = schema.tables.get(nameKey(row.tblName));
  // Only the tables of sqlite_schema rows can be indexed, not sqlite_schema itself.
  if (!table || table === master) throw malformedSchema(row.name, `no such table: ${row.tblName}`);
  checkRoot(row, pager);
  let info: IndexInfo;
  if (row.sql === null) {
    const auto = autoIndexes(table.def).find((a) => nameKey(a.name) === nameKey(row.name));
    if (!auto) throw malformedSchema(row.name, "orphan index");
    const keyColumns = auto.columns.map((c) => keyPart(c.column, upper(c.collation), c.desc));
    info = indexInfo(row, table, keyColumns, true, auto.origin, null);
  } else {
    const def = parseOrThrow(row.name, row.sql);
    if (def.kind !== "index") {
      throw malformedSchema(row.name, "index row does not hold CREATE INDEX");
    }
    info = indexInfo(
      row,
      table,
      def.columns.map((c): KeyColumn => {
        if (c.column === null) {
          return keyPart(-2, upper(c.collation), c.desc, c.expression);
        }
        const key = nameKey(c.column);
        const i = table.columns.findIndex((col) => nameKey(col.name) === key);
        if (i < 0) {
          // `rowid` and its aliases may be indexed when no column has that name.
          if (isRowidName(key)) {
            return keyPart(-1, upper(c.collation), c.desc);
          }
          throw malformedSchema(row.name, `no such column: ${c.column}`);
        }
        // An INTEGER PRIMARY KEY column keeps its number, as in SQLite; its value is the rowid.
        return keyPart(i, upper(c.collation, table.columns[i].collation), c.desc);
      }),
      def.unique,
      "c",
      def.whereText,
    );
    info.def = def;
  }
  table.indexes.push(info);
  schema.indexes.set(nameKey(row.name), info);
}

function indexInfo(
  row: SchemaRow,
  table: TableInfo,
  keyColumns: KeyColumn[],
  unique: boolean,
  origin: IndexInfo["origin"],
  where: string | null,
): IndexInfo {
  const recordColumns = [...keyColumns];
  if (table.withoutRowid) {
    for (const pk of table.primaryKey) {
      if (!keyColumns.some((k) => k.column === pk.column && k.collation === pk.collation)) {
        // Constraint indexes of a WITHOUT ROWID table append the key columns in ASC order
        // whatever the primary key says (SQLite's "bAscKeyBug", ticket bba7b69f); only
        // CREATE INDEX copies the primary key's directions.
        recordColumns.push(origin === "c" ? pk : { ...pk, desc: false });
      }
    }
  } else {
    recordColumns.push(ROWID);
  }
  return {
    name: row.name,
    tableName: table.name,
    rootPage: row.rootPage,
    sql: row.sql,
    unique,
    origin,
    where,
    keyColumns,
    recordColumns,
  };
}
