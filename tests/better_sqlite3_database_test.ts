/**
 * The better-sqlite3 drop-in's Database (better_sqlite3.ts) on every backend: the
 * constructor's options and errors, pragma(), exec(), transaction(), verbose logging,
 * writes refused with SQLITE_READONLY, and a closed connection. Expectations come from
 * better-sqlite3's documentation and behaviour (v12) or from node:sqlite — never from
 * litejit.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { DatabaseSync } from "node:sqlite";
import Database, { SqliteError } from "../better_sqlite3.ts";
import { SqliteError as LiteSqliteError } from "../mod.ts";
import { TEST_BACKENDS } from "./support/backends.ts";
import { buildLibraryDb, oracleAll } from "./support/bs3_fixture.ts";

const path = buildLibraryDb();
const readonlyError = { code: "SQLITE_READONLY", message: "attempt to write a readonly database" };

for (const backend of TEST_BACKENDS) {
  const name = (what: string) => `better-sqlite3 Database [${backend}]: ${what}`;
  const open = (options: Record<string, unknown> = {}) =>
    new Database(path, { backend, ...options } as never);

  Deno.test(name("properties; a Buffer opens in memory; readonly: false is accepted"), () => {
    const db = open({ readonly: false, fileMustExist: true, timeout: 100 });
    assert.deepEqual([db.name, db.open, db.inTransaction, db.readonly, db.memory], [
      path,
      true,
      false,
      true,
      false,
    ]);
    db.close();
    const bytes = new Database(Buffer.from(Deno.readFileSync(path)), { backend } as never);
    assert.deepEqual([bytes.name, bytes.memory], [":memory:", true]);
    assert.equal(bytes.prepare("SELECT count(*) FROM books").pluck().get(), 6);
    bytes.close();
    const empty = new Database(":memory:", { backend } as never);
    assert.equal(empty.prepare("SELECT 1 + 1").pluck().get(), 2);
    empty.close();
  });

  Deno.test(name("constructor errors are better-sqlite3's"), () => {
    const cases: [unknown[], { name: string; message: string }][] = [
      [[42], { name: "TypeError", message: "Expected first argument to be a string" }],
      [[path, 1], {
        name: "TypeError",
        message: "Expected second argument to be an options object",
      }],
      [[path, { readOnly: true }], {
        name: "TypeError",
        message: 'Misspelled option "readOnly" should be "readonly"',
      }],
      [[path, { readonly: 1 }], {
        name: "TypeError",
        message: 'Expected the "readonly" option to be a boolean',
      }],
      [[path, { timeout: -1 }], {
        name: "TypeError",
        message: 'Expected the "timeout" option to be a positive integer',
      }],
      [[path, { verbose: "yes" }], {
        name: "TypeError",
        message: 'Expected the "verbose" option to be a function',
      }],
      [["/no/such/dir/x.db"], {
        name: "TypeError",
        message: "Cannot open database because the directory does not exist",
      }],
    ];
    for (const [args, expected] of cases) {
      assert.throws(
        () => new (Database as unknown as new (...a: unknown[]) => unknown)(...args),
        expected,
      );
    }
    const missing = `${path}.missing`;
    assert.throws(() => new Database(missing, { fileMustExist: true, backend } as never), (e) => {
      assert.ok(e instanceof Database.SqliteError);
      assert.equal((e as SqliteError).code, "SQLITE_CANTOPEN");
      assert.equal((e as Error).message, "unable to open database file");
      return true;
    });
  });

  Deno.test(name("prepare needs exactly one statement"), () => {
    const db = open();
    assert.throws(() => db.prepare("SELECT 1; SELECT 2"), {
      name: "RangeError",
      message: "The supplied SQL string contains more than one statement",
    });
    assert.throws(() => db.prepare("  -- nothing"), {
      name: "RangeError",
      message: "The supplied SQL string contains no statements",
    });
    assert.equal(db.prepare("SELECT 1;  ").source, "SELECT 1;  ");
    assert.throws(() => db.prepare("SELEC 1"), (e) => {
      assert.ok(e instanceof SqliteError && e instanceof LiteSqliteError);
      assert.equal((e as SqliteError).code, "SQLITE_ERROR");
      assert.equal((e as Error).message, 'near "SELEC": syntax error');
      return true;
    });
    db.close();
  });

  Deno.test(name("writes throw SQLITE_READONLY from prepare, exec and transactions"), () => {
    const db = open();
    for (
      const sql of [
        "INSERT INTO authors VALUES (9, 'X', 1)",
        "DELETE FROM books",
        "CREATE TABLE t(a)",
      ]
    ) {
      assert.throws(() => db.prepare(sql).run(), (e) => {
        assert.ok(e instanceof Database.SqliteError);
        assert.deepEqual(
          { code: (e as SqliteError).code, message: (e as Error).message },
          readonlyError,
        );
        return true;
      });
    }
    assert.throws(() => db.exec("SELECT 1; UPDATE books SET price = 0"), readonlyError);
    assert.throws(() => db.pragma("user_version = 3"), readonlyError);
    const write = db.transaction(() => db.prepare("DELETE FROM books").run());
    assert.throws(() => write(), readonlyError);
    assert.equal(db.inTransaction, false, "the failed transaction rolled back");
    db.close();
  });

  Deno.test(name("pragma(): all rows, or the first value with simple"), () => {
    const db = open();
    assert.equal(db.pragma("user_version", { simple: true }), 7);
    assert.deepEqual(db.pragma("user_version"), [{ user_version: 7 }]);
    assert.deepEqual(db.pragma("table_info(books)"), oracleAll(path, "PRAGMA table_info(books)"));
    assert.deepEqual(
      db.pragma("index_list('books')"),
      oracleAll(path, "PRAGMA index_list('books')"),
    );
    assert.throws(() => db.pragma("user_version", { simple: 1 } as never), {
      name: "TypeError",
      message: 'Expected the "simple" option to be a boolean',
    });
    db.close();
  });

  Deno.test(name("exec() runs each statement; transaction() nests with savepoints"), () => {
    const db = open();
    assert.equal(db.exec("SELECT 1; SELECT * FROM books;; PRAGMA user_version"), db);
    const inner = db.transaction(() => db.inTransaction);
    const outer = db.transaction((a: number, b: number) => [a + b, db.inTransaction, inner()]);
    assert.deepEqual(outer(1, 2), [3, true, true]);
    assert.equal(db.inTransaction, false);
    assert.equal(outer.database, db);
    assert.deepEqual(outer.immediate(2, 2), [4, true, true]);
    assert.deepEqual(outer.deferred(0, 1)[0], 1);
    assert.deepEqual(outer.exclusive(0, 2)[0], 2);
    const failing = db.transaction(() => {
      throw new Error("boom");
    });
    assert.throws(() => failing(), { message: "boom" });
    assert.equal(db.inTransaction, false);
    db.exec("BEGIN");
    assert.equal(db.inTransaction, true);
    db.exec("COMMIT");
    assert.throws(() => db.transaction(() => Promise.resolve(1))(), {
      name: "TypeError",
      message: "Transaction function cannot return a promise",
    });
    assert.equal(db.inTransaction, false);
    db.close();
  });

  Deno.test(name("verbose receives each statement run, its parameters written in"), () => {
    const logged: string[] = [];
    const db = open({ verbose: (s: string) => logged.push(s) });
    db.prepare("SELECT ?, :a, ?").all(1, { a: "it's" }, Buffer.from([1, 255]));
    db.prepare("SELECT ? + ?").get(0.1, 2n);
    db.prepare("SELECT ?").get(1e20);
    db.exec("SELECT 1; SELECT 2");
    // sqlite3_expanded_sql, as better-sqlite3 12 logs it (JS numbers are doubles).
    assert.deepEqual(logged, [
      "SELECT 1.0, 'it''s', x'01ff'",
      "SELECT 0.1 + 2",
      "SELECT 1.0e+20",
      "SELECT 1;",
      "SELECT 2",
    ]);
    db.close();
  });

  Deno.test(name("a closed database refuses everything but close()"), () => {
    const db = open();
    const st = db.prepare("SELECT 1");
    const it = db.prepare("SELECT id FROM authors").iterate();
    it.next();
    assert.throws(() => db.close(), {
      name: "TypeError",
      message: "This database connection is busy executing a query",
    });
    it.return!();
    assert.equal(db.close(), db);
    assert.equal(db.open, false);
    const closed = { name: "TypeError", message: "The database connection is not open" };
    assert.throws(() => st.get(), closed);
    assert.throws(() => st.run(), closed);
    assert.throws(() => db.prepare("SELECT 1"), closed);
    assert.throws(() => db.exec("SELECT 1"), closed);
    assert.throws(() => db.pragma("user_version"), closed);
    db.close();
  });
}

Deno.test("better-sqlite3 Database: the fixture is what node:sqlite wrote", () => {
  const db = new DatabaseSync(path, { readOnly: true });
  assert.equal(db.prepare("PRAGMA user_version").get()!.user_version, 7);
  db.close();
});
