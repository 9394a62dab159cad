/**
 * The reader on fixed inputs, each checked against what node:sqlite does with the same
 * bytes: committed fixtures (reserved bytes per page, made by scripts/make_fixtures.sh),
 * the bundled sample database, files that are not databases, and empty files.
 */
import { tableCursor } from "../core/btree_cursors.ts";
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { openDatabaseFile } from "../core/io/open_path.ts";
import { SqliteError } from "../core/errors.ts";
import { lockBytePage } from "../core/format/header.ts";
import { checkDatabase } from "./support/check_reader.ts";
import { readExpected } from "./support/random_db_oracle.ts";
import { withSqliteFile } from "./support/oracle_queries.ts";

const here = new URL(".", import.meta.url).pathname;

/** What node:sqlite reads from `path`, opened read-only. */
function oracle(path: string) {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return readExpected(db, null);
  } finally {
    db.close();
  }
}

/** Runs `f` on a private copy of `bytes` as a file, so SQLite leaves no trace behind. */
function withFile<T>(bytes: Uint8Array, f: (path: string) => T): T {
  const dir = Deno.makeTempDirSync({ prefix: "litejit-reader-" });
  try {
    const path = `${dir}/db`;
    Deno.writeFileSync(path, bytes);
    return f(path);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

for (const reserve of [1, 40, 255]) {
  Deno.test(`reader: page with ${reserve} reserved bytes reads like SQLite`, () => {
    const bytes = Deno.readFileSync(`${here}fixtures/reserved_${reserve}.db`);
    assert.equal(bytes[20], reserve, "fixture has the reserved bytes it claims");
    withFile(bytes, (path) => {
      const expected = oracle(path);
      const db = openDatabaseFile(path);
      try {
        assert.equal(db.pager.usableSize, 1024 - reserve);
        checkDatabase(db, expected);
      } finally {
        db.close();
      }
    });
  });
}

Deno.test("reader: the bundled sample database reads like SQLite", () => {
  const bytes = Deno.readFileSync(`${here}../examples/sample.db`);
  withFile(bytes, (path) => {
    const db = openDatabaseFile(path);
    try {
      checkDatabase(db, oracle(path));
    } finally {
      db.close();
    }
  });
});

/** The error SQLite gives when asked to read the schema of `bytes`, or null. */
function sqliteOpenError(bytes: Uint8Array): string | null {
  return withFile(bytes, (path) => {
    try {
      const db = new DatabaseSync(path, { readOnly: true });
      try {
        db.prepare("SELECT count(*) FROM sqlite_schema").get();
        return null;
      } finally {
        db.close();
      }
    } catch (e) {
      return (e as Error).message;
    }
  });
}

function litejitOpenError(bytes: Uint8Array): SqliteError | null {
  try {
    openDatabaseFile(bytes).close();
    return null;
  } catch (e) {
    if (e instanceof SqliteError) return e;
    throw e;
  }
}

Deno.test("reader: files that are not databases, or broken headers, fail as in SQLite", () => {
  const sample = Deno.readFileSync(`${here}../examples/sample.db`);
  const page1 = sample.slice(0, 4096);
  const edit = (b: Uint8Array, bytes: Record<number, number>) => Object.assign(b.slice(), bytes);
  const cases: [string, Uint8Array][] = [
    ["text file", new TextEncoder().encode("hello, this is not a database at all\n".repeat(40))],
    ["short file", new Uint8Array(50).fill(7)],
    ["bad magic", edit(page1, { 0: 0x73 })],
    ["page size 1000", edit(page1, { 16: 0x03, 17: 0xe8 })],
    ["read version 3", edit(page1, { 19: 3 })],
    ["payload fraction", edit(page1, { 21: 63 })],
    ["usable size below 480", edit(sample, { 16: 0x02, 17: 0x00, 20: 40 })],
    // The page count is checked before the usable size: a short file is corrupt first.
    ["usable size below 480, truncated", edit(page1, { 16: 0x02, 17: 0x00, 20: 40 })],
    ["in-header size beyond the file", page1],
    ["schema format 5", edit(sample, { 47: 5 })],
  ];
  const codeFor: Record<string, string> = {
    "file is not a database": "SQLITE_NOTADB",
    "database disk image is malformed": "SQLITE_CORRUPT",
    "unsupported file format": "SQLITE_ERROR",
  };
  for (const [what, bytes] of cases) {
    const theirs = sqliteOpenError(bytes);
    assert.ok(theirs !== null && theirs in codeFor, `${what}: SQLite's own verdict is ${theirs}`);
    const ours = litejitOpenError(bytes);
    assert.ok(ours, `${what}: litejit must refuse`);
    assert.equal(ours.code, codeFor[theirs], `${what}: code`);
    assert.ok(
      ours.message.startsWith(theirs),
      `${what}: "${ours.message}" vs SQLite's "${theirs}"`,
    );
  }
});

Deno.test("reader: an empty file is an empty database, as in SQLite", () => {
  assert.equal(sqliteOpenError(new Uint8Array(0)), null);
  const db = openDatabaseFile(new Uint8Array(0));
  assert.deepEqual([...db.schema.tables.keys()], ["sqlite_schema", "sqlite_master"]);
  assert.equal(db.pager.pageCount, 0);
  assert.equal(tableCursor(db, db.schema.tables.get("sqlite_schema")!).valid, false);
});

Deno.test("reader: a missing file is SQLITE_CANTOPEN", () => {
  assert.throws(
    () => openDatabaseFile("/nonexistent/dir/x.db"),
    (e) => e instanceof SqliteError && e.code === "SQLITE_CANTOPEN",
  );
});

Deno.test("reader: the lock-byte page is never used as a b-tree page", () => {
  // A real case needs a file over 1 GiB; the check itself is a property of the page loader.
  const bytes = Deno.readFileSync(`${here}../examples/sample.db`);
  const db = openDatabaseFile(bytes);
  const pager = db.pager as unknown as { lockBytePage: number };
  const table = db.schema.tables.get("trips")!;
  Object.defineProperty(pager, "lockBytePage", { value: table.rootPage });
  assert.throws(
    () => tableCursor(db, table).first(),
    (e) =>
      e instanceof SqliteError && e.code === "SQLITE_CORRUPT" && /lock-byte page/.test(e.message),
  );
  assert.equal(lockBytePage(512), 2097153);
  assert.equal(lockBytePage(65536), 16385);
});

Deno.test("reader: varint and payload-size edges read like SQLite", () => {
  // Cells are decoded with inline fast paths (1-byte payload sizes, rowids up to 4 bytes,
  // 1-byte record headers, payloads kept whole on the page); every edge of those paths:
  // rowids at each varint length, a 150-column record whose header size takes 2 bytes, and
  // payloads just under, at and over the largest one a 1024-byte page keeps whole.
  const rowids = [-(2n ** 63n), -1n, 0n, 1n, 127n, 128n, 16383n, 16384n, 2n ** 21n - 1n];
  rowids.push(2n ** 21n, 2n ** 28n - 1n, 2n ** 28n, 2n ** 32n + 3n, 2n ** 35n, 2n ** 63n - 1n);
  const text = (n: number) => `replace(hex(zeroblob(${n})), '00', 'x')`;
  const rows = rowids.map((id, i) => `(${id}, ${i}, ${text(i)})`);
  // A 1024-byte page keeps 989 payload bytes whole (usable - 35); header 3 bytes + 1 for a.
  for (const size of [980, 984, 985, 986, 990, 1500]) {
    rows.push(`(${10_000 + size}, 0, ${text(size)})`);
  }
  const columns = Array.from({ length: 150 }, (_, i) => `c${i}`);
  const values = columns.map((_, i) => (i % 3 === 0 ? text(70) : String(i)));
  const setup = `PRAGMA page_size = 1024; CREATE TABLE t(a, b); ` +
    `INSERT INTO t(rowid, a, b) VALUES ${rows.join(", ")}; ` +
    `CREATE TABLE wide(${columns.join(", ")}); INSERT INTO wide VALUES (${values.join(", ")});`;
  withSqliteFile(setup, (path, sqlite) => {
    const file = openDatabaseFile(path);
    try {
      checkDatabase(file, readExpected(sqlite, null));
    } finally {
      file.close();
    }
  });
});
