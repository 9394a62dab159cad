/**
 * A statement run again reuses what its last run left (the JS backend keeps the generated
 * function's instance, backends/js/mod.ts, and gives every variable its first value again):
 * on every backend, a run after runs with other parameters, after a run that failed
 * midway, after an iteration left early, beside another iteration of the same statement
 * and inside one answers exactly as SQLite does.
 */
import assert from "node:assert/strict";
import type { DatabaseSync } from "node:sqlite";
import type { Database } from "../mod.ts";
import { withEachBackend } from "./support/oracle_queries.ts";

// 3,000 rows over several leaves, NULLs and texts, so scans loop across pages.
const SETUP = `
  CREATE TABLE t(id INTEGER PRIMARY KEY, x INTEGER, y REAL, s TEXT);
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
  INSERT INTO t SELECT i, CASE WHEN i % 7 = 0 THEN NULL ELSE i * 37 % 1000 END, i / 8.0,
    CASE WHEN i % 5 = 0 THEN NULL ELSE 'v' || (i % 13) END FROM n;
`;

// A scan whose body is a loop of its own (filter, aggregate), ones that return rows from
// theirs (with a LIMIT and OFFSET, and a join's inner loop), a GROUP BY and a LIMITed sort.
const QUERIES = [
  "SELECT count(*), sum(x), total(y), min(s), max(x) FROM t WHERE x > ? AND (s < 'v5' OR s IS NULL)",
  "SELECT id, x, s FROM t WHERE x BETWEEN ? AND ? + 40 ORDER BY id",
  "SELECT id, s FROM t WHERE x > ? LIMIT 25 OFFSET 3",
  "SELECT a.id, b.id, b.s FROM t a, t b WHERE a.id < 6 AND b.x > ? AND b.s = a.s",
  "SELECT s, count(*), avg(x) FROM t WHERE x >= ? GROUP BY s ORDER BY s",
  "SELECT id, y FROM t WHERE x < ? ORDER BY y DESC, id LIMIT 7",
];

/** What node:sqlite answers, or its error's message. */
function answer(run: () => unknown[]): unknown {
  try {
    return JSON.stringify(run());
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}

function same(oracle: DatabaseSync, db: Database, sql: string, params: number[], what: string) {
  const want = answer(() => oracle.prepare(sql).all(...params));
  assert.equal(answer(() => db.prepare(sql).all(...params)), want, `${what}: ${sql} ${params}`);
}

Deno.test("a statement run again with other parameters answers as SQLite does", () => {
  withEachBackend(SETUP, (oracle, db, backend) => {
    for (const sql of QUERIES) {
      const st = db.prepare(sql);
      for (const p of [500, 0, 990, -1, 250]) {
        const params = sql.split("?").length === 3 ? [p, p] : [p];
        const want = JSON.stringify(oracle.prepare(sql).all(...params));
        assert.equal(JSON.stringify(st.all(...params)), want, `${backend}: ${sql} ${params}`);
      }
    }
  });
});

Deno.test("a run after one that failed midway, or was left early, starts afresh", () => {
  withEachBackend(SETUP, (oracle, db, backend) => {
    // Rows past `?` add the largest INTEGER: two of them overflow the sum, midway.
    const sql = "SELECT sum(CASE WHEN id > ? THEN 9223372036854775807 ELSE x END), count(*) FROM t";
    for (const p of [2998, 10, 2999, 1500, 3000, 0, 2990]) same(oracle, db, sql, [p], backend);
    const st = db.prepare(QUERIES[1]);
    for (const p of [100, 300]) {
      const want = oracle.prepare(QUERIES[1]).all(p, p) as unknown[];
      const it = st.iterate(p, p);
      assert.equal(
        JSON.stringify(it.next().value),
        JSON.stringify(want[0]),
        `${backend}: first row`,
      );
      it.return?.(); // left after one row
      assert.equal(JSON.stringify(st.all(p, p)), JSON.stringify(want), `${backend}: again`);
    }
  });
});

Deno.test("two runs of one statement side by side, and one inside another", () => {
  withEachBackend(SETUP, (oracle, db, backend) => {
    const sql = QUERIES[1];
    const want = (p: number) => JSON.stringify(oracle.prepare(sql).all(p, p));
    // Two statements of the same text share one compiled program (the statement cache).
    const a = db.prepare(sql).iterate(200, 200), b = db.prepare(sql).iterate(600, 600);
    const got: [unknown[], unknown[]] = [[], []];
    for (let more = true; more;) {
      const x = a.next(), y = b.next();
      if (!x.done) got[0].push(x.value);
      if (!y.done) got[1].push(y.value);
      more = !x.done || !y.done;
    }
    assert.equal(JSON.stringify(got[0]), want(200), `${backend}: first of two`);
    assert.equal(JSON.stringify(got[1]), want(600), `${backend}: second of two`);
    // The same statement run to its end for each row of an outer run of it.
    const outer = db.prepare(sql), inner = db.prepare(sql);
    const rows: unknown[] = [];
    for (const row of outer.iterate(700, 700)) {
      rows.push(row);
      assert.equal(JSON.stringify(inner.all(100, 100)), want(100), `${backend}: inside`);
    }
    assert.equal(JSON.stringify(rows), want(700), `${backend}: outside`);
  });
});
