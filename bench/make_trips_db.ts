/**
 * Writes the benchmark databases: a HubWay-like bike-share history of 1.5 million trips
 * and 150 stations, once in UTF-8 (`bench/data/trips.db`) and once in UTF-16le
 * (`bench/data/trips_utf16.db`), with node:sqlite (one transaction, prepared inserts).
 * Deterministic: a fixed seed gives byte-identical rows on every run.
 *
 *   npx -y deno task bench:data          # writes both files (skips those already there)
 *   npx -y deno task bench:data --force  # rewrites them
 *
 * `bench/data/` is ignored by git.
 */
import { DatabaseSync } from "node:sqlite";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { stationDescription } from "./station_text.ts";

/** Folder the databases live in. */
export const DATA_DIR: string = new URL("./data/", import.meta.url).pathname;
/** The UTF-8 database. */
export const TRIPS_DB: string = DATA_DIR + "trips.db";
/** The same rows in a UTF-16le database. */
export const TRIPS_UTF16_DB: string = DATA_DIR + "trips_utf16.db";

/** Rows in `trips`. */
export const TRIP_ROWS = 1_500_000;
/** Rows in `stations`. */
export const STATION_ROWS = 150;
const SEED = 0x5eed2011;

/** A small, fast, seeded PRNG (mulberry32): `next()` in [0, 1). */
export class Rng {
  #s: number;
  constructor(seed: number) {
    this.#s = seed >>> 0;
  }
  next(): number {
    let t = (this.#s = (this.#s + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
}

const SCHEMA = `
  CREATE TABLE stations(
    id INTEGER PRIMARY KEY,
    station TEXT NOT NULL,
    municipality TEXT,
    lat REAL,
    lng REAL,
    description TEXT
  );
  CREATE TABLE trips(
    id INTEGER PRIMARY KEY,
    duration INTEGER,
    start_date TEXT,
    start_station INTEGER,
    end_date TEXT,
    end_station INTEGER,
    bike_number TEXT,
    sub_type TEXT,
    zip_code TEXT,
    birth_date INTEGER,
    gender TEXT
  );`;

const STREETS = [
  "Boylston St",
  "Newbury St",
  "Tremont St",
  "Massachusetts Ave",
  "Beacon St",
  "Commonwealth Ave",
  "Cambridge St",
  "Summer St",
  "Washington St",
  "Charles St",
  "Huntington Ave",
  "Congress St",
  "Atlantic Ave",
  "Broadway",
  "Hampshire St",
];
const PLACES = ["Boston", "Cambridge", "Somerville", "Brookline"];

const T0 = Date.UTC(2011, 6, 28, 10, 0, 0) / 1000; // first trip, seconds
const T1 = Date.UTC(2013, 10, 30, 23, 0, 0) / 1000; // last trip

/** `YYYY-MM-DD HH:MM:SS` for a UTC time in seconds (no Date object per row). */
function formatTime(sec: number, days: Map<number, string>): string {
  const day = Math.floor(sec / 86400);
  let prefix = days.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * 86400_000).toISOString().slice(0, 10) + " ";
    days.set(day, prefix);
  }
  const s = sec - day * 86400;
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, x = s % 60;
  return prefix + (h < 10 ? "0" : "") + h + (m < 10 ? ":0" : ":") + m + (x < 10 ? ":0" : ":") +
    x;
}

/** A trip length in seconds: mostly 3–30 minutes, a long tail up to several days. */
function duration(rng: Rng): number {
  const u = rng.next();
  if (u < 0.002) return 86400 + rng.int(8 * 86400); // forgotten bikes: unique-ish top values
  if (u < 0.05) return 1800 + rng.int(4 * 3600);
  return 60 + Math.floor(Math.exp(rng.next() * Math.log(1800 / 60)) * 60 * (0.5 + rng.next()));
}

function writeStations(db: DatabaseSync, rng: Rng): void {
  const st = db.prepare("INSERT INTO stations VALUES (?, ?, ?, ?, ?, ?)");
  for (let id = 1; id <= STATION_ROWS; id++) {
    const street = STREETS[rng.int(STREETS.length)];
    const place = PLACES[id % 7 === 0 ? 3 : id % 5 === 0 ? 2 : id % 3 === 0 ? 1 : 0];
    st.run(
      id,
      `${100 + rng.int(900)} ${street} - station ${id}`,
      id % 41 === 0 ? null : place,
      42.3 + rng.next() * 0.12,
      -71.15 + rng.next() * 0.12,
      stationDescription(id, rng),
    );
  }
}

function writeTrips(db: DatabaseSync, rng: Rng, label: string): void {
  const st = db.prepare("INSERT INTO trips VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  const days = new Map<number, string>();
  const gap = (T1 - T0) / TRIP_ROWS;
  for (let id = 1; id <= TRIP_ROWS; id++) {
    // Trips arrive roughly in start order, as in the real HubWay export.
    const start = Math.floor(T0 + id * gap + rng.int(1800));
    const dur = duration(rng);
    const casual = rng.next() < 0.22;
    const from = 1 + rng.int(STATION_ROWS);
    st.run(
      id,
      id % 997 === 0 ? null : dur,
      formatTime(start, days),
      id % 4999 === 0 ? null : from,
      formatTime(start + dur, days),
      id % 1499 === 0 ? null : rng.next() < 0.1 ? from : 1 + rng.int(STATION_ROWS),
      "B" + String(rng.int(1100)).padStart(5, "0"),
      casual ? "Casual" : "Registered",
      casual ? null : "'0" + String(1000 + rng.int(2800)),
      casual || rng.next() < 0.08 ? null : 1935 + rng.int(60),
      casual ? null : rng.next() < 0.27 ? "Female" : "Male",
    );
    if (id % 250_000 === 0) console.log(`  ${label}: ${id.toLocaleString("en")} trips`);
  }
}

/** Writes one database at `path` with text encoding `encoding`, atomically (temp + rename). */
export function writeTripsDb(path: string, encoding: "UTF-8" | "UTF-16le"): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = path + ".partial";
  rmSync(tmp, { force: true });
  const started = performance.now();
  const db = new DatabaseSync(tmp);
  db.exec(`PRAGMA encoding = '${encoding}'; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;`);
  db.exec(SCHEMA);
  db.exec("BEGIN");
  const rng = new Rng(SEED);
  writeStations(db, rng);
  writeTrips(db, rng, encoding);
  db.exec("COMMIT");
  console.log(`  ${encoding}: index on start_date`);
  db.exec("CREATE INDEX trips_start_date ON trips(start_date)");
  db.close();
  renameSync(tmp, path);
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`wrote ${path} (${encoding}) in ${secs} s`);
}

/** Makes sure both databases exist, writing the missing ones (or all with `force`). */
export function ensureTripsDbs(force = false): void {
  for (const [path, enc] of [[TRIPS_DB, "UTF-8"], [TRIPS_UTF16_DB, "UTF-16le"]] as const) {
    if (force || !existsSync(path)) writeTripsDb(path, enc);
  }
}

if (import.meta.main) ensureTripsDbs(Deno.args.includes("--force"));
