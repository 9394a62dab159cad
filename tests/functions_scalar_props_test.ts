/**
 * Property tests for the scalar functions, differential against real SQLite: random
 * typed arguments (64-bit boundaries, -0.0, huge and tiny reals, numeric-looking texts,
 * blobs, NULL) for every function, and targeted generators for printf/format, round,
 * substr, LIKE/GLOB, quote, hex/unhex and the trim family. Each property prints its
 * seed; replay with LITEJIT_SEED=<seed>, scale with LITEJIT_RUNS=<n>.
 */
import { deepStrictEqual } from "node:assert/strict";
import fc from "fast-check";
import { type Arg, Oracle, showArgs } from "./support/scalar_oracle.ts";
import { propertyParams } from "./support/random_db.ts";
import { int64Of, toInt32 } from "../core/functions/scalar/coerce.ts";
import { newReg, setBlob, setInt, setReal, setText } from "../core/value/reg.ts";
import { normalizeInt, TextEncoding } from "../core/value/types.ts";

const I64_MAX = 9223372036854775807n;
const I64_MIN = -9223372036854775808n;

const arbBoundaryInt = fc.constantFrom(
  0n,
  1n,
  -1n,
  2n,
  10n,
  255n,
  I64_MAX,
  I64_MIN,
  I64_MIN + 1n,
  I64_MAX - 1n,
  9007199254740991n,
  9007199254740992n,
  9007199254740993n,
  -9007199254740993n,
  4294967296n,
  4294967298n,
  -2147483648n,
  2147483647n,
);
const arbInt: fc.Arbitrary<bigint> = fc.oneof(
  arbBoundaryInt,
  fc.bigInt({ min: -50n, max: 50n }),
  fc.bigInt({ min: I64_MIN, max: I64_MAX }),
);
const arbSmallInt: fc.Arbitrary<bigint> = fc.oneof(
  fc.bigInt({ min: -40n, max: 40n }),
  fc.constantFrom(0n, 1n, -1n, I64_MAX, I64_MIN, 4294967298n),
);
const arbReal: fc.Arbitrary<number> = fc.oneof(
  fc.double({ noNaN: true }),
  fc.constantFrom(-0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.1, 1e15 + 0.3, 4503599627370497, 9.3e18, 1e-5),
  fc.integer({ min: -1000000, max: 1000000 }).map((n) => n / 1000),
  fc.tuple(fc.integer({ min: -9999, max: 9999 }), fc.integer({ min: -30, max: 30 }))
    .map(([m, e]) => m * 10 ** e),
);
const CHAR_POOL = [
  "a",
  "b",
  "B",
  "z",
  " ",
  "%",
  "_",
  "*",
  "?",
  "[",
  "]",
  "^",
  "-",
  "\\",
  "é",
  "É",
  "😀",
  "1",
  "0",
  "9",
  ".",
  "e",
  "E",
  "x",
  "+",
  "'",
  '"',
  "\t",
  "F",
];
const arbPoolText = fc.string({ unit: fc.constantFrom(...CHAR_POOL), maxLength: 8 });
const arbText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    " 12 ",
    "1e3",
    "0x10",
    "12abc",
    "-0",
    "  -7.5e2xyz",
    "9223372036854775808",
    ".5",
    "",
  ),
  arbPoolText,
  fc.string({ maxLength: 6 }).filter((s) => !s.includes("\0")),
);
const arbBlob = fc.uint8Array({ maxLength: 6 });
const arbValue: fc.Arbitrary<Arg> = fc.oneof(
  fc.constant(null),
  arbInt,
  arbReal,
  arbText,
  arbBlob,
);

function runProperty<T>(
  label: string,
  runs: number,
  arb: fc.Arbitrary<T>,
  body: (o: Oracle, v: T) => void,
) {
  const oracle = new Oracle();
  try {
    fc.assert(fc.property(arb, (v) => body(oracle, v)), propertyParams(runs, label));
  } finally {
    oracle.close();
  }
}

