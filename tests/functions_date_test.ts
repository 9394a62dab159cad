/**
 * The date and time functions against real SQLite (node:sqlite): hand-picked time values,
 * modifiers, strftime specifiers and timediff pairs called straight through the scalar
 * registry; local time in other time zones (a child process per zone, since the zone is
 * fixed at process start); a fast-check property over generated time values and modifier
 * chains (replay with LITEJIT_SEED=<seed>, size with LITEJIT_RUNS); `'now'` with a fixed
 * clock; and the public API on a real database file.
 *
 * Expected values always come from SQLite. Cases whose answer depends on the wall clock
 * (`'now'`, a bare `subsec` time value) are checked against SQLite given the same instant
 * as a unix time instead.
 */
import { deepStrictEqual, ok } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import fc from "fast-check";
import { type Arg, Oracle, type Outcome, showArgs } from "./support/scalar_oracle.ts";
import { propertyParams } from "./support/random_db.ts";
import { newFunctionContext } from "../core/functions/context.ts";
import { scalarFunction } from "../core/functions/scalar/registry.ts";
import { newReg, type Reg } from "../core/value/reg.ts";
import { StorageClass, TextEncoding } from "../core/value/types.ts";
import { parseCanonicalDateTime, parseDateAndTime } from "../core/functions/scalar/date_parse.ts";
import { DateTime } from "../core/functions/scalar/date_time.ts";
import { Database } from "../mod.ts";

const FNS = ["date", "time", "datetime", "julianday", "unixepoch"];
const enc = new TextEncoder();

/** Time values in every accepted form, and near misses. */
const TIME_VALUES: Arg[] = [
  "2024-02-29",
  "2023-02-29",
  "2023-02-31",
  "2024-04-31",
  "2024-01-31",
  "2000-02-29",
  "1900-02-29",
  "2024-02-29 13:45",
  "2024-02-29 13:45:30",
  "2024-02-29 13:45:30.5",
  "2024-02-29 13:45:30.123456",
  "2024-02-29 13:45:59.9999",
  "2024-02-29T13:45:30",
  "2024-02-29TT13:45",
  "2024-02-29 T 13:45",
  "2024-02-29  13:45",
  "2024-02-29T",
  "2024-02-29 ",
  "2024-02-29 24:00",
  "2024-02-29 24:00:00",
  "2024-02-29 23:60",
  "2024-02-29 13:45:60",
  "2024-02-29 13:45:30.",
  "2024-02-29 1:45",
  "2024-02-29 13:45Z",
  "2024-02-29 13:45z",
  "2024-02-29 13:45 Z ",
  "2024-02-29 13:45+05:30",
  "2024-02-29 13:45 -05:30",
  "2024-02-29 13:45+00:00",
  "2024-02-29 13:45-00:00",
  "2024-02-29 13:45+14:59",
  "2024-02-29 13:45+15:00",
  "2024-02-29 13:45+0530",
  "2024-02-29 13:45+05",
  "2024-02-29 13:45 junk",
  "13:45",
  "13:45:30.25",
  "00:00",
  "24:00",
  "13:45Z",
  "13:45-11:00",
  "1:45",
  "13:4",
  "-0044-03-15",
  "-4713-11-24 12:00",
  "-4713-11-24 11:59:59",
  "-4714-01-01",
  "0000-01-01",
  "0000-01-01 00:00:00.001",
  "9999-12-31",
  "9999-12-31 23:59:59.999",
  "9999-12-31 23:59:59.999-00:01",
  "10000-01-01",
  "2024-13-01",
  "2024-00-10",
  "2024-01-00",
  "2024-01-32",
  "2024-1-01",
  "24-01-01",
  " 2024-01-01",
  "2024/01/01",
  "now ",
  "NOW?",
  "junk",
  "",
  "2460000.5",
  " 2460000.5 ",
  "1700000000",
  "-1",
  "1e6",
  "0x10",
  "2460000.5x",
  "5373484.5",
  "2024-01-01\u0000junk",
  "\uFF12024-01-01",
  null,
  0,
  0.5,
  -0.0,
  2460000.25,
  5373484.49999,
  5373484.5,
  -1,
  1e10,
  1.5e300,
  0n,
  1n,
  2460000n,
  1700000000n,
  9223372036854775807n,
  -9223372036854775808n,
  enc.encode("2024-05-06 07:08:09"),
  enc.encode("junk"),
  new Uint8Array(),
];

