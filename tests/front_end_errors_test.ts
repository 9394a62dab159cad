/**
 * Errors of broken or unsupported statements, differential against node:sqlite (issue 3):
 * for every statement of tests/corpus/broken_statements.sql, run against
 * tests/corpus/schema.sql on a read-only connection, litejit must fail with SQLite's
 * result code and exactly SQLite's message.
 *
 * SQLite's outcome for a statement is the error of `prepare`, else the error of running it
 * (a write on a read-only connection prepares and then fails with SQLITE_READONLY). The
 * corpus test checks the file itself and always runs; the differential test is skipped
 * until `Database.prototype.prepare` exists.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { Database, ResultCode, SqliteError } from "../mod.ts";
import { buildCorpusDb } from "./support/query_gen.ts";
import { knownGaps } from "./support/expectations.ts";

/** This suite's key in tests/expectations.json. */
const AREA = "front end errors";

/** One statement of the corpus file and the line it starts on. */
interface CorpusStatement {
  sql: string;
  line: number;
}

/** How a statement ended: an error (code, message, and where) or success. */
type Outcome =
  | { ok: false; code: string; message: string; phase: "prepare" | "run" }
  | { ok: true };

const CORPUS_URL = new URL("./corpus/broken_statements.sql", import.meta.url);
const MIN_STATEMENTS = 300;

/**
 * Reads the corpus: records separated by lines that are exactly `-- next`; lines starting
 * with `--#` are notes and dropped; each record is trimmed.
 */
function readCorpus(): CorpusStatement[] {
  const lines = Deno.readTextFileSync(CORPUS_URL).split("\n");
  const out: CorpusStatement[] = [];
  let body: string[] = [];
  let start = 0;
  const flush = () => {
    const sql = body.join("\n").trim();
    if (sql !== "") out.push({ sql, line: start + 1 });
    body = [];
  };
  lines.forEach((text, i) => {
    if (text === "-- next") {
      flush();
      return;
    }
    if (text.startsWith("--#")) return;
    if (body.length === 0 && text.trim() === "") return;
    if (body.length === 0) start = i;
    body.push(text);
  });
  flush();
  return out;
}

const CODE_NAMES = new Map<number, string>(
  Object.entries(ResultCode).map(([name, n]) => [n, name]),
);

/** SQLite's primary result code name for an (extended) numeric code. */
function primaryCodeName(errcode: number): string {
  const primary = errcode & 0xff;
  return CODE_NAMES.get(primary) ?? `SQLITE_(${primary})`;
}

function sqliteError(e: unknown, phase: "prepare" | "run"): Outcome {
  const err = e as { errcode?: number; message?: string };
  if (typeof err.errcode !== "number") throw e; // not an SQLite error: a harness bug
  return { ok: false, code: primaryCodeName(err.errcode), message: String(err.message), phase };
}

/**
 * SQLite's outcome. A fresh read-only connection per statement, so that nothing one
 * statement does (a transaction, an attached database) reaches the next.
 */
function sqliteOutcome(path: string, sql: string): Outcome {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    let st;
    try {
      st = db.prepare(sql);
    } catch (e) {
      return sqliteError(e, "prepare");
    }
    try {
      st.all();
    } catch (e) {
      return sqliteError(e, "run");
    }
    return { ok: true };
  } finally {
    db.close();
  }
}

/** The statement API litejit is getting (mod.ts); typed here so this file checks today. */
/**
 * litejit's outcome on a fresh connection (as SQLite's: transaction state must not leak
 * from one statement to the next): prepare, then run if that succeeded.
 */
function litejitOutcome(path: string, sql: string): Outcome | string {
  let phase: "prepare" | "run" = "prepare";
  const db = new Database(path);
  try {
    const st = db.prepare(sql);
    phase = "run";
    st.all();
    return { ok: true };
  } catch (e) {
    if (!(e instanceof SqliteError)) return `threw a non-SqliteError: ${e}`;
    return { ok: false, code: e.code, message: e.message, phase };
  } finally {
    db.close();
  }
}

function describe(o: Outcome | string): string {
  if (typeof o === "string") return o;
  return o.ok ? "no error" : `${o.code}: ${o.message}`;
}

Deno.test(`front end errors: the corpus has >= ${MIN_STATEMENTS} statements, all failing in SQLite`, () => {
  const statements = readCorpus();
  assert.ok(
    statements.length >= MIN_STATEMENTS,
    `only ${statements.length} statements in the corpus`,
  );
  const seen = new Map<string, number>();
  for (const s of statements) {
    assert.ok(!seen.has(s.sql), `line ${s.line} repeats line ${seen.get(s.sql)}: ${s.sql}`);
    seen.set(s.sql, s.line);
  }
  const corpus = buildCorpusDb();
  try {
    const succeeded: string[] = [];
    const tally = new Map<string, number>();
    for (const s of statements) {
      const o = sqliteOutcome(corpus.path, s.sql);
      if (o.ok) {
        succeeded.push(`line ${s.line}: ${s.sql}`);
        continue;
      }
      const k = `${o.phase} ${o.code}`;
      tally.set(k, (tally.get(k) ?? 0) + 1);
    }
    assert.deepEqual(succeeded, [], "these corpus statements do not fail in SQLite");
    console.log(
      `[front_end_errors] ${statements.length} statements: ` +
        [...tally].map(([k, n]) => `${k}=${n}`).join(", "),
    );
  } finally {
    corpus.close();
  }
});

Deno.test({
  name: "front end errors: litejit fails every corpus statement as SQLite does",
  fn() {
    const statements = readCorpus();
    const corpus = buildCorpusDb();
    const gaps = knownGaps(AREA);
    try {
      const failures: string[] = [];
      const stale: string[] = [];
      let known = 0;
      for (const s of statements) {
        const expected = sqliteOutcome(corpus.path, s.sql);
        const actual = litejitOutcome(corpus.path, s.sql);
        const same = typeof actual !== "string" && !expected.ok && !actual.ok &&
          actual.code === expected.code && actual.message === expected.message;
        if (gaps.has(s.sql)) {
          if (same) stale.push(s.sql);
          else known++;
          gaps.delete(s.sql);
          continue;
        }
        if (!same) {
          failures.push(
            `line ${s.line}: ${JSON.stringify(s.sql)}\n  sqlite:  ${describe(expected)}\n` +
              `  litejit: ${describe(actual)}`,
          );
        }
      }
      console.log(
        `[front_end_errors] ${statements.length - known} of ${statements.length} statements ` +
          `fail exactly as in SQLite; ${known} known gaps (tests/expectations.json)`,
      );
      assert.deepEqual(stale, [], "known gaps that now pass: remove them from expectations.json");
      assert.deepEqual(
        [...gaps.keys()],
        [],
        "expectations.json lists statements not in the corpus",
      );
      assert.equal(
        failures.length,
        0,
        `${failures.length} of ${statements.length} statements differ:\n${failures.join("\n")}`,
      );
    } finally {
      corpus.close();
    }
  },
});
