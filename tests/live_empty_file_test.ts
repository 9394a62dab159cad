/**
 * Live files that start with nothing in them (issue 29): a `Database` opened on a 0-byte
 * file, while another connection (node:sqlite, in this process) creates and fills its
 * tables, must follow it like any other file — in rollback-journal modes and in WAL mode
 * (the writer switching the new file to WAL), taking the first real header's page size
 * and text encoding and loading the schema once there is one. Before that it is an empty
 * database, as in SQLite: `sqlite_schema` has no rows, a table is `no such table`. Also:
 * an empty file replaced (renamed over) by a database, a database truncated to 0 bytes
 * and filled again, and a path that does not exist yet (litejit's `Database` refuses it;
 * the better-sqlite3 drop-in creates the empty file, as better-sqlite3 does).
 *
 * node:sqlite, reading the same file with a connection opened for each check, is the
 * oracle for every result and every error message.
 */
import assert from "node:assert/strict";
import { existsSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { Database, SqliteError } from "../mod.ts";
import DropIn from "../better_sqlite3.ts";
import { TEST_BACKENDS } from "./support/backends.ts";
import { padding } from "./support/live_schema.ts";
import { prng } from "./support/mutate.ts";

const JOURNALS = ["delete", "truncate", "persist", "wal"] as const;
type Journal = typeof JOURNALS[number];

/** What any connection reads from a database with no tables. */
const EMPTY_QUERIES = [
  "SELECT * FROM sqlite_schema",
  "SELECT count(*) AS n FROM sqlite_master",
  "SELECT * FROM t",
  "PRAGMA page_size",
];

/** The part of a connection the checks use: litejit's Database and the drop-in's. */
interface Reader {
  prepare(sql: string): { all(...params: unknown[]): unknown[] };
}

/** Runs `fn` on a fresh folder, removed afterwards. */
function inTempDir(fn: (dir: string) => void): void {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_empty_" });
  try {
    fn(dir);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

/** A statement's rows as plain objects, or the message of the error it threw. */
function outcome(run: () => unknown[]): unknown {
  try {
    return { rows: run().map((r) => ({ ...(r as Record<string, unknown>) })) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** `sql` on `db` gives what node:sqlite reads from the file at `path` right now. */
function assertSame(db: Reader, path: string, sql: string, ...params: unknown[]): void {
  const oracle = new DatabaseSync(path, { readOnly: true });
  let expected: unknown;
  try {
    expected = outcome(() => oracle.prepare(sql).all(...(params as string[])));
  } finally {
    oracle.close();
  }
  let thrown: unknown = null;
  const got = outcome(() => {
    try {
      return db.prepare(sql).all(...params);
    } catch (e) {
      thrown = e;
      throw e;
    }
  });
  assert.deepEqual(got, expected, sql);
  if (thrown !== null) {
    assert.ok(
      thrown instanceof SqliteError || thrown instanceof DropIn.SqliteError,
      `${sql}: not a SqliteError: ${thrown}`,
    );
  }
}

function assertEmpty(db: Reader, path: string): void {
  for (const sql of EMPTY_QUERIES) assertSame(db, path, sql);
}

/** An empty (0-byte) file at `path`. */
function emptyFile(path: string): void {
  writeFileSync(path, "");
  assert.equal(statSync(path).size, 0);
}

/** A writer connection on `path` in `journal` mode (asserted: SQLite took it). */
function openWriter(path: string, journal: Journal, setup = ""): DatabaseSync {
  const writer = new DatabaseSync(path);
  writer.exec(setup);
  const mode = writer.prepare(`PRAGMA journal_mode=${journal}`).get() as { journal_mode: string };
  assert.equal(mode.journal_mode, journal);
  writer.exec("PRAGMA wal_autocheckpoint=0");
  return writer;
}

/** Inserts `n` rows into t(v, pad) in one transaction; text with non-ASCII characters. */
function insertRows(writer: DatabaseSync, table: string, n: number, random: () => number) {
  const insert = writer.prepare(`INSERT INTO ${table}(v, pad) VALUES (?, ?)`);
  writer.exec("BEGIN");
  for (let i = 0; i < n; i++) {
    insert.run(`v${Math.floor(random() * 1000)}·é`, padding(Math.floor(random() * 700), i));
  }
  writer.exec("COMMIT");
}

const CREATE_T = "CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT, pad TEXT)";
const ALL_ROWS = "SELECT * FROM t ORDER BY id";
const BY_V = "SELECT id, v, length(pad) AS n FROM t WHERE v > ? ORDER BY v, id";

for (const backend of TEST_BACKENDS) {
  for (const journal of JOURNALS) {
    Deno.test(`live empty file: ${backend}, journal_mode=${journal}: a 0-byte file opened before a writer creates its tables follows every commit`, () =>
      inTempDir((dir) => {
        const path = `${dir}/empty.db`;
        emptyFile(path);
        const db = new Database(path, { backend });
        const random = prng(29);
        let writer: DatabaseSync | null = null;
        try {
          assertEmpty(db, path);
          // Prepared while there is nothing: run again once there is.
          const schemaRows = db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema");
          assert.deepEqual(schemaRows.all(), []);
          writer = openWriter(path, journal);
          assertEmpty(db, path); // in WAL mode, page 1 now exists; still no tables
          writer.exec(CREATE_T);
          assertSame(db, path, ALL_ROWS);
          insertRows(writer, "t", 40, random);
          assertSame(db, path, ALL_ROWS);
          assert.equal(schemaRows.all().length, 1);
          writer.exec("CREATE INDEX t_v ON t(v); CREATE TABLE u(id INTEGER PRIMARY KEY, v, pad)");
          insertRows(writer, "u", 300, random); // many pages
          insertRows(writer, "t", 200, random);
          assertSame(db, path, ALL_ROWS);
          assertSame(db, path, BY_V, "v5");
          assertSame(db, path, "SELECT count(*) AS n, sum(length(pad)) AS chars FROM u");
          assertSame(db, path, "SELECT type, name, tbl_name, rootpage, sql FROM sqlite_schema");
          if (journal === "wal") {
            writer.exec("PRAGMA wal_checkpoint(TRUNCATE)");
            insertRows(writer, "t", 5, random);
            assertSame(db, path, ALL_ROWS);
          }
          writer.exec("DROP TABLE u");
          assertSame(db, path, "SELECT * FROM u");
          assertSame(db, path, "SELECT name FROM sqlite_schema ORDER BY name");
        } finally {
          writer?.close();
          db.close();
        }
      }));
  }

  for (const journal of ["delete", "wal"] as const) {
    for (
      const [pageSize, encoding] of [[1024, "UTF-16le"], [65536, "UTF-8"], [
        8192,
        "UTF-16be",
      ]] as const
    ) {
      Deno.test(`live empty file: ${backend}, journal_mode=${journal}: the first header's page size (${pageSize}) and encoding (${encoding}) are taken`, () =>
        inTempDir((dir) => {
          const path = `${dir}/empty.db`;
          emptyFile(path);
          const db = new Database(path, { backend });
          let writer: DatabaseSync | null = null;
          try {
            assertEmpty(db, path);
            writer = openWriter(
              path,
              journal,
              `PRAGMA page_size=${pageSize}; PRAGMA encoding='${encoding}'`,
            );
            writer.exec(CREATE_T);
            insertRows(writer, "t", 120, prng(pageSize));
            assertSame(db, path, ALL_ROWS);
            assertSame(db, path, BY_V, "v3");
            assertSame(db, path, "SELECT v, hex(v) AS h, length(v) AS n FROM t WHERE id % 17 = 0");
            assertSame(db, path, "PRAGMA page_size");
            assertSame(db, path, "PRAGMA encoding");
            assertSame(db, path, "PRAGMA page_count");
          } finally {
            writer?.close();
            db.close();
          }
        }));
    }

    Deno.test(`live empty file: ${backend}, journal_mode=${journal}: an empty file replaced by a database (renamed over) is read, then followed`, () =>
      inTempDir((dir) => {
        const path = `${dir}/empty.db`;
        emptyFile(path);
        const db = new Database(path, { backend });
        let writer: DatabaseSync | null = null;
        try {
          assertEmpty(db, path);
          const other = openWriter(`${dir}/other.db`, journal);
          other.exec(CREATE_T);
          insertRows(other, "t", 60, prng(7));
          other.close(); // in WAL mode the last connection checkpoints and deletes -wal
          Deno.renameSync(`${dir}/other.db`, path);
          // Looked for at most every 50 ms (core/io/live_file.ts RENAME_CHECK_MS).
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60);
          assertSame(db, path, ALL_ROWS);
          writer = openWriter(path, journal);
          insertRows(writer, "t", 30, prng(8));
          assertSame(db, path, ALL_ROWS);
          assertSame(db, path, BY_V, "v7");
        } finally {
          writer?.close();
          db.close();
        }
      }));

    Deno.test(`live empty file: ${backend}, journal_mode=${journal}: a database truncated to 0 bytes reads as empty, then as what is written next`, () =>
      inTempDir((dir) => {
        const path = `${dir}/live.db`;
        const first = openWriter(path, journal);
        first.exec(CREATE_T);
        insertRows(first, "t", 80, prng(11));
        const db = new Database(path, { backend });
        let writer: DatabaseSync | null = null;
        try {
          assertSame(db, path, ALL_ROWS);
          first.close(); // nobody has it open (no -wal, no -shm, no journal)
          truncateSync(path, 0);
          assertEmpty(db, path);
          writer = openWriter(path, journal);
          writer.exec("CREATE TABLE fresh(id INTEGER PRIMARY KEY, v, pad)");
          insertRows(writer, "fresh", 25, prng(12));
          assertSame(db, path, "SELECT * FROM fresh ORDER BY id");
          assertSame(db, path, ALL_ROWS);
          assertSame(db, path, "SELECT name FROM sqlite_schema");
        } finally {
          writer?.close();
          db.close();
        }
      }));

    Deno.test(`live empty file: ${backend}, journal_mode=${journal}: the better-sqlite3 drop-in creates a missing file empty and follows a writer filling it`, () =>
      inTempDir((dir) => {
        const path = `${dir}/new.db`;
        const db = new DropIn(path, { backend });
        let writer: DatabaseSync | null = null;
        try {
          // What better-sqlite3 leaves on disk: a 0-byte file, as SQLite creates it.
          assert.equal(statSync(path).size, 0);
          assertEmpty(db, path);
          writer = openWriter(path, journal);
          writer.exec(CREATE_T);
          insertRows(writer, "t", 50, prng(13));
          assertSame(db, path, ALL_ROWS);
        } finally {
          writer?.close();
          db.close();
        }
      }));
  }
}

Deno.test("live empty file: a path that does not exist is SQLITE_CANTOPEN and is not created, as for SQLite's read-only open", () =>
  inTempDir((dir) => {
    const path = `${dir}/missing.db`;
    assert.throws(() => new DatabaseSync(path, { readOnly: true }), /unable to open database file/);
    for (const backend of TEST_BACKENDS) {
      assert.throws(
        () => new Database(path, { backend }),
        (e) => e instanceof SqliteError && e.code === "SQLITE_CANTOPEN",
      );
    }
    assert.equal(existsSync(path), false);
  }));

Deno.test("live empty file: the drop-in creates nothing with readonly or fileMustExist", () =>
  inTempDir((dir) => {
    const path = `${dir}/missing.db`;
    for (const options of [{ readonly: true }, { fileMustExist: true }]) {
      assert.throws(
        () => new DropIn(path, options),
        (e) => e instanceof DropIn.SqliteError && e.code === "SQLITE_CANTOPEN",
      );
    }
    assert.equal(existsSync(path), false);
    // An existing file is never written: its bytes and size stay what they were.
    writeFileSync(path, "");
    new DropIn(path).close();
    assert.equal(statSync(path).size, 0);
  }));
