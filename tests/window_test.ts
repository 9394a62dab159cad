/**
 * Window functions through the public API against node:sqlite on the same file: every
 * window function and aggregate over ROWS / RANGE / GROUPS frames with every bound kind
 * and EXCLUDE clause, with and without PARTITION BY, over ORDER BY keys with NULLs, ties,
 * DESC and NULLS FIRST/LAST, mixed-type RANGE keys, FILTER, named windows, several windows
 * in one query, windows over GROUP BY, in subqueries and in ORDER BY, and SQLite's run-time
 * errors. Values are compared with readBigInts on, so INTEGER and REAL stay apart.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { assertSameAsSqlite } from "./support/oracle_queries.ts";
import { Database } from "../mod.ts";
import { withTempDir } from "./support/wal_files.ts";

const SCHEMA = `
CREATE TABLE t(id INTEGER PRIMARY KEY, g TEXT, o INTEGER, x INTEGER, r REAL, s TEXT);
INSERT INTO t VALUES
  (1, 'a', 1, 10, 0.1, 'p'), (2, 'a', 2, NULL, 0.2, 'q'), (3, 'a', 2, 30, NULL, NULL),
  (4, 'a', NULL, 5, 1.5, 'r'), (5, 'b', 5, -4, 2.25, 's'), (6, 'b', 3, 7, 0.7, 't'),
  (7, 'b', 3, 7, -0.3, 'u'), (8, NULL, 1, 100, 1e10, 'v'), (9, NULL, NULL, NULL, NULL, 'w'),
  (10, 'b', 8, 2, 0.3, 'x'), (11, 'a', 9, 9, 3.0, 'y'), (12, 'b', NULL, 1, 0.1, 'z'),
  (13, 'a', 4, 4, 0.4, 'p'), (14, 'b', 5, 3, 1.1, 'q'), (15, 'a', 12, 12, 1.2, 'r');
CREATE TABLE m(id INTEGER PRIMARY KEY, k, v INTEGER);
INSERT INTO m VALUES (1, 1, 1), (2, 2.5, 2), (3, 'abc', 3), (4, NULL, 4), (5, x'01', 5),
  (6, 3, 6), (7, 'ABC', 7), (8, 2.5, 8), (9, NULL, 9), (10, -1, 10);
CREATE TABLE e(a, b);
`;

const FUNCTIONS = [
  "sum(x)",
  "total(r)",
  "avg(r)",
  "count(*)",
  "count(x)",
  "min(x)",
  "max(s)",
  "min(r)",
  "group_concat(s)",
  "group_concat(s, '-')",
  "string_agg(s, ';')",
  "row_number()",
  "rank()",
  "dense_rank()",
  "percent_rank()",
  "cume_dist()",
  "ntile(3)",
  "lag(x)",
  "lag(s, 2, 'none')",
  "lead(x)",
  "lead(r, 2, -1)",
  "first_value(x)",
  "last_value(s)",
  "nth_value(x, 2)",
  "nth_value(s, 3)",
  "sum(x) FILTER (WHERE o > 2)",
  "count(*) FILTER (WHERE x IS NULL)",
  "max(x) FILTER (WHERE s < 'u')",
  "group_concat(s) FILTER (WHERE id % 2)",
];

const FRAMES = [
  "",
  "ROWS UNBOUNDED PRECEDING",
  "ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING",
  "ROWS BETWEEN 2 PRECEDING AND 1 PRECEDING",
  "ROWS BETWEEN 1 FOLLOWING AND 3 FOLLOWING",
  "ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING",
  "ROWS BETWEEN UNBOUNDED PRECEDING AND 2 FOLLOWING",
  "ROWS BETWEEN 1 PRECEDING AND 3 PRECEDING",
  "ROWS BETWEEN 3 FOLLOWING AND 1 FOLLOWING",
  "RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING",
  "RANGE BETWEEN 2 PRECEDING AND 1 PRECEDING",
  "RANGE BETWEEN 1 FOLLOWING AND 3 FOLLOWING",
  "RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING",
  "RANGE BETWEEN UNBOUNDED PRECEDING AND 1.5 FOLLOWING",
  "RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING",
  "GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING",
  "GROUPS BETWEEN CURRENT ROW AND 2 FOLLOWING",
  "GROUPS 2 PRECEDING",
  "GROUPS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING",
  "ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW",
  "ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING EXCLUDE GROUP",
  "RANGE BETWEEN 1 PRECEDING AND 2 FOLLOWING EXCLUDE TIES",
  "GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW EXCLUDE CURRENT ROW",
  "RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW EXCLUDE NO OTHERS",
  "ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE TIES",
];

const ORDERS = [
  "ORDER BY o",
  "ORDER BY o DESC",
  "ORDER BY o NULLS LAST",
  "ORDER BY o DESC NULLS FIRST",
  "ORDER BY o, id",
  "",
];

const PARTITIONS = ["", "PARTITION BY g"];

type Outcome = { rows: unknown[] } | { error: string };

function outcome(f: () => unknown[]): Outcome {
  try {
    return { rows: f().map((r) => ({ ...(r as object) })) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** Runs `sql` on both engines; returns a description of the difference, or null. */
