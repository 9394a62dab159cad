/**
 * A BLOB read as a number (CAST, arithmetic, a truth value) is scanned as the text of its
 * bytes (core/value/coerce.ts blobAsByteString, which builds that text in chunks): the text
 * has one character per byte, whatever the length, and numbers read from BLOBs longer than
 * a chunk are SQLite's on every backend.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { blobAsByteString } from "../core/value/coerce.ts";
import { assertSameAsSqlite } from "./support/oracle_queries.ts";
import { propertyParams } from "./support/random_db.ts";

Deno.test("blob numbers: a BLOB's scanned text is one character per byte", () => {
  const lengths = fc.constantFrom(0, 1, 8191, 8192, 8193, 16384, 20001);
  const arb = fc.oneof(
    fc.uint8Array({ maxLength: 64 }),
    lengths.chain((n) => fc.integer({ min: 0, max: 255 }).map((b) => new Uint8Array(n).fill(b))),
    lengths.map((n) => Uint8Array.from({ length: n }, (_, i) => (i * 131) & 0xff)),
  );
  fc.assert(
    fc.property(arb, (b) => {
      let want = "";
      for (const byte of b) want += String.fromCharCode(byte);
      assert.equal(blobAsByteString(b), want);
    }),
    propertyParams(300, "blob as byte string"),
  );
});

Deno.test("blob numbers: long BLOBs as numbers and truth values match SQLite", () => {
  // Numbers padded past a chunk (8,192 bytes) by leading or trailing spaces, junk after
  // them, and zero blobs: the scan must see every byte in its place.
  const blobs = [
    "printf('%8190s', '12.5')",
    "printf('%8192s', '123456')",
    "printf('%8194s', '98765')",
    "printf('%8200s', '-3e2')",
    "printf('%-8195s', '7')",
    "printf('%8191s', '1') || 'x'",
    "printf('%9000s', '') || '42'",
    "'42' || printf('%8200s', '')",
  ].map((e) => `CAST(${e} AS BLOB)`).concat(["zeroblob(8192)", "zeroblob(20000)", "x'3132'"]);
  assertSameAsSqlite(
    `CREATE TABLE t(b BLOB); ${blobs.map((e) => `INSERT INTO t VALUES (${e});`).join(" ")}`,
    [
      "SELECT rowid, CAST(b AS REAL), CAST(b AS INTEGER), b + 0, length(b) FROM t",
      "SELECT rowid, CASE WHEN b THEN 'true' ELSE 'false' END, b IS TRUE FROM t",
    ],
  );
});

Deno.test("blob numbers: a BLOB read as a number is read up to its first NUL, however long", () => {
  // A zeroblob(6e8) as a number is its first byte's reading: no string of 6e8 characters,
  // which V8 could not make. NULs after digits, and in UTF-16 a zero unit, end the number.
  const queries = [
    "SELECT zeroblob(600000000) + 0",
    "SELECT zeroblob(9000) AND 1, CASE WHEN zeroblob(9000) THEN 1 ELSE 2 END",
    "SELECT CAST(x'3132003334' AS INTEGER), CAST(x'3132003334' AS REAL), CAST(x'313200' AS NUMERIC)",
    "SELECT x'31320020' + 0, x'3132' + 0, x'2031320a00' + 0, CAST(x'00' AS INTEGER)",
  ];
  assertSameAsSqlite("CREATE TABLE t(x);", queries, [], { bigints: true });
  assertSameAsSqlite(
    "PRAGMA encoding = 'UTF-16le'; CREATE TABLE t(x);",
    [
      "SELECT CAST(x'3100320000003300' AS INTEGER), CAST(x'310032000000' AS REAL)",
      "SELECT CAST(x'31000032' AS INTEGER), x'3100' + 0, CAST(zeroblob(9000) AS INTEGER)",
    ],
    [],
    { bigints: true },
  );
});
