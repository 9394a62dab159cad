/**
 * date(), time(), datetime() and strftime() read on a record's bytes
 * (core/functions/scalar/date_bytes.ts, what generated code calls for those functions of
 * a column) against the functions themselves (held to SQLite by the date tests) on the
 * decoded text, over texts near the canonical layout (every field at and past its
 * limits, leap days, other separators and lengths): whenever the byte reading answers,
 * it answers as the function does; and it answers for the canonical texts of real
 * instants. Edge instants are checked against SQLite itself.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { DatabaseSync } from "node:sqlite";
import {
  DATE_LAYOUT,
  dateFromBytes,
  DATETIME_LAYOUT,
  strftimeLayout,
  TIME_LAYOUT,
} from "../core/functions/scalar/date_bytes.ts";
import { dateFn, datetimeFn, strftimeFn, timeFn } from "../core/functions/scalar/date_functions.ts";
import { encodeText } from "../core/format/text.ts";
import { newReg, type Reg } from "../core/value/reg.ts";
import { StorageClass, TextEncoding } from "../core/value/types.ts";
import type { FunctionContext } from "../core/functions/context.ts";

const CTX = { encoding: TextEncoding.Utf8, now: () => 0 } as unknown as FunctionContext;
const text = (v: string): Reg => ({ v, c: StorageClass.Text });
const FORMATS = [
  "%H",
  "%w",
  "%Y-%m",
  "%Y-%m-%d %H:%M:%S",
  "%%%d.%m",
  "day %d",
  "%j",
  "é%H",
  "%u",
  "%w-%u.%j%H",
];

/** Each function's value on `value`, and its byte reading (null: left to the function). */
function both(value: string): [string, unknown, string | null][] {
  const bytes = encodeText(value, TextEncoding.Utf8);
  const page = new Uint8Array(bytes.length + 4).fill(0x39);
  page.set(bytes, 2);
  const call = (f: typeof dateFn, args: Reg[]) => {
    const out = newReg();
    f(args, out, CTX);
    return out.c === StorageClass.Null ? null : out.v;
  };
  const on = (layout: Parameters<typeof dateFromBytes>[3]) =>
    dateFromBytes(page, 2, bytes.length, layout);
  const rows: [string, unknown, string | null][] = [
    ["date", call(dateFn, [text(value)]), on(DATE_LAYOUT)],
    ["time", call(timeFn, [text(value)]), on(TIME_LAYOUT)],
    ["datetime", call(datetimeFn, [text(value)]), on(DATETIME_LAYOUT)],
  ];
  for (const format of FORMATS) {
    const layout = strftimeLayout(format);
    rows.push([
      `strftime('${format}')`,
      call(strftimeFn, [text(format), text(value)]),
      layout && on(layout),
    ]);
  }
  return rows;
}

const pad = (v: number, n: number) => String(v).padStart(n, "0");

