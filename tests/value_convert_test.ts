/**
 * Number ↔ text conversions and column affinity checked against real SQLite (node:sqlite).
 *
 * node:sqlite binds a JS number as REAL and a bigint as INTEGER, and with
 * setReadBigInts(true) reads INTEGER as bigint and REAL as number, so storage classes are
 * visible on both sides. It cuts text at a NUL when reading, so texts are compared
 * through hex(). Property tests print their seed; replay with LITEJIT_SEED=<seed>.
 */
import assert from "node:assert/strict";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import fc from "fast-check";
import { applyAffinity, realToExactInteger } from "../core/value/affinity.ts";
import { intToText, parseNumericText, realToText, textToReal } from "../core/value/number_text.ts";
import {
  Affinity,
  normalizeInt,
  type SqlValue,
  StorageClass,
  TextEncoding,
} from "../core/value/types.ts";

const seed = Number(Deno.env.get("LITEJIT_SEED") ?? Math.floor(Math.random() * 2 ** 31));
console.log(`value_convert_test: seed ${seed} (replay with LITEJIT_SEED=${seed})`);

const db = new DatabaseSync(":memory:");

function prepare(sql: string): StatementSync {
  const st = db.prepare(sql);
  st.setReadBigInts(true);
  return st;
}

function hexOfUtf8(s: string): string {
  let hex = "";
  for (const b of new TextEncoder().encode(s)) hex += b.toString(16).padStart(2, "0");
  return hex.toUpperCase();
}

/** Hex of the UTF-16le bytes of a string, as SQLite's hex() shows text in such a database. */
function hexOfUtf16le(s: string): string {
  let hex = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    hex += (c & 0xff).toString(16).padStart(2, "0") + (c >>> 8).toString(16).padStart(2, "0");
  }
  return hex.toUpperCase();
}

/** Hex of the UTF-16be bytes of a string. */
function hexOfUtf16be(s: string): string {
  let hex = "";
  for (let i = 0; i < s.length; i++) hex += s.charCodeAt(i).toString(16).padStart(4, "0");
  return hex.toUpperCase();
}

function doubleFromBits(bits: bigint): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, bits);
  return view.getFloat64(0);
}

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

/** Doubles that sit on the boundaries that matter for conversions. */
const EDGE_DOUBLES = [
  0,
  -0,
  1,
  -1,
  0.1,
  0.2,
  0.3,
  0.1 + 0.2,
  0.7999999999999999,
  1 / 3,
  2 / 3,
  100,
  1e15,
  1e16,
  1e17,
  1e20,
  1e21,
  1e22,
  1e23,
  1e-4,
  1e-5,
  123456789012345.6,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  2 ** 63,
  -(2 ** 63),
  2 ** 64,
  9223372036854774784,
  5e-324,
  1e-323,
  2.2250738585072014e-308,
  2.225073858507201e-308,
  1.7976931348623157e308,
  -1.7976931348623157e308,
  Infinity,
  -Infinity,
  0.5,
  1.5,
  2.5,
  1e300,
  1e-300,
  4.35,
  0.000123456789,
  999999999999999.9,
  9999999999999998,
  99999999999999999999,
];

/** Any double but NaN (SQLite stores NaN as NULL): uniform bit patterns and fast-check's. */
const doubleArb = fc.oneof(
  fc.constantFrom(...EDGE_DOUBLES),
  fc.double({ noNaN: true }),
  fc.bigInt(0n, 2n ** 64n - 1n).map(doubleFromBits).filter((x) => x === x),
  fc.tuple(fc.integer({ min: -999999, max: 999999 }), fc.integer({ min: 0, max: 8 }))
    .map(([m, k]) => m / 10 ** k),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
  fc.tuple(fc.integer({ min: 1, max: 999999 }), fc.integer({ min: 0, max: 12 }), fc.boolean())
    .map(([m, k, neg]) => (neg ? -1 : 1) * m * 10 ** k), // whole numbers around 1e15
  fc.double({ min: -1e16, max: 1e16, noNaN: true }).map(Math.round),
);

Deno.test("realToText: matches CAST(real AS TEXT) for edge doubles", () => {
  const st = prepare("SELECT CAST(? AS TEXT) AS t");
  for (const x of EDGE_DOUBLES) {
    assert.equal(realToText(x), (st.get(x) as { t: string }).t, `realToText(${x})`);
  }
});

