/**
 * Scalar functions against real SQLite: hand-picked corner cases for every function, and
 * fast-check properties for the tricky ones (printf, round, substr, like/glob, quote,
 * hex/unhex, the trim family). Replay a property run with LITEJIT_SEED=<seed>; set the
 * run count with LITEJIT_RUNS.
 */
import { deepStrictEqual, ok } from "node:assert/strict";
import { type Arg, Oracle, showArgs } from "./support/scalar_oracle.ts";
import { NOCASE } from "../core/value/collation.ts";
import { TextEncoding } from "../core/value/types.ts";
import { newFunctionContext } from "../core/functions/context.ts";
import { scalarFunction } from "../core/functions/scalar/registry.ts";
import { EMULATED_SQLITE_VERSION } from "../core/functions/scalar/version.ts";
import { newReg } from "../core/value/reg.ts";

const I64_MAX = 9223372036854775807n;
const I64_MIN = -9223372036854775808n;
const b = (...xs: number[]) => new Uint8Array(xs);

/** Interesting values of every storage class. */
const CORNER_VALUES: Arg[] = [
  null,
  0n,
  1n,
  -1n,
  42n,
  I64_MAX,
  I64_MIN,
  I64_MIN + 1n,
  9007199254740991n,
  9007199254740993n,
  -9007199254740993n,
  0,
  -0,
  1,
  -1.5,
  2.5,
  0.1,
  1e300,
  -1e-300,
  5e-324,
  1.7976931348623157e308,
  9.3e18,
  Infinity,
  -Infinity,
  "",
  "abc",
  " 12 ",
  "1e3",
  "0x10",
  "12abc",
  "-0",
  "é",
  "a\u{1F600}b",
  "  -7.5e2xyz",
  "A%b_c",
  "'q\"",
  b(),
  b(0x31, 0x32),
  b(0, 0xff, 0x80),
];

function check(oracle: Oracle, fn: string, args: Arg[]): void {
  const want = oracle.evalSqlite(fn, args);
  const got = oracle.evalOurs(fn, args);
  deepStrictEqual(got, want, `${fn}(${showArgs(args)})`);
}

/** Every function on every corner value (and pairs for two-argument functions). */
Deno.test("scalar functions: corner values, one argument", () => {
  const oracle = new Oracle();
  try {
    const unary = [
      "abs",
      "char",
      "hex",
      "length",
      "octet_length",
      "lower",
      "upper",
      "ltrim",
      "rtrim",
      "trim",
      "quote",
      "round",
      "sign",
      "typeof",
      "unhex",
      "unicode",
      "zeroblob",
      "likely",
      "unlikely",
      "concat",
      "printf",
      "format",
    ];
    for (const fn of unary) {
      for (const v of CORNER_VALUES) {
        if (
          fn === "zeroblob" && (typeof v === "bigint" || typeof v === "number") && Number(v) > 1e6
        ) {
          continue; // huge blobs: covered by the error test
        }
        check(oracle, fn, [v]);
      }
    }
  } finally {
    oracle.close();
  }
});

Deno.test("scalar functions: corner values, two arguments", () => {
  const oracle = new Oracle();
  try {
    const binary = [
      "coalesce",
      "ifnull",
      "nullif",
      "instr",
      "glob",
      "like",
      "max",
      "min",
      "round",
      "substr",
      "ltrim",
      "rtrim",
      "trim",
      "unhex",
      "concat",
      "concat_ws",
      "iif",
      "printf",
    ];
    for (const fn of binary) {
      for (const x of CORNER_VALUES) {
        for (const y of CORNER_VALUES) check(oracle, fn, [x, y]);
      }
    }
  } finally {
    oracle.close();
  }
});

