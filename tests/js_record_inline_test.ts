/**
 * The JS backend's own record reading (backends/js-codegen/record_inline.ts: the header
 * parsed in generated code, values decoded inline) against SQLite and against the shared
 * reader (core/format/record.ts, which the interpreter runs):
 * - every serial type and its edges (integers of each width at their limits, 64-bit
 *   extremes, -0.0, REAL columns holding integral values, empty and long texts and blobs,
 *   serial types of one, two and three bytes), records shorter than the table (columns
 *   added later with defaults), records that overflow their page, headers too long for a
 *   one-byte size, fields past the unrolled limit, index entries, the NULL rows of an
 *   outer join, UTF-8 and UTF-16 files, LIKE, substr() and min()/max() made on the bytes,
 *   count() and IS NULL on the serial type: every backend answers as SQLite does;
 * - malformed records (reserved serial types, values or serial types past the end, header
 *   sizes out of range): the JS backend answers, or fails with the message, exactly as the
 *   interpreter does, whichever columns a query reads and in whichever order.
 */
import assert from "node:assert/strict";
import { Database } from "../mod.ts";
import { MAX_INLINE_FIELD } from "../backends/js-codegen/record_inline.ts";
import { assertSameAsSqlite, withEachBackend, withSqliteFile } from "./support/oracle_queries.ts";

const EDGES = [
  "NULL",
  "0",
  "1",
  "2",
  "-1",
  "127",
  "128",
  "-128",
  "-129",
  "32767",
  "32768",
  "-32768",
  "-32769",
  "8388607",
  "8388608",
  "-8388608",
  "-8388609",
  "2147483647",
  "2147483648",
  "-2147483648",
  "-2147483649",
  "140737488355327",
  "140737488355328",
  "-140737488355328",
  "-140737488355329",
  "9007199254740991",
  "9007199254740992",
  "-9007199254740993",
  "9223372036854775807",
  "-9223372036854775808",
  "1.5",
  "-0.0",
  "0.0",
  "1e308",
  "-1e-308",
  "''",
  "'abc'",
  "x''",
  "x'00ff'",
  "' 12'",
  "'12'",
  "'1e3'",
  "printf('%.*c', 57, 'x')",
  "printf('%.*c', 58, 'y')",
  "printf('%.*c', 8200, 'z')",
  "zeroblob(700)",
  "'é𝄞'",
  "printf('%.*c', 5000, 'q') || 'é✓-end' || printf('%.*c', 3000, 'r') || 'x'",
];

/** Rowids of every varint length and the 64-bit and safe-integer edges. */
const ROWIDS = [
  "-9223372036854775808",
  "-9007199254740993",
  "-1",
  "0",
  "1",
  "127",
  "128",
  "16383",
  "16384",
  "2097152",
  "268435456",
  "9007199254740991",
  "9007199254740993",
  "72057594037927936",
  "9223372036854775807",
];

