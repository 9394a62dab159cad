/**
 * The statements the live-database stress test runs against the bank database while the
 * writer commits, and what each must see. Every shape returns `meta.counter` from the same
 * statement, so its other results can be checked against what that commit implies (see
 * live_schema.ts), and the counter itself against the side file (freshness) and the
 * previous statement (no regression).
 */
import assert from "node:assert/strict";
import { ACCOUNTS, expectedLogCount, LOG_RETAIN, logRowsAt, TOTAL_BALANCE } from "./live_schema.ts";

/**
 * The part of a connection the shapes use: litejit's `Database` and node:sqlite's
 * `DatabaseSync` both fit, so the harness itself is checked with node:sqlite as the reader.
 */
export interface Reader {
  prepare(sql: string): {
    get(...params: number[]): unknown;
    all(...params: number[]): unknown[];
    iterate(...params: number[]): Iterable<unknown>;
  };
}

/** What one statement saw: its counter and the broken invariants (empty when all held). */
export interface Observation {
  counter: number;
  /** Invariants of one snapshot that failed: a torn read (mix of two commits). */
  torn: string[];
}

/** The statement shapes, run in rotation. */
export const SHAPES = ["scalars", "iterate", "group_by", "index_lookup"] as const;
export type Shape = typeof SHAPES[number];

/** Window of recent commits the GROUP BY shape reads. */
const RECENT = 30;

/**
 * Runs one statement of `shape`; `known` is the commit the side file named just before
 * (the index lookup picks a commit at or below it), `random` picks that commit.
 */
export function runShape(
  db: Reader,
  shape: Shape,
  known: number,
  random: () => number,
): Observation {
  switch (shape) {
    case "scalars":
      return scalars(db);
    case "iterate":
      return iterateAccounts(db);
    case "group_by":
      return groupRecentLog(db);
    case "index_lookup":
      return lookupCommit(db, known - Math.floor(random() * Math.min(known, LOG_RETAIN / 2)));
  }
}

function num(v: unknown): number {
  assert.equal(typeof v, "number", `expected a number, got ${String(v)}`);
  return v as number;
}

function scalars(db: Reader): Observation {
  const row = db.prepare(
    `SELECT (SELECT sum(balance) FROM accounts) AS total, (SELECT count(*) FROM accounts) AS n,
            (SELECT counter FROM meta) AS counter, (SELECT count(*) FROM log) AS logs`,
  ).get() as Record<string, unknown>;
  const counter = num(row.counter);
  const torn: string[] = [];
  if (row.total !== TOTAL_BALANCE) torn.push(`sum(balance) = ${row.total}`);
  if (row.n !== ACCOUNTS) torn.push(`count(accounts) = ${row.n}`);
  const logs = expectedLogCount(counter);
  if (row.logs !== logs) torn.push(`count(log) = ${row.logs}, counter ${counter} implies ${logs}`);
  return { counter, torn };
}

function iterateAccounts(db: Reader): Observation {
  const rows = db.prepare(
    "SELECT m.counter AS counter, a.id AS id, a.balance AS balance FROM meta AS m, accounts AS a",
  ).iterate() as Iterable<Record<string, unknown>>;
  const counters = new Set<unknown>();
  const ids = new Set<unknown>();
  let total = 0;
  for (const row of rows) {
    counters.add(row.counter);
    ids.add(row.id);
    total += num(row.balance);
  }
  const torn: string[] = [];
  if (counters.size !== 1) torn.push(`meta.counter took ${counters.size} values in one statement`);
  if (total !== TOTAL_BALANCE) torn.push(`iterated balances sum to ${total}`);
  if (ids.size !== ACCOUNTS) torn.push(`iterated ${ids.size} distinct accounts`);
  return { counter: num([...counters][0]), torn };
}

function groupRecentLog(db: Reader): Observation {
  const rows = db.prepare(
    `SELECT (SELECT counter FROM meta) AS counter, commit_no AS c, count(*) AS n FROM log
     WHERE commit_no > (SELECT counter FROM meta) - ${RECENT} GROUP BY commit_no ORDER BY c`,
  ).all() as Record<string, unknown>[];
  if (rows.length === 0) return { counter: -1, torn: ["GROUP BY over recent log rows: no rows"] };
  const counter = num(rows[0].counter);
  const expected: string[] = [];
  for (let c = Math.max(0, counter - RECENT + 1); c <= counter; c++) {
    const n = logRowsAt(c, counter);
    if (n > 0) expected.push(`${c}:${n}`);
  }
  const got = rows.map((r) => `${r.c}:${r.n}`);
  const torn = got.join(",") === expected.join(",")
    ? []
    : [`log groups ${got.join(",")}; counter ${counter} implies ${expected.join(",")}`];
  return { counter, torn };
}

function lookupCommit(db: Reader, c: number): Observation {
  const row = db.prepare(
    `SELECT (SELECT counter FROM meta) AS counter, count(*) AS n, count(DISTINCT src) AS srcs,
            count(DISTINCT amount) AS amounts, sum(length(note) >= 30) AS notes
     FROM log WHERE commit_no = ?`,
  ).get(c) as Record<string, unknown>;
  const counter = num(row.counter);
  const torn: string[] = [];
  const n = logRowsAt(c, counter);
  if (row.n !== n) torn.push(`log rows of commit ${c} = ${row.n}, counter ${counter} implies ${n}`);
  // One transfer per commit: its rows share src and amount; fetched through the index.
  if (n > 0 && (row.srcs !== 1 || row.amounts !== 1 || row.notes !== n)) {
    torn.push(`log rows of commit ${c}: ${JSON.stringify(row)}`);
  }
  return { counter, torn };
}
