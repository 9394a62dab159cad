/**
 * Bare columns of an aggregate query (a column outside any aggregate call and not a GROUP BY
 * term) against node:sqlite, on every backend. SQLite 3.53 takes them from a group's first
 * row, and again from each later row where the last min()/max() step that ran took the row as
 * its new best (select.c updateAccumulator): so with several min()/max() calls the last one
 * in SQLite's order of calls decides (result columns, then ORDER BY, then HAVING; a call
 * written twice counted once), a DISTINCT call's repeated value leaves the choice as it was,
 * a FILTER'd call's rejected row counts as not taken (with GROUP BY, or when every min()/max()
 * has a FILTER), and min()/max() ignore an ORDER BY of their own.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { Database } from "../mod.ts";
import { TEST_BACKENDS } from "./support/backends.ts";

const dir = Deno.makeTempDirSync({ prefix: "litejit-bare-" });
const path = `${dir}/bare.db`;
{
  const db = new DatabaseSync(path);
  // Group 1 has an INTEGER 1 and a REAL 1.0 key; ties, NULLs and repeated values throughout.
  db.exec(`
    CREATE TABLE t(a, b, c, d);
    INSERT INTO t VALUES (1, 'r1', 5, 1), (1, 'r2', 1, 9), (1, 'r3', 9, 2), (1, 'r4', 9, 9),
      (1, 'r5', NULL, NULL), (2, 's1', NULL, 3), (2, 's2', 4, NULL), (2, 's3', 4, 1),
      (2, 's4', 2, 7), (1.0, 'r6', 3, 3), (1, 'r7', 5, 5);
    CREATE TABLE u(k INTEGER, v, w);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12)
    INSERT INTO u SELECT i % 3, 'v' || i, (i * 7) % 5 FROM n;
    CREATE INDEX u_k ON u(k);
  `);
  db.close();
}

const STATEMENTS = [
  // Several min()/max(): the last to step decides.
  "SELECT a, b, max(c), max(d) FROM t GROUP BY a",
  "SELECT a, b, max(d), max(c) FROM t GROUP BY a",
  "SELECT a, b, min(c), max(d) FROM t GROUP BY a",
  "SELECT a, typeof(a), b, max(c), max(b = 'r6') FROM t GROUP BY a",
  "SELECT b, max(c), max(d) FROM t",
  "SELECT b, max(c), count(*), max(d), sum(c) FROM t GROUP BY a",
  "SELECT a, b, max(c), group_concat(b), max(d) FROM t GROUP BY a",
  "SELECT a, b, max(c)+max(d) FROM t GROUP BY a",
  // SQLite's order of calls, and a call written twice.
  "SELECT a, b, max(c) FROM t GROUP BY a HAVING min(d) > 0 ORDER BY max(d)",
  "SELECT a, b FROM t GROUP BY a HAVING min(d) > 0 ORDER BY max(c)",
  "SELECT a, b, max(d), max(c), max(d) FROM t GROUP BY a",
  "SELECT a, b, max(c), min(c) FROM t GROUP BY a ORDER BY max(c)",
  // DISTINCT and FILTER.
  "SELECT a, b, max(c), max(DISTINCT d) FROM t GROUP BY a",
  "SELECT a, b, max(DISTINCT c), max(d) FROM t GROUP BY a",
  "SELECT b, min(DISTINCT c) FROM t",
  "SELECT a, b, max(c), max(d) FILTER (WHERE d > 2) FROM t GROUP BY a",
  "SELECT a, b, max(c) FILTER (WHERE c < 9), max(d) FILTER (WHERE d > 2) FROM t GROUP BY a",
  "SELECT a, b, max(c) FILTER (WHERE d > 100), max(d) FILTER (WHERE d > 100) FROM t GROUP BY a",
  "SELECT a, b, max(c) FILTER (WHERE d > 2), max(DISTINCT d) FROM t GROUP BY a",
  "SELECT b, max(c) FILTER (WHERE c < 9), max(d) FILTER (WHERE d > 2) FROM t",
  "SELECT b, max(DISTINCT c), max(d) FILTER (WHERE d > 4) FROM t",
  "SELECT b, max(c), max(d) FILTER (WHERE d > 4) FROM t",
  // An ORDER BY inside min()/max() is not evaluated.
  "SELECT a, b, max(c ORDER BY d), max(d) FROM t GROUP BY a",
  "SELECT a, b, max(d ORDER BY c) FROM t GROUP BY a",
  "SELECT b, max(c ORDER BY abs(-9223372036854775807 - 1)) FROM t",
  // Groups in index order (no sort), and a correlated call.
  "SELECT k, v, max(w), min(w) FROM u GROUP BY k",
  "SELECT k, v, min(w), max(v) FROM u WHERE k > 0 GROUP BY k",
  "SELECT a, b, (SELECT max(t.c) + max(u.w) FROM u) FROM t GROUP BY a",
];

/** node:sqlite's answer as rows of values, or its error message. */
function expected(oracle: DatabaseSync, sql: string): unknown {
  try {
    // (Arrays: names such as max(c) may repeat. Deno's types lack the method.)
    const st = oracle.prepare(sql) as unknown as {
      setReturnArrays(on: boolean): void;
      all(): unknown;
    };
    st.setReturnArrays(true);
    return st.all();
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}

Deno.test("bare columns: the rows of SQLite's min()/max() rule, on every backend", () => {
  const oracle = new DatabaseSync(path, { readOnly: true });
  try {
    for (const backend of TEST_BACKENDS) {
      const db = new Database(path, { backend });
      try {
        for (const sql of STATEMENTS) {
          let got: unknown;
          try {
            got = db.prepare(sql).values();
          } catch (e) {
            got = `error: ${(e as Error).message}`;
          }
          assert.deepEqual(got, expected(oracle, sql), `${backend}: ${sql}`);
        }
      } finally {
        db.close();
      }
    }
  } finally {
    oracle.close();
  }
});
