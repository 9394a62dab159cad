/**
 * The oracle side: what real SQLite (node:sqlite) reads from a database, table by table and
 * index by index, in b-tree order.
 *
 * B-tree order comes from SQLite itself: `ORDER BY rowid` for rowid tables, and for WITHOUT
 * ROWID tables and indexes an ORDER BY over every column the record holds, with the
 * collation and direction `PRAGMA index_xinfo` reports (so autoindexes come out right too).
 * Keys (plus rowid / primary key) are unique, so that order is total.
 *
 * Values are what SQLite returns for those columns: INTEGER as bigint, REAL as number. Two
 * places where that differs from the raw record are flagged rather than hidden: a REAL
 * affinity column stores integral values as integers (see `affinity`), and a rowid-table
 * record stores NULL for an INTEGER PRIMARY KEY column (the row's value is the rowid).
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { Affinity, type SqlValue } from "../../core/value/types.ts";
import {
  allColumns,
  type AutoVacuum,
  type DbSpec,
  hasRowidAlias,
  type TableSpec,
} from "./random_db_spec.ts";
import { dq, indexTermSql, indexWhereSql } from "./random_db_sql.ts";

/** Everything a new reader should see in the files. */
export interface Expected {
  pageSize: number;
  /** As `PRAGMA encoding` reports it: "UTF-8", "UTF-16le" or "UTF-16be". */
  encoding: string;
  /** 0 none, 1 full, 2 incremental. */
  autoVacuum: number;
  /** "wal" or "delete". */
  journalMode: string;
  /** Pages in the database as this reader sees it (WAL included). */
  pageCount: number;
  freelistCount: number;
  /** Page counts by kind from the dbstat virtual table. */
  pages: { internal: number; leaf: number; overflow: number };
  tables: ExpectedTable[];
  indexes: ExpectedIndex[];
  views: string[];
}

/** A table and its rows in b-tree order. */
export interface ExpectedTable {
  name: string;
  rootPage: number;
  withoutRowid: boolean;
  strict: boolean;
  /** Column names in schema order. */
  columns: string[];
  /** Declared types as written (`""` for none). */
  declTypes: string[];
  /** Each column's affinity, found by asking SQLite (CAST probes), not by our own rules. */
  affinities: Affinity[];
  /**
   * Rows in b-tree order. Rowid tables: `[rowid, ...columns]`; WITHOUT ROWID: columns in
   * schema order. Values as `SELECT` returns them: an INTEGER PRIMARY KEY column holds the
   * rowid, columns added by ALTER TABLE read their DEFAULT in old rows, REAL-affinity
   * columns read REAL even where the record stores an integer.
   */
  rows: SqlValue[][];
}

/** One column of an index record, as `PRAGMA index_xinfo` describes it. */
export interface ExpectedIndexColumn {
  /** Table column name; null for the rowid and for expressions. */
  name: string | null;
  /** Table column number; -1 rowid, -2 expression. */
  cid: number;
  collation: string;
  desc: boolean;
  /** Part of the key (false: the rowid / primary-key columns appended after it). */
  key: boolean;
  /** The table column's affinity; Integer for the rowid; null for expressions. */
  affinity: Affinity | null;
  /** The SQL the oracle selected for this column (`"c0"`, `rowid`, `(lower("c0"))`). */
  term: string;
}

/** An index b-tree and its entries in b-tree order. */
export interface ExpectedIndex {
  name: string;
  table: string;
  rootPage: number;
  unique: boolean;
  /** "c" CREATE INDEX, "u" UNIQUE constraint, "pk" PRIMARY KEY. */
  origin: string;
  partial: boolean;
  /** The partial index's WHERE condition as SQL, or null. */
  where: string | null;
  columns: ExpectedIndexColumn[];
  /**
   * Entries in b-tree order, one value per column in `columns`: the key columns, then the
   * rowid (rowid tables) or the primary-key columns not already in the key (WITHOUT ROWID).
   * A REAL-affinity column's integral values are stored as integers in the record but
   * listed here as REAL (number), as SQLite returns them.
   */
  entries: SqlValue[][];
}

type Row = Record<string, SqlValue>;

/**
 * Makes `st` return rows as arrays. node:sqlite has `setReturnArrays` at run time, but
 * Deno's type declarations for node:sqlite do not list it yet.
 */
export function returnArrays(st: StatementSync): void {
  (st as unknown as { setReturnArrays(on: boolean): void }).setReturnArrays(true);
}

function objects(db: DatabaseSync, sql: string): Row[] {
  const st = db.prepare(sql);
  st.setReadBigInts(false);
  return st.all() as unknown as Row[];
}

function arrays(db: DatabaseSync, sql: string): SqlValue[][] {
  const st = db.prepare(sql);
  st.setReadBigInts(true);
  returnArrays(st);
  return st.all() as unknown as SqlValue[][];
}

function pragmaValue(db: DatabaseSync, name: string): SqlValue {
  return arrays(db, `PRAGMA ${name}`)[0][0];
}

