/**
 * Resumable runs of the interpreter (StartOptions.resumable, for lazy sources): a run that
 * meets a page its source has not fetched (PageMiss) stays open, and `step()` called once
 * the bytes are there goes on from the instruction that missed, with the rows of an
 * uninterrupted run. The source here forgets what it fetched as soon as it is read (and
 * holds at most a few blocks), and the page cache is the smallest there is, so pages miss
 * again and again: a run started over would never finish a scan larger than the cache; a
 * resumed one fetches about once per page.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { INTERPRETER } from "../backends/interpreter/mod.ts";
import "../interpreter.ts"; // registers the backend `Database` is opened with
import { compileStatement } from "../core/api/compile.ts";
import { Database, installPathOpener } from "../core/api/database.ts";
import { resultValue } from "../core/api/result_values.ts";
import { DatabaseFile } from "../core/database_file.ts";
import type { ByteSource } from "../core/io/byte_source.ts";
import { openDatabaseFile } from "../core/io/open_path.ts";
import { PageMiss } from "../core/io/page_miss.ts";
import "../core/format/resumable_cursor.ts"; // resumable cursors' moves (as remote.ts loads them)

const BLOCK = 4096;
/** Fetched blocks the source keeps (the oldest go first). */
const HELD_BLOCKS = 8;

/**
 * A file's bytes, served only for blocks fetched and not yet read: once `forgetful`, every
 * read uses up the blocks it read, so a page evicted from the cache misses again.
 */
