/**
 * Operators, conversions and CAST (core/value/arith.ts, logic.ts, cast.ts, coerce.ts)
 * checked against real SQLite (node:sqlite), over hand-picked corner cases and fast-check
 * generated values of every storage class.
 *
 * Operands are bound as parameters (bigint → INTEGER, number → REAL, string → TEXT,
 * Uint8Array → BLOB, null), so SQLite sees exactly the typed values our registers hold.
 * Comparisons under an affinity compare a table column of that affinity (holding the
 * first value as SQLite stored it) with a parameter. Results are read back with
 * typeof() and hex() so that INTEGER/REAL, -0.0 and texts with NUL are all visible.
 * Seeds are printed; replay with LITEJIT_SEED=<seed>, LITEJIT_RUNS sets the run count.
 */
import assert from "node:assert/strict";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import fc from "fast-check";
import { propertyParams } from "./support/random_db.ts";
import * as arith from "../core/value/arith.ts";
import * as logic from "../core/value/logic.ts";
import { castToType } from "../core/value/cast.ts";
import { binaryCollation, type Collation, NOCASE, RTRIM } from "../core/value/collation.ts";
import { decodeText } from "../core/format/text.ts";
import { newReg, type Reg, setBlob, setInt, setNull, setReal, setText } from "../core/value/reg.ts";
import { Affinity, normalizeInt, StorageClass, TextEncoding } from "../core/value/types.ts";

/** A value as bound to SQLite: bigint INTEGER, number REAL, string TEXT, bytes BLOB. */
type Bound = null | bigint | number | string | Uint8Array;

function toReg(v: Bound): Reg {
  const r = newReg();
  if (v === null) setNull(r);
  else if (typeof v === "bigint") setInt(r, normalizeInt(v));
  else if (typeof v === "number") setReal(r, v);
  else if (typeof v === "string") setText(r, v);
  else setBlob(r, v);
  return r;
}

function hex(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += b.toString(16).padStart(2, "0");
  return s.toUpperCase();
}

function show(v: unknown): string {
  if (typeof v === "bigint") return `${v}n`;
  if (v instanceof Uint8Array) return `x'${hex(v)}'`;
  if (typeof v === "number" && Object.is(v, -0)) return "-0.0";
  return JSON.stringify(v);
}

const CLASS_NAMES = ["null", "integer", "real", "text", "blob"];

/** One result row of the oracle: typeof(e), e, hex(e). */
interface Observed {
  t: string;
  v: unknown;
  h: string;
}

class Oracle {
  readonly db: DatabaseSync;
  readonly enc: TextEncoding;
  private readonly cache = new Map<string, StatementSync>();

  constructor(encoding: "UTF-8" | "UTF-16le" | "UTF-16be" = "UTF-8") {
    this.db = new DatabaseSync(":memory:");
    this.db.exec(`PRAGMA encoding = '${encoding}'`);
    this.db.exec("CREATE TABLE c(n NUMERIC, i INTEGER, r REAL, t TEXT, b BLOB)");
    this.enc = encoding === "UTF-8"
      ? TextEncoding.Utf8
      : encoding === "UTF-16le"
      ? TextEncoding.Utf16le
      : TextEncoding.Utf16be;
  }

  prepare(sql: string): StatementSync {
    let st = this.cache.get(sql);
    if (st === undefined) {
      st = this.db.prepare(sql);
      st.setReadBigInts(true);
      this.cache.set(sql, st);
    }
    return st;
  }

  /** Evaluates expression `e` (over ?1, ?2 or the row of c) in SQLite. */
  eval(e: string, params: Bound[], from = ""): Observed {
    const st = this.prepare(`SELECT typeof(${e}) AS t, ${e} AS v, hex(${e}) AS h ${from}`);
    return st.get(...(params as never[])) as unknown as Observed;
  }

  /** Stores `v` in every column of c and returns the columns' stored values as registers. */
  store(v: Bound): Record<"n" | "i" | "r" | "t" | "b", Reg> {
    this.prepare("DELETE FROM c").run();
    this.prepare("INSERT INTO c VALUES (?1, ?1, ?1, ?1, ?1)").run(v as never);
    const out = {} as Record<"n" | "i" | "r" | "t" | "b", Reg>;
    for (const col of ["n", "i", "r", "t", "b"] as const) {
      out[col] = observedToReg(this.eval(col, [], "FROM c"), this.enc);
    }
    return out;
  }
}