/**
 * A declared type's affinity, asked of SQLite: `CAST('1.5' AS T)` and `CAST('2' AS T)` come
 * out integer/integer (INTEGER), real/integer (NUMERIC), real/real (REAL), text (TEXT) or
 * blob (BLOB). STRICT tables: ANY keeps values as given (like BLOB affinity).
 */
function affinityOf(db: DatabaseSync, declType: string, strict: boolean): Affinity {
  if (declType.trim() === "") return Affinity.Blob;
  if (strict && declType.toUpperCase() === "ANY") return Affinity.Blob;
  const [a, b] = arrays(
    db,
    `SELECT typeof(CAST('1.5' AS ${declType})), typeof(CAST('2' AS ${declType}))`,
  )[0];
  if (a === "integer") return Affinity.Integer;
  if (a === "real") return b === "real" ? Affinity.Real : Affinity.Numeric;
  if (a === "text") return Affinity.Text;
  return Affinity.Blob;
}

interface SchemaRow {
  type: string;
  name: string;
  tbl_name: string;
  rootpage: number;
}

/** An ORDER BY term. */
function orderTerm(sql: string, collation: string, desc: boolean): string {
  return `${sql} COLLATE ${collation} ${desc ? "DESC" : "ASC"}`;
}

function findSpecTable(spec: DbSpec | null, name: string): TableSpec | undefined {
  return spec?.tables.find((t) => t.name === name);
}

/** Reads everything a new reader should see, through the open connection `db`. */
export function readExpected(db: DatabaseSync, spec: DbSpec | null): Expected {
  const schema = objects(
    db,
    "SELECT type, name, tbl_name, rootpage FROM sqlite_schema ORDER BY rowid",
  )
    .map((r) => r as unknown as SchemaRow);
  const tableList = new Map(
    objects(db, "PRAGMA table_list").filter((r) => r.schema === "main").map((r) => [r.name, r]),
  );
  const tables: ExpectedTable[] = [];
  const byName = new Map<string, ExpectedTable>();
  for (const s of schema) {
    if (s.type !== "table") continue;
    const info = objects(db, `PRAGMA table_info(${dq(s.name)})`);
    const listed = tableList.get(s.name);
    if (!listed) throw new Error(`table ${s.name} missing from PRAGMA table_list`);
    const withoutRowid = listed.wr === 1;
    const strict = listed.strict === 1;
    const columns = info.map((c) => String(c.name));
    const declTypes = info.map((c) => String(c.type));
    const select = columns.map(dq).join(", ");
    let order = "rowid";
    if (withoutRowid) {
      const pk = objects(db, `PRAGMA index_list(${dq(s.name)})`).find((r) => r.origin === "pk");
      if (!pk) throw new Error(`WITHOUT ROWID table ${s.name} has no pk index`);
      order = objects(db, `PRAGMA index_xinfo(${dq(String(pk.name))})`)
        .filter((x) => x.key === 1)
        .map((x) => orderTerm(dq(String(x.name)), String(x.coll), x.desc === 1))
        .join(", ");
    }
    const t: ExpectedTable = {
      name: s.name,
      rootPage: s.rootpage,
      withoutRowid,
      strict,
      columns,
      declTypes,
      affinities: declTypes.map((d) => affinityOf(db, d, strict)),
      rows: arrays(
        db,
        `SELECT ${withoutRowid ? "" : "rowid, "}${select} FROM ${dq(s.name)} ORDER BY ${order}`,
      ),
    };
    tables.push(t);
    byName.set(t.name, t);
  }

  const indexes: ExpectedIndex[] = [];
  for (const s of schema) {
    if (s.type !== "index") continue;
    const table = byName.get(s.tbl_name)!;
    const listed = objects(db, `PRAGMA index_list(${dq(s.tbl_name)})`).find((r) =>
      r.name === s.name
    );
    if (!listed) throw new Error(`index ${s.name} missing from PRAGMA index_list`);
    const xinfo = objects(db, `PRAGMA index_xinfo(${dq(s.name)})`);
    const specTable = findSpecTable(spec, s.tbl_name);
    const specIndex = specTable?.indexes.find((ix) => ix.name === s.name);
    const terms = xinfo.map((x, k) => {
      const cid = Number(x.cid);
      if (cid === -1) return "rowid";
      if (cid >= 0) return dq(String(x.name));
      const part = specIndex?.parts[k];
      if (!specTable || !part || part.expr === null) {
        throw new Error(`index ${s.name}: expression column ${k} not in the spec`);
      }
      return indexTermSql(specTable, part.column, part.expr, spec!.encoding !== "UTF-8");
    });
    const columns: ExpectedIndexColumn[] = xinfo.map((x, k) => {
      const cid = Number(x.cid);
      return {
        name: cid >= 0 ? String(x.name) : null,
        cid,
        collation: String(x.coll),
        desc: x.desc === 1,
        key: x.key === 1,
        affinity: cid >= 0 ? table.affinities[cid] : cid === -1 ? Affinity.Integer : null,
        term: terms[k],
      };
    });
    let where: string | null = null;
    if (listed.partial === 1) {
      where = specTable && specIndex ? indexWhereSql(specTable, specIndex) : null;
      if (where === null) throw new Error(`partial index ${s.name} has no WHERE in the spec`);
    }
    const order = columns.map((c, k) => orderTerm(terms[k], c.collation, c.desc)).join(", ");
    indexes.push({
      name: s.name,
      table: s.tbl_name,
      rootPage: s.rootpage,
      unique: listed.unique === 1,
      origin: String(listed.origin),
      partial: listed.partial === 1,
      where,
      columns,
      entries: arrays(
        db,
        `SELECT ${terms.join(", ")} FROM ${dq(s.tbl_name)}${
          where === null ? "" : ` WHERE ${where}`
        } ORDER BY ${order}`,
      ),
    });
  }

  const pages = { internal: 0, leaf: 0, overflow: 0 };
  for (const r of objects(db, "SELECT pagetype, count(*) AS n FROM dbstat GROUP BY pagetype")) {
    const kind = String(r.pagetype) as keyof typeof pages;
    if (kind in pages) pages[kind] = Number(r.n);
  }
  return {
    pageSize: Number(pragmaValue(db, "page_size")),
    encoding: String(pragmaValue(db, "encoding")),
    autoVacuum: Number(pragmaValue(db, "auto_vacuum")),
    journalMode: String(pragmaValue(db, "journal_mode")),
    pageCount: Number(pragmaValue(db, "page_count")),
    freelistCount: Number(pragmaValue(db, "freelist_count")),
    pages,
    tables,
    indexes,
    views: schema.filter((s) => s.type === "view").map((s) => s.name),
  };
}

