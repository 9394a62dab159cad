/**
 * Cold start: what a program that starts, opens a database, prepares one statement and reads
 * its first row pays, each time in a fresh process, beside the same runtime doing it with its
 * native SQLite (node:sqlite in Deno, better-sqlite3 under Node).
 *
 * - Whole processes (wall time from spawn to exit, median of the runs): the CLI from this
 *   checkout, `deno run cli.ts <db> "select 1"` (bundled first by `deno task build:cli`, as
 *   its README section says to), against a Deno script that does the same with node:sqlite;
 *   with `--node`, the npm package's `litejit` bin under Node against a Node script with
 *   better-sqlite3.
 * - Phases inside a fresh process of a script of their own (import, open, prepare and first
 *   row of `SELECT 1`, then of a 3-table join): litejit's default backend against node:sqlite
 *   (and, with `--node`, the npm package against better-sqlite3 under Node).
 *
 * Deno's transpile cache and the OS file cache are warm (one untimed run first): the figures
 * are what a user who runs the command again sees.
 *
 *   npx -y deno task bench:cold-start [--runs 9] [--node]
 *
 * `--node` needs the npm package built (`deno task build:npm`, into dist/npm) and better-sqlite3
 * installed (the comparison tests install it: tests/bs3_compare/compare.ts).
 */
import { existsSync } from "node:fs";
import { fileURLToPath as fromFileUrl } from "node:url";
import { ensureBetterSqlite3 } from "../tests/bs3_compare/compare.ts";
import { buildCli } from "../scripts/build_cli.ts";
import { median } from "./stats.ts";

const ROOT = fromFileUrl(new URL("../", import.meta.url));
const SAMPLE = ROOT + "examples/sample.db";
const JOIN = "SELECT t.id, s.name, c.name FROM trips t JOIN stations s ON s.id = t.start_station " +
  "JOIN cities c ON c.id = s.city_id WHERE t.duration > 600 ORDER BY t.id LIMIT 1";

/** Phase times in ms, measured inside a fresh process. */
interface Phases {
  import: number;
  open: number;
  prepareSelect1: number;
  firstRowSelect1: number;
  prepareJoin: number;
  firstRowJoin: number;
}

/**
 * A script that times the phases in its own fresh process and prints them as JSON: litejit
 * from `litejitUrl` (this checkout's mod.ts under Deno, the npm package under Node) or the
 * runtime's native SQLite (node:sqlite in Deno; better-sqlite3 from `bs3Dir` under Node).
 */
function phasesScript(engine: "litejit" | "native", runtime: "deno" | "node", bs3Dir = ""): string {
  const litejitUrl = runtime === "deno"
    ? new URL("../mod.ts", import.meta.url).href
    : new URL("../dist/npm/mod.js", import.meta.url).href;
  const load = engine === "litejit"
    ? `const { Database: Db } = await import(${JSON.stringify(litejitUrl)});`
    : runtime === "deno"
    ? `const { DatabaseSync: Db } = await import("node:sqlite");`
    : `const { createRequire } = await import("node:module");
       const Db = createRequire(${JSON.stringify(bs3Dir + "/")})("better-sqlite3");`;
  const open = engine === "litejit"
    ? "new Db(path)"
    : `new Db(path, { ${runtime === "deno" ? "readOnly" : "readonly"}: true })`;
  return `const path = ${JSON.stringify(SAMPLE)};
    const t0 = performance.now();
    ${load}
    const t1 = performance.now();
    const db = ${open};
    const t2 = performance.now();
    const s1 = db.prepare("SELECT 1");
    const t3 = performance.now();
    s1.get();
    const t4 = performance.now();
    const sj = db.prepare(${JSON.stringify(JOIN)});
    const t5 = performance.now();
    sj.get();
    const t6 = performance.now();
    console.log(JSON.stringify({ import: t1 - t0, open: t2 - t1, prepareSelect1: t3 - t2,
      firstRowSelect1: t4 - t3, prepareJoin: t5 - t4, firstRowJoin: t6 - t5 }));`;
}

/** Wall time of one process, in ms; throws if it fails. */
async function wall(cmd: string, args: string[], cwd = ROOT): Promise<[number, string]> {
  const t0 = performance.now();
  const out = await new Deno.Command(cmd, { args, cwd, stdout: "piped", stderr: "piped" })
    .output();
  const ms = performance.now() - t0;
  if (!out.success) {
    throw new Error(`${cmd} ${args.join(" ")} failed:\n${new TextDecoder().decode(out.stderr)}`);
  }
  return [ms, new TextDecoder().decode(out.stdout)];
}

/** Median wall time over `runs` processes, after one untimed run. */
async function medianWall(runs: number, cmd: string, args: string[]): Promise<number> {
  await wall(cmd, args);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await wall(cmd, args))[0]);
  return median(times);
}