Deno.test("scalar functions: hand-picked cases", () => {
  const oracle = new Oracle();
  const cases: [string, Arg[]][] = [
    ["abs", [I64_MIN]],
    ["abs", [-0]],
    ["abs", ["-3"]],
    ["char", [72n, 105n, 0x1f600n, -1n, 0x110000n, 0n, 65.9, "66"]],
    ["char", []],
    ["coalesce", [null, null, 3n, 4n]],
    ["concat", [1n, null, 2.0, "x", b(0x41)]],
    ["concat_ws", [",", 1n, null, 2.5, b(0x41)]],
    ["concat_ws", [null, 1n]],
    ["iif", [0n, 1n, 0n, 2n, 3n]],
    ["iif", [0n, 1n, 0n, 2n]],
    ["iif", ["0.5", 1n, 2n]],
    ["iif", ["abc", 1n, 2n]],
    ["if", [b(0x31), 1n, 2n]],
    ["instr", ["a\u{1F600}bc", "b"]],
    ["instr", [b(1, 2, 3), b(2, 3)]],
    ["instr", [b(0x61, 0x62), "b"]],
    ["instr", ["abc", b()]],
    ["instr", ["abc", ""]],
    ["instr", [12345n, 34n]],
    ["like", ["a%", "ABC"]],
    ["like", ["a\\%", "a%", "\\"]],
    ["like", ["a%%", "a%", "%"]],
    ["like", ["a__", "a_b", "_"]],
    ["like", ["ab", "ab", ""]],
    ["like", ["ab", "ab", "xy"]],
    ["like", ["ab", "ab", null]],
    ["like", ["%é%", "xÉx"]],
    ["like", ["%é%", "xéx"]],
    ["like", ["a\\", "a\\", "\\"]],
    ["glob", ["[a-c]*", "b12"]],
    ["glob", ["[^a-c]*", "b12"]],
    ["glob", ["[]]", "]"]],
    ["glob", ["[a-]", "-"]],
    ["glob", ["*[0-9]", "abc9"]],
    ["glob", ["a?c", "a\u{1F600}c"]],
    ["glob", ["*", ""]],
    ["glob", ["[", "["]],
    ["length", ["a\u{1F600}b"]],
    ["length", [-1.5]],
    ["lower", ["ÀBC"]],
    ["ltrim", ["xxyaxx", "xy"]],
    ["ltrim", ["\u{1F600}a", "\u{1F600}"]],
    ["rtrim", ["abc  ", null]],
    ["trim", ["  a  ", ""]],
    ["max", [1n, "a", b(0)]],
    ["max", [1n, 1.0]],
    ["min", [1n, 1.0]],
    ["min", [1n, null, 0n]],
    ["max", [I64_MAX, 9.3e18]],
    ["nullif", [1n, 1.0]],
    ["nullif", [null, null]],
    ["octet_length", ["é"]],
    ["printf", [
      "%d|%5.2f|%-6s|%x|%c|%%|%q|%Q|%w",
      42n,
      3.14159,
      "ab",
      255n,
      "xyz",
      "it's",
      null,
      'a"b',
    ]],
    ["printf", ["ab%y"]],
    ["printf", ["%y"]],
    ["printf", [""]],
    ["printf", ["%n"]],
    ["printf", ["%5"]],
    ["printf", ["%p|%r|%r|%r|%r|%r", 255n, 1n, 2n, 3n, 11n, 112n]],
    ["printf", ["%*d|%-*d|%.*f|%*.*f", 5n, 1n, -5n, 2n, -2n, 3.14159, 8n, 2n, 2.5]],
    ["printf", ["%,d %,d %,.2f", 1234567n, -999n, 1234567.891]],
    ["printf", ["%3.*q|%4.*s|%-4.3s|", 2n, "😀", 1n, "é", "😀"]],
    ["printf", ["%.3s|%.1s|%!.1s|%5.2s|%!5.2s", "abcdef", "é", "é", "éé", "éé"]],
    ["printf", ["%.1c|%3c|%-3c|%.3c|%c", "é", "ab", "x", "y", ""]],
    ["printf", ["%s %d %f", null, null, null]],
    ["printf", ["%s %d %f %c %q %Q"]],
    ["printf", ["%020.3e|%+.0f|% d|%#x|%#o|%#X", -1234.5, 2.5, 5n, 255n, 8n, 255n]],
    ["printf", ["%g|%g|%g|%g|%#g|%G", 1e-5, 123456789.0, 0.0001234, 100.0, 1.5, 1e20]],
    ["printf", ["%.0g|%.0g|%.0e|%.0f|%#.0f", 19.0, 1.9, 15.0, 0.5, 1.5]],
    ["printf", ["%f|%e|%g|%010f|%+f", Infinity, -Infinity, Infinity, Infinity, Infinity]],
    ["printf", ["%!.20f|%!.30e|%.20f|%!g", 0.1, 1 / 3, 0.1, 1e100]],
    ["printf", ["%lld %ld %llx", I64_MIN, -1n, -1n]],
    ["printf", [
      "%#Q|%#Q|%#Q|%#q|%#w|%#Q|%#.2Q|%#Q",
      "a\\b",
      "é\n",
      "\u007f",
      "it's\n",
      'x"\r',
      "\u001f ",
      "\u0001\u0002\u0003",
      null,
    ]],
    ["printf", ["%#q|%#Q", "a\\b\u0001", "\\"]],
    ["printf", ["%u %x %o", -1n, I64_MIN, -8n]],
    ["printf", ["%d", "99999999999999999999"]],
    ["printf", ["%.30d|%-+8d|%08d|%-08d", 7n, 7n, -7n, -7n]],
    ["quote", ["a'b\u0000c"]],
    ["replace", ["aaa", "aa", "b"]],
    ["replace", [12n, "", "x"]],
    ["replace", [12n, "1", "x"]],
    ["replace", ["abc", "b", null]],
    ["replace", ["a\u{1F600}b", "\u{1F600}", "-"]],
    // Replacements no longer than the pattern take String.replaceAll, with a `$` escaped.
    ["replace", ["'02139'", "'", ""]],
    ["replace", ["a--b---c", "--", "+"]],
    ["replace", ["x$y$$z", "$", "$"]],
    ["replace", ["aXbXc", "X", "$"]],
    ["replace", ["abab", "ab", "$&"]],
    ["replace", ["abab", "b", "$'$`"]],
    ["replace", ["a$b$$c", "$", "$$"]],
    ["replace", ["a$b$$c", "$$", "$"]],
    ["replace", ["aaaa", "aa", "$$$"]],
    ["round", [2.5]],
    ["round", [-2.5]],
    ["round", [1.005, 2n]],
    ["round", [12345.678, 4294967298n]],
    ["round", [-0.4]],
    ["round", [0.49999999999999994]],
    ["round", [4503599627370497.0]],
    ["round", [123.456, -1n]],
    ["round", [5n]],
    ["sign", ["1e999"]],
    ["sign", [" -3 "]],
    ["substr", ["abcdef", 0n, 3n]],
    ["substr", ["abcdef", -2n]],
    ["substr", ["abcdef", -10n, 12n]],
    ["substr", ["abcdef", 3n, -2n]],
    ["substr", ["abcdef", "2.9"]],
    ["substr", ["abcdef", 4294967298n]],
    ["substr", ["abcdef", 1n, 4294967298n]],
    ["substr", [b(1, 2, 3, 4), 2n, 2n]],
    ["substr", [b(1, 2, 3, 4), -1n, -2n]],
    ["substr", ["a\u{1F600}bc", 2n, 2n]],
    ["substr", [123456n, 2n, 3n]],
    ["substring", ["abc", 2n]],
    ["typeof", [9.5]],
    ["unhex", ["AB CD", " "]],
    ["unhex", ["A BCD", " "]],
    ["unhex", ["abcd"]],
    ["unhex", ["abc"]],
    ["unhex", ["-ab-", "-"]],
    ["unhex", ["\u{1F600}ab", "\u{1F600}"]],
    ["unicode", ["\u{1F600}"]],
    ["upper", ["abcé"]],
    ["zeroblob", [-5n]],
    ["zeroblob", [3.9]],
    ["zeroblob", ["1e3"]],
  ];
  try {
    for (const [fn, args] of cases) check(oracle, fn, args);
  } finally {
    oracle.close();
  }
});

