/**
 * Measures one engine on the benchmark queries. Alone, it prints the numbers as JSON (one
 * line, prefixed `RESULT `):
 *
 *   npx -y deno run -A --v8-flags=--expose-gc bench/measure.ts "litejit interpreter"
 *   options: --only <text in query name>  --budget-ms 2000  --min-runs 5  --max-runs 40
 *
 * With `--serve` it waits for requests on stdin, one JSON line each (see {@link Request}),
 * and answers each with one JSON line: `table.ts` keeps one such process per engine and
 * asks them for samples in turn, so the engines are timed seconds apart yet each in a
 * process (heap, JIT state, peak RSS) of its own.
 *
 * Per query: prepare time (median over many prepares), then one untimed run whose rows are
 * digested (the table compares digests across engines), untimed warm-up runs for a second,
 * then timed samples; a time is the median of the samples. Fast queries are timed in
 * batches of k calls (k picked so one sample lasts about 20 ms).
 */
import { BASELINE, type BenchStatement, type Engine, openEngine, runQuery } from "./engines.ts";
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
  /** Median over rounds of the ratio to the baseline measured in the same round (table.ts). */
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

/** The value after `name` on the command line, or null when it is not given. */
export function option(name: string): string | null {
  const i = Deno.args.indexOf(name);
  return i >= 0 && i + 1 < Deno.args.length ? Deno.args[i + 1] : null;
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

/**
 * Median prepare time in µs. With `collect` (node:sqlite), a garbage collection (untimed)
 * every 50 prepares: its statements are finalized only when collected, and its prepare
 * takes 4-5 times longer with thousands left open (bench/prepare_statements.ts).
 */
function measurePrepare(prepare: () => void, budgetMs: number, collect: boolean): number {
  const times: number[] = [];
  const until = performance.now() + budgetMs;
  while (times.length < 20 || (performance.now() < until && times.length < 2000)) {
    if (collect && times.length % 50 === 0) gc();
    const t = performance.now();
    prepare();
    times.push(performance.now() - t);
  }
  return median(times.sort((a, b) => a - b)) * 1000;
}

/** How long each query runs untimed before its samples. */
const WARM_UP_MS = 1000;
/**
 * The shortest sample: runs are batched up to it, so a sample of a fast query takes in the
 * GC pauses its runs cause (one run in five or six of the long-text queries) instead of
 * the median dodging them or landing on them.
 */
const SAMPLE_MS = 20;

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
  const prepareUs = measurePrepare(
    () => engine.prepare(q.db, q.sql),
    300,
    engine.name === BASELINE,
  );
  const st = engine.prepare(q.db, q.sql);
  const rows = runQuery(st, q, true) as unknown[];
  const digest = digestRows(rows);
  // Untimed runs for a second (at least one): V8 takes tens of runs to settle its tiers and
  // its heap on some queries, with GC pauses of tens of ms in between, on both engines.
  const warmUntil = performance.now() + WARM_UP_MS;
  const warm: number[] = [];
  do {
    const t = performance.now();
    runQuery(st, q, false);
    warm.push(performance.now() - t);
  } while (performance.now() < warmUntil);
  const typicalMs = median(warm.slice(-5).sort((a, b) => a - b));
  const callsPerSample = Math.max(
    1,
    Math.min(1000, Math.ceil(SAMPLE_MS / Math.max(typicalMs, 1e-3))),
  );
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

/** What a `--serve` process is asked: each answered with one JSON line. */
export type Request =
  /** Prepare the query with this name; answer `{ ok: true }`. */
  | { op: "prepare"; query: string }
  /** Time one sample of the prepared query; answer `{ ms }`. */
  | { op: "sample" }
  /** Answer the prepared query's {@link QueryMeasurement} and forget it. */
  | { op: "finish" }
  /** Answer `{ startRssMb, peakRssMb, rssSource }` and exit. */
  | { op: "exit" };

/**
 * A measuring process: `deno run -A --v8-flags=--expose-gc <script> <args>`, asked one JSON
 * line at a time on its stdin and answering one JSON line on its stdout. `table.ts` runs
 * this file's `--serve`, `generated.ts` runs `generated_measure.ts`.
 */
export class MeasuringProcess {
  #child!: Deno.ChildProcess;
  #writer!: WritableStreamDefaultWriter<Uint8Array>;
  #lines!: AsyncGenerator<string>;

  constructor(readonly engine: string, readonly script: string, readonly args: string[]) {
    this.#spawn();
  }

  #spawn(): void {
    this.#child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--v8-flags=--expose-gc", this.script, ...this.args],
      stdin: "piped",
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    this.#writer = this.#child.stdin.getWriter();
    this.#lines = lines(this.#child.stdout);
  }

  /**
   * Sends `req` and returns the answer. Past `timeoutMs` (when given) the process is killed
   * and started again, and the call throws.
   */
  async ask<T>(req: unknown, timeoutMs?: number): Promise<T> {
    await this.#writer.write(new TextEncoder().encode(JSON.stringify(req) + "\n"));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<"late">((resolve) => {
      if (timeoutMs !== undefined) timer = setTimeout(() => resolve("late"), timeoutMs);
    });
    const next = await Promise.race([this.#lines.next(), late]);
    clearTimeout(timer);
    if (next === "late") {
      this.#child.kill("SIGKILL");
      await this.#child.status;
      this.#spawn();
      throw new Error(`${this.engine}: no answer in ${(timeoutMs! / 1000).toFixed(1)} s`);
    }
    if (next.done) throw new Error(`${this.engine}: the measuring process ended`);
    return JSON.parse(next.value) as T;
  }

  /** Asks the process to exit (its last answer is returned) and waits for it. */
  async exit<T>(): Promise<T> {
    const end = await this.ask<T>({ op: "exit" });
    await this.#writer.close();
    await this.#child.status;
    return end;
  }
}

