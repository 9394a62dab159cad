/**
 * The generated benchmark: the judge of speed against C SQLite (node:sqlite), over a few
 * hundred queries drawn from a seed (`generated_queries.ts`) instead of the table's twelve
 * hand-picked ones.
 *
 *   npx -y deno task bench:generated
 *   options: --seed 31  --count 200  --backends js,wasm  --budget-ms 300  --min-runs 3
 *            --max-runs 15  --warm-ms 200  --only <numbers, a family or text in the label>
 *            --check (rows only, no timing)  --list (print the queries)  --out <json path>
 *            --sql <SQL> [--multiset] (time this query instead of generated ones)
 *            --gc-each (a full garbage collection before every timed run, on every
 *            engine: how a long-running process fares, where major GCs come and go)
 *            --timeout-ms 60000 (at least; a litejit process slower than 50× node:sqlite's
 *            run and this is restarted and the query reported as an error)
 *
 * Each engine runs in a process of its own (`generated_measure.ts`), as in `table.ts`. Per
 * query: every process prepares it and runs it once; each litejit backend's rows (names,
 * types, values and order, or as a multiset when the query leaves the order open) must
 * equal node:sqlite's — a difference is a litejit bug, printed loudly with the SQL, and the
 * run exits non-zero at the end. Then untimed warm-up, then the processes are asked for
 * timed samples in turn (order rotating) until each has `--min-runs` and `--budget-ms` per
 * engine is spent; a query's ratio is the median of the turn-by-turn ratios.
 *
 * Output: a line per query, the distribution of ratios per backend (median, p75, p90,
 * worst, geometric mean, share ≤ 1.0×), per family, the worst 10 with their SQL; the raw
 * numbers go to `bench/data/generated_last.json`.
 */
import { loadAverage, machine } from "./machine.ts";
import { BASELINE } from "./engines.ts";
import { ensureTripsDbs } from "./make_trips_db.ts";
import { MeasuringProcess, option } from "./measure.ts";
import type { GenRequest, Prepared } from "./generated_measure.ts";
import {
  DEFAULT_SEED,
  FAMILY_WEIGHTS,
  type GeneratedQuery,
  generateQueries,
} from "./generated_queries.ts";

const MEASURE = new URL("./generated_measure.ts", import.meta.url).pathname;
const RAW = new URL("./data/generated_last.json", import.meta.url).pathname;

/** A `generated_measure.ts` process; restarted after a timeout. */
class EngineProcess extends MeasuringProcess {
  constructor(engine: string) {
    super(engine, MEASURE, [engine]);
  }

  /** Sends `req`; throws (after restarting the process) past `timeoutMs`. */
  override async ask<T>(req: GenRequest, timeoutMs = 600_000): Promise<T> {
    const answer = await super.ask<T & { error?: string }>(req, timeoutMs);
    if (answer.error) throw new Error(answer.error);
    return answer;
  }
}

/** A backend's outcome on one query. */
interface BackendResult {
  /** Median of the turn-by-turn ratios to node:sqlite (absent when not timed). */
  ratio?: number;
  ms?: number;
  samples?: number;
  /** The timed samples in the order taken. */
  samplesMs?: number[];
  prepareMs?: number;
  firstMs?: number;
  /** Rows differ from node:sqlite's: a litejit bug. */
  mismatch?: string;
  /** Rows differ only in the last digits of REAL values (summation order). */
  floatNoise?: string;
  /** litejit threw, or did not answer in time. */
  error?: string;
  /** `wasm`: the statement ran a WebAssembly module (else the js backend's function). */
  native?: boolean;
}

/** One query's results. */
interface QueryResult extends GeneratedQuery {
  rows?: number;
  nodeMs?: number;
  nodeFirstMs?: number;
  nodeSamplesMs?: number[];
  /** node:sqlite rejected the query: a generator bug. */
  baseError?: string;
  backends: Record<string, BackendResult>;
}

function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return NaN;
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i), hi = Math.ceil(i);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (i - lo);
}

function median(xs: readonly number[]): number {
  return quantile([...xs].sort((a, b) => a - b), 0.5);
}

function fmtMs(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return "—";
  return ms >= 100
    ? ms.toFixed(0) + " ms"
    : ms >= 1
    ? ms.toFixed(1) + " ms"
    : ms.toFixed(3) + " ms";
}