function differs(db: Database, oracle: DatabaseSync, sql: string): string | null {
  const want = outcome(() => {
    const st = oracle.prepare(sql);
    st.setReadBigInts(true);
    return st.all();
  });
  const got = outcome(() => {
    const st = db.prepare(sql);
    st.setReadBigInts(true);
    return st.all();
  });
  try {
    assert.deepEqual(got, want);
    return null;
  } catch {
    const show = (o: Outcome) =>
      JSON.stringify(o, (_k, v) => (typeof v === "bigint" ? `${v}n` : v));
    return `${sql}\n  want ${show(want)}\n  got  ${show(got)}`;
  }
}

function withDatabases(f: (db: Database, oracle: DatabaseSync) => void): void {
  withTempDir((dir) => {
    const path = `${dir}/window.db`;
    const w = new DatabaseSync(path);
    w.exec(SCHEMA);
    const db = new Database(path);
    try {
      f(db, w);
    } finally {
      db.close();
      w.close();
    }
  });
}

function checkAll(db: Database, oracle: DatabaseSync, queries: string[]): void {
  const failures = queries.map((q) => differs(db, oracle, q)).filter((d) => d !== null);
  assert.equal(
    failures.length,
    0,
    `${failures.length}/${queries.length} differ:\n${failures.slice(0, 8).join("\n")}`,
  );
}

Deno.test("window: every function × frame × exclude, partitions and ORDER BY forms", () => {
  const queries: string[] = [];
  let k = 0;
  for (const fn of FUNCTIONS) {
    for (const frame of FRAMES) {
      for (const part of PARTITIONS) {
        const order = ORDERS[k++ % ORDERS.length];
        queries.push(`SELECT id, ${fn} OVER (${part} ${order} ${frame}) AS w FROM t ORDER BY id`);
      }
    }
  }
  assert.ok(queries.length >= 1000);
  withDatabases((db, oracle) => checkAll(db, oracle, queries));
});

Deno.test("window: every ORDER BY form with each frame unit", () => {
  const queries: string[] = [];
  for (const order of ORDERS) {
    for (const frame of FRAMES) {
      for (const fn of ["sum(x)", "group_concat(id, '.')", "first_value(id)", "max(r)"]) {
        queries.push(
          `SELECT id, ${fn} OVER (PARTITION BY g ${order} ${frame}) AS w FROM t ORDER BY id`,
        );
      }
    }
  }
  withDatabases((db, oracle) => checkAll(db, oracle, queries));
});

