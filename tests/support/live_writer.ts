/**
 * The writer of the live-database stress test, run as a separate process so its commits
 * (and SQLite's locks, journals and checkpoints) are as real as any other program's:
 *
 * ```sh
 * deno run --allow-read --allow-write tests/support/live_writer.ts \
 *   db=/tmp/x/bank.db mode=wal side=/tmp/x/side stop=/tmp/x/stop \
 *   commits=100000 seconds=120 seed=1 pause_ms=1 cache=64 sync=normal
 * ```
 *
 * - `db`: a database made by live_schema.ts's createBankSchema.
 * - `mode`: journal mode, `wal`, `delete`, `truncate` or `persist`.
 * - `side`: after each COMMIT returns, the commit counter is written there (8 bytes,
 *   little-endian float64, positional write): a reader that reads k there before a
 *   statement starts knows commit k had finished.
 * - `stop`: the writer stops once this file exists; also after `commits` commits or
 *   `seconds` seconds, whichever comes first.
 * - `seed`: the PRNG seed (accounts, amounts, padding lengths, checkpoint spacing).
 * - `pause_ms`: sleep between commits (keeps the log small on long runs; 0 = none).
 * - `cache`: PRAGMA cache_size in pages; small values make big transactions spill dirty
 *   pages into the database file before COMMIT in rollback-journal modes.
 * - `sync`: PRAGMA synchronous, `off`, `normal` (default) or `full`. Visibility to other
 *   processes on this machine does not depend on it, only durability (and speed) does.
 * - `create`: `1` when `db` is an empty (0-byte) file: the writer then creates the bank
 *   schema itself (createBankSchema, in the journal mode chosen) before its first commit.
 *
 * Each transaction (BEGIN IMMEDIATE ... COMMIT) moves an amount between two accounts
 * (rewriting their padding with a new length), bumps meta.counter, inserts the counter's
 * log rows and deletes the log rows that fall out of the window (see live_schema.ts). In
 * WAL mode a checkpoint runs every 20–50 commits, PASSIVE, RESTART and TRUNCATE in
 * rotation (a busy result is counted, not an error). On exit it prints one JSON line:
 * `{ commits, counter, checkpoints: { PASSIVE, RESTART, TRUNCATE }, checkpointsBusy,
 * stoppedBy }`.
 */
