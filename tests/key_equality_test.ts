/**
 * GROUP BY, DISTINCT and IN find values equal exactly when SQLite's comparison does:
 * INTEGER and REAL by exact value, at the 64-bit edges too (REAL -2^63 equals INTEGER
 * -2^63; REAL 2^63 equals no INTEGER). Compared with node:sqlite, for every backend.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { assertSameAsSqlite } from "./support/oracle_queries.ts";

const PAIRS = [
  ["-9223372036854775808", "-9223372036854775808.0"],
  ["9223372036854775807", "9223372036854775807.0"],
  ["9007199254740993", "9007199254740992.0"],
  ["1", "1.0"],
  ["0", "-0.0"],
];

function queries(): string[] {
  return PAIRS.flatMap(([i, r]) => {
    const both = `SELECT ${i} AS x UNION ALL SELECT ${r}`;
    return [
      `SELECT count(*) FROM (${both}) GROUP BY x`,
      `SELECT count(*) FROM (SELECT DISTINCT x FROM (${both}))`,
      `SELECT ${i} IN (SELECT ${r}), ${r} IN (SELECT ${i}), ${i} IN (${r})`,
      `SELECT count(*) FROM (SELECT ${i} UNION SELECT ${r})`,
      `SELECT count(*) FROM (SELECT ${i} INTERSECT SELECT ${r})`,
    ];
  });
}

/**
 * NOCASE stops comparing at a NUL (strnicmp), then compares byte lengths: texts that
 * differ only after a NUL are one group, one DISTINCT row, one UNION row. node:sqlite cuts
 * TEXT at a NUL, so the queries return counts and hex().
 */
const NUL_TEXTS = [
  "SELECT count(*) FROM (SELECT DISTINCT x COLLATE NOCASE FROM " +
  "(SELECT char(0, 1, 1) AS x UNION ALL SELECT char(0, 1, 0) UNION ALL SELECT char(0, 1)))",
  "SELECT count(*), min(hex(x)) FROM (SELECT 'a' || char(0) || 'x' AS x UNION ALL " +
  "SELECT 'A' || char(0) || 'y' UNION ALL SELECT 'A' || char(0) || 'yz') GROUP BY x COLLATE NOCASE",
  "SELECT count(*) FROM (SELECT char(0, 66) COLLATE NOCASE UNION SELECT char(0, 98))",
  "SELECT count(*) FROM (SELECT char(0, 66) COLLATE NOCASE EXCEPT SELECT char(0, 99))",
  "SELECT count(*) FROM (SELECT 'b' || char(0) COLLATE NOCASE UNION SELECT 'B' || char(1))",
  "SELECT char(0, 7) COLLATE NOCASE IN (SELECT char(0, 8)), char(0, 7) IN (SELECT char(0, 8))",
];

Deno.test("NOCASE texts that differ only after a NUL are equal for grouping and sets", () => {
  assertSameAsSqlite("", NUL_TEXTS);
});

Deno.test("values are equal for grouping and sets exactly when SQLite compares them equal", () => {
  assertSameAsSqlite("", queries());
});

/**
 * Under REAL comparison affinity SQLite turns the keys of an IN set and its probe into
 * doubles (OP_MakeRecord, OP_Affinity), so integers beyond 2^47 match the nearby REAL;
 * a plain comparison (OP_Eq) stays exact. Row ids keep the results within JS numbers.
 */
const REAL_KEYS = [
  "SELECT rowid, n + 0 IN (SELECT r FROM s) FROM i",
  "SELECT rowid, n + 0 IN (SELECT CAST(m AS REAL) FROM i) FROM i",
  "SELECT rowid, CAST(n AS REAL) IN (SELECT 9223372036854775806) FROM i",
  "SELECT rowid, (n + 0, 1) IN (SELECT r, 1 FROM s) FROM i",
  "SELECT rowid, n + 0 IN (SELECT r FROM s UNION ALL SELECT NULL) FROM i",
  "SELECT rowid, (n + 0, 1) IN (SELECT r, 1 FROM s UNION ALL SELECT NULL, 1) FROM i",
  "SELECT rowid, n + 0 IN (SELECT r FROM s), n + 0 = (SELECT r FROM s) FROM i",
  "SELECT rowid, n IN (SELECT r FROM s) FROM i", // INTEGER vs REAL: NUMERIC, exact
  "SELECT i.rowid FROM i JOIN s ON n + 0 = r",
  // a compound column with a CAST on the left is FLEXNUM: NUMERIC keys, exact
  "SELECT rowid, n + 0 IN (SELECT x FROM (SELECT CAST(1 AS REAL) AS x " +
  "UNION ALL SELECT 9223372036854775806)) FROM i",
];