function fromHex(h: string): Uint8Array {
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** A register from an observed value (text through its hex, so NULs survive). */
function observedToReg(o: Observed, enc: TextEncoding): Reg {
  const r = newReg();
  switch (o.t) {
    case "integer":
      setInt(r, normalizeInt(o.v as bigint));
      break;
    case "real":
      setReal(r, o.v as number);
      break;
    case "text": {
      const bytes = fromHex(o.h);
      setText(r, decodeText(bytes, 0, bytes.length, enc));
      break;
    }
    case "blob":
      setBlob(r, o.v as Uint8Array);
      break;
    default:
      setNull(r);
  }
  return r;
}

/** Asserts that register `ours` holds what SQLite computed. */
function assertSame(ours: Reg, o: Observed, what: string, enc: TextEncoding): void {
  const where = `${what}: ours ${CLASS_NAMES[ours.c]} ${show(ours.v)}, SQLite ${o.t} ${
    show(o.v)
  } (hex ${o.h})`;
  assert.equal(CLASS_NAMES[ours.c], o.t, where);
  switch (ours.c) {
    case StorageClass.Integer:
      assert.equal(BigInt(ours.v as number | bigint), o.v, where);
      return;
    case StorageClass.Real:
      assert.ok(Object.is(ours.v, o.v), where);
      return;
    case StorageClass.Blob:
      assert.equal(hex(ours.v as Uint8Array), o.h, where);
      return;
    case StorageClass.Text: {
      // SQLite's bytes (from hex(), so NULs survive) read as the project reads any text.
      const bytes = fromHex(o.h);
      assert.equal(ours.v, decodeText(bytes, 0, bytes.length, enc), where);
      return;
    }
  }
}

type Binary = (a: Reg, b: Reg, out: Reg, enc: TextEncoding) => void;
type Unary = (a: Reg, out: Reg, enc: TextEncoding) => void;

const BINARY: [string, Binary][] = [
  ["+", arith.add],
  ["-", arith.subtract],
  ["*", arith.multiply],
  ["/", arith.divide],
  ["%", arith.remainder],
  ["&", arith.bitAnd],
  ["|", arith.bitOr],
  ["<<", arith.shiftLeft],
  [">>", arith.shiftRight],
  ["||", arith.concat],
  ["AND", logic.and],
  ["OR", logic.or],
];

const UNARY: [string, Unary][] = [
  ["-?1", arith.negate],
  ["+?1", arith.unaryPlus],
  ["~?1", arith.bitNot],
  ["NOT ?1", logic.not],
  ["?1 IS TRUE", (a, out, enc) => logic.isTruth(a, true, false, out, enc)],
  ["?1 IS NOT TRUE", (a, out, enc) => logic.isTruth(a, true, true, out, enc)],
  ["?1 IS FALSE", (a, out, enc) => logic.isTruth(a, false, false, out, enc)],
  ["?1 IS NOT FALSE", (a, out, enc) => logic.isTruth(a, false, true, out, enc)],
];

const COMPARE: [string, logic.CompareOp][] = [
  ["=", logic.CompareOp.Eq],
  ["!=", logic.CompareOp.Ne],
  ["<", logic.CompareOp.Lt],
  ["<=", logic.CompareOp.Le],
  [">", logic.CompareOp.Gt],
  [">=", logic.CompareOp.Ge],
];

/** Type names for CAST, covering the five affinities and the substring rules. */
const CAST_TYPES = [
  "INTEGER",
  "INT",
  "REAL",
  "DOUBLE PRECISION",
  "FLOATING POINT",
  "NUMERIC",
  "DECIMAL(10,2)",
  "TEXT",
  "VARCHAR(5)",
  "BLOB",
  "BOOLEAN",
];

/** Column of table c and the comparison affinity it gives against a parameter. */
const AFFINITY_COLUMNS: ["n" | "i" | "r" | "t" | "b", Affinity][] = [
  ["n", Affinity.Numeric],
  ["i", Affinity.Integer],
  ["r", Affinity.Real],
  ["t", Affinity.Text],
  ["b", Affinity.Blob],
];

const COLLATIONS: [string, (enc: TextEncoding) => Collation][] = [
  ["", binaryCollation],
  [" COLLATE NOCASE", () => NOCASE],
  [" COLLATE RTRIM", () => RTRIM],
];

function checkBinary(o: Oracle, a: Bound, b: Bound): void {
  const out = newReg();
  for (const [sym, fn] of BINARY) {
    fn(toReg(a), toReg(b), out, o.enc);
    assertSame(out, o.eval(`?1 ${sym} ?2`, [a, b]), `${show(a)} ${sym} ${show(b)}`, o.enc);
  }
  for (const [sym, op] of COMPARE) {
    logic.compare(op, toReg(a), toReg(b), Affinity.Blob, binaryCollation(o.enc), out, o.enc);
    assertSame(out, o.eval(`?1 ${sym} ?2`, [a, b]), `${show(a)} ${sym} ${show(b)}`, o.enc);
  }
  for (const negated of [false, true]) {
    const sym = negated ? "IS NOT" : "IS";
    logic.is(toReg(a), toReg(b), Affinity.Blob, binaryCollation(o.enc), negated, out, o.enc);
    assertSame(out, o.eval(`?1 ${sym} ?2`, [a, b]), `${show(a)} ${sym} ${show(b)}`, o.enc);
  }
}

function checkUnary(o: Oracle, a: Bound): void {
  const out = newReg();
  for (const [sql, fn] of UNARY) {
    fn(toReg(a), out, o.enc);
    assertSame(out, o.eval(sql, [a]), `${sql} with ?1 = ${show(a)}`, o.enc);
  }
  for (const type of CAST_TYPES) {
    castToType(toReg(a), type, out, o.enc);
    assertSame(out, o.eval(`CAST(?1 AS ${type})`, [a]), `CAST(${show(a)} AS ${type})`, o.enc);
  }
}

/** `col op ?` and `? op col` for every affinity column, operator and collation. */
function checkAffinityCompare(o: Oracle, a: Bound, b: Bound): void {
  const stored = o.store(a);
  const right = toReg(b);
  const out = newReg();
  for (const [col, aff] of AFFINITY_COLUMNS) {
    const left = stored[col];
    for (const [collSql, collOf] of COLLATIONS) {
      const coll = collOf(o.enc);
      for (const [sym, op] of COMPARE) {
        const what = `${col}=${CLASS_NAMES[left.c]} ${show(left.v)} ${sym} ${show(b)}${collSql}`;
        logic.compare(op, left, right, aff, coll, out, o.enc);
        assertSame(out, o.eval(`${col} ${sym} ?1${collSql}`, [b], "FROM c"), what, o.enc);
        logic.compare(op, right, left, aff, coll, out, o.enc);
        assertSame(
          out,
          o.eval(`?1 ${sym} ${col}${collSql}`, [b], "FROM c"),
          `(swapped) ${what}`,
          o.enc,
        );
      }
      logic.is(left, right, aff, coll, true, out, o.enc);
      assertSame(out, o.eval(`${col} IS NOT ?1${collSql}`, [b], "FROM c"), `IS NOT ${col}`, o.enc);
    }
  }
}

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const P53 = 2n ** 53n;

const EDGE_INTS: bigint[] = [
  0n,
  1n,
  -1n,
  2n,
  -2n,
  3n,
  7n,
  63n,
  64n,
  65n,
  -63n,
  -64n,
  -65n,
  1000n,
  P53 - 1n,
  P53,
  P53 + 1n,
  -P53 + 1n,
  -P53,
  -P53 - 1n,
  2n ** 31n,
  -(2n ** 31n),
  2n ** 32n,
  3037000499n,
  3037000500n,
  -3037000500n,
  I64_MAX,
  I64_MAX - 1n,
  I64_MIN,
  I64_MIN + 1n,
  2n ** 62n,
  -(2n ** 62n),
];

const EDGE_REALS: number[] = [
  0,
  -0,
  1,
  -1,
  0.5,
  -0.5,
  1.5,
  -2.5,
  5.5,
  0.1,
  2,
  3,
  1e15,
  1e16,
  1e20,
  -1e20,
  2 ** 53,
  2 ** 63,
  -(2 ** 63),
  9223372036854774784,
  -9223372036854774784,
  9223372036854775807,
  1e300,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_VALUE,
  Infinity,
  -Infinity,
  64,
  -64,
  2251799813685248,
];

const EDGE_TEXTS: string[] = [
  "",
  " ",
  "0",
  "-0",
  "+0",
  " 12 ",
  "12",
  "12abc",
  "abc",
  "1e3",
  " 1e3 ",
  "1e3x",
  "1e",
  "1e+",
  "1.",
  ".5",
  ".",
  "-.5",
  "1.5abc",
  "2.0abc",
  "2.0",
  "-0.0",
  "0x10",
  "0x",
  "1e400",
  "-1e400",
  "1e-400",
  "9223372036854775807",
  "9223372036854775808",
  "-9223372036854775808",
  "-9223372036854775809",
  "99999999999999999999",
  "99999999999999999999abc",
  "9223372036854775808abc",
  "-9223372036854775808abc",
  "0009223372036854775807",
  "9007199254740993",
  "\t\n12\r\f",
  "\v7",
  "+ 1",
  "- 1",
  "1 2",
  "1,5",
  "½",
  "١٢",
  "1\u00a0",
  "12é",
  "é",
  "a\u{1F600}b",
  "ABC",
  "abc ",
  "abc  ",
  "Abc",
  "12\u0000",
  "12\u00003",
  "\u00001",
  "1.5\u0000",
];

const textEncoder = new TextEncoder();

const EDGE_BLOBS: Uint8Array[] = [
  new Uint8Array([]),
  new Uint8Array([0x31, 0x32]),
  new Uint8Array([0x31, 0x00]),
  new Uint8Array([0x31, 0x00, 0x32, 0x00]),
  new Uint8Array([0x00, 0x31]),
  new Uint8Array([0x31, 0x32, 0x00]),
  new Uint8Array([0xc3]),
  new Uint8Array([0xa9]),
  new Uint8Array([0xff, 0xfe, 0x31, 0x00]),
  textEncoder.encode(" 1e3 "),
  textEncoder.encode("2.5x"),
  textEncoder.encode("-9223372036854775808"),
  textEncoder.encode("abc"),
];

const EDGE_VALUES: Bound[] = [null, ...EDGE_INTS, ...EDGE_REALS, ...EDGE_TEXTS, ...EDGE_BLOBS];

/** A smaller set for the quadratic hand-picked pairs. */
const PAIR_VALUES: Bound[] = [
  null,
  0n,
  1n,
  -1n,
  2n,
  3n,
  64n,
  -64n,
  P53 + 1n,
  I64_MAX,
  I64_MIN,
  0,
  -0,
  0.5,
  -2.5,
  2,
  1e20,
  2 ** 63,
  -(2 ** 63),
  Infinity,
  -Infinity,
  "",
  "abc",
  "12abc",
  " 12 ",
  "1e3",
  "2.0",
  "-0",
  "9223372036854775808",
  "ABC",
  "abc ",
  "12\u0000",
  new Uint8Array([0x31, 0x32]),
  new Uint8Array([0xc3]),
  new Uint8Array([0xa9]),
  new Uint8Array([0x31, 0x00]),
];

// ---- generators ----

const arbInt: fc.Arbitrary<bigint> = fc.oneof(
  fc.constantFrom(...EDGE_INTS),
  fc.bigInt(I64_MIN, I64_MAX),
  fc.bigInt(-1000n, 1000n),
  fc.bigInt(P53 - 4n, P53 + 4n).map((v) => v),
  fc.bigInt(-P53 - 4n, -P53 + 4n),
  fc.bigInt(0n, 10n).map((d) => I64_MAX - d),
  fc.bigInt(0n, 10n).map((d) => I64_MIN + d),
  fc.bigInt(-3037000600n, 3037000600n),
  fc.integer({ min: -70, max: 70 }).map(BigInt),
);

const arbReal: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...EDGE_REALS),
  fc.double({ noNaN: true }),
  fc.double({ noNaN: true, min: -1e20, max: 1e20 }),
  fc.integer({ min: -100, max: 100 }).map((n) => n / 4),
  fc.integer({ min: -70, max: 70 }).map((n) => n + 0),
  fc.double({ noNaN: true, min: -(2 ** 64), max: 2 ** 64 }).map(Math.trunc),
);

