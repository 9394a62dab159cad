import fc from "fast-check";
import { arbDbSpec, buildDb, cleanup, describe } from "/work/main/tests/support/random_db.ts";
const n = Number(Deno.args[0] ?? 30), seed = Number(Deno.args[1] ?? 1);
const specs = fc.sample(arbDbSpec, { seed, numRuns: n });
const t0 = performance.now();
let fails = 0;
for (const s of specs) {
  const t = performance.now();
  try {
    const b = buildDb(s, { writerView: true });
    const rows = b.expected.tables.reduce((a, t) => a + t.rows.length, 0);
    console.log(`${(performance.now() - t).toFixed(0)}ms rows=${rows} pages=${b.expected.pageCount} int=${b.expected.pages.internal} ovf=${b.expected.pages.overflow} free=${b.expected.freelistCount} wal=${JSON.stringify(b.wal)} :: ${describe(s).slice(0, 150)}`);
    cleanup(b);
  } catch (e) { fails++; console.log("FAIL", String(e).slice(0, 1500)); }
}
console.log("total", (performance.now() - t0).toFixed(0), "ms; fails", fails);
