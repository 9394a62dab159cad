/**
 * TEXT keeps its exact bytes: invalid, truncated and overlong UTF-8 (and lone UTF-16
 * surrogates) survive records, casts, concatenation, every text function, collations,
 * ORDER BY / DISTINCT / GROUP BY / min / max, and reach the API as node:sqlite shows them.
 *
 * Every expected value comes from node:sqlite on the same database file. Values are
 * compared three ways: typeof(E), hex(E) (the bytes), and E itself as the API returns it.
 * node:sqlite cuts a text at its first NUL (it reads sqlite3_column_text as a C string);
 * litejit keeps the whole text, so the raw value is compared up to the first NUL.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import fc from "fast-check";
import { Database } from "../mod.ts";
import { propertyParams } from "./support/random_db.ts";
import {
  decodeText,
  encodeKey,
  encodeText,
  encodeUtf8,
  hasLoneSurrogate,
  installUtf16Decoder,
} from "../core/format/text.ts";
import { nodeUtf16Decode } from "../core/format/node_utf16.ts";
import { TextEncoding } from "../core/value/types.ts";
import { asciiLower, asciiUpper } from "../core/value/ascii_case.ts";

const ENCODINGS = ["UTF-8", "UTF-16le", "UTF-16be"] as const;

/** Byte strings stored as TEXT (CAST(x'..' AS TEXT)): valid, invalid, truncated, overlong. */
const TEXTS = [
  "ff",
  "ff01",
  "80",
  "8080",
  "c3",
  "c3a9",
  "c3a980",
  "c3a98080",
  "41c3a98042",
  "e282",
  "e282ac",
  "e282ff",
  "e282ac80",
  "eda080",
  "eda0804141",
  "edb080",
  "c0af",
  "c1bf",
  "e08080",
  "e0a080",
  "f0808080",
  "f0908080",
  "f4908080",
  "f8888080",
  // a lead byte with more continuation bytes than 32 bits hold: unicode() wraps it signed
  "d88280808080a0",
  "fe",
  "feff",
  "fffe",
  "efbfbd",
  "efbfbe",
  "efbfbf",
  "f09f9880",
  "f09f98",
  "9f9880",
  "ed9fbf",
  "4100ff",
  "00ff",
  "61e2",
  "27ff27",
  "20ff20",
  "ff2020",
  "41ff42ff43",
  "25ff",
  "5fc3",
  "61",
  "414243",
  "616263c3a9",
  "c2",
  "c280",
  "dfbf",
  "ff41ff",
  "00d84100",
  "3dd800de",
  // longer than the short path: in UTF-16 the platform decoder's, a lone surrogate inside
  "4100".repeat(70) + "00d84100",
  "41",
  "",
];

