/**
 * Queries end to end: litejit (every backend) against node:sqlite in the same process, on
 * the same 100,000-row file built at startup in a temporary folder. Each query's results
 * are checked equal before anything is timed. Statements are prepared once and re-run:
 * the "prepare" group shows what compiling costs next to one run.
 *
 *   npx -y deno bench -A bench/query_bench.ts
 *
 * The full suite against a 1.5-million-row database is issue 6's; this one keeps the
 * interpreter honest while it grows.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { Database } from "../mod.ts";
import { AVAILABLE_BACKENDS } from "../backends/registry.ts";

const ROWS = 100_000;
const STATIONS = 150;

function buildDb(): string {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_bench_" });
  const path = join(dir, "trips.db");
  const db = new DatabaseSync(path);
  db.exec(`CREATE TABLE stations(id INTEGER PRIMARY KEY, name TEXT, city TEXT);
    CREATE TABLE trips(id INTEGER PRIMARY KEY, duration INTEGER, start_date TEXT,
      start_station INTEGER, end_station INTEGER, bike TEXT, sub_type TEXT);
    CREATE INDEX trips_start_date ON trips(start_date);`);
  db.exec("BEGIN");
  const st = db.prepare("INSERT INTO stations VALUES (?, ?, ?)");
  for (let i = 1; i <= STATIONS; i++) st.run(i, `Station ${i}`, i % 3 ? "Boston" : "Cambridge");
  const tr = db.prepare("INSERT INTO trips VALUES (?, ?, ?, ?, ?, ?, ?)");
  let seed = 12345;
  const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  for (let i = 1; i <= ROWS; i++) {
    const day = new Date(Date.UTC(2012, 0, 1) + i * 300_000).toISOString().slice(0, 19);
    tr.run(
      i,
      i % 97 === 0 ? null : 60 + rnd(7200),
      day.replace("T", " "),
      1 + rnd(STATIONS),
      1 + rnd(STATIONS),
      `B${rnd(3000)}`,
      rnd(5) ? "Registered" : "Casual",
    );
  }
  db.exec("COMMIT");
  db.close();
  return path;
}

const path = buildDb();
const oracle = new DatabaseSync(path, { readOnly: true });

const QUERIES: [string, string][] = [
  ["count(*)", "SELECT count(*) FROM trips"],
  [
    "group by station, filtered",
    "SELECT start_station, count(*), avg(duration) FROM trips WHERE duration > 600 GROUP BY start_station",
  ],
  ["select * limit 100", "SELECT * FROM trips LIMIT 100"],
  [
    "index range",
    "SELECT id, duration FROM trips WHERE start_date BETWEEN '2012-03-01' AND '2012-03-08'",
  ],
  [
    "join + group by",
    "SELECT s.city, count(*), sum(t.duration) FROM trips t JOIN stations s ON s.id = t.start_station GROUP BY s.city",
  ],
  ["filtered aggregate", "SELECT sum(duration), max(bike) FROM trips WHERE sub_type = 'Casual'"],
  ["order by limit 10", "SELECT id, duration FROM trips ORDER BY duration DESC LIMIT 10"],
  ["20k rows as objects", "SELECT * FROM trips WHERE id <= 20000"],
];

for (const backend of AVAILABLE_BACKENDS) {
  const db = new Database(path, { backend });
  for (const [name, sql] of QUERIES) {
    const ours = db.prepare(sql);
    const theirs = oracle.prepare(sql);
    const a = ours.values();
    const b = theirs.all().map((r) => Object.values(r));
    if (!isDeepStrictEqual(a, b)) throw new Error(`${name}: ${backend} differs from node:sqlite`);
    Deno.bench(`${name}: litejit ${backend}`, { group: name }, () => {
      ours.all();
    });
  }
  const lookup = db.prepare("SELECT * FROM trips WHERE id = ?");
  Deno.bench(`1000 rowid lookups: litejit ${backend}`, { group: "rowid lookups" }, () => {
    for (let i = 1; i <= 1000; i++) lookup.get(i * 97);
  });
  Deno.bench(`prepare a 2-table join: litejit ${backend}`, { group: "prepare" }, () => {
    db.prepare(`SELECT s.name, t.duration FROM trips t JOIN stations s ON s.id = t.start_station
      WHERE t.id = ? /* ${Math.random()} */`);
  });
}

for (const [name, sql] of QUERIES) {
  const theirs = oracle.prepare(sql);
  Deno.bench(`${name}: node:sqlite`, { group: name, baseline: true }, () => {
    theirs.all();
  });
}
const lookup = oracle.prepare("SELECT * FROM trips WHERE id = ?");
Deno.bench("1000 rowid lookups: node:sqlite", { group: "rowid lookups", baseline: true }, () => {
  for (let i = 1; i <= 1000; i++) lookup.get(i * 97);
});
Deno.bench("prepare a 2-table join: node:sqlite", { group: "prepare", baseline: true }, () => {
  oracle.prepare(`SELECT s.name, t.duration FROM trips t JOIN stations s ON s.id = t.start_station
      WHERE t.id = ? /* ${Math.random()} */`);
});
