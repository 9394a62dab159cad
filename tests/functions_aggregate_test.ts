/**
 * The aggregate functions against real SQLite: hand-picked corner cases and fast-check
 * generated rows (mixed storage classes, integers near ±2^63 and ±2^53, huge and tiny
 * reals, -0.0, numeric-looking texts, blobs, NULLs), each aggregate computed as a plain
 * aggregate and, where SQLite can undo rows, as a window aggregate over a sliding frame
 * driven with our own step / inverse / value sequence.
 *
 * Replay a failure with LITEJIT_SEED=<seed>; LITEJIT_RUNS sets the number of runs.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { NOCASE, RTRIM } from "../core/value/collation.ts";
import { StorageClass } from "../core/value/types.ts";
import { aggregateFunction } from "../core/functions/aggregate/registry.ts";
import type { AggregateFunction } from "../core/functions/aggregate/types.ts";
import { propertyParams } from "./support/random_db.ts";
import {
  type AggCall,
  describeRows,
  openRows,
  ourAggregate,
  ourWindow,
  type Row,
  sqliteAggregate,
  sqliteWindow,
  TextEncoding,
  type Val,
} from "./support/aggregate_harness.ts";

function fn(name: string, argc: number): AggregateFunction {
  const f = aggregateFunction(name, argc);
  if (f === undefined) throw new Error(`no aggregate ${name}/${argc}`);
  return f;
}

const X = ["x"] as const;
const XS = ["x", "s"] as const;

/** Every aggregate form checked as a plain aggregate. */
const PLAIN: AggCall[] = [
  { sql: "count(*)", fn: fn("count", 0), args: [] },
  { sql: "count(x)", fn: fn("count", 1), args: X },
  { sql: "sum(x)", fn: fn("sum", 1), args: X },
  { sql: "total(x)", fn: fn("total", 1), args: X },
  { sql: "avg(x)", fn: fn("avg", 1), args: X },
  { sql: "min(x)", fn: fn("min", 1), args: X },
  { sql: "max(x)", fn: fn("max", 1), args: X },
  { sql: "min(x COLLATE NOCASE)", fn: fn("min", 1), args: X, collation: NOCASE },
  { sql: "max(x COLLATE NOCASE)", fn: fn("max", 1), args: X, collation: NOCASE },
  { sql: "max(x COLLATE RTRIM)", fn: fn("max", 1), args: X, collation: RTRIM },
  { sql: "group_concat(x)", fn: fn("group_concat", 1), args: X },
  { sql: "group_concat(x, s)", fn: fn("group_concat", 2), args: XS },
  { sql: "string_agg(x, s)", fn: fn("string_agg", 2), args: XS },
];

/** The aggregates SQLite runs with an inverse over a sliding window frame. */
const WINDOWED: AggCall[] = PLAIN.filter((c) => c.fn.inverse !== undefined);

function checkRows(rows: readonly Row[], enc: TextEncoding): void {
  const db = openRows(rows, enc);
  try {
    for (const call of PLAIN) {
      assert.deepStrictEqual(
        ourAggregate(rows, call, enc),
        sqliteAggregate(db, call, enc),
        `${call.sql} over ${describeRows(rows, enc)}`,
      );
    }
    for (const call of WINDOWED) {
      assert.deepStrictEqual(
        ourWindow(rows, call, enc),
        sqliteWindow(db, call, enc),
        `${call.sql} OVER (sliding) over ${describeRows(rows, enc)}`,
      );
    }
  } finally {
    db.close();
  }
}

const NULL: Val = { c: StorageClass.Null };
const int = (v: bigint): Val => ({ c: StorageClass.Integer, v });
const real = (v: number): Val => ({ c: StorageClass.Real, v });
const text = (v: string): Val => ({ c: StorageClass.Text, v });
const blob = (...b: number[]): Val => ({ c: StorageClass.Blob, v: new Uint8Array(b) });

const I64_MAX = 9223372036854775807n;
const I64_MIN = -9223372036854775808n;
const P53 = 9007199254740992n;

/** Rows whose `x` are `xs` and whose separator is `sep` (or cycles through `seps`). */
function rowsOf(xs: readonly Val[], seps: readonly Val[] = [text(",")]): Row[] {
  return xs.map((x, i) => ({ x, s: seps[i % seps.length] }));
}

