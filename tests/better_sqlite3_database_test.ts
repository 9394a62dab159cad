/**
 * The better-sqlite3 drop-in's Database (better_sqlite3.ts) on every backend: the
 * constructor's options and errors, pragma(), exec(), transaction(), verbose logging,
 * writes that prepare and are refused with SQLITE_READONLY when run, what a connection
 * opened readonly: false answers where better-sqlite3 would write, and a closed connection. Expectations come from
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

  Deno.test(name("properties; a Buffer opens in memory; callable without new"), () => {
    const db = open({ readonly: false, fileMustExist: true, timeout: 100 });
    // better-sqlite3's own enumerable getters; readonly is the option.
    assert.deepEqual(Object.keys(db), ["name", "open", "inTransaction", "readonly", "memory"]);
    assert.deepEqual([db.name, db.open, db.inTransaction, db.readonly, db.memory], [
      path,
      true,
      false,
      false,
      false,
    ]);
    db.close();
    assert.equal(open({ readonly: true }).readonly, true);
    const called = Database(path, { readonly: true, backend } as never);
    assert.ok(called instanceof Database);
    assert.equal(called.constructor, Database);
    assert.equal(Database.name, "Database");
    called.close();
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

  Deno.test(
    name("writes prepare; running them throws SQLITE_READONLY, in exec and transactions too"),
    () => {
      const db = open();
      // better-sqlite3's test suite: reader and readonly of statements that write.
      const shape = (sql: string) => {
        const st = db.prepare(sql);
        return [st.reader, st.readonly];
      };
      assert.deepEqual(shape("DELETE FROM books RETURNING *"), [true, false]);
      assert.deepEqual(shape("CREATE TABLE people (name TEXT)"), [false, false]);
      assert.deepEqual(shape("BEGIN EXCLUSIVE"), [false, false]);
      assert.deepEqual(shape("BEGIN"), [false, true]);
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
    },
  );

  Deno.test(name("readonly: false answers as SQLite does when it cannot write the file"), () => {
    // SQLite documents that PRAGMA journal_mode returns the mode in effect when the
    // change could not be made: what a connection that cannot write the file answers.
    const db = open({ readonly: false });
    assert.deepEqual(db.pragma("journal_mode = WAL"), [{ journal_mode: "delete" }]);
    assert.equal(db.pragma("journal_mode", { simple: true }), "delete");
    assert.deepEqual(db.pragma("journal_mode = memory"), [{ journal_mode: "memory" }]);
    // Statistics are a hint to the planner: optimize writes none and reports nothing.
    assert.deepEqual(db.pragma("optimize"), []);
    // A write prepares and is refused when run, as on a file SQLite cannot write.
    const insert = db.prepare("INSERT INTO authors VALUES (?, ?, ?)");
    assert.deepEqual([insert.reader, insert.readonly], [false, false]);
    assert.throws(() => insert.run(9, "X", 1), readonlyError);
    db.close();
    // better-sqlite3's build defaults: cache_size -16000 (what its test suite expects).
    const ro = open({ readonly: true });
    assert.equal(ro.pragma("cache_size", { simple: true }), -16000);
    ro.pragma("cache_size = -8000");
    assert.equal(ro.pragma("cache_size", { simple: true }), -8000);
    assert.throws(() => ro.pragma("journal_mode = wal"), readonlyError);
    assert.equal(ro.pragma("journal_mode", { simple: true }), "delete");
    ro.close();
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
