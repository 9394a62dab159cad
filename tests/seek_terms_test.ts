/**
 * A seek's comparison terms are not tested again on the rows it yields (as where.c's
 * disableTerm), so each seek must be exactly its terms: the key takes the affinity the
 * comparison gives (an INTEGER stays INTEGER against a REAL column, as vdbe.c's
 * OP_Affinity keeps it), NULL keys find nothing, ranges skip NULL entries, and outer joins
 * still NULL-fill. Every backend is compared with node:sqlite.
 */
import { assertSameAsSqlite } from "./support/oracle_queries.ts";

Deno.test("seek terms: index and rowid seeks answer their terms exactly", () => {
  assertSameAsSqlite(
    `
  CREATE TABLE t(id INTEGER PRIMARY KEY, a, b TEXT, c REAL);
  CREATE INDEX ta ON t(a); CREATE INDEX tb ON t(b); CREATE INDEX tc ON t(c DESC);
  INSERT INTO t VALUES (1, NULL, NULL, NULL), (2, 1, '1', 1.0), (3, 2.5, 'abc', 2), (4, 'x', 'X', -0.0), (5, x'01', '10', 3.5), (6, 3, '3', NULL), (7, '3', 'b', 7), (8, -1, '', -1);
    `,
    [
      "SELECT id FROM t WHERE a < 3",
      "SELECT id FROM t WHERE a <= 3",
      "SELECT id FROM t WHERE a > 1",
      "SELECT id FROM t WHERE a > NULL",
      "SELECT id FROM t WHERE a = '3'",
      "SELECT id FROM t WHERE a = 3",
      "SELECT id FROM t WHERE a < 'y'",
      "SELECT id FROM t WHERE b < 5",
      "SELECT id FROM t WHERE b > 1 AND b < 'c'",
      "SELECT id FROM t WHERE b = 1",
      "SELECT id FROM t WHERE c < 3",
      "SELECT id FROM t WHERE c >= -0.0",
      "SELECT id FROM t WHERE c = 0",
      "SELECT id FROM t WHERE id > 2.5 AND id < '6'",
      "SELECT id FROM t WHERE id = '3'",
      "SELECT id FROM t WHERE id >= 'x'",
      "SELECT id FROM t WHERE id < 4.0",
      "SELECT t1.id, t2.id FROM t t1 LEFT JOIN t t2 ON t2.a = t1.id ORDER BY 1, 2",
      "SELECT t1.id, t2.id FROM t t1 LEFT JOIN t t2 ON t2.a < t1.id AND t2.a > 0 ORDER BY 1, 2",
      "SELECT t1.id, t2.id FROM t t1 JOIN t t2 ON t2.b = t1.id ORDER BY 1, 2",
      "SELECT id FROM t WHERE b = 'x' COLLATE NOCASE",
      "SELECT id FROM t WHERE a IN (1, 3)",
    ],
  );
});

Deno.test("seek terms: a REAL column's index sought by INTEGER and numeric TEXT keys", () => {
  assertSameAsSqlite(
    `
  CREATE TABLE t(id REAL, k TEXT);
  CREATE INDEX ti ON t(id);
  INSERT INTO t VALUES (9223372036854775807, 'a'), (9007199254740993, 'b'), (2.5, 'c'), (3, 'd'), ('x', 'e');
  CREATE TABLE u(k TEXT, n INTEGER);
  INSERT INTO u VALUES ('9223372036854775807', 9223372036854775807), ('9007199254740993', 9007199254740993), ('3', 3), ('3.0', 3), ('2.5', 2);
    `,
    [
      "SELECT k FROM t WHERE id = 9223372036854775807",
      "SELECT k FROM t WHERE id = '9223372036854775807'",
      "SELECT k FROM t WHERE id = 9007199254740993",
      "SELECT k FROM t WHERE id >= 9007199254740993",
      "SELECT k FROM t WHERE id > 9007199254740992",
      "SELECT k FROM t WHERE id < 9223372036854775807",
      "SELECT k FROM t WHERE id = '3'",
      "SELECT k FROM t WHERE id = 3.0",
      "SELECT u.k, t.k FROM u JOIN t ON t.id = u.k ORDER BY 1, 2",
      "SELECT u.k, t.k FROM u JOIN t ON t.id = u.n ORDER BY 1, 2",
      "SELECT k FROM t WHERE id IN (3, '9223372036854775807', 9007199254740993)",
      "SELECT k FROM t WHERE id = 'x'",
    ],
  );
});

Deno.test("seek terms: a key compared without affinity is sought as it is (TEXT index, BLOB column)", () => {
  // `textcol = blobcol`: sqlite3CompareAffinity gives BLOB, so 2 never finds '2'.
  assertSameAsSqlite(
    `
  CREATE TABLE t0 (id TEXT, a, b INT, c, PRIMARY KEY (id DESC, a)) WITHOUT ROWID;
  CREATE INDEX t0_i0 ON t0 (id, c DESC);
  CREATE VIEW v0 (va, vb, vc) AS SELECT id, c, typeof(id) || c FROM t0;
  INSERT OR IGNORE INTO t0 VALUES ('"s"', 0, 0, 2);
  INSERT OR IGNORE INTO t0 VALUES (1, 1, '', 'A');
  INSERT OR IGNORE INTO t0 VALUES (2, 'b', 'A  ', '1999-12-31T23:59:59Z');
    `,
    [
      "SELECT a0.vc, a0.vb, a1.id FROM v0 AS a0 LEFT JOIN t0 AS a1 ON a0.vb = a1.id",
      "SELECT a0.c, a1.id FROM t0 AS a0 LEFT JOIN t0 AS a1 ON a0.c = a1.id",
      "SELECT a0.vc, a0.vb, a1.id FROM v0 AS a0 JOIN t0 AS a1 ON a0.vb = a1.id",
      "SELECT a0.c, a1.id FROM t0 AS a0 JOIN t0 AS a1 ON a0.c = a1.id",
      "SELECT a0.c, a1.id, a0.c = a1.id FROM t0 AS a0, t0 AS a1",
      "SELECT a0.c, a1.id FROM t0 AS a0 JOIN t0 AS a1 ON a1.id = a0.c",
      "SELECT a0.c, a1.id FROM t0 AS a0 JOIN t0 AS a1 ON a1.id > a0.c AND a1.id < a0.c || 'z'",
    ],
  );
});
