/**
 * Profiles one benchmark query under V8's sampling profiler (through node:inspector, in
 * process) and prints where the time goes: self time by function, by source file, and
 * inclusive time of the biggest callees. The raw profile is saved as a `.cpuprofile`
 * (open it in Chrome DevTools → Performance, or in VS Code).
 *
 *   npx -y deno run -A bench/profile.ts "<text in query name>" [engine] [--seconds 5]
 *   e.g. npx -y deno run -A bench/profile.ts "count(*)"
 *        npx -y deno run -A bench/profile.ts "rowid lookups" "litejit interpreter"
 */
import { Session } from "node:inspector";
import { mkdirSync } from "node:fs";
import { openEngine, runQuery } from "./engines.ts";
import { ensureTripsDbs } from "./make_trips_db.ts";
import { BENCH_QUERIES } from "./queries.ts";
import { summarizeProfile, type V8Profile } from "./profile_summary.ts";

const OUT_DIR = new URL("./data/profiles/", import.meta.url).pathname;

function post<T>(s: Session, method: string, params: object = {}): Promise<T> {
  return new Promise((resolve, reject) =>
    s.post(method, params, (err, res) => (err ? reject(err) : resolve(res as T)))
  );
}

/** Profiles `query` on `engineName` for about `seconds`, returns the profile and run count. */
export async function profileQuery(
  match: string,
  engineName: string,
  seconds: number,
): Promise<{ profile: V8Profile; runs: number; name: string }> {
  const q = BENCH_QUERIES.find((x) => x.name.includes(match));
  if (!q) throw new Error(`no benchmark query named like "${match}"`);
  const engine = await openEngine(engineName);
  const st = engine.prepare(q.db, q.sql);
  runQuery(st, q, false); // warm up before sampling
  runQuery(st, q, false);
  const session = new Session();
  session.connect();
  await post(session, "Profiler.enable");
  await post(session, "Profiler.setSamplingInterval", { interval: 200 });
  await post(session, "Profiler.start");
  let runs = 0;
  const until = performance.now() + seconds * 1000;
  while (runs < 3 || performance.now() < until) {
    runQuery(st, q, false);
    runs++;
  }
  const { profile } = await post<{ profile: V8Profile }>(session, "Profiler.stop");
  session.disconnect();
  engine.close();
  return { profile, runs, name: q.name };
}

if (import.meta.main) {
  const positional = Deno.args.filter((a, i) =>
    !a.startsWith("--") && Deno.args[i - 1] !== "--seconds"
  );
  const [match, engineName = "litejit interpreter"] = positional;
  if (!match) throw new Error('usage: profile.ts "<text in query name>" [engine] [--seconds n]');
  const si = Deno.args.indexOf("--seconds");
  const seconds = si >= 0 ? Number(Deno.args[si + 1]) : 5;
  ensureTripsDbs();
  const { profile, runs, name } = await profileQuery(match, engineName, seconds);
  mkdirSync(OUT_DIR, { recursive: true });
  const file = OUT_DIR + name.replace(/[^a-z0-9]+/gi, "_") + ".cpuprofile";
  Deno.writeTextFileSync(file, JSON.stringify(profile));
  console.log(`${name} on ${engineName}: ${runs} runs profiled → ${file}\n`);
  console.log(summarizeProfile(profile, 25));
}
