/**
 * The sqllogictest corpus, executed: every `query` record SQLite runs in
 * tests/sqllogictest/ is answered through litejit's public API on the database as of that
 * record, for every backend, and its result is checked by the sqllogictest rules (value
 * rendering per type letter, sort modes, MD5 hashes over the hash threshold).
 *
 * At least 99.9% of the queries must pass per backend; every failure must be listed in
 * tests/expectations.json under {@link AREA} (key `file:line`, with a reason) and no listed
 * case may pass.
 *
 * LITEJIT_SLT_ENGINE=oracle runs the same checks with node:sqlite as the engine: that must
 * pass 100% (it validates the rendering, sorting and hashing code without litejit).
 * LITEJIT_SLT_FILTER=<substring> limits the run to matching corpus files.
 */
import assert from "node:assert/strict";
import { knownGaps } from "./support/expectations.ts";
import { listSltFiles } from "./support/slt_parse.ts";
import { runSltFile, type SltEngine, type SltFileResult } from "./support/slt_run.ts";
import { TEST_BACKENDS } from "./support/backends.ts";

/** The key of this suite's known gaps in tests/expectations.json. */
const AREA = "sqllogictest execution";
const MIN_PASS_RATE = 0.999;
const MAX_REPORTED = 20;

const oracle = Deno.env.get("LITEJIT_SLT_ENGINE") === "oracle";
const engines: readonly SltEngine[] = oracle ? ["oracle"] : TEST_BACKENDS;
const filter = Deno.env.get("LITEJIT_SLT_FILTER") ?? "";

function excerpt(sql: string): string {
  const line = sql.replace(/\s+/g, " ");
  return line.length > 200 ? `${line.slice(0, 200)}...` : line;
}

for (const engine of engines) {
  Deno.test(`sqllogictest execution (${engine})`, async (t) => {
    const files = listSltFiles().filter((f) => f.includes(filter));
    assert.ok(files.length > 0, `no corpus file matches LITEJIT_SLT_FILTER=${filter}`);
    const gaps = oracle ? new Map<string, string>() : knownGaps(AREA);
    const started = performance.now();
    const results: SltFileResult[] = [];
    const unlisted: string[] = [];
    const stale: string[] = [];
    for (const rel of files) {
      await t.step(rel, () => {
        const r = runSltFile(rel, engine);
        results.push(r);
        const failed = new Set(r.failures.map((f) => f.where));
        const fileUnlisted = r.failures.filter((f) => !gaps.has(f.where));
        for (const f of fileUnlisted) {
          unlisted.push(`${f.where}: ${f.message}\n  ${excerpt(f.sql)}`);
        }
        const visited = new Set(r.visited);
        for (const where of gaps.keys()) {
          if (!where.startsWith(`${rel}:`)) continue;
          if (!visited.has(where)) stale.push(`${where} (no query record there)`);
          else if (!failed.has(where)) stale.push(`${where} (passes now)`);
        }
        const slow = r.slowest.map((s) => `${s.where.split(":").pop()} ${s.ms.toFixed(0)} ms`);
        console.log(
          `[${engine}] ${rel}: ${r.queries} queries, ${r.passed} passed, ` +
            `${r.failures.length} failed (${fileUnlisted.length} not listed), ` +
            `${(r.ms / 1000).toFixed(1)} s; slowest: ${slow.join(", ")}`,
        );
      });
    }
    const queries = results.reduce((n, r) => n + r.queries, 0);
    const passed = results.reduce((n, r) => n + r.passed, 0);
    const slowest = results.flatMap((r) => r.slowest).sort((a, b) => b.ms - a.ms).slice(0, 10);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `[${engine}] sqllogictest execution: ${files.length} files, ${queries} queries, ` +
        `${passed} passed (${((100 * passed) / Math.max(1, queries)).toFixed(3)}%), ${seconds} s` +
        `\n  slowest queries: ${slowest.map((s) => `${s.where} ${s.ms.toFixed(0)} ms`).join(", ")}`,
    );
    const shown = unlisted.slice(0, MAX_REPORTED).join("\n");
    const more = unlisted.length > MAX_REPORTED ? `\n... ${unlisted.length} in all` : "";
    assert.equal(unlisted.length, 0, `failures not listed in expectations.json:\n${shown}${more}`);
    assert.deepEqual(stale, [], `stale entries in expectations.json (${AREA})`);
    if (oracle) assert.equal(passed, queries, "node:sqlite must pass every query");
    else assert.ok(passed >= MIN_PASS_RATE * queries, `only ${passed} of ${queries} passed`);
    if (!filter) assert.ok(queries > 200_000, `only ${queries} queries walked`);
  });
}
