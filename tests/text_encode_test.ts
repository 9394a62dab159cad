/**
 * The short-ASCII fast path of UTF-8 encoding (core/format/text.ts shortAscii, which
 * encodeUtf8 takes for strings of up to 64 code units) against the runtime's TextEncoder,
 * over strings mixing ASCII (NUL and DEL included) with the code units just above it,
 * non-ASCII letters, surrogates (paired and lone) and the escapes of ill-formed bytes.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { encodeUtf8, shortAscii } from "../core/format/text.ts";

const encoder = new TextEncoder();
const UNITS = [
  "a",
  "Z",
  "0",
  " ",
  "\0",
  "\x7f",
  "\x80",
  "\xff",
  "é",
  "€",
  "\ud83d",
  "\ude00",
  "😀",
];
const arbText = fc.array(fc.constantFrom(...UNITS), { maxLength: 80 }).map((a) => a.join(""));

Deno.test("shortAscii: the bytes of an all-ASCII string, null for any other", () => {
  fc.assert(
    fc.property(arbText, (s) => {
      const ascii = [...s].every((ch) => ch.charCodeAt(0) < 0x80);
      const got = shortAscii(s);
      if (!ascii) assert.equal(got, null, JSON.stringify(s));
      else assert.deepEqual(got, encoder.encode(s), JSON.stringify(s));
    }),
    { numRuns: 2000 },
  );
});

Deno.test("encodeUtf8: what TextEncoder writes for a well-formed string, at every length", () => {
  fc.assert(
    fc.property(arbText, (s) => {
      if (!s.isWellFormed()) return;
      assert.deepEqual(encodeUtf8(s), encoder.encode(s), JSON.stringify(s));
    }),
    { numRuns: 2000 },
  );
  for (let n = 0; n <= 70; n++) {
    const s = "x".repeat(n);
    assert.deepEqual(encodeUtf8(s), encoder.encode(s));
    assert.deepEqual(encodeUtf8(s + "é"), encoder.encode(s + "é"));
  }
});