/** Expressions over a row's `x` and `y` (both texts made from {@link TEXTS}). */
const ROW_EXPRS = [
  "x",
  "length(x)",
  "octet_length(x)",
  "upper(x)",
  "lower(x)",
  "substr(x, 1, 1)",
  "substr(x, 2)",
  "substr(x, 2, 2)",
  "substr(x, -1)",
  "substr(x, -2, 1)",
  "substr(x, 0, 2)",
  "substring(x, 3, 1)",
  "instr(x, y)",
  "instr(y, x)",
  "instr(x, CAST(x'80' AS TEXT))",
  "instr(x, CAST(x'c3' AS TEXT))",
  "instr(x, 'A')",
  "unicode(x)",
  "unicode(substr(x, 2))",
  "trim(x)",
  "ltrim(x, CAST(x'ff' AS TEXT))",
  "rtrim(x, CAST(x'ff' AS TEXT))",
  "trim(x, CAST(x'ff41' AS TEXT))",
  "trim(x, y)",
  "replace(x, CAST(x'ff' AS TEXT), 'Z')",
  "replace(x, 'A', CAST(x'e2' AS TEXT))",
  "replace(x, y, 'Q')",
  "replace(x, CAST(x'a9' AS TEXT), '!')",
  "quote(x)",
  "hex(x)",
  "CAST(x AS BLOB)",
  "CAST(CAST(x AS BLOB) AS TEXT)",
  "x || y",
  "y || x",
  "x || 0.1",
  "x || x'ac'",
  "x'e2' || x",
  "x || CAST(x'82ac' AS TEXT)",
  "concat(x, y)",
  "concat_ws(CAST(x'e2' AS TEXT), x, y)",
  "printf('%s', x)",
  "printf('[%5s]', x)",
  "printf('[%-4s|%.2s]', x, y)",
  "printf('%!.2s', x)",
  "printf('%q', x)",
  "format('%Q', x)",
  "x = y",
  "x < y",
  "x > y",
  "x = y COLLATE NOCASE",
  "x < y COLLATE NOCASE",
  "x < y COLLATE RTRIM",
  "x = y COLLATE RTRIM",
  "x LIKE 'A%'",
  "x GLOB '*'",
  "x LIKE y",
  "x IS CAST(CAST(x AS BLOB) AS TEXT)",
  "typeof(x)",
  "x + 0",
  "CAST(x AS INTEGER)",
  "CAST(x AS REAL)",
  "CAST(x AS NUMERIC)",
  "iif(x > y, x, y)",
  "min(x, y)",
  "max(x, y)",
  "nullif(x, y)",
  "coalesce(NULL, x)",
  "char(unicode(x))",
];