const arbNumericText: fc.Arbitrary<string> = fc.tuple(
  fc.constantFrom("", " ", "  ", "\t", "\n"),
  fc.constantFrom("", "-", "+"),
  fc.stringMatching(/^[0-9]{0,21}$/),
  fc.constantFrom("", ".", ".5", ".25", ".000", ".999999"),
  fc.constantFrom("", "e3", "E-2", "e+400", "e", "e+", "e-400", "e19"),
  fc.constantFrom("", " ", "x", "abc", " 1", "é", ".", "e5"),
).map((parts) => parts.join(""));

const arbText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...EDGE_TEXTS.filter((s) => !s.includes("\0"))),
  arbNumericText,
  arbInt.map((v) => ` ${v} `),
  arbReal.map((v) => String(v)),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: "grapheme", maxLength: 6 }),
  fc.stringMatching(/^[ aAbB]{0,5}$/),
).filter((s) => !s.includes("\0"));

const arbBlob: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.constantFrom(...EDGE_BLOBS),
  fc.uint8Array({ maxLength: 8 }),
  arbText.map((s) => textEncoder.encode(s)),
);

const arbValue: fc.Arbitrary<Bound> = fc.oneof(
  fc.constant(null),
  arbInt,
  arbReal,
  arbText,
  arbBlob,
);

