// better-sqlite3 comparison cases: surface (the constructor, SqliteError, statements that
// write, pragmas, transaction()). See harness.mjs for how a case is written.
//
// Not compared, because better-sqlite3 would write and litejit refuses (documented in
// better_sqlite3.ts): running a write on a connection opened readonly: false, and
// `PRAGMA journal_mode = WAL` there (litejit reports the mode in effect); creating TEMP
// objects. Cases open files readonly: true whenever something is run that could write.
import { Buffer, run } from "./harness.mjs";
import { readFileSync } from "node:fs";

const ro = { readonly: true };

/** A statement's shape and what running it does, for a list of SQL texts. */
function statements(db, list) {
  return list.map((sql) =>
    run(() => {
      const s = db.prepare(sql);
      return {
        sql,
        reader: s.reader,
        readonly: s.readonly,
        columns: s.reader ? run(() => s.columns().map((c) => [c.name, c.table, c.type])) : null,
        run: run(() => s.run()),
      };
    })
  );
}

/** Every row of a pragma, or its error. */
function pragmas(db, list) {
  return list.map((p) => [p, run(() => db.pragma(p))]);
}

export const cases = {
  sqliteErrorConstructor: (D) => {
    const E = D.SqliteError;
    const shape = (e) => [
      e instanceof E,
      e instanceof Error,
      e.constructor.name,
      e.name,
      e.message,
      e.code,
      Object.keys(e),
      String(e),
      typeof e.stack,
    ];
    return [
      typeof E,
      E.name,
      E.length,
      E.prototype.name,
      E.prototype instanceof Error,
      Object.getPrototypeOf(E.prototype) === Error.prototype,
      Object.getOwnPropertyDescriptor(E.prototype, "name"),
      run(() => shape(E("foobar", "baz"))),
      run(() => shape(new E("foobar", "baz"))),
      run(() => E(123, "baz").message),
      run(() => E(null, "baz").message),
      run(() => E({ toString: () => "x" }, "c").message),
      run(() => E("foo")),
      run(() => new E("foo")),
      run(() => E("foo", 123)),
      run(() => E()),
      run(() => Object.getOwnPropertyDescriptor(E("m", "c"), "message")),
      run(() => Object.getOwnPropertyDescriptor(E("m", "c"), "code")),
    ];
  },
  sqliteErrorThrown: (D, p) =>
    run(() => {
      const db = new D(p, ro);
      try {
        db.prepare("SELECT nope FROM t");
      } catch (e) {
        return [e instanceof D.SqliteError, e instanceof Error, e.constructor.name, e.name];
      }
    }),
  callWithoutNew: (D, p) => [
    run(() => {
      const db = D(p, ro);
      return [db instanceof D, db.constructor.name, db.readonly, db.open, db.name === p];
    }),
    run(() => D(p, { readOnly: true })),
    run(() => D(`${p}.missing`, ro)),
    D.name,
    run(() => new D(p, ro).constructor.name),
  ],
  readonlyProperty: (D, p) => [
    run(() => new D(p).readonly),
    run(() => new D(p, { readonly: false }).readonly),
    run(() => new D(p, ro).readonly),
    run(() => new D(p, { fileMustExist: true }).readonly),
    run(() => new D(":memory:").readonly),
    run(() => new D().readonly),
  ],
  memoryReadonly: (D, p) => [
    run(() => new D(":memory:", ro)),
    run(() => new D("", ro)),
    run(() => new D(" :memory: ", ro)),
    run(() => new D(undefined, ro)),
    run(() => new D(null, ro)),
    run(() => new D(":memory:", { readonly: false }).memory),
    run(() => {
      const db = new D(Buffer.from(readFileSync(p)), ro);
      return [db.readonly, db.memory, db.name, db.prepare("SELECT count(*) FROM t").pluck().get()];
    }),
    // The readonly check comes before the timeout's.
    run(() => new D(":memory:", { readonly: true, timeout: -1 })),
    run(() => new D(p, { readonly: true, nativeBinding: 1 })),
  ],
  statementConstructor: (D, p) => {
    const s = new D(p, ro).prepare("SELECT 1");
    return [
      s.constructor.name,
      run(() => new s.constructor("SELECT 1")),
      run(() => new s.constructor()),
    ];
  },
  transactionWhenClosed: (D, p) => {
    const db = new D(p, ro);
    db.close();
    const late = new D(p, ro);
    const trx = late.transaction((x) => x);
    late.close();
    return [
      run(() => db.transaction(() => 1)),
      run(() => db.transaction(1)),
      run(() => trx(1)),
      run(() => typeof late.transaction(() => 2)),
      run(() => late.transaction(() => 2)()),
    ];
  },
  transactionVariants: (D, p) => {
    const db = new D(p, ro);
    const t = db.transaction(() => db.inTransaction);
    return [
      run(() => t()),
      run(() => t.deferred()),
      run(() => t.immediate()),
      run(() => t.exclusive()),
      db.inTransaction,
      run(() =>
        db.transaction(() => {
          db.prepare("INSERT INTO t(id) VALUES (9)").run();
        })()
      ),
      db.inTransaction,
    ];
  },
  writeStatements: (D, p) =>
    statements(new D(p, ro), [
      "INSERT INTO t(id) VALUES (1)",
      "INSERT INTO t DEFAULT VALUES",
      "INSERT OR IGNORE INTO t(id) VALUES (1)",
      "REPLACE INTO t(id) VALUES (1)",
      "INSERT INTO t(id) SELECT 1",
      "INSERT INTO t(id) VALUES (1) ON CONFLICT(id) DO UPDATE SET name = excluded.name",
      "INSERT INTO t(id) VALUES (1) ON CONFLICT DO NOTHING",
      "WITH x AS (SELECT 1) INSERT INTO t(id) SELECT * FROM x",
      "UPDATE t SET name = 'x'",
      "UPDATE t SET (name, real) = ('a', 1) WHERE id = 1",
      "UPDATE t SET rowid = 1",
      "DELETE FROM t",
      "DELETE FROM t WHERE id = 1",
      "DELETE FROM t RETURNING *",
      "INSERT INTO t(id) VALUES (1) RETURNING id, name AS n, id + 1",
      "UPDATE t SET name = 'a' RETURNING rowid",
      "CREATE TABLE people (name TEXT)",
      "CREATE TABLE IF NOT EXISTS t (x)",
      "CREATE INDEX i ON t(name)",
      "CREATE INDEX IF NOT EXISTS i ON t(name)",
      "CREATE VIEW v AS SELECT 1",
      "CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END",
      "DROP TABLE t",
      "DROP TABLE IF EXISTS nope",
      "DROP INDEX IF EXISTS nope",
      "DROP VIEW IF EXISTS nope",
      "ALTER TABLE t ADD COLUMN z",
      "ALTER TABLE t RENAME TO u",
      "VACUUM",
      "ANALYZE",
      "REINDEX",
      "DETACH x",
      "BEGIN",
      "BEGIN IMMEDIATE",
      "BEGIN EXCLUSIVE",
      "COMMIT",
      "SAVEPOINT a",
    ]),
  malformedWrites: (D, p) =>
    statements(new D(p, ro), [
      "INSERT INTO nope VALUES (1)",
      "INSERT INTO t VALUES (",
      "INSERT INTO t VALUES (1)",
      "INSERT INTO t(nope) VALUES (1)",
      "INSERT INTO t(id) VALUES (1, 2)",
      "INSERT INTO t(id) VALUES (x)",
      "INSERT INTO t(id) SELECT nope",
      "INSERT INTO t(id) VALUES (1), (2, 3)",
      "INSERT INTO t(id) VALUES (count(*))",
      "INSERT t VALUES (1)",
      "INSERT INTO nope.t(id) VALUES (1)",
      "INSERT INTO sqlite_master VALUES (1, 2, 3, 4, 5)",
      "INSERT INTO t(id) VALUES (1) ON CONFLICT(name) DO NOTHING",
      "INSERT INTO t(id) VALUES (1) ON CONFLICT(id) DO UPDATE SET nope = 1",
      "INSERT INTO t(id) VALUES (1) ON CONFLICT(id) DO UPDATE SET name = excluded.nope",
      "INSERT INTO t(id) VALUES (1) ON CONFLICT DO NOTHING ON CONFLICT DO NOTHING",
      "UPDATE nope SET a = 1",
      "UPDATE t SET nope = 1",
      "UPDATE t SET name = nope",
      "UPDATE t SET (id, name) = (1, 2, 3)",
      "UPDATE t INDEXED BY nope SET id = 1",
      "UPDATE t SET",
      "DELETE FROM nope",
      "DELETE FROM t WHERE nope",
      "DELETE FROM t WHERE count(*)",
      "DELETE FROM t RETURNING nope",
      "DELETE FROM t RETURNING t.*",
      "DELETE FROM t AS x RETURNING x.id",
      "CREATE TABLE people (name TEXT",
      "CREATE TABLE t (x)",
      "CREATE TABLE sqlite_x (a)",
      "CREATE TABLE x AS SELECT nope",
      "CREATE INDEX i ON nope(x)",
      "CREATE INDEX i ON t(nope)",
      "CREATE VIEW t AS SELECT 1",
      "CREATE VIEW v AS SELECT ?",
      "CREATE TRIGGER tr AFTER INSERT ON nope BEGIN SELECT 1; END",
      "DROP TABLE nope",
      "DROP INDEX nope",
      "DROP VIEW t",
      "DROP TABLE sqlite_master",
      "ALTER TABLE nope ADD COLUMN z",
      "ALTER TABLE t ADD COLUMN name",
      "ALTER TABLE t DROP COLUMN id",
      "ALTER TABLE t RENAME COLUMN nope TO x",
      "VACUUM nope",
      "REINDEX nope",
      "ANALYZE nope",
      "ATTACH",
      "DETACH",
      "EXPLAIN INSERT INTO nope VALUES (1)",
    ]),
  writesWhenReadWrite: (D, p) => {
    // Opened read-write, better-sqlite3 would run these: only prepare is compared.
    const db = new D(p);
    return [
      ...[
        "INSERT INTO t(id) VALUES (?)",
        "DELETE FROM t RETURNING id",
        "CREATE TABLE people (name TEXT)",
        "BEGIN EXCLUSIVE",
      ].map((sql) =>
        run(() => {
          const s = db.prepare(sql);
          return [s.reader, s.readonly, s.source];
        })
      ),
      run(() => db.prepare("INSERT INTO nope VALUES (1)")),
      run(() => db.prepare("CREATE TABLE t (x)")),
      run(() => db.exec("CREATE TABLE IF NOT EXISTS t (x); DROP TABLE IF EXISTS nope") === db),
      run(() => Object.keys(db)),
    ];
  },
  writeBindingOrder: (D, p) => {
    const db = new D(p, ro);
    const insert = db.prepare("INSERT INTO t(id, name) VALUES (?, :n)");
    const returning = db.prepare("DELETE FROM t WHERE id = ? RETURNING id");
    const bound = db.prepare("DELETE FROM t WHERE id = ?").bind(1);
    return [
      run(() => insert.run()),
      run(() => insert.run(1)),
      run(() => insert.run(1, { n: "x" }, 3)),
      run(() => insert.run(1, { n: true })),
      run(() => insert.run(1, { n: "x" })),
      run(() => insert.get(1, 2, 3)),
      run(() => insert.all()),
      run(() => insert.iterate(1, { n: "x" })),
      run(() => insert.pluck()),
      run(() => insert.columns()),
      run(() => returning.get()),
      run(() => returning.get(1)),
      run(() => returning.all(1)),
      run(() => {
        const it = returning.iterate(1);
        return [returning.busy, run(() => it.next()), returning.busy, run(() => it.next())];
      }),
      run(() => returning.iterate(1, 2)),
      run(() => returning.run(1)),
      run(() => bound.run()),
      run(() => bound.run(1)),
    ];
  },
  bindingCheckOrder: (D, p) => {
    // Arguments that are wrong in two ways: which error better-sqlite3 reports first.
    const db = new D(p, ro);
    const named = db.prepare("SELECT @a, @b, @c");
    const positional = db.prepare("SELECT ?, ?, ?");
    const mixed = db.prepare("SELECT ?, @a, @a, ?");
    const row = { a: 1, b: 2, c: 3 };
    function Foo() {
      this.a = 1;
    }
    const attempts = [
      () => named.iterate(row, () => {}),
      () => named.iterate(row, {}),
      () => named.iterate({}),
      () => named.iterate(),
      () => named.all(row, 1),
      () => named.all(row, true),
      () => named.all(new Foo()),
      () => named.all({ a: 1, b: 2 }, { c: 3 }),
      () => named.all({ a: 1 }, true),
      () => positional.all(1, 2),
      () => positional.all(1, 2, 3, 4),
      () => positional.all(1, 2, { 3: 3 }),
      () => positional.all(1, { low: 2, high: 3 }, 3),
      () => positional.all(1, new Number(2), 3),
      () => positional.all(1, Symbol("x"), 3, 4),
      () => positional.all(true, 1),
      () => positional.all([1, 2], [3], 4),
      () => positional.all({ length: 3, 0: 1, 1: 2, 2: 3 }),
      () => positional.all(Object.create({ a: 1 }), 2, 3),
      () => positional.all(new Date(0), 2, 3, 4),
      () => named.all(new Date(0)),
      () => named.all(Buffer.from([1]), row),
      () => mixed.all({ a: 1 }, [1], 2, 3),
      () => mixed.all({ a: 1 }, [1]),
      () => mixed.all({}, [1], 2),
      () => mixed.all({ a: 1, c: 1 }, ["x"], 2),
      () => mixed.all({ a: () => 1 }, [1]),
      () => mixed.all([1], [2]),
      () => mixed.all(1, 2, 3),
      () => db.prepare("SELECT 1").all({}, {}),
      () => db.prepare("SELECT 1").all([], []),
      () => db.prepare("SELECT 1").all(null),
    ];
    return attempts.map((f) =>
      run(() => {
        const out = f();
        return out && typeof out.next === "function" ? [...out] : out;
      })
    );
  },
  pragmasReadonly: (D, p) =>
    pragmas(new D(p, { readonly: true, timeout: 1234 }), [
      "cache_size",
      "cache_size = -8000",
      "cache_size",
      "cache_size = 0x10",
      "cache_size",
      "main.cache_size",
      "temp.cache_size",
      "journal_mode",
      "journal_mode = WAL",
      "journal_mode",
      "journal_mode = memory",
      "journal_mode",
      "journal_mode = off",
      "journal_mode = delete",
      "busy_timeout",
      "busy_timeout = 100",
      "busy_timeout",
      "synchronous",
      "synchronous = NORMAL",
      "synchronous",
      "foreign_keys",
      "foreign_keys = OFF",
      "foreign_keys",
      "temp_store",
      "temp_store = MEMORY",
      "temp_store",
      "mmap_size",
      "mmap_size = 268435456",
      "journal_size_limit",
      "journal_size_limit = 67108864",
      "query_only",
      "query_only = 1",
      "query_only",
      "recursive_triggers = ON",
      "wal_autocheckpoint",
      "wal_autocheckpoint = 100",
      "secure_delete",
      "user_version = 4",
      "optimize",
      "table_info",
      "PRAGMA cache_size",
      "nope.cache_size",
    ]),
  pragmasReadWrite: (D, p) => {
    // Settings of the connection only: nothing here changes the file.
    const db = new D(p);
    return [
      ...pragmas(db, [
        "cache_size",
        "cache_size = -8000",
        "cache_size",
        "journal_mode",
        "journal_mode = memory",
        "journal_mode",
        "busy_timeout",
        "synchronous = OFF",
        "synchronous",
        "foreign_keys = 0",
        "foreign_keys",
        "temp_store = 2",
        "temp_store",
      ]),
      run(() => db.pragma("cache_size", { simple: true })),
      run(() => db.pragma("cache_size = 5", { simple: true })),
      run(() => db.pragma("journal_mode", { simple: true })),
    ];
  },
  pragmasInTransaction: (D, p) => {
    const db = new D(p, ro);
    db.exec("BEGIN");
    const out = pragmas(db, [
      "journal_mode = wal",
      "journal_mode = persist",
      "journal_mode",
      "synchronous = 1",
      "foreign_keys = 0",
      "foreign_keys",
      "temp_store = 1",
      "cache_size = 7",
      "cache_size",
    ]);
    db.exec("COMMIT");
    return out;
  },
  pragmasWal: (D, p, write) => {
    write("PRAGMA journal_mode = WAL; CREATE TABLE w (x); INSERT INTO w VALUES (1)");
    const db = new D(p, ro);
    return [
      ...pragmas(db, [
        "journal_mode",
        "journal_mode = WAL",
        "journal_mode = delete",
        "journal_mode = memory",
        "journal_mode",
        "synchronous",
      ]),
      run(() => db.prepare("SELECT count(*) FROM w").pluck().get()),
    ];
  },
  pragmaStatements: (D, p) =>
    statements(new D(p, ro), [
      "PRAGMA cache_size",
      "PRAGMA cache_size = 10",
      "PRAGMA journal_mode",
      "PRAGMA busy_timeout = 10",
      "PRAGMA foreign_keys = ON",
      "PRAGMA user_version",
      "PRAGMA user_version = 4",
      "PRAGMA table_info(t)",
    ]),
};