/** Median of each phase over `runs` fresh processes, after one untimed run. */
async function medianPhases(runs: number, cmd: string, args: string[]): Promise<Phases> {
  await wall(cmd, args);
  const all: Phases[] = [];
  for (let i = 0; i < runs; i++) all.push(JSON.parse((await wall(cmd, args))[1]) as Phases);
  const keys = Object.keys(all[0]) as (keyof Phases)[];
  return Object.fromEntries(
    keys.map((k) => [k, median(all.map((p) => p[k]))]),
  ) as unknown as Phases;
}

function row(label: string, ms: number, base: number): string {
  return `| ${label.padEnd(44)} | ${ms.toFixed(1).padStart(8)} ms | ${
    (ms / base).toFixed(2).padStart(6)
  }× |`;
}

function phaseRows(label: string, p: Phases, base: Phases): string[] {
  return (Object.keys(p) as (keyof Phases)[]).map((k) =>
    `| ${label.padEnd(12)} | ${k.padEnd(16)} | ${p[k].toFixed(2).padStart(8)} ms | ${
      base[k].toFixed(2).padStart(8)
    } ms |`
  );
}

async function main(): Promise<void> {
  const runsAt = Deno.args.indexOf("--runs");
  const runs = runsAt >= 0 ? Number(Deno.args[runsAt + 1]) : 9;
  const node = Deno.args.includes("--node");
  const deno = Deno.execPath();
  const dir = await Deno.makeTempDir({ prefix: "litejit_cold_" });
  try {
    const nodeSqlite = `${dir}/node_sqlite.ts`;
    Deno.writeTextFileSync(
      nodeSqlite,
      `import { DatabaseSync } from "node:sqlite";
       const db = new DatabaseSync(${JSON.stringify(SAMPLE)}, { readOnly: true });
       console.log(db.prepare("select 1").get());`,
    );
    const lines = [
      `Cold start, ${new Date().toISOString().slice(0, 10)}, Deno ${Deno.version.deno}, ` +
      `median of ${runs} fresh processes after one untimed run:`,
      "",
      "| whole process (`select 1` on examples/sample.db) | wall time | ratio |",
      "| -------------------------------------------- | ----------: | ------: |",
    ];
    await buildCli(); // the bundle cli.ts runs while the sources are unchanged
    const cliSelect1 = ["run", "--allow-read", "cli.ts", SAMPLE, "select 1"];
    const denoBase = await medianWall(runs, deno, ["run", "--allow-read", nodeSqlite]);
    lines.push(row("Deno: node:sqlite (the baseline)", denoBase, denoBase));
    lines.push(
      row(
        "Deno: litejit CLI from the checkout (bundled)",
        await medianWall(runs, deno, cliSelect1),
        denoBase,
      ),
    );
    const script = (name: string, text: string) => {
      Deno.writeTextFileSync(`${dir}/${name}`, text);
      return `${dir}/${name}`;
    };
    const litejit = await medianPhases(runs, deno, [
      "run",
      "--allow-read",
      script("phases_litejit.ts", phasesScript("litejit", "deno")),
    ]);
    const native = await medianPhases(runs, deno, [
      "run",
      "--allow-read",
      "--allow-write",
      script("phases_native.ts", phasesScript("native", "deno")),
    ]);
    const phases = [
      "",
      "| phases (Deno) | phase | litejit | node:sqlite |",
      "| ------------ | ---------------- | ----------: | ----------: |",
      ...phaseRows("Deno", litejit, native),
    ];
    if (node) {
      if (!existsSync(ROOT + "dist/npm/mod.js")) {
        throw new Error("--node needs the npm package: run `deno task build:npm` first");
      }
      const bs3 = await ensureBetterSqlite3();
      const bs3Script = `${dir}/bs3.mjs`;
      Deno.writeTextFileSync(
        bs3Script,
        `import { createRequire } from "node:module";
         const Db = createRequire(${JSON.stringify(bs3 + "/")})("better-sqlite3");
         console.log(new Db(${
          JSON.stringify(SAMPLE)
        }, { readonly: true }).prepare("select 1").get());`,
      );
      const nodeBase = await medianWall(runs, "node", [bs3Script]);
      lines.push(row("Node: better-sqlite3 (the baseline)", nodeBase, nodeBase));
      const bin = [ROOT + "dist/npm/bin/litejit.js", SAMPLE, "select 1"];
      lines.push(
        row(
          "Node: litejit bin from the npm package",
          await medianWall(runs, "node", bin),
          nodeBase,
        ),
      );
      const [lj, b3] = [
        await medianPhases(runs, "node", [script("lj.mjs", phasesScript("litejit", "node"))]),
        await medianPhases(runs, "node", [script("b3.mjs", phasesScript("native", "node", bs3))]),
      ];
      phases.push(
        "",
        "| phases (Node) | phase | litejit npm | better-sqlite3 |",
        "| ------------ | ---------------- | ----------: | ----------: |",
        ...phaseRows("Node", lj, b3),
      );
    }
    console.log([...lines, ...phases].join("\n"));
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

if (import.meta.main) await main();
