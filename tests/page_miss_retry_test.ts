/**
 * The contract lazy sources (issue 16: HTTP ranges, Blobs read on demand) build on: a page
 * source may throw, mid-statement, an exception of its own for bytes it does not have
 * yet; every backend lets it through unchanged (no wrapping, no swallowing), leaves the
 * connection and the statement usable, and a statement run again once the bytes are there
 * answers exactly as SQLite does. Opening the connection is retried the same way.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { Database, installPathOpener } from "../core/api/database.ts";
import { DatabaseFile } from "../core/database_file.ts";
import type { ByteSource } from "../core/io/byte_source.ts";
import { openDatabaseFile } from "../core/io/open_path.ts";
import { TEST_BACKENDS } from "./support/backends.ts";

const BLOCK = 4096;

/** What the source throws for bytes it does not hold yet (not a SqliteError). */
class NotFetched {
  constructor(readonly start: number, readonly end: number) {}
}

/** The bytes of a file, handed out only for blocks fetched so far. */
class FetchOnDemand implements ByteSource {
  readonly fetched = new Set<number>();
  misses = 0;
  constructor(private readonly bytes: Uint8Array) {}
  get size(): number {
    return this.bytes.length;
  }
  #need(offset: number, length: number): void {
    const end = Math.min(offset + length, this.bytes.length);
    for (let b = Math.floor(offset / BLOCK); b * BLOCK < end; b++) {
      if (!this.fetched.has(b)) throw new NotFetched(offset, end);
    }
  }
  read(offset: number, length: number): Uint8Array {
    this.#need(offset, length);
    return this.bytes.slice(offset, offset + length);
  }
  readInto(target: Uint8Array, offset: number): number {
    this.#need(offset, target.length);
    const part = this.bytes.subarray(offset, offset + target.length);
    target.set(part);
    return part.length;
  }
  fetch(miss: NotFetched): void {
    this.misses++;
    for (let b = Math.floor(miss.start / BLOCK); b * BLOCK < miss.end; b++) this.fetched.add(b);
  }
  close(): void {}
}

/** Runs `attempt` until no NotFetched escapes it, fetching each miss in between. */
function withRetries<T>(source: FetchOnDemand, attempt: () => T): T {
  for (let i = 0; i < 10_000; i++) {
    try {
      return attempt();
    } catch (e) {
      if (!(e instanceof NotFetched)) throw e;
      source.fetch(e);
    }
  }
  throw new Error("no progress after 10000 attempts");
}

const dir = Deno.makeTempDirSync({ prefix: "litejit-miss-" });
const path = `${dir}/t.db`;
{
  const db = new DatabaseSync(path);
  db.exec(`
    PRAGMA page_size = 4096;
    CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER, name TEXT, note TEXT);
    CREATE INDEX t_k ON t(k);
    CREATE TABLE u(k INTEGER PRIMARY KEY, label TEXT);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 4000)
    INSERT INTO t SELECT i, (i * 7919) % 997, 'name ' || i,
      CASE WHEN i % 500 = 0 THEN hex(randomblob(3000)) END FROM n;
    INSERT INTO u SELECT DISTINCT k, 'label ' || k FROM t WHERE k < 50;
  `);
  db.close();
}
const bytes = Deno.readFileSync(path);
const oracle = new DatabaseSync(path, { readOnly: true });
/** node:sqlite's rows (null-prototype objects) as plain objects. */
const expected = (sql: string) => oracle.prepare(sql).all().map((r) => ({ ...r }));

const QUERIES = [
  "SELECT * FROM t WHERE id = 2718",
  "SELECT id, name FROM t WHERE k BETWEEN 10 AND 12 ORDER BY id",
  "SELECT count(*), sum(k), max(name) FROM t",
  "SELECT k, count(*) AS n FROM t GROUP BY k ORDER BY n DESC, k LIMIT 5",
  "SELECT length(note), substr(note, 2990) FROM t WHERE note IS NOT NULL ORDER BY id",
  "SELECT u.label, count(*) FROM t JOIN u USING (k) GROUP BY u.label ORDER BY 1 LIMIT 4",
  "SELECT name FROM t WHERE id IN (SELECT k FROM u) ORDER BY name DESC LIMIT 3",
];

for (const backend of TEST_BACKENDS) {
  Deno.test(`page miss: ${backend} lets a source's own exception through, then answers as SQLite`, () => {
    const source = new FetchOnDemand(bytes);
    installPathOpener((_path, options) => new DatabaseFile(source, null, options));
    try {
      const db = withRetries(source, () => new Database("lazy.db", { backend }));
      const missesAtOpen = source.misses;
      assert.ok(missesAtOpen >= 1, "opening read page 1 through the source");
      // A miss while iterating (nothing but the schema is fetched yet): the statement
      // runs again from the start.
      const sql = "SELECT id, k FROM t WHERE id > 3500 ORDER BY id";
      const st = db.prepare(sql);
      const before = source.misses;
      const got = withRetries(source, () => [...st.iterate()]);
      assert.ok(source.misses > before, "iterate met unfetched pages");
      assert.deepEqual(got, expected(sql));

      for (const sql of QUERIES) {
        const st = db.prepare(sql);
        const rows = withRetries(source, () => st.all());
        assert.deepEqual(rows, expected(sql), sql);
      }
      assert.ok(source.misses > missesAtOpen + QUERIES.length, "the queries missed pages");

      db.close();
    } finally {
      installPathOpener(openDatabaseFile);
    }
  });
}
