/**
 * likely(), unlikely() and likelihood() pass their argument's value through but, in SQLite,
 * neither its affinity nor its collation: `0 >= likely(x)` with a TEXT column `x` applies no
 * TEXT affinity, `likely(y) = 'A'` with a NOCASE column `y` compares with BINARY. Compared
 * with node:sqlite, for every backend.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { Database } from "../mod.ts";
import { TEST_BACKENDS } from "./support/backends.ts";

const QUERIES = [
  "SELECT 0 >= x, 0 >= likely(x), 0 >= unlikely(x), 0 >= likelihood(x, 0.5) FROM t",
  "SELECT likely(y) = 'A', 'A' = likely(y), y = 'A', unlikely(y) = 'A' FROM t",
  "SELECT typeof(likely(x)), likely(x) = 0, likely(x) IN (0, '') FROM t",
  "SELECT count(*) FROM t WHERE likely(y) = 'A'",
  "SELECT likely(y) FROM t ORDER BY likely(y) COLLATE NOCASE",
];

Deno.test("likely() and friends carry no affinity or collation", () => {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_likely_" });
  try {
    const path = join(dir, "t.db");
    const w = new DatabaseSync(path);
    w.exec("CREATE TABLE t(x VARCHAR(8), y TEXT COLLATE NOCASE); INSERT INTO t VALUES ('', 'a');");
    w.close();
    const oracle = new DatabaseSync(path, { readOnly: true });
    for (const backend of TEST_BACKENDS) {
      const db = new Database(path, { backend });
      for (const sql of QUERIES) {
        const want = oracle.prepare(sql).all().map((r) => Object.values(r));
        assert.deepEqual(db.prepare(sql).values(), want, `${backend}: ${sql}`);
      }
      db.close();
    }
    oracle.close();
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