const CORNER_CASES: [string, Row[]][] = [
  ["no rows", []],
  ["only NULLs", rowsOf([NULL, NULL], [NULL])],
  ["KBN cancels 1e100", rowsOf([real(1e100), real(1), real(-1e100)])],
  ["KBN with integers", rowsOf([real(1e100), int(1n), real(-1e100), int(3n)])],
  ["0.1 + 0.2 + 0.3", rowsOf([real(0.1), real(0.2), real(0.3)])],
  ["overflow", rowsOf([int(I64_MAX), int(1n)])],
  ["overflow then integer", rowsOf([int(I64_MAX), int(1n), int(-5n)])],
  ["overflow then real", rowsOf([int(I64_MAX), int(1n), real(1.5)])],
  ["real then overflow", rowsOf([real(0.5), int(I64_MAX), int(I64_MAX)])],
  ["min int", rowsOf([int(I64_MIN), int(-1n), int(I64_MIN), int(1n), int(I64_MAX)])],
  ["back into range", rowsOf([int(I64_MAX), int(-1n), int(1n), int(-3n)])],
  ["inverse overflows", rowsOf([int(-5n), int(I64_MAX), int(5n), int(-10n), int(0n), int(0n)])],
  ["inverse of min int", rowsOf([int(I64_MIN), real(0.5), int(I64_MIN), int(1n), int(2n)])],
  ["near 2^53", rowsOf([int(P53), int(1n), int(1n), int(-P53 - 3n), int(P53 + 1n)])],
  ["near 2^52", rowsOf([int(P53 / 2n + 1n), real(0.5), int(-P53 / 2n - 7n), int(I64_MAX)])],
  ["infinities", rowsOf([real(1e308), real(1e308), real(-1e308)])],
  ["inf - inf", rowsOf([real(Infinity), real(-Infinity), int(1n)])],
  ["negative zero", rowsOf([real(-0), real(-0)])],
  ["negative zero and int", rowsOf([int(0n), real(-0), real(-0)])],
  ["tiny reals", rowsOf([real(5e-324), real(-5e-324), real(2.2250738585072014e-308)])],
  [
    "numeric texts",
    rowsOf([text(" 12 "), text("1e3"), text("0x10"), text("12abc"), text("abc"), text("-0")]),
  ],
  ["integer texts", rowsOf([text("5"), text(" 6"), text("9223372036854775807"), text("1")])],
  ["text beyond int64", rowsOf([text("9223372036854775808"), text("1.0")])],
  ["text with NUL", rowsOf([text("1\u00002"), text("3\u0000ı"), text("\t4\n")])],
  ["blobs", rowsOf([blob(0x31, 0x32), blob(0x00), blob(), blob(0x35, 0x2e, 0x35)])],
  ["split UTF-8 across blobs", rowsOf([blob(0xc3), blob(0xa9), text("é")], [blob(), NULL])],
  ["invalid UTF-8", rowsOf([blob(0xff, 0x41), text("b"), blob(0xe2, 0x82)])],
  ["ties keep the first", rowsOf([int(1n), real(1), text("a"), text("A"), text("a  ")])],
  ["mixed classes order", rowsOf([blob(1), text("z"), real(2.5), int(3n), NULL, text("")])],
  [
    "separators",
    rowsOf([text("a"), text("b"), int(7n), real(0.1), NULL, text("c")], [
      text("--"),
      NULL,
      int(42n),
      real(2.5),
      text(""),
      blob(0x2b),
    ]),
  ],
  ["empty values", rowsOf([text(""), text(""), text(""), text("a"), text("")])],
  ["empty values, long sep", rowsOf([text(""), text(""), text("x"), text("")], [text("::")])],
  [
    "varying separator lengths",
    rowsOf([text("ab"), text("c"), text("def"), text("g"), text("hi"), text("j")], [
      text(";"),
      text("<->"),
      NULL,
      text("é"),
      text(""),
      text("==="),
    ]),
  ],
  ["unicode", rowsOf([text("😀"), text("ıİ"), text("中文")], [text("·")])],
  ["lone surrogate blob", rowsOf([blob(0x00, 0xd8), blob(0x3d, 0xd8, 0x00, 0xde), blob(0x41)])],
  ["trim inside a character", rowsOf([real(1e100), text(""), NULL, text("\u00a0"), int(0n)])],
];

const ENCODINGS = [TextEncoding.Utf8, TextEncoding.Utf16le, TextEncoding.Utf16be];

