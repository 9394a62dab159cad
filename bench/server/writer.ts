/**
 * The concurrent writer of the server benchmark: commits to the same WAL database while
 * the servers are loaded, one small transaction every `--interval-ms` (alternately a new
 * user and an update of a random user's bio), until its stdin closes. Then it prints one
 * JSON line, `{"commits": n, "seconds": s}`, so the table can show that commits really
 * happened during the load.
 *
 *   deno run --allow-read --allow-write bench/server/writer.ts <db> [--interval-ms 5]
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";

const [path] = Deno.args;
const i = Deno.args.indexOf("--interval-ms");
const intervalMs = i >= 0 ? Number(Deno.args[i + 1]) : 5;

const db = new DatabaseSync(path);
db.exec("PRAGMA busy_timeout = 5000"); // better-sqlite3/node:sqlite readers hold WAL locks
const maxId = (db.prepare("SELECT max(id) AS m FROM users").get() as { m: number }).m;
const insert = db.prepare(
  "INSERT INTO users (name, email, created_at, bio) VALUES (?, ?, datetime('now'), ?)",
);
const update = db.prepare("UPDATE users SET bio = ? WHERE id = ?");

let stopped = false;
const stdinClosed = (async () => {
  for await (const _ of Deno.stdin.readable) { /* only its end matters */ }
  stopped = true;
})();

const started = performance.now();
let commits = 0;
while (!stopped) {
  const n = commits++;
  if (n % 2 === 0) insert.run(`Writer ${n}`, `writer${n}.${started}@example.com`, "new user");
  else update.run(`updated by the writer, commit ${n}`, 1 + (n * 7919) % maxId);
  await new Promise((resolve) => setTimeout(resolve, intervalMs));
}
await stdinClosed;
db.close();
console.log(JSON.stringify({ commits, seconds: (performance.now() - started) / 1000 }));
