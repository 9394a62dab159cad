/**
 * The whole comparison as one table of ratios (litejit ÷ node:sqlite), written into the
 * README's benchmark section with the machine it ran on.
 *
 *   npx -y deno task bench:table             # measure, print, update README.md
 *   options: --no-readme  --rounds <n>  --only <text>  --budget-ms <n>  --min-runs <n>
 *
 * Each engine runs in a process of its own (`measure.ts --serve`: its own heap, JIT state
 * and peak RSS), and the processes are asked for timed samples in turn, so a slow spell
 * of the shared machine (they last seconds and slow every engine alike) lands on all of
 * them instead of on whichever was being measured. A ratio is the median of the
 * turn-by-turn ratios; with `--rounds n` (fresh processes each round) every number is the
 * median of the rounds'. Results must be equal — the digest of every query's rows, taken
 * before timing, is compared with node:sqlite's — or nothing is written.
 */
import { loadAverage, machine } from "./machine.ts";
import { allEngineNames, BASELINE } from "./engines.ts";
import { ensureTripsDbs } from "./make_trips_db.ts";
import {
  type EngineMeasurement,
  MeasuringProcess,
  option,
  type QueryMeasurement,
  type Request,
} from "./measure.ts";
import { BENCH_QUERIES } from "./queries.ts";
import { formatMarkdown, formatReport } from "./table_format.ts";
import { median } from "./stats.ts";

const README = new URL("../README.md", import.meta.url).pathname;
const MEASURE = new URL("./measure.ts", import.meta.url).pathname;
const RAW = new URL("./data/last_table.json", import.meta.url).pathname;
/** Markers of the generated part, inside the README's bench section. */
const START = "<!-- bench-table:start -->", END = "<!-- bench-table:end -->";

/** A `measure.ts --serve` process and the requests it answers. */
class EngineProcess extends MeasuringProcess {
  constructor(engine: string) {
    super(engine, MEASURE, [engine, "--serve"]);
  }

  override ask<T>(req: Request): Promise<T> {
    return super.ask<T>(req);
  }
}

/**
 * One round: fresh processes, then for each query samples taken from the engines in turn
 * (the order rotating) until each has `minRuns` and the time budget is spent.
 */
async function measureRound(
  engines: readonly string[],
  queries: readonly string[],
  opts: { budgetMs: number; minRuns: number; maxRuns: number },
  round: number,
): Promise<EngineMeasurement[]> {
  const procs = engines.map((e) => new EngineProcess(e));
  const results: QueryMeasurement[][] = engines.map(() => []);
  for (const name of queries) {
    console.error(`round ${round + 1}: ${name} …`);
    for (const p of procs) await p.ask({ op: "prepare", query: name });
    const ratios: number[][] = engines.map(() => []);
    const until = performance.now() + opts.budgetMs * engines.length;
    for (let turn = 0; turn < opts.maxRuns; turn++) {
      if (turn >= opts.minRuns && performance.now() >= until) break;
      const ms: number[] = [];
      for (let k = 0; k < procs.length; k++) {
        const e = (turn + k) % procs.length;
        ms[e] = (await procs[e].ask<{ ms: number }>({ op: "sample" })).ms;
      }
      ms.forEach((t, e) => ratios[e].push(t / ms[0]));
    }
    for (const [e, p] of procs.entries()) {
      const q = await p.ask<QueryMeasurement>({ op: "finish" });
      q.ratioToBase = median(ratios[e]);
      results[e].push(q);
    }
  }
  const out: EngineMeasurement[] = [];
  for (const [e, p] of procs.entries()) {
    const end = await p.exit<Pick<EngineMeasurement, "startRssMb" | "peakRssMb" | "rssSource">>();
    out.push({ engine: engines[e], ...end, queries: results[e] });
  }
  return out;
}

/** Median of the rounds' numbers for each query; RSS: the largest of the rounds. */
function combineRounds(rounds: EngineMeasurement[]): EngineMeasurement {
  const mid = median;
  const first = rounds[0];
  return {
    ...first,
    startRssMb: Math.max(...rounds.map((r) => r.startRssMb)),
    peakRssMb: Math.max(...rounds.map((r) => r.peakRssMb)),
    queries: first.queries.map((q, i) => ({
      ...q,
      prepareUs: mid(rounds.map((r) => r.queries[i].prepareUs)),
      runMs: mid(rounds.map((r) => r.queries[i].runMs)),
      p25Ms: mid(rounds.map((r) => r.queries[i].p25Ms)),
      p75Ms: mid(rounds.map((r) => r.queries[i].p75Ms)),
      ratioToBase: mid(rounds.map((r) => r.queries[i].ratioToBase ?? NaN)),
      samples: rounds.reduce((n, r) => n + r.queries[i].samples, 0),
      peakRssMb: Math.max(...rounds.map((r) => r.queries[i].peakRssMb)),
    })),
  };
}

/** Throws when any engine's rows differ from node:sqlite's. */
function checkEqual(results: EngineMeasurement[]): void {
  const base = results.find((r) => r.engine === BASELINE)!;
  const bad: string[] = [];
  for (const r of results) {
    r.queries.forEach((q, i) => {
      const b = base.queries[i];
      if (q.digest !== b.digest || q.rows !== b.rows) {
        bad.push(`${q.name}: ${r.engine} returned ${q.rows} rows ≠ node:sqlite's ${b.rows}`);
      }
    });
  }
  if (bad.length) throw new Error("results differ, nothing written:\n" + bad.join("\n"));
}

function replaceRegion(text: string, body: string): string {
  const a = text.indexOf(START), b = text.indexOf(END);
  if (a < 0 || b < a) throw new Error(`README.md has no ${START} … ${END} region`);
  return text.slice(0, a + START.length) + "\n\n" + body + "\n\n" + text.slice(b);
}

async function main(): Promise<void> {
  ensureTripsDbs();
  const rounds = Number(option("--rounds") ?? "1");
  const opts = {
    budgetMs: Number(option("--budget-ms") ?? "2000"),
    minRuns: Number(option("--min-runs") ?? "5"),
    maxRuns: Number(option("--max-runs") ?? "40"),
  };
  const engines = await allEngineNames();
  const only = option("--only") ?? "";
  const queries = BENCH_QUERIES.map((q) => q.name).filter((n) => n.includes(only));
  const info = machine();
  const perEngine = new Map<string, EngineMeasurement[]>(engines.map((e) => [e, []]));
  const started = performance.now();
  for (let r = 0; r < rounds; r++) {
    const round = await measureRound(engines, queries, opts, r);
    for (const m of round) perEngine.get(m.engine)!.push(m);
  }
  const results = engines.map((e) => combineRounds(perEngine.get(e)!));
  info.load += ` → ${loadAverage()}`;
  checkEqual(results);
  Deno.writeTextFileSync(RAW, JSON.stringify({ machine: info, results, rounds }, null, 2));
  const report = await formatMarkdown(formatReport(results, info, {
    rounds,
    minutes: (performance.now() - started) / 60000,
  }));
  console.log(report);
  if (!Deno.args.includes("--no-readme") && option("--only") === null) {
    Deno.writeTextFileSync(README, replaceRegion(Deno.readTextFileSync(README), report));
    console.error(`README.md updated (raw numbers in ${RAW})`);
  }
}

if (import.meta.main) await main();
