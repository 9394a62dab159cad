/**
 * Rowid seeks read each probed cell's key inline when it is short (core/format/cursor.ts
 * `cellKey`): keys at every varint length boundary (1, 2, 3 bytes and past them), negative
 * and 64-bit keys, on leaves and interior pages (enough rows for a deep tree, a small page
 * size), sought by `=`, `<`, `<=`, `>`, `>=` and ranges: every backend answers as SQLite.
 * The queries share one database, so the pages they search again have their keys decoded
 * (`searched`), and a number is then sought by number comparisons (`#descendTo`); a page
 * holding a key past 2^53 and a bigint rowid keep the per-cell comparison.
 */
import { assertSameAsSqlite } from "./support/oracle_queries.ts";

const BOUNDARIES = [
  0,
  1,
  127,
  128,
  129,
  16383,
  16384,
  16385,
  2097151,
  2097152,
  2097153,
  268435455,
  268435456,
  2 ** 35,
  2 ** 42 + 1,
  2 ** 53 + 1,
  -1,
  -128,
  -2097152,
].map(String).concat(["9223372036854775807", "-9223372036854775808", "9007199254740993"]);

const SCHEMA = `
PRAGMA page_size = 512;
CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
  INSERT INTO t SELECT i * 37 + 126, printf('%.*c', i % 40, 'x') FROM n;
${BOUNDARIES.map((b) => `INSERT OR IGNORE INTO t VALUES (${b}, 'b${b}');`).join("\n")}
`;

const QUERIES = BOUNDARIES.flatMap((b) => [
  `SELECT id, v FROM t WHERE id = ${b}`,
  `SELECT id FROM t WHERE id > ${b} ORDER BY id LIMIT 3`,
  `SELECT id FROM t WHERE id >= ${b} ORDER BY id LIMIT 3`,
  `SELECT id FROM t WHERE id < ${b} ORDER BY id DESC LIMIT 3`,
  `SELECT id FROM t WHERE id <= ${b} ORDER BY id DESC LIMIT 3`,
  `SELECT count(*) FROM t WHERE id BETWEEN ${b} - 500 AND ${b} + 500`,
]).concat([
  "SELECT t.id, u.id FROM t JOIN t AS u ON u.id = t.id + 37 WHERE t.id < 5000 ORDER BY t.id",
  // Each key sought again and again in one statement: pages searched often enough (an
  // interior page twice, a leaf LEAF_SEARCHES times) compare keys decoded together
  // (`searched`), except where a key is past 2^53.
  `WITH b(x) AS (VALUES ${BOUNDARIES.map((b) => `(${b}), (${b} + 1), (${b} - 1)`).join(", ")}),
   r(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM r WHERE k < 9)
   SELECT k, x, (SELECT id FROM t WHERE id >= x ORDER BY id LIMIT 1),
     (SELECT id FROM t WHERE id > x ORDER BY id LIMIT 1),
     (SELECT id FROM t WHERE id < x ORDER BY id DESC LIMIT 1),
     (SELECT v FROM t WHERE id = x) FROM r, b`,
  "SELECT t.id, u.v FROM t JOIN t AS u ON u.id = (t.id * 7919) % 111126 + 126 ORDER BY t.id",
  // Lookups that miss (the cursor left where the key would be) between ones that hit.
  "SELECT t.id, u.id, u.v FROM t LEFT JOIN t AS u ON u.id = t.id + (t.id % 3) * 37 - 1 + (t.id % 2)",
]);

Deno.test("rowid seeks: keys at every varint boundary, as SQLite finds them", () => {
  assertSameAsSqlite(SCHEMA, QUERIES, [], { bigints: true });
});
