/**
 * The benchmark queries, shared by the `deno bench` suite (`suite_bench.ts`) and the ratio
 * table (`table.ts`). Each runs the same way on every engine: `all()` (rows as objects),
 * or, for point lookups, one `get(key)` per key.
 */
import { DatabaseSync } from "node:sqlite";
import { Rng, TRIP_ROWS, TRIPS_DB, TRIPS_UTF16_DB } from "./make_trips_db.ts";

/** How one run of a query calls its statement. */
export type RunKind =
  | { kind: "all" }
  | { kind: "lookups"; keys: () => readonly (number | string)[] };

/** A benchmark query. */
export interface BenchQuery {
  /** Short name, the bench group and the table row. */
  name: string;
  /** Database file it runs on. */
  db: string;
  /** The SQL text. */
  sql: string;
  /** How a run calls it. */
  run: RunKind;
}

/** 100,000 rowids spread over the whole table, the same on every run. */
export function lookupIds(count = 100_000): number[] {
  const rng = new Rng(0x10c4);
  return Array.from({ length: count }, () => 1 + rng.int(TRIP_ROWS));
}

/**
 * The `start_date` of each row {@link lookupIds} names, read from the database the first
 * time they are asked for: keys of the index `trips_start_date` (nearly unique).
 */
function startDateKeys(): readonly string[] {
  startDates ??= (() => {
    const db = new DatabaseSync(TRIPS_DB, { readOnly: true });
    const st = db.prepare("SELECT start_date AS d FROM trips WHERE id = ?");
    const keys = lookupIds().map((id) => (st.get(id) as { d: string }).d);
    db.close();
    return keys;
  })();
  return startDates;
}
let startDates: readonly string[] | undefined;

const ROWIDS = lookupIds();
const ALL: RunKind = { kind: "all" };

/** Every benchmark query, in table order. */
export const BENCH_QUERIES: readonly BenchQuery[] = [
  { name: "count(*)", db: TRIPS_DB, sql: "SELECT count(*) AS n FROM trips", run: ALL },
  {
    name: "group by station, duration > 600",
    db: TRIPS_DB,
    sql: "SELECT start_station, count(*) AS n, avg(duration) AS mean FROM trips " +
      "WHERE duration > 600 GROUP BY start_station",
    run: ALL,
  },
  { name: "select * limit 100", db: TRIPS_DB, sql: "SELECT * FROM trips LIMIT 100", run: ALL },
  {
    name: "index range on start_date (1 week)",
    db: TRIPS_DB,
    sql: "SELECT id, start_date, duration, start_station FROM trips " +
      "WHERE start_date >= '2012-07-01' AND start_date < '2012-07-08'",
    run: ALL,
  },
  {
    name: "join stations + group by",
    db: TRIPS_DB,
    sql: "SELECT s.municipality, count(*) AS n, sum(t.duration) AS total FROM trips t " +
      "JOIN stations s ON s.id = t.start_station GROUP BY s.municipality",
    run: ALL,
  },
  {
    name: "200k rows as objects",
    db: TRIPS_DB,
    sql: "SELECT * FROM trips WHERE id > 500000 AND id <= 700000",
    run: ALL,
  },
  {
    name: "filtered aggregate scan",
    db: TRIPS_DB,
    sql: "SELECT count(*) AS n, sum(duration) AS total, max(bike_number) AS bike FROM trips " +
      "WHERE sub_type = 'Casual' AND end_station = start_station",
    run: ALL,
  },
  {
    name: "order by duration desc limit 10",
    db: TRIPS_DB,
    sql: "SELECT id, start_station, duration FROM trips ORDER BY duration DESC LIMIT 10",
    run: ALL,
  },
  {
    name: "100k rowid lookups",
    db: TRIPS_DB,
    sql: "SELECT * FROM trips WHERE id = ?",
    run: { kind: "lookups", keys: () => ROWIDS },
  },
  {
    name: "100k index equality lookups",
    db: TRIPS_DB,
    sql: "SELECT * FROM trips WHERE start_date = ?",
    run: { kind: "lookups", keys: startDateKeys },
  },
  {
    name: "long UTF-8 text (150 × 2–30k chars)",
    db: TRIPS_DB,
    sql: "SELECT id, station, description FROM stations",
    run: ALL,
  },
  {
    name: "long UTF-16 text (150 × 2–30k chars)",
    db: TRIPS_UTF16_DB,
    sql: "SELECT id, station, description FROM stations",
    run: ALL,
  },
  {
    name: "200k rows as objects, UTF-16",
    db: TRIPS_UTF16_DB,
    sql: "SELECT * FROM trips WHERE id > 500000 AND id <= 700000",
    run: ALL,
  },
];