function schema(encoding: string, pageSize: number): string {
  const wide = Array.from({ length: 70 }, (_, i) => `c${i}`);
  const wideRow = (n: number) =>
    wide.map((_, i) => (i * 7 + n) % 5 === 0 ? "NULL" : `${i * 1000 + n}`).join(", ");
  const longRow = wide.map((_, i) => `printf('%.*c', ${60 + i}, 'w')`).join(", ");
  return `
PRAGMA encoding = '${encoding}';
PRAGMA page_size = ${pageSize};
CREATE TABLE v(id INTEGER PRIMARY KEY, x, r REAL, t TEXT, i INTEGER);
${EDGES.map((e) => `INSERT INTO v(x, r, t, i) VALUES (${e}, ${e}, ${e}, ${e});`).join("\n")}
CREATE INDEX v_x ON v(x);
CREATE TABLE s(a);
INSERT INTO s VALUES (1);
ALTER TABLE s ADD COLUMN b DEFAULT 7;
ALTER TABLE s ADD COLUMN c REAL DEFAULT 2;
ALTER TABLE s ADD COLUMN d;
INSERT INTO s VALUES (2, 3, 4, 'four');
CREATE TABLE w(${wide.join(", ")});
INSERT INTO w VALUES (${wideRow(1)}), (${wideRow(2)}), (${longRow});
CREATE TABLE n(a, b, c, d, e);
INSERT INTO n VALUES (1, 2, 3, 4, 5);
${
    Array.from({ length: 7 }, (_, i) => `ALTER TABLE n ADD COLUMN x${i} DEFAULT ${100 + i};`).join(
      "\n",
    )
  }
INSERT INTO n VALUES (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
CREATE TABLE u(id INTEGER PRIMARY KEY);
INSERT INTO u VALUES (1), (3), (999), (31), (45), (46), (48);
CREATE TABLE p(n INTEGER PRIMARY KEY, s TEXT);
WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 400)
INSERT INTO p SELECT n, CASE WHEN n % 37 = 0 THEN NULL WHEN n % 41 = 0 THEN n
  ELSE char(97 + n * 7 % 5, 0xe9 + n % 3, 97 + n * 13 % 11) || (n % 17) END FROM c;
CREATE TABLE k(id INTEGER PRIMARY KEY, a);
${
    ROWIDS.map((id, i) =>
      `INSERT INTO k VALUES (${id}, ${i % 3 ? i : `printf('%.*c', 3000, 'k')`});`
    ).join("\n")
  }
`;
}

