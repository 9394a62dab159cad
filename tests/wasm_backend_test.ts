/**
 * The Wasm backend's own promises, beyond answering as SQLite does (which every suite checks
 * on every backend): scans it runs natively cross into JS per leaf, not per row; scans that
 * would cross per row run in JS instead; frames go back when runs end; pages sit in the
 * module's memory.
 */
import assert from "node:assert/strict";
import type { DatabaseSync } from "node:sqlite";
import { Database, SqliteError } from "../mod.ts";
import { WASM, WASM_STATS } from "../backends/wasm/mod.ts";
import { withSqliteFile } from "./support/oracle_queries.ts";
import "./support/backends.ts"; // wabt validates every module compiled here

const ROWS = 6000;

/** 6,000 rows over about 150 pages of 1 KB: numbers, short text, and a few long texts. */
const SETUP = `
  PRAGMA page_size = 1024;
  CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b REAL, s TEXT, n NUMERIC);
  WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ${ROWS})
  INSERT INTO t SELECT i, (i * 7919) % 1000, i / 7.0,
    CASE WHEN i % 1000 = 0 THEN printf('%.2000c', 'x') ELSE 'row ' || (i % 13) END,
    CASE i % 5 WHEN 0 THEN NULL WHEN 1 THEN '12' ELSE i END FROM k;
`;

/** Runs `sql` on wasm: its rows (as node:sqlite's must be) and the crossings it made. */
function crossingsOf(
  db: Database,
  sql: string,
): { rows: unknown[]; crossings: number; moves: number } {
  const st = db.prepare(sql);
  const [crossings, moves] = [WASM_STATS.crossings, WASM_STATS.cursorMoves];
  const rows = st.all();
  return {
    rows,
    crossings: WASM_STATS.crossings - crossings,
    moves: WASM_STATS.cursorMoves - moves,
  };
}

/** Asserts that `rows` (litejit's) are node:sqlite's rows of `sql`, in order. */
function sameRows(oracle: DatabaseSync, sql: string, rows: unknown[]): void {
  assert.deepEqual(
    rows.map((r) => Object.values(r as object)),
    oracle.prepare(sql).all().map(Object.values),
    sql,
  );
}

/**
 * Asserts that `sql` answers as node:sqlite does on wasm, with its scan run by the module:
 * Rewind and each leaf change are imports (about 150 leaves), rows are not crossings, and
 * the module stepped the cursor itself (it asked JS for each of the leaves).
 */
function assertNativeScan(db: Database, oracle: DatabaseSync, sql: string): void {
  const { rows, crossings, moves } = crossingsOf(db, sql);
  sameRows(oracle, sql, rows);
  assert.ok(crossings < ROWS / 10, `${sql}: ${crossings} crossings for ${ROWS} rows`);
  assert.ok(moves > 100, `${sql}: ${moves} cursor moves (the scan did not run natively)`);
}

/**
 * Runs `check` with the SETUP database open on wasm, node:sqlite on it, and `same(sql, rows)`
 * asserting litejit's rows of `sql` are node:sqlite's.
 */
function withWasm(
  check: (db: Database, oracle: DatabaseSync, same: (sql: string, rows: unknown[]) => void) => void,
): void {
  withSqliteFile(SETUP, (path, oracle) => {
    const db = new Database(path, { backend: "wasm" });
    try {
      check(db, oracle, (sql, rows) => sameRows(oracle, sql, rows));
    } finally {
      db.close();
    }
  });
}

Deno.test("wasm: a filtered scan runs natively, crossing into JS per leaf, not per row", () => {
  withWasm((db, oracle) => {
    for (
      const sql of [
        "SELECT count(*), sum(a), max(b) FROM t WHERE a > 5000 AND b < 0",
        "SELECT count(*) FROM t WHERE s = 'no such text' AND a = id",
        "SELECT sum(a * 2 + 1) FROM t WHERE a - 990 > 5 AND b >= 857.0",
      ]
    ) assertNativeScan(db, oracle, sql);
  });
});

Deno.test("wasm: a scan whose every row needs JS (text columns) runs in JS, not crossing per row", () => {
  withWasm((db, _oracle, same) => {
    const sql = "SELECT s, a FROM t";
    const { rows, crossings, moves } = crossingsOf(db, sql);
    assert.equal(moves, 0, "the loop runs in JS");
    same(sql, rows);
    // Rows made in JS are handed out by JS, which goes on from there itself.
    assert.ok(crossings < 10, `${crossings} crossings for ${ROWS} rows`);
  });
});