/** Modifier chains applied to a few base values. */
const MODIFIER_CHAINS: Arg[][] = [
  [],
  ["+1 day"],
  ["+1 days"],
  ["-1 DAY"],
  ["+1 Days "],
  ["+1  days"],
  ["1 day"],
  ["+1day"],
  ["+1.5 days"],
  ["-0.25 days"],
  ["+1e2 days"],
  ["+.5 days"],
  ["+5. days"],
  ["+ 1 day"],
  ["+1 hour"],
  ["+36 hours"],
  ["-90 minutes"],
  ["+3600 seconds"],
  ["+0.001 seconds"],
  ["+1 month"],
  ["-1 month"],
  ["+13 months"],
  ["-13 months"],
  ["+1.5 months"],
  ["-0.5 months"],
  ["+1 year"],
  ["-1 year"],
  ["+1.5 years"],
  ["+10000 years"],
  ["-10000 years"],
  ["+14712 years"],
  ["+14713 years"],
  ["+176545 months"],
  ["+5373484 days"],
  ["+5373485 days"],
  ["+1 fortnight"],
  ["+1 dayss"],
  ["+1 sec"],
  ["+1 s"],
  ["+1 secondss"],
  ["+1 month", "floor"],
  ["+1 month", "ceiling"],
  ["-1 month", "floor"],
  ["+1 year", "floor"],
  ["floor"],
  ["ceiling"],
  ["+1 month", "start of month", "floor"],
  ["+1 day", "floor"],
  ["+0001-00-00"],
  ["-0001-02-03"],
  ["+0000-11-30"],
  ["+0000-12-00"],
  ["+0000-00-31"],
  ["+00001-01-01"],
  ["0001-01-01"],
  ["+0001-01-01 12:30"],
  ["+0001-01-01 12:30:15.5"],
  ["-0000-01-00 01:00"],
  ["+0001-01-01x"],
  ["+0001-01-01 1:00"],
  ["+0001-01-01T12:30"],
  ["+12:30"],
  ["-12:30"],
  ["12:30"],
  ["+01:00:30.5"],
  ["-23:59:59.999"],
  ["+24:00"],
  ["+25:00"],
  ["+1:00"],
  ["+12:30Z"],
  ["+12:30+01:00"],
  ["+12:30 junk"],
  ["start of month"],
  ["start of year"],
  ["start of day"],
  ["START OF MONTH"],
  ["start of week"],
  ["start  of day"],
  ["start of day "],
  ["weekday 0"],
  ["weekday 3"],
  ["weekday 6"],
  ["WEEKDAY 1"],
  ["weekday 7"],
  ["weekday -1"],
  ["weekday 1.5"],
  ["weekday 1.0"],
  ["weekday  2"],
  ["weekday"],
  ["weekday 2 "],
  ["unixepoch"],
  ["auto"],
  ["julianday"],
  ["UnixEpoch"],
  ["+1 day", "unixepoch"],
  ["+1 day", "auto"],
  ["+1 day", "julianday"],
  ["localtime"],
  ["utc"],
  ["localtime", "utc"],
  ["subsec"],
  ["subsecond"],
  ["SUBSEC"],
  ["subsec", "+0.0005 seconds"],
  ["+1.2345 seconds", "subsec"],
  [""],
  ["junk"],
  [null],
  [5n],
  [1.5],
  [enc.encode("+1 day")],
  ["+1 day\u0000junk"],
  ["+1 d\u0000ay"],
  ["wee\u212Aday 1"],
  // 64-bit exactness: huge steps that cancel out, beyond 2^53 milliseconds.
  ["+4.6e14 seconds", "-4.6e14 seconds"],
  ["+123456789012345 seconds", "-123456789012345 seconds"],
  ["+7.7e12 minutes", "-7.7e12 minutes"],
  ["+1.28e11 hours", "+1.28e11 hours", "-2.56e11 hours"],
  ["+4.6e14 seconds", "localtime"],
  ["+4.6e14 seconds", "utc"],
  ["+4.6e14 seconds", "+12:00", "-4.6e14 seconds"],
  ["+4.6e14 seconds", "floor", "-4.6e14 seconds"],
  ["+4.6427e14 seconds"],
  ["-4.6426e14 seconds"],
];

