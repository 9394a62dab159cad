/**
 * substr() on a record's bytes (core/functions/scalar/text.ts `substrBytes`, what generated
 * code calls for `substr(column, start[, count])` with constant positions) against
 * substr() itself (`substrFn`, held to SQLite by the function tests) on the decoded text,
 * and `lengthBytes` (generated code's `length(column)`) against `lengthFn`:
 * the same string for arbitrary bytes (ASCII, well-formed and broken UTF-8 sequences,
 * stray continuation bytes, NULs) and positions around the text's length, and SQLite's
 * answers on a few texts whose characters SQLite counts by its own rule.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  foldedAscii,
  lengthBytes,
  lengthFn,
  lowerFn,
  substrBytes,
  substrFn,
  upperFn,
} from "../core/functions/scalar/text.ts";
import { decodeText, encodeText } from "../core/format/text.ts";
import { newReg, type Reg } from "../core/value/reg.ts";
import { StorageClass, TextEncoding } from "../core/value/types.ts";
import type { FunctionContext } from "../core/functions/context.ts";

const CTX = { encoding: TextEncoding.Utf8 } as FunctionContext;
const int = (v: number): Reg => ({ v, c: StorageClass.Integer });

/** substr() on the decoded text, as the interpreter computes it. */
function viaFunction(bytes: Uint8Array, start: number, count: number | null): string {
  const out = newReg();
  const text = { v: decodeText(bytes, 0, bytes.length, TextEncoding.Utf8), c: StorageClass.Text };
  substrFn(count === null ? [text, int(start)] : [text, int(start), int(count)], out, CTX);
  assert.equal(out.c, StorageClass.Text);
  return out.v as string;
}

/** substrBytes on `bytes` placed amid other bytes. */
function onBytes(bytes: Uint8Array, start: number, count: number | null): string {
  const page = new Uint8Array(bytes.length + 6).fill(0xa9);
  page.set(bytes, 3);
  return substrBytes(page, 3, bytes.length, start, count ?? 2 ** 31 - 1);
}

const BYTES = [
  0x41,
  0x62,
  0x00,
  0x80,
  0xbf,
  0xc3,
  0xa9,
  0xe2,
  0x82,
  0xac,
  0xf0,
  0x9f,
  0x98,
  0x80,
  0xff,
  0xc0,
];

Deno.test("substr on bytes: substr()'s value on the decoded text", () => {
  const bytes = fc.array(fc.constantFrom(...BYTES), { maxLength: 12 }).map((b) =>
    Uint8Array.from(b)
  );
  fc.assert(
    fc.property(
      bytes,
      fc.integer({ min: 1, max: 14 }),
      fc.option(fc.nat(14)),
      (b, start, count) => {
        assert.equal(
          onBytes(b, start, count),
          viaFunction(b, start, count),
          `${b} ${start} ${count}`,
        );
      },
    ),
    { numRuns: 20000 },
  );
});

Deno.test("substr on bytes: SQLite's characters", () => {
  // SQLite's answers (SQLite 3.53 through node:sqlite: hex(substr(CAST(x'…' AS TEXT), s, n))).
  const cases: [string, number, number | null, string][] = [
    ["2013-07-01 17:05:00", 12, 2, "17"],
    ["2013-07-01 17:05:00", 12, null, "17:05:00"],
    ["héllo", 2, 2, "él"],
    ["€uro", 2, 3, "uro"],
    ["ab", 3, 1, ""],
    ["ab", 1, 0, ""],
    ["a\0bc", 2, 5, ""],
    ["😀x", 2, 1, "x"],
  ];
  for (const [text, start, count, expected] of cases) {
    const b = encodeText(text, TextEncoding.Utf8);
    assert.equal(onBytes(b, start, count), expected, `substr(${text}, ${start}, ${count})`);
    assert.equal(viaFunction(b, start, count), expected);
  }
  // A lead byte takes every continuation byte after it: C3 A9 80 is one character.
  const broken = Uint8Array.from([0x61, 0xc3, 0xa9, 0x80, 0x62]);
  assert.equal(onBytes(broken, 3, 1), "b");
  assert.equal(viaFunction(broken, 3, 1), "b");
});