Deno.test("date functions on bytes: the functions' values", () => {
  let answered = 0;
  const instant = fc.record({
    y: fc.constantFrom(0, 1, 1900, 1999, 2000, 2012, 2013, 2100, 9999),
    m: fc.integer({ min: 0, max: 13 }),
    d: fc.integer({ min: 0, max: 32 }),
    h: fc.integer({ min: 0, max: 25 }),
    mi: fc.integer({ min: 0, max: 61 }),
    s: fc.integer({ min: 0, max: 61 }),
    sep: fc.constantFrom(" ", " ", "T", "x"),
    tail: fc.constantFrom("", "", "", ".5", "Z", " "),
  });
  fc.assert(
    fc.property(instant, ({ y, m, d, h, mi, s, sep, tail }) => {
      const value = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}${sep}${pad(h, 2)}:${pad(mi, 2)}:${
        pad(s, 2)
      }${tail}`;
      for (const [name, expected, got] of both(value)) {
        if (got === null) continue;
        answered++;
        assert.equal(got, expected, `${name}(${value})`);
      }
    }),
    { numRuns: 5000 },
  );
  assert.ok(answered > 3000, "the byte reading seldom answered");
  // The canonical text of a real instant is always answered.
  for (const [name, , got] of both("2013-07-31 23:59:59")) {
    if (!/é/.test(name)) assert.notEqual(got, null, name);
  }
});

Deno.test("date functions on bytes: SQLite's answers at the edges", () => {
  const db = new DatabaseSync(":memory:");
  const values = [
    "0000-01-01 00:00:00",
    "9999-12-31 23:59:59",
    "2000-02-29 12:00:00",
    "1900-02-29 12:00:00",
    "2012-02-29 00:00:00",
    "2013-04-31 10:00:00",
    "2013-12-31 24:00:00",
    "2013-01-01 10:60:00",
    "2013-01-01 10:00:60",
    "2013-00-10 10:00:00",
    "0001-01-01 00:00:00",
    "0004-12-31 00:00:00",
    "1600-03-01 00:00:00",
    "1900-03-01 00:00:00",
    "2024-12-31 08:00:00",
  ];
  for (const value of values) {
    const row = db.prepare(
      `SELECT date(?1) d, time(?1) t, datetime(?1) dt, strftime('%Y-%m', ?1) ym, strftime('%H', ?1) h,
        strftime('%w', ?1) w, strftime('%j', ?1) j, strftime('%u', ?1) u`,
    ).get(value) as Record<string, string | null>;
    const expected = [row.d, row.t, row.dt, row.h, row.ym, row.w, row.j, row.u];
    const got = both(value);
    const pick = (name: string) => got.find(([n]) => n === name)!;
    const mine = [
      pick("date"),
      pick("time"),
      pick("datetime"),
      pick("strftime('%H')"),
      pick("strftime('%Y-%m')"),
      pick("strftime('%w')"),
      pick("strftime('%j')"),
      pick("strftime('%u')"),
    ];
    mine.forEach(([name, fnValue, bytes], i) => {
      assert.equal(fnValue, expected[i], `${name}(${value}) by the function`);
      if (bytes !== null) assert.equal(bytes, expected[i], `${name}(${value}) on bytes`);
    });
  }
  db.close();
});

Deno.test("date functions on bytes: a result reused for the next row whose fields it reads are the same", () => {
  // One layout per call, as a statement has, over rows whose dates and hours repeat at
  // other times (the result is kept from the row before) and change (it is made again).
  const functions = [dateFn, timeFn, datetimeFn];
  const layouts = [
    ...FORMATS.map((f) => [f, strftimeLayout(f)!] as const).filter(([, l]) => l),
    ...[DATE_LAYOUT, TIME_LAYOUT, DATETIME_LAYOUT].map((l, i) => [i, l] as const),
  ];
  const values = [
    "2013-09-19 00:00:00",
    "2013-09-19 23:59:59",
    "2013-09-19 23:10:59",
    "2013-09-20 23:10:59",
    "2013-09-19 12:00:00",
    "2013-09-20 00:00:00",
    "2013-09-19 06:30:00",
    "2012-02-29 23:59:59",
    "2012-03-01 00:00:00",
    "0000-01-01 00:00:00",
    "9999-12-31 23:59:59",
    "9999-12-31 00:00:00",
    "2000-01-01 11:59:59",
    "2000-01-01 12:00:00",
  ];
  let checked = 0;
  for (const [format, layout] of layouts) {
    for (const value of [...values, ...values.toReversed()]) {
      const bytes = encodeText(value, TextEncoding.Utf8);
      const out = newReg();
      if (typeof format === "number") functions[format]([text(value)], out, CTX);
      else strftimeFn([text(format), text(value)], out, CTX);
      assert.equal(dateFromBytes(bytes, 0, bytes.length, layout), out.v, `${format} ${value}`);
      checked++;
    }
  }
  assert.equal(checked, 2 * values.length * layouts.length);
});
