/**
 * Measures one engine on every benchmark query and prints the numbers as JSON (one line,
 * prefixed `RESULT `). `table.ts` runs it once per engine, each in its own process, so the
 * peak RSS it reports belongs to that engine alone.
 *
 *   npx -y deno run -A --v8-flags=--expose-gc bench/measure.ts "litejit interpreter"
 *   options: --only <text in query name>  --budget-ms 2000  --min-runs 5  --max-runs 40
 *
 * Per query: prepare time (median over many prepares), then one untimed run whose rows are
 * digested (the table compares digests across engines), then timed runs until both the
 * minimum count and the time budget are reached; the median is the result. Fast queries
 * are timed in batches of k calls (k picked so one sample lasts at least 5 ms).
 */
import { openEngine, runQuery } from "./engines.ts";
import { BENCH_QUERIES } from "./queries.ts";
import { digestRows } from "./results.ts";
import { MemoryProbe } from "./memory.ts";

/** What `measure.ts` reports for one query. */
export interface QueryMeasurement {
  name: string;
  rows: number;
  digest: string;
  prepareUs: number;
  runMs: number;
  p25Ms: number;
  p75Ms: number;
  samples: number;
  callsPerSample: number;
  peakRssMb: number;
}

/** What `measure.ts` reports for one engine. */
export interface EngineMeasurement {
  engine: string;
  startRssMb: number;
  peakRssMb: number;
  rssSource: string;
  queries: QueryMeasurement[];
}

function median(sorted: readonly number[], q = 0.5): number {
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i), hi = Math.ceil(i);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (i - lo);
}

function option(name: string, fallback: string): string {
  const i = Deno.args.indexOf(name);
  return i >= 0 && i + 1 < Deno.args.length ? Deno.args[i + 1] : fallback;
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

function measurePrepare(prepare: () => void, budgetMs: number): number {
  const times: number[] = [];
  const until = performance.now() + budgetMs;
  while (times.length < 20 || (performance.now() < until && times.length < 2000)) {
    const t = performance.now();
    prepare();
    times.push(performance.now() - t);
  }
  return median(times.sort((a, b) => a - b)) * 1000;
}

/** Measures `engineName` on the queries whose names contain `only`. */
export async function measureEngine(
  engineName: string,
  opts: { only: string; budgetMs: number; minRuns: number; maxRuns: number },
): Promise<EngineMeasurement> {
  const memory = new MemoryProbe();
  const startRssMb = memory.currentMb();
  const engine = await openEngine(engineName);
  const queries: QueryMeasurement[] = [];
  for (const q of BENCH_QUERIES) {
    if (!q.name.includes(opts.only)) continue;
    gc();
    memory.resetPeak();
    engine.prepare(q.db, q.sql); // opens the file; the first prepare warms the parser up
    const prepareUs = measurePrepare(() => engine.prepare(q.db, q.sql), 300);
    const st = engine.prepare(q.db, q.sql);
    const rows = runQuery(st, q, true) as unknown[];
    const digest = digestRows(rows);
    const second = performance.now(); // the first run warmed caches and the JIT up
    runQuery(st, q, false);
    const secondMs = performance.now() - second;
    const callsPerSample = Math.max(1, Math.min(1000, Math.ceil(5 / Math.max(secondMs, 1e-3))));
    const samples: number[] = [];
    const until = performance.now() + opts.budgetMs;
    while (
      samples.length < opts.maxRuns && (samples.length < opts.minRuns || performance.now() < until)
    ) {
      const t = performance.now();
      for (let k = 0; k < callsPerSample; k++) runQuery(st, q, false);
      samples.push((performance.now() - t) / callsPerSample);
      memory.sample();
    }
    samples.sort((a, b) => a - b);
    queries.push({
      name: q.name,
      rows: rows.length,
      digest,
      prepareUs,
      runMs: median(samples),
      p25Ms: median(samples, 0.25),
      p75Ms: median(samples, 0.75),
      samples: samples.length,
      callsPerSample,
      peakRssMb: memory.peakMb(),
    });
  }
  engine.close();
  return {
    engine: engineName,
    startRssMb,
    peakRssMb: memory.overallPeakMb(),
    rssSource: memory.source,
    queries,
  };
}

if (import.meta.main) {
  const engineName = Deno.args[0];
  if (!engineName || engineName.startsWith("--")) {
    throw new Error('usage: measure.ts "<engine>" [--only text] [--budget-ms n] [--min-runs n]');
  }
  const result = await measureEngine(engineName, {
    only: option("--only", ""),
    budgetMs: Number(option("--budget-ms", "2000")),
    minRuns: Number(option("--min-runs", "5")),
    maxRuns: Number(option("--max-runs", "40")),
  });
  console.log("RESULT " + JSON.stringify(result));
}
