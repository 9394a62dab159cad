/**
 * Stale reads (issue 17): a litejit `Database` stays open while another connection
 * (node:sqlite, in this process) commits to the same file; each statement must then read
 * the latest commit, in WAL mode (before and after checkpoints) and in rollback-journal
 * mode, and must never mix pages it cached earlier with newer ones. node:sqlite, reading
 * the same file, is the oracle for every result; each step compares full results.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { Database, SqliteError } from "../mod.ts";
import { TEST_BACKENDS } from "./support/backends.ts";
import { prng } from "./support/mutate.ts";
import { padding } from "./support/live_schema.ts";

type Journal = "wal" | "delete";

/** A file written by `writer` (node:sqlite) and read by `db` (litejit). */
interface LiveFile {
  path: string;
  writer: DatabaseSync;
}

/** Creates t(id, v, pad) with 10 rows in `journal` mode and runs `fn` with the writer open. */
function withLiveFile(journal: Journal, fn: (file: LiveFile) => void): void {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_refresh_" });
  const path = `${dir}/live.db`;
  const writer = new DatabaseSync(path);
  try {
    writer.exec(`PRAGMA journal_mode=${journal}; PRAGMA wal_autocheckpoint=0;`);
    writer.exec("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT, pad TEXT)");
    insertRows(writer, 10, prng(1));
    fn({ path, writer });
  } finally {
    writer.close();
    Deno.removeSync(dir, { recursive: true });
  }
}

function insertRows(writer: DatabaseSync, n: number, random: () => number): void {
  const insert = writer.prepare("INSERT INTO t(v, pad) VALUES (?, ?)");
  writer.exec("BEGIN");
  for (let i = 0; i < n; i++) {
    const v = `v${Math.floor(random() * 1000)}`;
    insert.run(v, padding(Math.floor(random() * 600), i));
  }
  writer.exec("COMMIT");
}

/** Rows as plain objects (node:sqlite's have a null prototype). */
function plain(rows: unknown[]): Record<string, unknown>[] {
  return rows.map((r) => ({ ...(r as Record<string, unknown>) }));
}

/** litejit's rows for `sql` equal what node:sqlite reads from the same file right now. */
function assertSameRows(db: Database, file: LiveFile, sql: string, ...params: string[]): void {
  const oracle = new DatabaseSync(file.path, { readOnly: true });
  try {
    const expected = plain(oracle.prepare(sql).all(...params));
    assert.deepEqual(plain(db.prepare(sql).all(...params)), expected, sql);
  } finally {
    oracle.close();
  }
}

function count(db: Database): unknown {
  return (db.prepare("SELECT count(*) AS n FROM t").get() as { n: unknown }).n;
}

const ALL_ROWS = "SELECT * FROM t ORDER BY id";