Deno.test("realToText: property test against CAST(real AS TEXT)", () => {
  const st = prepare("SELECT CAST(? AS TEXT) AS t");
  fc.assert(
    fc.property(doubleArb, (x) => {
      assert.equal(realToText(x), (st.get(x) as { t: string }).t, `realToText(${x})`);
    }),
    { seed, numRuns: 100000 },
  );
});

Deno.test("intToText: property test against CAST(integer AS TEXT)", () => {
  const st = prepare("SELECT CAST(? AS TEXT) AS t");
  const intArb = fc.oneof(
    fc.constantFrom(0n, -1n, I64_MIN, I64_MAX, 2n ** 53n, -(2n ** 53n) + 1n),
    fc.bigInt(I64_MIN, I64_MAX),
    fc.bigInt(-1000n, 1000n),
  );
  fc.assert(
    fc.property(intArb, (v) => {
      assert.equal(intToText(normalizeInt(v)), (st.get(v) as { t: string }).t);
    }),
    { seed, numRuns: 3000 },
  );
  assert.equal(intToText(-0), (st.get(0n) as { t: string }).t);
});

// ---------------------------------------------------------------------------------------
// Text → number

const digitsArb = (max: number) =>
  fc.array(fc.constantFrom("0", "1", "5", "9", "4", "0"), { maxLength: max }).map((a) =>
    a.join("")
  );
const spaceArb = fc.constantFrom("", "", " ", "  ", "\t", "\n", "\v", "\f", "\r", "\u00a0");
const junkArb = fc.constantFrom(
  "",
  "",
  "",
  "",
  "x",
  "\0",
  "\0" + "1",
  "e",
  "E+",
  ".",
  "-",
  "٣",
  "３",
  "²",
  "0x",
  "i",
  "\u2003",
);

/** Texts shaped like numbers, with every optional part and some junk. */
const numberLikeArb = fc.tuple(
  spaceArb,
  fc.constantFrom("", "", "-", "+", "--", "+-"),
  digitsArb(24),
  fc.option(digitsArb(24), { nil: undefined }),
  fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), digitsArb(5)), {
    nil: undefined,
  }),
  spaceArb,
  junkArb,
).map(([s1, sign, int, frac, exp, s2, junk]) =>
  s1 + sign + int + (frac === undefined ? "" : "." + frac) + (exp ? exp.join("") : "") + s2 +
  junk
);

const EDGE_TEXTS = [
  "",
  " ",
  "0",
  "-0",
  "+0",
  "-0.0",
  "0.0",
  "00",
  ".",
  "-",
  "+",
  ".5",
  "5.",
  "-.5",
  "+.5e1",
  "1e",
  "1e+",
  "1e-",
  "1E5",
  "1e400",
  "-1e400",
  "1e-400",
  "-1e-400",
  "1.5e3",
  "0x10",
  "0X1A",
  "Inf",
  "-Inf",
  "NaN",
  "infinity",
  " 12 ",
  "\t\n\v\f\r7\t\n\v\f\r",
  "\u00a012",
  "12\u00a0",
  "12\0",
  "12\0x",
  "1.5\0e3",
  "\0" + "12",
  "１２",
  "٣",
  "1_000",
  "1,5",
  "9223372036854775807",
  "9223372036854775808",
  "-9223372036854775808",
  "-9223372036854775809",
  "18446744073709551615",
  "18446744073709551616",
  "1844674407370955160",
  "1844674407370955161",
  "12345678901234567890123",
  "9007199254740992",
  "9007199254740993",
  "-9007199254740993",
  "9007199254740993.0",
  "2000000000000000001",
  "3500000000000000.2500001",
  "0.1",
  "0.30000000000000004",
  "1e308",
  "1.7976931348623157e308",
  "1.7976931348623159e308",
  "4.9e-324",
  "2.4703282292062328e-324",
  "2.4703282292062327e-324",
  "1" + "0".repeat(400) + "e-400",
  "0." + "0".repeat(400) + "1e400",
  "1e99999",
  "1" + "0".repeat(30) + "e-10",
  "00000000000000000000001",
  "-00000000000000000001",
  "0000000000000000000000000000.5",
  "1.0",
  "100.000",
  "1e2",
  "-1e2",
  " - 1",
  "1 2",
  "1e 2",
  // NUL cases: the numeric text ends at the NUL, but the exact-integer re-read (from 2^51 up)
  // and UTF-16's rejection of characters above U+00FF look at the whole text.
  "9007199254740993\0",
  "9007199254740993 \0",
  "2251799813685248\0",
  "2251799813685247\0",
  "-2251799813685248\0",
  "-2251799813685249\0",
  "9223372036854775807\0x",
  "1\0ı",
  "1\0é",
  "12\0Ā",
  "5\0\u{1f600}",
  "1 \0٣",
  "1.5\0٣",
  "1\0 x",
];