/** Base values modifiers are applied to. */
const MODIFIER_BASES: Arg[] = [
  "2024-01-31 10:20:30.456",
  "2023-03-31",
  "12:00:00",
  2460000.5,
  1700000000n,
  1e10,
  -1,
];

/** Dates spread over weeks, leap years and year ends, for strftime. */
const STRFTIME_DATES: Arg[] = [
  "2024-01-01 00:00:00",
  "2023-01-01 12:00:00",
  "2021-01-03 23:59:59.999",
  "2020-12-31 13:05:09.5",
  "2026-12-28",
  "2027-01-03",
  "2024-06-15 07:08:09",
  "0000-01-01",
  "9999-12-31 23:59:59.999",
  "-0001-06-15 12:00",
  "2015-12-31 00:00:00",
  "2010-01-04",
];

/** Every letter after `%`, plus combinations, literal text and a lone `%`. */
const STRFTIME_FORMATS: Arg[] = [
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ%0 -".split("").map((c) => "%" + c),
  "%",
  "x%",
  "",
  "plain",
  "%Y-%m-%d %H:%M:%f",
  "%s %J",
  "%G-W%V-%u",
  "%U %W %j",
  "%e|%k|%l|%I %p %P",
  "%R %T %F",
  "é%dé",
  "%%Y",
  "%Y\u0000%m",
  null,
  42n,
  enc.encode("%Y/%m"),
];

/** Pairs for timediff. */
const TIMEDIFF_PAIRS: [Arg, Arg][] = [
  ["2024-03-31", "2024-02-29"],
  ["2024-02-29", "2024-03-31"],
  ["2023-01-31", "2023-03-01"],
  ["2023-03-01", "2023-01-31"],
  ["2024-01-01 00:00:00", "2023-12-31 23:59:59.999"],
  ["2000-01-01", "1970-01-01"],
  ["1970-01-01", "2000-01-01"],
  ["2024-05-05 05:05:05.5", "2024-05-05"],
  ["2024-05-05", "2024-05-05"],
  ["0000-01-01", "9999-12-31 23:59:59.999"],
  ["9999-12-31 23:59:59.999", "0000-01-01"],
  ["2024-02-29", "2023-02-28"],
  ["2025-02-28", "2024-02-29"],
  ["2024-01-31 12:00", "2023-11-30 13:00"],
  ["2024-03-31 01:00", "2024-03-30 23:00+05:00"],
  [2460000.5, 2459000.25],
  [2459000.25, 2460000.5],
  [1700000000n, 0n],
  ["12:00", "13:30"],
  ["junk", "2024-01-01"],
  ["2024-01-01", null],
  ["-0044-03-15", "2024-03-15"],
];

function check(oracle: Oracle, fn: string, args: Arg[]): void {
  const want = oracle.evalSqlite(fn, args);
  const got = oracle.evalOurs(fn, args);
  deepStrictEqual(got, want, `${fn}(${showArgs(args)})`);
}

