/**
 * Corruption fuzzing: real databases written by node:sqlite, mutated where the reader
 * trusts the file (header fields, page headers, cell pointers, varints, child and overflow
 * page numbers, WAL frames) or truncated, then read completely. Every case must finish
 * and the only error allowed out is SqliteError.
 *
 * Replay with LITEJIT_SEED=<seed> (printed at the start); LITEJIT_RUNS scales the cases.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { openDatabaseFile } from "../core/io/open_path.ts";
import { SqliteError } from "../core/errors.ts";
import { mutate, prng } from "./support/mutate.ts";
import { propertyParams } from "./support/random_db.ts";
import { readEverything } from "./support/read_all.ts";

interface Base {
  name: string;
  db: Uint8Array;
  wal: Uint8Array | null;
}

/** A few databases that between them use every page kind and encoding. */
function makeBases(): Base[] {
  const dir = Deno.makeTempDirSync({ prefix: "litejit-fuzz-" });
  const configs = [
    { name: "utf8-512", pragmas: "PRAGMA page_size=512;", wal: false },
    {
      name: "utf16le-1024-autovacuum",
      pragmas: "PRAGMA page_size=1024; PRAGMA encoding='UTF-16le'; PRAGMA auto_vacuum=FULL;",
      wal: false,
    },
    { name: "utf16be-4096", pragmas: "PRAGMA encoding='UTF-16be';", wal: false },
    { name: "wal-1024", pragmas: "PRAGMA page_size=1024;", wal: true },
  ];
  try {
    return configs.map((c, n) => {
      const path = `${dir}/base${n}.db`;
      const db = new DatabaseSync(path);
      db.exec(c.pragmas);
      if (c.wal) db.exec("PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0;");
      db.exec(`
        CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT COLLATE NOCASE, b REAL, c BLOB, d);
        CREATE INDEX t_a ON t(a DESC, b);
        CREATE TABLE w (k TEXT, n INTEGER, v, PRIMARY KEY (k, n)) WITHOUT ROWID;
        CREATE INDEX w_v ON w(v);
        CREATE TABLE u (x UNIQUE, y);
      `);
      const ins = db.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)");
      const insW = db.prepare("INSERT INTO w VALUES (?, ?, ?)");
      const insU = db.prepare("INSERT INTO u VALUES (?, ?)");
      db.exec("BEGIN");
      for (let i = 1; i <= 150; i++) {
        ins.run(
          i * 7,
          `név ${i % 13} ✓`,
          i / 3,
          new Uint8Array(i % 5 === 0 ? 1500 : 3).fill(i),
          i % 4 ? i : "x".repeat(700),
        );
        insW.run(`k${i % 17}`, i, i % 3 ? `v${i}` : null);
        insU.run(i * 1.5, "y".repeat(i % 40));
      }
      db.exec("COMMIT");
      if (c.wal) {
        db.exec(
          "BEGIN; UPDATE t SET d = d || 'z' WHERE id % 3 = 0; DELETE FROM w WHERE n % 5 = 0; COMMIT;",
        );
      }
      const base: Base = {
        name: c.name,
        db: Deno.readFileSync(path),
        wal: c.wal ? Deno.readFileSync(`${path}-wal`) : null,
      };
      db.close();
      return base;
    });
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

Deno.test("fuzz: corrupt databases finish and throw only SqliteError", () => {
  const { seed, numRuns } = propertyParams(25, "fuzz");
  const casesPerBase = numRuns * 20;
  const rand = prng(seed);
  const bases = makeBases();
  let failedCleanly = 0;
  let readCleanly = 0;
  for (const base of bases) {
    // The unmutated base must read (and sees real entries), or the fuzzing proves nothing.
    assert.ok(
      readEverything(openDatabaseFile(base.db, { wal: base.wal })) > 150,
      `${base.name} reads`,
    );
    for (let n = 0; n < casesPerBase; n++) {
      const mutateWal = base.wal !== null && rand() < 0.3;
      const m = mutate(mutateWal ? base.wal! : base.db, rand);
      const db = mutateWal ? base.db : m.bytes;
      const wal = mutateWal ? m.bytes : base.wal;
      try {
        const file = openDatabaseFile(db, { wal, cachePages: 16 });
        readEverything(file);
        file.close();
        readCleanly++;
      } catch (e) {
        if (!(e instanceof SqliteError)) {
          throw new Error(
            `seed ${seed}, base ${base.name}, case ${n}: ${mutateWal ? "WAL " : ""}${m.what}: ` +
              `${e instanceof Error ? e.stack : String(e)}`,
          );
        }
        failedCleanly++;
      }
    }
  }
  console.log(
    `fuzz: ${readCleanly} mutated files read, ${failedCleanly} rejected with SqliteError`,
  );
  assert.ok(failedCleanly > 0, "some mutations must be detected as corrupt");
  assert.ok(readCleanly > 0, "some mutations must leave a readable file");
});
