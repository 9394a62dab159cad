/**
 * Builds the database a sqllogictest file's queries run against. Real SQLite (node:sqlite)
 * executes the file's `statement` records into a temporary database file; {@link
 * SltDatabase.at} brings that file to "the database as of step N" of the engine's script
 * (from `forEngine`) — every statement before step N applied and committed, none after — so
 * a reader opened on the file then sees exactly the schema and data the query was written for.
 *
 * Made for walking a file forwards: consecutive statements share one transaction, the file is
 * committed only when a query needs it, and a version number changes only when a commit
 * actually changed the file (SQLite's file change counter), so readers reopen only then.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import type { EngineScript, QueryStep, StatementRecord } from "./slt_parse.ts";

/** The database file as of some record. */
export interface DbSnapshot {
  /** Path of the database file (valid until the next {@link SltDatabase.at} or close). */
  path: string;
  /** Changes exactly when the committed content of the file changes. */
  version: number;
  /** Statement records run so far, expected failures included. */
  statementsApplied: number;
}

/** A `statement` record that did not do what the file says (`ok` failed, `error` succeeded). */
export class SltStatementError extends Error {
  constructor(readonly source: string, readonly record: StatementRecord, detail: string) {
    super(`${source}:${record.line}: statement ${expectation(record)} ${detail}\n${record.sql}`);
    this.name = "SltStatementError";
  }
}

function expectation(record: StatementRecord): string {
  return record.expectError ? "error succeeded" : "ok failed:";
}

// The file change counter (header offset 24) is bumped by every transaction that writes
// the database file, and by nothing else.
const CHANGE_COUNTER_OFFSET = 24;

/**
 * The database of one `.test` file, built by node:sqlite in a temporary directory.
 *
 * @example
 * ```ts
 * const db = new SltDatabase(forEngine(readSltFile("select1.test")), "select1.test");
 * for (const { step, snapshot } of queriesOf(db)) console.log(step.record.sql, snapshot.path);
 * db.close();
 * ```
 */
export class SltDatabase {
  #sqlite: DatabaseSync;
  readonly #dir: string;
  readonly #path: string;
  /** Index of the next script step whose statement has not been applied. */
  #next = 0;
  #statementsApplied = 0;
  #version = 0;
  #changeCounter = -1;
  #header = new Uint8Array(CHANGE_COUNTER_OFFSET + 4);

  /** Starts an empty database for `script` (from `forEngine`); `source` names it in errors. */
  constructor(readonly script: EngineScript, readonly source = "<slt>") {
    this.#dir = Deno.makeTempDirSync({ prefix: "litejit_slt_" });
    this.#path = join(this.#dir, "slt.db");
    this.#sqlite = openWriter(this.#path);
  }

  /** The writer connection (replaced on rebuild). After {@link at} it has no open transaction. */
  get sqlite(): DatabaseSync {
    return this.#sqlite;
  }

  /**
   * The database as of script step `step`: every statement step before it applied and
   * committed. Moving backwards rebuilds from an empty database.
   */
  at(step: number): DbSnapshot {
    if (step < this.#next) this.#rebuild();
    const steps = this.script.steps;
    for (; this.#next < step && this.#next < steps.length; this.#next++) {
      const s = steps[this.#next];
      if (s.kind === "statement") this.#apply(s.record);
    }
    this.#commit();
    return { path: this.#path, version: this.#version, statementsApplied: this.#statementsApplied };
  }

  /** Applies one statement record; expected errors run outside the batch transaction. */
  #apply(record: StatementRecord): void {
    if (record.expectError) {
      // A failing statement may roll back the whole transaction (ON CONFLICT ROLLBACK,
      // RAISE(ROLLBACK)), so the batch before it is committed first.
      this.#commit();
      let failed = false;
      try {
        this.sqlite.exec(record.sql);
      } catch {
        failed = true;
      }
      if (this.sqlite.isTransaction) this.sqlite.exec("ROLLBACK");
      if (!failed) throw new SltStatementError(this.source, record, "");
    } else {
      if (!this.sqlite.isTransaction) this.sqlite.exec("BEGIN");
      try {
        this.sqlite.exec(record.sql);
      } catch (e) {
        throw new SltStatementError(this.source, record, (e as Error).message);
      }
    }
    this.#statementsApplied++;
  }

  /** Commits the open batch, if any, and bumps the version if the file changed. */
  #commit(): void {
    if (this.sqlite.isTransaction) this.sqlite.exec("COMMIT");
    const counter = this.#readChangeCounter();
    if (counter !== this.#changeCounter) {
      this.#changeCounter = counter;
      this.#version++;
    }
  }

  #readChangeCounter(): number {
    const file = Deno.openSync(this.#path, { read: true });
    try {
      const header = this.#header;
      let filled = 0;
      while (filled < header.length) {
        const n = file.readSync(header.subarray(filled));
        if (n === null || n === 0) return 0; // a new, still empty database file
        filled += n;
      }
      return new DataView(header.buffer).getUint32(CHANGE_COUNTER_OFFSET);
    } finally {
      file.close();
    }
  }

  #rebuild(): void {
    this.#sqlite.close();
    Deno.removeSync(this.#path);
    this.#sqlite = openWriter(this.#path);
    this.#next = 0;
    this.#statementsApplied = 0;
    this.#changeCounter = -1; // the new file is a new version even if counters coincide
  }

  /** Closes the writer and deletes the temporary directory. */
  close(): void {
    if (this.#sqlite.isOpen) this.#sqlite.close();
    Deno.removeSync(this.#dir, { recursive: true });
  }
}

function openWriter(path: string): DatabaseSync {
  const db = new DatabaseSync(path);
  // Durability is irrelevant here; the database file's content is the same either way.
  db.exec("PRAGMA synchronous = OFF; PRAGMA journal_mode = MEMORY");
  return db;
}

/** A query step with the database it runs against. */
export interface QueryAt {
  /** Position of the step in the script. */
  index: number;
  step: QueryStep;
  /** Valid until the generator resumes (the next statements change the same file). */
  snapshot: DbSnapshot;
}

/** Walks `db`'s script forwards, bringing the database up to date before each query. */
export function* queriesOf(db: SltDatabase): Generator<QueryAt> {
  const steps = db.script.steps;
  for (let index = 0; index < steps.length; index++) {
    const step = steps[index];
    if (step.kind === "query") yield { index, step, snapshot: db.at(index) };
  }
}