const QUERIES = [
  // A leaf loop's rowids, read from cells and, beside overflowing records, by the cursor.
  "SELECT id, length(a) FROM k",
  "SELECT a, id FROM k WHERE id > 0 AND typeof(a) = 'integer'",
  // ... and backwards (Last, Prev).
  "SELECT id, length(a), a FROM k ORDER BY id DESC",
  "SELECT id, x, typeof(t), i FROM v WHERE r > 0 OR t IS NULL ORDER BY id DESC LIMIT 30",
  "SELECT id, x, typeof(x), r, typeof(r), t, typeof(t), i, typeof(i) FROM v",
  "SELECT i, x FROM v WHERE r > 100 AND t <> 'abc'",
  "SELECT id FROM v WHERE t = 'abc' OR t = '12' OR t = ''",
  "SELECT id, length(x), length(t) FROM v WHERE x >= 0",
  "SELECT x, typeof(x) FROM v INDEXED BY v_x WHERE x > 0",
  "SELECT count(*), sum(r), total(i) FROM v WHERE typeof(i) = 'integer'",
  "SELECT u.id, v.x, v.r, v.t FROM u LEFT JOIN v ON v.id = u.id",
  "SELECT a, b, typeof(b), c, typeof(c), d FROM s",
  "SELECT d, a FROM s WHERE c > 1",
  // Fields read out of order, past the end of the shorter record: a later field first.
  "SELECT x6, x5, a FROM n",
  "SELECT x6, x0, e, a FROM n",
  "SELECT x1 FROM n WHERE x6 > 0 AND a > 0",
  "SELECT c0, c1, c62, c63 FROM w",
  `SELECT c${MAX_INLINE_FIELD}, c${MAX_INLINE_FIELD + 1}, c69 FROM w`,
  "SELECT c69, c0 FROM w WHERE c3 IS NOT NULL",
  // LIKE against a literal and substr() made on the bytes when the field is TEXT.
  "SELECT id, x LIKE '1%', t LIKE '%2', i LIKE '%1%', r LIKE '12', t LIKE '' FROM v",
  "SELECT id, substr(x, 2), substr(t, 1, 3), substr(r, 2, 1), substr(i, 3), substr(t, 9, 0) FROM v",
  "SELECT id, length(x), length(t), length(r), length(i) FROM v",
  "SELECT id, substr(t, 2, id % 4), substr(t, id % 3 + 1), substr(t, 1, -1), substr(t, 0, 2) FROM v",
  // lower() and upper() folded on the bytes when the field is short ASCII TEXT (not of the
  // blobs holding NULs: node:sqlite cuts the texts made of them at the first NUL).
  "SELECT id, lower(t), upper(t), lower(x), upper(x), lower(r), upper(i) FROM v " +
  "WHERE typeof(x) <> 'blob'",
  "SELECT upper(t), count(*) FROM v WHERE lower(t) <> upper(t) OR lower(x) = 'abc' GROUP BY 1",
  "SELECT u.id, lower(v.t), upper(v.x) FROM u LEFT JOIN v ON v.id = u.id WHERE u.id <> 46",
  "SELECT count(*) FROM v WHERE t LIKE '%z' OR x LIKE 'Y%' OR substr(t, 2) = '2'",
  "SELECT u.id, v.t LIKE 'a%', substr(v.t, 2, 2) FROM u LEFT JOIN v ON v.id = u.id",
  // min/max compared on the bytes, count and IS NULL on the serial type.
  "SELECT min(t), max(t), min(x), max(x), min(r), max(i), count(t), count(x), count(r) FROM v",
  "SELECT id % 3, min(t), max(x), count(i) FROM v GROUP BY 1",
  "SELECT max(t), id FROM v WHERE t IS NOT NULL OR x IS NULL",
  "SELECT count(d), count(b), b IS NULL, d IS NOT NULL, max(d) FROM s",
  "SELECT u.id, v.t IS NULL, v.x IS NOT NULL FROM u LEFT JOIN v ON v.id = u.id",
  "SELECT count(v.t), max(v.t) FROM u LEFT JOIN v ON v.id = u.id",
  // A TEXT field read by several Columns is decoded once per position.
  "SELECT t, upper(t), t || x, typeof(t), x, x || t FROM v WHERE t <> x OR t IS NULL",
  "SELECT t, count(*), t || 'z' FROM v WHERE typeof(t) = 'text' GROUP BY t ORDER BY t || 'a', 2",
  "SELECT a.id, (SELECT max(b.t || b.i) FROM v b WHERE b.id <= a.id AND typeof(b.t) = 'text') FROM v a",
  // A long field past the page (the record overflows): LIKE, substr() and length() read
  // the assembled payload's bytes; other reads decode it.
  "SELECT id, length(t), substr(t, 8195), substr(t, 4999, 6), t LIKE '%rx', lower(substr(t, 2, 3)), x = t FROM v " +
  "WHERE typeof(t) = 'text'",
  "SELECT id, length(t), upper(t), t || '.', length(t) FROM v WHERE length(t) > 4 AND id <> 46",
  "SELECT u.id, length(v.t), substr(v.t, 8199), substr(v.t, 5001, 2), v.t || 'z' FROM u LEFT JOIN v ON v.id = u.id " +
  "WHERE u.id <> 46",
  "SELECT rowid, c69, length(c69), substr(c69, 3, 2), c0 FROM w WHERE length(c69) > 100",
  // ... and NULL tests and count() read only its serial type, which the page holds.
  "SELECT count(t), count(x), sum(t IS NULL), sum(x IS NOT NULL), count(r) FROM v",
  "SELECT id, t IS NULL, x IS NOT NULL FROM v WHERE t IS NOT NULL OR i IS NULL",
  "SELECT id, a IS NULL, count(a) OVER () FROM k WHERE a IS NOT NULL",
  // ORDER BY … LIMIT: a TEXT first key (a field, or substr() of one) compared as bytes with
  // the sorter's bound before the other keys are computed; any other value, or another
  // collation, decided on the decoded key.
  "SELECT id, typeof(t) FROM v ORDER BY t, id LIMIT 5",
  "SELECT id FROM v ORDER BY t DESC, i, id LIMIT 7",
  "SELECT id, length(x) FROM v ORDER BY x DESC NULLS FIRST, id DESC LIMIT 6 OFFSET 3",
  "SELECT id FROM v ORDER BY t NULLS LAST, id LIMIT 40",
  "SELECT id FROM v ORDER BY t COLLATE NOCASE DESC, id LIMIT 9",
  "SELECT id, substr(t, 2) FROM v WHERE typeof(t) <> 'blob' ORDER BY substr(t, 2) DESC, id LIMIT 5",
  "SELECT id FROM v ORDER BY substr(x, 1, 1), r DESC, id LIMIT 12",
  "SELECT id FROM v ORDER BY substr(t, 5000, 3) DESC, id LIMIT 2",
  "SELECT id FROM v ORDER BY i DESC, x, id LIMIT 4",
  "SELECT n, s FROM p ORDER BY s DESC, n DESC LIMIT 10",
  "SELECT n FROM p ORDER BY s NULLS LAST, n LIMIT 25",
  "SELECT n, substr(s, 2) FROM p ORDER BY substr(s, 2) DESC, n LIMIT 10",
  "SELECT n FROM p ORDER BY substr(s, 3, 2), n DESC LIMIT 17 OFFSET 5",
  // IN (integer constants) tested on a field holding a small INTEGER, every other value
  // (REAL, wide integers, text, blobs, NULL) through InList.
  "SELECT id FROM v WHERE i IN (0, 1, -1, 127, -128, 32767, -32769, 2147483647, 8388608)",
  "SELECT id, x IN (1, 2, -2147483648, 140737488355327), r NOT IN (0, 1, 128) FROM v",
  "SELECT id FROM v WHERE t NOT IN (1, 2, 3) OR x IN (-129, 32768)",
  "SELECT u.id, v.i IN (1, 2, 3, 45) FROM u LEFT JOIN v ON v.id = u.id",
  // A first key of few values: most rows tie with the bound and take its text as their key.
  "SELECT n, substr(s, 1, 1) FROM p ORDER BY substr(s, 1, 1), n DESC LIMIT 30",
  "SELECT n FROM p ORDER BY substr(s, 2, 1) DESC NULLS FIRST, n LIMIT 25 OFFSET 7",
  // An index range's end tested on the entry's first field as the generated code located
  // it (text keys as bytes, numbers against small integers), every class of key and value.
  "SELECT x, typeof(x) FROM v INDEXED BY v_x WHERE x > 0 AND x < 'b'",
  "SELECT x FROM v INDEXED BY v_x WHERE x BETWEEN -200 AND 40000",
  "SELECT count(*) FROM v INDEXED BY v_x WHERE x >= '' AND x < x'00'",
  "SELECT x FROM v INDEXED BY v_x WHERE x > -1.5 AND x <= 2147483648",
  "SELECT typeof(x) FROM v INDEXED BY v_x WHERE x >= 'abc' AND x <= 'é𝄞'",
  // Later keys that call functions that cannot fail: the first key is still tested alone.
  "SELECT id FROM v ORDER BY t DESC, coalesce(i, x), id LIMIT 6",
  "SELECT n FROM p ORDER BY s, ifnull(nullif(n % 3, 0), 9), round(n / 7.0, 1), typeof(s), n LIMIT 9",
  // A later key that fails for some row: every key is computed for every row, as SQLite does.
  "SELECT id FROM v ORDER BY t, abs(i) LIMIT 3",
  "SELECT n FROM p ORDER BY s, abs(CASE n WHEN 399 THEN -9223372036854775808 ELSE n END) LIMIT 3",
];