class ForgetfulSource implements ByteSource {
  readonly #held: number[] = [];
  fetches = 0;
  forgetful = false;
  constructor(private readonly bytes: Uint8Array) {}
  get size(): number {
    return this.bytes.length;
  }
  #take(offset: number, length: number): void {
    const end = Math.min(offset + length, this.bytes.length);
    const first = Math.floor(offset / BLOCK);
    for (let b = first; b * BLOCK < end; b++) {
      if (!this.#held.includes(b)) throw new PageMiss(offset, end);
    }
    if (!this.forgetful) return;
    for (let b = first; b * BLOCK < end; b++) this.#held.splice(this.#held.indexOf(b), 1);
  }
  read(offset: number, length: number): Uint8Array {
    this.#take(offset, length);
    return this.bytes.slice(offset, offset + length);
  }
  readInto(target: Uint8Array, offset: number): number {
    this.#take(offset, target.length);
    const part = this.bytes.subarray(offset, offset + target.length);
    target.set(part);
    return part.length;
  }
  fetch(miss: PageMiss): void {
    this.fetches++;
    for (let b = Math.floor(miss.start / BLOCK); b * BLOCK < miss.end; b++) {
      if (!this.#held.includes(b)) this.#held.push(b);
    }
    while (this.#held.length > HELD_BLOCKS) this.#held.shift();
  }
  close(): void {}
}

const dir = Deno.makeTempDirSync({ prefix: "litejit-resume-" });
const path = `${dir}/t.db`;
{
  const db = new DatabaseSync(path);
  db.exec(`
    PRAGMA page_size = 4096;
    CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER, name TEXT, pad TEXT, note TEXT, big BLOB);
    CREATE INDEX t_k ON t(k);
    CREATE TABLE u(k INTEGER PRIMARY KEY, label TEXT);
    CREATE TABLE w(a TEXT PRIMARY KEY, b INTEGER, c TEXT) WITHOUT ROWID;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12000)
    INSERT INTO t SELECT i, (i * 7919) % 997, 'name ' || i, printf('%.*c', 60 + i % 40, 'p'),
      CASE WHEN i % 700 = 0 THEN printf('%.*c', 6000 + i, 'n') || i END,
      CASE WHEN i % 5000 = 0 THEN zeroblob(200000) || randomblob(16) END FROM n;
    INSERT INTO u SELECT DISTINCT k, 'label ' || k FROM t WHERE k % 3 = 0;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
    INSERT INTO w SELECT 'key ' || (i * 31 % 5000), i, printf('%.*c', 40 + i % 50, 'w') FROM n;
  `);
  db.close();
}
const bytes = Deno.readFileSync(path);
const pageCount = bytes.length / 4096;
const oracle = new DatabaseSync(path, { readOnly: true });
/** node:sqlite's rows (null-prototype objects) as plain objects. */
const expected = (sql: string) => oracle.prepare(sql).all().map((r) => ({ ...r }));

/**
 * Asserts `got` holds node:sqlite's rows for `sql`, row by row: a diff of thousands of
 * rows would take node:assert minutes to print.
 */
function assertRows(got: Record<string, unknown>[], sql: string): void {
  const want = expected(sql);
  for (let i = 0; i < Math.min(got.length, want.length); i++) {
    assert.deepEqual(got[i], want[i], `${sql}: row ${i}`);
  }
  assert.equal(got.length, want.length, `${sql}: row count`);
}

/** Opens the file through a forgetful source with the smallest cache, on the interpreter. */
function openLazy(): { db: Database; file: DatabaseFile; source: ForgetfulSource } {
  const source = new ForgetfulSource(bytes);
  let file: DatabaseFile | null = null;
  installPathOpener((_path, options) => (file = new DatabaseFile(source, null, options)));
  try {
    for (let i = 0;; i++) {
      try {
        const db = new Database("lazy.db", { backend: "interpreter", cachePages: 16 });
        source.forgetful = true;
        return { db, file: file!, source };
      } catch (e) {
        if (!(e instanceof PageMiss) || i > 1000) throw e;
        source.fetch(e);
      }
    }
  } finally {
    installPathOpener(openDatabaseFile);
  }
}

/**
 * Runs `sql` resumable: one execution from start to end, fetching each miss and calling
 * `step()` again. Returns the rows (plain objects, as node:sqlite gives them) and how
 * many misses the run met.
 */
function runResumable(file: DatabaseFile, source: ForgetfulSource, sql: string) {
  const c = compileStatement(file, sql, INTERPRETER);
  assert.equal(c.kind, "select");
  if (c.kind !== "select") throw new Error("not a select");
  const run = c.program.start([], { resumable: true });
  assert.equal(run.resumable, true);
  const rows: Record<string, unknown>[] = [];
  let misses = 0;
  for (;;) {
    let more: boolean;
    try {
      more = run.step();
    } catch (e) {
      if (!(e instanceof PageMiss)) throw e;
      if (++misses > 100_000) throw new Error("no progress");
      source.fetch(e);
      continue;
    }
    if (!more) break;
    if (rows.length > 50_000) throw new Error("more rows than any query here has");
    const row: Record<string, unknown> = {};
    c.columns.forEach((col, i) => row[col.name] = resultValue(run.row[i], false, file.encoding));
    rows.push(row);
  }
  return { rows, misses };
}

const QUERIES = [
  // Scans forward and backward, by rowid.
  "SELECT id, k, name FROM t ORDER BY id",
  "SELECT id, length(pad) AS len FROM t WHERE id > 11000 ORDER BY id DESC",
  // Index range scans, with and without the table row; index-only scans.
  "SELECT id, k, name FROM t WHERE k BETWEEN 100 AND 140 ORDER BY k, id",
  "SELECT k FROM t WHERE k > 800 ORDER BY k",
  "SELECT k, id FROM t INDEXED BY t_k ORDER BY k DESC, id DESC",
  // Sorters, grouping, DISTINCT.
  "SELECT id, name FROM t ORDER BY name DESC LIMIT 40",
  "SELECT k, id, substr(pad, 1, 3) AS p FROM t ORDER BY pad, id",
  "SELECT k % 50 AS g, count(*) AS n, sum(length(pad)) AS s, max(name) AS m FROM t GROUP BY g ORDER BY g",
  "SELECT DISTINCT k FROM t WHERE id % 3 = 0 ORDER BY k",
  // Joins (nested loops seeking by rowid and by index), subqueries.
  "SELECT t.id, u.label FROM t JOIN u ON u.k = t.k WHERE t.id % 5 = 0 ORDER BY t.id",
  "SELECT u.k, t.id FROM u JOIN t ON t.k = u.k WHERE u.k < 120 ORDER BY u.k, t.id",
  "SELECT u.k, (SELECT count(*) FROM t WHERE t.k = u.k) AS n, " +
  "(SELECT max(name) FROM t WHERE t.k = u.k AND t.id > 100) AS m FROM u ORDER BY u.k",
  "SELECT id FROM t WHERE k IN (SELECT k FROM u WHERE label < 'label 3') ORDER BY id",
  "SELECT count(*) AS n FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.k = t.k)",
  // Overflow pages: values of a few pages, and chains much longer than the cache.
  "SELECT id, length(note) AS len, substr(note, 5990, 30) AS tail FROM t " +
  "WHERE note IS NOT NULL ORDER BY id",
  "SELECT id, length(big) AS len, hex(substr(big, 200001, 16)) AS tail FROM t " +
  "WHERE big IS NOT NULL",
  // WITHOUT ROWID.
  "SELECT a, b, c FROM w ORDER BY a",
  "SELECT a, b FROM w WHERE a BETWEEN 'key 1200' AND 'key 1300' ORDER BY a DESC",
  "SELECT w.a, t.name FROM w JOIN t ON t.id = w.b WHERE w.b % 97 = 0 ORDER BY w.a",
  // count(*) over whole b-trees (the fast path) and counts in loops.
  "SELECT count(*) AS n FROM t",
  "SELECT count(*) AS n FROM w",
  "SELECT count(*) AS n, sum(k) AS s FROM t WHERE k > 500",
  // Table-valued functions (pragma_table_list reads sqlite_schema's pages again).
  "SELECT name, type FROM pragma_table_info('t') ORDER BY cid",
  "SELECT name, type, ncol FROM pragma_table_list WHERE schema = 'main' ORDER BY name",
];

Deno.test("resumable run: every kind of query answers as SQLite through misses with a 16-page cache", () => {
  const { db, file, source } = openLazy();
  try {
    for (const sql of QUERIES) {
      const { rows, misses } = runResumable(file, source, sql);
      assertRows(rows, sql);
      if (!sql.includes("pragma_")) assert.ok(misses > 0, `${sql}: met no miss`);
    }
  } finally {
    db.close();
  }
});

Deno.test("resumable run: a scan many times larger than the cache fetches about once per page", () => {
  assert.ok(pageCount > 30 * 16, `the file (${pageCount} pages) dwarfs the cache`);
  const { db, file, source } = openLazy();
  try {
    const sql = "SELECT id, k, name, pad FROM t ORDER BY id";
    const before = source.fetches;
    const allocated = file.pager.pool.allocated;
    const { rows } = runResumable(file, source, sql);
    assertRows(rows, sql);
    const fetches = source.fetches - before;
    // t is most of the file; one fetch per page at most (read-ahead fetches runs).
    assert.ok(fetches > 50 && fetches <= pageCount, `${fetches} fetches for ${pageCount} pages`);
    // Every interrupted move gave back the page pins it took: evicted pages' buffers were
    // reused, so the scan allocated about a cache's worth of buffers, not one per page.
    assert.ok(file.pager.pool.allocated - allocated <= 32, "page buffers were reused");
  } finally {
    db.close();
  }
});

Deno.test("restarting instead of resuming: the same scan does not finish in many times the fetches", () => {
  const { db, file, source } = openLazy();
  try {
    const c = compileStatement(file, "SELECT id, pad FROM t ORDER BY id", INTERPRETER);
    if (c.kind !== "select") throw new Error("not a select");
    let finished = false;
    const budget = 4 * pageCount;
    while (!finished && source.fetches < budget) {
      const run = c.program.start([]);
      try {
        while (run.step());
        finished = true;
      } catch (e) {
        if (!(e instanceof PageMiss)) throw e;
        source.fetch(e);
      }
    }
    assert.equal(finished, false, "the re-runs keep needing evicted pages");
  } finally {
    db.close();
  }
});

Deno.test("not resumable: a PageMiss ends the run as before", () => {
  const { db, file, source } = openLazy();
  try {
    const c = compileStatement(file, "SELECT id, name FROM t ORDER BY id", INTERPRETER);
    if (c.kind !== "select") throw new Error("not a select");
    const run = c.program.start([]);
    assert.ok(!run.resumable);
    assert.throws(() => {
      while (run.step());
    }, (e) => e instanceof PageMiss);
    source.fetch(new PageMiss(0, bytes.length > 65536 ? 65536 : bytes.length));
    assert.equal(run.step(), false, "the run is over");
    // The statement API's runs are not resumable either unless asked.
    const st = db.prepare("SELECT count(*) AS n FROM t");
    assert.throws(() => st.get(), (e) => e instanceof PageMiss);
  } finally {
    db.close();
  }
});