/** length() on the decoded text, as the interpreter computes it. */
function lengthViaFunction(bytes: Uint8Array): number {
  const out = newReg();
  const text = { v: decodeText(bytes, 0, bytes.length, TextEncoding.Utf8), c: StorageClass.Text };
  lengthFn([text], out, CTX);
  assert.equal(out.c, StorageClass.Integer);
  return out.v as number;
}

/** lengthBytes on `bytes` placed amid other bytes (continuation bytes after its end). */
function lengthOnBytes(bytes: Uint8Array): number {
  const page = new Uint8Array(bytes.length + 6).fill(0x80);
  page.set(bytes, 3);
  return lengthBytes(page, 3, bytes.length);
}

Deno.test("length on bytes: length()'s value on the decoded text", () => {
  const bytes = fc.array(fc.constantFrom(...BYTES), { maxLength: 14 }).map((b) =>
    Uint8Array.from(b)
  );
  fc.assert(
    fc.property(bytes, (b) => {
      assert.equal(lengthOnBytes(b), lengthViaFunction(b), `${b}`);
    }),
    { numRuns: 20000 },
  );
  // SQLite's answers (length(CAST(x'…' AS TEXT)) through node:sqlite).
  const cases: [number[], number][] = [
    [[], 0],
    [[0x61, 0x00, 0x62], 1],
    [[0xc3, 0xa9, 0x80, 0x62], 2],
    [[0x80, 0x80, 0x61], 3],
    [[0xf0, 0x9f, 0x98, 0x80, 0x78], 2],
    [[0xff, 0x80], 1],
  ];
  for (const [b, expected] of cases) {
    assert.equal(lengthOnBytes(Uint8Array.from(b)), expected, `${b}`);
    assert.equal(lengthViaFunction(Uint8Array.from(b)), expected, `${b}`);
  }
});

Deno.test("length on bytes: long texts, counted a word at a time, against length()", () => {
  // Whole characters of 1–4 bytes, with now and then one of the edge bytes (a NUL, a stray
  // continuation byte, a lone lead byte) somewhere, at every alignment of the text.
  const char = fc.constantFrom("a", "é", "€", "😀").map((
    c,
  ) => [...encodeText(c, TextEncoding.Utf8)]);
  const piece = fc.oneof(
    { arbitrary: char, weight: 30 },
    fc.constantFrom(...BYTES).map((b) => [b]),
  );
  fc.assert(
    fc.property(fc.array(piece, { minLength: 20, maxLength: 120 }), fc.nat(7), (pieces, at) => {
      const b = Uint8Array.from(pieces.flat());
      const page = new Uint8Array(b.length + 16).fill(0x80);
      page.set(b, at + 3);
      const expected = lengthViaFunction(b);
      assert.equal(lengthBytes(page, at + 3, b.length), expected, `${b}`);
      // A view that starts off the buffer's word boundaries.
      assert.equal(lengthBytes(page.subarray(3), at, b.length), expected, `${b}`);
    }),
    { numRuns: 5000 },
  );
});

Deno.test("lower and upper on bytes: lower()'s and upper()'s value on the decoded text", () => {
  // Letters of both cases and the bytes around them ('@', '[', '`', '{'), NUL, stray and
  // multi-byte sequences; texts around the 64-byte limit of the byte reading.
  const letters = [0x40, 0x41, 0x5a, 0x5b, 0x60, 0x61, 0x7a, 0x7b, 0x00, 0x20, ...BYTES];
  const bytes = fc.array(fc.constantFrom(...letters), { maxLength: 70 }).map((b) =>
    Uint8Array.from(b)
  );
  let folded = 0;
  fc.assert(
    fc.property(bytes, fc.boolean(), (b, upper) => {
      const page = new Uint8Array(b.length + 4).fill(0x41);
      page.set(b, 2);
      const got = foldedAscii(page, 2, b.length, upper);
      if (got === null) return;
      folded++;
      const out = newReg();
      const text = { v: decodeText(b, 0, b.length, TextEncoding.Utf8), c: StorageClass.Text };
      (upper ? upperFn : lowerFn)([text], out, CTX);
      assert.equal(out.c, StorageClass.Text);
      assert.equal(got, out.v, `${upper ? "upper" : "lower"}(${b})`);
      // The same string again (interned), whichever was made first.
      assert.equal(foldedAscii(page, 2, b.length, upper), got);
    }),
    { numRuns: 20000 },
  );
  assert.ok(folded > 1000, "the byte reading seldom answered");
});