Deno.test("records read by generated code: SQLite's values for every serial type and shape", () => {
  for (const encoding of ["UTF-8", "UTF-16le", "UTF-16be"]) {
    // 64 KB pages hold the long values whole: serial types of three bytes read inline.
    for (const pageSize of [512, 4096, 65536]) {
      assertSameAsSqlite(schema(encoding, pageSize), QUERIES, [], { bigints: true });
    }
  }
});

/** The parse as a function (a cursor the program moves otherwise) and in a leaf loop. */
const PARSES = {
  function: /function h\d+\(\)/,
  // Its record located by BtreePage.wholeRecord on a path of its own, the cursor's apart.
  leafLoop:
    /h\d+:\{G\d+=true;H\d+\+\+;let s=-1;if\(q\d+>=0&&\(s=E\d+\.wholeRecord\(q\d+\)\)>=0\)\{.*\}else\{const u=c\d+\.bt;/,
};

Deno.test("records read by generated code: the JS source parses headers itself", () => {
  let seen = 0;
  const kinds = new Set<string>();
  withEachBackend(schema("UTF-8", 4096), (_oracle, db, backend) => {
    if (backend !== "js") return;
    for (const sql of QUERIES) {
      const source = db.prepare(sql).explain();
      const found = Object.entries(PARSES).filter(([, re]) => re.test(source));
      assert.ok(found.length > 0, sql);
      for (const [kind] of found) kinds.add(kind);
      seen++;
    }
  });
  assert.equal(seen, QUERIES.length);
  assert.deepEqual([...kinds].sort(), Object.keys(PARSES).sort(), "both parses are tested");
});

/** `CREATE TABLE t(a, b, c)` with one row; its record's bytes are unique in the file. */
const RECORD = [0x04, 0x01, 0x01, 0x15, 0x05, 0x06, 0x51, 0x51, 0x51, 0x51];

/** Changes to the record: the byte at an offset into it, and its new value. */
const DAMAGE: readonly (readonly [number, number])[][] = [
  [[1, 0x0a]], // a reserved serial type in the middle
  [[3, 0x0b]], // ... at the end
  [[1, 0x06]], // an 8-byte integer running past the record
  [[3, 0x17]], // a text one byte too long
  [[3, 0x81]], // a two-byte serial type whose second byte is past the header
  [[2, 0x81], [3, 0x05]], // a two-byte serial type (text of 60 bytes) past the record
  [[2, 0x81], [3, 0x81]], // a three-byte serial type
  [[0, 0x0a]], // a header size as long as the record
  [[0, 0x0b]], // ... longer
  [[0, 0x00]], // a header size of 0
  [[0, 0x01]], // an empty header: no columns, every field its default
  [[0, 0x02]], // one column
  [[0, 0x80]], // a header size of two bytes
  [[1, 0x07]], // a REAL whose bytes run into the next value
  [[2, 0x00]], // a NULL
];

const DAMAGE_QUERIES = [
  "SELECT a FROM t",
  "SELECT b FROM t",
  "SELECT c FROM t",
  "SELECT a, c FROM t",
  "SELECT c, b, a FROM t",
  "SELECT count(*) FROM t WHERE c = 'QQQQ'",
  "SELECT a FROM t WHERE b > 0",
  "SELECT a FROM t WHERE c <> 'Q'",
  "SELECT count(*) FROM t WHERE c LIKE 'Q%'",
  "SELECT substr(c, 2, 2), length(c), a FROM t",
  "SELECT max(c), count(c), count(a) FROM t",
  "SELECT a FROM t WHERE c IS NULL OR b IS NOT NULL",
  // The header parsed in stages: a test on an early field before the later fields' parse.
  "SELECT c FROM t WHERE a > 0",
  "SELECT count(*) FROM t WHERE a = 5 AND c = 'QQQQ'",
  "SELECT c, b FROM t WHERE a IS NOT NULL AND b > 0",
  "SELECT a FROM t WHERE a < 0 AND c = 'x'",
  "SELECT b, c FROM t WHERE a IN (5, 6) AND b <> 0",
];

function answer(db: Database, sql: string): string {
  try {
    return JSON.stringify(db.prepare(sql).values(), (_k, v) => typeof v === "bigint" ? `${v}n` : v);
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
}

Deno.test("records read by generated code: malformed records as the shared reader reads them", () => {
  withSqliteFile("CREATE TABLE t(a, b, c); INSERT INTO t VALUES (5, 6, 'QQQQ');", (path) => {
    const file = Deno.readFileSync(path);
    const at = file.findIndex((_, i) => RECORD.every((b, j) => file[i + j] === b));
    assert.ok(at > 0, "the record is in the file");
    let errors = 0;
    for (const changes of DAMAGE) {
      const bytes = file.slice();
      for (const [offset, value] of changes) bytes[at + offset] = value;
      const [js, reference] = [
        new Database(bytes, { backend: "js" }),
        new Database(bytes, { backend: "interpreter" }),
      ];
      for (const sql of DAMAGE_QUERIES) {
        const expected = answer(reference, sql);
        if (expected.startsWith("SqliteError")) errors++;
        assert.equal(answer(js, sql), expected, `${sql} with ${JSON.stringify(changes)}`);
      }
      js.close();
      reference.close();
    }
    assert.ok(errors > 10, "the damage makes the shared reader fail");
  });
});
