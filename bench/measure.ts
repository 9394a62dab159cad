/**
 * Measures the engines on every benchmark query and prints the numbers as JSON (one line,
 * prefixed `RESULT `). `table.ts` runs it in two ways:
 *
 *   npx -y deno run -A --v8-flags=--expose-gc bench/measure.ts "litejit js" "node:sqlite"
 *   npx -y deno run -A --v8-flags=--expose-gc bench/measure.ts "litejit interpreter"
 *   options: --only <text in query name>  --budget-ms 2000  --min-runs 5  --max-runs 40
 *
 * With several engines, they are timed in this one process taking turns sample by sample:
 * a slow spell of a shared machine then hits every engine alike, and each query also gets
 * the median of the turn-by-turn ratios against the first engine. (No GC is forced between
 * samples: a forced full GC made litejit's next runs several times slower — the row shapes
 * its optimised code relies on die with the rows — which no application sees that often.)
 * With one engine, the process is that engine's alone and its peak RSS is the engine's.
 *
 * Per query and engine: prepare time (median over many prepares), then one untimed run
 * whose rows are digested (the table compares digests across engines), then timed runs
 * until both the minimum count and the time budget are reached; the median is the result.
 * Fast queries are timed in batches of k calls (k picked so one sample lasts at least 5 ms).
 */
import { type BenchStatement, type Engine, openEngine, runQuery } from "./engines.ts";
import { BENCH_QUERIES, type BenchQuery } from "./queries.ts";
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
  /** Median of the turn-by-turn ratios to the first engine (interleaved runs only). */
  ratioToBase?: number;
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

/** Options of a measurement. */
export interface MeasureOptions {
  only: string;
  budgetMs: number;
  minRuns: number;
  maxRuns: number;
}

/** A query prepared on one engine, its rows digested, ready for timed runs. */
interface Prepared {
  st: BenchStatement;
  rows: number;
  digest: string;
  prepareUs: number;
  callsPerSample: number;
  samples: number[];
}

function prepareQuery(engine: Engine, q: BenchQuery): Prepared {
  engine.prepare(q.db, q.sql); // opens the file; the first prepare warms the parser up
  const prepareUs = measurePrepare(() => engine.prepare(q.db, q.sql), 300);
  const st = engine.prepare(q.db, q.sql);
  const rows = runQuery(st, q, true) as unknown[];
  const digest = digestRows(rows);
  const second = performance.now(); // the first run warmed caches and the JIT up
  runQuery(st, q, false);
  const secondMs = performance.now() - second;
  const callsPerSample = Math.max(1, Math.min(1000, Math.ceil(5 / Math.max(secondMs, 1e-3))));
  return { st, rows: rows.length, digest, prepareUs, callsPerSample, samples: [] };
}

/** One timed sample: the mean time of `callsPerSample` runs. */
function sample(p: Prepared, q: BenchQuery): number {
  const t = performance.now();
  for (let k = 0; k < p.callsPerSample; k++) runQuery(p.st, q, false);
  return (performance.now() - t) / p.callsPerSample;
}

function enough(n: number, until: number, opts: MeasureOptions): boolean {
  return n >= opts.maxRuns || (n >= opts.minRuns && performance.now() >= until);
}

function result(q: BenchQuery, p: Prepared, peakRssMb: number): QueryMeasurement {
  const sorted = [...p.samples].sort((a, b) => a - b);
  return {
    name: q.name,
    rows: p.rows,
    digest: p.digest,
    prepareUs: p.prepareUs,
    runMs: median(sorted),
    p25Ms: median(sorted, 0.25),
    p75Ms: median(sorted, 0.75),
    samples: sorted.length,
    callsPerSample: p.callsPerSample,
    peakRssMb,
  };
}

/** Measures `engineName` alone on the queries whose names contain `only`. */
export async function measureEngine(
  engineName: string,
  opts: MeasureOptions,
): Promise<EngineMeasurement> {
  const memory = new MemoryProbe();
  const startRssMb = memory.currentMb();
  const engine = await openEngine(engineName);
  const queries: QueryMeasurement[] = [];
  for (const q of BENCH_QUERIES) {
    if (!q.name.includes(opts.only)) continue;
    gc();
    memory.resetPeak();
    const p = prepareQuery(engine, q);
    const until = performance.now() + opts.budgetMs;
    while (!enough(p.samples.length, until, opts)) {
      p.samples.push(sample(p, q));
      memory.sample();
    }
    queries.push(result(q, p, memory.peakMb()));
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

/**
 * Times `engineNames` in this process, taking turns sample by sample (the order rotating
 * each turn); RSS figures are left at 0 (a shared process says nothing of one engine's).
 */
export async function measureInterleaved(
  engineNames: readonly string[],
  opts: MeasureOptions,
): Promise<EngineMeasurement[]> {
  const engines = [];
  for (const name of engineNames) engines.push(await openEngine(name));
  const out: EngineMeasurement[] = engineNames.map((engine) => ({
    engine,
    startRssMb: 0,
    peakRssMb: 0,
    rssSource: "interleaved",
    queries: [],
  }));
  for (const q of BENCH_QUERIES) {
    if (!q.name.includes(opts.only)) continue;
    const prepared = engines.map((e) => prepareQuery(e, q));
    const until = performance.now() + opts.budgetMs * engines.length;
    const ratios: number[][] = engines.map(() => []);
    for (let turn = 0; !enough(prepared[0].samples.length, until, opts); turn++) {
      const times: number[] = [];
      for (let k = 0; k < engines.length; k++) {
        const e = (turn + k) % engines.length;
        times[e] = sample(prepared[e], q);
      }
      times.forEach((t, e) => {
        prepared[e].samples.push(t);
        ratios[e].push(t / times[0]);
      });
    }
    prepared.forEach((p, e) => {
      const m = result(q, p, 0);
      m.ratioToBase = median(ratios[e].sort((a, b) => a - b));
      out[e].queries.push(m);
    });
  }
  for (const e of engines) e.close();
  return out;
}

if (import.meta.main) {
  const firstOption = Deno.args.findIndex((a) => a.startsWith("--"));
  const names = firstOption < 0 ? Deno.args : Deno.args.slice(0, firstOption);
  if (names.length === 0) {
    throw new Error(
      'usage: measure.ts "<engine>" ["<engine>" …] [--only text] [--budget-ms n] [--min-runs n]',
    );
  }
  const opts: MeasureOptions = {
    only: option("--only", ""),
    budgetMs: Number(option("--budget-ms", "2000")),
    minRuns: Number(option("--min-runs", "5")),
    maxRuns: Number(option("--max-runs", "40")),
  };
  const result = names.length === 1
    ? await measureEngine(names[0], opts)
    : await measureInterleaved(names, opts);
  console.log("RESULT " + JSON.stringify(result));
}
