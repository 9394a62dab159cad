/**
 * coalesce(), ifnull() and iif() evaluate only the arguments they need, as SQLite's inline
 * versions do: an argument that would fail is harmless when an earlier one decides. Results
 * and errors compared with node:sqlite, for every backend.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { Database } from "../mod.ts";
import { TEST_BACKENDS } from "./support/backends.ts";

const FAILS = "like('a', 'b', 'xx')"; // "ESCAPE expression must be a single character"

const QUERIES = [
  `SELECT coalesce(1, ${FAILS})`,
  `SELECT coalesce(NULL, 2, ${FAILS})`,
  `SELECT coalesce(NULL, NULL, ${FAILS})`,
  `SELECT coalesce(NULL, NULL)`,
  `SELECT typeof(coalesce(NULL, 1.0, 2))`,
  `SELECT ifnull(1, ${FAILS})`,
  `SELECT ifnull(NULL, ${FAILS})`,
  `SELECT ifnull(NULL, 'x')`,
  `SELECT ifnull(1, zeroblob(1e18))`,
  `SELECT iif(1, 'a', ${FAILS})`,
  `SELECT iif(0, ${FAILS}, 'b')`,
  `SELECT iif(NULL, 1, 2)`,
  `SELECT iif('0.5', 1, 2)`,
  `SELECT iif(0, 1, 0, 2, 3)`,
  `SELECT iif(0, 1, 1, 2, 3)`,
  `SELECT iif(0, 1, 0, 2)`,
  `SELECT iif(0, 1)`,
  `SELECT if(1, 2)`,
  `SELECT iif(1, ${FAILS})`,
  `SELECT x, coalesce(x, ${FAILS}) FROM (SELECT 1 AS x UNION ALL SELECT 2)`,
  `SELECT x, coalesce(x, ${FAILS}) FROM (SELECT 1 AS x UNION ALL SELECT NULL)`,
];

function run(f: () => unknown[][]): string {
  try {
    return JSON.stringify(f());
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}

Deno.test("coalesce, ifnull and iif evaluate only what they need", () => {
  const oracle = new DatabaseSync(":memory:");
  for (const backend of TEST_BACKENDS) {
    const db = new Database(new Uint8Array(0), { backend });
    for (const sql of QUERIES) {
      const want = run(() => oracle.prepare(sql).all().map((r) => Object.values(r)));
      const got = run(() => db.prepare(sql).values());
      assert.equal(got, want, `${backend}: ${sql}`);
    }
    db.close();
  }
  oracle.close();
});
