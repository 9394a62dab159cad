/**
 * Statements that find blobs of megabytes equal or unequal in an IN set, DISTINCT, GROUP
 * BY and the compound operators, checked against node:sqlite on every backend. Run as a
 * program (by key_equality_test.ts, under a small heap): the keys of such blobs must take
 * about as much memory as the blobs, not tens of bytes per byte (seed 1749356835 of the
 * query differential test put two blobs of 946 MB into an IN set and ran out of memory).
 */
import { assertSameAsSqlite } from "./oracle_queries.ts";

/** The blob size: large enough that a key costing tens of bytes per byte exhausts the heap. */
export const LARGE_BLOB_BYTES = 4_000_001;

const N = LARGE_BLOB_BYTES;
const Z = `zeroblob(${N})`;
/** Three large blobs, two of them equal, one differing from them in its last byte only. */
const THREE =
  `SELECT ${Z} || x'01' AS b UNION ALL SELECT ${Z} || x'01' UNION ALL SELECT ${Z} || x'02'`;

export const LARGE_BLOB_SETUP = `CREATE TABLE t(c TEXT, e NUMERIC);
  INSERT INTO t VALUES ('2.5', 3), ('-4611686018427387905', 3), ('A', 5), (NULL, 5);`;

export const LARGE_BLOB_QUERIES: readonly string[] = [
  // the shape of the seed's statement: a text probed against a set of two large blobs
  `SELECT '5' NOT IN (SELECT ${Z} FROM t WHERE c >= 1 AND c & e)`,
  `SELECT ${Z} IN (SELECT ${Z} FROM t WHERE c & e), ${Z} IN (SELECT zeroblob(${N - 1}) FROM t)`,
  `SELECT ${Z} || x'02' IN (SELECT b FROM (${THREE})), ${Z} || x'03' IN (SELECT b FROM (${THREE}))`,
  `SELECT count(*) FROM (SELECT DISTINCT b FROM (${THREE}))`,
  `SELECT count(*), length(b), hex(substr(b, -1)) FROM (${THREE}) GROUP BY b ORDER BY 1`,
  `SELECT count(*) FROM (SELECT ${Z} UNION SELECT ${Z} UNION SELECT zeroblob(${N + 1}))`,
  `SELECT count(*) FROM (SELECT ${Z} || x'01' INTERSECT SELECT b FROM (${THREE}))`,
  `SELECT count(*) FROM (SELECT b FROM (${THREE}) EXCEPT SELECT ${Z} || x'02')`,
  `SELECT count(DISTINCT b) FROM (${THREE})`,
];

if (import.meta.main) assertSameAsSqlite(LARGE_BLOB_SETUP, LARGE_BLOB_QUERIES);
