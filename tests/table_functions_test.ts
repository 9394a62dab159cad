/**
 * `pragma_<name>(...)` rows from core/functions/table against node:sqlite's
 * `SELECT *, <hidden columns> FROM pragma_<name>(...)`: argument columns, NULL and missing
 * arguments, schema arguments, text conversion of arguments, and SQLite's errors.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { openDatabaseFile } from "../core/io/open_path.ts";
import { tableFunctionRows } from "../core/functions/table/registry.ts";
import { pragmaColumns, pragmaHiddenColumns } from "../core/pragma/pragma.ts";
import { newReg, type Reg, setBlob, setInt, setNull, setReal, setText } from "../core/value/reg.ts";
import { withTempDir } from "./support/wal_files.ts";

type Arg = null | number | string | Uint8Array | { real: number };

function reg(a: Arg): Reg {
  const r = newReg();
  if (a === null) setNull(r);
  else if (typeof a === "number") setInt(r, a);
  else if (typeof a === "string") setText(r, a);
  else if (a instanceof Uint8Array) setBlob(r, a);
  else setReal(r, a.real);
  return r;
}

function sqlArg(a: Arg): string {
  if (a === null) return "NULL";
  if (typeof a === "number") return String(a);
  if (typeof a === "string") return `'${a.replaceAll("'", "''")}'`;
  if (a instanceof Uint8Array) {
    return `x'${[...a].map((b) => b.toString(16).padStart(2, "0")).join("")}'`;
  }
  return String(a.real);
}

const CASES: [string, Arg[]][] = [
  ["table_info", ["t"]],
  ["table_info", []],
  ["table_info", [null]],
  ["table_info", ["t", "main"]],
  ["table_info", ["t", "temp"]],
  ["table_info", ["t", null]],
  ["table_info", ["t", "nope"]],
  ["table_info", [1]],
  ["table_info", [new Uint8Array([0x74])]],
  ["table_info", [{ real: 1.5 }]],
  ["table_info", ["t", "main", "x"]],
  ["table_info", ["v"]],
  ["table_xinfo", ["t"]],
  ["index_list", ["t"]],
  ["index_info", ["tb"]],
  ["index_xinfo", ["tb", "MAIN"]],
  ["foreign_key_list", ["t"]],
  ["table_list", []],
  ["table_list", ["t"]],
  ["table_list", [null]],
  ["page_count", []],
  ["page_count", ["main"]],
  ["page_size", []],
  ["collation_list", []],
  ["user_version", []],
  ["user_version", [5]],
  ["encoding", []],
  ["freelist_count", []],
];

Deno.test("table-valued pragma functions answer as node:sqlite", () => {
  withTempDir((dir) => {
    const path = `${dir}/tvf.db`;
    const w = new DatabaseSync(path);
    w.exec(
      "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT UNIQUE); CREATE INDEX tb ON t(b, a);" +
        "CREATE VIEW v AS SELECT a + 1 AS n, b FROM t;",
    );
    const file = openDatabaseFile(path);
    try {
      for (const [name, args] of CASES) {
        const hidden = pragmaHiddenColumns(name);
        const width = pragmaColumns(name)!.length;
        const call = `pragma_${name}${args.length ? `(${args.map(sqlArg).join(", ")})` : ""}`;
        const sql = `SELECT ${["*", ...hidden].join(", ")} FROM ${call}`;
        let want: unknown;
        try {
          const st = w.prepare(sql);
          (st as unknown as { setReturnArrays(on: boolean): void }).setReturnArrays(true);
          want = st.all();
        } catch (e) {
          want = (e as Error).message;
        }
        let got: unknown;
        try {
          // The binder lists `arg` then `schema` for every pragma: keep the ones SQLite has.
          const keep = [
            ...Array(width).keys(),
            ...hidden.map((h) => width + ["arg", "schema"].indexOf(h)),
          ];
          got = tableFunctionRows(`pragma_${name}`, args.map(reg), file)
            .map((row) => keep.map((i) => row[i].v));
        } catch (e) {
          got = (e as Error).message;
        }
        assert.deepEqual(got, want, sql);
      }
      // json_each/json_tree are covered by tests/functions_json_test.ts; no JSON, no rows.
      assert.deepEqual(tableFunctionRows("json_each", [], file), []);
    } finally {
      file.close();
      w.close();
    }
  });
});
