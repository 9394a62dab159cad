/**
 * Collations and value ordering checked against real SQLite (node:sqlite).
 *
 * Every expectation comes from SQLite: pairwise comparisons through a self-join and
 * ORDER BY orders, in databases of each text encoding. Property tests print their seed;
 * replay with LITEJIT_SEED=<seed>.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import fc from "fast-check";
import {
  BINARY_UTF16BE,
  BINARY_UTF16LE,
  BINARY_UTF8,
  type Collation,
  collationFor,
  NOCASE,
  NOCASE_UTF16,
  RTRIM,
  RTRIM_UTF16,
} from "../core/value/collation.ts";
import { compareBlobs, compareKeys, compareValues } from "../core/value/compare.ts";
import { type SqlValue, TextEncoding } from "../core/value/types.ts";

const seed = Number(Deno.env.get("LITEJIT_SEED") ?? Math.floor(Math.random() * 2 ** 31));
console.log(`value_compare_test: seed ${seed} (replay with LITEJIT_SEED=${seed})`);

const ENCODINGS = [
  { pragma: "UTF-8", enc: TextEncoding.Utf8 },
  { pragma: "UTF-16le", enc: TextEncoding.Utf16le },
  { pragma: "UTF-16be", enc: TextEncoding.Utf16be },
] as const;
const COLLATION_NAMES = ["BINARY", "NOCASE", "RTRIM"] as const;

/** An in-memory database with the given text encoding (checked, not assumed). */
function openDb(pragma: string): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  db.exec(`PRAGMA encoding='${pragma}'`);
  const got = (db.prepare("PRAGMA encoding").get() as { encoding: string }).encoding;
  assert.equal(got, pragma);
  return db;
}

function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

/**
 * Characters chosen to hit every difference between the byte orders: ASCII letters and
 * the punctuation between the cases, NUL, tab and space, Latin-1 (one UTF-16 byte zero),
 * code units whose low byte decides UTF-16le order, the BMP private area just above the
 * surrogates, and characters above U+FFFF.
 */
const CHARS = [
  "\0",
  "\t",
  " ",
  "!",
  "0",
  "9",
  "A",
  "Z",
  "[",
  "_",
  "`",
  "a",
  "z",
  "{",
  "\x7f",
  "\x80",
  "Ä",
  "ä",
  "ß",
  "\xff",
  "\u0100",
  "\u0131",
  "\u01ff",
  "\u3100",
  "\u3101",
  "\ud7ff",
  "\ue000",
  "\uff21",
  "\uff41",
  "\ufffd",
  "\u{1f600}",
  "\u{10ffff}",
  "\u{10000}",
];

const textArb = fc.array(fc.constantFrom(...CHARS), { maxLength: 6 }).map((a) => a.join(""));

/** SQLite's verdict for every ordered pair of texts under a collation, as a sign matrix. */
function sqlitePairSigns(db: DatabaseSync, texts: string[], coll: string): number[][] {
  db.exec("DELETE FROM t");
  const ins = db.prepare("INSERT INTO t(i, v) VALUES (?, ?)");
  texts.forEach((s, i) => ins.run(i, s));
  const rows = db.prepare(
    `SELECT a.i AS x, b.i AS y, CASE WHEN a.v < b.v COLLATE ${coll} THEN -1 ` +
      `WHEN a.v = b.v COLLATE ${coll} THEN 0 ELSE 1 END AS s FROM t a, t b`,
  ).all() as { x: number; y: number; s: number }[];
  const m = texts.map(() => texts.map(() => NaN));
  for (const r of rows) m[r.x][r.y] = r.s;
  return m;
}

function checkPairs(db: DatabaseSync, texts: string[], name: string, coll: Collation): void {
  const m = sqlitePairSigns(db, texts, name);
  for (let x = 0; x < texts.length; x++) {
    for (let y = 0; y < texts.length; y++) {
      const got = sign(coll.compare(texts[x], texts[y]));
      if (got !== m[x][y]) {
        assert.fail(
          `${coll.name}: compare(${JSON.stringify(texts[x])}, ${JSON.stringify(texts[y])}) ` +
            `= ${got}, SQLite says ${m[x][y]}`,
        );
      }
    }
  }
}

