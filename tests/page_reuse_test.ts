/**
 * The pager refills the buffers of evicted pages instead of allocating new ones. That is
 * safe only while no cursor still reads an evicted page: cursors pin the pages on their
 * path. These tests hold cursors across scans of a file many times the cache and compare
 * what they read with node:sqlite.
 */
import { tableCursor } from "../core/btree_cursors.ts";
import assert from "node:assert/strict";
import type { DatabaseSync } from "node:sqlite";
import type { DatabaseFile } from "../core/database_file.ts";
import { openDatabaseFile } from "../core/io/open_path.ts";
import { LinearPageStorage, type PageStorageKind } from "../core/page_storage.ts";
import fc from "fast-check";
import { assertSameAsSqlite, withSqliteFile } from "./support/oracle_queries.ts";
import { propertyParams } from "./support/random_db.ts";

const ROWS = 4000;

/** A table of 4000 rows over some 130 pages of 1 KB, with an index and a few overflowing rows. */
const SETUP = `
  PRAGMA page_size = 1024;
  CREATE TABLE t(id INTEGER PRIMARY KEY, k INT, s TEXT);
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
  INSERT INTO t SELECT i, (i * 7919) % 37, CASE WHEN i % 500 = 0 THEN printf('%.3000c', 'x')
    ELSE 'row ' || i END FROM n;
  CREATE INDEX t_k ON t(k);
`;

function withFile(check: (path: string, oracle: DatabaseSync) => void): void {
  withSqliteFile(SETUP, check);
}

/** Both storages of the one pager (core/page_storage.ts) run every pager-level test. */
const STORAGES: readonly PageStorageKind[] = ["heap", "linear"];

/** In linear storage, whether page `pgno` as the pager returns it lies in the Wasm memory. */
function inMemory(file: DatabaseFile, pgno: number): boolean {
  const s = file.pager.storage;
  return !(s instanceof LinearPageStorage) || file.pager.page(pgno).buffer === s.memory.buffer;
}

for (const pageStorage of STORAGES) {
  Deno.test(`a cursor's pages keep their bytes while other scans cycle the cache (${pageStorage})`, () => {
    withFile((path, oracle) => {
      const want = (oracle.prepare("SELECT id, k, s FROM t ORDER BY id").all() as {
        id: number;
        k: number;
        s: string;
      }[]).map((r) => [r.id, r.k, r.s]);
      const file = openDatabaseFile(path, { cachePages: 16, pageStorage });
      try {
        const table = file.schema.tables.get("t")!;
        const held = tableCursor(file, table);
        assert.ok(held.first());
        for (let i = 0; i < 7; i++) held.next();
        let n = 7;
        // Each time: a full scan by another cursor (the whole file through a 16-page cache),
        // then the held cursor reads its current row and moves on a little.
        for (let round = 0; round < 5; round++) {
          const other = tableCursor(file, table);
          let seen = 0;
          for (let ok = other.first(); ok; ok = other.next()) seen++;
          other.close();
          assert.equal(seen, ROWS);
          for (let step = 0; step < 300 && held.valid; step++, n++) {
            const [k, s] = [1, 2].map((i) => held.record().value(i));
            assert.deepEqual([held.rowid(), k, s], want[n], `row ${n} after round ${round}`);
            held.next();
          }
        }
        held.close();
        assert.ok(inMemory(file, 1) && inMemory(file, file.pager.pageCount));
      } finally {
        file.close();
      }
    });
  });

  Deno.test(`a scan of a file many times the cache reuses page buffers (${pageStorage})`, () => {
    withFile((path) => {
      const file = openDatabaseFile(path, { cachePages: 16, pageStorage });
      try {
        const pages = file.pager.pageCount;
        assert.ok(pages > 120, `the file has ${pages} pages`);
        const slots = file.pager.storage instanceof LinearPageStorage
          ? file.pager.storage.capacity
          : 0;
        for (let round = 0; round < 3; round++) {
          const c = tableCursor(file, file.schema.tables.get("t")!);
          for (let ok = c.first(); ok; ok = c.next()) {
            const rec = c.record();
            for (let i = 0; rec.value(i) !== undefined; i++);
          }
          c.close();
        }
        // The cache's slots, one read-ahead run, and the pages that were pinned when
        // evicted (a cursor's path) — never one per page read.
        const allocated = file.pager.pool.allocated;
        assert.ok(allocated <= 40, `${allocated} buffers for 3 scans of ${pages} pages`);
        const s = file.pager.storage;
        if (s instanceof LinearPageStorage) {
          assert.ok(s.used <= s.capacity, `${s.used} slots of ${s.capacity}`);
          // The runs were read into stream arenas (slots taken from the storage's end, in
          // the memory), not into a scratch buffer and copied.
          assert.ok(s.capacity < slots, `${s.capacity} slots of ${slots} left for pages`);
          for (let p = 1; p <= pages; p += 7) assert.ok(inMemory(file, p), `page ${p}`);
        }
      } finally {
        file.close();
      }
    });
  });
}

