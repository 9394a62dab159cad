/**
 * The HTTP server benchmark: the users API of examples/server on litejit (every backend),
 * better-sqlite3 (Node) and node:sqlite (Deno), loaded with autocannon on 127.0.0.1, with
 * and without a writer process committing to the same WAL file, with 1 and 2 workers.
 *
 *   npx -y deno task bench:server [--duration 5] [--warmup 1] [--connections 50]
 *       [--rows 5000] [--interval-ms 5] [--rounds 3] [--only <text>] [--no-build]
 *       [--write-readme]
 *
 * Prints a markdown table (requests/s, p50 and p99 latency, ratio to better-sqlite3);
 * `--write-readme` also puts it into README.md between the server-bench markers. Before
 * each load the server's answers are checked against node:sqlite's rows, byte for byte.
 * Needs Node with npm (examples/server/package.json is installed on first run).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { makeUsersDb } from "../../examples/server/make_users_db.ts";
import { ENDPOINTS, SERVER_CASES, type ServerCase } from "./cases.ts";
import { runLoad, startServer, startWriter } from "./processes.ts";
import { bestRows, formatTable, replaceRegion, type ResultRow, type RunInfo } from "./report.ts";
import { expectedAnswers, verifyServer } from "./verify.ts";
import { formatMarkdown } from "../table_format.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const EXAMPLE = `${ROOT}examples/server`;
const DATA = `${ROOT}bench/data/server`;

const { values: opts } = parseArgs({
  args: Deno.args,
  options: {
    duration: { type: "string", default: "5" },
    warmup: { type: "string", default: "1" },
    connections: { type: "string", default: "50" },
    rows: { type: "string", default: "5000" },
    "interval-ms": { type: "string", default: "5" },
    rounds: { type: "string", default: "3" },
    only: { type: "string" },
    "no-build": { type: "boolean", default: false },
    "write-readme": { type: "boolean", default: false },
  },
});

async function run(cmd: string, args: string[], cwd: string): Promise<string> {
  const out = await new Deno.Command(cmd, { args, cwd, stdout: "piped", stderr: "inherit" })
    .output();
  if (!out.success) throw new Error(`${cmd} ${args.join(" ")} failed (exit ${out.code})`);
  return new TextDecoder().decode(out.stdout).trim();
}

/** Builds dist/npm (litejit for Node) and installs the example's Node packages. */
async function prepareNode(): Promise<void> {
  if (!opts["no-build"]) await run(Deno.execPath(), ["task", "build:npm"], ROOT);
  const installed = ["litejit", "better-sqlite3", "autocannon"].every((name) => {
    try {
      return Deno.statSync(`${EXAMPLE}/node_modules/${name}/package.json`).isFile;
    } catch {
      return false;
    }
  });
  if (!installed) await run("npm", ["install", "--no-audit", "--no-fund"], EXAMPLE);
}

function label(c: ServerCase): string {
  return `${c.engine} on ${c.runtime}, ${c.workers} worker${c.workers > 1 ? "s" : ""}`;
}

/** A fresh copy of the pristine database, without a WAL, for one server run. */
function freshCopy(pristine: string, work: string): void {
  for (const suffix of ["-wal", "-shm"]) {
    try {
      Deno.removeSync(work + suffix);
    } catch { /* absent */ }
  }
  Deno.copyFileSync(pristine, work);
}

/** One round: every case, without and then with the writer, both endpoints. */
async function measureAll(
  cases: ServerCase[],
  pristine: string,
  work: string,
  answers: Awaited<ReturnType<typeof expectedAnswers>>,
  load: { connections: number; seconds: number; warmupSeconds: number; rows: number },
): Promise<ResultRow[]> {
  const results: ResultRow[] = [];
  for (const withWriter of [false, true]) {
    for (const serverCase of cases) {
      freshCopy(pristine, work);
      const server = await startServer(serverCase, work);
      try {
        await verifyServer(label(serverCase), server.url, answers);
        const writer = withWriter ? startWriter(work, Number(opts["interval-ms"])) : null;
        const measured: ResultRow[] = [];
        for (const endpoint of ENDPOINTS) {
          console.error(`${label(serverCase)}${withWriter ? ", writer" : ""}: ${endpoint.name}`);
          const result = await runLoad({ url: server.url, endpoint: endpoint.name, ...load });
          measured.push({
            ...serverCase,
            writerCommitsPerSecond: null,
            endpoint: endpoint.label,
            load: result,
          });
        }
        const commits = writer ? await writer.stop() : null;
        if (commits) {
          console.error(`  writer: ${commits.commits} commits in ${commits.seconds.toFixed(1)} s`);
        }
        for (const row of measured) {
          row.writerCommitsPerSecond = commits ? commits.commits / commits.seconds : null;
          results.push(row);
        }
      } finally {
        await server.stop();
      }
    }
  }
  return results;
}

async function main(): Promise<void> {
  const rows = Number(opts.rows);
  const load = {
    connections: Number(opts.connections),
    seconds: Number(opts.duration),
    warmupSeconds: Number(opts.warmup),
    rows,
  };
  await prepareNode();
  Deno.mkdirSync(DATA, { recursive: true });
  const pristine = `${DATA}/users.db`, work = `${DATA}/work.db`;
  makeUsersDb(pristine, rows);
  const answers = expectedAnswers(pristine, rows);
  const cases = SERVER_CASES.filter((c) => label(c).includes(opts.only ?? ""));
  const rounds: ResultRow[][] = [];
  for (let round = 0; round < Number(opts.rounds); round++) {
    console.error(`round ${round + 1} of ${opts.rounds}`);
    const measured = await measureAll(cases, pristine, work, answers, load);
    for (const r of measured) {
      const writer = r.writerCommitsPerSecond === null ? "" : ", writer";
      console.error(
        `  ${r.engine} ${r.runtime} ×${r.workers}${writer} ${r.endpoint}: ` +
          `${Math.round(r.load.requestsPerSecond)} req/s`,
      );
    }
    rounds.push(measured);
  }
  const results = bestRows(rounds);
  const info: RunInfo = {
    ...load,
    rounds: rounds.length,
    node: await run("node", ["--version"], ROOT),
    deno: Deno.version.deno,
    cpu: Deno.readTextFileSync("/proc/cpuinfo").match(/^model name\s*:\s*(.*)$/m)?.[1] ?? "?",
    cores: navigator.hardwareConcurrency,
    date: new Date().toISOString().slice(0, 10),
  };
  const table = await formatMarkdown(formatTable(results, info));
  console.log(table);
  const failed = results.filter((r) => r.load.non2xx + r.load.errors > 0);
  if (failed.length > 0) console.error(`warning: ${failed.length} rows had failed requests`);
  if (opts["write-readme"]) {
    const readme = `${ROOT}README.md`;
    Deno.writeTextFileSync(readme, replaceRegion(Deno.readTextFileSync(readme), table));
    console.error("README.md updated");
  }
}

if (import.meta.main) await main();