Deno.test("window: RANGE over mixed-type keys (NULL, numbers, text, blob), collations", () => {
  const queries: string[] = [];
  for (
    const order of [
      "ORDER BY k",
      "ORDER BY k DESC",
      "ORDER BY k NULLS LAST",
      "ORDER BY k DESC NULLS FIRST",
      "ORDER BY k COLLATE NOCASE",
    ]
  ) {
    for (
      const frame of [
        "RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING",
        "RANGE BETWEEN 0.5 PRECEDING AND CURRENT ROW",
        "RANGE BETWEEN CURRENT ROW AND 2 FOLLOWING",
        "RANGE BETWEEN 2 PRECEDING AND 1 PRECEDING",
        "RANGE BETWEEN 1 FOLLOWING AND 2 FOLLOWING",
        "RANGE BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING",
        "RANGE BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING",
        "RANGE BETWEEN '1' PRECEDING AND '0' FOLLOWING",
        "RANGE CURRENT ROW",
        "GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING",
      ]
    ) {
      for (const fn of ["group_concat(v, '.')", "count(*)", "min(v)", "last_value(v)", "rank()"]) {
        queries.push(`SELECT id, ${fn} OVER (${order} ${frame}) AS w FROM m ORDER BY id`);
      }
    }
  }
  queries.push("SELECT id, max(k) OVER (ORDER BY v ROWS 2 PRECEDING) AS w FROM m ORDER BY id");
  queries.push(
    "SELECT id, min(k) OVER (ORDER BY v ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS w FROM m ORDER BY id",
  );
  queries.push(
    "SELECT id, min(k COLLATE NOCASE) OVER (ORDER BY v ROWS 3 PRECEDING) AS w FROM m ORDER BY id",
  );
  withDatabases((db, oracle) => checkAll(db, oracle, queries));
});

Deno.test("window: named windows, several windows, GROUP BY, subqueries, ORDER BY, LIMIT", () => {
  const queries = [
    "SELECT id, sum(x) OVER w AS a, rank() OVER w AS b FROM t WINDOW w AS (PARTITION BY g ORDER BY o) ORDER BY id",
    "SELECT id, sum(x) OVER (w ROWS 1 PRECEDING) AS a FROM t WINDOW w AS (ORDER BY o, id) ORDER BY id",
    "SELECT id, count(*) OVER (w ORDER BY id) AS a FROM t WINDOW w AS (PARTITION BY g) ORDER BY id",
    "SELECT id, row_number() OVER (ORDER BY id) AS a, row_number() OVER (ORDER BY id DESC) AS b, sum(x) OVER (PARTITION BY g) AS c, lag(s) OVER (PARTITION BY g ORDER BY id) AS d FROM t ORDER BY id",
    "SELECT id, sum(x) OVER (ORDER BY id ROWS 1 PRECEDING) AS a, sum(x) OVER (ORDER BY id) AS b, avg(r) OVER (ORDER BY id GROUPS 1 PRECEDING) AS c FROM t ORDER BY id",
    "SELECT g, sum(x) AS s, rank() OVER (ORDER BY sum(x) DESC) AS r, sum(sum(x)) OVER () AS tot FROM t GROUP BY g ORDER BY g",
    "SELECT g, count(*) AS n, lag(count(*)) OVER (ORDER BY g) AS prev FROM t GROUP BY g ORDER BY g",
    "SELECT o, max(x), row_number() OVER (ORDER BY max(x)) AS rn FROM t GROUP BY o HAVING count(*) > 0 ORDER BY o",
    "SELECT * FROM (SELECT id, row_number() OVER (PARTITION BY g ORDER BY o, id) AS rn FROM t) WHERE rn <= 2 ORDER BY id",
    "SELECT id, x FROM t ORDER BY sum(x) OVER (ORDER BY id), id",
    "SELECT id, rank() OVER (ORDER BY o) AS rk FROM t ORDER BY rk, id LIMIT 5 OFFSET 2",
    "SELECT id, (SELECT count(*) FROM t AS u WHERE u.o < t.o) AS c, dense_rank() OVER (ORDER BY o) AS d FROM t ORDER BY id",
    "SELECT id, x + sum(x) OVER (PARTITION BY g) AS a, coalesce(lead(x) OVER (ORDER BY id), 0) * 2 AS b FROM t ORDER BY id",
    "SELECT max(w) FROM (SELECT sum(x) OVER (ORDER BY id) AS w FROM t)",
    "SELECT id, sum(x) OVER () AS a, count(*) OVER () AS b FROM t ORDER BY id",
    "SELECT row_number() OVER () AS a FROM e",
    "SELECT a, sum(b) OVER (ORDER BY a) FROM e",
    "SELECT id, ntile(4) OVER (ORDER BY id) AS a, ntile(100) OVER (ORDER BY id) AS b, ntile(1) OVER () AS c FROM t ORDER BY id",
    "SELECT id, percent_rank() OVER (PARTITION BY g ORDER BY o) AS a, cume_dist() OVER (PARTITION BY g ORDER BY o) AS b FROM t ORDER BY id",
    "SELECT id, lag(x, -1) OVER (ORDER BY id) AS a, lag(x, -2, 0) OVER (ORDER BY id) AS b, lead(x, 0) OVER (ORDER BY id) AS c, lag(x, '1') OVER (ORDER BY id) AS d, lag(x, 1.5, 'd') OVER (ORDER BY id) AS f, lag(x, NULL, 'n') OVER (ORDER BY id) AS h FROM t ORDER BY id",
    "SELECT id, lead(x, o) OVER (ORDER BY id) AS a, nth_value(s, id % 3 + 1) OVER (ORDER BY id) AS b FROM t WHERE o IS NOT NULL ORDER BY id",
    "SELECT id, sum(r) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING) AS a, avg(r) OVER (ORDER BY id ROWS 3 PRECEDING) AS b FROM t ORDER BY id",
    "SELECT id, sum(x) OVER (ORDER BY id ROWS ? PRECEDING) AS a FROM t ORDER BY id",
    "SELECT id, sum(x) OVER (ORDER BY id ROWS BETWEEN 0 PRECEDING AND 0 FOLLOWING) AS a FROM t ORDER BY id",
    "SELECT id, first_value(s) OVER (ORDER BY id ROWS BETWEEN 2 FOLLOWING AND 4 FOLLOWING) AS a, last_value(s) OVER (ORDER BY id ROWS BETWEEN 2 FOLLOWING AND 4 FOLLOWING) AS b FROM t ORDER BY id",
  ];
  withDatabases((db, oracle) => checkAll(db, oracle, queries));
});

