/**
 * Hostile text as data: table and column names, literals and stored values made of quotes,
 * backticks, `${…}`, comment ends, U+2028, newline + `}` and prototype names come back equal
 * to SQLite's on every backend, and none of it (a marker placed in each) ever appears in
 * the source a code-generating backend writes for the statement (the record readers
 * generated code parses headers with included).
 */
import assert from "node:assert/strict";
import { assertSameAsSqlite, withEachBackend } from "./support/oracle_queries.ts";

/** Backends whose `explain()` is source they generated and run. */
const GENERATING = new Set(["js", "wasm"]);

const HOSTILE = "ZQX'\"`${globalThis.x}*/\u2028\n}) ; //";

const SCHEMA = `
CREATE TABLE "t ZQXtable ${HOSTILE.replaceAll('"', '""')}" (
  "__proto__" TEXT, "constructor" INT, "ZQXcol \`\${1}\` */ \u2028" TEXT, "toString" REAL);
INSERT INTO "t ZQXtable ${HOSTILE.replaceAll('"', '""')}" VALUES
  ('ZQXvalue ${HOSTILE.replaceAll("'", "''")}', 1, 'a', 1.5),
  ('b', 2, 'ZQXother */ \`', 2.5);
CREATE VIEW "ZQXview}" AS SELECT "__proto__" AS "ZQXalias\n}" FROM "t ZQXtable ${
  HOSTILE.replaceAll('"', '""')
}";
`;

const TABLE = `"t ZQXtable ${HOSTILE.replaceAll('"', '""')}"`;
const QUERIES = [
  `SELECT * FROM ${TABLE}`,
  `SELECT "__proto__", "constructor", "toString" FROM ${TABLE} WHERE "__proto__" <> 'ZQXlit ${
    HOSTILE.replaceAll("'", "''")
  }'`,
  `SELECT 'ZQXlit ${HOSTILE.replaceAll("'", "''")}' AS "ZQXname ${
    HOSTILE.replaceAll('"', '""')
  }", x'5a515801'`,
  `SELECT "ZQXcol \`\${1}\` */ \u2028" || 'ZQXcat */' FROM ${TABLE} ORDER BY 1`,
  `SELECT * FROM "ZQXview}" WHERE "ZQXalias\n}" LIKE 'ZQX%'`,
  `SELECT group_concat("__proto__", 'ZQXsep \`') FROM ${TABLE}`,
  `SELECT count(*) FROM ${TABLE} WHERE "constructor" IN (1, 'ZQXin')`,
  `SELECT sum("constructor") AS "ZQXsum", avg("toString"), total("__proto__") FROM ${TABLE}`,
  `SELECT min("constructor") AS "ZQXmin", max("constructor") FROM ${TABLE} WHERE "__proto__" <> 'ZQXne'`,
  `SELECT length("__proto__"), substr("__proto__", 2, 5), substr("ZQXcol \`\${1}\` */ \u2028", 1) FROM ${TABLE}`,
  `SELECT rowid, "toString" FROM ${TABLE} WHERE "constructor" > 0`,
  `SELECT a."__proto__", b."toString" FROM ${TABLE} a JOIN ${TABLE} b ON b.rowid = a."constructor"`,
  `SELECT "toString" FROM ${TABLE} ORDER BY "__proto__" DESC, "constructor" LIMIT 1`,
  `SELECT "toString" FROM ${TABLE} ORDER BY substr("ZQXcol \`\${1}\` */ \u2028", 2), 1 LIMIT 1`,
  `SELECT rowid FROM ${TABLE} WHERE "__proto__" IN ('ZQX\`\${1}\`', 'ZQX */ \u2028', '__proto__')`,
  `SELECT rowid FROM ${TABLE} WHERE "constructor" IN (1, 3, 5)`,
];

Deno.test("hostile names and literals: SQLite's values on every backend", () => {
  assertSameAsSqlite(SCHEMA, QUERIES, [], { bigints: true });
});

/**
 * Code paths that must be among the sources checked: the generated record readers (a
 * function for a cursor moved by seeks, a block at a leaf loop's start, a scan's body as a
 * JS loop of its own with its forward jumps as labelled blocks, one that returns rows, its
 * cell index in a local written back where it returns), a
 * column matched against a LIKE pattern and cut by substr() as bytes (on js, measured by
 * length() too, and read from an overflowing record's payload), sums stepped by
 * stepSumFast, min/max of a number stepped by stepMinMaxNumber on a group's state a loop read
 * once, registers held in a loop's locals (and put back in their objects for a slow
 * path), and (on js; the Wasm module compares those bytes natively) a column
 * compared as bytes, and a sort's first key, a field or substr() of one, tested as bytes.
 */
const PATHS: Record<string, RegExp[]> = {
  js: [
    /function h\d+\(\)/,
    /h\d+:\{G\d+=true;/,
    /function X\d+\(\)\{(let [vw\d,]+;)?let L=\d+;let q\d+=Q\d+;W\d+:for\(;;\)\{let G\d+=true/,
    /if\(!G\d+\)\{h\d+:\{G\d+=true;let p=Jp,b=Jb,t=0;const d=D\d+,e=Je;/,
    /function X\d+\(r?\)\{(const [^;]+;)?let v\d+,w\d+/,
    /\{r\d+\.v=v\d+,r\d+\.c=w\d+[,;]/,
    /function X\d+\(r\)\{(let [vw\d,]+;)?let L=\d+;(let q\d+=Q\d+;)?W\d+:for\(;;\)\{if\(r\)\{r=false;/,
    /\{Q\d+=q\d+;return -2;\}/,
    /break B\d+;/,
    /RT\.cellKey/,
    /RT\.compareTextBinary/,
    /RT\.inListBytes/,
    /K\[\d+\]\.includes\(/,
    /RT\.likeLiteralBytes/,
    /RT\.substrBytes/,
    /RT\.lengthBytes/,
    /q\.rawBuf/,
    /RT\.stepSumFast/,
    /RT\.stepMinMaxNumber\(A\d+_\d+,v,(r\d+\.c|w\d+),-?1\)/,
    /function X\d+\(r?\)\{const A\d+_\d+=s\d+\?\.current\?\.states\[\d+\]/,
    /\.rejectsText\(D\d+,O\d+_\d+,T\d+_\d+-13>>>1\)/,
    /\.rejectsText\(D\d+,O\d+_\d+,T\d+_\d+-13>>>1,\d+,\d+\)/,
  ],
  wasm: [/function h\d+\(\)/, /RT\.likeLiteralBytes/, /RT\.substrBytes/, /RT\.stepSumFast/],
};

Deno.test("hostile names and literals: never in generated source", () => {
  let checked = 0;
  withEachBackend(SCHEMA, (_oracle, db, backend) => {
    if (!GENERATING.has(backend)) return;
    const sources = QUERIES.map((sql) => db.prepare(sql).explain());
    for (const path of PATHS[backend]) {
      assert.ok(sources.some((s) => path.test(s)), `${backend}: no source has ${path}`);
    }
    for (const [i, sql] of QUERIES.entries()) {
      const source = sources[i];
      assert.ok(source.length > 0, `${backend}: no source for ${sql}`);
      assert.ok(!source.includes("ZQX"), `${backend}: query text in the source of ${sql}`);
      assert.ok(!source.includes("\u2028"), `${backend}: U+2028 in the source of ${sql}`);
      checked++;
    }
  });
  assert.equal(checked, QUERIES.length * GENERATING.size, "a generating backend was not run");
});
