/**
 * The planner's newer paths run end to end and return node:sqlite's rows, in node:sqlite's
 * order: automatic indexes (hash lookups) for unindexed equi-joins, inner and LEFT, with
 * partial (filtered) builds, multi-column keys, affinities, collations and rowids; an OR
 * of equalities seeking like IN; ORDER BY and GROUP BY given by a join's outer loop (no
 * sort, also backwards). Each query's EXPLAIN QUERY PLAN must equal node:sqlite's and
 * show the path it is meant to exercise, so a planner change cannot silently turn a case
 * into a plain nested loop; every query must return rows.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { Database } from "../mod.ts";
import { TEST_BACKENDS } from "./support/backends.ts";
import { withTempDir } from "./support/wal_files.ts";

const SCHEMA = `
CREATE TABLE x(e, f, g);
CREATE TABLE y(h, i, j);
CREATE TABLE z(m INT, n TEXT COLLATE NOCASE, o REAL);
CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT, c INT, d);
CREATE INDEX tc ON t(c);
CREATE TABLE w(k TEXT, l INT, v, PRIMARY KEY(k, l)) WITHOUT ROWID;
CREATE TABLE p(s INT PRIMARY KEY, q, r) WITHOUT ROWID;
CREATE TABLE u(a INTEGER PRIMARY KEY, c INT);
CREATE INDEX uc ON u(c);
`;

/** Deterministic values: small ints, their REAL and TEXT twins, NULLs, cased text, blobs. */
function value(n: number): string {
  switch (n % 9) {
    case 0:
      return "NULL";
    case 1:
      return String(n % 7);
    case 2:
      return `${n % 7}.0`;
    case 3:
      return `'${n % 7}'`;
    case 4:
      return `'k${n % 5}'`;
    case 5:
      return `'K${n % 5}'`;
    case 6:
      return `x'0${n % 3}'`;
    default:
      return String((n * 7) % 11);
  }
}

function fill(db: DatabaseSync): void {
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % 1000;
  const rows = (table: string, width: number, count: number) => {
    const values: string[] = [];
    for (let r = 0; r < count; r++) {
      const row = Array.from({ length: width }, () => value(next()));
      values.push(`(${row.join(", ")})`);
    }
    db.exec(`INSERT INTO ${table} VALUES ${values.join(", ")}`);
  };
  rows("x", 3, 60);
  rows("y", 3, 70);
  rows("z", 3, 50);
  db.exec(`INSERT INTO t(b, c, d) SELECT h, i, j FROM y`);
  db.exec(`INSERT OR IGNORE INTO w SELECT 'k' || (rowid % 9), rowid % 4, e FROM x`);
  db.exec(`INSERT OR IGNORE INTO p SELECT rowid * 37 % 71, h, i FROM y`);
  db.exec(`INSERT INTO u(c) SELECT e FROM x`);
}

