/**
 * The server benchmark's markdown table and its README region (between the
 * `server-bench` markers, the way bench/table.ts rewrites its own region).
 */
import { BASELINE } from "./cases.ts";
import type { LoadResult } from "./processes.ts";

/** One measured row: a server setup, writer or not, one endpoint. */
export interface ResultRow {
  engine: string;
  runtime: string;
  workers: number;
  /** The writer's commits per second during this row's server run, or null: no writer. */
  writerCommitsPerSecond: number | null;
  endpoint: string;
  load: LoadResult;
}

/** The settings printed above the table. */
export interface RunInfo {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  rows: number;
  /** Rounds of the whole matrix; each row is the round with its best req/s. */
  rounds?: number;
  node: string;
  deno: string;
  cpu: string;
  cores: number;
  date: string;
}

/** Markers of the generated part of README.md's server benchmark section. */
export const START = "<!-- server-bench:start -->", END = "<!-- server-bench:end -->";

function baselineOf(row: ResultRow, rows: ResultRow[]): ResultRow | undefined {
  return rows.find((r) =>
    r.engine === BASELINE && r.workers === row.workers && r.endpoint === row.endpoint &&
    (r.writerCommitsPerSecond === null) === (row.writerCommitsPerSecond === null)
  );
}

const fixed = (n: number, digits: number) => n.toFixed(digits);

/** The table (with a line of settings above it) as markdown. */
export function formatTable(rows: ResultRow[], info: RunInfo): string {
  const lines = [
    `${info.date}, ${info.cpu} (${info.cores} cores), Node ${info.node}, Deno ${info.deno}; ` +
    `autocannon, ${info.connections} connections, ${info.seconds} s per row after a ` +
    `${info.warmupSeconds} s warm-up, ${info.rows} users` +
    `${(info.rounds ?? 1) > 1 ? `; each row the best of ${info.rounds} rounds` : ""}. ` +
    `Ratio: req/s ÷ ${BASELINE}'s with the same workers, writer and endpoint.`,
    "",
    "| engine | runtime | workers | writer | endpoint | req/s | p50 ms | p99 ms | × " +
    `${BASELINE} |`,
    "| --- | --- | ---: | --- | --- | ---: | ---: | ---: | ---: |",
  ];
  for (const row of rows) {
    const base = baselineOf(row, rows);
    const ratio = base && base.load.requestsPerSecond > 0
      ? `${fixed(row.load.requestsPerSecond / base.load.requestsPerSecond, 2)}×`
      : "—";
    const writer = row.writerCommitsPerSecond === null
      ? "—"
      : `${Math.round(row.writerCommitsPerSecond)} commits/s`;
    const failures = row.load.non2xx + row.load.errors;
    const warn = failures > 0 ? ` (${failures} failed)` : "";
    lines.push(
      `| ${row.engine} | ${row.runtime} | ${row.workers} | ${writer} | ${row.endpoint} | ` +
        `${Math.round(row.load.requestsPerSecond)}${warn} | ${fixed(row.load.p50, 1)} | ` +
        `${fixed(row.load.p99, 1)} | ${ratio} |`,
    );
  }
  return lines.join("\n");
}

/** `readme` with the text between the markers replaced by `body`. */
export function replaceRegion(readme: string, body: string): string {
  const a = readme.indexOf(START), b = readme.indexOf(END);
  if (a < 0 || b < a) throw new Error(`README.md has no ${START} … ${END} region`);
  return readme.slice(0, a + START.length) + "\n\n" + body + "\n\n" + readme.slice(b);
}

/**
 * One row per engine, runtime, workers, writer and endpoint from several rounds of the
 * matrix: the round with the most req/s. This machine (a shared VM) swings between fast and
 * slow stretches of a minute or so that halve every engine's throughput, so a median of a few
 * rounds is decided by which rows a slow stretch hit; the best round is each engine's
 * throughput in a fast stretch (as a benchmark's minimum time is). Order: the first round's.
 */
export function bestRows(rounds: ResultRow[][]): ResultRow[] {
  const key = (r: ResultRow) =>
    [r.engine, r.runtime, r.workers, r.writerCommitsPerSecond === null, r.endpoint].join("|");
  return rounds[0].map((first) =>
    rounds.map((round) => round.find((r) => key(r) === key(first))!)
      .reduce((a, b) => (b.load.requestsPerSecond > a.load.requestsPerSecond ? b : a))
  );
}