/** Hand-picked expressions without a table. */
const LITERAL_EXPRS = [
  "x'ff01' || 0.1",
  "x'ff' || 'a'",
  "'a' || x'ff'",
  "x'c3' || x'a9'",
  "x'e282' || x'ac'",
  "x'e2' || x'82' || x'ac'",
  "x'e2' || x'82ac' = '€'",
  "CAST(x'e282' AS TEXT) || CAST(x'ac' AS TEXT)",
  "CAST(x'e282' AS TEXT) || CAST(x'ac' AS TEXT) = '€'",
  "CAST(x'f09f' AS TEXT) || CAST(x'9880' AS TEXT)",
  "CAST(x'ff' AS TEXT)",
  "CAST(x'c0af' AS TEXT)",
  "CAST(x'eda080' AS TEXT)",
  "CAST(x'efbfbd' AS TEXT) = CAST(x'ff' AS TEXT)",
  "CAST(x'ff' AS TEXT) = CAST(x'fe' AS TEXT)",
  "CAST(x'ff' AS TEXT) > CAST(x'fe' AS TEXT)",
  "CAST(x'ff' AS TEXT) > 'é'",
  "CAST(x'ff' AS TEXT) > '\u{1F600}'",
  "CAST(x'80' AS TEXT) < 'é'",
  "CAST(x'c3' AS TEXT) < 'é'",
  "CAST(x'c3' AS TEXT) < 'Ā'",
  "CAST(x'c4' AS TEXT) > 'é'",
  "CAST(x'e0' AS TEXT) < 'ࠀ'",
  "CAST(x'f0' AS TEXT) < '\u{10000}'",
  "CAST(x'ee' AS TEXT) > '\uE000'",
  "CAST(x'ef' AS TEXT) < '\uFFFF'",
  "CAST(x'41ff' AS TEXT) < CAST(x'41c3a9' AS TEXT)",
  "CAST(x'ff' AS TEXT) COLLATE NOCASE = CAST(x'ff' AS TEXT)",
  "CAST(x'41ff' AS TEXT) = CAST(x'61ff' AS TEXT) COLLATE NOCASE",
  "CAST(x'41ff' AS TEXT) < CAST(x'61fe' AS TEXT) COLLATE NOCASE",
  "CAST(x'ff20' AS TEXT) = CAST(x'ff' AS TEXT) COLLATE RTRIM",
  "CAST(x'ff20' AS TEXT) < CAST(x'fe' AS TEXT) COLLATE RTRIM",
  "length(CAST(x'41c3a98080' AS TEXT))",
  "length(CAST(x'808080' AS TEXT))",
  "length(CAST(x'41808080' AS TEXT))",
  "length(CAST(x'ff808080' AS TEXT))",
  "length(CAST(x'f09f988080' AS TEXT))",
  "length(CAST(x'e282' AS TEXT) || 'a')",
  "length(CAST(x'4100ff' AS TEXT))",
  "octet_length(CAST(x'41c3a98080' AS TEXT))",
  "unicode(CAST(x'ff' AS TEXT))",
  "unicode(CAST(x'80' AS TEXT))",
  "unicode(CAST(x'c3' AS TEXT))",
  "unicode(CAST(x'c3a980' AS TEXT))",
  "unicode(CAST(x'e282' AS TEXT))",
  "unicode(CAST(x'eda080' AS TEXT))",
  "unicode(CAST(x'c0af' AS TEXT))",
  "unicode(CAST(x'f8888080' AS TEXT))",
  "unicode(CAST(x'f4908080' AS TEXT))",
  "unicode(CAST(x'efbfbe' AS TEXT))",
  "char(55296)",
  "char(57343, 65)",
  "char(56448)",
  "char(65, 55296, 66)",
  "char(1114112)",
  "char(65533)",
  "substr(CAST(x'41c3a98042' AS TEXT), 2, 1)",
  "substr(CAST(x'41c3a98042' AS TEXT), 3)",
  "substr(CAST(x'808041' AS TEXT), 2)",
  "substr(CAST(x'e282ac' AS TEXT), 1, 1)",
  "substr(CAST(x'e282' AS TEXT), 1, 1)",
  "substr(CAST(x'ff8080ff' AS TEXT), -1)",
  "substr(x'e282ac', 2)",
  "instr(CAST(x'41c3a9' AS TEXT), CAST(x'c3' AS TEXT))",
  "instr(CAST(x'41c3a9' AS TEXT), CAST(x'a9' AS TEXT))",
  "instr(CAST(x'4180c3a9ff' AS TEXT), CAST(x'ff' AS TEXT))",
  "instr(CAST(x'ff41ff42' AS TEXT), 'B')",
  "instr(CAST(x'e282ac41' AS TEXT), 'A')",
  "instr('é', CAST(x'c3' AS TEXT))",
  "replace(CAST(x'c3a9c3a9' AS TEXT), CAST(x'a9' AS TEXT), 'x')",
  "replace('éé', CAST(x'c3' AS TEXT), '')",
  "replace(CAST(x'e2ff' AS TEXT), CAST(x'ff' AS TEXT), CAST(x'82ac' AS TEXT))",
  "replace('abc', 'b', CAST(x'ff' AS TEXT))",
  "replace(CAST(x'e2' AS TEXT) || 'b', 'b', CAST(x'82ac' AS TEXT))",
  "upper(CAST(x'61ff62' AS TEXT))",
  "lower(CAST(x'41c3c341' AS TEXT))",
  "trim(CAST(x'20ff20' AS TEXT))",
  "trim(CAST(x'ff41ff' AS TEXT), CAST(x'ff' AS TEXT))",
  "ltrim(CAST(x'c3a9c3' AS TEXT), 'é')",
  "rtrim(CAST(x'c3a9c3' AS TEXT), CAST(x'c3' AS TEXT))",
  "quote(CAST(x'27ff27' AS TEXT))",
  "quote(CAST(x'ff' AS TEXT))",
  "hex(CAST(x'ff' AS TEXT))",
  "CAST(CAST(x'ff01' AS TEXT) AS BLOB)",
  "CAST(CAST(x'c0af' AS TEXT) AS BLOB) = x'c0af'",
  "printf('%s|%s', CAST(x'e2' AS TEXT), CAST(x'82ac' AS TEXT))",
  "printf('%s%s', CAST(x'e2' AS TEXT), CAST(x'82ac' AS TEXT))",
  "printf('%.1s', CAST(x'c3a9' AS TEXT))",
  "printf('%5s', CAST(x'ff' AS TEXT))",
  "printf('%!5s', CAST(x'c3a9' AS TEXT))",
  "printf('%c', CAST(x'ff41' AS TEXT))",
  "concat(CAST(x'e2' AS TEXT), CAST(x'82' AS TEXT), CAST(x'ac' AS TEXT))",
  "concat_ws(CAST(x'82' AS TEXT), CAST(x'e2' AS TEXT), CAST(x'ac' AS TEXT))",
  "CAST(x'ff' AS TEXT) LIKE CAST(x'ff' AS TEXT)",
  "CAST(x'41ff' AS TEXT) LIKE 'a%'",
  "CAST(x'ff' AS TEXT) GLOB '?'",
  "CAST(x'41ff42' AS TEXT) GLOB 'A*B'",
  "like('%', CAST(x'ff' AS TEXT))",
  "CAST(x'3132ff' AS TEXT) + 0",
  "CAST(CAST(x'ff' AS TEXT) AS NUMERIC)",
  "typeof(CAST(x'ff' AS TEXT))",
  "CAST(x'ff' AS TEXT) IN (CAST(x'ff' AS TEXT), 'a')",
  "CAST(x'ff' AS TEXT) IN ('\uFFFD', 'a')",
  "CASE CAST(x'ff' AS TEXT) WHEN '\uFFFD' THEN 1 WHEN CAST(x'ff' AS TEXT) THEN 2 END",
  "min(CAST(x'ff' AS TEXT), 'é', CAST(x'80' AS TEXT))",
  "max(CAST(x'ff' AS TEXT), 'é', '\u{1F600}')",
  "json_quote('a')",
];

