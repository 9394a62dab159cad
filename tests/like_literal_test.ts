/**
 * LIKE's shortcut for a literal between `%`s (core/functions/scalar/like.ts `likeMatch`,
 * which searches with the engine's string functions) against the character-by-character
 * matcher it skips (`likeByCharacters`, held to SQLite by functions_scalar_props_test.ts):
 * the same answer for every pattern and text made of letters of both cases, `%`, `_`,
 * NUL, newlines, regular-expression syntax, non-ASCII letters (including ſ, ı and the
 * Kelvin sign, which Unicode folds to ASCII letters), escaped stray bytes and characters
 * above U+FFFF, with and without an ESCAPE character. The generated code's test of a
 * record's bytes against a literal pattern (`likeLiteralBytes`) is held to the same
 * matcher over the same texts and over arbitrary bytes.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { DatabaseSync } from "node:sqlite";
import { Database } from "../mod.ts";
import {
  likeByCharacters,
  likeLiteralBytes,
  likeMatch,
  literalLike,
  literalLikeBytes,
} from "../core/functions/scalar/like.ts";
import { cText } from "../core/functions/scalar/coerce.ts";
import { decodeText, encodeText } from "../core/format/text.ts";
import { TextEncoding } from "../core/value/types.ts";

const PIECES = [
  "a",
  "A",
  "b",
  "B",
  "ab",
  "s",
  "k",
  "i",
  "%",
  "_",
  "\0",
  "é",
  "É",
  "\udc80",
  "\ud834\udd1e",
  " ",
  "z",
  "\n",
  ".",
  "*",
  "(",
  "[",
  "\\",
  "$",
  "^",
  "?",
  "+",
  "|",
  "/",
  "{",
  "ſ",
  "ı",
  "\u212a",
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((p) => p.join(""));

Deno.test("LIKE shortcut: the character matcher's answer", () => {
  let literal = 0;
  fc.assert(
    fc.property(text, text, fc.constantFrom(-1, -1, 0x5c, 0x25), (pattern, value, escape) => {
      const expected = likeByCharacters(pattern, value, escape);
      assert.equal(
        likeMatch(pattern, value, escape),
        expected,
        `${JSON.stringify(value)} LIKE ${JSON.stringify(pattern)}`,
      );
      if (escape === -1 && !/[_\0é]/.test(pattern.replace(/\0.*$/s, ""))) literal++;
    }),
    { numRuns: 30000 },
  );
  assert.ok(literal > 1000, "few literal patterns were tried");
});

Deno.test("LIKE shortcut: literal patterns at both ends, one end and neither", () => {
  const cases: [string, string, boolean][] = [
    ["abc", "ABC", true],
    ["abc", "abcd", false],
    ["ab%", "ABx", true],
    ["%bc", "xbC", true],
    ["%b%", "aBc", true],
    ["%b%", "ac", false],
    ["%", "", true],
    ["", "", true],
    ["", "a", false],
    ["%%", "x", true],
    ["a%", "a\0b", true],
    ["%b", "ab\0c", true],
    ["%c", "ab\0c", false],
    ["%é%", "É", false],
    ["%s%", "ſ", false],
    ["%k", "\u212a", false],
    ["a.c", "abc", false],
    ["a.c", "A.C", true],
    ["%(x)%", "y(X)z", true],
    ["abc", "abc\n", false],
  ];
  for (const [pattern, value, expected] of cases) {
    assert.equal(likeMatch(pattern, value), expected, `${value} LIKE ${pattern}`);
    assert.equal(
      likeByCharacters(pattern, value),
      expected,
      `${value} LIKE ${pattern} (characters)`,
    );
  }
});

/** The byte matcher's answer for `value` (UTF-8 `bytes`) amid other bytes, or null. */
function onBytes(pattern: string, bytes: Uint8Array, pad: number): boolean | null {
  const shape = literalLike(cText(pattern));
  if (!shape) return null;
  const page = new Uint8Array(bytes.length + 2 * pad).fill(0x41);
  page.set(bytes, pad);
  return likeLiteralBytes(page, pad, bytes.length, literalLikeBytes(shape));
}