Deno.test("wasm: a scan whose filter leads to JS work, or that sums REAL values, runs in JS", () => {
  withWasm((db, _oracle, same) => {
    // A JS aggregate step (max over TEXT, a function's result) behind a filter, a sum of
    // REAL values (it would decline on its first row), a join whose inner lookup is JS:
    // each would cross per passing row; in JS they do not cross at all.
    for (
      const sql of [
        "SELECT max(s), count(*) FROM t WHERE a > 300",
        "SELECT sum(length(s)) FROM t WHERE b < 500.0",
        "SELECT sum(a / 2.0), avg(a * 1.5), total(id) FROM t WHERE a > 10",
        "SELECT count(*) FROM t JOIN t AS u ON u.id = t.a WHERE t.b > 3",
      ]
    ) {
      const { rows, crossings, moves } = crossingsOf(db, sql);
      same(sql, rows);
      assert.equal(moves, 0, `${sql}: the loop runs in JS`);
      assert.ok(crossings < 10, `${sql}: ${crossings} crossings for ${ROWS} rows`);
    }
    // A program with no native scan left is the JS backend's (its whole-program paths).
    const source = db.prepare("SELECT max(s), count(*) FROM t WHERE a > 300").explain();
    assert.ok(!source.includes("(module"), "no module is built");
  });
});

Deno.test("wasm: a filtered scan making JS rows, or keeping few rows, stays native", () => {
  withWasm((db, oracle) => {
    // The JS that makes a passing row goes straight on to hand it out (the row crosses
    // anyway); a new group's set-up and a sorter's insert run for few rows.
    for (
      const sql of [
        "SELECT id, s FROM t WHERE a > 990",
        "SELECT a % 7, count(*) FROM t WHERE b > 100.0 GROUP BY a % 7",
        "SELECT id, s FROM t ORDER BY a DESC LIMIT 3",
      ]
    ) assertNativeScan(db, oracle, sql);
  });
});

Deno.test("wasm: ORDER BY … LIMIT drops rows natively against the sorter's bound", () => {
  withWasm((db, oracle, same) => {
    // Numeric first keys: most rows are dropped without crossing into JS.
    for (
      const sql of [
        "SELECT id, a FROM t ORDER BY a DESC LIMIT 10",
        "SELECT id, b FROM t ORDER BY b LIMIT 5 OFFSET 3",
        "SELECT id, a, b FROM t ORDER BY a, b DESC LIMIT 12",
        "SELECT id FROM t ORDER BY a * 2 - b DESC LIMIT 3",
        "SELECT id FROM t ORDER BY CASE WHEN id % 2 THEN a ELSE a + 0.5 END LIMIT 9",
        // The first key alone first (ties on it are common), the others after it.
        "SELECT id, a FROM t ORDER BY a % 7, b, id LIMIT 5 OFFSET 20",
        "SELECT id FROM t ORDER BY a % 3 DESC NULLS LAST, a * 2 - b LIMIT 4",
      ]
    ) assertNativeScan(db, oracle, sql);
    // NULL, TEXT and mixed keys (left to JS), LIMIT 0 and no bound, a sorter opened
    // once per outer row (its bound must not outlive it).
    for (
      const sql of [
        "SELECT id, n FROM t ORDER BY n, id DESC LIMIT 7",
        "SELECT id, n FROM t ORDER BY n DESC LIMIT 7",
        "SELECT id, s FROM t ORDER BY s LIMIT 4",
        "SELECT id FROM t ORDER BY CASE WHEN id % 3 THEN a ELSE 'x' || a END LIMIT 6",
        "SELECT id FROM t ORDER BY a LIMIT 0",
        "SELECT id FROM t WHERE id < 30 ORDER BY a LIMIT -1",
        "SELECT id, (SELECT x.id FROM t x WHERE x.a = t.a ORDER BY x.b DESC LIMIT 1) AS m " +
        "FROM t WHERE id < 40",
        "SELECT id, (SELECT x.b FROM t x WHERE x.id > t.id * 100 ORDER BY x.a LIMIT 1 OFFSET 2) " +
        "AS m FROM t WHERE id < 40",
      ]
    ) same(sql, crossingsOf(db, sql).rows);
  });
});