Deno.test("window: SQLite's errors", () => {
  const queries = [
    "SELECT sum(x) OVER (ORDER BY id ROWS -1 PRECEDING) FROM t",
    "SELECT sum(x) OVER (ORDER BY id ROWS BETWEEN CURRENT ROW AND -1 FOLLOWING) FROM t",
    "SELECT sum(x) OVER (ORDER BY id ROWS 1.5 PRECEDING) FROM t",
    "SELECT sum(x) OVER (ORDER BY id ROWS 'a' PRECEDING) FROM t",
    "SELECT sum(x) OVER (ORDER BY id ROWS '2' PRECEDING) AS w FROM t ORDER BY id",
    "SELECT sum(x) OVER (ORDER BY id ROWS NULL PRECEDING) FROM t",
    "SELECT sum(x) OVER (ORDER BY id GROUPS -2 PRECEDING) FROM t",
    "SELECT sum(x) OVER (ORDER BY o RANGE -1 PRECEDING) FROM t",
    "SELECT sum(x) OVER (ORDER BY o RANGE BETWEEN CURRENT ROW AND 'x' FOLLOWING) FROM t",
    "SELECT sum(x) OVER (ORDER BY o RANGE NULL PRECEDING) FROM t",
    "SELECT sum(x) OVER (ORDER BY id ROWS x PRECEDING) FROM t",
    "SELECT sum(x) OVER (ORDER BY id ROWS (SELECT 1) PRECEDING) FROM t",
    // A function call is never a constant offset (SQLite reads it as NULL), unlike CAST.
    "SELECT sum(x) OVER (ORDER BY id ROWS abs(2) PRECEDING) FROM t",
    "SELECT sum(x) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND coalesce(NULL, 1) FOLLOWING) FROM t",
    "SELECT sum(x) OVER (ORDER BY o RANGE BETWEEN likely(1) PRECEDING AND CURRENT ROW) FROM t",
    "SELECT sum(x) OVER (ORDER BY id GROUPS abs(1) + 1 PRECEDING) FROM t",
    "SELECT id, sum(x) OVER (ORDER BY id ROWS CAST('2' AS INTEGER) PRECEDING) AS w FROM t ORDER BY id",
    "SELECT id, sum(x) OVER (ORDER BY id ROWS 1 + 1 PRECEDING) AS w FROM t ORDER BY id",
    "SELECT sum(a) OVER (ORDER BY a ROWS -1 PRECEDING) FROM e",
    "SELECT ntile(0) OVER (ORDER BY id) FROM t",
    "SELECT ntile(-2) OVER (ORDER BY id) FROM t",
    "SELECT ntile(NULL) OVER (ORDER BY id) FROM t",
    "SELECT ntile('2') OVER (ORDER BY id) AS w FROM t ORDER BY id",
    "SELECT ntile(2.9) OVER (ORDER BY id) AS w FROM t ORDER BY id",
    "SELECT nth_value(x, 0) OVER (ORDER BY id) FROM t",
    "SELECT nth_value(x, -1) OVER (ORDER BY id) FROM t",
    "SELECT nth_value(x, 1.5) OVER (ORDER BY id) FROM t",
    "SELECT nth_value(x, NULL) OVER (ORDER BY id) FROM t",
    "SELECT nth_value(x, '2') OVER (ORDER BY id) AS w FROM t ORDER BY id",
    "SELECT nth_value(x, 2.0) OVER (ORDER BY id) AS w FROM t ORDER BY id",
    "SELECT nth_value(x, 0) OVER (ORDER BY id ROWS 1 PRECEDING EXCLUDE CURRENT ROW) FROM t",
    "SELECT nth_value(x, 'a') OVER (ORDER BY id ROWS 1 PRECEDING EXCLUDE CURRENT ROW) FROM t",
    "SELECT nth_value(x, 2) OVER (ORDER BY id ROWS 1 PRECEDING EXCLUDE CURRENT ROW) AS w FROM t ORDER BY id",
    "SELECT sum(s) OVER (ORDER BY id) AS w FROM t ORDER BY id",
  ];
  withDatabases((db, oracle) => checkAll(db, oracle, queries));
});