Deno.test("LIKE on a record's bytes: the character matcher's answer", () => {
  let tried = 0;
  const bytes = fc.uint8Array({ maxLength: 10 }).map((b) =>
    b.map((x) => x % 4 === 0 ? x : 0x41 + (x % 40))
  );
  fc.assert(
    fc.property(text, text, bytes, fc.nat(3), fc.boolean(), (pattern, value, raw, pad, useRaw) => {
      // Arbitrary bytes decode losslessly (stray bytes become escapes) to the text compared.
      const data = useRaw ? raw : encodeText(value, TextEncoding.Utf8);
      const decoded = useRaw ? decodeText(raw, 0, raw.length, TextEncoding.Utf8) : value;
      const got = onBytes(pattern, data, pad);
      if (got === null) return;
      tried++;
      assert.equal(
        got,
        likeByCharacters(pattern, decoded),
        `${JSON.stringify(decoded)} LIKE ${JSON.stringify(pattern)}`,
      );
    }),
    { numRuns: 30000 },
  );
  assert.ok(tried > 3000, "few literal patterns were tried");
});

Deno.test("LIKE on a record's bytes: edges", () => {
  const cases: [string, string, boolean][] = [
    ["abc", "ABC", true],
    ["abc", "ABCD", false],
    ["ab%", "ab", true],
    ["ab%", "a", false],
    ["ab%", "a\0b", false],
    ["%bc", "xBC\0", true],
    ["%bc", "bc\0x", true],
    ["%bc", "\0bc", false],
    ["%b%", "a\0b", false],
    ["%", "", true],
    ["%", "\0", true],
    ["", "", true],
    ["", "\0a", true],
    ["abc", "abc\0def", true],
    ["%@%", "`", false],
    ["[%", "{", false],
    ["%Z", "z", true],
    ["%c%", "\u00e9c", true],
  ];
  for (const [pattern, value, expected] of cases) {
    const v = value;
    assert.equal(
      onBytes(pattern, encodeText(v, TextEncoding.Utf8), 2),
      expected,
      `${value} LIKE ${pattern}`,
    );
    assert.equal(likeByCharacters(pattern, v), expected, `${value} LIKE ${pattern} (characters)`);
  }
});

Deno.test("LIKE on a record's bytes: long texts (searched by indexOf) as the character matcher", () => {
  // Texts of hundreds of bytes, sparse in the pattern's letters, NULs anywhere; the
  // bytes around the text are NULs or letters.
  const filler = fc.array(fc.constantFrom("x", "x", "x", "x", "a", "B", "\0", "é", " "), {
    minLength: 250,
    maxLength: 700,
  }).map((p) => p.join(""));
  const long = fc.tuple(text, filler, text, filler).map((p) => p.join(""));
  let tried = 0, matched = 0;
  // Half the patterns are a piece of the text between %s (found unless a NUL comes first).
  const piece = fc.tuple(fc.boolean(), fc.nat(), fc.integer({ min: 1, max: 4 }));
  fc.assert(
    fc.property(
      text,
      long,
      piece,
      fc.nat(3),
      fc.constantFrom(0x00, 0x41),
      (arbitrary, value, [cut, at, len], pad, fill) => {
        const from = at % value.length;
        const pattern = cut ? `%${value.slice(from, from + len)}%` : arbitrary;
        const shape = literalLike(cText(pattern));
        if (!shape) return;
        const bytes = encodeText(value, TextEncoding.Utf8);
        const page = new Uint8Array(bytes.length + 2 * pad).fill(fill);
        page.set(bytes, pad);
        const got = likeLiteralBytes(page, pad, bytes.length, literalLikeBytes(shape));
        tried++;
        if (got) matched++;
        assert.equal(
          got,
          likeByCharacters(pattern, value),
          `${JSON.stringify(value)} LIKE ${JSON.stringify(pattern)}`,
        );
      },
    ),
    { numRuns: 3000 },
  );
  assert.ok(
    tried > 300 && matched > 100 && matched < tried - 100,
    `${matched} of ${tried} matched`,
  );
});

Deno.test("LIKE: a literal pattern at SQLite's 50,000-byte limit matches as in SQLite", () => {
  const long = "a".repeat(50_000);
  const sql = "SELECT ? LIKE ?, ? LIKE ?, like(?, ?)";
  const args = ["b", long, long, long, `%${"a".repeat(49_998)}%`, long];
  const path = Deno.makeTempFileSync({ suffix: ".db" });
  const oracle = new DatabaseSync(path);
  oracle.exec("CREATE TABLE t(x)");
  const db = new Database(path);
  try {
    const expected = Object.values(oracle.prepare(sql).get(...args)!);
    assert.deepEqual(Object.values(db.prepare(sql).get(...args)!), expected);
  } finally {
    db.close();
    oracle.close();
    Deno.removeSync(path);
  }
});
