/**
 * An index page's binary search asks most entries for their order by the record's first
 * field, read from the page's bytes (core/format/index_key.ts `firstFieldOrder`, the
 * comparator's `raw`). Wherever it answers, it must answer as the comparator itself (the
 * record reader and compareValues): over records of every serial type (integers of each
 * width and their 64-bit edges, -0.0, reals, NULL, short and long texts with non-ASCII,
 * trailing-space and NUL bytes, blobs), records in damaged shapes, keys of every class,
 * BINARY / NOCASE / RTRIM, ascending and descending, one and two key fields, in each text
 * encoding.
 */
import assert from "node:assert/strict";
import { keyComparator, keyOrder } from "../core/format/index_key.ts";
import { RecordReader } from "../core/format/record.ts";
import { encodeKey } from "../core/format/text.ts";
import { type SqlValue, TextEncoding } from "../core/value/types.ts";

const LONG = "x".repeat(70) + "é" + "y".repeat(40);

const VALUES: SqlValue[] = [
  null,
  0,
  1,
  2,
  -1,
  127,
  -128,
  128,
  32767,
  -32769,
  8388607,
  -8388609,
  2147483647,
  -2147483648,
  2147483648,
  2 ** 47 - 1,
  -(2 ** 47),
  2 ** 47,
  2 ** 53,
  -(2 ** 53),
  9007199254740993n,
  9223372036854775807n,
  -9223372036854775808n,
  0.5,
  -0.0,
  -0.25,
  1e300,
  -1e300,
  "",
  "a",
  "A",
  "a  ",
  "ab",
  "abc",
  "b",
  "é",
  "😀",
  "a\0b",
  "2013-09-26",
  LONG,
  new Uint8Array(0),
  new Uint8Array([0x61]),
];

const KEYS: SqlValue[] = [
  null,
  0,
  1,
  -1,
  0.5,
  -0.0,
  -0.25,
  127,
  2147483648,
  2 ** 53,
  1e300,
  9007199254740993n,
  "",
  "a",
  "A",
  "a ",
  "aa",
  "ab",
  "b",
  "é",
  "😀",
  "a\0b",
  "2013-09-26",
  LONG,
  LONG.slice(0, 80),
  new Uint8Array(0),
  new Uint8Array([0x61]),
];

function varint(n: number): number[] {
  if (n < 0x80) return [n];
  const out = [n & 0x7f];
  for (n = Math.floor(n / 128); n > 0; n = Math.floor(n / 128)) out.unshift(0x80 | (n & 0x7f));
  return out;
}

/** A value's serial type and bytes, integers in their smallest width (`wide`: 8 bytes). */
function field(v: SqlValue, enc: TextEncoding, wide = false): [number, number[]] {
  if (v === null) return [0, []];
  if (typeof v === "string") {
    const bytes = [...encodeKey(v, enc)];
    return [13 + 2 * bytes.length, bytes];
  }
  if (v instanceof Uint8Array) return [12 + 2 * v.length, [...v]];
  if (
    typeof v === "number" && (!Number.isInteger(v) || Math.abs(v) >= 2 ** 63 || Object.is(v, -0))
  ) {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, v as number);
    return [7, [...new Uint8Array(view.buffer)]];
  }
  const big = BigInt(v as number | bigint);
  if (!wide && big === 0n) return [8, []];
  if (!wide && big === 1n) return [9, []];
  const widths = wide ? [8] : [1, 2, 3, 4, 6, 8];
  for (const [i, w] of widths.entries()) {
    const limit = 1n << BigInt(8 * w - 1);
    if (big >= -limit && big < limit) {
      const bytes: number[] = [];
      for (let k = 0; k < w; k++) bytes.unshift(Number((big >> BigInt(8 * k)) & 0xffn));
      return [wide ? 6 : [1, 2, 3, 4, 5, 6][i], bytes];
    }
  }
  throw new Error("unreachable");
}

/** A record of `values`, with `extraHeader` padding entries (NULLs) to widen the header. */
function record(values: SqlValue[], enc: TextEncoding, wide = false, extraHeader = 0): Uint8Array {
  const fields = values.map((v) => field(v, enc, wide));
  for (let i = 0; i < extraHeader; i++) fields.push([0, []]);
  const types = fields.flatMap(([t]) => varint(t));
  const size = types.length + 1;
  assert.ok(size < 0x80 || extraHeader > 0);
  const header = [...varint(size + (size >= 0x80 ? 1 : 0)), ...types];
  return new Uint8Array([...header, ...fields.flatMap(([, b]) => b)]);
}

/** Records in shapes a damaged page may hold: each the comparator refuses or reads. */
function damaged(enc: TextEncoding): Uint8Array[] {
  const text = record(["abc", 1], enc);
  return [
    new Uint8Array([0x05, 0x0f]), // header longer than the record
    new Uint8Array([0x02, 0x21, 0x61]), // text running past the record
    new Uint8Array([0x02, 0x0a]), // reserved serial type 10
    new Uint8Array([0x02, 0x0b, 1, 2]), // reserved serial type 11
    new Uint8Array([0x02, 0x06, 1, 2]), // an integer cut short
    new Uint8Array([0x02, 0x07, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0]), // a NaN
    new Uint8Array([0x03, 0x81, 0x80]), // a two-byte serial type past the header
    text.subarray(0, text.length - 2),
  ];
}

for (
  const [encName, enc] of [
    ["UTF-8", TextEncoding.Utf8],
    ["UTF-16le", TextEncoding.Utf16le],
    ["UTF-16be", TextEncoding.Utf16be],
  ] as const
) {
  Deno.test(`index probe by the first field answers as the comparator (${encName})`, () => {
    const records = [
      ...VALUES.flatMap((v) => [
        record([v, 7], enc),
        record([v, "y"], enc),
        record([v], enc),
        record([v, 7], enc, true),
      ]),
      record([], enc),
      record(["a", 1], enc, false, 130), // a header of two-byte size
      ...damaged(enc),
    ];
    const reader = new RecordReader(enc);
    let asked = 0, answered = 0;
    for (const collation of ["BINARY", "NOCASE", "RTRIM"]) {
      for (const desc of [false, true]) {
        const order = keyOrder([
          { column: 0, expr: null, collation, desc },
          { column: 1, expr: null, collation: "BINARY", desc: false },
        ], enc);
        for (const n of [1, 2]) {
          for (const key of KEYS) {
            const compare = keyComparator([key, "y"].slice(0, n), order);
            if (!compare.raw) continue;
            for (const rec of records) {
              let expected: number | "throws";
              try {
                reader.resetLocal(rec, 0, rec.length, 2);
                expected = Math.sign(compare(reader)) || 0;
              } catch {
                expected = "throws";
              }
              const got = compare.raw(rec, 0, rec.length);
              asked++;
              if (got !== got) continue;
              answered++;
              const where = `${collation} ${desc ? "DESC" : "ASC"} n=${n} key ${
                String(key)
              } record [${rec}]`;
              assert.equal(Math.sign(got) || 0, expected, where);
            }
          }
        }
      }
    }
    // The fast path answers most probes of a key of its kind (for UTF-16, BINARY only).
    assert.ok(
      answered > asked * (enc === TextEncoding.Utf8 ? 0.6 : 0.25),
      `${answered} of ${asked}`,
    );
  });
}
