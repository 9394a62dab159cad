/**
 * The bank database of the live-database stress test, shared by the writer process
 * (tests/support/live_writer.ts) and the checking reader (tests/live_stress_test.ts), so
 * both derive the same invariants from the commit counter alone:
 *
 * - `accounts`: {@link ACCOUNTS} rows whose balances always sum to {@link TOTAL_BALANCE}
 *   (every commit moves an amount from one account to another); each row carries padding
 *   text whose length changes on every update, so cells move and pages split and merge.
 * - `meta`: one row, `counter` = number of commits so far.
 * - `log`: {@link logRowsOfCommit}(c) rows stamped `commit_no = c` per commit c; commit c
 *   also deletes the rows of commit c - {@link LOG_RETAIN}, so the table keeps a window of
 *   the last LOG_RETAIN commits (freed pages get reused) and its size follows from the
 *   counter: {@link expectedLogCount}.
 */
import type { DatabaseSync } from "node:sqlite";

/** Number of accounts (several hundred, so the table spans many pages). */
export const ACCOUNTS = 600;
/** Starting balance of every account. */
export const START_BALANCE = 1000;
/** The invariant: sum(balance) over all accounts, at every commit. */
export const TOTAL_BALANCE = ACCOUNTS * START_BALANCE;
/** Commits whose log rows are kept; commit c deletes the rows of commit c - LOG_RETAIN. */
export const LOG_RETAIN = 400;
/** Every BIG_BATCH_EVERY-th commit inserts a big batch (b-tree splits, file growth). */
export const BIG_BATCH_EVERY = 25;

/** Log rows commit `c` inserts; commit 0 stands for the rows the database starts with. */
export function logRowsOfCommit(c: number): number {
  if (c === 0) return 200;
  return c % BIG_BATCH_EVERY === 0 ? 3 + 80 : 3;
}

/** Rows of commit `c` still in `log` once `counter` commits are done (0 once deleted). */
export function logRowsAt(c: number, counter: number): number {
  return c <= counter && c > counter - LOG_RETAIN ? logRowsOfCommit(c) : 0;
}

/** count(*) of `log` after `counter` commits. */
export function expectedLogCount(counter: number): number {
  let n = 0;
  for (let c = Math.max(0, counter - LOG_RETAIN + 1); c <= counter; c++) n += logRowsOfCommit(c);
  return n;
}

/** Padding text of `length` characters (no NULs: node:sqlite cuts TEXT at the first NUL). */
export function padding(length: number, salt: number): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let s = "";
  for (let i = 0; i < length; i++) s += letters[(i * 7 + salt) % letters.length];
  return s;
}

/**
 * Creates the tables with commit 0's content on an open connection (journal mode already
 * chosen by the caller).
 */
export function createBankSchema(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE accounts(id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL,
                          balance INTEGER NOT NULL, pad TEXT NOT NULL);
    CREATE TABLE meta(id INTEGER PRIMARY KEY, counter INTEGER NOT NULL);
    CREATE TABLE log(id INTEGER PRIMARY KEY, commit_no INTEGER NOT NULL, src INTEGER,
                     dst INTEGER, amount INTEGER, note TEXT);
    CREATE INDEX log_commit ON log(commit_no);
    INSERT INTO meta VALUES (1, 0);
  `);
  db.exec("BEGIN");
  const account = db.prepare("INSERT INTO accounts VALUES (?, ?, ?, ?)");
  for (let id = 1; id <= ACCOUNTS; id++) {
    account.run(id, `acct-${id}`, START_BALANCE, padding(100 + (id * 37) % 300, id));
  }
  const log = db.prepare("INSERT INTO log(commit_no, src, dst, amount, note) VALUES (0,0,0,0,?)");
  for (let i = 0; i < logRowsOfCommit(0); i++) log.run(padding(40 + (i % 60), i));
  db.exec("COMMIT");
}