const AUTO_VACUUM_CODE: Record<AutoVacuum, number> = { NONE: 0, FULL: 1, INCREMENTAL: 2 };
const SYSTEM_TABLES = new Set(["sqlite_sequence", "sqlite_stat1", "sqlite_stat4"]);

function check(ok: boolean, what: () => string): void {
  if (!ok) throw new Error(`oracle cross-check: ${what()}`);
}

/**
 * Checks that SQLite built what the spec asked for (tables, columns, keys, indexes with
 * their collations and directions, autoindexes), so a generator bug cannot silently test
 * less than it claims. Throws on the first difference.
 */
export function crossCheck(spec: DbSpec, e: Expected): void {
  check(e.pageSize === spec.pageSize, () => `page_size ${e.pageSize}`);
  check(e.encoding === spec.encoding, () => `encoding ${e.encoding}`);
  check(e.autoVacuum === AUTO_VACUUM_CODE[spec.autoVacuum], () => `auto_vacuum ${e.autoVacuum}`);
  check(e.journalMode === (spec.wal ? "wal" : "delete"), () => `journal_mode ${e.journalMode}`);
  check(spec.view === e.views.includes("v_view"), () => `views ${e.views}`);
  for (const et of e.tables) {
    check(
      SYSTEM_TABLES.has(et.name) || spec.tables.some((t) => t.name === et.name),
      () => `unexpected table ${et.name}`,
    );
  }
  for (const t of spec.tables) {
    const et = e.tables.find((x) => x.name === t.name);
    check(et !== undefined, () => `table ${t.name} missing`);
    const cols = allColumns(t);
    check(
      JSON.stringify(et!.columns) === JSON.stringify(cols.map((c) => c.name)),
      () => `table ${t.name} columns ${et!.columns}`,
    );
    check(
      et!.withoutRowid === (t.flavor === "withoutRowid"),
      () => `table ${t.name} WITHOUT ROWID`,
    );
    check(et!.strict === t.strict, () => `table ${t.name} STRICT`);
    const own = e.indexes.filter((ix) => ix.table === t.name);
    for (const ix of t.indexes) {
      const ex = own.find((x) => x.name === ix.name);
      check(ex !== undefined, () => `index ${ix.name} missing`);
      const keys = ex!.columns.filter((c) => c.key);
      check(keys.length === ix.parts.length, () => `index ${ix.name} has ${keys.length} keys`);
      ix.parts.forEach((p, k) => {
        const c = keys[k];
        check(c.cid === (p.expr === null ? p.column : -2), () => `index ${ix.name} key ${k} cid`);
        check(c.desc === p.desc, () => `index ${ix.name} key ${k} direction`);
        const coll = p.collate ?? (p.expr === null ? cols[p.column].collate ?? "BINARY" : null);
        check(coll === null || c.collation === coll, () => `index ${ix.name} key ${k} collation`);
      });
      check(ex!.partial === (ix.where !== null), () => `index ${ix.name} partial`);
      check(ex!.unique === ix.unique, () => `index ${ix.name} unique`);
    }
    const nonAliasRowidPk = t.primaryKey !== null && t.flavor !== "withoutRowid" &&
      !hasRowidAlias(t);
    const autos = cols.filter((c) => c.unique).length + t.uniques.length +
      (nonAliasRowidPk ? 1 : 0);
    const found = own.filter((x) => x.origin !== "c").length;
    check(found === autos, () => `table ${t.name}: ${found} autoindexes, expected ${autos}`);
  }
}
