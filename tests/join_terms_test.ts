/**
 * Where SQLite evaluates a join's terms, and what `*` gives around RIGHT and FULL joins,
 * compared with node:sqlite for every backend:
 * - an inner join's constant ON term is tested once before any loop (like a constant
 *   WHERE term) unless a RIGHT or FULL join follows it, which keeps it with its join;
 * - `*` expands a USING column of a table left of a RIGHT or FULL join by its bare name,
 *   so it takes the right-most table's value (coalesce for FULL) or is ambiguous.
 */
import { assertSameAsSqlite } from "./support/oracle_queries.ts";

const SETUP = `
CREATE TABLE t0(id INTEGER, x TEXT); INSERT INTO t0 VALUES (5, 'a');
CREATE TABLE t1(id INTEGER, y TEXT); INSERT INTO t1 VALUES (6, 'b'), (5, 'c');
CREATE TABLE t2(id INTEGER, z TEXT); INSERT INTO t2 VALUES (7, 'd'), (5, 'e');
`;

const CONSTANT_ON = [
  "SELECT x, y, z FROM t0 RIGHT JOIN t1 ON t1.id = t0.id JOIN t2 ON 0",
  "SELECT x, y, z FROM t0 RIGHT JOIN t1 ON t1.id = t0.id JOIN t2 ON t2.id = 5 AND 0",
  "SELECT x, y, z FROM t0 FULL JOIN t1 ON t1.id = t0.id JOIN t2 ON 0",
  "SELECT x, y, z FROM t0 RIGHT JOIN t1 ON t1.id = t0.id JOIN t2 ON 1",
  "SELECT x, y, z FROM t0 RIGHT JOIN t1 ON t1.id = t0.id JOIN t2 ON glob('x_y', 'b')",
  "SELECT x, y, z FROM t0 RIGHT JOIN t1 ON t1.id = t0.id LEFT JOIN t2 ON 0",
  "SELECT x, y, z FROM t0 JOIN t1 ON 0 RIGHT JOIN t2 ON t2.id = t1.id",
  "SELECT x, y, z FROM t0 JOIN t1 ON 0 FULL JOIN t2 ON t2.id = t1.id",
  "SELECT x, y, z FROM t0 CROSS JOIN t1 ON 0 RIGHT JOIN t2 ON 1",
  "SELECT x, y, z FROM t0 RIGHT JOIN t1 ON 0 JOIN t2 ON 1",
  "SELECT x, y, z FROM t0 JOIN t1 ON 0 RIGHT JOIN t2 ON 1 JOIN t0 AS t3 ON 0",
  "SELECT x, y, z FROM t2 LEFT JOIN (t0 JOIN t1 ON 0) ON t2.id = t1.id",
  "SELECT x, y, z FROM t2 FULL JOIN (t0 JOIN t1 ON 0) ON t2.id = t1.id",
  "SELECT x, y, z FROM t0 RIGHT JOIN (t1 JOIN t2 ON 0) ON t1.id = t0.id",
];

const STAR_USING = [
  "SELECT * FROM t0 JOIN t1 USING (id) RIGHT JOIN t2 USING (id)",
  "SELECT * FROM t0 JOIN t1 USING (id) FULL JOIN t2 USING (id)",
  "SELECT * FROM t0 LEFT JOIN t1 USING (id) RIGHT JOIN t2 USING (id)",
  "SELECT * FROM t0 RIGHT JOIN t1 USING (id) JOIN t2 USING (id)",
  "SELECT * FROM t0 JOIN t1 USING (id) RIGHT JOIN t0 AS t3 ON 1",
  "SELECT * FROM t0 JOIN t1 USING (id) LEFT JOIN t0 AS t3 ON 1",
  "SELECT * FROM t0 JOIN t1 USING (id) JOIN t2 ON 0 RIGHT JOIN t0 AS t3 ON 1",
  "SELECT t0.*, t1.* FROM t0 JOIN t1 USING (id) RIGHT JOIN t2 USING (id)",
  "SELECT id FROM t0 JOIN t1 USING (id) RIGHT JOIN t2 USING (id)",
];

Deno.test("join terms: constant ON terms and * around RIGHT/FULL joins, as SQLite", () => {
  assertSameAsSqlite(SETUP, [...CONSTANT_ON, ...STAR_USING]);
});