// ---- tests ----

Deno.test("hand-picked: unary operators and every CAST on corner values", () => {
  const o = new Oracle();
  for (const a of EDGE_VALUES) checkUnary(o, a);
  o.db.close();
});

Deno.test("hand-picked: binary operators on pairs of corner values", () => {
  const o = new Oracle();
  for (const a of PAIR_VALUES) for (const b of PAIR_VALUES) checkBinary(o, a, b);
  o.db.close();
});

Deno.test("hand-picked: comparisons under each affinity and collation", () => {
  const o = new Oracle();
  for (const a of PAIR_VALUES) for (const b of PAIR_VALUES) checkAffinityCompare(o, a, b);
  o.db.close();
});

Deno.test("hand-picked: UTF-16 databases (casts, blobs as numbers, concatenation)", () => {
  for (const encoding of ["UTF-16le", "UTF-16be"] as const) {
    const o = new Oracle(encoding);
    for (const a of EDGE_VALUES) checkUnary(o, a);
    for (const a of PAIR_VALUES) for (const b of PAIR_VALUES) checkBinary(o, a, b);
    o.db.close();
  }
});

Deno.test("property: binary operators over mixed storage classes", () => {
  const o = new Oracle();
  fc.assert(
    fc.property(arbValue, arbValue, (a, b) => checkBinary(o, a, b)),
    propertyParams(400, "value_ops binary"),
  );
  o.db.close();
});