function fmtRatio(r: number | undefined): string {
  return r === undefined || !Number.isFinite(r) ? "  —  " : r.toFixed(2) + "×";
}

/** Text with REAL numbers rounded to 12 significant digits, to tell float noise apart. */
function roughly(text: string): string {
  return text.replace(/=d(-?\d+\.\d+(?:e[-+]\d+)?)/g, (_, x) => "=d" + Number(x).toPrecision(12));
}

/** Compares the rows of a mismatching query; returns [description, float noise only]. */
async function diagnose(
  base: EngineProcess,
  other: EngineProcess,
): Promise<[string, boolean]> {
  const max = 200_000;
  const a = await base.ask<{ texts: string[]; total: number }>({ op: "rows", max });
  const b = await other.ask<{ texts: string[]; total: number }>({ op: "rows", max });
  let first = "";
  const n = Math.max(a.texts.length, b.texts.length);
  for (let i = 0; i < n; i++) {
    if (a.texts[i] !== b.texts[i]) {
      const show = (x: string | undefined) =>
        x === undefined ? "(no row)" : x.replaceAll("\u0001", " ").slice(0, 300);
      first = `row ${i}: node:sqlite ${show(a.texts[i])}\n           ${other.engine} ${
        show(b.texts[i])
      }`;
      break;
    }
  }
  const noise = a.total === b.total && a.texts.length === b.texts.length &&
    [...a.texts.map(roughly)].sort().join("\n") === [...b.texts.map(roughly)].sort().join("\n");
  return [
    `${a.total} rows vs ${b.total}; first difference at ${first || "(beyond the compared rows)"}`,
    noise,
  ];
}

interface Options {
  budgetMs: number;
  minRuns: number;
  maxRuns: number;
  warmMs: number;
  check: boolean;
  /** A full GC before every timed run (`--gc-each`). */
  gcEach: boolean;
  /** The least time a litejit process is given to answer before it is restarted. */
  timeoutMs: number;
}

/** Runs one query on every process: check, then timed turns. */
async function runQuery(
  q: GeneratedQuery,
  procs: EngineProcess[],
  opts: Options,
): Promise<QueryResult> {
  const result: QueryResult = { ...q, backends: {} };
  const warmMs = opts.check ? 0 : opts.warmMs;
  const prepare: GenRequest = { op: "prepare", sql: q.sql, ordered: q.ordered, warmMs };
  let base: Prepared;
  try {
    base = await procs[0].ask<Prepared>(prepare, 600_000);
  } catch (e) {
    result.baseError = String((e as Error).message);
    return result;
  }
  result.rows = base.rows;
  result.nodeFirstMs = base.firstMs;
  const timed: number[] = [0];
  for (let e = 1; e < procs.length; e++) {
    const name = procs[e].engine.replace("litejit ", "");
    const r: BackendResult = {};
    result.backends[name] = r;
    try {
      // A litejit run far slower than SQLite's is a finding, not a reason to hang.
      const p = await procs[e].ask<Prepared>(
        prepare,
        Math.max(opts.timeoutMs, 50 * base.firstMs + warmMs),
      );
      r.prepareMs = p.prepareMs;
      r.firstMs = p.firstMs;
      if (p.native !== undefined) r.native = p.native;
      if (p.digest !== base.digest || p.rows !== base.rows) {
        const [text, noise] = await diagnose(procs[0], procs[e]);
        if (noise) r.floatNoise = text;
        else r.mismatch = text;
      }
      if (!r.mismatch) timed.push(e);
    } catch (err) {
      r.error = String((err as Error).message);
    }
  }
  if (!opts.check && timed.length > 1) {
    const ratios: number[][] = procs.map(() => []);
    const samples: number[][] = procs.map(() => []);
    const until = performance.now() + opts.budgetMs * timed.length;
    for (let turn = 0; turn < opts.maxRuns; turn++) {
      if (turn >= opts.minRuns && performance.now() >= until) break;
      const ms: number[] = [];
      const failed: number[] = [];
      for (let k = 0; k < timed.length; k++) {
        const e = timed[(turn + k) % timed.length];
        try {
          const timeout = Math.max(opts.timeoutMs, 50 * base.firstMs * base.callsPerSample);
          ms[e] =
            (await procs[e].ask<{ ms: number }>({ op: "sample", gc: opts.gcEach }, timeout)).ms;
        } catch (err) {
          if (e === 0) throw err;
          result.backends[procs[e].engine.replace("litejit ", "")].error = String(
            (err as Error).message,
          );
          failed.push(e);
        }
      }
      for (const e of failed) timed.splice(timed.indexOf(e), 1);
      for (const e of timed) {
        samples[e].push(ms[e]);
        ratios[e].push(ms[e] / ms[0]);
      }
      if (timed.length < 2) break;
    }
    result.nodeMs = median(samples[0]);
    result.nodeSamplesMs = samples[0];
    for (const e of timed.slice(1)) {
      const r = result.backends[procs[e].engine.replace("litejit ", "")];
      r.ratio = median(ratios[e]);
      r.ms = median(samples[e]);
      r.samples = samples[e].length;
      r.samplesMs = samples[e];
    }
  }
  for (const p of procs) {
    try {
      await p.ask({ op: "finish" });
    } catch { /* restarted after a timeout: nothing to forget */ }
  }
  return result;
}

