/**
 * `x IN (SELECT ...)` probed with INTEGERs, the case the IN set answers by number
 * (core/exec/in_set.ts) instead of by key: candidates in columns of every affinity holding
 * integers, integral and fractional reals, ±0.0, values around 2^47 and 2^53, numeric and
 * other texts, blobs and NULLs, with and without a NULL among them, probed with integers
 * and with reals and texts (which take the keyed path): every backend answers as SQLite.
 * And the IN's conversion of an aggregate's value in place, which later reads see.
 */
import { assertSameAsSqlite } from "./support/oracle_queries.ts";

const VALUES = [
  "5",
  "5.0",
  "5.5",
  "-3",
  "-0.0",
  "0",
  "'7'",
  "'8.0'",
  "' 9'",
  "'x'",
  "x'05'",
  "NULL",
  "140737488355327",
  "140737488355328",
  "140737488355328.0",
  "9007199254740993",
  "9007199254740992.0",
  "-9223372036854775808",
  "12",
];
const AFFINITIES = ["INTEGER", "REAL", "NUMERIC", "TEXT", "BLOB", ""];
const PROBES = [
  "5",
  "7",
  "8",
  "9",
  "0",
  "-3",
  "12",
  "13",
  "140737488355327",
  "140737488355328",
  "9007199254740992",
  "9007199254740993",
  "-9223372036854775808",
  "5.0",
  "'5'",
  "NULL",
];

const SCHEMA = `
CREATE TABLE c(${AFFINITIES.map((a, i) => `v${i} ${a}`).join(", ")});
${VALUES.map((v) => `INSERT INTO c VALUES (${AFFINITIES.map(() => v).join(", ")});`).join("\n")}
CREATE TABLE p(x);
${PROBES.map((v) => `INSERT INTO p VALUES (${v});`).join("\n")}
`;

const QUERIES = AFFINITIES.flatMap((_, i) => [
  `SELECT x, x IN (SELECT v${i} FROM c), x NOT IN (SELECT v${i} FROM c) FROM p`,
  `SELECT x, x IN (SELECT v${i} FROM c WHERE v${i} IS NOT NULL) FROM p`,
  `SELECT x, x + 0 IN (SELECT v${i} FROM c WHERE v${i} IS NOT NULL) FROM p`,
  `SELECT count(*) FROM p WHERE x IN (SELECT v${i} FROM c WHERE typeof(v${i}) <> 'null')`,
]);

Deno.test("IN set: integer probes as SQLite answers them, every affinity", () => {
  assertSameAsSqlite(SCHEMA, QUERIES, [], { bigints: true });
});

// SQLite applies the IN's affinity to its operand's register (OP_Affinity), and the
// register of an aggregate's column or call is the one every later read in the row uses:
// a REAL group key 10.0 probed against INTEGERs reads as 10 from then on. A copy (a table
// column outside an aggregate, a GROUP BY expression, a vector) keeps its value, as does a
// list of two items or of varying ones (compared item by item, nothing converted).
const IN_PLACE_SCHEMA = `
CREATE TABLE g(i INTEGER, r REAL, s TEXT);
INSERT INTO g VALUES (1, 10.0, '10'), (2, 2.5, 'x'), (3, 0.0, '0'), (4, 10.0, '3');
CREATE TABLE h(i INTEGER, s TEXT);
INSERT INTO h VALUES (10, '10'), (0, '1');
`;

Deno.test("IN set: an aggregate's value converted in place, read so after the IN", () => {
  assertSameAsSqlite(
    IN_PLACE_SCHEMA,
    [
      "SELECT r IN (SELECT i FROM h), r FROM g GROUP BY r",
      "SELECT r, r IN (SELECT i FROM h) AS x, r AS y FROM g GROUP BY r",
      "SELECT +r IN (SELECT i FROM h), r FROM g GROUP BY r",
      "SELECT r COLLATE NOCASE IN (SELECT i FROM h), r FROM g GROUP BY r",
      "SELECT r IN (SELECT i FROM h), r FROM g GROUP BY i",
      "SELECT max(r) IN (SELECT i FROM h), max(r) FROM g",
      "SELECT max(i) IN (SELECT s FROM h), max(i), typeof(max(i)) FROM g",
      "SELECT s IN (SELECT i FROM h), s, typeof(s) FROM g GROUP BY s",
      "SELECT max(i) IN ('1', '3', 'x'), typeof(max(i)) FROM g",
      "SELECT s IN (1, 2, 3), typeof(s) FROM g GROUP BY s",
      "SELECT r IN (1, 2, 3), r FROM g GROUP BY r",
      "SELECT CASE WHEN i > 1 THEN r IN (SELECT i FROM h) END, r FROM g GROUP BY r",
      "SELECT r FROM g GROUP BY r HAVING r IN (SELECT i FROM h) ORDER BY r",
      "SELECT sum(i), r FROM g GROUP BY r ORDER BY r IN (SELECT i FROM h), r",
      "SELECT (SELECT r IN (SELECT i FROM h)), r FROM g GROUP BY r",
      // Copies: nothing converted.
      "SELECT r IN (SELECT i FROM h), r FROM g",
      "SELECT i * 1.0 IN (SELECT i FROM h), i * 1.0 FROM g GROUP BY i * 1.0",
      "SELECT (r, 1) IN (SELECT i, 1 FROM h), r FROM g GROUP BY r",
      "SELECT max(i) IN ('1', '3'), typeof(max(i)) FROM g",
      "SELECT max(i) IN ('1', '3', s), typeof(max(i)) FROM g",
    ],
    [],
    { bigints: true },
  );
});