/** Every hand-picked case, as [function, arguments]. */
function handPickedCases(): [string, Arg[]][] {
  const cases: [string, Arg[]][] = [];
  for (const v of TIME_VALUES) for (const fn of FNS) cases.push([fn, [v]]);
  for (const base of MODIFIER_BASES) {
    for (const chain of MODIFIER_CHAINS) cases.push(["datetime", [base, ...chain]]);
  }
  for (const chain of MODIFIER_CHAINS) {
    for (const fn of ["julianday", "unixepoch", "date", "time"]) {
      cases.push([fn, ["2024-01-31 10:20:30.456", ...chain]]);
    }
    cases.push(["strftime", ["%F %T %f %s %J", "2024-02-29 23:59:59.5", ...chain]]);
  }
  for (const fmt of STRFTIME_FORMATS) {
    for (const d of STRFTIME_DATES) cases.push(["strftime", [fmt, d]]);
    cases.push(["strftime", [fmt, "2024-02-29 13:14:15.678", "subsec"]]);
  }
  for (const [a, b] of TIMEDIFF_PAIRS) cases.push(["timediff", [a, b]]);
  return cases;
}

Deno.test("date/time: hand-picked values, modifiers, strftime and timediff against SQLite", () => {
  const oracle = new Oracle();
  try {
    const cases = handPickedCases();
    ok(cases.length >= 400, `only ${cases.length} cases`);
    console.log(`[functions_date] ${cases.length} hand-picked cases`);
    for (const [fn, args] of cases) check(oracle, fn, args);
  } finally {
    oracle.close();
  }
});

Deno.test("date/time: a UTF-16 database reads blob arguments in its own encoding", () => {
  for (const encoding of [TextEncoding.Utf16le, TextEncoding.Utf16be]) {
    const oracle = new Oracle(encoding);
    try {
      const utf16 = (text: string) => {
        const bytes = new Uint8Array(text.length * 2);
        for (let i = 0; i < text.length; i++) {
          const c = text.charCodeAt(i);
          const [lo, hi] = [c & 0xff, c >> 8];
          bytes[2 * i] = encoding === TextEncoding.Utf16le ? lo : hi;
          bytes[2 * i + 1] = encoding === TextEncoding.Utf16le ? hi : lo;
        }
        return bytes;
      };
      const values: Arg[] = [
        utf16("2024-01-02 03:04"),
        enc.encode("2024-01-02"),
        "2024-01-02",
        2460000.5,
      ];
      for (const v of values) {
        for (const fn of FNS) check(oracle, fn, [v, utf16("+1 month")]);
        check(oracle, "strftime", [utf16("%F %j"), v]);
      }
    } finally {
      oracle.close();
    }
  }
});

Deno.test("date/time: functions without a time value read the statement's clock", () => {
  const oracle = new Oracle();
  try {
    const instants = [0, 1, 1700000000123, 1709251199999, 253402300799999, -62167219200000];
    for (const ms of instants) {
      // Our 'now' at `ms` must agree with SQLite's reading of the same unix time.
      const unix = ms / 1000;
      const pairs: [string, Arg[], string, Arg[]][] = [
        ["date", [], "date", [unix, "unixepoch"]],
        ["time", ["now"], "time", [unix, "unixepoch"]],
        ["datetime", ["NOW", "+1 month"], "datetime", [unix, "unixepoch", "+1 month"]],
        ["julianday", ["now"], "julianday", [unix, "unixepoch"]],
        ["unixepoch", [], "unixepoch", [unix, "unixepoch"]],
        ["unixepoch", ["subsec"], "unixepoch", [unix, "unixepoch", "subsec"]],
        ["datetime", ["subsecond"], "datetime", [unix, "unixepoch", "subsec"]],
        ["strftime", ["%F %T %f %s"], "strftime", ["%F %T %f %s", unix, "unixepoch"]],
        ["current_timestamp", [], "datetime", [unix, "unixepoch"]],
        ["current_date", [], "date", [unix, "unixepoch"]],
        ["current_time", [], "time", [unix, "unixepoch"]],
        ["datetime", ["now", "localtime"], "datetime", [unix, "unixepoch", "localtime"]],
      ];
      for (const [fn, args, sqliteFn, sqliteArgs] of pairs) {
        const got = evalAt(fn, args, () => ms);
        deepStrictEqual(got, oracle.evalSqlite(sqliteFn, sqliteArgs), `${fn} at ${ms}`);
      }
    }
  } finally {
    oracle.close();
  }
});