Deno.test("wasm: integer fields and comparisons jumping on two INTEGERs answer as SQLite at the edges", () => {
  // Each comparison with an If/IfNot after it (a WHERE term) on edge values of each integer
  // width (fields of 1-4 bytes are read in place), with NULL, REAL and TEXT operands among
  // them (those take the general comparison).
  const edges = [
    "-9223372036854775808",
    "-9223372036854775807",
    "-9007199254740993",
    "-2147483649",
    "-2147483648",
    "-8388609",
    "-8388608",
    "-32768",
    "-129",
    "-128",
    "-1",
    "0",
    "1",
    "127",
    "128",
    "32767",
    "32768",
    "8388607",
    "2147483647",
    "2147483648",
    "9007199254740993",
    "9223372036854775806",
    "9223372036854775807",
    "NULL",
    "0.5",
    "'7'",
  ];
  const values = edges.flatMap((x, i) =>
    edges.map((y, j) => `(${i * edges.length + j + 1}, ${x}, ${y})`)
  );
  const setup = `CREATE TABLE e(id INTEGER PRIMARY KEY, x INTEGER, y INTEGER);
    INSERT INTO e VALUES ${values.join(", ")};`;
  withSqliteFile(setup, (path, oracle) => {
    const db = new Database(path, { backend: "wasm" });
    try {
      for (const op of ["=", "<>", "<", "<=", ">", ">="]) {
        for (
          const sql of [
            `SELECT id FROM e WHERE x ${op} y`,
            `SELECT id FROM e WHERE NOT (x ${op} y)`,
            `SELECT count(*), sum(id) FROM e WHERE x ${op} y AND y ${op} 1`,
            `SELECT sum(x ${op} y), count(y ${op} x) FROM e`,
            `SELECT id, x % 1000003, y % 1000003 FROM e WHERE x ${op} 127 OR y ${op} -32768`,
          ]
        ) sameRows(oracle, sql, db.prepare(sql).all());
      }
    } finally {
      db.close();
    }
  });
});

Deno.test("wasm: GROUP BY keeps its groups natively, and hands them to JS exactly", () => {
  withWasm((db, oracle, same) => {
    // INTEGER and NULL keys, integer sums: the whole scan stays in the module.
    for (
      const sql of [
        "SELECT a % 10 AS k, count(*), sum(a), avg(id), total(n), count(n) FROM t GROUP BY k",
        "SELECT n % 7 AS k, count(*), sum(n) FROM t GROUP BY k",
        "SELECT id % 3 AS k, count(*) FROM t WHERE b > 100 GROUP BY k HAVING count(*) > 5 " +
        "ORDER BY 2 DESC",
        "SELECT a % 5 AS k, min(b), max(id), max(n), min(a - 500) FROM t GROUP BY k",
        // Without GROUP BY: one group, and none of the rows.
        "SELECT count(*), sum(a), avg(id), total(n), count(n) FROM t WHERE b > 10",
        "SELECT count(*), sum(a), avg(a), total(a), count(a) FROM t WHERE a > 5000",
        "SELECT min(a), max(b), min(n), max(CASE WHEN id % 2 THEN a ELSE a + 0.5 END) FROM t",
        "SELECT min(a), max(a) FROM t WHERE a > 5000",
      ]
    ) assertNativeScan(db, oracle, sql);
    // Handed to JS part way: a REAL key (equal to an INTEGER key met before), a REAL
    // argument, sums that overflow 64 bits, more groups than the table holds, TEXT keys.
    for (
      const sql of [
        "SELECT k, count(*), sum(a) FROM (SELECT CASE WHEN id = 3000 THEN 2.0 " +
        "ELSE id % 3 END AS k, a FROM t) GROUP BY k",
        "SELECT b, count(*) FROM t WHERE id < 50 GROUP BY b",
        "SELECT a % 4 AS k, sum(CASE WHEN id = 4000 THEN 0.5 ELSE a END), avg(a) FROM t GROUP BY k",
        "SELECT a % 4 AS k, total(a * 1000000000000000), avg(a * 3000000000000000), " +
        "count(*) FROM t GROUP BY k",
        "SELECT a % 4 AS k, sum(a * 4000000000000000) % 1000000007 FROM t WHERE a < 2 GROUP BY k",
        "SELECT a, count(*), sum(id) FROM t GROUP BY a",
        "SELECT n, count(*) FROM t GROUP BY n",
        "SELECT count(*), sum(CASE WHEN id = 4000 THEN 0.5 ELSE a END), avg(n) FROM t",
        "SELECT a, count(*) FROM t WHERE a < 3",
        "SELECT a % 3 AS k, max(s), min(id) FROM t GROUP BY k",
        "SELECT max(CASE WHEN id = 3000 THEN 'text' ELSE a END), min(b) FROM t",
        "SELECT max(a), id FROM t",
        "SELECT id, (SELECT count(*) FROM t x WHERE x.a < t.id) AS m FROM t WHERE id < 20",
        // More calls than a frame's table has room for: all in JS from the start.
        "SELECT a % 3 AS k, count(*), count(a), sum(a), sum(id), total(b), avg(a), avg(id) " +
        "FROM t GROUP BY k",
        "SELECT s, count(*) FROM t GROUP BY s",
        "SELECT id, (SELECT max(c) FROM (SELECT count(*) AS c FROM t x WHERE x.id < t.id * 10 " +
        "GROUP BY x.a % 4)) AS m FROM t WHERE id < 15",
      ]
    ) same(sql, crossingsOf(db, sql).rows);
    // A sum that overflows is SQLite's error, as it is in JS.
    for (
      const overflow of [
        "SELECT a % 4 AS k, sum(a * 4000000000000000) FROM t GROUP BY k",
        "SELECT sum(a * 4000000000000000) FROM t",
      ]
    ) {
      assert.throws(() => oracle.prepare(overflow).all(), /integer overflow/);
      assert.throws(() => db.prepare(overflow).all(), /integer overflow/);
    }
  });
});