Deno.test("collationFor: names are ASCII case-insensitive; BINARY depends on encoding", () => {
  for (const { enc } of ENCODINGS) {
    // UTF-16 has its own NOCASE and RTRIM objects (lone surrogates compare as SQLite's
    // UTF-8 translation of them); same name, same order for valid text.
    const nocase = enc === TextEncoding.Utf8 ? NOCASE : NOCASE_UTF16;
    const rtrim = enc === TextEncoding.Utf8 ? RTRIM : RTRIM_UTF16;
    assert.equal(collationFor("nocase", enc), nocase);
    assert.equal(collationFor("NoCase", enc), nocase);
    assert.equal(collationFor("RTRIM", enc), rtrim);
    assert.equal(collationFor("rtrim", enc), rtrim);
    assert.equal(collationFor("unknown", enc), undefined);
    assert.equal(collationFor("", enc), undefined);
  }
  assert.equal(collationFor("binary", TextEncoding.Utf8), BINARY_UTF8);
  assert.equal(collationFor("Binary", TextEncoding.Utf16le), BINARY_UTF16LE);
  assert.equal(collationFor("BINARY", TextEncoding.Utf16be), BINARY_UTF16BE);
  // SQLite itself knows exactly these three names (checked through the oracle).
  const db = openDb("UTF-8");
  const names = (db.prepare("SELECT name FROM pragma_collation_list ORDER BY name").all() as {
    name: string;
  }[]).map((r) => r.name);
  db.close();
  assert.deepEqual(names, ["BINARY", "NOCASE", "RTRIM"]);
});

Deno.test("collations: every pair of the special characters, each encoding", () => {
  const singles = [...CHARS, ""];
  const extra = ["a ", "a  ", "a\t", "a\0", "a\0b", "a\0c", "A\0B", "ab", "AB", "aB ", "\0"];
  const texts = [...singles, ...extra];
  for (const { pragma, enc } of ENCODINGS) {
    const db = openDb(pragma);
    db.exec("CREATE TABLE t(i INTEGER, v TEXT)");
    for (const name of COLLATION_NAMES) checkPairs(db, texts, name, collationFor(name, enc)!);
    db.close();
  }
});

Deno.test("collations: ORDER BY order matches, each encoding", () => {
  const texts = [...CHARS, "", "a ", "a\0b", "a\0c", "A\0B", "ab", "Ab", "aB ", "b\u{1f600}"];
  for (const { pragma, enc } of ENCODINGS) {
    const db = openDb(pragma);
    db.exec("CREATE TABLE t(i INTEGER, v TEXT)");
    const ins = db.prepare("INSERT INTO t(i, v) VALUES (?, ?)");
    texts.forEach((s, i) => ins.run(i, s));
    for (const name of COLLATION_NAMES) {
      const coll = collationFor(name, enc)!;
      const sqliteOrder = (db.prepare(`SELECT i FROM t ORDER BY v COLLATE ${name}, i`)
        .all() as { i: number }[]).map((r) => r.i);
      const ours = texts.map((_, i) => i).sort((x, y) => coll.compare(texts[x], texts[y]) || x - y);
      assert.deepEqual(ours, sqliteOrder, `${pragma} ${name}`);
    }
    db.close();
  }
});

Deno.test("collations: property test against SQLite, each encoding", () => {
  const dbs = ENCODINGS.map(({ pragma, enc }) => {
    const db = openDb(pragma);
    db.exec("CREATE TABLE t(i INTEGER, v TEXT)");
    return { db, enc };
  });
  fc.assert(
    fc.property(fc.array(textArb, { minLength: 2, maxLength: 10 }), (texts) => {
      for (const { db, enc } of dbs) {
        for (const name of COLLATION_NAMES) checkPairs(db, texts, name, collationFor(name, enc)!);
      }
    }),
    { seed, numRuns: 500 },
  );
  for (const { db } of dbs) db.close();
});