Deno.test("date/time: 'now' is read once per context", () => {
  let ticks = 1700000000000;
  const ctx = newFunctionContext(TextEncoding.Utf8, undefined, () => (ticks += 1234));
  const f = scalarFunction("julianday")!;
  const a = newReg();
  const b = newReg();
  f.impl([], a, ctx);
  f.impl([reg("now")], b, ctx);
  deepStrictEqual(b, a);
  deepStrictEqual(a.v, (1700000001234 + 210866760000000) / 86400000);
});

function reg(v: string): Reg {
  return { v, c: StorageClass.Text };
}

/** Evaluates our `fn(args)` with a context whose clock reads `clock`. */
function evalAt(fn: string, args: Arg[], clock: () => number): Outcome {
  const ctx = newFunctionContext(TextEncoding.Utf8, undefined, clock);
  const out = newReg();
  const regs = args.map((a): Reg =>
    typeof a === "number"
      ? { v: a, c: StorageClass.Real }
      : typeof a === "string"
      ? { v: a, c: StorageClass.Text }
      : { v: null, c: StorageClass.Null }
  );
  scalarFunction(fn)!.impl(regs, out, ctx);
  const names = ["null", "integer", "real", "text", "blob"] as const;
  const type = names[out.c];
  return { type, value: out.c === StorageClass.Integer ? BigInt(out.v as number) : out.v };
}

// ---------------------------------------------------------------------------------------
// Local time in other zones: the zone is read at process start, so a child process per
// zone runs `localTimeMismatches` and reports back.

const ZONES = ["America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns"];
const CHILD_ENV = "LITEJIT_DATE_TZ_CHILD";

/** Local-time cases across DST changes and far years; returns the mismatches found. */
function localTimeMismatches(): { count: number; mismatches: string[] } {
  const oracle = new Oracle();
  const mismatches: string[] = [];
  let count = 0;
  try {
    const values: Arg[] = [0, 1e10, 2460000.5, 1700000000n, "12:00", "2024-03-10 02:30Z"];
    for (const y of ["1900", "1969", "1970", "2024", "2037", "2038", "2100", "-0100", "9999"]) {
      for (const md of ["01-01", "03-10", "03-31", "04-06", "10-06", "11-03", "12-31"]) {
        for (const t of ["00:00", "01:30", "02:30", "03:00:01.5", "23:59:59"]) {
          values.push(`${y}-${md} ${t}`);
        }
      }
    }
    const chains: Arg[][] = [
      ["localtime"],
      ["utc"],
      ["localtime", "utc"],
      ["utc", "localtime"],
      ["localtime", "localtime"],
      ["utc", "utc"],
      ["localtime", "start of day", "utc"],
      ["unixepoch", "localtime"],
      ["auto", "localtime"],
      ["localtime", "+6 months"],
    ];
    for (const v of values) {
      for (const chain of chains) {
        for (
          const [fn, args] of [["datetime", [v, ...chain]], ["strftime", ["%J %f", v, ...chain]]]
        ) {
          count++;
          const want = oracle.evalSqlite(fn as string, args as Arg[]);
          const got = oracle.evalOurs(fn as string, args as Arg[]);
          if (JSON.stringify(got) !== JSON.stringify(want)) {
            mismatches.push(
              `${fn}(${showArgs(args as Arg[])}): want ${JSON.stringify(want)} got ${
                JSON.stringify(got)
              }`,
            );
          }
        }
      }
    }
  } finally {
    oracle.close();
  }
  return { count, mismatches };
}

if (Deno.env.get(CHILD_ENV) === "1") {
  const offsetMinutes = new Date(Date.UTC(2024, 0, 1)).getTimezoneOffset();
  console.log(JSON.stringify({ offsetMinutes, ...localTimeMismatches() }));
}

