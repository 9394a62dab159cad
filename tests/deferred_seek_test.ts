/**
 * Deferred table seeks (SQLite's OP_DeferredSeek): an index scan that needs columns its
 * index lacks seeks the table row only when one of them is first read. Checked three ways
 * on every backend: a join whose inner side rejects every entry of the outer index reads
 * no page of the outer table; rows, and the error SQLite gives, match node:sqlite's over
 * an index entry whose row is missing; and joins, outer joins and filters over such scans
 * give node:sqlite's rows.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { Database, SqliteError } from "../mod.ts";
import { installPathOpener } from "../core/api/database.ts";
import { DatabaseFile } from "../core/database_file.ts";
import { openDatabaseFile } from "../core/io/open_path.ts";
import { TEST_BACKENDS } from "./support/backends.ts";

const PAGE = 4096;
const dir = Deno.makeTempDirSync({ prefix: "litejit-deferred-" });

/** A database of customers with an index on country and orders by customer. */
function build(path: string): Uint8Array {
  const db = new DatabaseSync(path);
  db.exec(`
    PRAGMA page_size = ${PAGE};
    CREATE TABLE customers(id INTEGER PRIMARY KEY, country TEXT, name TEXT, pad TEXT);
    CREATE TABLE orders(id INTEGER PRIMARY KEY, customer INTEGER, amount INTEGER);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
    INSERT INTO customers
      SELECT i, CASE WHEN i % 500 = 7 THEN 'IS' ELSE 'C' || (i % 11) END, 'name ' || i,
        printf('%.300c', 'x') FROM n;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 4000)
    INSERT INTO orders SELECT i, (i * 37) % 3000 + 1, i % 97 FROM n WHERE (i * 37) % 500 <> 6;
    CREATE INDEX customers_country ON customers(country);
    CREATE INDEX orders_customer ON orders(customer);
  `);
  db.close();
  return Deno.readFileSync(path);
}

const path = `${dir}/orders.db`;
const FILE = build(path);

/** The pages (0-based) read while `sql` runs on `backend`, read-ahead off. */
function pagesRead(backend: (typeof TEST_BACKENDS)[number], sql: string): Set<number> {
  const pages = new Set<number>();
  const source = {
    size: FILE.length,
    read(offset: number, length: number) {
      for (let p = Math.floor(offset / PAGE); p * PAGE < offset + length; p++) pages.add(p);
      return FILE.slice(offset, offset + length);
    },
    close() {},
  };
  installPathOpener((_p, o) => new DatabaseFile(source, null, { ...o, maxReadAhead: 1 }));
  try {
    const db = new Database("logged.db", { backend });
    const st = db.prepare(sql);
    pages.clear();
    st.all();
    db.close();
    return pages;
  } finally {
    installPathOpener(openDatabaseFile);
  }
}

/** node:sqlite's rows of `sql` on `file`, or its error message. */
function oracle(file: string, sql: string): unknown {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare(sql).all().map((r) => Object.values(r));
  } catch (e) {
    return `error: ${(e as Error).message}`;
  } finally {
    db.close();
  }
}

/** litejit's rows, or SQLite's message of its error. */
function ours(file: string, backend: (typeof TEST_BACKENDS)[number], sql: string): unknown {
  const db = new Database(file, { backend });
  try {
    return db.prepare(sql).all().map((r) => Object.values(r));
  } catch (e) {
    assert.ok(e instanceof SqliteError, String(e));
    // SQLite's message, without litejit's detail of where the damage is.
    return `error: ${e.message.replace(/ \(.*\)$/, "")}`;
  } finally {
    db.close();
  }
}