for (const backend of TEST_BACKENDS) {
  for (const journal of ["wal", "delete"] as const) {
    Deno.test(`live refresh: ${backend}, journal_mode=${journal}: a count after another connection's insert sees the new rows`, () => {
      withLiveFile(journal, (file) => {
        const db = new Database(file.path, { backend });
        try {
          assert.equal(count(db), 10);
          insertRows(file.writer, 5, prng(2));
          assert.equal(count(db), 15);
          assertSameRows(db, file, ALL_ROWS);
          file.writer.exec(
            "UPDATE t SET v = 'changed' WHERE id % 3 = 0; DELETE FROM t WHERE id = 4",
          );
          assert.equal(count(db), 14);
          assertSameRows(db, file, ALL_ROWS);
        } finally {
          db.close();
        }
      });
    });

    Deno.test(`live refresh: ${backend}, journal_mode=${journal}: growing the file and splitting pages never mixes cached pages with new ones`, () => {
      withLiveFile(journal, (file) => {
        const random = prng(3);
        const db = new Database(file.path, { backend });
        try {
          assertSameRows(db, file, ALL_ROWS);
          const checkpoints = ["", "PASSIVE", "RESTART", "TRUNCATE"];
          for (let round = 0; round < 8; round++) {
            insertRows(file.writer, 150 + round * 40, random);
            file.writer.exec(`
              UPDATE t SET pad = substr(pad || pad, 1, 900) WHERE id % 7 = ${round % 7};
              DELETE FROM t WHERE id % 11 = ${round % 11} AND id > ${round * 50};`);
            if (round === 3) file.writer.exec("CREATE INDEX t_v ON t(v)");
            const kind = checkpoints[round % checkpoints.length];
            if (journal === "wal" && kind) file.writer.exec(`PRAGMA wal_checkpoint(${kind})`);
            assertSameRows(db, file, ALL_ROWS);
            assertSameRows(db, file, "SELECT count(*) AS n, sum(length(pad)) AS chars FROM t");
            assertSameRows(db, file, "SELECT id, v FROM t WHERE v = ? ORDER BY id", "v500");
          }
        } finally {
          db.close();
        }
      });
    });

    Deno.test(`live refresh: ${backend}, journal_mode=${journal}: a table created, indexed and dropped by the writer is seen`, () => {
      withLiveFile(journal, (file) => {
        const db = new Database(file.path, { backend });
        const oracle = new DatabaseSync(file.path, { readOnly: true });
        try {
          count(db); // the schema as of open is loaded and cached
          file.writer.exec(
            "CREATE TABLE fresh(x INTEGER, y TEXT); INSERT INTO fresh VALUES (1,'a'),(2,'b')",
          );
          assertSameRows(db, file, "SELECT * FROM fresh ORDER BY x");
          assert.ok(db.tables.some((t) => t.name === "fresh"), "db.tables lists the new table");
          file.writer.exec("CREATE INDEX fresh_y ON fresh(y); INSERT INTO fresh VALUES (3,'c')");
          assertSameRows(db, file, "SELECT x FROM fresh WHERE y = ?", "c");
          const ours = db.prepare("SELECT count(*) AS n FROM fresh");
          const theirs = oracle.prepare("SELECT count(*) AS n FROM fresh");
          assert.deepEqual({ ...ours.get() as object }, { ...theirs.get() as object });
          file.writer.exec("DROP TABLE fresh");
          // SQLite re-prepares a statement whose schema changed; that fails on the drop.
          assert.throws(() => theirs.get(), { message: "no such table: fresh" });
          assert.throws(
            () => ours.get(),
            (e) =>
              e instanceof SqliteError && e.code === "SQLITE_ERROR" &&
              e.message === "no such table: fresh",
          );
          assert.ok(!db.tables.some((t) => t.name === "fresh"), "db.tables drops the table");
        } finally {
          oracle.close();
          db.close();
        }
      });
    });
  }

  Deno.test(`live refresh: ${backend}: a statement prepares against the schema last read and fails or changes when it runs, as SQLite's`, () => {
    for (const journal of ["wal", "delete"] as const) {
      withLiveFile(journal, (file) => {
        file.writer.exec("CREATE TABLE gone(x); INSERT INTO gone VALUES (1)");
        // Both readers have read the schema before the writer changes it.
        const db = new Database(file.path, { backend });
        const oracle = new DatabaseSync(file.path, { readOnly: true });
        try {
          const what = (prepare: () => { columns(): { name: string }[]; all(): unknown[] }) => {
            let st;
            try {
              st = prepare();
            } catch (e) {
              return `prepare: ${(e as Error).message}`;
            }
            const columns = () => st.columns().map((c) => c.name).join(",");
            const before = columns();
            try {
              // node:sqlite counts a row's columns before the first step, which prepares
              // the statement again: the second run shows what SQLite returns.
              st.all();
              return `${before}: ${columns()}: ${JSON.stringify(plain(st.all()))}`;
            } catch (e) {
              return `${before}: run: ${(e as Error).message}`;
            }
          };
          const sqls = ["SELECT * FROM t WHERE id < 3", "SELECT * FROM u", "SELECT x FROM gone"];
          for (const sql of ["SELECT count(*) FROM t", "SELECT x FROM gone"]) {
            db.prepare(sql).all();
            oracle.prepare(sql).all();
          }
          file.writer.exec(
            "ALTER TABLE t ADD COLUMN extra DEFAULT 7; CREATE TABLE u(x); INSERT INTO u VALUES (5);" +
              "DROP TABLE gone",
          );
          for (const sql of sqls) {
            assert.equal(what(() => db.prepare(sql)), what(() => oracle.prepare(sql)), sql);
          }
        } finally {
          oracle.close();
          db.close();
        }
      });
    }
  });

  Deno.test(`live refresh: ${backend}, WAL: commits and checkpoints (RESTART, TRUNCATE) after open are all seen`, () => {
    withLiveFile("wal", (file) => {
      const db = new Database(file.path, { backend });
      try {
        const random = prng(4);
        let expected = 10;
        for (const kind of ["TRUNCATE", "RESTART", "PASSIVE", "TRUNCATE"]) {
          insertRows(file.writer, 20, random);
          expected += 20;
          assert.equal(count(db), expected, "after an insert");
          file.writer.exec(`PRAGMA wal_checkpoint(${kind})`);
          assert.equal(count(db), expected, `after wal_checkpoint(${kind})`);
          insertRows(file.writer, 3, random); // into the restarted WAL, from its start
          expected += 3;
          assert.equal(count(db), expected, `after an insert following ${kind}`);
          assertSameRows(db, file, ALL_ROWS);
        }
      } finally {
        db.close();
      }
    });
  });

  Deno.test(`live refresh: ${backend}, WAL: a -wal file that appears after open is read`, () => {
    const dir = Deno.makeTempDirSync({ prefix: "litejit_refresh_" });
    const path = `${dir}/late.db`;
    try {
      const setup = new DatabaseSync(path);
      setup.exec("PRAGMA journal_mode=WAL; CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)");
      setup.close(); // the last connection checkpoints and deletes the -wal file
      assert.throws(() => Deno.statSync(`${path}-wal`), Deno.errors.NotFound);
      const db = new Database(path, { backend });
      const writer = new DatabaseSync(path);
      try {
        assert.equal(count(db), 0);
        writer.exec("INSERT INTO t(v) VALUES ('a'), ('b')");
        assert.equal(count(db), 2);
        assertSameRows(db, { path, writer }, ALL_ROWS);
      } finally {
        writer.close();
        db.close();
      }
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  });
}