const textArb = fc.oneof(
  fc.constantFrom(...EDGE_TEXTS),
  numberLikeArb,
  doubleArb.map(String),
  doubleArb.map(realToText),
  fc.bigInt(I64_MIN * 4n, I64_MAX * 4n).map(String),
  fc.string({ unit: fc.constantFrom("1", "0", ".", "e", "-", "+", " ", "\0", "x", "٣", "é") }),
  fc.tuple(fc.bigInt(I64_MIN, I64_MAX), fc.constantFrom("\0", " \0", "\0x", "\0ı", "\0é"))
    .map(([v, tail]) => String(v) + tail),
  fc.string({ maxLength: 6 }),
);

Deno.test("parseNumericText / textToReal: property test against SQLite, each encoding", () => {
  // sum() reads its argument with sqlite3_value_numeric_type: an INTEGER for an integer
  // text that fits in 64 bits, a REAL for any other numeric text, and for a non-numeric
  // text the REAL value of its numeric prefix. CAST(... AS REAL) gives that prefix value.
  for (
    const [pragma, enc] of [
      ["UTF-8", TextEncoding.Utf8],
      ["UTF-16le", TextEncoding.Utf16le],
      ["UTF-16be", TextEncoding.Utf16be],
    ] as const
  ) {
    const pdb = new DatabaseSync(":memory:");
    pdb.exec(`PRAGMA encoding='${pragma}'`);
    const st = pdb.prepare(
      "SELECT typeof(sum(x)) AS t, sum(x) AS v, CAST(x AS REAL) AS r FROM (SELECT ? AS x)",
    );
    st.setReadBigInts(true);
    const check = (s: string) => {
      const row = st.get(s) as { t: string; v: bigint | number; r: number };
      const parsed = parseNumericText(s, enc);
      const label = `${pragma} text ${JSON.stringify(s)}`;
      const real = textToReal(s);
      assert.ok(Object.is(real, row.r), `${label}: textToReal ${real} != ${row.r}`);
      if (parsed === undefined) {
        assert.equal(row.t, "real", label);
        assert.ok(real === row.v, `${label}: ${real} vs ${row.v}`);
      } else if (parsed.cls === StorageClass.Integer) {
        assert.equal(row.t, "integer", label);
        assert.equal(BigInt(parsed.value), row.v, label);
      } else {
        assert.equal(row.t, "real", label);
        // sum() loses the sign of -0.0, so compare with ===, not Object.is.
        assert.ok(parsed.value === row.v, `${label}: ${parsed.value} vs ${row.v}`);
        assert.ok(Object.is(parsed.value, real), label);
      }
    };
    for (const s of EDGE_TEXTS) check(s);
    fc.assert(fc.property(textArb, check), { seed, numRuns: 20000 });
    pdb.close();
  }
});

Deno.test("parseNumericText: REAL when the text has a point or exponent, else INTEGER", () => {
  // The oracle here is typeof() after storing into a column without affinity, through
  // the `+ 0` of a numeric context that keeps the class: '1.0'+0 is REAL, '1'+0 INTEGER.
  const st = prepare("SELECT typeof(? + 0) AS t");
  for (const s of ["1.0", "1", "1e2", " 7 ", "100.000", "-0", "-0.0", ".5"]) {
    const parsed = parseNumericText(s)!;
    const expected = (st.get(s) as { t: string }).t;
    assert.equal(parsed.cls === StorageClass.Integer ? "integer" : "real", expected, s);
  }
});

// ---------------------------------------------------------------------------------------
// Affinity

interface Typed {
  value: SqlValue;
  cls: StorageClass;
  bind: null | number | bigint | string | Uint8Array;
}

const typedArb: fc.Arbitrary<Typed> = fc.oneof(
  fc.constant<Typed>({ value: null, cls: StorageClass.Null, bind: null }),
  fc.oneof(
    fc.constantFrom(0n, 1n, -1n, I64_MIN, I64_MAX, 2n ** 53n, 2n ** 53n + 1n, -(2n ** 53n) - 1n),
    fc.bigInt(I64_MIN, I64_MAX),
    fc.bigInt(-100n, 100n),
  ).map((v): Typed => ({ value: normalizeInt(v), cls: StorageClass.Integer, bind: v })),
  doubleArb.map((r): Typed => ({ value: r, cls: StorageClass.Real, bind: r })),
  textArb.map((s): Typed => ({ value: s, cls: StorageClass.Text, bind: s })),
  fc.uint8Array({ maxLength: 4 }).map((b): Typed => ({
    value: b,
    cls: StorageClass.Blob,
    bind: b,
  })),
);