Deno.test("scalar functions: errors", () => {
  const oracle = new Oracle();
  try {
    for (
      const [fn, args] of [
        ["abs", [I64_MIN]],
        ["like", ["a", "a", "ab"]],
        ["like", ["a", "a", ""]],
        ["like", ["%".repeat(50001), "a"]],
        ["glob", ["*".repeat(50001), "a"]],
        ["zeroblob", [2000000000n]],
        ["randomblob", [2000000000n]],
      ] as [string, Arg[]][]
    ) {
      const want = oracle.evalSqlite(fn, args);
      ok("error" in want, `${fn} should fail in SQLite`);
      deepStrictEqual(oracle.evalOurs(fn, args), want, fn);
    }
  } finally {
    oracle.close();
  }
});

Deno.test("scalar functions: collation of min, max and nullif", () => {
  const oracle = new Oracle();
  try {
    for (
      const [fn, args] of [["min", ["a", "A"]], ["max", ["a", "B"]], ["nullif", ["x", "X"]]] as [
        string,
        Arg[],
      ][]
    ) {
      const expr = `${fn}(? COLLATE NOCASE, ?)`;
      deepStrictEqual(oracle.evalOurs(fn, args, NOCASE), oracle.evalExpr(expr, args), expr);
    }
  } finally {
    oracle.close();
  }
});