Deno.test("wasm: count(*) crosses into JS once, and a damaged b-tree gives core's error", () => {
  withSqliteFile(SETUP + "CREATE INDEX ta ON t(a);", (path, oracle) => {
    const count = (db: Database, sql: string) => {
      const { rows, crossings } = crossingsOf(db, sql);
      sameRows(oracle, sql, rows);
      return crossings;
    };
    // A cache of 16 pages: the walk's pages are evicted and read again as it goes.
    for (const cachePages of [undefined, 16]) {
      const db = new Database(path, { backend: "wasm", cachePages });
      try {
        for (const sql of ["SELECT count(*) FROM t", "SELECT count(*) FROM t INDEXED BY ta"]) {
          // Entering the module, the count (core's walk, in a JS segment) and the row.
          for (let run = 0; run < 2; run++) assert.ok(count(db, sql) <= 3, sql);
        }
      } finally {
        db.close();
      }
    }
    // Damaged trees: a child past the file, a child pointing back to the root (a cycle), in
    // the index the count walks (the smallest b-tree of the table).
    const root = Number(
      oracle.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'ta'").get()!.rootpage,
    );
    const bytes = Deno.readFileSync(path);
    const pageSize = 1024;
    for (const child of [0x7fffffff, root]) {
      const damaged = bytes.slice();
      assert.equal(damaged[(root - 1) * pageSize], 2, "the index's root is an interior page");
      new DataView(damaged.buffer).setUint32((root - 1) * pageSize + 8, child);
      const errors = (["js", "wasm"] as const).map((backend) => {
        const db = new Database(damaged, { backend });
        try {
          db.prepare("SELECT count(*) FROM t").all();
          return "no error";
        } catch (e) {
          assert.ok(e instanceof SqliteError, String(e));
          return `${e.code}: ${e.message}`;
        } finally {
          db.close();
        }
      });
      assert.match(errors[0], /^SQLITE_CORRUPT/);
      assert.equal(errors[1], errors[0]);
    }
  });
});

Deno.test("wasm: frames go back when runs end, abandoned iterators included", () => {
  withSqliteFile(SETUP, (path) => {
    const db = new Database(path, { backend: "wasm", statementCache: 0 });
    const before = WASM_STATS.frameBytes;
    try {
      for (let i = 0; i < 3000; i++) {
        // Distinct statements, each run to the end or (every tenth) abandoned after a row.
        const st = db.prepare(`SELECT a + ${i} FROM t WHERE id > ${ROWS - 3}`);
        if (i % 10 === 0) {
          const it = st.iterate();
          it.next();
          it.return?.();
        } else assert.equal(st.all().length, 3);
      }
      assert.equal(WASM_STATS.frameBytes, before, "every frame given back");
    } finally {
      db.close();
    }
  });
});

Deno.test("wasm: the backend keeps pages in linear memory", () => {
  assert.equal(WASM.pageStorage, "linear");
});
