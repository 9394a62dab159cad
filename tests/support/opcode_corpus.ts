/**
 * Statements over examples/sample.db (plus one WITHOUT ROWID table with an index of its own,
 * {@link OPCODE_CORPUS_EXTRA}) whose compiled programs, between them, use every opcode the
 * compiler emits: the corpus tests/opcode_roles_test.ts checks the operand roles on (and
 * the Wasm backend's crossings can be compared on, before and after a change). `?`
 * parameters are bound to {@link OPCODE_CORPUS_PARAMS}.
 */
import { DatabaseSync } from "node:sqlite";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** What the corpus adds to a copy of examples/sample.db. */
export const OPCODE_CORPUS_EXTRA = `
  CREATE TABLE words(lang TEXT, word TEXT, n INTEGER, note TEXT, PRIMARY KEY (lang, word))
    WITHOUT ROWID;
  CREATE INDEX words_n ON words(n);
  INSERT INTO words SELECT lang, word, length(text), text FROM translations;
`;

/**
 * Calls `check` with the path of the corpus's database: a copy of examples/sample.db with
 * {@link OPCODE_CORPUS_EXTRA}, removed afterwards.
 */
export function withCorpusDb<T>(check: (path: string) => T): T {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const dir = Deno.makeTempDirSync({ prefix: "litejit_corpus_" });
  try {
    const path = join(dir, "corpus.db");
    Deno.copyFileSync(join(root, "examples", "sample.db"), path);
    const writer = new DatabaseSync(path);
    writer.exec(OPCODE_CORPUS_EXTRA);
    writer.close();
    return check(path);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

/** Values for the corpus's `?` parameters (at most three per statement). */
export const OPCODE_CORPUS_PARAMS = [3, "Boston", 2.5] as const;

/** The statements. */
export const OPCODE_CORPUS: readonly string[] = [
  // Constants, parameters, expressions.
  "SELECT 1",
  "SELECT 9007199254740993 > 0, -9007199254740993 < 0, 1.5, 'x', x'00ff', NULL, ?, ?",
  "SELECT id + 1, id - 1, id * 2, id / 3, id % 4, id & 5, id | 6, id << 1, id >> 1 FROM cities",
  "SELECT name || '!', -population, +name, ~id, NOT id, id AND founded, id OR NULL FROM cities",
  "SELECT id IS TRUE, id IS NOT FALSE, lang IS NULL, lang IS NOT NULL, lang IS 'en' FROM cities",
  "SELECT id = 1, id <> 2, id < 3, id <= 4, id > 5, id >= 6, id IS NOT 7 FROM cities",
  "SELECT CAST(population AS TEXT), CAST(cities.name AS INTEGER), CAST(lat AS INTEGER) FROM cities, stations WHERE stations.city_id = cities.id",
  "SELECT upper(name), length(country), coalesce(lang, 'none'), ifnull(NULL, id), nullif(id, 2) FROM cities",
  "SELECT CASE WHEN id > 3 THEN 'big' WHEN id > 1 THEN 'mid' ELSE 'small' END, CASE lang WHEN 'en' THEN 1 ELSE 0 END FROM cities",
  "SELECT id IN (1, 2, 3), name NOT IN ('Boston', ?), lang IN (SELECT lang FROM translations) FROM cities",
  "SELECT json_array(name, json('[1]')), CASE WHEN id > 2 THEN json('{}') ELSE name END FROM cities",
  "SELECT x FROM (SELECT json('[1,2]') AS x UNION ALL SELECT name FROM cities) WHERE x IS NOT NULL",
  "SELECT +json('[1]'), json_array(+json('[2]'))",
  "SELECT * FROM (SELECT lat AS x FROM stations UNION ALL SELECT 1) LIMIT 5",
  "SELECT iif(id % 2, 'odd', 'even'), likely(id > 3), id BETWEEN 2 AND 5, name LIKE 'B%', name GLOB '*o*' FROM cities",
  // Scans, seeks, joins.
  "SELECT * FROM cities",
  "SELECT name FROM cities WHERE id = 3",
  "SELECT name FROM cities WHERE id = ?",
  "SELECT name FROM cities WHERE id > 3 AND id <= 8",
  "SELECT name FROM cities WHERE id >= 2 AND id < 5 ORDER BY id DESC",
  "SELECT name FROM cities WHERE id < 4",
  "SELECT name FROM cities WHERE id > 7 ORDER BY id DESC",
  "SELECT name FROM cities WHERE id IN (2, 4, 9)",
  "SELECT name FROM cities WHERE id IN (SELECT city_id FROM stations WHERE lat > 40)",
  "SELECT id FROM trips WHERE started_at >= '2026-02-10' AND started_at < '2026-02-11'",
  "SELECT id FROM trips WHERE started_at > '2026-02-10' AND started_at <= '2026-02-11' ORDER BY started_at DESC",
  "SELECT id FROM trips WHERE started_at < '2026-02-02' ORDER BY started_at DESC",
  "SELECT id FROM trips WHERE started_at <= '2026-02-02'",
  "SELECT id FROM trips WHERE started_at > '2026-02-27'",
  "SELECT id, duration FROM trips WHERE start_station = 3 AND duration > 1000",
  "SELECT id, duration FROM trips WHERE start_station = 3 AND duration BETWEEN 1000 AND 5000 ORDER BY duration",
  "SELECT id FROM trips WHERE start_station IN (1, 2, 3) AND duration < 600",
  "SELECT started_at FROM trips ORDER BY started_at DESC LIMIT 3",
  "SELECT text FROM translations WHERE lang = 'en' AND word = 'bicycle'",
  "SELECT text FROM translations WHERE lang = ? AND word = 'bicycle'",
  "SELECT word FROM translations WHERE lang > 'd' ORDER BY lang DESC",
  "SELECT note FROM words WHERE n = 8",
  "SELECT lang, note FROM words WHERE n > 5 ORDER BY n DESC",
  "SELECT c.name, s.name FROM cities c JOIN stations s ON s.city_id = c.id WHERE c.id < 4",
  "SELECT c.name, s.name FROM cities c LEFT JOIN stations s ON s.city_id = c.id AND s.lat > 45",
  "SELECT c.name, s.name FROM stations s RIGHT JOIN cities c ON s.city_id = c.id AND s.lat > 45",
  "SELECT c.name, s.name FROM cities c FULL JOIN stations s ON s.city_id = c.id AND s.lat > 45",
  // A right side that is no rowid table: its rows told apart by position (AddImm).
  "SELECT c.name, w.word FROM cities c FULL JOIN words w ON w.n = c.id",
  "SELECT t.id, s.name FROM trips t JOIN stations s ON s.name = t.note LIMIT 5",
  "SELECT a.name, b.name FROM cities a JOIN cities b ON a.lang = b.lang AND a.id < b.id",
  "SELECT t.id FROM trips t JOIN stations s ON s.id = t.end_station JOIN cities c ON c.id = s.city_id WHERE c.lang = 'ja' LIMIT 10",
  "SELECT count(*) FROM trips",
  "SELECT count(*) FROM trips INDEXED BY trips_start",
  "SELECT id, note FROM trips WHERE start_station = 3 AND duration > 600",
  "SELECT * FROM long_trips WHERE id < 50",
  // Sorting, limits, distinct, compounds.
  "SELECT name FROM cities ORDER BY population DESC",
  "SELECT name, population FROM cities ORDER BY population DESC LIMIT 3",
  "SELECT name, population FROM cities ORDER BY population LIMIT 3 OFFSET 2",
  "SELECT id FROM trips ORDER BY duration, note DESC LIMIT ? OFFSET 1",
  "SELECT name FROM cities LIMIT 4 OFFSET 3",
  "SELECT DISTINCT lang FROM cities",
  "SELECT DISTINCT country, lang FROM cities ORDER BY 1",
  "SELECT lang FROM cities UNION SELECT lang FROM translations",
  "SELECT lang FROM cities UNION ALL SELECT lang FROM translations",
  "SELECT lang FROM cities INTERSECT SELECT lang FROM translations",
  "SELECT lang FROM cities EXCEPT SELECT lang FROM translations ORDER BY 1 DESC",
  "SELECT name FROM cities WHERE id = (SELECT max(city_id) FROM stations)",
  "SELECT name, (SELECT count(*) FROM stations s WHERE s.city_id = c.id) FROM cities c",
  "SELECT name FROM cities c WHERE EXISTS (SELECT 1 FROM stations s WHERE s.city_id = c.id AND s.lat > 50)",
  // Aggregates and windows.
  "SELECT count(*), sum(population), avg(population), min(name), max(founded), total(id) FROM cities",
  "SELECT lang, count(*), group_concat(name, ';') FROM cities GROUP BY lang",
  "SELECT lang, country, max(population), name FROM cities GROUP BY lang, country ORDER BY 3 DESC",
  "SELECT start_station, count(*), avg(duration) FROM trips GROUP BY start_station HAVING count(*) > 40",
  "SELECT start_station, min(duration), id FROM trips GROUP BY start_station",
  "SELECT count(DISTINCT lang), group_concat(DISTINCT country) FROM cities",
  "SELECT group_concat(name ORDER BY population DESC) FROM cities",
  "SELECT lang, sum(population) FILTER (WHERE founded > 1800) FROM cities GROUP BY lang",
  "SELECT max(id), name FROM cities",
  "SELECT count(*) FROM cities WHERE lang = 'xx'",
  "SELECT name, row_number() OVER (ORDER BY population), rank() OVER (PARTITION BY lang ORDER BY id) FROM cities",
  "SELECT id, sum(duration) OVER (PARTITION BY start_station ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) FROM trips WHERE id < 100",
  "SELECT name, lag(name, 1) OVER w, first_value(population) OVER w FROM cities WINDOW w AS (ORDER BY id)",
  // Recursive CTEs and table-valued functions.
  "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 20) SELECT i FROM k",
  "WITH RECURSIVE k(i) AS (SELECT 1 UNION SELECT i * 2 % 17 FROM k) SELECT i FROM k ORDER BY i LIMIT 5 OFFSET 1",
  "WITH RECURSIVE k(i, d) AS (SELECT 1, 0 UNION ALL SELECT i + 1, d + 1 FROM k WHERE d < 5 ORDER BY 2 DESC LIMIT 10) SELECT * FROM k",
  "WITH c AS MATERIALIZED (SELECT id, name FROM cities WHERE id < 5) SELECT a.name, b.name FROM c a JOIN c b ON a.id = b.id + 1",
  'SELECT key, value, type FROM json_each(\'[1, "a", {"b": 2}]\')',
  "SELECT c.name, j.value FROM cities c, json_each(json_array(c.id, c.lang)) j WHERE c.id < 3",
  'SELECT name FROM cities WHERE lang IN (SELECT value FROM json_each(\'["en", "ja"]\'))',
];