Deno.test("windows: any EXCLUDE clause, NO OTHERS too, computes each frame from scratch", () => {
  // sum() keeps "a REAL was seen" while rows are added and removed; SQLite recomputes the
  // frames of a window with an EXCLUDE clause, so that state never outlives its row there.
  assertSameAsSqlite(
    "CREATE TABLE t(k); INSERT INTO t VALUES ('abc'), (3), (2), (1), (2.5), (4);",
    [
      "SELECT k, sum(k) OVER (ORDER BY rowid ROWS BETWEEN CURRENT ROW AND CURRENT ROW) FROM t",
      "SELECT k, sum(k) OVER (ORDER BY rowid ROWS BETWEEN CURRENT ROW AND CURRENT ROW " +
      "EXCLUDE NO OTHERS) FROM t",
      "SELECT k, sum(k) OVER (ORDER BY rowid ROWS 1 PRECEDING EXCLUDE NO OTHERS) FROM t",
      "SELECT k, total(k) OVER (ORDER BY rowid ROWS 1 PRECEDING EXCLUDE NO OTHERS), " +
      "avg(k) OVER (ORDER BY rowid ROWS 1 PRECEDING EXCLUDE NO OTHERS) FROM t",
      "SELECT k, row_number() OVER (ORDER BY k ROWS 1 PRECEDING EXCLUDE NO OTHERS), " +
      "min(k) OVER (ORDER BY rowid ROWS 1 PRECEDING EXCLUDE NO OTHERS) FROM t",
    ],
    [],
    { bigints: true },
  );
});