Deno.test("IN sets under REAL affinity compare as SQLite's REAL keys do", () => {
  assertSameAsSqlite(
    `CREATE TABLE i(n INTEGER, m INTEGER);
     INSERT INTO i VALUES (9223372036854775806, 1), (9223372036854775807, 140737488355329),
       (140737488355329, 140737488355328), (-9223372036854775808, 3), (3, NULL);
     CREATE TABLE s(r REAL);
     INSERT INTO s VALUES (9223372036854775807), (140737488355328), (-9223372036854775808);`,
    REAL_KEYS,
  );
});

Deno.test("x IN (one constant) compares as x = +constant: no affinity from a CAST", () => {
  assertSameAsSqlite(
    "CREATE TABLE t(n INTEGER, s TEXT); INSERT INTO t VALUES (1, '01'), (2, '2');",
    [
      "SELECT ('0' || '1') IN (CAST(rtrim(1e-7) AS INTEGER))",
      "SELECT s IN (CAST('1' AS INTEGER)), s IN (CAST(n AS INTEGER)), s IN (n) FROM t",
      "SELECT n IN (CAST('01' AS TEXT)), (n || '') IN (CAST(1 AS INTEGER)) FROM t",
      "SELECT '01' IN (1 COLLATE NOCASE), 'a' IN ('A' COLLATE NOCASE)",
    ],
  );
});

/**
 * Blobs are equal byte for byte: lengths that differ by a trailing zero byte, an odd
 * length, and multi-column rows whose bytes split differently between the columns.
 */
const BLOB_KEYS = [
  "SELECT count(*) FROM (SELECT DISTINCT a, b FROM (SELECT x'01' AS a, x'0203' AS b " +
  "UNION ALL SELECT x'0102', x'03' UNION ALL SELECT x'01', x'0203' UNION ALL SELECT x'', x'010203'))",
  "SELECT x'0100' IN (SELECT x'01'), x'01' IN (SELECT x'0100'), x'' IN (SELECT x''), " +
  "x'3b' IN (SELECT x'3b00'), x'ff00ff' IN (SELECT x'ff00ff'), (x'01', x'0203') IN (SELECT x'0102', x'03')",
  "SELECT count(*) FROM (SELECT x'00' UNION SELECT x'0000' UNION SELECT x'' UNION SELECT '' " +
  "UNION SELECT x'00' UNION SELECT x'0001' UNION SELECT x'0100')",
  "SELECT count(*), hex(b) FROM (SELECT x'00' AS b UNION ALL SELECT x'0000' UNION ALL " +
  "SELECT x'00' UNION ALL SELECT x'000000' UNION ALL SELECT x'0000') GROUP BY b ORDER BY 2",
];

Deno.test("blobs are equal for grouping and sets exactly when their bytes are", () => {
  assertSameAsSqlite("", BLOB_KEYS);
});

const LARGE_BLOB_SCRIPT = fileURLToPath(new URL("./support/large_blob_keys.ts", import.meta.url));
const CONFIG = fileURLToPath(new URL("../deno.json", import.meta.url));

Deno.test("blobs of megabytes are found equal within a heap of a few times their size", async () => {
  // tests/support/large_blob_keys.ts compares its statements with node:sqlite; under this
  // heap, keys costing tens of bytes per blob byte run out of memory.
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--config",
      CONFIG,
      "-A",
      "--v8-flags=--max-old-space-size=128",
      LARGE_BLOB_SCRIPT,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const err = new TextDecoder().decode(stderr);
  assert.equal(code, 0, err.slice(-4000));
});