/** Distribution of one backend's ratios. */
interface Distribution {
  queries: number;
  median: number;
  p75: number;
  p90: number;
  worst: number;
  geomean: number;
  atMostOne: number;
}

function distribution(ratios: readonly number[]): Distribution {
  const s = [...ratios].sort((a, b) => a - b);
  return {
    queries: s.length,
    median: quantile(s, 0.5),
    p75: quantile(s, 0.75),
    p90: quantile(s, 0.9),
    worst: s[s.length - 1],
    geomean: Math.exp(s.reduce((acc, r) => acc + Math.log(r), 0) / s.length),
    atMostOne: s.filter((r) => r <= 1).length / s.length,
  };
}

function selectQueries(all: GeneratedQuery[], only: string): GeneratedQuery[] {
  if (!only) return all;
  const numbers = only.split(",").map((x) => x.trim());
  if (numbers.every((x) => /^\d+(-\d+)?$/.test(x))) {
    const want = new Set<number>();
    for (const x of numbers) {
      const [a, b] = x.split("-").map(Number);
      for (let n = a; n <= (b ?? a); n++) want.add(n);
    }
    return all.filter((q) => want.has(q.n));
  }
  return all.filter((q) => q.family === only || q.label.includes(only) || q.sql.includes(only));
}

/** How often wasm runs native code, and how it compares with js there and elsewhere. */
export interface NativeShare {
  /** Queries timed on both js and wasm. */
  queries: number;
  /** Of those, the ones whose wasm statement runs a WebAssembly module. */
  native: number;
  /** Native queries with wasm's ratio at or below js's. */
  nativeAtOrBelowJs: number;
  /** Queries run on the js backend's code by both (wasm ran no module). */
  sameCode: number;
  /** Same-code queries with wasm's ratio at or below js's (noise decides these). */
  sameCodeAtOrBelowJs: number;
}

/** The {@link NativeShare} of `results`, or null without both js and wasm timings. */
function nativeShareOf(results: readonly QueryResult[]): NativeShare | null {
  const both = results.filter((r) =>
    r.backends.js?.ratio !== undefined && r.backends.wasm?.ratio !== undefined &&
    r.backends.wasm.native !== undefined
  );
  if (!both.length) return null;
  const atOrBelow = (r: QueryResult) => r.backends.wasm.ratio! <= r.backends.js.ratio!;
  const native = both.filter((r) => r.backends.wasm.native);
  const same = both.filter((r) => !r.backends.wasm.native);
  return {
    queries: both.length,
    native: native.length,
    nativeAtOrBelowJs: native.filter(atOrBelow).length,
    sameCode: same.length,
    sameCodeAtOrBelowJs: same.filter(atOrBelow).length,
  };
}

/**
 * Report lines on wasm against js, split by whether wasm ran a module: where it did not,
 * both ran the same generated function in separate processes, and their difference is
 * the measurement's noise, not the backend's.
 */
