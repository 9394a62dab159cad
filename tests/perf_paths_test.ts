/**
 * The interpreter's fast paths, each checked against the plain implementation it replaces
 * or against node:sqlite: row objects by assignment (vs defineProperty), the top-N sorter
 * (vs a full stable sort), the CLOCK page cache with read-ahead (vs the file's bytes),
 * rowid seeks that stay on the current leaf (vs a fresh cursor and node:sqlite), and
 * ORDER BY … LIMIT with deferred columns (vs node:sqlite).
 */
import { tableCursor } from "../core/btree_cursors.ts";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import fc from "fast-check";
import { Database } from "../mod.ts";
import { rowMaker } from "../core/api/row.ts";
import { openDatabaseFile } from "../core/io/open_path.ts";
import { SeekOp } from "../core/format/cursor.ts";
import { RowSorter, type StoredRow } from "../core/exec/sorter.ts";
import { propertyParams } from "./support/random_db.ts";

/** The reference row builder: one defineProperty per column. */
function referenceRow(names: readonly string[], values: readonly unknown[]) {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < names.length; i++) {
    Object.defineProperty(row, names[i], {
      value: values[i],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return row;
}

Deno.test("rowMaker builds the same own properties as defineProperty", () => {
  const name = fc.oneof(
    fc.constantFrom("__proto__", "constructor", "toString", "a", "b", "0", "1", "10", ""),
    fc.string({ maxLength: 4 }),
  );
  fc.assert(
    // Up to 64 names without __proto__ take the unrolled maker, longer lists the loop.
    fc.property(
      fc.oneof(
        fc.array(name, { maxLength: 8 }),
        fc.array(name.filter((n) => n !== "__proto__"), { minLength: 65, maxLength: 70 }),
      ),
      (names) => {
        const values = names.map((_, i) => i);
        const got = rowMaker(names)(values);
        const want = referenceRow(names, values);
        assert.equal(Object.getPrototypeOf(got), Object.prototype);
        assert.deepEqual(Reflect.ownKeys(got), Reflect.ownKeys(want));
        for (const k of Reflect.ownKeys(want)) {
          assert.deepEqual(
            Object.getOwnPropertyDescriptor(got, k),
            Object.getOwnPropertyDescriptor(want, k),
          );
        }
      },
    ),
    propertyParams(200, "rowMaker"),
  );
});

function row(key: number | null, tag: number): StoredRow {
  return { values: [key, tag], classes: [0, 0] };
}

const byKey = (desc: boolean) => (a: StoredRow, b: StoredRow): number => {
  const x = a.values[0] as number | null, y = b.values[0] as number | null;
  if (x === null || y === null) return x === y ? 0 : x === null ? -1 : 1;
  return desc ? y - x : x - y;
};

Deno.test("top-N sorter keeps what a full stable sort keeps, in the same order", () => {
  fc.assert(
    fc.property(
      fc.array(fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }), { maxLength: 60 }),
      fc.integer({ min: -1, max: 12 }),
      fc.boolean(),
      fc.integer({ min: 0, max: 60 }),
      (keys, keep, desc, sortAt) => {
        const compare = byKey(desc);
        const rows = keys.map((k, i) => row(k, i));
        const sorter = new RowSorter(compare);
        sorter.reset(keep);
        rows.forEach((r, i) => {
          // rejects() must agree with what insert() does: a rejected row changes nothing.
          if (sorter.rejects(r)) {
            const before = sorter.rows.slice();
            sorter.insert(r);
            assert.deepEqual(sorter.rows, before);
          } else sorter.insert(r);
          if (i === sortAt) sorter.sort(); // sorting midway, then inserting more, still works
        });
        sorter.sort();
        const all = rows.slice().sort(compare); // stable
        const want = keep < 0 ? all : all.slice(0, keep);
        assert.deepEqual(sorter.rows.map((r) => r.values[1]), want.map((r) => r.values[1]));
      },
    ),
    propertyParams(300, "top-N sorter"),
  );
});

/** A database of `n` rows with gaps in the rowids and a few overflow rows, made by node:sqlite. */
function buildDb(dir: string, n: number): string {
  const path = `${dir}/t.db`;
  const db = new DatabaseSync(path);
  db.exec("PRAGMA page_size=1024; CREATE TABLE t(id INTEGER PRIMARY KEY, k INT, s TEXT)");
  const ins = db.prepare("INSERT INTO t VALUES (?, ?, ?)");
  db.exec("BEGIN");
  for (let i = 1; i <= n; i++) {
    if (i % 7 === 3) continue; // gaps: seeks by GE/GT land on the next rowid
    ins.run(i * 2, (i * 7919) % 13, i % 97 === 0 ? "x".repeat(3000) : `s${i}`);
  }
  db.exec("COMMIT");
  db.close();
  return path;
}