/** [query, the EXPLAIN QUERY PLAN text the query must show (a substring)]. */
const CASES: [string, string][] = [
  ["SELECT * FROM x, y WHERE x.e = y.h", "AUTOMATIC COVERING INDEX (h=?)"],
  ["SELECT * FROM y, x WHERE x.e = y.h", "AUTOMATIC COVERING INDEX (e=?)"],
  ["SELECT x.f, y.i FROM x, y WHERE x.e = y.h", "AUTOMATIC COVERING INDEX (h=?)"],
  ["SELECT * FROM x, y WHERE x.e = y.h AND x.f = y.i", "AUTOMATIC COVERING INDEX (i=? AND h=?)"],
  ["SELECT * FROM x LEFT JOIN y ON x.e = y.h", "AUTOMATIC COVERING INDEX (h=?) LEFT-JOIN"],
  [
    "SELECT * FROM x LEFT JOIN y ON x.e = y.h AND y.j > 3",
    "AUTOMATIC PARTIAL COVERING INDEX (h=?) LEFT-JOIN",
  ],
  [
    "SELECT * FROM x, y WHERE x.e = y.h AND y.j > 5 AND x.g < 3",
    "AUTOMATIC PARTIAL COVERING INDEX (h=?)",
  ],
  ["SELECT * FROM x, y, z WHERE x.e = y.h AND z.m = y.i", "SEARCH z USING AUTOMATIC"],
  ["SELECT * FROM x, z WHERE x.e = z.n", "AUTOMATIC COVERING INDEX (n=?)"],
  ["SELECT * FROM x, z WHERE x.e = z.m", "AUTOMATIC COVERING INDEX (m=?)"],
  ["SELECT * FROM x, z WHERE x.e = z.o", "AUTOMATIC COVERING INDEX (o=?)"],
  ["SELECT * FROM x, y WHERE x.e = y.h COLLATE NOCASE", "AUTOMATIC COVERING INDEX (h=?)"],
  ["SELECT * FROM x, t WHERE t.d = x.e", "AUTOMATIC COVERING INDEX (d=?)"],
  ["SELECT t.a, t.b, x.f FROM x, t WHERE t.b = x.e", "AUTOMATIC COVERING INDEX (b=?)"],
  ["SELECT * FROM x, w WHERE x.e = w.v", "AUTOMATIC COVERING INDEX (v=?)"],
  // A WITHOUT ROWID table's key columns order the matches among the used ones, in table order.
  ["SELECT x.f, p.r FROM x, p WHERE x.e = p.q", "AUTOMATIC COVERING INDEX (q=?)"],
  ["SELECT x.rowid, y.rowid, y.h FROM x, y WHERE x.e = y.h", "AUTOMATIC COVERING INDEX (h=?)"],
  ["SELECT t.a, x.f FROM x, t WHERE t.d = x.e", "AUTOMATIC COVERING INDEX (d=?)"],
  [
    "SELECT t.a, x.f FROM x, t WHERE t.d = x.e AND t.b < 'k' AND x.f < 3",
    "PARTIAL COVERING INDEX (d=?)",
  ],
  ["SELECT * FROM x, y WHERE y.h = 3", "AUTOMATIC PARTIAL COVERING INDEX (h=?)"],
  [
    "SELECT x.e, count(*), sum(y.i) FROM x, y WHERE x.e = y.h GROUP BY x.e ORDER BY 1",
    "AUTOMATIC COVERING INDEX (h=?)",
  ],
  [
    "SELECT x.e, (SELECT count(*) FROM z WHERE z.m = y.i) FROM x, y WHERE x.e = y.h",
    "AUTOMATIC COVERING INDEX (h=?)",
  ],
  // An OR of equalities on one column seeks like IN.
  ["SELECT * FROM t WHERE a = 5 OR a = 2 OR a = 5", "SEARCH t USING INTEGER PRIMARY KEY (rowid=?)"],
  [
    "SELECT a, c FROM t WHERE c = 3 OR c = '1' OR c = 2.0",
    "SEARCH t USING COVERING INDEX tc (c=?)",
  ],
  // ORDER BY / GROUP BY given by the outer loop of a join: no sort.
  ["SELECT * FROM t, x WHERE x.e = t.d ORDER BY t.c", "SCAN t USING INDEX tc"],
  ["SELECT * FROM t, x WHERE x.e = t.d ORDER BY t.c DESC", "SCAN t USING INDEX tc"],
  [
    "SELECT t.c, count(*), max(x.f) FROM t, x WHERE x.e = t.d GROUP BY t.c",
    "SCAN t USING INDEX tc",
  ],
  ["SELECT t.a, x.f FROM t LEFT JOIN x ON x.e = t.d ORDER BY t.a DESC", "SCAN t\n"],
  ["SELECT t.a, w.v FROM t, w WHERE w.k = t.b ORDER BY t.a", "SCAN t\n"],
  // NULLS against the direction's default: the index in two passes (WHERE_BIGNULL_SORT),
  // also inside a join and under an `=` on the index's first column.
  ["SELECT a, c FROM t ORDER BY c NULLS LAST", "SCAN t USING COVERING INDEX tc"],
  ["SELECT a, c FROM t ORDER BY c DESC NULLS FIRST, a", "INDEX tc"],
  ["SELECT t.c, x.f FROM t, x WHERE x.e = t.d ORDER BY t.c NULLS LAST", "SCAN t USING INDEX tc"],
  ["SELECT k, l, v FROM w WHERE k = 'k1' ORDER BY l DESC NULLS FIRST", "(k=?)"],
  // DISTINCT: through an index that gives its columns grouped, and needless on a rowid.
  ["SELECT DISTINCT c FROM t", "SCAN t USING COVERING INDEX tc"],
  ["SELECT DISTINCT a, b FROM t", "SCAN t"],
  // A LEFT JOIN's right side waits for every table before it; an inner one may go first.
  ["SELECT t.a, x.f, y.i FROM x LEFT JOIN y ON y.h = x.e, t WHERE t.a = x.f", "SCAN x"],
  // Transitive constraints: t is looked up by the constant x.f is compared with.
  ["SELECT t.b, x.g FROM x, t WHERE t.a = x.f AND x.f = 3", "SEARCH t USING INTEGER PRIMARY KEY"],
  // IS and IS NULL seek an index like `=`, a NULL key finding the NULL entries.
  ["SELECT a, c FROM t WHERE c IS NULL", "SEARCH t USING COVERING INDEX tc (c=?)"],
  ["SELECT t.a, x.e FROM x, t WHERE t.c IS x.f", "SEARCH t USING COVERING INDEX tc (c=?)"],
  // An IS drives an automatic index too: its NULL keys find the NULL rows.
  ["SELECT x.e, x.g, y.i FROM x, y WHERE y.h IS x.e", "AUTOMATIC COVERING INDEX (h=?)"],
  ["SELECT x.e, y.i FROM x LEFT JOIN y ON y.h IS x.e AND y.j IS x.f", "AUTOMATIC"],
  // `t.c IS NOT NULL` seeks u's index past its NULLs through `t.c = u.c` (a transitive
  // `x > NULL`), not compared with NULL.
  ["SELECT t.a, u.a FROM t, u WHERE t.c = u.c AND t.c IS NOT NULL", "uc (c>?)"],
  // A range on the rowid after an index's columns.
  ["SELECT a FROM t WHERE c = 1 AND a > 5", "(c=? AND rowid>?)"],
];

function plain(rows: unknown[]): unknown[] {
  return rows.map((r) => ({ ...(r as object) }));
}

for (const backend of TEST_BACKENDS) {
  Deno.test(`planner paths (${backend}): rows and their order equal node:sqlite's`, () => {
    withTempDir((dir) => {
      const path = `${dir}/paths.db`;
      const oracle = new DatabaseSync(path);
      oracle.exec(SCHEMA);
      fill(oracle);
      const db = new Database(path, { backend });
      try {
        for (const [sql, path] of CASES) {
          const eqp = (oracle.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[])
            .map((r) => r.detail).join("\n");
          assert.ok(eqp.includes(path), `${sql}: node:sqlite's plan lacks ${path}:\n${eqp}`);
          const ours = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[])
            .map((r) => r.detail).join("\n");
          assert.equal(ours, eqp, `${sql}: plans differ`);
          const want = plain(oracle.prepare(sql).all());
          assert.ok(want.length > 0, `${sql}: the data gives no row, the case tests nothing`);
          assert.deepEqual(plain(db.prepare(sql).all()), want, sql);
        }
      } finally {
        db.close();
        oracle.close();
      }
    });
  });
}
