/**
 * Kysely over the better-sqlite3 drop-in: typed queries (filters, a join, GROUP BY with an
 * aggregate, executeTakeFirst, streaming) run through `SqliteDialect({ database })` on
 * every backend, each compared with the same compiled SQL and parameters on node:sqlite.
 */
import assert from "node:assert/strict";
import { type Compilable, Kysely, sql, SqliteDialect } from "kysely";
import Database from "../better_sqlite3.ts";
import { TEST_BACKENDS } from "./support/backends.ts";
import { buildLibraryDb, oracleAll } from "./support/bs3_fixture.ts";

/** The fixture's tables, as Kysely sees them. */
interface DB {
  authors: { id: number; name: string; born: number | null };
  books: {
    id: number;
    author_id: number;
    title: string;
    price: number | null;
    cover: Uint8Array | null;
    sold: number | null;
  };
}

const path = buildLibraryDb();

/** What node:sqlite returns for the query Kysely compiled. */
function oracle(query: Compilable): Record<string, unknown>[] {
  const { sql, parameters } = query.compile();
  return oracleAll(path, sql, parameters as (string | number | null)[]);
}

/** Queries over `db`; the Kysely instance only compiles them. */
function queries(db: Kysely<DB>) {
  return {
    cheapBooks: db.selectFrom("books")
      .where("price", "<", 11)
      .where("title", "like", "%a%")
      .select(["id", "title", "price"])
      .orderBy("price", "desc"),
    booksWithAuthors: db.selectFrom("books")
      .innerJoin("authors", "authors.id", "books.author_id")
      .where("authors.born", ">", 1925)
      .select(["books.title", "authors.name as author"])
      .orderBy("books.id"),
    perAuthor: db.selectFrom("authors")
      .leftJoin("books", "books.author_id", "authors.id")
      .groupBy("authors.name")
      .select((eb) => [
        "authors.name",
        eb.fn.count<number>("books.id").as("books"),
        eb.fn.avg<number>("books.price").as("avg_price"),
      ])
      .having((eb) => eb.fn.count("books.id"), ">=", 0)
      .orderBy("authors.name"),
    byTitle: db.selectFrom("books").where("title", "=", "Kindred").select([
      "id",
      "title",
      "author_id",
    ]),
  };
}

for (const backend of TEST_BACKENDS) {
  Deno.test(`kysely [${backend}]: typed selects, a join and a GROUP BY match node:sqlite`, async () => {
    const db = new Kysely<DB>({
      dialect: new SqliteDialect({ database: new Database(path, { backend } as never) }),
    });
    try {
      const q = queries(db);
      const cheap = await q.cheapBooks.execute();
      assert.deepEqual(cheap, oracle(q.cheapBooks));
      assert.ok(cheap.length > 0);
      const joined = await q.booksWithAuthors.execute();
      assert.deepEqual(joined, oracle(q.booksWithAuthors));
      assert.deepEqual(joined.map((r) => r.author), ["Ursula", "Ursula", "Octavia", "Octavia"]);
      assert.deepEqual(await q.perAuthor.execute(), oracle(q.perAuthor));
      const first = await q.byTitle.executeTakeFirst();
      assert.deepEqual(first, oracle(q.byTitle)[0]);
      assert.deepEqual(first, { id: 5, title: "Kindred", author_id: 3 });
      assert.equal(
        await db.selectFrom("books").where("id", "=", 99).selectAll().executeTakeFirst(),
        undefined,
      );
    } finally {
      await db.destroy();
    }
  });

  Deno.test(`kysely [${backend}]: stream(), raw sql, a transaction, and writes refused`, async () => {
    const database = new Database(path, { backend } as never);
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
    try {
      const streamed: unknown[] = [];
      for await (const row of db.selectFrom("authors").select("name").orderBy("id").stream()) {
        streamed.push(row.name);
      }
      assert.deepEqual(streamed, ["Ursula", "Italo", "Octavia", "Anon"]);
      const raw = await sql<{ n: number }>`SELECT count(*) AS n FROM books WHERE sold > ${500}`
        .execute(db);
      assert.deepEqual(raw.rows, [{ n: 4 }]);
      const inside = await db.transaction().execute(async (trx) => {
        assert.equal(database.inTransaction, true);
        return await trx.selectFrom("authors").select("id").where("name", "=", "Italo")
          .executeTakeFirstOrThrow();
      });
      assert.deepEqual(inside, { id: 2 });
      assert.equal(database.inTransaction, false);
      await assert.rejects(
        db.insertInto("authors").values({ id: 9, name: "X", born: null }).execute(),
        { code: "SQLITE_READONLY", message: "attempt to write a readonly database" },
      );
    } finally {
      await db.destroy();
    }
    assert.equal(database.open, false, "Kysely's destroy() closes the database");
  });
}
