/**
 * Writes examples/sample.db, the small database the demo and docs use, with node:sqlite.
 * Deterministic: the same rows every run (a fixed linear congruential sequence).
 *
 *   npx -y deno task sample
 */
import { DatabaseSync } from "node:sqlite";

const path = new URL("../examples/sample.db", import.meta.url).pathname;
try {
  Deno.removeSync(path);
} catch { /* not there yet */ }

let seed = 20261121;
function rand(n: number): number {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
}

const cities: [string, string, string][] = [
  ["Boston", "United States", "en"],
  ["東京", "日本", "ja"],
  ["القاهرة", "مصر", "ar"],
  ["Москва", "Россия", "ru"],
  ["São Paulo", "Brasil", "pt"],
  ["मुंबई", "भारत", "hi"],
  ["Αθήνα", "Ελλάδα", "el"],
  ["서울", "대한민국", "ko"],
  ["Zürich", "Schweiz", "de"],
  ["🌋 Reykjavík", "Ísland", "is"],
];

const db = new DatabaseSync(path);
db.exec(`
  PRAGMA page_size = 1024;
  CREATE TABLE cities (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL COLLATE NOCASE,
    country TEXT,
    lang TEXT,
    population INTEGER
  );
  CREATE TABLE stations (
    id INTEGER PRIMARY KEY,
    city_id INTEGER REFERENCES cities(id),
    name TEXT,
    lat REAL,
    lon REAL
  );
  CREATE TABLE trips (
    id INTEGER PRIMARY KEY,
    start_station INTEGER,
    end_station INTEGER,
    started_at TEXT,
    duration INTEGER,
    note TEXT
  );
  CREATE INDEX trips_start ON trips(started_at);
  CREATE INDEX trips_station_duration ON trips(start_station, duration DESC);
  CREATE TABLE translations (
    lang TEXT,
    word TEXT,
    text TEXT,
    PRIMARY KEY (lang, word)
  ) WITHOUT ROWID;
  CREATE VIEW long_trips AS SELECT id, duration FROM trips WHERE duration > 3600;
`);

const insCity = db.prepare("INSERT INTO cities VALUES (?, ?, ?, ?, ?)");
cities.forEach(([name, country, lang], i) =>
  insCity.run(i + 1, name, country, lang, 100_000 + rand(30_000_000))
);

const insStation = db.prepare("INSERT INTO stations VALUES (?, ?, ?, ?, ?)");
for (let i = 1; i <= 40; i++) {
  const city = 1 + rand(cities.length);
  insStation.run(
    i,
    city,
    `${cities[city - 1][0]} #${i}`,
    -60 + rand(12000) / 100,
    -180 + rand(36000) / 100,
  );
}

const insTrip = db.prepare("INSERT INTO trips VALUES (?, ?, ?, ?, ?, ?)");
db.exec("BEGIN");
for (let i = 1; i <= 2000; i++) {
  const day = 1 + rand(28), hour = rand(24), minute = rand(60);
  const when = `2026-02-${String(day).padStart(2, "0")} ${String(hour).padStart(2, "0")}:${
    String(minute).padStart(2, "0")
  }:00`;
  const note = i % 97 === 0
    ? "lost & found: " + "umbrella ".repeat(150)
    : i % 5 === 0
    ? null
    : "ok";
  insTrip.run(i, 1 + rand(40), 1 + rand(40), when, 60 + rand(7200), note);
}
db.exec("COMMIT");

const insWord = db.prepare("INSERT INTO translations VALUES (?, ?, ?)");
const words: [string, string, string][] = [
  ["en", "bicycle", "bicycle"],
  ["ja", "bicycle", "自転車"],
  ["ar", "bicycle", "دراجة"],
  ["ru", "bicycle", "велосипед"],
  ["el", "bicycle", "ποδήλατο"],
  ["en", "station", "station"],
  ["ja", "station", "駅"],
  ["ko", "station", "역"],
  ["hi", "station", "स्टेशन"],
  ["is", "station", "stöð"],
];
for (const w of words) insWord.run(...w);

db.exec("ALTER TABLE cities ADD COLUMN founded INTEGER DEFAULT 1900");
db.close();
console.log(`wrote ${path}`);