import { closeSync, existsSync, openSync, writeSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { prng } from "./mutate.ts";
import { ACCOUNTS, createBankSchema, LOG_RETAIN, logRowsOfCommit, padding } from "./live_schema.ts";

const CHECKPOINT_KINDS = ["PASSIVE", "RESTART", "TRUNCATE"] as const;
type CheckpointKind = typeof CHECKPOINT_KINDS[number];

interface WriterArgs {
  db: string;
  mode: string;
  side: string;
  stop: string;
  commits: number;
  seconds: number;
  seed: number;
  pauseMs: number;
  cache: number;
  sync: string;
  create: boolean;
}

function parseArgs(args: string[]): WriterArgs {
  const map = new Map(args.map((a) => {
    const eq = a.indexOf("=");
    if (eq < 0) throw new Error(`live_writer: argument "${a}" is not key=value`);
    return [a.slice(0, eq), a.slice(eq + 1)] as const;
  }));
  const need = (key: string): string => {
    const v = map.get(key);
    if (v === undefined) throw new Error(`live_writer: missing ${key}=...`);
    return v;
  };
  const mode = need("mode").toLowerCase();
  if (!["wal", "delete", "truncate", "persist"].includes(mode)) {
    throw new Error(`live_writer: unknown journal mode ${mode}`);
  }
  return {
    db: need("db"),
    mode,
    side: need("side"),
    stop: need("stop"),
    commits: Number(map.get("commits") ?? 1e9),
    seconds: Number(map.get("seconds") ?? 120),
    seed: Number(map.get("seed") ?? 1),
    pauseMs: Number(map.get("pause_ms") ?? 0),
    cache: Number(map.get("cache") ?? 2000),
    sync: map.get("sync") ?? "normal",
    create: map.get("create") === "1",
  };
}

/** Blocks the thread (the writer has nothing else to do). */
function sleepMs(ms: number): void {
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function run(args: WriterArgs): void {
  const random = prng(args.seed);
  const pick = (n: number) => Math.floor(random() * n);
  const db = new DatabaseSync(args.db);
  const side = openSync(args.side, "r+");
  const sideBytes = new Uint8Array(8);
  const sideView = new DataView(sideBytes.buffer);
  const checkpoints: Record<CheckpointKind, number> = { PASSIVE: 0, RESTART: 0, TRUNCATE: 0 };
  let checkpointsBusy = 0;
  let commits = 0;
  let stoppedBy = "commits";
  try {
    db.exec(`PRAGMA busy_timeout=5000; PRAGMA cache_size=${args.cache};`);
    db.exec(`PRAGMA synchronous=${args.sync};`);
    const mode = db.prepare(`PRAGMA journal_mode=${args.mode}`).get() as { journal_mode: string };
    if (mode.journal_mode !== args.mode) throw new Error(`journal_mode is ${mode.journal_mode}`);
    if (args.mode === "wal") db.exec("PRAGMA wal_autocheckpoint=0");
    if (args.create) createBankSchema(db);
    let counter = (db.prepare("SELECT counter FROM meta").get() as { counter: number }).counter;
    const debit = db.prepare("UPDATE accounts SET balance = balance - ?, pad = ? WHERE id = ?");
    const credit = db.prepare("UPDATE accounts SET balance = balance + ?, pad = ? WHERE id = ?");
    const bump = db.prepare("UPDATE meta SET counter = ? WHERE id = 1");
    const log = db.prepare(
      "INSERT INTO log(commit_no, src, dst, amount, note) VALUES (?, ?, ?, ?, ?)",
    );
    const forget = db.prepare("DELETE FROM log WHERE commit_no = ?");
    let nextCheckpoint = 20 + pick(31);
    let checkpointTurn = 0;
    const deadline = Date.now() + args.seconds * 1000;
    for (;;) {
      if (commits >= args.commits) break;
      if (existsSync(args.stop)) {
        stoppedBy = "stop-file";
        break;
      }
      if (Date.now() > deadline) {
        stoppedBy = "seconds";
        break;
      }
      const c = counter + 1;
      const src = 1 + pick(ACCOUNTS), dst = 1 + pick(ACCOUNTS), amount = 1 + pick(500);
      db.exec("BEGIN IMMEDIATE");
      try {
        debit.run(amount, padding(20 + pick(400), c), src);
        credit.run(amount, padding(20 + pick(400), c + 1), dst);
        bump.run(c);
        for (let i = 0; i < logRowsOfCommit(c); i++) {
          log.run(c, src, dst, amount, padding(30 + pick(120), i));
        }
        if (c - LOG_RETAIN >= 0) forget.run(c - LOG_RETAIN);
        db.exec("COMMIT");
      } catch (e) {
        if (db.isTransaction) db.exec("ROLLBACK");
        throw e;
      }
      counter = c;
      commits++;
      sideView.setFloat64(0, counter, true);
      writeSync(side, sideBytes, 0, 8, 0);
      if (args.mode === "wal" && --nextCheckpoint === 0) {
        const kind = CHECKPOINT_KINDS[checkpointTurn++ % CHECKPOINT_KINDS.length];
        const result = db.prepare(`PRAGMA wal_checkpoint(${kind})`).get() as { busy: number };
        checkpoints[kind]++;
        if (result.busy) checkpointsBusy++;
        nextCheckpoint = 20 + pick(31);
      }
      sleepMs(args.pauseMs);
    }
    console.log(JSON.stringify({ commits, counter, checkpoints, checkpointsBusy, stoppedBy }));
  } finally {
    closeSync(side);
    db.close();
  }
}

if (import.meta.main) run(parseArgs(Deno.args));
