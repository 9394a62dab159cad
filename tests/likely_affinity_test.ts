/**
 * likely(), unlikely() and likelihood() pass their argument's value through but, in SQLite,
 * neither its affinity nor its collation: `0 >= likely(x)` with a TEXT column `x` applies no
 * TEXT affinity, `likely(y) = 'A'` with a NOCASE column `y` compares with BINARY. Compared
 * with node:sqlite, for every backend.
 */
import { assertSameAsSqlite } from "./support/oracle_queries.ts";

const QUERIES = [
  "SELECT 0 >= x, 0 >= likely(x), 0 >= unlikely(x), 0 >= likelihood(x, 0.5) FROM t",
  "SELECT likely(y) = 'A', 'A' = likely(y), y = 'A', unlikely(y) = 'A' FROM t",
  "SELECT typeof(likely(x)), likely(x) = 0, likely(x) IN (0, '') FROM t",
  "SELECT count(*) FROM t WHERE likely(y) = 'A'",
  "SELECT likely(y) FROM t ORDER BY likely(y) COLLATE NOCASE",
];

Deno.test("likely() and friends carry no affinity or collation", () => {
  assertSameAsSqlite(
    "CREATE TABLE t(x VARCHAR(8), y TEXT COLLATE NOCASE); INSERT INTO t VALUES ('', 'a');",
    QUERIES,
  );
});
