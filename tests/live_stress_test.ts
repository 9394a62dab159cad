/**
 * Live-database stress (issue 17): one long-lived litejit `Database` reads a file that a
 * separate SQLite process (tests/support/live_writer.ts, node:sqlite) keeps committing to,
 * and every statement must see one committed snapshot, at least as fresh as the last
 * commit that had finished when the statement started. Per backend × journal mode (WAL
 * with PASSIVE/RESTART/TRUNCATE checkpoints; rollback journal DELETE/TRUNCATE/PERSIST):
 *
 * - torn reads: sum(balance) is invariant, the account count is fixed, and the log's
 *   row counts follow from meta.counter (tests/support/live_schema.ts) — 0 allowed;
 * - stale reads: meta.counter >= the counter the writer had written to the side file
 *   before the statement started — 0 allowed;
 * - regressions: meta.counter never goes down from one statement to the next — 0 allowed;
 * - SQLITE_BUSY (retries exhausted) under 1% of the statements; any other error fails,
 *   except SQLITE_BUSY_SNAPSHOT from the streaming shape (`iterate()`): a run that already
 *   handed out rows when a writer overwrote its snapshot cannot run again unseen, so it
 *   throws (counted and reported; in rollback modes, where every commit rewrites the
 *   file, a slow backend loses a good part of them; at least one must finish);
 * - progress: the counter advanced while litejit read, so reads overlapped writes.
 *
 * Each case also runs from an empty file ("from 0 bytes"): the reader opens a 0-byte file
 * before the writer starts, and the writer creates the bank schema in it (switching it to
 * its journal mode first). Until the first transfer commits, the reader keeps listing
 * `sqlite_schema`, which must always be a prefix of the finished schema's rows (never
 * torn, never an error but SQLITE_BUSY); then the checks above follow as usual.
 *
 * The default run is short (LITEJIT_LIVE_STATEMENTS=300 per case). The long run, 10^5
 * statements per case (about 5–15 minutes per case on a busy machine; narrow it with
 * --filter):
 *
 * ```sh
 * LITEJIT_LIVE_STATEMENTS=100000 npx -y deno test --allow-read --allow-write --allow-env \
 *   --allow-sys --allow-run tests/live_stress_test.ts --filter "js, journal_mode=wal"
 * ```
 *
 * Other knobs: LITEJIT_SEED (writer and lookup PRNG), LITEJIT_LIVE_PAUSE_MS (writer sleep
 * between commits; default 0 in WAL mode, 2 in rollback modes), LITEJIT_LIVE_SYNC (the
 * writer's PRAGMA synchronous, default off).
 */
