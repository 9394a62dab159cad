/**
 * "A `get()` of one row by rowid does no work proportional to the table size", shown
 * without timing anything: the pager counts page requests, and a lookup by rowid or by
 * INTEGER PRIMARY KEY in a 100,000-row table must touch no more pages than the b-tree is
 * deep (plus the schema page), while a full scan touches them all. And "compile once,
 * run many": one prepared program answers every key, each run agreeing with node:sqlite.
 * Every backend runs the same checks.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { openDatabaseFile } from "../core/io/open_path.ts";
import { prepareSql } from "../core/api/prepare.ts";
import { planSelect } from "../core/plan/planner.ts";
import type { Execution } from "../core/backend.ts";
import { backendNamed } from "../core/backend_registry.ts";
import "../backends/all.ts";
import { TEST_BACKENDS } from "./support/backends.ts";
import { newReg, type Reg, setInt } from "../core/value/reg.ts";

const ROWS = 100_000;

function buildDb(dir: string): string {
  const path = join(dir, "big.db");
  const db = new DatabaseSync(path);
  db.exec("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, score REAL)");
  db.exec("BEGIN");
  const ins = db.prepare("INSERT INTO t VALUES (?, ?, ?)");
  for (let i = 1; i <= ROWS; i++) ins.run(i, `name-${i}-${"x".repeat(i % 50)}`, i / 7);
  db.exec("COMMIT");
  db.close();
  return path;
}

function rowsOf(exec: Execution): unknown[][] {
  const out: unknown[][] = [];
  while (exec.step()) out.push(exec.row.map((r) => r.v));
  return out;
}

Deno.test("a get by rowid touches O(depth) pages; one program answers every key", () => {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_rowid_" });
  try {
    const path = buildDb(dir);
    const oracle = new DatabaseSync(path, { readOnly: true });
    for (const backendName of TEST_BACKENDS) {
      const file = openDatabaseFile(path);
      try {
        const backend = backendNamed(backendName);
        const totalPages = file.pager.pageCount;
        for (const sql of ["SELECT * FROM t WHERE rowid = ?", "SELECT * FROM t WHERE id = ?"]) {
          const prepared = prepareSql(file, sql);
          if (prepared.bound.kind !== "select") throw new Error("not a select");
          const program = backend.compile(planSelect(prepared.bound, file), file);
          const expected = oracle.prepare(sql);
          const param: Reg[] = [newReg()];
          for (const key of [1, 2, 777, 54321, ROWS, ROWS + 1, -5]) {
            setInt(param[0], key);
            const before = file.pager.pageRequests;
            const rows = rowsOf(program.start(param));
            const touched = file.pager.pageRequests - before;
            const want = expected.all(key).map((r) => Object.values(r));
            assert.deepEqual(rows, want, `${backendName}: ${sql} with ${key}`);
            assert.ok(
              touched <= 6,
              `${backendName}: ${sql} with ${key} asked for ${touched} pages (db has ${totalPages})`,
            );
          }
        }
        // The counter does measure work: a full scan asks for every page of the table.
        const scan = prepareSql(file, "SELECT count(name) FROM t");
        if (scan.bound.kind !== "select") throw new Error("not a select");
        const before = file.pager.pageRequests;
        rowsOf(backend.compile(planSelect(scan.bound, file), file).start([]));
        assert.ok(file.pager.pageRequests - before > totalPages / 2, "a scan reads the table");
      } finally {
        file.close();
      }
    }
    oracle.close();
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
