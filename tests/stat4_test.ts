/**
 * `sqlite_stat4` steers the planner as in SQLite (analyze.c's loadStat4, where.c's
 * whereKeyStats and its users): plans that only the samples tell apart (a frequent value
 * against a rare one, a wide range against a narrow one, two bounds on one column, an IN
 * list, IS NULL, a DESC or NOCASE index, a WITHOUT ROWID primary key, an `=` true of most
 * rows), rows in order and EXPLAIN QUERY PLAN compared with node:sqlite's. (Not with a
 * bound parameter: litejit plans it unknown, as SQLite does when it prepares, but SQLite
 * prepares again at the first step with the values bound.) And a damaged
 * `sqlite_stat4` (wrong types, short lists, garbage records, unknown indexes) is read
 * without error, as SQLite reads it.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { Database, SqliteError } from "../mod.ts";
import { openDatabaseFile } from "../core/io/open_path.ts";
import { planDifference } from "./support/eqp_compare.ts";
import { corpusDatabase, generateSchema, generateStatements } from "./support/eqp_generated.ts";
import { assertSameAsSqlite, assertSamePlans, withSqliteFile } from "./support/oracle_queries.ts";

/** Skewed columns: b is 1 in most rows, c spreads over 0..999, d is NULL in most rows. */
const SKEWED = `
CREATE TABLE t(a INTEGER PRIMARY KEY, b, c, d, e TEXT COLLATE NOCASE);
CREATE INDEX tb ON t(b);
CREATE INDEX tc ON t(c);
CREATE INDEX tcd ON t(c DESC, d);
CREATE INDEX td ON t(d);
CREATE INDEX te ON t(e);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
INSERT INTO t SELECT i, CASE WHEN i % 10 = 0 THEN i ELSE 1 END, (i * 7) % 1000,
  CASE WHEN i % 20 = 0 THEN i END, CASE WHEN i % 50 = 0 THEN 'Rare' || i ELSE 'common' END
  FROM n;
CREATE TABLE s(x INTEGER PRIMARY KEY, y);
INSERT INTO s SELECT i, i % 3 FROM (SELECT a AS i FROM t WHERE a <= 300);
CREATE TABLE w(k, v, PRIMARY KEY(k, v)) WITHOUT ROWID;
CREATE INDEX wv ON w(v);
INSERT INTO w SELECT CASE WHEN a % 4 = 0 THEN a ELSE 0 END, a FROM t;
ANALYZE;
`;

const SAMPLED_QUERIES = [
  // A frequent value against a rare one: the samples count each.
  "SELECT a FROM t WHERE b = 1 AND c = 7",
  "SELECT a FROM t WHERE b = 30 AND c = 7",
  "SELECT a FROM t WHERE b IN (1, 2) AND c = 7",
  "SELECT a FROM t WHERE b IN (30, 40) AND c = 7",
  // Ranges: wide and narrow, one bound and two, two upper bounds on one column.
  "SELECT a FROM t WHERE c > 990 AND b = 1",
  "SELECT a FROM t WHERE c > 5 AND b = 30",
  "SELECT a FROM t WHERE c BETWEEN 100 AND 105 AND b = 1",
  "SELECT a FROM t WHERE c < 900 AND c < 10 AND b = 1",
  "SELECT a FROM t WHERE c < 900 AND b = 30",
  // IS NULL on a column mostly NULL, IS NOT NULL past the NULL entries.
  "SELECT a FROM t WHERE d IS NULL AND b = 30",
  "SELECT a FROM t WHERE d IS NOT NULL AND b = 1",
  // A NOCASE index, its values compared in its collation.
  "SELECT a FROM t WHERE e = 'COMMON' AND b = 30",
  "SELECT a FROM t WHERE e = 'rare100' AND b = 1",
  // A WITHOUT ROWID primary key's samples.
  "SELECT * FROM w WHERE k = 0 AND v > 5",
  // whereShortCut: a whole primary key by `=` is read so, whatever the samples say.
  "SELECT * FROM w WHERE k = 0 AND v = 5",
  "SELECT * FROM w WHERE k = 8 AND v > 5",
  // An = true of most rows (TERM_HIGHTRUTH) in a join.
  "SELECT * FROM s, t WHERE t.b = 1 AND t.c = s.x",
  "SELECT * FROM s, t WHERE t.b = 30 AND t.c = s.x",
];