import assert from "node:assert/strict";
import { closeSync, openSync, readSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { Database, SqliteError } from "../mod.ts";
import { TEST_BACKENDS } from "./support/backends.ts";
import { type Reader, runShape, SHAPES } from "./support/live_checks.ts";
import { createBankSchema } from "./support/live_schema.ts";
import { prng } from "./support/mutate.ts";

const STATEMENTS = Number(Deno.env.get("LITEJIT_LIVE_STATEMENTS") ?? 300);
const SEED = Number(Deno.env.get("LITEJIT_SEED") ?? 17);
const PAUSE_ENV = Deno.env.get("LITEJIT_LIVE_PAUSE_MS");
const PAUSE_MS = PAUSE_ENV === undefined ? undefined : Number(PAUSE_ENV);
const MODES = ["wal", "delete", "truncate", "persist"] as const;
type Mode = typeof MODES[number];
const WRITER = new URL("./support/live_writer.ts", import.meta.url).pathname;
/** Commits the counter must advance by while litejit reads. */
const MIN_PROGRESS = 5;
/**
 * Commits the writer must make while litejit reads (the loop runs on past STATEMENTS
 * until then): 150 covers one checkpoint of each kind, as they come every 20–50 commits.
 */
const WRITER_PROGRESS = { wal: 150, delete: 50, truncate: 50, persist: 50 };

interface Tally {
  statements: number;
  torn: number;
  stale: number;
  regressions: number;
  busy: number;
  /** SQLITE_BUSY_SNAPSHOT from `iterate()` after it handed out rows. */
  streamsLost: number;
  /** Statements of the streaming shape. */
  streams: number;
  otherErrors: number;
  firstCounter: number;
  lastCounter: number;
  examples: string[];
}

/** Reads the writer's side file: the last commit whose COMMIT had returned. */
function sideReader(path: string): { read(): number; close(): void } {
  const fd = openSync(path, "r");
  const bytes = new Uint8Array(8);
  const view = new DataView(bytes.buffer);
  return {
    read: () => (readSync(fd, bytes, 0, 8, 0), view.getFloat64(0, true)),
    close: () => closeSync(fd),
  };
}

function createDatabase(path: string, mode: string): void {
  const db = new DatabaseSync(path);
  try {
    db.exec(`PRAGMA journal_mode=${mode}`);
    createBankSchema(db);
  } finally {
    db.close();
  }
}

function startWriter(
  dir: string,
  mode: Mode,
  seed: number,
  create: boolean,
): Deno.ChildProcess {
  const args = [
    "run",
    "--no-config",
    "--allow-read",
    "--allow-write",
    WRITER,
    `db=${dir}/bank.db`,
    `mode=${mode}`,
    `side=${dir}/side`,
    `stop=${dir}/stop`,
    "seconds=3600",
    `seed=${seed}`,
    // A rollback-mode writer that never pauses locks readers out (real SQLite's readers
    // starve too): leave them gaps.
    `pause_ms=${PAUSE_MS ?? (mode === "wal" ? 0 : 2)}`,
    // A small cache makes big transactions spill into the file before COMMIT (rollback).
    `cache=${mode === "wal" ? 2000 : 10}`,
    // Durability is beside the point (visibility to this machine's processes does not
    // depend on it) and fsyncs make rollback-mode readers wait for locks much longer.
    `sync=${Deno.env.get("LITEJIT_LIVE_SYNC") ?? "off"}`,
    `create=${create ? 1 : 0}`,
  ];
  return new Deno.Command(Deno.execPath(), { args, stdout: "piped", stderr: "piped" }).spawn();
}

/**
 * Waits for the writer's first transfer; with `poll`, runs it between looks at the side
 * file (every millisecond instead of every 10).
 */
async function waitForFirstCommit(
  side: { read(): number },
  exited: () => boolean,
  poll?: () => void,
) {
  const deadline = Date.now() + 60_000;
  while (side.read() < 1) {
    if (exited()) throw new Error("the writer exited before its first commit");
    if (Date.now() > deadline) throw new Error("the writer made no commit in 60 s");
    poll?.();
    await new Promise((r) => setTimeout(r, poll ? 1 : 10));
  }
}

/** The rows of sqlite_schema once createBankSchema has run, as real SQLite makes them. */
function bankSchemaRows(): string[] {
  const db = new DatabaseSync(":memory:");
  try {
    createBankSchema(db);
    return schemaRows(db as unknown as Reader);
  } finally {
    db.close();
  }
}

function schemaRows(db: Reader): string[] {
  const rows = db.prepare("SELECT type, name, rootpage, sql FROM sqlite_schema ORDER BY rowid")
    .all() as Record<string, unknown>[];
  return rows.map((r) => JSON.stringify([r.type, r.name, r.rootpage, r.sql]));
}

/** What the reader saw of the schema while the writer created it in the empty file. */
interface SchemaPolls {
  polls: number;
  /** Listings that were not a prefix of the finished schema (torn) or threw (not BUSY). */
  bad: string[];
  /** How many tables the listings showed, from the first to the last. */
  seen: number[];
}

/** A poll of `sqlite_schema` while the writer creates the schema (see SchemaPolls). */
function schemaPoller(db: Reader, tally: SchemaPolls): () => void {
  const full = bankSchemaRows();
  return () => {
    tally.polls++;
    try {
      const rows = schemaRows(db);
      if (rows.some((row, i) => row !== full[i]) || rows.length > full.length) {
        tally.bad.push(`torn schema listing: ${rows.join(" ")}`);
      }
      if (tally.seen.at(-1) !== rows.length) tally.seen.push(rows.length);
    } catch (e) {
      if (!isBusy(e)) tally.bad.push(`schema listing threw ${e}`);
    }
  };
}

function readWhileWriting(
  db: Reader,
  side: { read(): number },
  seed: number,
  writerProgress: number,
): Tally {
  const random = prng(seed);
  const t: Tally = {
    statements: 0,
    torn: 0,
    stale: 0,
    regressions: 0,
    busy: 0,
    streamsLost: 0,
    streams: 0,
    otherErrors: 0,
    firstCounter: -1,
    lastCounter: -1,
    examples: [],
  };
  const note = (what: string) => t.examples.length < 8 && t.examples.push(what);
  const until = side.read() + writerProgress;
  for (let i = 0; i < STATEMENTS || side.read() < until; i++) {
    const shape = SHAPES[i % SHAPES.length];
    const known = side.read();
    t.statements++;
    if (shape === "iterate") t.streams++;
    try {
      const seen = runShape(db, shape, known, random);
      if (seen.torn.length) {
        t.torn++;
        note(`#${i} ${shape} torn: ${seen.torn.join("; ")}`);
      }
      if (seen.counter < known) {
        t.stale++;
        note(`#${i} ${shape} stale: counter ${seen.counter}, commit ${known} had finished`);
      }
      if (seen.counter < t.lastCounter) {
        t.regressions++;
        note(`#${i} ${shape} regression: counter ${seen.counter} after ${t.lastCounter}`);
      }
      if (t.firstCounter < 0) t.firstCounter = seen.counter;
      t.lastCounter = Math.max(t.lastCounter, seen.counter);
    } catch (e) {
      if (isBusy(e)) {
        t.busy++;
      } else if (shape === "iterate" && (e as { code?: string }).code === "SQLITE_BUSY_SNAPSHOT") {
        t.streamsLost++;
      } else {
        t.otherErrors++;
        note(`#${i} ${shape} threw ${e instanceof SqliteError ? e.code + ": " : ""}${e}`);
      }
    }
  }
  return t;
}

/** A connection under test; `close` ends it. */
type OpenReader = (path: string) => Reader & { close(): void };

/** Whether `e` is SQLITE_BUSY, from litejit or from node:sqlite (the harness check). */
function isBusy(e: unknown): boolean {
  if (e instanceof SqliteError) return e.code === "SQLITE_BUSY";
  return (e as { errcode?: number }).errcode === 5;
}

/**
 * One stress case; `fromEmpty`: the reader opens a 0-byte file before the writer starts,
 * and the writer creates the schema in it.
 */
async function stressCase(
  label: string,
  mode: Mode,
  seed: number,
  open: OpenReader,
  fromEmpty = false,
) {
  const dir = await Deno.makeTempDir({ prefix: "litejit_live_" });
  const path = `${dir}/bank.db`;
  let db: (Reader & { close(): void }) | undefined;
  const schema: SchemaPolls = { polls: 0, bad: [], seen: [] };
  let poll: (() => void) | undefined;
  if (fromEmpty) {
    Deno.writeFileSync(path, new Uint8Array());
    db = open(path);
    poll = schemaPoller(db, schema);
    poll();
  } else {
    createDatabase(path, mode);
  }
  Deno.writeFileSync(`${dir}/side`, new Uint8Array(8));
  const side = sideReader(`${dir}/side`);
  const writer = startWriter(dir, mode, seed, fromEmpty);
  let exited = false;
  const output = writer.output().finally(() => exited = true);
  try {
    await waitForFirstCommit(side, () => exited, poll);
    if (fromEmpty) {
      poll!();
      assert.deepEqual(schema.bad, [], `while the writer created the schema: ${schema.bad[0]}`);
      assert.equal(schema.seen[0], 0, "the first listing, before the writer started, is empty");
      assert.equal(schema.seen.at(-1), bankSchemaRows().length, "the whole schema is seen");
    }
    db ??= open(path);
    const tally = readWhileWriting(db, side, seed, WRITER_PROGRESS[mode]);
    Deno.writeFileSync(`${dir}/stop`, new Uint8Array());
    const out = await output;
    const stderr = new TextDecoder().decode(out.stderr);
    assert.ok(out.success, `the writer failed: ${stderr}`);
    const summary = JSON.parse(new TextDecoder().decode(out.stdout));
    const polled = fromEmpty ? { schemaPolls: schema.polls, schemaSeen: schema.seen } : {};
    const report = JSON.stringify({ ...tally, ...polled, writer: summary }, null, 1);
    console.log(`${label} ${mode}: ${report.replace(/\n\s*/g, " ")}`);
    assert.equal(summary.stoppedBy, "stop-file", `the writer stopped early: ${report}`);
    if (mode === "wal") {
      for (const kind of ["PASSIVE", "RESTART", "TRUNCATE"]) {
        assert.ok(summary.checkpoints[kind] > 0, `no ${kind} checkpoint ran: ${report}`);
      }
    }
    assert.deepEqual(
      {
        torn: tally.torn,
        stale: tally.stale,
        regressions: tally.regressions,
        otherErrors: tally.otherErrors,
      },
      { torn: 0, stale: 0, regressions: 0, otherErrors: 0 },
      report,
    );
    assert.ok(tally.busy < tally.statements / 100, `SQLITE_BUSY in >= 1% of statements: ${report}`);
    assert.ok(tally.streamsLost < tally.streams, `iterate() never finished: ${report}`);
    assert.ok(
      tally.lastCounter - tally.firstCounter >= MIN_PROGRESS,
      `reads did not overlap writes (counter ${tally.firstCounter} -> ${tally.lastCounter})`,
    );
  } finally {
    if (!exited) {
      try {
        writer.kill();
      } catch { /* it exited meanwhile */ }
    }
    await output.catch(() => {});
    db?.close();
    side.close();
    await Deno.remove(dir, { recursive: true });
  }
}

/** The case's name and whether it starts from a 0-byte file. */
const STARTS = [["", false], [", from 0 bytes", true]] as const;

// The harness checked with a reader known to be right: real SQLite, taking its locks.
for (const [m, mode] of MODES.entries()) {
  for (const [start, fromEmpty] of STARTS) {
    Deno.test(
      `live stress harness: node:sqlite reader, journal_mode=${mode}${start}: no violations`,
      () =>
        stressCase(`node:sqlite${start}`, mode, SEED + m, (path) => {
          // Not read-only: a reader must be able to roll back a journal it finds hot.
          const db = new DatabaseSync(path);
          db.exec("PRAGMA busy_timeout=5000");
          return db as unknown as Reader & { close(): void };
        }, fromEmpty),
    );
  }
}

for (const [b, backend] of TEST_BACKENDS.entries()) {
  for (const [m, mode] of MODES.entries()) {
    for (const [start, fromEmpty] of STARTS) {
      Deno.test(
        `live stress: ${backend}, journal_mode=${mode}${start}: consistent, fresh snapshots while a process writes`,
        () =>
          stressCase(
            `${backend}${start}`,
            mode,
            SEED + (b + 1) * MODES.length + m,
            (path) => new Database(path, { backend }),
            fromEmpty,
          ),
      );
    }
  }
}