Deno.test("date/time: localtime and utc in this process's zone", () => {
  const { count, mismatches } = localTimeMismatches();
  ok(count > 3000);
  deepStrictEqual(mismatches.slice(0, 10), []);
});

Deno.test("date/time: localtime and utc in other zones (a child process each)", async () => {
  const reports = await Promise.all(ZONES.map(async (zone) => {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", new URL(import.meta.url).pathname],
      env: { TZ: zone, [CHILD_ENV]: "1" },
      stdout: "piped",
      stderr: "piped",
    });
    const { code, stdout, stderr } = await child.output();
    deepStrictEqual(code, 0, `TZ=${zone}: ${new TextDecoder().decode(stderr)}`);
    const text = new TextDecoder().decode(stdout).trim();
    return { zone, ...JSON.parse(text.split("\n").at(-1)!) };
  }));
  for (const r of reports) {
    // The zone really applies in the child (else the comparison proves nothing).
    ok(r.offsetMinutes !== 0, `TZ=${r.zone} looks like UTC`);
    ok(r.count > 3000);
    deepStrictEqual(r.mismatches.slice(0, 10), [], `TZ=${r.zone}`);
  }
});

// ---------------------------------------------------------------------------------------
// Property: generated time values and modifier chains.

const pad = (n: number, w: number) => String(n).padStart(w, "0");
const caseOf = fc.constantFrom((s: string) => s, (s: string) => s.toUpperCase());

/** Mostly in range, sometimes just outside. */
const mostly = (min: number, max: number, outMin: number, outMax: number) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: fc.integer({ min: outMin, max: outMax }) },
  );

const timeText = fc.tuple(
  mostly(0, 23, 0, 25),
  mostly(0, 59, 0, 60),
  fc.option(mostly(0, 59, 0, 60)),
  fc.option(fc.stringMatching(/^[0-9]{1,7}$/)),
  fc.constantFrom("", "", "", "", "Z", "+05:30", "-11:00", " +14:00", "-00:00", "+15:00"),
).map(([h, m, s, f, tz]) =>
  `${pad(h, 2)}:${pad(m, 2)}${s === null ? "" : `:${pad(s, 2)}${f === null ? "" : `.${f}`}`}${tz}`
);

const dateText = fc.tuple(
  fc.oneof(fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: -4714, max: 14712 })),
  mostly(1, 12, 0, 13),
  mostly(1, 31, 0, 32),
  fc.option(fc.tuple(fc.constantFrom(" ", "T", "  ", "TT", "t"), timeText)),
).map(([y, mo, d, t]) =>
  `${y < 0 ? "-" : ""}${pad(Math.abs(y), 4)}-${pad(mo, 2)}-${pad(d, 2)}${t ? t[0] + t[1] : ""}`
);

const timeValue: fc.Arbitrary<Arg> = fc.oneof(
  { weight: 5, arbitrary: dateText },
  { weight: 2, arbitrary: timeText },
  fc.double({ min: -1e6, max: 6e6, noNaN: true }),
  fc.double({ min: -3e11, max: 3e11, noNaN: true }),
  fc.bigInt({ min: -300000000000n, max: 300000000000n }),
  fc.integer({ min: 0, max: 5400000 }).map((n) => String(n / 4)),
  fc.string({ maxLength: 12 }),
);