/** Queries over table t(id, x, y) that order, group and aggregate such texts. */
const TABLE_QUERIES = [
  "SELECT id, hex(x) FROM t ORDER BY x, id",
  "SELECT id, hex(x) FROM t ORDER BY x DESC, id",
  "SELECT id, hex(x) FROM t ORDER BY x COLLATE NOCASE, id",
  "SELECT id, hex(x) FROM t ORDER BY x COLLATE RTRIM, id",
  "SELECT id, hex(x) FROM t ORDER BY y, x, id",
  "SELECT hex(x), x FROM (SELECT DISTINCT x FROM t) ORDER BY 1",
  "SELECT hex(x), count(*) FROM t GROUP BY x ORDER BY x",
  "SELECT hex(x), count(*) FROM t GROUP BY x COLLATE NOCASE ORDER BY 1",
  "SELECT hex(min(x)), hex(max(x)), min(x), max(x) FROM t",
  "SELECT hex(min(x COLLATE NOCASE)), hex(max(x COLLATE RTRIM)) FROM t",
  "SELECT hex(group_concat(x)), hex(group_concat(x, y)), hex(group_concat(x, '')) FROM t",
  "SELECT hex(string_agg(x, CAST(x'e2' AS TEXT) ORDER BY x)) FROM t",
  "SELECT hex(group_concat(y, x)) FROM t WHERE id > 20",
  "SELECT id, hex(group_concat(x, '') OVER (ORDER BY id ROWS 2 PRECEDING)) FROM t",
  "SELECT a.id, b.id FROM t a JOIN t b ON a.x = b.x WHERE a.id < b.id ORDER BY 1, 2",
  "SELECT a.id, sum(a.x < b.x), sum(a.x > b.x COLLATE NOCASE), sum(a.x = b.x COLLATE RTRIM) " +
  "FROM t a, t b GROUP BY a.id ORDER BY 1",
  "SELECT id, hex(x) FROM t WHERE x > CAST(x'c3' AS TEXT) ORDER BY x, id",
  "SELECT id FROM t WHERE x = CAST(x'ff01' AS TEXT) ORDER BY id",
  "SELECT id FROM t WHERE x = 'é' ORDER BY id",
  "SELECT id FROM t WHERE x BETWEEN CAST(x'80' AS TEXT) AND CAST(x'ff' AS TEXT) ORDER BY id",
  "SELECT id, hex(x) FROM t INDEXED BY tx WHERE x >= CAST(x'e0' AS TEXT) ORDER BY x, id",
  "SELECT id, hex(x) FROM t INDEXED BY tx WHERE x < CAST(x'c3a9' AS TEXT) ORDER BY x DESC, id",
  "SELECT id FROM t INDEXED BY tx WHERE x = CAST(x'e282' AS TEXT) || CAST(x'ac' AS TEXT)",
  "SELECT id FROM t INDEXED BY tnocase WHERE x = CAST(x'41ff' AS TEXT) COLLATE NOCASE",
  "SELECT hex(x) FROM t INDEXED BY tx ORDER BY x",
  "SELECT count(DISTINCT x), count(DISTINCT CAST(x AS BLOB)) FROM t",
  "SELECT hex(x) FROM t UNION SELECT hex(y) FROM t ORDER BY 1",
  "SELECT x FROM t UNION SELECT y FROM t ORDER BY 1",
  "SELECT hex(x) FROM t WHERE x IN (SELECT y FROM t) ORDER BY 1",
];

