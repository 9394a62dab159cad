/**
 * Compares what litejit's reader sees in a database with what real SQLite read from the
 * same files (the oracle's `Expected`): header facts, schema, every table and index in
 * b-tree order, backward scans, counts, and seeks by rowid and by key.
 */
import { indexCursor, tableCursor } from "../../core/btree_cursors.ts";
import assert from "node:assert/strict";
import { displayText } from "../../core/format/text.ts";
import type { DatabaseFile } from "../../core/database_file.ts";
import { type BtreeCursor, SeekOp } from "../../core/format/cursor.ts";
import { encodeText, keyComparator, keyOrder } from "../../core/format/index_key.ts";
import { IndexEntryDecoder, RowDecoder } from "../../core/format/row_decoder.ts";
import type { IndexInfo, TableInfo } from "../../core/format/schema_types.ts";
import {
  encodingName,
  normalizeInt,
  type SqlValue,
  StorageClass,
  TextEncoding,
} from "../../core/value/types.ts";
import type { Expected, ExpectedIndex, ExpectedTable } from "./random_db.ts";

/**
 * A decoded value as the oracle reports it: INTEGER as bigint, REAL as number. node:sqlite
 * hands text to JS only up to its first NUL (SQLite itself keeps the bytes: `hex()` shows
 * them), so text is cut there too; the bytes after a NUL are not compared.
 */
function asOracle(v: SqlValue, cls: StorageClass): SqlValue {
  if (cls === StorageClass.Integer) return BigInt(v as number | bigint);
  if (typeof v === "string") {
    // Invalid bytes are kept as escapes; node:sqlite shows them as U+FFFD.
    v = displayText(v, displayEncoding);
    const nul = v.indexOf("\0");
    return nul < 0 ? v : v.slice(0, nul);
  }
  return v;
}

/** Encoding of the database being checked (for {@link asOracle}). */
let displayEncoding: TextEncoding = TextEncoding.Utf8;

/** The oracle's value in litejit's representation (safe integers as numbers). */
function fromOracle(v: SqlValue): SqlValue {
  return typeof v === "bigint" ? normalizeInt(v) : v;
}

type Decoder = { decode(c: BtreeCursor): unknown; values: SqlValue[]; classes: StorageClass[] };

function readEntry(cursor: BtreeCursor, decoder: Decoder, withRowid: boolean): SqlValue[] {
  const n = decoder.decode(cursor);
  const count = typeof n === "number" ? n : decoder.values.length;
  const out = decoder.values.slice(0, count).map((v, i) => asOracle(v, decoder.classes[i]));
  return withRowid ? [BigInt(cursor.rowid()), ...out] : out;
}

function scan(
  cursor: BtreeCursor,
  decoder: Decoder,
  withRowid: boolean,
  backward = false,
): SqlValue[][] {
  const rows: SqlValue[][] = [];
  for (
    let ok = backward ? cursor.last() : cursor.first();
    ok;
    ok = backward ? cursor.prev() : cursor.next()
  ) {
    rows.push(readEntry(cursor, decoder, withRowid));
  }
  return backward ? rows.reverse() : rows;
}

/**
 * The entries exactly as decoded (litejit's representation), in b-tree order; null for
 * an entry holding text that does not round-trip to its stored bytes (invalid UTF-8 or
 * ill-formed UTF-16 decodes lossily), which cannot serve as a search key.
 */
function storedEntries(
  cursor: BtreeCursor,
  decoder: Decoder,
  enc: TextEncoding,
): (SqlValue[] | null)[] {
  const out: (SqlValue[] | null)[] = [];
  for (let ok = cursor.first(); ok; ok = cursor.next()) {
    const n = decoder.decode(cursor) as number;
    const values = decoder.values.slice(0, n);
    const rec = cursor.record();
    const exact = values.every((v, i) => {
      if (typeof v !== "string") return true;
      const t = rec.locate(i);
      const raw = rec.rawBuf.subarray(rec.rawStart, rec.rawStart + ((t - 13) >>> 1));
      const again = encodeText(v, enc);
      return again.length === raw.length && again.every((b, j) => b === raw[j]);
    });
    out.push(exact ? values : null);
  }
  return out;
}

/** Up to `n` positions spread over `0..len-1`. */
function samples(len: number, n = 24): number[] {
  if (len <= n) return [...Array(len).keys()];
  return [...Array(n).keys()].map((i) => Math.floor((i * (len - 1)) / (n - 1)));
}

