/**
 * `Database.prepare` and `Statement` as the public API exposes them in this release:
 * what prepare accepts and refuses, PRAGMA rows through the API, and rows whose column
 * names are JavaScript's special property names.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { Database, SqliteError } from "../mod.ts";
import { rowObject } from "../core/api/row.ts";

const samplePath = new URL("../examples/sample.db", import.meta.url).pathname;

function withBoth(fn: (ours: Database, sqlite: DatabaseSync) => void): void {
  const ours = new Database(samplePath);
  const sqlite = new DatabaseSync(samplePath, { readOnly: true });
  try {
    fn(ours, sqlite);
  } finally {
    ours.close();
    sqlite.close();
  }
}

function sqliteError(sqlite: DatabaseSync, sql: string): string {
  try {
    sqlite.prepare(sql).all();
  } catch (e) {
    return String((e as Error).message);
  }
  throw new Error(`SQLite accepted ${sql}`);
}

Deno.test("prepare: SQL without a statement, or with two, is misuse", () => {
  withBoth((db) => {
    for (const sql of ["", "  ", "-- only a comment", ";;"]) {
      assert.throws(
        () => db.prepare(sql),
        (e) => e instanceof SqliteError && e.code === "SQLITE_MISUSE",
      );
    }
    assert.throws(
      () => db.prepare("SELECT 1; SELECT 2"),
      (e) => e instanceof SqliteError && e.code === "SQLITE_MISUSE" && e.offset === 10,
    );
    // Trailing semicolons and comments are not a second statement.
    assert.equal(db.prepare("SELECT 1;; -- done").columns()[0].name, "1");
  });
});

Deno.test("a write prepares as in SQLite and throws SQLITE_READONLY when run", () => {
  withBoth((db, sqlite) => {
    const writes = [
      "INSERT INTO cities(name) VALUES ('x')",
      "UPDATE cities SET name = 'x'",
      "DELETE FROM cities",
      "CREATE TABLE z(a)",
      "DROP TABLE cities",
    ];
    for (const sql of writes) {
      // SQLite prepares these on a read-only connection; they fail when run.
      sqlite.prepare(sql);
      const st = db.prepare(sql);
      const expected = sqliteError(sqlite, sql);
      assert.throws(
        () => st.all(),
        (e) =>
          e instanceof SqliteError && e.code === "SQLITE_READONLY" && expected.endsWith(e.message),
        sql,
      );
    }
    // A RETURNING statement has result columns, as in SQLite.
    const returning = "DELETE FROM cities RETURNING id, name AS n";
    assert.deepEqual(
      db.prepare(returning).columns().map((c) => c.name),
      sqlite.prepare(returning).columns().map((c) => c.name),
    );
    // Names are checked at prepare, as SQLite checks them.
    for (const sql of ["INSERT INTO nowhere VALUES (1)", "UPDATE cities SET nothing = 1"]) {
      assert.throws(() => db.prepare(sql), { message: sqliteError(sqlite, sql) }, sql);
    }
  });
});

Deno.test("prepare: syntax and name errors carry SQLite's text", () => {
  withBoth((db, sqlite) => {
    for (
      const sql of ["SELEC 1", "SELECT * FROM nowhere", "SELECT nothing FROM cities", "SELECT (1"]
    ) {
      const expected = sqliteError(sqlite, sql);
      assert.throws(
        () => db.prepare(sql),
        (e) =>
          e instanceof SqliteError && e.code === "SQLITE_ERROR" && expected.endsWith(e.message),
        sql,
      );
    }
  });
});

Deno.test("Statement: PRAGMA rows and columns equal SQLite's", () => {
  withBoth((db, sqlite) => {
    for (
      const sql of ["PRAGMA table_info(cities)", "PRAGMA index_list('trips')", "PRAGMA page_count"]
    ) {
      const ours = db.prepare(sql);
      const theirs = sqlite.prepare(sql);
      assert.deepEqual(ours.columns().map((c) => c.name), theirs.columns().map((c) => c.name));
      assert.deepEqual(ours.all(), theirs.all().map((r) => ({ ...r })));
      assert.deepEqual(ours.get(), ours.all()[0]);
      assert.deepEqual([...ours.iterate()], ours.all());
    }
  });
});

Deno.test("rows: special property names become own properties", () => {
  const row = rowObject(["__proto__", "constructor", "a", "a"], [1, "x", 2, 3]);
  assert.equal(Object.getPrototypeOf(row), Object.prototype);
  assert.deepEqual(Object.keys(row), ["__proto__", "constructor", "a"]);
  assert.equal(Object.getOwnPropertyDescriptor(row, "__proto__")?.value, 1);
  assert.equal(row.constructor, "x");
  assert.equal(row.a, 3); // the last of duplicate names wins, as in node:sqlite
});
