/**
 * The browser example in real Chromium: the page bundled from examples/web/app.ts opens
 * examples/sample.db through its file input and shows, on every backend, the rows
 * node:sqlite returns for the same query; under a Content-Security-Policy that forbids
 * generating code, the default backend is the interpreter and js/wasm say why they cannot run.
 * Opened by URL (read lazily with range requests from scripts/web.ts), the same rows come
 * back and a selective query fetches less than the file.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { startWebServer } from "../scripts/web.ts";
import { TEST_BACKENDS } from "./support/backends.ts";

/** The backends the page's bundle registers: browser.ts has no tiered one (its size budget). */
const PAGE_BACKENDS = TEST_BACKENDS.filter((b) => b !== "tiered");
import { CHROMIUM_PATH, chromiumInstalled, launchChromium } from "./support/chromium.ts";
import {
  type Cell,
  openDatabaseUrl,
  openPage,
  pickDatabaseFile,
  readShown,
  runQuery,
} from "./support/web_page.ts";

const SAMPLE = new URL("../examples/sample.db", import.meta.url).pathname;
const ARTIFACTS = new URL("./artifacts/", import.meta.url).pathname;

/** Every storage class: INTEGER, TEXT, REAL (whole and not), NULL and a BLOB. */
const TYPED_QUERY = `SELECT t.id, s.name AS station, t.duration / 60.0 AS minutes,
  t.duration * 1.0 AS seconds, t.note,
  CASE WHEN t.id % 3 = 0 THEN x'00cafe' END AS tag
FROM trips t JOIN stations s ON s.id = t.start_station
WHERE t.id BETWEEN 90 AND 110 ORDER BY t.id`;
/** A scan the Wasm backend runs natively (the other two run as the JS backend's program). */
const NATIVE_QUERY = "SELECT id, name, population FROM cities WHERE population > 1000000";

const oracle = new DatabaseSync(SAMPLE, { readOnly: true });

/** node:sqlite's rows drawn as the page documents: NULL, x'hex' blobs, REALs with a point. */
function expectedCells(sql: string): Cell[][] {
  const st = oracle.prepare(sql);
  st.setReadBigInts(true);
  return st.all().map((row) =>
    Object.values(row).map((v): Cell => {
      if (v === null) return ["null", "NULL"];
      if (typeof v === "bigint") return ["integer", String(v)];
      if (typeof v === "number") return ["real", Number.isInteger(v) ? `${v}.0` : String(v)];
      if (typeof v === "string") return ["text", v];
      return ["blob", `x'${Buffer.from(v as Uint8Array).toString("hex")}'`];
    })
  );
}

function expectedColumns(sql: string): string[] {
  return oracle.prepare(sql).columns().map((c) => c.name);
}

/**
 * node:sqlite's EXPLAIN QUERY PLAN, each node as its path from the root ("A > B"), in
 * the tree's order (a node, then its children), as the page lists them.
 */
function expectedPlan(sql: string): string[] {
  const rows = oracle.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as {
    id: number;
    parent: number;
    detail: string;
  }[];
  const out: string[] = [];
  const walk = (parent: number, path: string[]) => {
    for (const r of rows.filter((r) => r.parent === parent)) {
      out.push([...path, r.detail].join(" > "));
      walk(r.id, [...path, r.detail]);
    }
  };
  walk(0, []);
  return out;
}

/** The page's "open N requests, B bytes · run M requests, C bytes". */
function parseFetched(text: string): Record<"open" | "run", { requests: number; bytes: number }> {
  const m = text.match(
    /^open (\d+) requests?, ([\d,]+) bytes · run (\d+) requests?, ([\d,]+) bytes$/,
  );
  assert.ok(m, `unexpected fetched text: ${text}`);
  const n = (s: string) => Number(s.replaceAll(",", ""));
  return {
    open: { requests: n(m[1]), bytes: n(m[2]) },
    run: { requests: n(m[3]), bytes: n(m[4]) },
  };
}

