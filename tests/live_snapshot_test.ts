/**
 * What a statement does when its snapshot moves under it (issue 17), made to happen at a
 * chosen row: a user function called by the statement itself commits through node:sqlite
 * (and checkpoints, in WAL mode) while litejit is between rows, with a cache small enough
 * that the rows after it read pages from the file. node:sqlite, on the same file, is the
 * oracle for every result.
 *
 * - `all()` and `get()` run again on the new commit, invisibly: the result is the new
 *   commit's, never a mix;
 * - `iterate()` that handed out a row throws `SQLITE_BUSY_SNAPSHOT`;
 * - a transaction (BEGIN … COMMIT) keeps its snapshot, as SQLite's read transaction does;
 * - a statement being iterated keeps the snapshot for the other statements of its
 *   connection until it ends;
 * - a rollback journal being applied (a writer between its first and last write) makes
 *   statements wait, then `SQLITE_BUSY` after `busyTimeout`, once they read a page from the
 *   file or the commit changed the counter; cached pages of the last commit are read at once;
 * - a file renamed over the path is read from the next statement 50 ms on.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { Database, SqliteError } from "../mod.ts";
import { TEST_BACKENDS } from "./support/backends.ts";

type Journal = "wal" | "delete";
const ROWS = 400;

/**
 * t(id, v, pad): ROWS rows over about 100 pages; `writer` stays open. In WAL mode the rows
 * are checkpointed into the database file (`inWal`: left in WAL frames).
 */