const unit = fc.oneof(
  { weight: 9, arbitrary: fc.constantFrom("second", "minute", "hour", "day", "month", "year") },
  { weight: 1, arbitrary: fc.constantFrom("week", "", "days ", "sec") },
);
const numberText = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -40, max: 40 }).map(String) },
  fc.integer({ min: -20000, max: 20000 }).map(String),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((x) => String(x)),
  fc.constantFrom("1e3", ".5", "5.", "0", "4.6e14", "123456789012345", "7.7e12", "1.28e11"),
);
const modifier: fc.Arbitrary<Arg> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.tuple(
      fc.constantFrom("+", "-", ""),
      numberText,
      fc.constantFrom(" ", "  ", ""),
      unit,
      fc.constantFrom("", "s"),
      caseOf,
    ).map(([sg, n, sp, u, s, c]) => c(`${sg}${n.replace(/^-/, "")}${sp}${u}${s}`)),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(
      fc.constantFrom("+", "-"),
      mostly(0, 30, 0, 14712),
      mostly(0, 11, 0, 13),
      mostly(0, 30, 0, 32),
      fc.option(timeText),
    ).map(([sg, y, mo, d, t]) =>
      `${sg}${pad(y, y > 9999 ? 5 : 4)}-${pad(mo, 2)}-${pad(d, 2)}${t ? " " + t : ""}`
    ),
  },
  fc.tuple(fc.constantFrom("+", "-", ""), timeText).map(([sg, t]) => sg + t),
  fc.tuple(fc.constantFrom("start of day", "start of month", "start of year"), caseOf).map((
    [s, c],
  ) => c(s)),
  mostly(0, 6, -1, 8).map((n) => `weekday ${n}`),
  fc.constantFrom(
    "unixepoch",
    "julianday",
    "auto",
    "localtime",
    "utc",
    "subsec",
    "subsecond",
    "floor",
    "ceiling",
  ),
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);

/** A modifier chain, often led by one of the modifiers only valid first. */
const chain = fc.tuple(
  fc.option(fc.constantFrom("unixepoch", "auto", "julianday"), { freq: 3 }),
  fc.array(modifier, { maxLength: 4 }),
).map(([first, rest]) => first === null ? rest : [first, ...rest]);

const specifiers = "defFGgHIjJklmMpPRsSTuUVwWY%".split("");
const format = fc.array(
  fc.oneof(
    fc.constantFrom(...specifiers).map((c) => "%" + c),
    fc.constantFrom("-", " ", "x", ":", "T", "é", "%q"),
  ),
  { maxLength: 5 },
).map((a) => a.join(""));

Deno.test("date/time property: generated time values and modifier chains match SQLite", () => {
  const oracle = new Oracle();
  const params = propertyParams(2000, "functions_date");
  let runs = 0;
  let dated = 0; // runs where datetime() was not NULL: the generators must hit real dates
  try {
    fc.assert(
      fc.property(
        timeValue,
        chain,
        format,
        timeValue,
        (v, mods, fmt, w) => {
          for (const fn of FNS) check(oracle, fn, [v, ...mods]);
          check(oracle, "strftime", [fmt, v, ...mods]);
          check(oracle, "timediff", [v, w]);
          runs++;
          const shown = oracle.evalSqlite("datetime", [v, ...mods]);
          if ("type" in shown && shown.type !== "null") dated++;
        },
      ),
      params,
    );
    console.log(`[functions_date] ${dated} of ${runs} generated cases were valid dates`);
    ok(dated >= runs / 10, "the generators rarely produce valid dates");
  } finally {
    oracle.close();
  }
});

// ---------------------------------------------------------------------------------------
// Through the public API.

