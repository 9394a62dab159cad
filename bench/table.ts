/**
 * The whole comparison as one table of ratios (litejit ÷ node:sqlite), written into the
 * README's benchmark section with the machine it ran on.
 *
 *   npx -y deno task bench:table             # measure, print, update README.md
 *   options: --no-readme  --rounds <n>  --only <text>  --budget-ms <n>  --min-runs <n>
 *
 * Times come from one subprocess (`measure.ts`) per litejit backend, in which that backend
 * and node:sqlite take turns sample by sample, so a slow spell of a shared machine hits
 * both alike; each ratio is the median of the turn-by-turn ratios. (Backends are not mixed
 * in one process: they share litejit's code, and each would blur the other's type
 * feedback, which no application that picks one backend sees.) Peak RSS comes from one more
 * subprocess per engine, which runs every query once with that engine alone. With `--rounds n` the timing is repeated n
 * times and each number is the median of the rounds'. Results must be equal — the digest
 * of every query's rows, taken before timing, is compared with node:sqlite's — or nothing
 * is written.
 */
import { DatabaseSync } from "node:sqlite";
import { allEngineNames, BASELINE } from "./engines.ts";
import { ensureTripsDbs } from "./make_trips_db.ts";
import type { EngineMeasurement } from "./measure.ts";
import { formatReport, type Machine } from "./table_format.ts";

const README = new URL("../README.md", import.meta.url).pathname;
const MEASURE = new URL("./measure.ts", import.meta.url).pathname;
const RAW = new URL("./data/last_table.json", import.meta.url).pathname;
/** Markers of the generated part, inside the README's bench section. */
const START = "<!-- bench-table:start -->", END = "<!-- bench-table:end -->";

function option(name: string): string | null {
  const i = Deno.args.indexOf(name);
  return i >= 0 && i + 1 < Deno.args.length ? Deno.args[i + 1] : null;
}

function machine(): Machine {
  let cpu = "unknown CPU";
  try {
    cpu = Deno.readTextFileSync("/proc/cpuinfo").match(/^model name\s*:\s*(.*)$/m)?.[1] ?? cpu;
  } catch { /* not Linux */ }
  const db = new DatabaseSync(":memory:");
  const { v } = db.prepare("SELECT sqlite_version() AS v").get() as { v: string };
  db.close();
  return {
    cpu,
    cores: navigator.hardwareConcurrency,
    os: `${Deno.build.os} ${Deno.build.arch}`,
    deno: Deno.version.deno,
    v8: Deno.version.v8,
    sqlite: v,
    date: new Date().toISOString().slice(0, 10),
    load: loadAverage(),
  };
}

function loadAverage(): string {
  try {
    return Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
  } catch {
    return "n/a";
  }
}

async function measureInSubprocess<T>(engines: string[], pass: string[]): Promise<T> {
  console.error(`measuring ${engines.join(", ")} …`);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--v8-flags=--expose-gc", MEASURE, ...engines, ...pass],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  const line = text.split("\n").find((l) => l.startsWith("RESULT "));
  if (!out.success || !line) throw new Error(`measuring ${engines.join(", ")} failed:\n${text}`);
  return JSON.parse(line.slice("RESULT ".length));
}

/** `timed` with the RSS figures of `alone` (the same engine measured in a process of its own). */
function withMemory(timed: EngineMeasurement, alone: EngineMeasurement): EngineMeasurement {
  return {
    ...timed,
    startRssMb: alone.startRssMb,
    peakRssMb: alone.peakRssMb,
    rssSource: alone.rssSource,
    queries: timed.queries.map((q, i) => ({ ...q, peakRssMb: alone.queries[i].peakRssMb })),
  };
}

/** Median of the rounds' numbers for each query; RSS: the largest of the rounds. */
function combineRounds(rounds: EngineMeasurement[]): EngineMeasurement {
  const mid = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
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

/** `text` formatted as `deno fmt` formats markdown here (the check task runs fmt --check). */
async function formatMarkdown(text: string): Promise<string> {
  const tmp = Deno.makeTempFileSync({ suffix: ".md" });
  try {
    Deno.writeTextFileSync(tmp, text);
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["fmt", "--quiet", "--line-width", "100", tmp],
    }).output();
    if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
    return Deno.readTextFileSync(tmp).trimEnd();
  } finally {
    Deno.removeSync(tmp);
  }
}

function replaceRegion(text: string, body: string): string {
  const a = text.indexOf(START), b = text.indexOf(END);
  if (a < 0 || b < a) throw new Error(`README.md has no ${START} … ${END} region`);
  return text.slice(0, a + START.length) + "\n\n" + body + "\n\n" + text.slice(b);
}

async function main(): Promise<void> {
  ensureTripsDbs();
  const rounds = Number(option("--rounds") ?? "1");
  const pass: string[] = [];
  for (const o of ["--only", "--budget-ms", "--min-runs", "--max-runs"]) {
    const v = option(o);
    if (v !== null) pass.push(o, v);
  }
  const engines = await allEngineNames();
  const info = machine();
  const perEngine = new Map<string, EngineMeasurement[]>(engines.map((e) => [e, []]));
  const started = performance.now();
  for (let r = 0; r < rounds; r++) {
    for (const e of engines.filter((e) => e !== BASELINE)) {
      const timed = await measureInSubprocess<EngineMeasurement[]>([BASELINE, e], pass);
      timed.forEach((m) => perEngine.get(m.engine)!.push(m));
    }
  }
  const once = [...pass, "--budget-ms", "0", "--min-runs", "1", "--max-runs", "1"];
  const results: EngineMeasurement[] = [];
  for (const e of engines) {
    const alone = await measureInSubprocess<EngineMeasurement>([e], once);
    results.push(withMemory(combineRounds(perEngine.get(e)!), alone));
  }
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