/** A text or a blob comparable across engines: texts are cut at a NUL, as node:sqlite does. */
function comparable(v: unknown): unknown {
  if (typeof v === "string") {
    const nul = v.indexOf("\0");
    return nul < 0 ? v : v.slice(0, nul);
  }
  if (v instanceof Uint8Array) return [...v];
  return v;
}

function sqliteRows(db: DatabaseSync, sql: string): unknown[][] {
  const st = db.prepare(sql);
  (st as unknown as { setReturnArrays(b: boolean): void }).setReturnArrays(true);
  return (st.all() as unknown as unknown[][]).map((r) => r.map(comparable));
}

function liteRows(db: Database, sql: string): unknown[][] {
  return db.prepare(sql).values().map((r) => r.map(comparable));
}

/** Runs `sql` on both engines; returns a description of the difference or null. */
function diff(sqlite: DatabaseSync, lite: Database, sql: string): string | null {
  let want: unknown;
  let got: unknown;
  try {
    want = sqliteRows(sqlite, sql);
  } catch (e) {
    want = `error: ${(e as Error).message}`;
  }
  try {
    got = liteRows(lite, sql);
  } catch (e) {
    got = `error: ${(e as Error).message}`;
  }
  try {
    assert.deepStrictEqual(got, want);
    return null;
  } catch {
    if (!Array.isArray(want) || !Array.isArray(got) || want.length !== got.length) {
      return `${sql}\n  sqlite:  ${JSON.stringify(want)}\n  litejit: ${JSON.stringify(got)}`;
    }
    // Only the rows that differ.
    const rows = want.flatMap((w, i) =>
      JSON.stringify(w) === JSON.stringify(got[i])
        ? []
        : [`\n  sqlite:  ${JSON.stringify(w)}\n  litejit: ${JSON.stringify(got[i])}`]
    );
    return sql + rows.join("");
  }
}

/** A database in `enc` with t(id, x, y): x from `texts`, y the next one round. */
function makeDb(path: string, enc: string, texts: readonly string[]): void {
  const db = new DatabaseSync(path);
  db.exec(`PRAGMA encoding='${enc}'`);
  db.exec("CREATE TABLE t(id INTEGER PRIMARY KEY, x TEXT, y TEXT)");
  const insert = db.prepare(
    "INSERT INTO t VALUES (?, CAST(unhex(?) AS TEXT), CAST(unhex(?) AS TEXT))",
  );
  texts.forEach((h, i) => insert.run(i + 1, h, texts[(i + 7) % texts.length]));
  // Texts equal to others in bytes, made differently.
  const more = texts.length;
  db.exec(`INSERT INTO t VALUES (${more + 1}, 'é', x'c3' || x'a9');
    INSERT INTO t VALUES (${more + 2}, CAST(x'e2' AS TEXT) || CAST(x'82ac' AS TEXT), '€');
    INSERT INTO t VALUES (${more + 3}, CAST(x'61ff' AS TEXT), CAST(x'41ff' AS TEXT))`);
  db.exec("CREATE INDEX tx ON t(x); CREATE INDEX tnocase ON t(x COLLATE NOCASE)");
  db.close();
}

