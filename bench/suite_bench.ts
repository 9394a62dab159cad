/**
 * The query benchmark suite on the 1.5-million-row trips database: one `deno bench` group
 * per query, node:sqlite as the baseline and one entry per litejit backend, all in this
 * process on the same file. Statements are prepared once, outside the timed functions, and
 * every engine's rows are checked equal to node:sqlite's (names, types, values, order)
 * before anything is registered. Prepare time has its own groups.
 *
 *   npx -y deno task bench:data                        # once: writes bench/data/*.db
 *   npx -y deno bench -A bench/suite_bench.ts          # or: npx -y deno task bench
 *   LITEJIT_BENCH_ONLY="rowid" npx -y deno bench -A bench/suite_bench.ts
 *
 * Missing databases are written first (about 10 s). `deno task bench:table` measures the
 * same queries engine by engine in separate processes, with memory, and prints ratios.
 */
import { allEngineNames, BASELINE, type Engine, openEngine, runQuery } from "./engines.ts";
import { ensureTripsDbs } from "./make_trips_db.ts";
import { BENCH_QUERIES } from "./queries.ts";
import { firstDifference } from "./results.ts";

ensureTripsDbs();

const only = Deno.env.get("LITEJIT_BENCH_ONLY") ?? "";
const engines: Engine[] = [];
for (const name of await allEngineNames()) engines.push(await openEngine(name));
const baseline = engines[0];

for (const q of BENCH_QUERIES) {
  if (!q.name.includes(only)) continue;
  const expected = runQuery(baseline.prepare(q.db, q.sql), q, true) as unknown[];
  for (const engine of engines) {
    const st = engine.prepare(q.db, q.sql);
    if (engine !== baseline) {
      const diff = firstDifference(runQuery(st, q, true) as unknown[], expected);
      if (diff) throw new Error(`${q.name}: ${engine.name} differs from ${BASELINE}: ${diff}`);
    }
    const t = performance.now();
    runQuery(st, q, false);
    // Whole-table queries take up to seconds a run: a few runs are enough for them.
    const slow = performance.now() - t > 20 ? { n: 5, warmup: 1 } : {};
    Deno.bench(`${q.name}: ${engine.name}`, {
      group: q.name,
      baseline: engine === baseline,
      ...slow,
    }, () => {
      runQuery(st, q, false);
    });
  }
}

/** Prepare cost of a few shapes (litejit's statement cache is off in these engines). */
for (const name of ["join stations + group by", "group by station, duration > 600"]) {
  const q = BENCH_QUERIES.find((x) => x.name === name)!;
  if (!q.name.includes(only)) continue;
  for (const engine of engines) {
    Deno.bench(`prepare ${q.name}: ${engine.name}`, {
      group: `prepare ${q.name}`,
      baseline: engine === baseline,
    }, () => {
      engine.prepare(q.db, q.sql);
    });
  }
}
