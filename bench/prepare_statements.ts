/**
 * Prepare latency on typical application statements (issue 33): point lookups, 2–3-table
 * joins with WHERE / GROUP BY / ORDER BY / LIMIT, CTEs, sub-queries, a window, a compound,
 * each prepared with the statement cache off, litejit (the default backend and `js`)
 * beside node:sqlite's `prepare` of the same text on the same file, in the same process,
 * in turn. Before timing, every statement's rows are checked equal to node:sqlite's.
 *
 *   npx -y deno task bench:prepare [--samples N] [--bench]
 *
 * (The task passes `--expose-gc`: node:sqlite is measured with its statements collected.)
 *
 * `--bench` also measures the bench table's queries (bench/queries.ts) the same way.
 * Prints one row per statement (µs and ratio) and the geometric mean and worst ratio.
 */
import { DatabaseSync } from "node:sqlite";
import { Database } from "../mod.ts";
import type { SqlValue } from "../core/value/types.ts";
import { ensureTripsDbs } from "./make_trips_db.ts";
import { BENCH_QUERIES } from "./queries.ts";
import { machine } from "./machine.ts";
import { median } from "./stats.ts";

const SAMPLE_DB = new URL("../examples/sample.db", import.meta.url).pathname;

/** A statement as an application writes it, with the parameters one call binds. */
export interface TypicalStatement {
  name: string;
  sql: string;
  params: SqlValue[];
}

/** Typical statements over examples/sample.db (cities, stations, trips, translations). */
export const TYPICAL_STATEMENTS: readonly TypicalStatement[] = [
  { name: "row by id", sql: "SELECT * FROM cities WHERE id = ?", params: [3] },
  {
    name: "top rows of a filter",
    sql: "SELECT name, population FROM cities WHERE country = ? ORDER BY population DESC LIMIT 10",
    params: ["FR"],
  },
  {
    name: "count through an index",
    sql: "SELECT count(*) FROM trips WHERE start_station = ?",
    params: [4],
  },
  {
    name: "join, filter, order, limit",
    sql: "SELECT t.id, s.name, t.duration FROM trips t JOIN stations s ON s.id = t.start_station " +
      "WHERE t.duration > ? ORDER BY t.duration DESC LIMIT 20",
    params: [1800],
  },
  {
    name: "3-table join with GROUP BY / HAVING",
    sql: "SELECT c.name AS city, s.name AS station, count(*) AS trips, avg(t.duration) AS mean " +
      "FROM trips AS t JOIN stations AS s ON s.id = t.start_station " +
      "JOIN cities AS c ON c.id = s.city_id " +
      "WHERE t.duration BETWEEN ? AND ? AND c.country IN ('FR', 'DE', 'NL') " +
      "GROUP BY c.name, s.name HAVING count(*) > 1 ORDER BY trips DESC, city LIMIT 20",
    params: [60, 3600],
  },
  {
    name: "LEFT JOIN with GROUP BY",
    sql: "SELECT s.name, count(t.id) AS n FROM stations s LEFT JOIN trips t " +
      "ON t.start_station = s.id GROUP BY s.id ORDER BY n DESC, s.name LIMIT 5",
    params: [],
  },
  {
    name: "CTE joined",
    sql: "WITH busy AS (SELECT start_station, count(*) AS n FROM trips GROUP BY start_station) " +
      "SELECT s.name, b.n FROM busy b JOIN stations s ON s.id = b.start_station " +
      "WHERE b.n > ? ORDER BY b.n DESC, s.name",
    params: [10],
  },
  {
    name: "index range with ORDER BY",
    sql:
      "SELECT * FROM trips WHERE started_at >= ? AND started_at < ? ORDER BY started_at LIMIT 50",
    params: ["2024-03-01", "2024-04-01"],
  },
  {
    name: "WITHOUT ROWID key lookup",
    sql: "SELECT text FROM translations WHERE lang = ? AND word = ?",
    params: ["fr", "hello"],
  },
  {
    name: "correlated scalar sub-query",
    sql: "SELECT c.name, (SELECT count(*) FROM stations s WHERE s.city_id = c.id) AS stations " +
      "FROM cities c ORDER BY c.name",
    params: [],
  },
  {
    name: "IN sub-query on a view",
    sql:
      "SELECT id, duration FROM trips WHERE id IN (SELECT id FROM long_trips) ORDER BY id LIMIT 10",
    params: [],
  },
  { name: "DISTINCT", sql: "SELECT DISTINCT country FROM cities ORDER BY country", params: [] },
  {
    name: "GROUP BY with HAVING",
    sql: "SELECT country, avg(population) AS pop, max(founded) AS oldest FROM cities " +
      "GROUP BY country HAVING count(*) > ?",
    params: [1],
  },
  {
    name: "LIKE search",
    sql: "SELECT id, name FROM stations WHERE name LIKE ? ORDER BY name LIMIT 10",
    params: ["%a%"],
  },
  {
    name: "row with two lookups",
    sql: "SELECT t.*, s.name AS start_name, e.name AS end_name FROM trips t " +
      "JOIN stations s ON s.id = t.start_station JOIN stations e ON e.id = t.end_station " +
      "WHERE t.id = ?",
    params: [17],
  },
  {
    name: "UNION",
    sql: "SELECT name FROM cities WHERE country = ? UNION SELECT name FROM stations " +
      "WHERE lat > ? ORDER BY 1",
    params: ["FR", 48],
  },
  {
    name: "window function",
    sql: "SELECT id, duration, rank() OVER (PARTITION BY start_station ORDER BY duration DESC) " +
      "AS r FROM trips WHERE start_station = ?",
    params: [2],
  },
  {
    name: "GROUP BY an expression",
    sql: "SELECT strftime('%Y-%m', started_at) AS month, count(*) AS n, sum(duration) AS total " +
      "FROM trips GROUP BY month ORDER BY month",
    params: [],
  },
  {
    name: "EXISTS",
    sql: "SELECT EXISTS (SELECT 1 FROM trips WHERE start_station = ? AND duration > ?) AS any",
    params: [3, 3000],
  },
  {
    name: "recursive CTE",
    sql: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) " +
      "SELECT sum(i) FROM n",
    params: [100],
  },
  {
    name: "two-column index range, descending",
    sql: "SELECT id, duration FROM trips WHERE start_station = ? AND duration BETWEEN ? AND ? " +
      "ORDER BY duration DESC",
    params: [5, 600, 1800],
  },
];