function withDatabases(
  texts: readonly string[],
  body: (enc: string, sqlite: DatabaseSync, lite: Database) => void,
): void {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_text_bytes_" });
  try {
    for (const enc of ENCODINGS) {
      const path = `${dir}/${enc}.db`;
      makeDb(path, enc, texts);
      const sqlite = new DatabaseSync(path, { readOnly: true });
      const lite = new Database(path);
      try {
        body(enc, sqlite, lite);
      } finally {
        lite.close();
        sqlite.close();
      }
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

function assertNoDiffs(diffs: string[], total: number): void {
  assert.equal(diffs.length, 0, `${diffs.length} of ${total} differ:\n${diffs.join("\n")}`);
}

Deno.test("text bytes: hand-picked literal expressions match SQLite in every encoding", () => {
  const diffs: string[] = [];
  let total = 0;
  withDatabases(TEXTS, (enc, sqlite, lite) => {
    for (const e of LITERAL_EXPRS) {
      total++;
      const d = diff(sqlite, lite, `SELECT typeof(${e}), hex(${e}), ${e}`);
      if (d) diffs.push(`[${enc}] ${d}`);
    }
  });
  assertNoDiffs(diffs, total);
});

Deno.test("text bytes: functions over stored invalid text match SQLite in every encoding", () => {
  const diffs: string[] = [];
  let total = 0;
  withDatabases(TEXTS, (enc, sqlite, lite) => {
    for (const e of ROW_EXPRS) {
      total++;
      const d = diff(sqlite, lite, `SELECT id, typeof(${e}), hex(${e}), ${e} FROM t ORDER BY id`);
      if (d) diffs.push(`[${enc}] ${d}`);
    }
  });
  assertNoDiffs(diffs, total);
});

Deno.test("text bytes: ORDER BY, DISTINCT, GROUP BY, min/max, indexes match SQLite", () => {
  const diffs: string[] = [];
  let total = 0;
  withDatabases(TEXTS, (enc, sqlite, lite) => {
    for (const q of TABLE_QUERIES) {
      total++;
      const d = diff(sqlite, lite, q);
      if (d) diffs.push(`[${enc}] ${d}`);
    }
  });
  assertNoDiffs(diffs, total);
});

Deno.test("text bytes: parameters with lone surrogates bind as node:sqlite binds them", () => {
  const diffs: string[] = [];
  withDatabases(["41"], (enc, sqlite, lite) => {
    for (const p of ["a\uD800b", "\uDC80", "\uD83D\uDE00\uDE00", "x\uDBFF"]) {
      const sql = "SELECT hex(?1), length(?1), ?1";
      const want = (() => {
        const st = sqlite.prepare(sql);
        (st as unknown as { setReturnArrays(b: boolean): void }).setReturnArrays(true);
        return (st.all(p) as unknown as unknown[][]);
      })();
      const got = lite.prepare(sql).values(p);
      try {
        assert.deepStrictEqual(got, want);
      } catch {
        diffs.push(
          `[${enc}] ${JSON.stringify(p)}: ${JSON.stringify(want)} vs ${JSON.stringify(got)}`,
        );
      }
    }
  });
  assertNoDiffs(diffs, 12);
});

/** Random byte strings, biased towards bytes that make (in)valid UTF-8 and UTF-16. */
const byteString = fc.array(
  fc.oneof(
    fc.constantFrom(0x41, 0x61, 0x20, 0x00, 0x27, 0x25),
    fc.integer({ min: 0x80, max: 0xbf }),
    fc.integer({ min: 0xc0, max: 0xff }),
    fc.constantFrom(0xd8, 0xdc, 0xdf, 0xed, 0xa0, 0xe2, 0x82, 0xac, 0xc3, 0xa9, 0xf0, 0x9f),
  ),
  { maxLength: 7 },
).map((bytes) => bytes.map((b) => b.toString(16).padStart(2, "0")).join(""));

const PROPERTY_EXPRS = [
  "x",
  "length(x)",
  "substr(x, 2, 2)",
  "x || y",
  "instr(x, y)",
  "replace(x, y, '-')",
  "x < y",
  "x = y COLLATE NOCASE",
  "unicode(x)",
  "upper(x)",
  "trim(x, y)",
  "CAST(x AS BLOB)",
];

Deno.test("text bytes: property: random byte strings behave as in SQLite", () => {
  const params = propertyParams(15, "text_bytes");
  fc.assert(
    fc.property(fc.array(byteString, { minLength: 1, maxLength: 8 }), (texts) => {
      const diffs: string[] = [];
      withDatabases(texts, (enc, sqlite, lite) => {
        for (const e of PROPERTY_EXPRS) {
          const sql = `SELECT id, typeof(${e}), hex(${e}), ${e} FROM t ORDER BY id`;
          const d = diff(sqlite, lite, sql);
          if (d) diffs.push(`[${enc}] ${d}`);
        }
        for (const q of TABLE_QUERIES.slice(0, 9)) {
          const d = diff(sqlite, lite, q);
          if (d) diffs.push(`[${enc}] ${d}`);
        }
      });
      assert.equal(diffs.length, 0, `texts ${JSON.stringify(texts)}:\n${diffs.join("\n")}`);
    }),
    params,
  );
});

Deno.test("text bytes: stored text decodes to its characters, short and long, in every encoding", () => {
  // UTF-16 text reads as its code units as they are (lone surrogates, BOM and U+FFFD
  // included); UTF-8 text as the decoder reads it. Short texts take a fast path (up to
  // 64 units), so lengths around it are covered; longer UTF-16 goes to the platform
  // decoder mod.ts installs (node:buffer), or without one is transcoded to UTF-8 on the
  // way, so every UTF-8 length edge, pairs and noncharacters are covered too, both ways.
  const unit = fc.oneof(
    fc.integer({ min: 0x20, max: 0x7e }).map((u) => [u]),
    fc.constantFrom(0, 0x7f, 0x80, 0xe9, 0x7ff, 0x800, 0x65e5, 0xfeff, 0xfffd, 0xfffe, 0xffff)
      .map((u) => [u]),
    fc.constantFrom(0xd800, 0xdbff, 0xdc00, 0xdfff).map((u) => [u]),
    fc.constantFrom([0xd83d, 0xde80], [0xd800, 0xdc00], [0xdbff, 0xdfff]),
  );
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 90 }).map((us) => us.flat()), (units) => {
      const text = String.fromCharCode(...units);
      for (
        const [enc, le] of [[TextEncoding.Utf16le, true], [TextEncoding.Utf16be, false]] as const
      ) {
        const bytes = new Uint8Array(units.length * 2 + 2);
        units.forEach((u, i) => {
          bytes[1 + 2 * i + (le ? 0 : 1)] = u & 0xff;
          bytes[1 + 2 * i + (le ? 1 : 0)] = u >> 8;
        });
        assert.equal(decodeText(bytes, 1, 1 + units.length * 2, enc), text);
        installUtf16Decoder(null);
        try {
          assert.equal(decodeText(bytes, 1, 1 + units.length * 2, enc), text);
        } finally {
          installUtf16Decoder(nodeUtf16Decode);
        }
      }
      const ascii = units.filter((u) => u < 0x80);
      const utf8 = new Uint8Array([0x41, ...ascii, 0x42]);
      assert.equal(
        decodeText(utf8, 1, 1 + ascii.length, TextEncoding.Utf8),
        String.fromCharCode(...ascii),
      );
      const wide = new TextEncoder().encode(
        units.filter((u) => u < 0xd800 || u > 0xdfff).map((u) => String.fromCharCode(u)).join(""),
      );
      assert.equal(
        decodeText(wide, 0, wide.length, TextEncoding.Utf8),
        new TextDecoder("utf-8", { ignoreBOM: true }).decode(wide),
      );
    }),
    propertyParams(300, "text decode"),
  );
});

