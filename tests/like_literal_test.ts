/**
 * LIKE's shortcut for a literal between `%`s (core/functions/scalar/like.ts `likeMatch`,
 * which searches with the engine's string functions) against the character-by-character
 * matcher it skips (`likeByCharacters`, held to SQLite by functions_scalar_props_test.ts):
 * the same answer for every pattern and text made of letters of both cases, `%`, `_`,
 * NUL, newlines, regular-expression syntax, non-ASCII letters (including ſ, ı and the
 * Kelvin sign, which Unicode folds to ASCII letters), escaped stray bytes and characters
 * above U+FFFF, with and without an ESCAPE character.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { likeByCharacters, likeMatch } from "../core/functions/scalar/like.ts";

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