function withFile(
  journal: Journal,
  fn: (path: string, writer: DatabaseSync) => void,
  inWal = false,
): void {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_snapshot_" });
  const path = `${dir}/db.sqlite`;
  const writer = new DatabaseSync(path);
  try {
    writer.exec(`PRAGMA journal_mode=${journal}; PRAGMA wal_autocheckpoint=0;`);
    writer.exec("CREATE TABLE t(id INTEGER PRIMARY KEY, v INTEGER, pad TEXT)");
    writer.exec(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
       INSERT INTO t SELECT i, 0, printf('%.*c', 900, 'x') FROM n`,
    );
    if (journal === "wal" && !inWal) writer.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    fn(path, writer);
  } finally {
    writer.close();
    Deno.removeSync(dir, { recursive: true });
  }
}

/** One commit that changes every row's v (and, in WAL mode, copies it into the file). */
function commitEverywhere(writer: DatabaseSync, journal: Journal, v: number): void {
  writer.exec(`UPDATE t SET v = ${v}`);
  if (journal === "wal") writer.exec("PRAGMA wal_checkpoint(PASSIVE)");
}

const QUERY = "SELECT id, v, poke(id) AS p FROM t ORDER BY id";

/** Registers poke(id): at id 2, once, commits v = `v` through `writer`. */
function pokeOnce(db: Database, writer: DatabaseSync, journal: Journal, v: number) {
  let poked = false;
  db.function("poke", (id: number) => {
    if (id === 2 && !poked) {
      poked = true;
      commitEverywhere(writer, journal, v);
    }
    return 0;
  });
  return () => poked;
}

for (const backend of TEST_BACKENDS) {
  for (const journal of ["wal", "delete"] as const) {
    const label = `${backend}, journal_mode=${journal}`;
    const open = (path: string) => new Database(path, { backend, cachePages: 16 });

    Deno.test(`live snapshot: ${label}: all() overtaken mid-run runs again on the new commit`, () =>
      withFile(journal, (path, writer) => {
        const db = open(path);
        const poked = pokeOnce(db, writer, journal, 7);
        const rows = db.prepare(QUERY).all();
        assert.ok(poked());
        const expected = writer.prepare("SELECT id, v, 0 AS p FROM t ORDER BY id").all();
        assert.deepEqual(rows.map((r) => ({ ...r })), expected.map((r) => ({ ...r })));
        assert.ok(rows.every((r) => r.v === 7), "every row from the new commit");
        db.close();
      }));

    Deno.test(`live snapshot: ${label}: get() of an aggregate overtaken mid-run is the new commit's`, () =>
      withFile(journal, (path, writer) => {
        const db = open(path);
        const poked = pokeOnce(db, writer, journal, 3);
        const row = db.prepare("SELECT sum(v) AS s, count(poke(id)) AS n FROM t").get();
        assert.ok(poked());
        assert.deepEqual({ ...row }, { s: 3 * ROWS, n: ROWS });
        db.close();
      }));

    Deno.test(`live snapshot: ${label}: iterate() overtaken after a row was handed out throws SQLITE_BUSY_SNAPSHOT`, () =>
      withFile(journal, (path, writer) => {
        const db = open(path);
        pokeOnce(db, writer, journal, 5);
        const seen: number[] = [];
        assert.throws(
          () => {
            for (const row of db.prepare(QUERY).iterate()) seen.push(row.v as number);
          },
          (e) => e instanceof SqliteError && e.code === "SQLITE_BUSY_SNAPSHOT",
        );
        assert.ok(seen.length >= 1 && seen.every((v) => v === 0), `rows seen: ${seen}`);
        // The connection goes on with the new commit.
        assert.deepEqual({ ...db.prepare("SELECT min(v) AS lo, max(v) AS hi FROM t").get() }, {
          lo: 5,
          hi: 5,
        });
        db.close();
      }));

    // With a cache that holds the whole table: in rollback mode the writer rewrites the
    // file in place, so a kept snapshot lasts only while its pages are cached (past that, a
    // read would throw SQLITE_BUSY_SNAPSHOT, never mix).
    if (journal === "wal") {
      Deno.test(`live snapshot: ${label}: a run reading WAL frames outlives a checkpoint of later commits`, () =>
        withFile(journal, (path, writer) => {
          // A checkpoint writes the database file only: frames of the snapshot stay valid
          // until the WAL restarts, so the run ends on the commit it started on.
          const db = open(path);
          const poked = pokeOnce(db, writer, journal, 7);
          const rows = db.prepare(QUERY).all();
          assert.ok(poked());
          assert.ok(rows.length === ROWS && rows.every((r) => r.v === 0));
          assert.ok(db.prepare("SELECT count(*) AS n FROM t WHERE v = 7").get()!.n === ROWS);
          db.close();
        }, true));
    }

    Deno.test(`live snapshot: ${label}: a transaction keeps its snapshot until COMMIT`, () =>
      withFile(journal, (path, writer) => {
        const db = new Database(path, { backend });
        const sum = db.prepare("SELECT sum(v) AS s FROM t");
        db.prepare("BEGIN").all();
        assert.equal(sum.get()!.s, 0);
        writer.exec("UPDATE t SET v = 1 WHERE id <= 10");
        assert.equal(sum.get()!.s, 0, "inside the transaction: the snapshot it began with");
        db.prepare("COMMIT").all();
        assert.equal(sum.get()!.s, 10, "after COMMIT: the latest commit");
        db.close();
      }));

    Deno.test(`live snapshot: ${label}: statements share the snapshot of a statement still iterating`, () =>
      withFile(journal, (path, writer) => {
        const db = new Database(path, { backend });
        const sum = db.prepare("SELECT sum(v) AS s FROM t");
        assert.equal(sum.get()!.s, 0);
        const first = db.prepare("SELECT id FROM t WHERE id <= 2").iterate();
        assert.deepEqual({ ...first.next().value }, { id: 1 });
        writer.exec("UPDATE t SET v = 2 WHERE id <= 10");
        assert.equal(sum.get()!.s, 0, "while another statement reads: its snapshot");
        first.return?.();
        assert.equal(sum.get()!.s, 20, "once it ended: the latest commit");
        db.close();
      }));

    Deno.test(`live snapshot: ${label}: statements run back to back each read the commit made between them`, () =>
      withFile(journal, (path, writer) => {
        // A run that starts moments after the last one starts on its snapshot without
        // looking at the file (core/io/live_reads.ts): its first check must find the
        // commit. Unsynced commits take microseconds, so the runs are moments apart; with
        // 16 pages cached the runs read pages from the file, with 1000 none.
        writer.exec("PRAGMA synchronous=OFF");
        for (const cachePages of [16, 1000]) {
          const db = new Database(path, { backend, cachePages });
          const lookup = db.prepare("SELECT v FROM t WHERE id = ?");
          const sum = db.prepare("SELECT sum(v) AS s FROM t");
          for (let i = 1; i <= 30; i++) {
            const id = 1 + (i * 37) % ROWS;
            const base = cachePages * 100 + i;
            writer.exec(`UPDATE t SET v = ${base} WHERE id = ${id}`);
            assert.equal(lookup.get(id)!.v, base, `commit ${i}: the row it changed`);
            if (i % 10 === 0) commitEverywhere(writer, journal, i);
            const expected = writer.prepare("SELECT sum(v) AS s FROM t").get()!.s;
            assert.equal(sum.get()!.s, expected, `commit ${i}: the table after it`);
          }
          db.close();
        }
      }));
  }

  Deno.test(`live snapshot: ${backend}: a rollback journal being applied makes statements wait, then SQLITE_BUSY`, () =>
    withFile("delete", (path, writer) => {
      const db = new Database(path, { backend, busyTimeout: 50 });
      const count = db.prepare("SELECT count(*) AS n FROM t");
      assert.equal(count.get()!.n, ROWS);
      writer.exec("DELETE FROM t WHERE id > 100");
      // The journal of a writer that may be writing the database file (what it starts with
      // once synced): the commit above is then as good as half written.
      const magic = new Uint8Array([0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7, 0, 0, 0, 1]);
      Deno.writeFileSync(`${path}-journal`, magic);
      const started = Date.now();
      assert.throws(
        () => count.get(),
        (e) => e instanceof SqliteError && e.code === "SQLITE_BUSY" && e.errcode === 5,
      );
      assert.ok(Date.now() - started >= 40, "it waited for the writer first");
      Deno.removeSync(`${path}-journal`);
      assert.equal(count.get()!.n, 100);
      db.close();
    }));

  Deno.test(`live snapshot: ${backend}: with no commit finished, cached pages are read through a writer's journal; a page from the file waits`, () =>
    withFile("delete", (path) => {
      const db = new Database(path, { backend, busyTimeout: 50, cachePages: 16 });
      const near = db.prepare("SELECT v FROM t WHERE id = 5");
      const far = db.prepare("SELECT v FROM t WHERE id = ?");
      assert.equal(near.get()!.v, 0);
      // A writer that synced its journal and may be writing pages, before its commit
      // finished (the change counter in page 1 is the same).
      const magic = new Uint8Array([0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7, 0, 0, 0, 1]);
      Deno.writeFileSync(`${path}-journal`, magic);
      const started = Date.now();
      assert.equal(near.get()!.v, 0, "the cached pages: the last commit, at once");
      assert.ok(Date.now() - started < 40, "without waiting for the writer");
      assert.throws(
        () => far.get(ROWS),
        (e) => e instanceof SqliteError && e.code === "SQLITE_BUSY",
        "a page read from the file while the journal is there is not taken",
      );
      Deno.removeSync(`${path}-journal`);
      assert.equal(far.get(ROWS)!.v, 0);
      db.close();
    }));

  Deno.test(`live snapshot: ${backend}: a file renamed over the path is read 50 ms later`, () =>
    withFile("delete", (path, writer) => {
      const db = new Database(path, { backend });
      assert.equal(db.prepare("SELECT count(*) AS n FROM t").get()!.n, ROWS);
      const other = new DatabaseSync(`${path}.new`);
      other.exec("CREATE TABLE t(id INTEGER PRIMARY KEY, v, pad); INSERT INTO t VALUES (1, 9, '')");
      other.close();
      Deno.renameSync(`${path}.new`, path);
      // Looked for at most every 50 ms (core/io/live_file.ts RENAME_CHECK_MS).
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60);
      assert.deepEqual(db.prepare("SELECT id, v FROM t").all().map((r) => ({ ...r })), [
        { id: 1, v: 9 },
      ]);
      void writer;
      db.close();
    }));
}

Deno.test("live snapshot: a WAL with no -shm (nobody has it open) is read as recovery reads it, then followed", () =>
  withFile("wal", (path, writer) => {
    writer.exec("UPDATE t SET v = 1 WHERE id <= 5"); // frames in the WAL
    for (const backend of TEST_BACKENDS) {
      const copy = `${path}.${backend}`;
      Deno.copyFileSync(path, copy);
      Deno.copyFileSync(`${path}-wal`, `${copy}-wal`);
      const db = new Database(copy, { backend });
      const sum = db.prepare("SELECT sum(v) AS s FROM t");
      assert.equal(sum.get()!.s, 5, `${backend}: the WAL's commit, read without -shm`);
      assert.equal(sum.get()!.s, 5);
      const other = new DatabaseSync(copy); // recovers, then writes its own commit
      other.exec("UPDATE t SET v = 2 WHERE id <= 5");
      assert.equal(sum.get()!.s, 10, `${backend}: a commit of a connection opened later`);
      other.close();
      assert.equal(sum.get()!.s, 10, `${backend}: after it closed and checkpointed`);
      db.close();
    }
  }));
