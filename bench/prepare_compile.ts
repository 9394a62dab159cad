/**
 * Prepare with everything a first run needs before its first step, per backend: parse,
 * bind, plan, compile (for `wasm` the module's bytes, its compilation — shared by
 * statements that make the same bytes, as `js` shares its functions — and an instance),
 * then a run started and closed without a step. Statements compile when they first run
 * (core/api/compile.ts), so `Database.prepare` alone leaves the module build out; this
 * puts it in. Each bench query is prepared this way many times on `js` and on `wasm` in
 * turn in one process (statement cache off), and the report gives the median of each and
 * wasm ÷ js (issue 32: within 1.5× on every bench query).
 *
 *   npx -y deno run -A bench/prepare_compile.ts [--samples N]
 */
import "../backends/all.ts";
import { backendNamed } from "../core/backend_registry.ts";
import type { Backend } from "../core/backend.ts";
import { compileStatement } from "../core/api/compile.ts";
import type { DatabaseFile } from "../core/database_file.ts";
import { openDatabaseFile } from "../core/io/open_path.ts";
import { ensureTripsDbs } from "./make_trips_db.ts";
import { BENCH_QUERIES } from "./queries.ts";
import { machine } from "./machine.ts";
import { median } from "./stats.ts";

const BACKENDS = ["js", "wasm"] as const;
const samplesAt = Deno.args.indexOf("--samples");
const SAMPLES = samplesAt >= 0 ? Number(Deno.args[samplesAt + 1]) : 400;

/** Prepares `sql` on `file` with `backend` up to a started run, closes it; milliseconds. */
function prepareToStart(file: DatabaseFile, backend: Backend, sql: string): number {
  const t0 = performance.now();
  const compiled = compileStatement(file, sql, backend);
  if (compiled.kind !== "select") throw new Error(`not a SELECT: ${sql}`);
  compiled.program.start([]).close();
  return performance.now() - t0;
}

ensureTripsDbs();
const files = new Map<string, DatabaseFile>();
const fileFor = (backend: Backend, path: string) => {
  const key = `${backend.name} ${path}`;
  let file = files.get(key);
  if (!file) files.set(key, file = openDatabaseFile(path, { pageStorage: backend.pageStorage }));
  return file;
};

const m = machine();
console.log(`${m.date}, ${m.cpu}, ${m.cores} cores (${m.os}); Deno ${m.deno}; load ${m.load}`);
console.log(`median of ${SAMPLES} prepares to a started run, after ${SAMPLES / 4} untimed\n`);
console.log("| query | js | wasm | wasm ÷ js |");
console.log("| --- | ---: | ---: | ---: |");
let worst = 0, logSum = 0;
for (const q of BENCH_QUERIES) {
  const times: Record<string, number[]> = { js: [], wasm: [] };
  for (let i = 0; i < SAMPLES * 1.25; i++) {
    for (const name of BACKENDS) {
      const backend = backendNamed(name);
      const ms = prepareToStart(fileFor(backend, q.db), backend, q.sql);
      if (i >= SAMPLES / 4) times[name].push(ms);
    }
  }
  const js = median(times.js), wasm = median(times.wasm);
  worst = Math.max(worst, wasm / js);
  logSum += Math.log(wasm / js);
  const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
  console.log(`| ${q.name} | ${us(js)} | ${us(wasm)} | ${(wasm / js).toFixed(2)}× |`);
}
const geo = Math.exp(logSum / BENCH_QUERIES.length);
console.log(`\nwasm ÷ js: geometric mean ${geo.toFixed(2)}×, worst ${worst.toFixed(2)}×`);