Deno.test("sqlite_stat4: plans the samples tell apart are SQLite's", () => {
  assertSamePlans(SKEWED, SAMPLED_QUERIES);
});

Deno.test("sqlite_stat4: rows as SQLite's", () => {
  assertSameAsSqlite(SKEWED, SAMPLED_QUERIES);
});

/** Every kind of damage a file may hold: SQLite reads such rows without error. */
const DAMAGED = SKEWED + `
INSERT INTO sqlite_stat4 VALUES ('t', 'tb', x'3132', 5.5, NULL, 'not a record');
INSERT INTO sqlite_stat4 VALUES ('t', 'tc', '7', '', '1 2 3 4 5 6 7 8', x'');
INSERT INTO sqlite_stat4 VALUES ('t', 'tc', '1 1', '0 0', '0 0', x'FFFFFFFFFFFFFFFFFF');
INSERT INTO sqlite_stat4 VALUES ('t', 'tcd', '9999999999999999999999999999', '1', '1', x'0501');
INSERT INTO sqlite_stat4 VALUES ('t', 'td', 'x y', '-5 -6', '3', x'02');
INSERT INTO sqlite_stat4 VALUES ('t', 'te', 1, 2, 3, 42);
INSERT INTO sqlite_stat4 VALUES ('t', 'nosuch', '1', '1', '1', x'020101');
INSERT INTO sqlite_stat4 VALUES ('t', NULL, '1', '1', '1', x'020101');
INSERT INTO sqlite_stat4 VALUES (NULL, 'w', '1', '1', '1', x'0313016b');
INSERT INTO sqlite_stat4 VALUES ('w', 'W', '1 2 3', NULL, '0', x'030f0f');
UPDATE sqlite_stat1 SET stat = '2000 ' || replace(hex(zeroblob(200)), '0', '9') WHERE idx = 'tb';
`;

Deno.test("sqlite_stat4: a damaged table plans without error, rows as SQLite's", () => {
  assertSameAsSqlite(DAMAGED, SAMPLED_QUERIES);
  withSqliteFile(DAMAGED, (path) => {
    const db = new Database(path);
    try {
      for (const sql of SAMPLED_QUERIES) {
        try {
          db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all();
        } catch (e) {
          assert.ok(e instanceof SqliteError, `${sql}: ${e}`);
        }
      }
    } finally {
      db.close();
    }
  });
});

/**
 * Statements of `deno task check:eqp`'s corpus (by seed, their indexes) whose plans with
 * `sqlite_stat4` differed from SQLite's before litejit read it: joins where the samples,
 * the loops made for every prerequisite, a BETWEEN counted once or a column propagated
 * constant decide.
 */
const CORPUS: Record<number, number[]> = {
  2: [2, 10, 13, 14, 20, 41, 43, 54, 65, 66, 68, 69, 78, 80, 86, 93, 108, 116, 121, 132, 150],
  5: [15, 27, 28, 33, 39, 45, 46, 63, 70, 73, 75, 79, 85, 92, 94, 95, 97, 113, 120, 121, 132],
};

Deno.test("sqlite_stat4: the generated corpus's plans the samples decide are SQLite's", () => {
  const dir = Deno.makeTempDirSync();
  const failures: string[] = [];
  try {
    for (const [seed, indexes] of Object.entries(CORPUS)) {
      const schema = generateSchema(Number(seed));
      const statements = generateStatements(schema, Number(seed), 200);
      const path = join(dir, `${seed}.db`);
      const sqlite = corpusDatabase(path, schema, "stat1+stat4");
      const file = openDatabaseFile(path);
      try {
        for (const i of indexes) {
          const difference = planDifference(sqlite, file, statements[i]);
          if (difference) failures.push(`[seed ${seed}] ${difference}`);
        }
      } finally {
        file.close();
        sqlite.close();
      }
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
  assert.equal(failures.length, 0, failures.join("\n\n"));
});