Deno.test("page cache (CLOCK, read-ahead) returns the file's bytes in any access order", () => {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_perf_" });
  try {
    const path = buildDb(dir, 3000);
    const bytes = readFileSync(path);
    for (const cachePages of [16, 23, 64, 100000]) {
      const file = openDatabaseFile(path, { cachePages });
      try {
        const pager = file.pager;
        const n = pager.pageCount;
        fc.assert(
          fc.property(
            fc.array(
              fc.oneof(
                fc.integer({ min: 1, max: n }).map((p) => [p]),
                // a sequential run, which triggers read-ahead
                fc.tuple(fc.integer({ min: 1, max: n }), fc.integer({ min: 1, max: 80 }))
                  .map(([p, len]) =>
                    Array.from({ length: len }, (_, i) => p + i)
                      .filter((q) => q <= n)
                  ),
              ),
              { maxLength: 20 },
            ),
            (runs) => {
              for (const pgno of runs.flat()) {
                const got = pager.page(pgno);
                const off = (pgno - 1) * pager.pageSize;
                assert.equal(got.length, pager.pageSize);
                assert.ok(
                  got.every((b, i) => b === bytes[off + i]),
                  `page ${pgno} (cache ${cachePages}) differs from the file`,
                );
              }
            },
          ),
          propertyParams(40, `page cache ${cachePages}`),
        );
      } finally {
        file.close();
      }
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("rowid seeks from the current leaf agree with a fresh descent and node:sqlite", () => {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_perf_" });
  try {
    const path = buildDb(dir, 4000);
    const oracle = new DatabaseSync(path, { readOnly: true });
    const sqlFor: Record<number, string> = {
      [SeekOp.GE]: "SELECT id FROM t WHERE id >= ? ORDER BY id LIMIT 1",
      [SeekOp.GT]: "SELECT id FROM t WHERE id > ? ORDER BY id LIMIT 1",
      [SeekOp.LE]: "SELECT id FROM t WHERE id <= ? ORDER BY id DESC LIMIT 1",
      [SeekOp.LT]: "SELECT id FROM t WHERE id < ? ORDER BY id DESC LIMIT 1",
    };
    const file = openDatabaseFile(path, { cachePages: 16 });
    try {
      const table = file.schema.tables.get("t")!;
      const reused = tableCursor(file, table);
      const key = fc.integer({ min: -2, max: 8010 });
      const op = fc.constantFrom(SeekOp.GE, SeekOp.GT, SeekOp.LE, SeekOp.LT);
      fc.assert(
        fc.property(
          fc.array(fc.tuple(key, op), { maxLength: 40 }),
          fc.boolean(),
          (seeks, ascending) => {
            if (ascending) seeks.sort((a, b) => a[0] - b[0]); // the index-range pattern
            for (const [k, o] of seeks) {
              const fresh = tableCursor(file, table);
              const a = reused.seekRowid(k, o) ? reused.rowid() : null;
              const b = fresh.seekRowid(k, o) ? fresh.rowid() : null;
              const want = (oracle.prepare(sqlFor[o]).get(k) as { id: number } | undefined)?.id ??
                null;
              assert.equal(a, b, `op ${o} key ${k}: reused cursor vs fresh`);
              assert.equal(a, want, `op ${o} key ${k}: vs node:sqlite`);
              // The cursor moves on correctly from where the seek left it.
              if (a !== null && reused.next()) {
                assert.ok(fresh.next());
                assert.equal(reused.rowid(), fresh.rowid());
              }
            }
          },
        ),
        propertyParams(60, "seek in leaf"),
      );
      // Every key in turn (an index range's walk of its table rows): seeks step from the
      // last cell of each leaf to the next leaf's first.
      // Strides of 2 and 3 over these even rowids guess past the leaf's end while the answer
      // is still its last cell.
      for (const stride of [1, 2, 3]) {
        const walker = tableCursor(file, table);
        for (let k = -1; k <= 8010; k += stride) {
          for (const o of stride === 1 ? [SeekOp.GE, SeekOp.GT] : [SeekOp.GE]) {
            const a = walker.seekRowid(k, o) ? walker.rowid() : null;
            const fresh = tableCursor(file, table);
            const b = fresh.seekRowid(k, o) ? fresh.rowid() : null;
            assert.equal(a, b, `walk by ${stride}: op ${o} key ${k}`);
          }
        }
      }
      const walker = tableCursor(file, table);
      const last = (oracle.prepare("SELECT max(id) AS m FROM t").get() as { m: number }).m;
      assert.equal(walker.seekRowid(last, SeekOp.GE) && walker.rowid(), last);
      assert.equal(walker.seekRowid(last, SeekOp.GT), false);
    } finally {
      file.close();
      oracle.close();
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("ORDER BY … LIMIT with deferred columns matches node:sqlite", () => {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_perf_" });
  try {
    const path = buildDb(dir, 2000);
    const oracle = new DatabaseSync(path, { readOnly: true });
    const ours = new Database(path);
    try {
      const queries = fc.tuple(
        fc.constantFrom("k", "k DESC", "s", "s DESC, k", "k, id DESC", "length(s)", "k % 3, s"),
        fc.constantFrom("id, k, s", "s, id", "k + 1 AS kk, s, id", "1 AS one, k, ?2 AS p"),
        fc.integer({ min: 0, max: 30 }),
        fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
      ).map(([order, cols, limit, offset]) =>
        `SELECT ${cols} FROM t ORDER BY ${order} LIMIT ${limit}` +
        (offset === null ? "" : ` OFFSET ${offset}`)
      );
      fc.assert(
        fc.property(queries, (sql) => {
          const params = sql.includes("?2") ? [0, "p"] : [];
          const want = oracle.prepare(sql).all(...params).map((r) => ({ ...r }));
          assert.deepEqual(ours.prepare(sql).all(...params), want, sql);
        }),
        propertyParams(80, "order by limit"),
      );
    } finally {
      ours.close();
      oracle.close();
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
