/**
 * End to end, as a program that prepares a statement and runs it once sees it: prepare plus
 * the first run of every bench query, each engine in a fresh process (nothing compiled or
 * cached before, the page cache cold for litejit), in milliseconds, with the geometric mean
 * of each litejit backend against node:sqlite, and how the tiered backend (the default)
 * compares with the best single backend of each query. This decides the default backend.
 * With `--runs N` (default 3) each engine runs in N fresh processes, the engines taking
 * turns, and each figure is the median.
 *
 *   npx -y deno run -A bench/first_run.ts [--runs N]
 */
import { allEngineNames, BASELINE, openEngine, runQuery } from "./engines.ts";
import { ensureTripsDbs } from "./make_trips_db.ts";
import { BENCH_QUERIES } from "./queries.ts";
import { median } from "./stats.ts";

const CHILD = "--engine";

async function measureHere(name: string): Promise<number[]> {
  const engine = await openEngine(name);
  // The lookup keys are read from the database before anything is timed.
  for (const q of BENCH_QUERIES) if (q.run.kind === "lookups") q.run.keys();
  const out: number[] = [];
  for (const q of BENCH_QUERIES) {
    const t0 = performance.now();
    runQuery(engine.prepare(q.db, q.sql), q, false);
    out.push(performance.now() - t0);
  }
  return out;
}

async function measureInChild(name: string): Promise<number[]> {
  const self = new URL(import.meta.url).pathname;
  const cmd = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", self, CHILD, name],
    stdout: "piped",
    stderr: "inherit",
  });
  const { code, stdout } = await cmd.output();
  if (code !== 0) throw new Error(`measuring ${name} failed`);
  return JSON.parse(new TextDecoder().decode(stdout));
}

if (Deno.args[0] === CHILD) {
  console.log(JSON.stringify(await measureHere(Deno.args[1])));
} else {
  ensureTripsDbs();
  const runsAt = Deno.args.indexOf("--runs");
  const runs = runsAt >= 0 ? Number(Deno.args[runsAt + 1]) : 3;
  const names = await allEngineNames();
  const samples = new Map<string, number[][]>(names.map((n) => [n, []]));
  for (let r = 0; r < runs; r++) {
    for (const name of names) samples.get(name)!.push(await measureInChild(name));
  }
  const times = new Map(names.map((n) => {
    const s = samples.get(n)!;
    return [n, BENCH_QUERIES.map((_, i) => median(s.map((run) => run[i])))];
  }));
  const base = times.get(BASELINE)!;
  console.log(`median of ${runs} fresh processes per engine`);
  const head = ["query", ...names].map((h) => h.padEnd(22)).join(" ");
  console.log(head);
  BENCH_QUERIES.forEach((q, i) => {
    const cells = names.map((n) => times.get(n)![i].toFixed(1).padStart(8) + " ms");
    console.log([q.name.slice(0, 22).padEnd(22), ...cells.map((c) => c.padEnd(22))].join(" "));
  });
  for (const name of names.filter((n) => n !== BASELINE)) {
    const t = times.get(name)!;
    const logs = t.map((x, i) => Math.log(x / base[i]));
    const mean = Math.exp(logs.reduce((a, b) => a + b, 0) / logs.length);
    console.log(
      `${name}: geometric mean of prepare + first run ÷ ${BASELINE} = ${mean.toFixed(2)}×`,
    );
  }
  const tiered = times.get("litejit tiered");
  if (tiered) {
    const singles = names.filter((n) => n !== BASELINE && n !== "litejit tiered");
    const ratios = BENCH_QUERIES.map((_, i) =>
      tiered[i] / Math.min(...singles.map((n) => times.get(n)![i]))
    );
    const atOrBelow = ratios.filter((r) => r <= 1).length;
    const within5 = ratios.filter((r) => r <= 1.05).length;
    console.log(
      `litejit tiered ÷ the best single backend of each query: at or below on ${atOrBelow} of ` +
        `${ratios.length}, within 5% on ${within5}; worst ${Math.max(...ratios).toFixed(2)}× (` +
        BENCH_QUERIES[ratios.indexOf(Math.max(...ratios))].name + ")",
    );
  }
}