const COLUMNS = [
  { name: "i", type: "INTEGER", aff: Affinity.Integer },
  { name: "r", type: "REAL", aff: Affinity.Real },
  { name: "n", type: "NUMERIC", aff: Affinity.Numeric },
  { name: "x", type: "TEXT", aff: Affinity.Text },
  { name: "b", type: "BLOB", aff: Affinity.Blob },
] as const;

const CLASS_NAMES: Record<StorageClass, string> = {
  [StorageClass.Null]: "null",
  [StorageClass.Integer]: "integer",
  [StorageClass.Real]: "real",
  [StorageClass.Text]: "text",
  [StorageClass.Blob]: "blob",
};

Deno.test("applyAffinity: property test against storing into columns of each affinity", () => {
  for (
    const [pragma, enc] of [
      ["UTF-8", TextEncoding.Utf8],
      ["UTF-16le", TextEncoding.Utf16le],
      ["UTF-16be", TextEncoding.Utf16be],
    ] as const
  ) {
    const adb = new DatabaseSync(":memory:");
    adb.exec(`PRAGMA encoding='${pragma}'`);
    adb.exec(`CREATE TABLE t(${COLUMNS.map((c) => `${c.name} ${c.type}`).join(", ")})`);
    const ins = adb.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)");
    const sel = adb.prepare(
      "SELECT " +
        COLUMNS.map((c, k) =>
          `typeof(${c.name}) AS t${k}, ${c.name} AS v${k}, hex(CAST(${c.name} AS TEXT)) AS h${k}`
        ).join(", ") + " FROM t",
    );
    sel.setReadBigInts(true);
    const del = adb.prepare("DELETE FROM t");
    fc.assert(
      fc.property(typedArb, (t) => {
        del.run();
        ins.run(t.bind, t.bind, t.bind, t.bind, t.bind);
        const row = sel.get() as Record<string, unknown>;
        COLUMNS.forEach((c, k) => {
          const [type, value, hex] = [row[`t${k}`], row[`v${k}`], row[`h${k}`]];
          const got = applyAffinity(t.value, t.cls, c.aff, enc);
          const label = `${pragma} ${c.type} column, ${CLASS_NAMES[t.cls]} ${String(t.bind)}`;
          assert.equal(CLASS_NAMES[got.cls], type, label);
          if (got.cls === StorageClass.Integer) {
            assert.equal(BigInt(got.value as number | bigint), value, label);
            assert.ok(typeof got.value === "bigint" ? normalizeInt(got.value) === got.value : true);
          } else if (got.cls === StorageClass.Real) {
            assert.ok(Object.is(got.value, value), `${label}: ${got.value} vs ${value}`);
          } else if (got.cls === StorageClass.Text) {
            const text = got.value as string;
            const ourHex = enc === TextEncoding.Utf8
              ? hexOfUtf8(text)
              : enc === TextEncoding.Utf16le
              ? hexOfUtf16le(text)
              : hexOfUtf16be(text);
            assert.equal(ourHex, hex, label);
          } else {
            assert.deepEqual(got.value, value, label);
          }
        });
      }),
      { seed, numRuns: 6000 },
    );
    adb.close();
  }
});

Deno.test("realToExactInteger: whole REALs in (-2^63, 2^63) only, as SQLite's INTEGER column", () => {
  const adb = new DatabaseSync(":memory:");
  adb.exec("CREATE TABLE t(i INTEGER)");
  const ins = adb.prepare("INSERT INTO t VALUES (?)");
  const sel = adb.prepare("SELECT typeof(i) AS t, i FROM t");
  sel.setReadBigInts(true);
  for (const x of EDGE_DOUBLES) {
    adb.exec("DELETE FROM t");
    ins.run(x);
    const row = sel.get() as { t: string; i: bigint | number };
    const got = realToExactInteger(x);
    if (row.t === "integer") assert.equal(BigInt(got!), row.i, `${x}`);
    else assert.equal(got, undefined, `${x}`);
  }
  adb.close();
});

globalThis.addEventListener("unload", () => db.close());