Deno.test("window: calls run in SQLite's passes, ORDER BY copies of result columns too", () => {
  // SQLite computes the calls sharing the first call's window (frame included) last, and
  // each other window in a pass below, first the last; an ORDER BY term naming a result
  // column is a copy of its calls, computed again below. The passes' order shows in which
  // error comes first and in the order ties keep (row_number over tied keys).
  const nth = "nth_value(k, 0) OVER (ORDER BY k)";
  const json = "count(*) OVER (ORDER BY json(k))";
  assertSameAsSqlite(
    `CREATE TABLE t(id INTEGER PRIMARY KEY, k, o, g);
      INSERT INTO t VALUES (1, 'a ', 2, 1), (2, 3, 1, 2), (3, NULL, 2, 1), (4, 7, 1, 1),
        (5, 'x', 2, 2), (6, 0, 1, 1);`,
    [
      `SELECT ${json} FROM t ORDER BY ${nth}`,
      `SELECT ${json} FROM t ORDER BY ${nth}, 1`,
      `SELECT ${json} FROM t ORDER BY 1, ${nth}`,
      `SELECT ${json} AS c FROM t ORDER BY ${nth}, c`,
      `SELECT ${json} FROM t ORDER BY ${nth}, ${json}`,
      `SELECT ${json}, ${nth} FROM t ORDER BY 2, 1`,
      `SELECT ${nth}, ${json} FROM t ORDER BY 2`,
      `SELECT ${nth}, ${json} FROM t ORDER BY 1`,
      `SELECT ${nth} FROM t ORDER BY ${json}, 1`,
      // The same ORDER BY, other frames: separate passes.
      `SELECT ${json}, nth_value(k, 0) OVER (ORDER BY json(k) ROWS 1 PRECEDING) FROM t`,
      `SELECT nth_value(k, 0) OVER (ORDER BY json(k) ROWS 1 PRECEDING), ${json} FROM t`,
      `SELECT id, sum(id) OVER (ORDER BY g ROWS 1 PRECEDING), row_number() OVER (ORDER BY o), ` +
      `sum(id) OVER (ORDER BY g) FROM t`,
      `SELECT id, row_number() OVER (ORDER BY g), rank() OVER (ORDER BY o), ` +
      `row_number() OVER (ORDER BY o) FROM t`,
      `SELECT id, row_number() OVER (ORDER BY g) AS r FROM t ORDER BY o, r`,
      // An EXISTS drops its columns, its windows still run.
      `SELECT EXISTS (SELECT row_number() OVER (PARTITION BY NULL ORDER BY NULL)) FROM t`,
      `SELECT EXISTS (SELECT ${nth}) FROM t`,
      `SELECT id, row_number() OVER (ORDER BY g), lag(id) OVER (ORDER BY o), ` +
      `lead(id) OVER (ORDER BY o), cume_dist() OVER (ORDER BY o), ` +
      `count(*) OVER (ORDER BY o GROUPS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING) FROM t`,
    ],
  );
});

Deno.test("window: a subquery below windows keeps its ORDER BY, and flattens as SQLite's does", () => {
  // SQLite moves a query's FROM below its windows (window.c), into a subquery that needs
  // its rows' order: a FROM subquery's ORDER BY stays (row_number() OVER () counts in it),
  // and a plain one is flattened there (the index on b then gives the window's order).
  assertSameAsSqlite(
    `CREATE TABLE t(a INTEGER PRIMARY KEY, b, c); CREATE INDEX tb ON t(b);
      CREATE VIEW v AS SELECT a, b, c FROM t WHERE c > 0;
      INSERT INTO t VALUES (1, 2, 3), (2, 1, 1), (3, 2, 2), (4, 1, 0), (5, 3, -2), (6, 1, 5);`,
    [
      "SELECT a, row_number() OVER () FROM (SELECT * FROM t ORDER BY c) ORDER BY a",
      "SELECT a, group_concat(a) OVER () FROM (SELECT * FROM t ORDER BY c DESC) ORDER BY a",
      "SELECT a, row_number() OVER (PARTITION BY b) FROM (SELECT * FROM t ORDER BY c) ORDER BY a",
      "SELECT a, row_number() OVER (PARTITION BY b) FROM (SELECT * FROM t ORDER BY c), t AS u " +
      "WHERE u.a = 1 ORDER BY 1",
      "SELECT a, b, row_number() OVER (ORDER BY b) FROM v",
      "SELECT a, sum(c) OVER (PARTITION BY b) FROM v WHERE a > 1",
      "SELECT DISTINCT b, count(*) OVER (ORDER BY b) FROM v",
      "SELECT a, b, row_number() OVER (ORDER BY b) FROM v LEFT JOIN (SELECT a AS x FROM t) ON x = b",
      "SELECT b, count(*), row_number() OVER (ORDER BY b) FROM v GROUP BY b",
      "SELECT x, row_number() OVER () FROM (SELECT b AS x FROM t WHERE c > 0) ORDER BY x DESC",
      "SELECT x, row_number() OVER (ORDER BY x) FROM (SELECT b AS x FROM t LIMIT 4)",
    ],
    [],
    { bigints: true },
  );
});
