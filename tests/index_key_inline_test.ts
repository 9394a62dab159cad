/**
 * The index range test of generated code (backends/bytecode/vm_objects.ts
 * `VCursor.compareInline`, given an entry's first field where the generated code located
 * it) against the shared comparison (`compareEntry`, the record reader and the index's
 * comparator, which the interpreter runs): the same order for every entry of ascending,
 * descending, NOCASE and two-column indexes over values of every serial type (integers of
 * each width and their 64-bit edges, -0.0, reals, texts with non-ASCII and NUL bytes,
 * blobs, NULL), against keys of every class, in UTF-8 and UTF-16 files.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { Database } from "../mod.ts";
import { databaseFileOf } from "../core/api/database.ts";
import { openCursor } from "../backends/bytecode/vm_objects.ts";
import { keyOrder } from "../core/format/index_key.ts";
import type { Reg } from "../core/value/reg.ts";
import { type SqlValue, StorageClass } from "../core/value/types.ts";

const VALUES = [
  "NULL",
  "0",
  "1",
  "-1",
  "127",
  "-128",
  "32767",
  "-32769",
  "8388607",
  "-8388609",
  "2147483647",
  "-2147483648",
  "2147483648",
  "9007199254740993",
  "-9223372036854775808",
  "9223372036854775807",
  "0.5",
  "-0.0",
  "1e300",
  "''",
  "'a'",
  "'A'",
  "'ab'",
  "'abc'",
  "'b'",
  "'é'",
  "'€'",
  "'😀'",
  "'\uffff'",
  "'a' || char(0) || 'b'",
  "'2013-09-26'",
  "'2013-09-26 10:00:00'",
  "x''",
  "x'00'",
  "x'61'",
];

/** Keys of every class, the values themselves among them. */
const KEYS: SqlValue[] = [
  null,
  0,
  1,
  -1,
  0.5,
  -0.25,
  127,
  2147483647,
  2147483648,
  2 ** 53,
  -(2 ** 31),
  9007199254740993n,
  "",
  "a",
  "A",
  "aa",
  "ab",
  "abc",
  "b",
  "é",
  "😀",
  "\uffff",
  "a\0b",
  "2013-09-26",
  "2013-09-27",
  new Uint8Array(0),
  new Uint8Array([0x61]),
];

function classOf(v: SqlValue): StorageClass {
  if (v === null) return StorageClass.Null;
  if (typeof v === "string") return StorageClass.Text;
  if (v instanceof Uint8Array) return StorageClass.Blob;
  return typeof v === "bigint" || Number.isInteger(v) ? StorageClass.Integer : StorageClass.Real;
}

for (const encoding of ["UTF-8", "UTF-16le"]) {
  Deno.test(`index range test on the entry's first field: compareEntry's order (${encoding})`, () => {
    const dir = Deno.makeTempDirSync();
    const path = `${dir}/index_key.db`;
    const w = new DatabaseSync(path);
    w.exec(`PRAGMA encoding = '${encoding}';
      CREATE TABLE t(x, y);
      CREATE INDEX t_asc ON t(x);
      CREATE INDEX t_desc ON t(x DESC);
      CREATE INDEX t_nocase ON t(x COLLATE NOCASE);
      CREATE INDEX t_two ON t(x, y DESC);
      ${
      VALUES.map((v, i) => `INSERT INTO t VALUES (${v}, ${i % 5 ? `'y${i % 3}'` : i});`).join("\n")
    }`);
    w.close();
    const db = new Database(path, { backend: "interpreter" });
    try {
      const file = databaseFileOf(db);
      const table = file.schema.tables.get("t")!;
      let compared = 0, inline = 0;
      for (const name of ["t_asc", "t_desc", "t_nocase", "t_two"]) {
        const index = file.schema.indexes.get(name)!;
        const entry = {
          explain: name,
          root: index.rootPage,
          table,
          index,
          order: keyOrder(index.recordColumns, file.encoding),
        };
        const cursor = openCursor(file, entry, []);
        for (const n of name === "t_two" ? [1, 2] : [1]) {
          for (const key of KEYS) {
            const regs: Reg[] = [key, "y1"].map((v) => ({ v, c: classOf(v) }));
            for (let ok = cursor.bt.first(); ok; ok = cursor.bt.next()) {
              const expected = Math.sign(cursor.compareEntry(regs, 0, n)) || 0;
              const rec = cursor.bt.record();
              const t = rec.locate(0);
              if (t <= 0) continue;
              // (-0 orders as 0: callers test the order with <, <=, >= and >.)
              const got =
                Math.sign(cursor.compareInline(regs, 0, n, rec.rawBuf, rec.rawStart, t)) || 0;
              assert.equal(got, expected, `${name} ${n} ${String(key)} ${t}`);
              compared++;
              if (t >= 13 || t < 5 || t === 8 || t === 9) inline++;
            }
          }
        }
        cursor.bt.close();
      }
      assert.ok(compared > 3000 && inline > 2000, `${compared} ${inline}`);
    } finally {
      db.close();
      Deno.removeSync(dir, { recursive: true });
    }
  });
}