/** Lines of text read from `stream`. */
export async function* lines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  let held = "";
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    held += chunk;
    let nl: number;
    while ((nl = held.indexOf("\n")) >= 0) {
      yield held.slice(0, nl);
      held = held.slice(nl + 1);
    }
  }
}

/** Answers {@link Request}s on stdin for `engineName` until told to exit. */
async function serve(engineName: string): Promise<void> {
  const memory = new MemoryProbe();
  const startRssMb = memory.currentMb();
  const engine = await openEngine(engineName);
  let current: { q: BenchQuery; p: Prepared } | null = null;
  const answer = (x: unknown) => console.log(JSON.stringify(x));
  for await (const line of lines(Deno.stdin.readable)) {
    const req = JSON.parse(line) as Request;
    if (req.op === "prepare") {
      const q = BENCH_QUERIES.find((x) => x.name === req.query);
      if (!q) throw new Error(`no benchmark query named "${req.query}"`);
      gc();
      memory.resetPeak();
      current = { q, p: prepareQuery(engine, q) };
      answer({ ok: true });
    } else if (req.op === "sample") {
      const ms = sample(current!.p, current!.q);
      current!.p.samples.push(ms);
      memory.sample();
      answer({ ms });
    } else if (req.op === "finish") {
      answer(result(current!.q, current!.p, memory.peakMb()));
      current = null;
    } else {
      engine.close();
      answer({ startRssMb, peakRssMb: memory.overallPeakMb(), rssSource: memory.source });
      return;
    }
  }
}

if (import.meta.main) {
  const engineName = Deno.args[0];
  if (!engineName || engineName.startsWith("--")) {
    throw new Error('usage: measure.ts "<engine>" [--serve | --only text --budget-ms n …]');
  }
  if (Deno.args.includes("--serve")) await serve(engineName);
  else {
    const result = await measureEngine(engineName, {
      only: option("--only") ?? "",
      budgetMs: Number(option("--budget-ms") ?? "2000"),
      minRuns: Number(option("--min-runs") ?? "5"),
      maxRuns: Number(option("--max-runs") ?? "40"),
    });
    console.log("RESULT " + JSON.stringify(result));
  }
}