// ---------------------------------------------------------------------------------------
// compareValues / compareKeys

/** A value with the storage class to bind it as (node:sqlite binds every number as REAL). */
interface Typed {
  value: SqlValue;
  bind: null | number | bigint | string | Uint8Array;
}

function intValue(v: bigint): Typed {
  const safe = v >= -9007199254740991n && v <= 9007199254740991n;
  return { value: safe ? Number(v) : v, bind: v };
}

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const EDGE_INTS = [
  0n,
  1n,
  -1n,
  2n ** 53n - 1n,
  2n ** 53n,
  2n ** 53n + 1n,
  -(2n ** 53n),
  -(2n ** 53n) - 1n,
  I64_MAX,
  I64_MAX - 1n,
  I64_MIN,
  I64_MIN + 1n,
  2n ** 62n,
];
const EDGE_REALS = [
  0,
  -0,
  1,
  -1,
  0.5,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  2 ** 63,
  -(2 ** 63),
  2 ** 64,
  9223372036854774784,
  1e300,
  -1e300,
  5e-324,
  Infinity,
  -Infinity,
  1.5,
];

const typedArb: fc.Arbitrary<Typed> = fc.oneof(
  fc.constant<Typed>({ value: null, bind: null }),
  fc.oneof(fc.constantFrom(...EDGE_INTS), fc.bigInt(I64_MIN, I64_MAX), fc.bigInt(-5n, 5n))
    .map(intValue),
  fc.oneof(fc.constantFrom(...EDGE_REALS), fc.double({ noNaN: true }), fc.integer())
    .map((r): Typed => ({ value: r, bind: r })),
  textArb.map((s): Typed => ({ value: s, bind: s })),
  fc.uint8Array({ maxLength: 4, min: 0, max: 3 }).map((b): Typed => ({ value: b, bind: b })),
);

Deno.test("compareValues: property test against SQLite (pairs and ORDER BY)", () => {
  const db = openDb("UTF-8");
  db.exec("CREATE TABLE p(i INTEGER, v)"); // v has no affinity: values are stored as bound
  const ins = db.prepare("INSERT INTO p(i, v) VALUES (?, ?)");
  const pairs = COLLATION_NAMES.map((name) => ({
    coll: collationFor(name, TextEncoding.Utf8)!,
    stmt: db.prepare(
      `SELECT a.i AS x, b.i AS y, CASE WHEN a.v < b.v COLLATE ${name} THEN -1 ` +
        `WHEN a.v = b.v COLLATE ${name} THEN 0 WHEN a.v > b.v COLLATE ${name} THEN 1 END AS s ` +
        `FROM p a, p b`,
    ),
    order: db.prepare(`SELECT i FROM p ORDER BY v COLLATE ${name}, i`),
  }));
  fc.assert(
    fc.property(fc.array(typedArb, { minLength: 1, maxLength: 12 }), (vals) => {
      db.exec("DELETE FROM p");
      vals.forEach((t, i) => ins.run(i, t.bind));
      for (const { coll, stmt, order } of pairs) {
        for (const r of stmt.all() as { x: number; y: number; s: number | null }[]) {
          if (r.s === null) continue; // a NULL operand: ordered by the ORDER BY check below
          const got = sign(compareValues(vals[r.x].value, vals[r.y].value, coll));
          assert.equal(got, r.s, `${coll.name} ${String(vals[r.x].bind)} vs ${vals[r.y].bind}`);
        }
        const sqliteOrder = (order.all() as { i: number }[]).map((r) => r.i);
        const ours = vals.map((_, i) => i).sort((x, y) =>
          compareValues(vals[x].value, vals[y].value, coll) || x - y
        );
        assert.deepEqual(ours, sqliteOrder, coll.name);
      }
    }),
    { seed, numRuns: 1000 },
  );
  db.close();
});

