/**
 * The better-sqlite3 drop-in (better_sqlite3.ts), statement by statement, on every
 * backend. Expectations come from better-sqlite3's documentation (docs/api.md, v12: row
 * shapes, binding rules and their errors, bind(), safeIntegers, columns()) or from
 * node:sqlite reading the same file — never from litejit.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import Database, { Database as NamedDatabase, SqliteError } from "../better_sqlite3.ts";
import { TEST_BACKENDS } from "./support/backends.ts";
import { buildLibraryDb, oracleAll } from "./support/bs3_fixture.ts";

const path = buildLibraryDb();
const open = (backend: string) => new Database(path, { readonly: true, backend } as never);

for (const backend of TEST_BACKENDS) {
  const name = (what: string) => `better-sqlite3 [${backend}]: ${what}`;

  Deno.test(name("default and named exports are the same Database"), () => {
    assert.equal(NamedDatabase, Database);
    assert.equal(Database.SqliteError, SqliteError);
  });

  Deno.test(name("get, all and iterate return rows as node:sqlite reads them"), () => {
    const db = open(backend);
    const sql = "SELECT id, name, born FROM authors WHERE id >= ? ORDER BY id";
    const expected = oracleAll(path, sql, [2]);
    const st = db.prepare(sql);
    assert.deepEqual(st.all(2), expected);
    assert.deepEqual(st.get(2), expected[0]);
    assert.deepEqual([...st.iterate(2)], expected);
    assert.equal(st.get(99), undefined);
    assert.deepEqual(st.all(99), []);
    db.close();
  });

  Deno.test(name("pluck, raw and expand shapes, and how the toggles interact"), () => {
    const db = open(backend);
    const st = db.prepare(
      "SELECT a.name, b.title AS t, b.price * 2 AS twice FROM books b JOIN authors a " +
        "ON a.id = b.author_id WHERE b.id = 3",
    );
    assert.deepEqual(st.get(), { name: "Italo", t: "Invisible Cities", twice: 22 });
    assert.equal(st.pluck().get(), "Italo");
    assert.deepEqual(st.raw().get(), ["Italo", "Invisible Cities", 22]); // raw turns pluck off
    assert.deepEqual(st.pluck(false).get(), ["Italo", "Invisible Cities", 22]); // still raw
    // expand: keyed by the source table's name (not its alias), expressions under "$".
    assert.deepEqual(st.expand().get(), {
      authors: { name: "Italo" },
      books: { t: "Invisible Cities" },
      $: { twice: 22 },
    });
    assert.deepEqual(st.expand(false).get(), { name: "Italo", t: "Invisible Cities", twice: 22 });
    assert.deepEqual(st.pluck(true).all(), ["Italo"]);
    assert.deepEqual([...st.raw(true).iterate()], [["Italo", "Invisible Cities", 22]]);
    assert.equal(st.raw(), st, "toggles return the statement");
    db.close();
  });

  Deno.test(
    name("columns() describes result columns as { name, column, table, database, type }"),
    () => {
      const db = open(backend);
      const cols = db.prepare("SELECT title AS t, price, 1 + 1 AS two FROM books").columns();
      assert.deepEqual(cols, [
        { name: "t", column: "title", table: "books", database: "main", type: "TEXT" },
        { name: "price", column: "price", table: "books", database: "main", type: "REAL" },
        { name: "two", column: null, table: null, database: null, type: null },
      ]);
      assert.deepEqual(Object.keys(cols[0]), ["name", "column", "table", "database", "type"]);
      db.close();
    },
  );

  Deno.test(name("BLOBs come back as Buffers"), () => {
    const db = open(backend);
    const cover = db.prepare("SELECT cover FROM books WHERE id = 1").pluck().get();
    assert.ok(Buffer.isBuffer(cover));
    assert.deepEqual([...(cover as Buffer)], [1, 2]);
    db.close();
  });

  Deno.test(
    name("binding: positional values, arrays, one object of named parameters, mixed"),
    () => {
      const db = open(backend);
      const sum = (sql: string, ...args: unknown[]) => db.prepare(sql).pluck().get(...args);
      assert.equal(sum("SELECT ? + ? + ?", 1, 2, 3), 6);
      assert.equal(sum("SELECT ? + ? + ?", [1, 2], 3), 6);
      assert.equal(sum("SELECT ? + ? + ?", 1, [2, 3]), 6);
      assert.equal(sum("SELECT :a + @b + $c", { a: 1, b: 2, c: 3 }), 6);
      assert.equal(sum("SELECT ? || :x || ?", "a", { x: "b" }, "c"), "abc");
      assert.equal(sum("SELECT :x || :x", { x: "ab", extra: 1 }), "abab"); // extra keys ignored
      assert.equal(sum("SELECT ?1 || ? || ?", { 1: "a" }, "b", "c"), "abc"); // ?1 is named "1"
      assert.equal(sum("SELECT :x", Object.assign(Object.create(null), { x: 4 })), 4);
      assert.equal(sum("SELECT ? IS NULL", null), 1);
      assert.equal(sum("SELECT ? = 4611686018427387904", 2n ** 62n), 1);
      assert.equal(sum("SELECT typeof(?)", 5), "real", "numbers bind as doubles");
      assert.equal(sum("SELECT typeof(?)", 5n), "integer");
      assert.equal(sum("SELECT hex(?)", Buffer.from([0xab, 0xcd])), "ABCD");
      db.close();
    },
  );

  Deno.test(name("binding errors: too few, too many, missing name, wrong types"), () => {
    const db = open(backend);
    const st = db.prepare("SELECT ?, ?");
    assert.throws(() => st.get(1), {
      name: "RangeError",
      message: "Too few parameter values were provided",
    });
    assert.throws(() => st.get(1, 2, 3), {
      name: "RangeError",
      message: "Too many parameter values were provided",
    });
    const named = db.prepare("SELECT :x, @y");
    assert.throws(() => named.get({ x: 1 }), {
      name: "RangeError",
      message: 'Missing named parameter "y"',
    });
    assert.throws(() => named.get(), { name: "TypeError", message: "Missing named parameters" });
    assert.throws(() => db.prepare("SELECT ?1 || ?").get("a", "b"), {
      name: "RangeError",
      message: "Too many parameter values were provided",
    });
    assert.throws(() => db.prepare("SELECT ?1 || ? || ?").get("a", "b"), {
      name: "TypeError",
      message: "Missing named parameters",
    });
    assert.throws(() => named.get({ x: 1, y: 2 }, { y: 2 }), {
      name: "TypeError",
      message: "You cannot specify named parameters in two different objects",
    });
    assert.throws(() => named.get(Object.create({ x: 1, y: 2 })), {
      name: "TypeError",
      message: "Named parameters can only be passed within plain objects",
    });
    assert.throws(() => db.prepare("SELECT ?").get(2n ** 64n), {
      name: "RangeError",
      message: "The bound string, buffer, or bigint is too big",
    });
    for (const bad of [true, new Date(0), () => 1, Symbol("s")]) {
      assert.throws(() => db.prepare("SELECT ?").get(bad), {
        name: "TypeError",
        message: "SQLite3 can only bind numbers, strings, bigints, buffers, and null",
      });
    }
    db.close();
  });

  Deno.test(name("bind() binds for good; a second bind() or run arguments are TypeErrors"), () => {
    const db = open(backend);
    const st = db.prepare("SELECT name FROM authors WHERE id = ?").pluck();
    assert.equal(st.bind(2), st);
    assert.equal(st.get(), "Italo");
    assert.deepEqual(st.all(), ["Italo"]);
    assert.throws(() => st.get(3), {
      name: "TypeError",
      message: "This statement already has bound parameters",
    });
    assert.throws(() => st.bind(3), {
      name: "TypeError",
      message: "The bind() method can only be invoked once per statement object",
    });
    assert.throws(() => db.prepare("SELECT ?").bind(), { name: "RangeError" });
    db.close();
  });

  Deno.test(
    name("safeIntegers: INTEGERs as bigint, REALs stay numbers; the database default"),
    () => {
      const db = open(backend);
      const sql = "SELECT id, price, sold FROM books ORDER BY id";
      const st = db.prepare(sql).safeIntegers();
      assert.deepEqual(
        st.all(),
        oracleAll(path, sql, [], true).map((r) => ({
          ...r,
          price: r.price === null ? null : Number(r.price),
        })),
      );
      assert.equal(st.get()!.constructor, Object);
      assert.equal((st.get() as { sold: bigint }).sold, 1000n);
      assert.deepEqual(st.run(), { changes: 0, lastInsertRowid: 0n });
      const plain = db.prepare("SELECT sold FROM books WHERE id = 1").pluck();
      assert.equal(plain.get(), 1000);
      assert.equal(plain.safeIntegers(true).get(), 1000n);
      assert.equal(plain.safeIntegers(false).get(), 1000);
      db.defaultSafeIntegers();
      assert.equal(db.prepare("SELECT count(*) FROM books").pluck().get(), 6n);
      db.defaultSafeIntegers(false);
      assert.equal(db.prepare("SELECT count(*) FROM books").pluck().get(), 6);
      db.close();
    },
  );

  Deno.test(name("reader, readonly, source, database; run() of a query"), () => {
    const db = open(backend);
    const query = db.prepare("SELECT 1 AS one");
    assert.equal(query.reader, true);
    assert.equal(query.readonly, true);
    assert.equal(query.source, "SELECT 1 AS one");
    assert.equal(query.database, db);
    assert.deepEqual(query.run(), { changes: 0, lastInsertRowid: 0 });
    const begin = db.prepare("BEGIN");
    assert.equal(begin.reader, false);
    assert.throws(() => begin.get(), {
      name: "TypeError",
      message: "This statement does not return data. Use run() instead",
    });
    for (const method of ["pluck", "expand", "raw", "columns"] as const) {
      assert.throws(() => begin[method](), {
        name: "TypeError",
        message: `The ${method}() method is only for statements that return data`,
      });
    }
    db.close();
  });

  Deno.test(name("an open iterator makes its statement busy and run() wait"), () => {
    const db = open(backend);
    const st = db.prepare("SELECT id FROM authors ORDER BY id").pluck();
    const other = db.prepare("SELECT 1");
    const seen: unknown[] = [];
    for (const id of st.iterate()) {
      seen.push(id);
      assert.equal(st.busy, true);
      assert.throws(() => st.get(), {
        name: "TypeError",
        message: "This statement is busy executing a query",
      });
      assert.equal(other.get() !== undefined, true, "other statements still read");
      assert.throws(() => other.run(), {
        name: "TypeError",
        message: "This database connection is busy executing a query",
      });
      if (id === 2) break;
    }
    assert.deepEqual(seen, [1, 2]);
    assert.equal(st.busy, false);
    assert.deepEqual(other.run(), { changes: 0, lastInsertRowid: 0 });
    db.close();
  });
}