function checkTable(db: DatabaseFile, table: TableInfo, exp: ExpectedTable): void {
  const where = `table ${exp.name}`;
  displayEncoding = db.encoding;
  assert.equal(table.withoutRowid, exp.withoutRowid, `${where}: WITHOUT ROWID`);
  assert.deepEqual(table.columns.map((c) => c.name), exp.columns, `${where}: column names`);
  assert.deepEqual(
    table.columns.map((c) => c.declaredType),
    exp.declTypes,
    `${where}: declared types`,
  );
  assert.deepEqual(table.columns.map((c) => c.affinity), exp.affinities, `${where}: affinities`);
  const cursor = tableCursor(db, table);
  const decoder = new RowDecoder(table);
  const withRowid = !table.withoutRowid;
  assert.deepStrictEqual(scan(cursor, decoder, withRowid), exp.rows, `${where}: rows`);
  assert.deepStrictEqual(
    scan(cursor, decoder, withRowid, true),
    exp.rows,
    `${where}: rows backward`,
  );
  assert.equal(cursor.count(), exp.rows.length, `${where}: count`);
  for (const i of samples(exp.rows.length)) {
    const row = exp.rows[i];
    if (withRowid) {
      const rowid = normalizeInt(row[0] as bigint);
      assert.ok(cursor.seekRowidExact(rowid), `${where}: seek rowid ${rowid}`);
      assert.deepStrictEqual(
        readEntry(cursor, decoder, true),
        row,
        `${where}: row at rowid ${rowid}`,
      );
      assert.equal(
        cursor.seekRowid(rowid, SeekOp.GT),
        i + 1 < exp.rows.length,
        `${where}: GT ${rowid}`,
      );
      if (i + 1 < exp.rows.length) assert.equal(BigInt(cursor.rowid()), exp.rows[i + 1][0]);
      assert.equal(cursor.seekRowid(rowid, SeekOp.LT), i > 0, `${where}: LT ${rowid}`);
      if (i > 0) assert.equal(BigInt(cursor.rowid()), exp.rows[i - 1][0]);
    } else {
      // Seek the WITHOUT ROWID b-tree by its primary key.
      const order = keyOrder(table.primaryKey, db.encoding);
      const key = table.primaryKey.map((k) => fromOracle(row[k.column]));
      assert.ok(cursor.seek(keyComparator(key, order), SeekOp.GE), `${where}: seek pk`);
      assert.deepStrictEqual(readEntry(cursor, decoder, false), row, `${where}: row by pk`);
    }
  }
}

function checkIndex(
  db: DatabaseFile,
  index: IndexInfo,
  table: TableInfo,
  exp: ExpectedIndex,
): void {
  const where = `index ${exp.name}`;
  displayEncoding = db.encoding;
  assert.equal(index.rootPage, exp.rootPage, `${where}: root page`);
  assert.equal(index.unique, exp.unique, `${where}: unique`);
  assert.equal(index.origin, exp.origin, `${where}: origin`);
  assert.equal(index.where !== null, exp.partial, `${where}: partial`);
  assert.deepEqual(
    index.recordColumns.map((k) => [k.column, k.collation, k.desc]),
    exp.columns.map((c) => [c.cid, c.collation.toUpperCase(), c.desc]),
    `${where}: record columns`,
  );
  const cursor = indexCursor(db, index);
  const decoder = new IndexEntryDecoder(index, table);
  assert.deepStrictEqual(scan(cursor, decoder, false), exp.entries, `${where}: entries`);
  assert.deepStrictEqual(
    scan(cursor, decoder, false, true),
    exp.entries,
    `${where}: entries backward`,
  );
  assert.equal(cursor.count(), exp.entries.length, `${where}: count`);
  // Full-record keys are unique, so every seek lands on a known neighbour. The keys are
  // the entries as stored (verified above), not the oracle's NUL-truncated copies.
  const stored = storedEntries(cursor, decoder, db.encoding);
  const order = keyOrder(index.recordColumns, db.encoding);
  const n = exp.entries.length;
  for (const i of samples(n)) {
    const key = stored[i];
    if (key === null) continue;
    const cmp = keyComparator(key, order);
    const at = (ok: boolean, j: number, op: string) => {
      assert.equal(ok, j >= 0 && j < n, `${where}: ${op} entry ${i}`);
      if (ok) {
        assert.deepStrictEqual(
          readEntry(cursor, decoder, false),
          exp.entries[j],
          `${where}: ${op} entry ${i}`,
        );
      }
    };
    at(cursor.seek(cmp, SeekOp.GE), i, "GE");
    at(cursor.seek(cmp, SeekOp.LE), i, "LE");
    at(cursor.seek(cmp, SeekOp.GT), i + 1, "GT");
    at(cursor.seek(cmp, SeekOp.LT), i - 1, "LT");
  }
}

/** Checks everything the reader sees in `db` against what SQLite read (`exp`). */
export function checkDatabase(db: DatabaseFile, exp: Expected): void {
  const h = db.pager.header;
  assert.equal(h.pageSize, exp.pageSize, "page size");
  assert.equal(encodingName(db.encoding), exp.encoding, "encoding");
  assert.equal(db.pager.pageCount, exp.pageCount, "page count");
  assert.equal(h.freelistCount, exp.freelistCount, "freelist count");
  assert.equal(
    h.largestRootPage === 0 ? 0 : h.incrementalVacuum ? 2 : 1,
    exp.autoVacuum,
    "auto_vacuum",
  );
  const userTables = [...db.schema.tables.values()].filter((t) => t.rootPage !== 1);
  assert.deepEqual(
    userTables.map((t) => t.name).sort(),
    exp.tables.map((t) => t.name).sort(),
    "tables",
  );
  assert.deepEqual(
    [...db.schema.indexes.values()].map((i) => i.name).sort(),
    exp.indexes.map((i) => i.name).sort(),
    "indexes",
  );
  assert.deepEqual(
    [...db.schema.views.values()].map((v) => v.name).sort(),
    [...exp.views].sort(),
    "views",
  );
  for (const t of exp.tables) checkTable(db, db.schema.tables.get(t.name.toLowerCase())!, t);
  for (const i of exp.indexes) {
    const index = db.schema.indexes.get(i.name.toLowerCase())!;
    checkIndex(db, index, db.schema.tables.get(index.tableName.toLowerCase())!, i);
  }
}
