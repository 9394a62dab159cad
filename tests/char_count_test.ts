/**
 * length()'s character count (core/functions/scalar/coerce.ts): `charCount`, which counts a
 * text whose surrogates all pair up without stepping character by character, against
 * `steppedCharCount`, SQLite's stepping rule (SQLITE_SKIP_UTF8 on the text's bytes), over
 * texts decoded from arbitrary bytes (escaped stray bytes, broken sequences, 4-byte
 * characters) and arbitrary UTF-16 (lone surrogates), plus SQLite's answers on a few.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { charCount, steppedCharCount } from "../core/functions/scalar/coerce.ts";
import { decodeText } from "../core/format/text.ts";
import { TextEncoding } from "../core/value/types.ts";

const BYTES = [0x41, 0x00, 0x7f, 0x80, 0xbf, 0xc3, 0xa9, 0xe6, 0x97, 0xa5, 0xf0, 0x9f, 0x9a, 0xb2];
const UNITS = [0x41, 0xe9, 0x65e5, 0xd83d, 0xde80, 0xdc80, 0xdcbf, 0xdcff, 0xdbff, 0xdc00];

Deno.test("charCount equals SQLite's stepping on texts decoded from arbitrary bytes", () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...BYTES), { maxLength: 40 }), (bytes) => {
      const s = decodeText(Uint8Array.from(bytes), 0, bytes.length, TextEncoding.Utf8);
      assert.equal(charCount(s), steppedCharCount(s), JSON.stringify(bytes));
    }),
    { numRuns: 20_000 },
  );
});

Deno.test("charCount equals SQLite's stepping on arbitrary UTF-16, lone surrogates included", () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...UNITS), { maxLength: 40 }), (units) => {
      const s = String.fromCharCode(...units);
      assert.equal(charCount(s), steppedCharCount(s), JSON.stringify(units));
    }),
    { numRuns: 20_000 },
  );
});

Deno.test("charCount on texts whose length SQLite gives", () => {
  const utf8 = (bytes: number[]) =>
    decodeText(Uint8Array.from(bytes), 0, bytes.length, TextEncoding.Utf8);
  // SQLite 3.53: length(CAST(x'...' AS TEXT)) for each byte string.
  assert.equal(charCount(utf8([0xf0, 0x9f, 0x9a, 0xb2, 0x41])), 2); // 🚲A
  assert.equal(charCount(utf8([0xc3, 0xa9, 0x80, 0x80, 0x41])), 2); // é + strays, A
  assert.equal(charCount(utf8([0x80, 0x80, 0x41])), 3); // leading strays count one each
  assert.equal(charCount(utf8([0xf0, 0x9f, 0x9a, 0xb2, 0x80, 0x41])), 2); // 🚲 + stray, A
  assert.equal(charCount("🚲🌳x"), 3);
  assert.equal(charCount("\ud83d"), 1); // a lone high surrogate
});