Deno.test({
  name: chromiumInstalled()
    ? "browser example: rows on every backend, and the Content-Security-Policy fallback"
    : `browser example (skipped: no chromium at ${CHROMIUM_PATH})`,
  ignore: !chromiumInstalled(),
  async fn(t) {
    const server = await startWebServer({ port: 0, quiet: true });
    const chromium = await launchChromium();
    const { page } = chromium;
    try {
      await openPage(page, server.url);
      await pickDatabaseFile(page, SAMPLE);
      const defaultSql = await page.$eval("#sql", (e) => (e as unknown as { value: string }).value);

      for (const backend of ["", ...PAGE_BACKENDS]) {
        await t.step(`backend ${backend || "default"}: rows, plan and program`, async () => {
          for (const sql of [defaultSql, TYPED_QUERY, NATIVE_QUERY]) {
            await runQuery(page, backend, sql);
            const shown = await readShown(page);
            assert.equal(shown.error, null);
            assert.equal(shown.backendUsed, backend || "js");
            assert.deepEqual(shown.columns, expectedColumns(sql));
            assert.deepEqual(shown.rows, expectedCells(sql));
            assert.deepEqual(shown.plan, expectedPlan(sql));
            assert.ok(shown.program.trim().length > 0, "the program pane is empty");
            if (backend === "wasm" && sql === NATIVE_QUERY) {
              assert.match(shown.program, /^\(module /, "no WAT shown");
            }
            assert.match(shown.timings, /^open [\d.]+ ms · prepare [\d.]+ ms · run [\d.]+ ms$/);
          }
        });
      }

      await t.step("a query error is shown as SQLite's code and message", async () => {
        await runQuery(page, "", "SELECT nope FROM cities");
        const shown = await readShown(page);
        assert.equal(shown.error, "SQLITE_ERROR: no such column: nope");
        assert.deepEqual(shown.rows, []);
      });

      await Deno.mkdir(ARTIFACTS, { recursive: true });
      await runQuery(page, "", defaultSql);
      await page.screenshot({ path: `${ARTIFACTS}browser_page.png` });

      const sampleSize = Deno.statSync(SAMPLE).size;
      for (const backend of ["", ...PAGE_BACKENDS]) {
        await t.step(`backend ${backend || "default"}: the sample opened by URL`, async () => {
          // A fresh connection per backend: the selective query runs on a cold cache.
          const atOpen = { ...server.sampleCounts };
          await openDatabaseUrl(page, backend, "sample.db");
          assert.equal((await readShown(page)).error, null);
          const status = await page.$eval("#db-status", (e) => e.textContent ?? "");
          assert.match(status, /sample\.db: 204,800 bytes, opened in [\d.]+ ms, fetched /);
          for (const sql of [TYPED_QUERY, defaultSql]) {
            const atRun = { ...server.sampleCounts };
            await runQuery(page, backend, sql);
            const shown = await readShown(page);
            assert.equal(shown.error, null);
            assert.equal(shown.backendUsed, backend || "js");
            assert.deepEqual(shown.columns, expectedColumns(sql));
            assert.deepEqual(shown.rows, expectedCells(sql));
            assert.deepEqual(shown.plan, expectedPlan(sql));
            assert.ok(shown.program.trim().length > 0, "the program pane is empty");
            // What the page shows is what the server sent.
            const fetched = parseFetched(shown.fetched);
            assert.deepEqual(fetched.run, {
              requests: server.sampleCounts.requests - atRun.requests,
              bytes: server.sampleCounts.bytes - atRun.bytes,
            });
            if (sql === TYPED_QUERY) {
              assert.deepEqual(fetched.open, {
                requests: atRun.requests - atOpen.requests,
                bytes: atRun.bytes - atOpen.bytes,
              });
              assert.ok(fetched.run.requests > 0, "a cold run fetched nothing");
              assert.ok(
                fetched.open.bytes + fetched.run.bytes < sampleSize / 4,
                `fetched ${shown.fetched} of a ${sampleSize}-byte file`,
              );
            }
          }
        });
      }

      await t.step("a URL that cannot be read is an error, not an open database", async () => {
        await openDatabaseUrl(page, "", "no-such.db");
        const shown = await readShown(page);
        assert.match(shown.error ?? "", /^SQLITE_\w+: .*404/);
      });
      await openDatabaseUrl(page, "", "sample.db");
      await runQuery(page, "", TYPED_QUERY);
      await page.screenshot({ path: `${ARTIFACTS}browser_url.png` });

      for (const prefix of ["csp/", "csp-wasm/"]) {
        await t.step(`/${prefix}: the interpreter by default, js and wasm refused`, async () => {
          await openPage(page, server.url + prefix);
          await pickDatabaseFile(page, SAMPLE);
          await runQuery(page, "", TYPED_QUERY);
          const shown = await readShown(page);
          assert.equal(shown.error, null);
          assert.equal(shown.backendUsed, "interpreter");
          assert.deepEqual(shown.rows, expectedCells(TYPED_QUERY));
          assert.ok(shown.program.includes("OpenRead"), "no bytecode listing shown");

          // The wasm backend runs its statement's JS segments with new Function, so even
          // 'wasm-unsafe-eval' is not enough for it.
          for (const refused of ["js", "wasm"]) {
            await runQuery(page, refused, null);
            const { error, rows } = await readShown(page);
            assert.match(error ?? "", /^SQLITE_ERROR: backend "\w+" cannot run here: /);
            assert.match(error ?? "", /Content-Security-Policy/);
            assert.deepEqual(rows, []);
          }
          await page.screenshot({ path: `${ARTIFACTS}browser_${prefix.slice(0, -1)}.png` });
        });
      }
    } catch (e) {
      console.error(chromium.log.join("\n"));
      throw e;
    } finally {
      await chromium.close();
      await server.shutdown();
    }
  },
});