function same(o: Oracle, fn: string, args: Arg[]): void {
  deepStrictEqual(o.evalOurs(fn, args), o.evalSqlite(fn, args), `${fn}(${showArgs(args)})`);
}

/** Function name → argument counts to try. */
const ARITIES: [string, number[]][] = [
  ["abs", [1]],
  ["char", [0, 1, 3]],
  ["coalesce", [2, 3]],
  ["concat", [1, 3]],
  ["concat_ws", [2, 4]],
  ["format", [1, 2, 3]],
  ["glob", [2]],
  ["hex", [1]],
  ["if", [2, 3, 4]],
  ["ifnull", [2]],
  ["iif", [3, 5]],
  ["instr", [2]],
  ["length", [1]],
  ["like", [2, 3]],
  ["likely", [1]],
  ["lower", [1]],
  ["ltrim", [1, 2]],
  ["max", [2, 3]],
  ["min", [2, 3]],
  ["nullif", [2]],
  ["octet_length", [1]],
  ["printf", [1, 3]],
  ["quote", [1]],
  ["replace", [3]],
  ["round", [1, 2]],
  ["rtrim", [1, 2]],
  ["sign", [1]],
  ["substr", [2, 3]],
  ["substring", [2, 3]],
  ["trim", [1, 2]],
  ["typeof", [1]],
  ["unhex", [1, 2]],
  ["unicode", [1]],
  ["unlikely", [1]],
  ["upper", [1]],
  ["zeroblob", [1]],
];

const arbCall = fc.constantFrom(...ARITIES).chain(([fn, counts]) =>
  fc.constantFrom(...counts).chain((n) =>
    fc.array(arbValue, { minLength: n, maxLength: n }).map((args) => ({ fn, args }))
  )
);

