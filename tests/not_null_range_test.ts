/**
 * `x IS NOT NULL` as SQLite built with STAT4 (node:sqlite, the oracle) plans it: also the
 * range `x > NULL` (TERM_VNULL), so an index on `x` is searched past its NULL entries
 * (`SEARCH t USING COVERING INDEX i (x>?)`) and yields the rows in its order. Not for the
 * rowid or a NOT NULL column; among equal covering seeks the narrower index wins.
 */
import { assertSameAsSqlite, assertSamePlans } from "./support/oracle_queries.ts";

const SETUP = `
CREATE TABLE t0 (id NUMERIC);
CREATE INDEX t0_i0 ON t0 (id COLLATE RTRIM);
CREATE INDEX t0_i1 ON t0 (id);
INSERT INTO t0 VALUES (' 7'), (-0.0), (NULL), (3), ('a '), (NULL), (2);
CREATE VIEW v0 (va, vb, vc) AS SELECT id, id, typeof(id) || id FROM t0 WHERE id IS NOT NULL;
CREATE TABLE w(a INTEGER PRIMARY KEY, b TEXT NOT NULL, c, d);
CREATE INDEX wb ON w(b); CREATE INDEX wc ON w(c); CREATE INDEX wcd ON w(c, d);
INSERT INTO w VALUES (1, 'x', NULL, 1), (2, 'y', 5, NULL), (3, 'z', 2, 2), (4, 'q', NULL, NULL);
`;

const QUERIES = [
  "SELECT * FROM t0 WHERE id IS NOT NULL",
  "SELECT * FROM v0",
  "SELECT * FROM v0 ORDER BY va DESC",
  "SELECT id FROM t0 WHERE id NOTNULL ORDER BY id DESC",
  "SELECT * FROM w WHERE c IS NOT NULL",
  "SELECT c FROM w WHERE c IS NOT NULL",
  "SELECT c, d FROM w WHERE c IS NOT NULL AND d IS NOT NULL",
  "SELECT * FROM w WHERE b IS NOT NULL",
  "SELECT a FROM w WHERE a IS NOT NULL",
  "SELECT c FROM w WHERE c IS NOT NULL AND c < 5",
  "SELECT c FROM w WHERE c > 1 AND c IS NOT NULL",
  "SELECT * FROM w, t0 WHERE w.c IS NOT NULL AND t0.id = w.d",
  "SELECT * FROM t0 LEFT JOIN w ON w.c IS NOT NULL AND w.d = t0.id",
];

Deno.test("x IS NOT NULL seeks past the NULLs: rows and plans as SQLite's", () => {
  assertSameAsSqlite(SETUP, QUERIES);
  assertSamePlans(SETUP, QUERIES);
});

/** An automatic index's condition leaves the derived `x > NULL` out (it would drop every row). */
const AUTO_SETUP = `
CREATE TABLE p(c, k);
INSERT INTO p VALUES ('a', 1), ('b', 2), (NULL, 3), ('a', 1), ('c', NULL);
`;

Deno.test("x IS NOT NULL beside an automatic partial index: rows and plans as SQLite's", () => {
  const queries = [
    "SELECT count(*) FROM p AS x JOIN p AS y ON x.c = y.c AND x.k = y.k WHERE x.c IS NOT NULL AND y.c IS NOT NULL",
    "SELECT * FROM p AS x JOIN p AS y ON x.c = y.c WHERE y.c IS NOT NULL",
  ];
  assertSameAsSqlite(AUTO_SETUP, queries);
  assertSamePlans(AUTO_SETUP, queries);
});