/** A statement to measure: its database, text and parameters. */
interface Measured {
  name: string;
  db: string;
  sql: string;
  params: SqlValue[];
}

/** Rows as JSON, BigInts as text. */
function rowsText(rows: unknown[]): string {
  return JSON.stringify(rows, (_k, v) => typeof v === "bigint" ? String(v) : v);
}

const gc = (globalThis as { gc?: () => void }).gc;

/**
 * Microseconds of each of `samples` prepares after a quarter as many untimed. With
 * `collect`, a garbage collection (untimed) every 50 prepares: node:sqlite's statements
 * are finalized only when collected, and its prepare takes 4-5 times longer once
 * thousands of them are left open (measured: 4.7 µs against 19-25 µs for a point lookup),
 * which an application whose other work collects now and then never sees.
 */
function prepareTimes(prepare: () => void, samples: number, collect = false): number[] {
  const times: number[] = [];
  for (let i = 0; i < samples * 1.25; i++) {
    if (collect && i % 50 === 0) gc?.();
    const t = performance.now();
    prepare();
    if (i >= samples / 4) times.push((performance.now() - t) * 1000);
  }
  return times;
}

if (import.meta.main) {
  const at = Deno.args.indexOf("--samples");
  const samples = at >= 0 ? Number(Deno.args[at + 1]) : 400;
  const statements: Measured[] = TYPICAL_STATEMENTS.map((s) => ({ ...s, db: SAMPLE_DB }));
  if (Deno.args.includes("--bench")) {
    ensureTripsDbs();
    for (const q of BENCH_QUERIES) {
      statements.push({ name: `bench: ${q.name}`, db: q.db, sql: q.sql, params: [] });
    }
  }
  const engines = ["default", "js"] as const;
  const natives = new Map<string, DatabaseSync>();
  const ours = new Map<string, Database>();
  const native = (db: string) => {
    let d = natives.get(db);
    if (!d) natives.set(db, d = new DatabaseSync(db, { readOnly: true }));
    return d;
  };
  const litejit = (db: string, engine: string) => {
    let d = ours.get(`${engine} ${db}`);
    if (!d) {
      const backend = engine === "default" ? undefined : engine as "js";
      ours.set(`${engine} ${db}`, d = new Database(db, { backend, statementCache: 0 }));
    }
    return d;
  };
  // Rows equal first: a fast prepare of a wrong statement proves nothing.
  for (const s of statements) {
    const expected = rowsText(native(s.db).prepare(s.sql).all(...s.params as never[]));
    for (const e of engines) {
      const got = rowsText(litejit(s.db, e).prepare(s.sql).all(...s.params));
      if (got !== expected) throw new Error(`${e}: rows differ from node:sqlite's: ${s.name}`);
    }
  }
  const m = machine();
  console.log(`${m.date}, ${m.cpu}, ${m.cores} cores (${m.os}); Deno ${m.deno}; load ${m.load}`);
  console.log(
    `median of ${samples} prepares (statement cache off), after ${samples / 4} untimed\n`,
  );
  console.log("| statement | node:sqlite | litejit default | ratio | litejit js | ratio |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  const logs: Record<string, number[]> = { default: [], js: [] };
  const us = (x: number) => `${x.toFixed(1)} µs`;
  for (const s of statements) {
    const nat = native(s.db), dbs = engines.map((e) => litejit(s.db, e));
    const times: number[][] = [[], [], []];
    // In turn, in rounds, so that the machine's drift falls on all three alike.
    for (let round = 0; round < 4; round++) {
      times[0].push(...prepareTimes(() => nat.prepare(s.sql), samples / 4, true));
      dbs.forEach((d, i) =>
        times[i + 1].push(...prepareTimes(() => d.prepare(s.sql), samples / 4))
      );
    }
    const [n, ...ourMedians] = times.map(median);
    const cells = ourMedians.map((t, i) => {
      logs[engines[i]].push(Math.log(t / n));
      return `${us(t)} | ${(t / n).toFixed(2)}×`;
    });
    console.log(`| ${s.name} | ${us(n)} | ${cells.join(" | ")} |`);
  }
  console.log();
  for (const e of engines) {
    const l = logs[e];
    const geo = Math.exp(l.reduce((a, b) => a + b, 0) / l.length);
    console.log(
      `${e}: geometric mean ${geo.toFixed(2)}×, worst ${Math.exp(Math.max(...l)).toFixed(2)}×`,
    );
  }
}
