/**
 * A REAL field holding a NaN (SQLite never writes one; another writer or a damaged file
 * may) reads as NULL, as SQLite's sqlite3VdbeSerialGet has it: its value, its type, its
 * tests for NULL (the JS backend's fused ones read the serial type alone), aggregates and
 * sorts over it (whose comparator a NaN would make inconsistent: a top-N sort then read
 * past its rows) equal node:sqlite's on the same file, on every backend.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { Database } from "../mod.ts";
import { TEST_BACKENDS } from "./support/backends.ts";
import { withTempDir } from "./support/wal_files.ts";

/** The REAL written, whose eight bytes are then made a NaN's. */
const MARK = 1234.5678;

const QUERIES = [
  "SELECT id, b, typeof(b) FROM t ORDER BY id",
  "SELECT count(b), count(*), sum(b), max(b), min(b), avg(b) FROM t",
  "SELECT id FROM t WHERE b IS NULL ORDER BY id",
  "SELECT id FROM t WHERE b IS NOT NULL ORDER BY id",
  "SELECT id, b FROM t ORDER BY b DESC, id LIMIT 3",
  "SELECT id, b FROM t ORDER BY b, id LIMIT 3",
  "SELECT b, count(*) FROM t GROUP BY b ORDER BY b",
  "SELECT id FROM t WHERE b > 0 ORDER BY id",
];

/** The file with every stored {@link MARK} turned into a NaN. */
function nanFile(dir: string): string {
  const path = `${dir}/nan.db`;
  const db = new DatabaseSync(path);
  db.exec(`CREATE TABLE t(id INTEGER PRIMARY KEY, b REAL, c TEXT);
    WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 40)
    INSERT INTO t SELECT i, CASE WHEN i % 4 = 0 THEN ${MARK} WHEN i % 7 = 0 THEN NULL
      ELSE i * 1.5 END, 'row ' || i FROM k;`);
  db.close();
  const bytes = Deno.readFileSync(path);
  const mark = new Uint8Array(8);
  new DataView(mark.buffer).setFloat64(0, MARK);
  let found = 0;
  for (let i = 0; i + 8 <= bytes.length; i++) {
    if (mark.every((b, j) => bytes[i + j] === b)) {
      bytes.set([0x7f, 0xf8, 0, 0, 0, 0, 0, 1], i);
      found++;
    }
  }
  assert.equal(found, 10, "every marked REAL found in the file");
  Deno.writeFileSync(path, bytes);
  return path;
}

for (const backend of TEST_BACKENDS) {
  Deno.test(`a REAL NaN in the file reads as NULL (${backend}), as node:sqlite reads it`, () => {
    withTempDir((dir) => {
      const path = nanFile(dir);
      const oracle = new DatabaseSync(path, { readOnly: true });
      const db = new Database(path, { backend });
      try {
        const nulls = oracle.prepare("SELECT count(*) AS n FROM t WHERE b IS NULL").get();
        // 10 NaNs and 4 NULLs (i = 7, 14, 21, 35).
        assert.deepEqual({ ...nulls }, { n: 14 }, "node:sqlite reads the NaNs as NULL");
        for (const sql of QUERIES) {
          const want = oracle.prepare(sql).all().map((r) => ({ ...r }));
          for (let run = 0; run < 2; run++) {
            assert.deepEqual(db.prepare(sql).all().map((r) => ({ ...r })), want, sql);
          }
        }
      } finally {
        db.close();
        oracle.close();
      }
    });
  });
}
