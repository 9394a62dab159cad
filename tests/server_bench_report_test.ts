/**
 * The server benchmark's table (bench/server/report.ts): ratios against better-sqlite3's row
 * of the same workers, writer and endpoint, failed requests shown, and the README region
 * between the markers replaced. Expectations are written out by hand.
 */
import assert from "node:assert/strict";
import {
  bestRows,
  END,
  formatTable,
  replaceRegion,
  type ResultRow,
} from "../bench/server/report.ts";

const load = (requestsPerSecond: number, failed = 0) => ({
  requestsPerSecond,
  p50: 1.25,
  p99: 9,
  total: requestsPerSecond * 5,
  non2xx: failed,
  errors: 0,
});

const INFO = {
  connections: 50,
  seconds: 5,
  warmupSeconds: 1,
  rows: 5000,
  node: "v20",
  deno: "2",
  cpu: "cpu",
  cores: 2,
  date: "2026-01-01",
};

Deno.test("server bench report: ratios to better-sqlite3 with the same workers, writer, endpoint", () => {
  const rows: ResultRow[] = [
    {
      engine: "better-sqlite3",
      runtime: "Node",
      workers: 1,
      writerCommitsPerSecond: null,
      endpoint: "e",
      load: load(1000),
    },
    {
      engine: "litejit js",
      runtime: "Node",
      workers: 1,
      writerCommitsPerSecond: null,
      endpoint: "e",
      load: load(1500),
    },
    {
      engine: "better-sqlite3",
      runtime: "Node",
      workers: 1,
      writerCommitsPerSecond: 90,
      endpoint: "e",
      load: load(400),
    },
    {
      engine: "litejit js",
      runtime: "Node",
      workers: 1,
      writerCommitsPerSecond: 101.4,
      endpoint: "e",
      load: load(600, 3),
    },
    {
      engine: "litejit js",
      runtime: "Node",
      workers: 2,
      writerCommitsPerSecond: null,
      endpoint: "e",
      load: load(2000),
    },
  ];
  const lines = formatTable(rows, INFO).split("\n").slice(4);
  assert.deepEqual(lines, [
    "| better-sqlite3 | Node | 1 | — | e | 1000 | 1.3 | 9.0 | 1.00× |",
    "| litejit js | Node | 1 | — | e | 1500 | 1.3 | 9.0 | 1.50× |",
    "| better-sqlite3 | Node | 1 | 90 commits/s | e | 400 | 1.3 | 9.0 | 1.00× |",
    "| litejit js | Node | 1 | 101 commits/s | e | 600 (3 failed) | 1.3 | 9.0 | 1.50× |",
    "| litejit js | Node | 2 | — | e | 2000 | 1.3 | 9.0 | — |",
  ]);
});

Deno.test("server bench report: only the region between the markers is replaced", () => {
  const readme = "a\n<!-- server-bench:start -->\nold\n<!-- server-bench:end -->\nb\n";
  assert.equal(
    replaceRegion(readme, "new"),
    "a\n<!-- server-bench:start -->\n\nnew\n\n<!-- server-bench:end -->\nb\n",
  );
  assert.throws(() => replaceRegion("no markers", "x"), new RegExp(END));
});

Deno.test("server bench report: each row is the round with the best req/s", () => {
  const row = (engine: string, endpoint: string, rps: number, writer: number | null) => ({
    engine,
    runtime: "Node",
    workers: 1,
    writerCommitsPerSecond: writer,
    endpoint,
    load: load(rps),
  });
  const rounds: ResultRow[][] = [
    [row("a", "list", 100, null), row("a", "list", 50, 90), row("b", "list", 7, null)],
    [row("b", "list", 9, null), row("a", "list", 300, null), row("a", "list", 70, 80)],
    [row("a", "list", 200, null), row("b", "list", 8, null), row("a", "list", 60, 100)],
  ];
  const picked = bestRows(rounds);
  assert.deepEqual(picked.map((r) => [r.engine, r.load.requestsPerSecond]), [
    ["a", 300],
    ["a", 70],
    ["b", 9],
  ]);
  // The writer's rate comes with the row picked (its own run), not from another round.
  assert.equal(picked[1].writerCommitsPerSecond, 80);
});