function nativeShare(results: readonly QueryResult[]): string[] {
  const s = nativeShareOf(results);
  if (!s) return [];
  const pct = (a: number, b: number) => b ? `${(a / b * 100).toFixed(0)}%` : "—";
  return [
    "",
    `wasm ran a WebAssembly module on ${s.native} of ${s.queries} queries; wasm ≤ js on ${s.nativeAtOrBelowJs} of those (${
      pct(s.nativeAtOrBelowJs, s.native)
    }). On the other ${s.sameCode} it ran the js backend's generated function (the same code as js): wasm ≤ js on ${s.sameCodeAtOrBelowJs} of them (${
      pct(s.sameCodeAtOrBelowJs, s.sameCode)
    }), which is measurement noise.`,
  ];
}

function report(results: QueryResult[], backends: string[]): string[] {
  const out: string[] = [];
  const timed = results.filter((r) => r.nodeMs !== undefined);
  out.push("", "Distribution of ratios (litejit ÷ node:sqlite, lower is better):", "");
  out.push(
    "backend       queries  median     p75     p90   worst  geomean  ≤1.0×",
  );
  const dists: Record<string, Distribution> = {};
  for (const b of backends) {
    const rs = timed.map((r) => r.backends[b]?.ratio).filter((x): x is number => x !== undefined);
    if (!rs.length) continue;
    const d = dists[b] = distribution(rs);
    out.push(
      `${b.padEnd(13)} ${String(d.queries).padStart(7)} ${fmtRatio(d.median).padStart(7)} ${
        fmtRatio(d.p75).padStart(7)
      } ${fmtRatio(d.p90).padStart(7)} ${fmtRatio(d.worst).padStart(7)} ${
        fmtRatio(d.geomean).padStart(8)
      } ${(d.atMostOne * 100).toFixed(0).padStart(5)}%`,
    );
  }
  out.push(...nativeShare(timed));
  out.push("", "Per family (median / geometric mean of the ratios):", "");
  out.push("family       queries " + backends.map((b) => b.padStart(18)).join(""));
  for (const fam of Object.keys(FAMILY_WEIGHTS)) {
    const rs = timed.filter((r) => r.family === fam);
    if (!rs.length) continue;
    const cells = backends.map((b) => {
      const xs = rs.map((r) => r.backends[b]?.ratio).filter((x): x is number => x !== undefined);
      if (!xs.length) return "—".padStart(18);
      const d = distribution(xs);
      return `${fmtRatio(d.median)} / ${fmtRatio(d.geomean)}`.padStart(18);
    });
    out.push(`${fam.padEnd(12)} ${String(rs.length).padStart(7)} ${cells.join("")}`);
  }
  for (const b of backends) {
    const worst = timed.filter((r) => r.backends[b]?.ratio !== undefined)
      .sort((x, y) => y.backends[b].ratio! - x.backends[b].ratio!)
      .slice(0, 10);
    if (!worst.length) continue;
    out.push("", `Worst 10 for ${b}:`, "");
    for (const r of worst) {
      out.push(
        `  #${r.n} ${fmtRatio(r.backends[b].ratio)} (node ${fmtMs(r.nodeMs)}, ${b} ${
          fmtMs(r.backends[b].ms)
        }, ${r.rows} rows) [${r.family}] ${r.label}`,
        `      ${r.sql}`,
      );
    }
  }
  return out;
}