Deno.test("aggregates: corner cases match SQLite in every encoding", () => {
  for (const enc of ENCODINGS) {
    for (const [, rows] of CORNER_CASES) checkRows(rows, enc);
  }
});

Deno.test("aggregates: registry resolves names and argument counts", () => {
  assert.equal(aggregateFunction("COUNT", 0)?.name, "count");
  assert.equal(aggregateFunction("Sum", 1)?.name, "sum");
  assert.equal(aggregateFunction("sum", 2), undefined);
  assert.equal(aggregateFunction("max", 2), undefined);
  assert.equal(aggregateFunction("string_agg", 1), undefined);
  assert.equal(aggregateFunction("group_concat", 2)?.name, "group_concat");
  assert.equal(aggregateFunction("median", 1), undefined);
});

// ---- generated rows ----

const I64_EDGES = [I64_MAX, I64_MIN, P53, -P53, P53 / 2n, -P53 / 2n, 0n];

const arbInt: fc.Arbitrary<Val> = fc.oneof(
  fc.bigInt({ min: I64_MIN, max: I64_MAX }),
  fc.tuple(fc.constantFrom(...I64_EDGES), fc.bigInt({ min: -3n, max: 3n })).map(([e, d]) => {
    const v = e + d;
    return v > I64_MAX ? I64_MAX : v < I64_MIN ? I64_MIN : v;
  }),
  fc.bigInt({ min: -1000n, max: 1000n }),
).map(int);

const arbReal: fc.Arbitrary<Val> = fc.oneof(
  fc.double({ noNaN: true }),
  fc.constantFrom(1e100, -1e100, 1e308, -1e308, 0.1, 0.2, -0, 2 ** 53, 2 ** 63, -(2 ** 63), 5e-324),
  fc.integer({ min: -1000, max: 1000 }).map((n) => n / 4),
).map(real);

const NUMERIC_TEXTS = [" 12 ", "1e3", "0x10", "12abc", "-0", "1.5", "9223372036854775808", "\t7\n"];

const arbText: fc.Arbitrary<Val> = fc.oneof(
  fc.constantFrom(...NUMERIC_TEXTS, "", "abc", "é", "A", "a ", "1\u00002"),
  fc.string({ maxLength: 5 }),
  fc.string({ unit: "grapheme", maxLength: 3 }),
  fc.bigInt({ min: I64_MIN, max: I64_MAX }).map((v) => ` ${v}`),
).map(text);

const arbBlob: fc.Arbitrary<Val> = fc.oneof(
  fc.uint8Array({ maxLength: 5 }),
  fc.constantFrom(new Uint8Array([0xc3]), new Uint8Array([0xa9]), new Uint8Array([0x31, 0x32])),
).map((v) => ({ c: StorageClass.Blob, v }) as Val);

const arbValue: fc.Arbitrary<Val> = fc.oneof(
  { weight: 4, arbitrary: arbInt },
  { weight: 3, arbitrary: arbReal },
  { weight: 2, arbitrary: arbText },
  { weight: 1, arbitrary: arbBlob },
  { weight: 1, arbitrary: fc.constant(NULL) },
);

/** Mostly all-numeric rows (the interesting cases for sum), else anything. */
const arbX: fc.Arbitrary<Val> = fc.oneof(
  { weight: 1, arbitrary: arbValue },
  { weight: 1, arbitrary: fc.oneof(arbInt, arbInt, arbReal, fc.constant(NULL)) },
);

const arbSep: fc.Arbitrary<Val> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(text(",")) },
  { weight: 1, arbitrary: fc.constantFrom(NULL, text(""), text("--"), text("é"), int(7n)) },
  { weight: 1, arbitrary: fc.constantFrom(real(0.5), blob(0x2b, 0x2b), blob()) },
);

const arbCase = fc.record({
  rows: fc.array(fc.record({ x: arbX, s: arbSep }), { maxLength: 10 }),
  enc: fc.constantFrom(
    TextEncoding.Utf8,
    TextEncoding.Utf8,
    TextEncoding.Utf8,
    TextEncoding.Utf16le,
    TextEncoding.Utf16be,
  ),
});

Deno.test("aggregates: generated rows match SQLite (plain and sliding window)", () => {
  const { seed, numRuns } = propertyParams(200, "functions_aggregate");
  fc.assert(
    fc.property(arbCase, ({ rows, enc }) => checkRows(rows, enc)),
    { seed, numRuns },
  );
});
