/**
 * Formats the measurements of `table.ts` as markdown: run times and ratios with a geometric
 * mean per backend, prepare times, and peak memory per engine.
 */
import { BASELINE } from "./engines.ts";
import type { EngineMeasurement, QueryMeasurement } from "./measure.ts";

/** Where and when the table was measured. */
export interface Machine {
  cpu: string;
  cores: number;
  os: string;
  deno: string;
  v8: string;
  sqlite: string;
  date: string;
  /** Load average before → after. */
  load: string;
}

/** `12.3 ms`, `0.114 ms`, `1,234 ms`. */
export function formatMs(ms: number): string {
  if (ms >= 100) return `${Math.round(ms).toLocaleString("en")} ms`;
  if (ms >= 1) return `${ms.toFixed(1)} ms`;
  return `${ms.toPrecision(3)} ms`;
}

function formatUs(us: number): string {
  return us >= 100 ? `${Math.round(us)} µs` : `${us.toFixed(1)} µs`;
}

/** Half the interquartile range, relative to the median. */
function spread(q: QueryMeasurement): string {
  return `±${Math.round(((q.p75Ms - q.p25Ms) / 2 / q.runMs) * 100)}%`;
}

/** Geometric mean. */
export function geomean(xs: readonly number[]): number {
  return Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
}

function ratio(x: number): string {
  return `${x < 10 ? x.toFixed(2) : x.toFixed(1)}×`;
}

/** The run-time ratio of `q` to the baseline's `b`: the rounds' median where table.ts took it. */
export function runRatio(q: QueryMeasurement, b: QueryMeasurement): number {
  return q.ratioToBase !== undefined && Number.isFinite(q.ratioToBase)
    ? q.ratioToBase
    : q.runMs / b.runMs;
}

function runTable(base: EngineMeasurement, ours: EngineMeasurement[]): string[] {
  const head = ["query", "rows", BASELINE, ...ours.flatMap((e) => [e.engine, "ratio"])];
  const lines = [
    `| ${head.join(" | ")} |`,
    `|${head.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`,
  ];
  base.queries.forEach((b, i) => {
    const cells = [b.name, b.rows.toLocaleString("en"), `${formatMs(b.runMs)} ${spread(b)}`];
    for (const e of ours) {
      const q = e.queries[i];
      cells.push(`${formatMs(q.runMs)} ${spread(q)}`, ratio(runRatio(q, b)));
    }
    lines.push(`| ${cells.join(" | ")} |`);
  });
  const mean = ["**geometric mean**", "", ""];
  for (const e of ours) {
    mean.push(
      "",
      `**${ratio(geomean(e.queries.map((q, i) => runRatio(q, base.queries[i]))))}**`,
    );
  }
  lines.push(`| ${mean.join(" | ")} |`);
  return lines;
}

function prepareTable(base: EngineMeasurement, ours: EngineMeasurement[]): string[] {
  const head = ["query", BASELINE, ...ours.flatMap((e) => [e.engine, "ratio"])];
  const lines = [
    `| ${head.join(" | ")} |`,
    `|${head.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`,
  ];
  base.queries.forEach((b, i) => {
    const cells = [b.name, formatUs(b.prepareUs)];
    for (const e of ours) {
      const q = e.queries[i];
      cells.push(formatUs(q.prepareUs), ratio(q.prepareUs / b.prepareUs));
    }
    lines.push(`| ${cells.join(" | ")} |`);
  });
  const mean = ["**geometric mean**", ""];
  for (const e of ours) {
    const r = geomean(e.queries.map((q, i) => q.prepareUs / base.queries[i].prepareUs));
    mean.push("", `**${ratio(r)}**`);
  }
  lines.push(`| ${mean.join(" | ")} |`);
  return lines;
}

function memoryTable(all: readonly EngineMeasurement[]): string[] {
  const lines = [
    "| engine | RSS at start | peak RSS | peak − start | query at the peak |",
    "|---|---:|---:|---:|---|",
  ];
  for (const e of all) {
    const top = e.queries.reduce((a, q) => (q.peakRssMb > a.peakRssMb ? q : a));
    lines.push(
      `| ${e.engine} | ${e.startRssMb.toFixed(0)} MB | ${e.peakRssMb.toFixed(0)} MB | ` +
        `${(e.peakRssMb - e.startRssMb).toFixed(0)} MB | ${top.name} |`,
    );
  }
  return lines;
}

/** The markdown report. */
export function formatReport(
  results: readonly EngineMeasurement[],
  m: Machine,
  run: { rounds: number; minutes: number },
): string {
  const base = results.find((r) => r.engine === BASELINE)!;
  const ours = results.filter((r) => r.engine !== BASELINE);
  const minRuns = Math.min(...results.flatMap((r) => r.queries.map((q) => q.samples)));
  return [
    `Measured ${m.date} on ${m.cpu}, ${m.cores} cores (${m.os}); Deno ${m.deno} (V8 ${m.v8}), ` +
    `SQLite ${m.sqlite} through node:sqlite. ${run.rounds} round(s); each engine runs in a ` +
    `process of its own and the processes take turns sample by sample, so a ratio compares ` +
    `times measured moments apart (the median of the turn-by-turn ratios, so it may differ ` +
    `from the quotient of the median times); every time is the median of at least ` +
    `${minRuns} timed samples (fast queries: batches of runs, at least 20 ms a sample) after ` +
    `a checked run and a second of warm-up runs, ±x% is half the interquartile range. ` +
    `Load average (1/5/15 min) ${m.load} ` +
    `(the machine is shared; the table took ${run.minutes.toFixed(1)} min).`,
    "",
    "Run time (rows materialised as objects, as `all()` returns them; ratio = litejit ÷ " +
    "node:sqlite, lower is better):",
    "",
    ...runTable(base, ours),
    "",
    "Prepare time (litejit: parse, bind, plan and compile, statement cache off; node:sqlite: " +
    "`prepare`):",
    "",
    ...prepareTable(base, ours),
    "",
    "Memory (peak RSS of the process measuring that engine over every query; the start is " +
    "after the runtime is up, before any database is opened):",
    "",
    ...memoryTable(results),
  ].join("\n");
}

/** `text` formatted as `deno fmt` formats markdown here (the check task runs fmt --check). */
export async function formatMarkdown(text: string): Promise<string> {
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