Deno.test("text bytes: short ASCII texts decode right however their interning slots collide", () => {
  // 1,296 two-character texts and their one-, three- and twelve-character neighbours: more
  // texts than slots, so slots are shared; each decode must still give its own characters.
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const texts: string[] = [];
  for (const a of alphabet) {
    for (const b of alphabet) texts.push(a + b, `${a}${b}`.repeat(6), a, `${b}${a}${b}`);
  }
  for (let pass = 0; pass < 2; pass++) {
    for (const t of texts) {
      const bytes = new TextEncoder().encode(`<${t}>`);
      assert.equal(decodeText(bytes, 1, bytes.length - 1, TextEncoding.Utf8), t);
    }
  }
});

Deno.test("text bytes: search keys encode as encodeText does, and stay so as slabs fill", () => {
  // encodeKey hands out views of shared slabs: every key must have encodeText's bytes in
  // every encoding, edge characters and lengths included (a slab's size and past it), and
  // keep them while later keys fill that slab and the next ones.
  const unit = fc.constantFrom("a", "\u0000", "\u007f", "\u0080", "é", "😀", "\uD83D", "\uDC80");
  const lengths = [0, 1, 63, 64, 65, 4095, 4096, 4097];
  const arb = fc.oneof(
    fc.array(unit, { maxLength: 12 }).map((u) => u.join("")),
    fc.constantFrom(...lengths).map((n) => "k".repeat(n)),
  );
  const kept: [string, TextEncoding, Uint8Array][] = [];
  fc.assert(
    fc.property(
      arb,
      fc.constantFrom(TextEncoding.Utf8, TextEncoding.Utf16le, TextEncoding.Utf16be),
      (s, enc) => {
        const key = encodeKey(s, enc);
        assert.deepEqual(key, encodeText(s, enc), JSON.stringify(s));
        kept.push([s, enc, key]);
      },
    ),
    propertyParams(2000, "search keys"),
  );
  for (const [s, enc, key] of kept) assert.deepEqual(key, encodeText(s, enc), JSON.stringify(s));
});

