/**
 * Compares the better-sqlite3 drop-in with the real better-sqlite3 (v12, under Node) case
 * by case (scripts/compare_better_sqlite3/cases.mjs). Optional: the tests do not need it.
 *
 *   npm install --prefix /tmp/bs3 better-sqlite3@12
 *   deno run -A scripts/compare_better_sqlite3.ts /tmp/bs3 [backend]
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import Database from "../better_sqlite3.ts";
import { buildComparisonDb } from "./compare_better_sqlite3/fixture.ts";
// @ts-types="./compare_better_sqlite3/cases.d.mts"
import { cases, normalize } from "./compare_better_sqlite3/cases.mjs";

const [dir, backend] = Deno.args;
if (!dir) {
  throw new Error(
    "usage: compare_better_sqlite3.ts <dir holding node_modules/better-sqlite3> [backend]",
  );
}
const path = buildComparisonDb();
const nodeSide = new URL("./compare_better_sqlite3/node_side.mjs", import.meta.url).pathname;
const real = JSON.parse(execFileSync("node", [nodeSide, path, dir], { encoding: "utf8" }));
const Dropin = backend
  ? class extends Database {
    constructor(f: string, o: Record<string, unknown> = {}) {
      super(f, { ...o, backend } as never);
    }
  }
  : Database;
let failed = 0;
for (const [name, f] of Object.entries(cases)) {
  const ours = normalize(f(Dropin, path));
  try {
    assert.deepEqual(ours, real[name]);
    console.log(`same  ${name}`);
  } catch (e) {
    failed++;
    console.log(`DIFF  ${name}\n${(e as Error).message}`);
  }
}
console.log(failed ? `${failed} case(s) differ` : "every case matches better-sqlite3");
Deno.exit(failed ? 1 : 0);