Deno.test("queries holding several cursors at once read a 16-page cache exactly", () => {
  assertSameAsSqlite(
    SETUP,
    [
      "SELECT a.id, b.id, a.s FROM t a JOIN t b ON b.k = a.k AND b.id = a.id + 37 ORDER BY a.id",
      "SELECT id, (SELECT count(*) FROM t u WHERE u.k = t.k AND u.id < t.id) FROM t",
      "SELECT k, count(*), max(s) FROM t WHERE id IN (SELECT id FROM t WHERE k < 5) GROUP BY k",
      "SELECT s FROM t WHERE k = 3 ORDER BY id DESC",
      "SELECT a.id, b.s FROM t a, t b WHERE b.id = 4001 - a.id AND a.k = 11",
      "SELECT length(s), id FROM t WHERE id % 500 = 0",
      // Full scans the Wasm backend runs natively, over pages read into stream arenas.
      "SELECT count(*), sum(k), max(id) FROM t WHERE k > 3",
      "SELECT k, count(*), min(id) FROM t GROUP BY k",
    ],
    [],
    { cachePages: 16 },
  );
});

for (const pageStorage of STORAGES) {
  Deno.test(`a fresh 16-page cache returns the file's bytes under mixed random and sequential reads (${pageStorage})`, () => {
    // Each case opens a new pager, so the ring that sequential runs take turns in is filled
    // anew while random reads move the CLOCK hand (a slot must never be in it twice).
    withFile((path) => {
      const bytes = Deno.readFileSync(path);
      const probe = openDatabaseFile(path);
      const pages = probe.pager.pageCount, size = probe.pager.pageSize;
      probe.close();
      const step = fc.oneof(
        fc.integer({ min: 1, max: pages }).map((p) => [p]),
        fc.tuple(fc.integer({ min: 1, max: pages }), fc.integer({ min: 2, max: 12 }))
          .map(([p, n]) => Array.from({ length: n }, (_, i) => p + i).filter((q) => q <= pages)),
      );
      fc.assert(
        fc.property(fc.array(step, { minLength: 20, maxLength: 80 }), (steps) => {
          const file = openDatabaseFile(path, { cachePages: 16, pageStorage });
          const same = (got: Uint8Array, pgno: number, what: string) => {
            const off = (pgno - 1) * size;
            for (let i = 0; i < size; i++) {
              if (got[i] !== bytes[off + i]) assert.fail(`${what} ${pgno} differs at byte ${i}`);
            }
          };
          try {
            for (const pgno of steps.flat()) {
              if (!inMemory(file, pgno)) assert.fail(`page ${pgno} is not in the memory`);
              const got = file.pager.page(pgno);
              same(got, pgno, "page");
            }
          } finally {
            file.close();
          }
        }),
        propertyParams(150, "page reuse"),
      );
    });
  });
}

Deno.test("overflowing payloads assembled in a reused buffer give every row its own values", () => {
  // A cursor assembles each overflowing record in one buffer it reuses: values read from
  // it (texts, blobs, index keys) must not change when the next, shorter or longer, record
  // is assembled over it; sorted, grouped and joined rows keep values across many rows.
  const setup = `
    PRAGMA page_size = 1024;
    CREATE TABLE big(id INTEGER PRIMARY KEY, t TEXT, b BLOB);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
    INSERT INTO big SELECT i, printf('%d:%.*c', i, (i * 977) % 5000 + 900, char(65 + i % 26)),
      randomblob((i * 613) % 4000 + 1000) FROM n;
    CREATE INDEX big_t ON big(t);
  `;
  assertSameAsSqlite(
    setup,
    [
      "SELECT id, t, b FROM big",
      "SELECT id, t, b FROM big ORDER BY length(t) DESC, id",
      "SELECT t FROM big ORDER BY t",
      "SELECT substr(t, 1, 3), count(*), max(b) FROM big GROUP BY length(t) % 3",
      "SELECT a.id, b.t FROM big a JOIN big b ON b.t = a.t WHERE a.id % 7 = 0",
      "SELECT id FROM big WHERE t > (SELECT t FROM big WHERE id = 20) ORDER BY t",
    ],
    [],
    { cachePages: 16 },
  );
});