Deno.test("text bytes: lone surrogates are found, and pairs are not", () => {
  // hasLoneSurrogate decides whether text takes the byte-exact paths (escaped bytes are
  // lone low surrogates); a surrogate pair (an emoji) must not send it there.
  const unit = fc.constantFrom("a", "é", "😀", "\uD83D", "\uDE00", "\uDC80", "\uDCFF", "\uDBFF");
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 8 }).map((u) => u.join("")), (s) => {
      const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
      assert.equal(hasLoneSurrogate(s), lone, JSON.stringify(s));
      if (!lone) assert.deepEqual(encodeUtf8(s), new TextEncoder().encode(s));
    }),
    propertyParams(500, "lone surrogates"),
  );
});

Deno.test("text bytes: ASCII case mapping, native over ASCII and by letter otherwise", () => {
  // lower(), upper(), NOCASE keys and name matching change A-Z / a-z only: never 'É', 'ß',
  // the Kelvin sign or the dotted İ, whose engine mappings differ (or grow the text).
  const unit = fc.constantFrom(
    "a",
    "Z",
    "q",
    "@",
    "[",
    "`",
    "{",
    "\0",
    "É",
    "é",
    "ß",
    "İ",
    "ı",
    "\u212a",
    "😀",
    "\uDC80",
  );
  const byLetter = (s: string, upper: boolean) =>
    [...s].map((c) =>
      (upper ? /[a-z]/ : /[A-Z]/).test(c) ? String.fromCharCode(c.charCodeAt(0) ^ 0x20) : c
    ).join("");
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 10 }).map((u) => u.join("")), (s) => {
      assert.equal(asciiLower(s), byLetter(s, false), JSON.stringify(s));
      assert.equal(asciiUpper(s), byLetter(s, true), JSON.stringify(s));
    }),
    propertyParams(500, "ascii case"),
  );
});