/** sqlite3_value_int of an argument, as printf reads a `*` width. */
function asInt32(a: Arg): number {
  const r = newReg();
  if (typeof a === "bigint") setInt(r, normalizeInt(a));
  else if (typeof a === "number") setReal(r, a);
  else if (typeof a === "string") setText(r, a);
  else if (a instanceof Uint8Array) setBlob(r, a);
  return toInt32(int64Of(r, TextEncoding.Utf8));
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** True if `a` is a blob whose bytes are not UTF-8. */
function invalidUtf8(a: Arg): boolean {
  if (!(a instanceof Uint8Array)) return false;
  try {
    strictUtf8.decode(a);
    return false;
  } catch {
    return true;
  }
}

/** Functions that read blob arguments as bytes, never as text. */
const BLOB_NATIVE = new Set([
  "hex",
  "length",
  "octet_length",
  "quote",
  "typeof",
  "coalesce",
  "ifnull",
  "nullif",
  "max",
  "min",
  "likely",
  "unlikely",
  "zeroblob",
  "iif",
  "if",
]);

Deno.test("property: every scalar function on random typed arguments", () => {
  runProperty("scalar_any", 3000, arbCall, (o, { fn, args }) => {
    if (fn === "zeroblob" && typeof args[0] !== "string" && Number(args[0]) > 1e6) return;
    // litejit holds text as JS strings: a blob that is not UTF-8 cannot be read as text
    // byte for byte (its bad bytes become U+FFFD), a documented limitation.
    if (!BLOB_NATIVE.has(fn) && args.some(invalidUtf8)) return;
    same(o, fn, args);
  });
});

// printf: format strings built from random conversions.
const arbSpec = fc.record({
  flags: fc.subarray(["-", "+", " ", "0", "#", "!", ","]),
  width: fc.oneof(fc.constant(""), fc.integer({ min: 0, max: 30 }).map(String), fc.constant("*")),
  precision: fc.oneof(
    fc.constant(""),
    fc.integer({ min: 0, max: 25 }).map((n) => "." + n),
    fc.constant(".*"),
    fc.constant("."),
  ),
  length: fc.constantFrom("", "", "l", "ll"),
  conv: fc.constantFrom(..."diuxXoprfeEgGcsqQwz%n".split(""), "d", "f", "g", "s", "y"),
}).map((s) => "%" + s.flags.join("") + s.width + s.precision + s.length + s.conv);
const arbFormat = fc.array(fc.oneof(arbSpec, arbSpec, arbPoolText), { maxLength: 4 })
  .map((parts) => parts.join(""));
const arbPrintfArg: fc.Arbitrary<Arg> = fc.oneof(
  fc.constant(null),
  arbSmallInt,
  arbBoundaryInt,
  arbReal,
  arbText,
  arbBlob,
);

Deno.test("property: printf / format", () => {
  runProperty(
    "scalar_printf",
    3000,
    fc.tuple(arbFormat, fc.array(arbPrintfArg, { maxLength: 5 })),
    (o, [fmt, args]) => {
      fc.pre(!args.some(invalidUtf8));
      // A `*` width or precision from a large argument asks for a string of up to 1 GB,
      // which node:sqlite cannot hand back: keep those arguments small.
      if (fmt.includes("*")) fc.pre(args.every((a) => Math.abs(asInt32(a)) < 100000));
      same(o, "printf", [fmt, ...args]);
    },
  );
});

Deno.test("property: printf of reals with %f %e %g and any precision", () => {
  const arb = fc.tuple(
    fc.constantFrom("f", "e", "g", "E", "G"),
    fc.constantFrom("", "!", "#", "!#", "+", "0"),
    fc.integer({ min: 0, max: 40 }),
    arbReal,
  );
  runProperty("scalar_printf_real", 3000, arb, (o, [conv, flags, prec, x]) => {
    same(o, "printf", [`%${flags}.${prec}${conv}`, x]);
  });
});

Deno.test("property: round", () => {
  const arb = fc.tuple(fc.oneof(arbReal, arbValue), fc.option(fc.oneof(arbSmallInt, arbValue)));
  runProperty(
    "scalar_round",
    3000,
    arb,
    (o, [x, n]) => same(o, "round", n === null ? [x] : [x, n]),
  );
});

Deno.test("property: substr", () => {
  const arb = fc.tuple(
    fc.oneof(arbPoolText, arbBlob, arbValue),
    fc.oneof(arbSmallInt, arbValue),
    fc.option(fc.oneof(arbSmallInt, arbValue)),
  );
  runProperty("scalar_substr", 3000, arb, (o, [x, p1, p2]) => {
    fc.pre(!invalidUtf8(p1) && !invalidUtf8(p2));
    same(o, "substr", p2 === null ? [x, p1] : [x, p1, p2]);
  });
});

Deno.test("property: LIKE and GLOB", () => {
  const arb = fc.tuple(
    arbPoolText,
    arbPoolText,
    fc.option(fc.oneof(fc.constantFrom(...CHAR_POOL), arbPoolText)),
  );
  runProperty("scalar_like", 4000, arb, (o, [pattern, text, esc]) => {
    same(o, "glob", [pattern, text]);
    same(o, "like", esc === null ? [pattern, text] : [pattern, text, esc]);
  });
});

Deno.test("property: quote, hex and unhex", () => {
  const hexPool = fc.string({
    unit: fc.constantFrom(..."0123456789abcdefABCDEF -x😀".split(/(?:)/u)),
    maxLength: 10,
  });
  const arb = fc.tuple(arbValue, hexPool, fc.option(fc.oneof(hexPool, arbValue)));
  runProperty("scalar_hex", 3000, arb, (o, [v, h, pass]) => {
    fc.pre(!invalidUtf8(pass));
    same(o, "quote", [v]);
    same(o, "hex", [v]);
    same(o, "unhex", pass === null ? [h] : [h, pass]);
  });
});

Deno.test("property: trim, ltrim, rtrim", () => {
  const arb = fc.tuple(fc.oneof(arbPoolText, arbValue), fc.option(fc.oneof(arbPoolText, arbValue)));
  runProperty("scalar_trim", 3000, arb, (o, [s, set]) => {
    fc.pre(!invalidUtf8(s) && !invalidUtf8(set));
    for (const fn of ["trim", "ltrim", "rtrim"]) same(o, fn, set === null ? [s] : [s, set]);
  });
});
