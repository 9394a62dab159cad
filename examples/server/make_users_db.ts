/**
 * Builds the users database the server example reads, with node:sqlite, in WAL mode:
 *
 *   deno run --allow-read --allow-write examples/server/make_users_db.ts users.db [rows]
 *
 * Deterministic (a fixed-seed generator): the same arguments give the same rows.
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";

const FIRST = ["Ada", "Bjørn", "Chloé", "Dmitri", "Émile", "Fatima", "Grace", "Hiro", "Iñés"];
const LAST = ["Lovelace", "Hopper", "Ng", "Okafor", "Søndergaard", "Tanaka", "Weiß", "Zhou"];
const WORDS = ["reads", "SQLite", "files", "quickly", "and", "writes", "notes", "about", "🦕"];

/** A small seeded generator (mulberry32), so the database is the same on every run. */
function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The text of a ~100-byte bio. */
function bio(random: () => number): string {
  const words: string[] = [];
  while (words.join(" ").length < 100) words.push(WORDS[Math.floor(random() * WORDS.length)]);
  return words.join(" ");
}

/**
 * Creates (or replaces) `path` with a `users` table of `rows` rows
 * (id INTEGER PRIMARY KEY, name, email, created_at, bio), in WAL mode and checkpointed.
 *
 * @example
 * ```ts
 * makeUsersDb("/tmp/users.db", 3000);
 * ```
 */
export function makeUsersDb(path: string, rows = 5000): void {
  for (const suffix of ["", "-wal", "-shm"]) {
    try {
      Deno.removeSync(path + suffix);
    } catch { /* absent */ }
  }
  const random = generator(17);
  const db = new DatabaseSync(path);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec(`CREATE TABLE users (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL, bio TEXT)`);
  const insert = db.prepare(
    "INSERT INTO users (id, name, email, created_at, bio) VALUES (?, ?, ?, ?, ?)",
  );
  const start = Date.UTC(2020, 0, 1);
  db.exec("BEGIN");
  for (let id = 1; id <= rows; id++) {
    const name = `${FIRST[Math.floor(random() * FIRST.length)]} ${
      LAST[Math.floor(random() * LAST.length)]
    }`;
    const email = `user${id}@example.com`;
    const created = new Date(start + Math.floor(random() * 1.5e11)).toISOString();
    insert.run(
      id,
      name,
      email,
      created.slice(0, 19).replace("T", " "),
      random() < 0.05 ? null : bio(random),
    );
  }
  db.exec("COMMIT");
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
}

if (import.meta.main) {
  const [path, rows] = Deno.args;
  if (!path) throw new Error("usage: make_users_db.ts <file> [rows]");
  makeUsersDb(path, rows ? Number(rows) : undefined);
  console.log(`${path}: ${rows ?? 5000} users`);
}