Deno.test("compareValues: INTEGER vs REAL is exact beyond 2^53", () => {
  const db = openDb("UTF-8");
  const cases: [bigint, number][] = [
    [2n ** 53n + 1n, 2 ** 53],
    [I64_MAX, 2 ** 63],
    [I64_MIN, -(2 ** 63)],
    [I64_MIN + 1n, -(2 ** 63)],
    [2n ** 62n + 1n, 2 ** 62],
  ];
  const st = db.prepare("SELECT CASE WHEN ?1 < ?2 THEN -1 WHEN ?1 = ?2 THEN 0 ELSE 1 END AS s");
  for (const [i, r] of cases) {
    const expected = (st.get(i, r) as { s: number }).s;
    assert.equal(sign(compareValues(intValue(i).value, r, BINARY_UTF8)), expected, `${i} vs ${r}`);
    assert.equal(sign(compareValues(r, intValue(i).value, BINARY_UTF8)), 0 - expected);
  }
  db.close();
});

Deno.test("compareBlobs: bytewise, then shorter first", () => {
  const db = openDb("UTF-8");
  const st = db.prepare("SELECT CASE WHEN ?1 < ?2 THEN -1 WHEN ?1 = ?2 THEN 0 ELSE 1 END AS s");
  const blobs = [[], [0], [0, 0], [1], [0, 255], [255], [1, 0]].map((a) => new Uint8Array(a));
  for (const a of blobs) {
    for (const b of blobs) {
      assert.equal(sign(compareBlobs(a, b)), (st.get(a, b) as { s: number }).s);
    }
  }
  db.close();
});

Deno.test("compareKeys: multi-column order with collations and DESC matches SQLite", () => {
  const db = openDb("UTF-8");
  db.exec("CREATE TABLE k(i INTEGER, a, b, c)");
  const ins = db.prepare("INSERT INTO k(i, a, b, c) VALUES (?, ?, ?, ?)");
  // A small value pool so that rows often tie on leading columns.
  const pool = fc.constantFrom<Typed>(
    { value: null, bind: null },
    intValue(1n),
    intValue(2n),
    { value: 1.5, bind: 1.5 },
    { value: "a", bind: "a" },
    { value: "A", bind: "A" },
    { value: "a ", bind: "a " },
    { value: new Uint8Array([1]), bind: new Uint8Array([1]) },
  );
  const spec = fc.tuple(fc.constantFrom(...COLLATION_NAMES), fc.boolean());
  fc.assert(
    fc.property(
      fc.array(fc.tuple(pool, pool, pool), { minLength: 1, maxLength: 12 }),
      fc.tuple(spec, spec, spec),
      (rows, specs) => {
        db.exec("DELETE FROM k");
        rows.forEach((r, i) => ins.run(i, r[0].bind, r[1].bind, r[2].bind));
        const orderBy = ["a", "b", "c"].map((col, j) =>
          `${col} COLLATE ${specs[j][0]}${specs[j][1] ? " DESC" : ""}`
        ).join(", ");
        const sqliteOrder = (db.prepare(`SELECT i FROM k ORDER BY ${orderBy}, i`).all() as {
          i: number;
        }[]).map((r) => r.i);
        const colls = specs.map(([name]) => collationFor(name, TextEncoding.Utf8)!);
        const desc = specs.map(([, d]) => d);
        const keys = rows.map((r) => r.map((t) => t.value));
        const ours = rows.map((_, i) => i).sort((x, y) =>
          compareKeys(keys[x], keys[y], colls, desc) || x - y
        );
        assert.deepEqual(ours, sqliteOrder, orderBy);
      },
    ),
    { seed, numRuns: 300 },
  );
  db.close();
});

Deno.test("compareKeys: only shared columns are compared (documented prefix contract)", () => {
  const colls = [BINARY_UTF8, BINARY_UTF8];
  assert.equal(compareKeys([1], [1, 2], colls, [false, false]), 0);
  assert.equal(compareKeys([1, 2], [1], colls, [false, false]), 0);
  assert.equal(compareKeys([], [null], colls, [false]), 0);
  assert.ok(compareKeys([1, 3], [1, 2], colls, [false, false]) > 0);
  assert.ok(compareKeys([1, 3], [1, 2], colls, [false, true]) < 0);
});
