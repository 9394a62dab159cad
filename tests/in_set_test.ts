/**
 * `x IN (SELECT ...)` probed with INTEGERs, the case the IN set answers by number
 * (core/exec/in_set.ts) instead of by key: candidates in columns of every affinity holding
 * integers, integral and fractional reals, ±0.0, values around 2^47 and 2^53, numeric and
 * other texts, blobs and NULLs, with and without a NULL among them, probed with integers
 * and with reals and texts (which take the keyed path): every backend answers as SQLite.
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