Deno.test("date/time: through the public API, against SQLite on the same file", () => {
  const dir = Deno.makeTempDirSync();
  try {
    const path = `${dir}/dates.db`;
    const setup = new DatabaseSync(path);
    setup.exec("BEGIN; CREATE TABLE t(id INTEGER PRIMARY KEY, v, m TEXT)");
    const insert = setup.prepare("INSERT INTO t(v, m) VALUES (?, ?)");
    const values = TIME_VALUES.filter((v) => !(v instanceof Uint8Array) && typeof v !== "bigint");
    for (const [i, v] of values.entries()) {
      insert.run(
        v as string | number | null,
        String(MODIFIER_CHAINS[i % MODIFIER_CHAINS.length][0] ?? ""),
      );
    }
    for (let i = 0; i < 2000; i++) insert.run(null, null);
    setup.exec("COMMIT");
    setup.close();
    const oracle = new DatabaseSync(path, { readOnly: true });
    const db = new Database(Deno.readFileSync(path));
    try {
      const queries: [string, unknown[]][] = [
        [
          "SELECT id, date(v), time(v), datetime(v, m), julianday(v), unixepoch(v, m) FROM t WHERE v IS NOT NULL ORDER BY id",
          [],
        ],
        [
          "SELECT id, strftime('%F %T %j %W %U %V %G %u %s', v, m), timediff(v, '2000-01-01') FROM t WHERE v IS NOT NULL ORDER BY id",
          [],
        ],
        ["SELECT date(?), datetime(?, ?), strftime(?, ?)", [
          "2024-02-29",
          2460000.5,
          "+1 month",
          "%J",
          "12:00",
        ]],
        ["SELECT date(?, 'unixepoch'), unixepoch(?), julianday(?)", [
          1700000000n,
          "2024-01-01 10:00+01:00",
          0,
        ]],
        ["SELECT count(*) FROM t WHERE date(v) > '2000-01-01'", []],
      ];
      for (const [sql, params] of queries) {
        const want = oracle.prepare(sql).all(...(params as never[])).map((r) => ({ ...r }));
        const got = db.prepare(sql).all(...(params as never[])).map((r) => ({ ...(r as object) }));
        deepStrictEqual(got, want, sql);
      }
      // 'now' holds still for a whole statement run, and is the time of that run.
      const before = Date.now();
      const rows = db.prepare(
        "SELECT count(DISTINCT strftime('%s %f', 'now')) AS n, max(unixepoch('now', 'subsec')) AS t FROM t",
      ).get() as { n: number; t: number };
      const after = Date.now();
      deepStrictEqual(rows.n, 1);
      ok(
        rows.t * 1000 >= before - 1 && rows.t * 1000 <= after + 1,
        `${rows.t} not in [${before}, ${after}]`,
      );
      const same = db.prepare(
        "SELECT count(*) AS n FROM t WHERE julianday('now') <> julianday() OR date() <> current_date",
      ).get() as { n: number };
      deepStrictEqual(same.n, 0);
    } finally {
      db.close();
      oracle.close();
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("date/time: the canonical YYYY-MM-DD HH:MM:SS reader agrees with the general one", () => {
  // parseCanonicalDateTime is a fast path for the form the functions write; wherever it
  // accepts a value it must leave exactly what the general parser leaves, where it declines
  // it must leave the value untouched, and it must accept the canonical form itself.
  const two = fc.constantFrom(
    "00",
    "01",
    "09",
    "12",
    "13",
    "23",
    "24",
    "25",
    "28",
    "29",
    "30",
    "31",
    "32",
    "59",
    "60",
    "99",
    "0a",
    " 1",
  );
  const sep = (usual: string) =>
    fc.constantFrom(usual, usual, usual, "T", " ", "-", ":", "/", "\0");
  const text = fc.tuple(
    fc.constantFrom("2012", "0000", "9999", "1970", "2000", "1900", "-001", "20 2"),
    sep("-"),
    two,
    sep("-"),
    two,
    sep(" "),
    two,
    sep(":"),
    two,
    sep(":"),
    two,
  ).map((parts) => parts.join(""));
  const snapshot = (p: DateTime) => JSON.stringify(p);
  for (const s of ["2012-12-01 00:00:00", "2013-08-31T23:59:59", "0000-01-01 24:00:00"]) {
    ok(parseCanonicalDateTime(s, new DateTime()), `canonical value refused: ${s}`);
  }
  fc.assert(
    fc.property(text, (s) => {
      const fast = new DateTime(), general = new DateTime();
      const accepted = parseCanonicalDateTime(s, fast);
      const generalAccepted = parseDateAndTime(s, general);
      if (accepted) {
        deepStrictEqual(generalAccepted, true, s);
        deepStrictEqual(snapshot(fast), snapshot(general), s);
      } else deepStrictEqual(snapshot(fast), snapshot(new DateTime()), `untouched: ${s}`);
    }),
    propertyParams(3000, "canonical dates"),
  );
});