Deno.test("property: unary operators and CAST over mixed storage classes", () => {
  const o = new Oracle();
  fc.assert(
    fc.property(arbValue, (a) => checkUnary(o, a)),
    propertyParams(400, "value_ops unary+cast"),
  );
  o.db.close();
});

Deno.test("property: comparisons with affinity and collation", () => {
  const o = new Oracle();
  fc.assert(
    fc.property(arbValue, arbValue, (a, b) => checkAffinityCompare(o, a, b)),
    propertyParams(150, "value_ops compare"),
  );
  o.db.close();
});

Deno.test("property: UTF-16le database", () => {
  const o = new Oracle("UTF-16le");
  fc.assert(
    fc.property(arbValue, arbValue, (a, b) => {
      checkUnary(o, a);
      checkBinary(o, a, b);
    }),
    propertyParams(150, "value_ops utf16"),
  );
  o.db.close();
});

Deno.test("the harness tells INTEGER from REAL, -0.0 from 0.0 and wrong values apart", () => {
  const o = new Oracle();
  const sum = o.eval("?1 + ?2", [1n, 2n]);
  assertSame(toReg(3n), sum, "1 + 2", o.enc);
  assert.throws(() => assertSame(toReg(3), sum, "REAL 3.0", o.enc));
  assert.throws(() => assertSame(toReg(4n), sum, "4", o.enc));
  const negZero = o.eval("?1 * ?2", [-0, 1]);
  assertSame(toReg(-0), negZero, "-0.0 * 1.0", o.enc);
  assert.throws(() => assertSame(toReg(0), negZero, "0.0", o.enc));
  const text = o.eval("CAST(?1 AS TEXT)", [new Uint8Array([0x31, 0x00, 0x32])]);
  assertSame(toReg("1\u00002"), text, "text with NUL", o.enc);
  assert.throws(() => assertSame(toReg("1"), text, "truncated text", o.enc));
  o.db.close();
});
