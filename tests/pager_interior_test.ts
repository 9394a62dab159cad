/**
 * The page cache keeps b-tree interior pages over leaves (core/pager/page_cache.ts):
 * lookups that visit far more leaves than the cache holds, in no sequential order, read each
 * interior page about once.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { Database, installPathOpener } from "../core/api/database.ts";
import { DatabaseFile } from "../core/database_file.ts";
import { BytesSource } from "../core/io/bytes_source.ts";
import { openDatabaseFile } from "../core/io/open_path.ts";
import "../backends/all.ts";

const dir = Deno.makeTempDirSync({ prefix: "litejit-interior-" });
const path = `${dir}/t.db`;
{
  const db = new DatabaseSync(path);
  db.exec(`
    PRAGMA page_size = 1024;
    CREATE TABLE t(id INTEGER PRIMARY KEY, pad TEXT);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30000)
    INSERT INTO t SELECT i, printf('%.40c', 'x') FROM n;
  `);
  db.close();
}

/** A byte-array source counting the pages read (runs of read-ahead included). */
class CountingSource extends BytesSource {
  reads = 0;
  override read(offset: number, length: number): Uint8Array {
    this.reads += Math.floor(length / 1024);
    return super.read(offset, length);
  }
}

/** 600 rowid lookups in an order unrelated to the file's: no sequential run to stream. */
const RANDOM_LOOKUPS = `
  WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 600)
  SELECT count(pad) AS n FROM s CROSS JOIN t ON t.id = (s.i * 7919) % 30000 + 1`;

Deno.test("pager: interior pages outlive random lookups of many more leaves than the cache holds", () => {
  const source = new CountingSource(Deno.readFileSync(path));
  installPathOpener((_p, options) => new DatabaseFile(source, null, options));
  try {
    for (const backend of ["interpreter", "js"] as const) {
      const db = new Database("counted.db", { backend, cachePages: 32 });
      const before = source.reads;
      assert.deepEqual(db.prepare(RANDOM_LOOKUPS).get(), { n: 600 });
      // Each lookup reads its leaf at most once (600), plus the root and ~16 interior pages
      // once each. Interior pages evicted like leaves are read again and again (841 reads
      // before interior pages got a second life).
      const reads = source.reads - before;
      assert.ok(reads <= 600 + 17 + 30, `${backend}: ${reads} page reads`);
      db.close();
    }
  } finally {
    installPathOpener(openDatabaseFile);
  }
});