for (const backend of TEST_BACKENDS) {
  Deno.test(`deferred seek (${backend}): an outer row no inner row matches is never read`, () => {
    const where = "WHERE c.country = 'IS' AND o.amount > 1000";
    const join = `FROM customers c JOIN orders o ON o.customer = c.id ${where}`;
    assert.deepEqual(oracle(path, `SELECT c.name ${join}`), []);
    // c.id is in customers_country's entries, c.name only in the table's rows: the pages
    // that reading the names of the customers of 'IS' adds are the table's.
    const outer = "FROM customers c WHERE c.country = 'IS'";
    const index = pagesRead(backend, `SELECT c.id ${outer}`);
    const table = [...pagesRead(backend, `SELECT c.name ${outer}`)].filter((p) => !index.has(p));
    assert.ok(table.length > 0);
    const indexOnly = pagesRead(backend, `SELECT c.id ${join}`);
    const withName = pagesRead(backend, `SELECT c.name, c.pad ${join}`);
    assert.deepEqual([...withName].sort((a, b) => a - b), [...indexOnly].sort((a, b) => a - b));
    assert.deepEqual(table.filter((p) => withName.has(p)), []);
  });

  Deno.test(`deferred seek (${backend}): joins and filters over index scans`, () => {
    for (
      const sql of [
        "SELECT c.id, c.name, count(*), sum(o.amount) FROM customers c " +
        "JOIN orders o ON o.customer = c.id WHERE c.country = 'IS' GROUP BY c.id ORDER BY c.id",
        "SELECT c.name, o.amount FROM customers c LEFT JOIN orders o ON o.customer = c.id " +
        "AND o.amount > 90 WHERE c.country = 'IS' ORDER BY c.id, o.id",
        "SELECT o.id, c.name, c.rowid FROM orders o LEFT JOIN customers c " +
        "ON c.country = 'IS' AND c.id = o.customer WHERE o.customer < 40 ORDER BY o.id",
        "SELECT name FROM customers WHERE country = 'C3' AND id % 7 = 2 AND name LIKE '%5%'",
        "SELECT id, name FROM customers WHERE country IN ('IS', 'C1') AND id > 2900",
      ]
    ) {
      assert.deepEqual(ours(path, backend, sql), oracle(path, sql), sql);
    }
  });
}

/**
 * The file with the table row of rowid `id` given another rowid in its cell (a one-byte
 * varint: `id` and the new key below 128), so customers_country has an entry whose row
 * is missing.
 */
function withoutRow(id: number, key: number): Uint8Array {
  const bytes = FILE.slice();
  const db = new DatabaseSync(path, { readOnly: true });
  const root = (db.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'customers'")
    .get() as { rootpage: number }).rootpage;
  db.close();
  // The leftmost leaf holds rowid `id`: follow the first child pointers down.
  let pgno = root;
  for (;;) {
    const at = (pgno - 1) * PAGE + (pgno === 1 ? 100 : 0);
    if (bytes[at] === 13) break;
    assert.equal(bytes[at], 5, "a table b-tree page");
    const cell = (pgno - 1) * PAGE + (bytes[at + 12] << 8 | bytes[at + 13]);
    pgno = new DataView(bytes.buffer).getUint32(cell);
  }
  const at = (pgno - 1) * PAGE;
  const cells = bytes[at + 3] << 8 | bytes[at + 4];
  for (let i = 0; i < cells; i++) {
    const cell = at + (bytes[at + 8 + 2 * i] << 8 | bytes[at + 9 + 2 * i]);
    // payload size (two bytes for these rows), then the rowid
    const size = bytes[cell] & 0x80 ? 2 : 1;
    if (bytes[cell + size] === id) {
      bytes[cell + size] = key;
      return bytes;
    }
  }
  throw new Error(`no cell of rowid ${id} on page ${pgno}`);
}

Deno.test("deferred seek: an index entry whose row is missing, as SQLite reads it", () => {
  // Rowid 7 ('IS') becomes 120, which sorts after its neighbours' keys: a seek finds no 7.
  const damaged = `${dir}/damaged.db`;
  Deno.writeFileSync(damaged, withoutRow(7, 120));
  const statements = [
    // Only the index is read: the entry is answered without the row.
    "SELECT id FROM customers WHERE country = 'IS'",
    "SELECT count(*) FROM customers WHERE country = 'IS'",
    // The row is read: SQLITE_CORRUPT.
    "SELECT id, name FROM customers WHERE country = 'IS'",
    // The entry is rejected on its rowid before its row is read.
    "SELECT id, name FROM customers WHERE country = 'IS' AND id > 7",
    // No order of rowid 7 exists: the join never reads the row.
    "SELECT c.name FROM customers c JOIN orders o ON o.customer = c.id WHERE c.country = 'IS'",
  ];
  const expected = statements.map((sql) => oracle(damaged, sql));
  assert.match(String(expected[2]), /^error: database disk image is malformed/);
  assert.ok(Array.isArray(expected[3]) && expected[3].length > 0);
  for (const backend of TEST_BACKENDS) {
    statements.forEach((sql, i) => {
      assert.deepEqual(ours(damaged, backend, sql), expected[i], `${backend}: ${sql}`);
    });
  }
});

Deno.test("deferred seek: cleanup", () => Deno.removeSync(dir, { recursive: true }));