async function main(): Promise<number> {
  const seed = Number(option("--seed") ?? String(DEFAULT_SEED));
  const count = Number(option("--count") ?? "200");
  const backends = (option("--backends") ?? "js,wasm").split(",").map((x) => x.trim())
    .filter(Boolean);
  const opts: Options = {
    budgetMs: Number(option("--budget-ms") ?? "300"),
    minRuns: Number(option("--min-runs") ?? "3"),
    maxRuns: Number(option("--max-runs") ?? "15"),
    warmMs: Number(option("--warm-ms") ?? "200"),
    check: Deno.args.includes("--check"),
    gcEach: Deno.args.includes("--gc-each"),
    timeoutMs: Number(option("--timeout-ms") ?? "60000"),
  };
  const sql = option("--sql") ?? "";
  const queries: GeneratedQuery[] = sql
    ? [{ n: 1, family: "scan", label: "--sql", sql, ordered: !Deno.args.includes("--multiset") }]
    : selectQueries(generateQueries(seed, count), option("--only") ?? "");
  if (Deno.args.includes("--list")) {
    for (const q of queries) {
      console.log(`#${q.n} [${q.family}] ${q.label}${q.ordered ? "" : " (multiset)"}\n${q.sql};\n`);
    }
    return 0;
  }
  ensureTripsDbs();
  const info = { ...machine(), loadBefore: loadAverage() };
  console.log(
    `generated benchmark: seed ${seed}, ${queries.length} queries, backends ${
      backends.join(", ")
    }` +
      (opts.check
        ? " (rows checked, not timed)"
        : `, budget ${opts.budgetMs} ms per engine per query`) +
      `; load ${info.loadBefore}`,
  );
  const procs = [BASELINE, ...backends.map((b) => `litejit ${b}`)].map((e) => new EngineProcess(e));
  const results: QueryResult[] = [];
  const started = performance.now();
  for (const q of queries) {
    const r = await runQuery(q, procs, opts);
    results.push(r);
    const cells = backends.map((b) => {
      const x = r.backends[b];
      const flag = x?.mismatch ? "MISMATCH" : x?.error ? "ERROR" : x?.floatNoise ? "~" : "";
      return `${b} ${opts.check ? (flag ? "" : "ok") : fmtRatio(x?.ratio)}${flag}`;
    });
    const node = opts.check ? fmtMs(r.nodeFirstMs) : fmtMs(r.nodeMs);
    console.log(
      `${String(q.n).padStart(4)} ${q.family.padEnd(10)} node ${node.padStart(10)}  ${
        cells.join("  ")
      }  ${String(r.rows ?? "-").padStart(7)} rows  ${q.label}`,
    );
    if (r.baseError) {
      console.log(`     !!! node:sqlite rejects it (${r.baseError}):\n     ${q.sql}`);
    }
    for (const b of backends) {
      const x = r.backends[b];
      if (x?.mismatch) {
        console.log(`     !!! MISMATCH on ${b}: ${x.mismatch}\n     ${q.sql}`);
      }
      if (x?.error) console.log(`     !!! ERROR on ${b}: ${x.error}\n     ${q.sql}`);
      if (x?.floatNoise) console.log(`     (${b}: REAL values differ in the last digits only)`);
    }
  }
  for (const p of procs) await p.exit();
  const minutes = (performance.now() - started) / 60000;
  const info2 = { ...info, loadAfter: loadAverage(), minutes };
  const timedAny = results.some((r) => r.nodeMs !== undefined);
  const lines = timedAny ? report(results, backends) : [];
  for (const l of lines) console.log(l);
  const bad = results.filter((r) =>
    r.baseError || backends.some((b) => r.backends[b]?.mismatch || r.backends[b]?.error)
  );
  const slow = results.filter((r) => (r.nodeMs ?? r.nodeFirstMs ?? 0) > 2000);
  if (slow.length) {
    console.log(
      `\n${slow.length} queries took node:sqlite over 2 s: ${slow.map((r) => "#" + r.n).join(" ")}`,
    );
  }
  console.log(
    `\n${results.length} queries in ${
      minutes.toFixed(1)
    } min; load ${info.loadBefore} → ${info2.loadAfter}`,
  );
  if (bad.length) {
    console.log(
      `\n!!! ${bad.length} queries FAILED (litejit bugs unless node:sqlite rejected them):`,
    );
    for (const r of bad) {
      const what = r.baseError
        ? "node:sqlite error"
        : backends.filter((b) => r.backends[b]?.mismatch || r.backends[b]?.error).map((b) =>
          `${b} ${r.backends[b].mismatch ? "mismatch" : "error"}`
        ).join(", ");
      console.log(`  #${r.n} (${what}): ${r.sql}`);
    }
  }
  const summary: Record<string, Distribution> = {};
  for (const b of backends) {
    const rs = results.map((r) => r.backends[b]?.ratio).filter((x): x is number => x !== undefined);
    if (rs.length) summary[b] = distribution(rs);
  }
  const out = option("--out") ?? RAW;
  Deno.writeTextFileSync(
    out,
    JSON.stringify(
      {
        machine: info2,
        seed,
        count,
        backends,
        options: opts,
        summary,
        wasmNative: nativeShareOf(results),
        queries: results,
      },
      null,
      1,
    ),
  );
  console.log(`raw results in ${out}`);
  return bad.length ? 1 : 0;
}

if (import.meta.main) Deno.exit(await main());