Deno.test("scalar functions: likelihood, random, randomblob, sqlite_version", () => {
  const oracle = new Oracle();
  try {
    deepStrictEqual(
      oracle.evalOurs("likelihood", ["x", 0.5]),
      oracle.evalExpr("likelihood(?, 0.5)", ["x"]),
    );
    const ctx = newFunctionContext();
    const out = newReg();
    for (let i = 0; i < 200; i++) {
      scalarFunction("random")!.impl([], out, ctx);
      const r = out.v as number | bigint;
      ok(typeof r === "number" ? Number.isSafeInteger(r) : r >= -I64_MAX && r <= I64_MAX);
      deepStrictEqual(out.c, 1);
    }
    for (const n of [-1n, 0n, 1n, 17n]) {
      const want = oracle.db.prepare("SELECT typeof(randomblob(?)) t, length(randomblob(?)) n").get(
        n,
        n,
      );
      oracle.evalOurs("randomblob", [n]); // must not throw
      scalarFunction("randomblob")!.impl([{ v: Number(n), c: 1 }], out, ctx);
      deepStrictEqual({ t: "blob", n: (out.v as Uint8Array).length }, { ...want });
    }
    const v = oracle.db.prepare("SELECT sqlite_version() v").get() as { v: string };
    deepStrictEqual(oracle.evalOurs("sqlite_version", []), { type: "text", value: v.v });
    deepStrictEqual(EMULATED_SQLITE_VERSION, v.v);
  } finally {
    oracle.close();
  }
});

Deno.test("scalar functions: UTF-16 databases", () => {
  for (const enc of [TextEncoding.Utf16le, TextEncoding.Utf16be]) {
    const oracle = new Oracle(enc);
    try {
      for (const fn of ["hex", "octet_length", "length", "upper", "quote", "unhex"]) {
        for (const v of CORNER_VALUES) check(oracle, fn, [v]);
      }
      check(oracle, "substr", [b(0x61, 0, 0x62, 0), 1n, 2n]);
      check(oracle, "instr", [b(0x61, 0, 0x62, 0), "b"]);
    } finally {
      oracle.close();
    }
  }
});
