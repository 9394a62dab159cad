/**
 * Every query of the sqllogictest corpus parses and binds: for each `query` record SQLite
 * runs, litejit's `Database.prepare(sql).columns()` succeeds against the database as of that
 * record, with as many result columns as the record's type string has letters.
 *
 * Real SQLite checks the harness itself on the same walk: node:sqlite prepares every query
 * on the same database with the same column count, and every `statement` record behaves as
 * the file says. Queries meant for other engines (`skipif sqlite`, `onlyif <other>`) are
 * skipped and counted. Known gaps live in tests/expectations.json under {@link AREA}.
 *
 * LITEJIT_SLT_FILTER=<substring> limits the run to matching corpus files.
 */
import assert from "node:assert/strict";
import { knownGaps } from "./support/expectations.ts";
import { Database } from "../mod.ts";
import { queriesOf, SltDatabase } from "./support/slt_db.ts";
import { forEngine, listSltFiles, type QueryRecord, readSltFile } from "./support/slt_parse.ts";

/** The key of this suite's known gaps in tests/expectations.json. */
const AREA = "sqllogictest front end";
const MAX_REPORTED = 20;

/**
 * The litejit side: opens `path` and returns a function giving a query's result column
 * count (throwing SqliteError when it does not prepare).
 */
function openLitejit(path: string): { columnCount: (sql: string) => number; close(): void } {
  const db = new Database(path);
  return {
    columnCount: (sql) => db.prepare(sql).columns().length,
    close: () => db.close(),
  };
}

interface FileResult {
  queries: number;
  skipped: number;
  versions: number;
  /** Queries litejit prepared with the right column count. */
  litejitPassed: number;
  /** Failures not listed in expectations.json, as messages. */
  failures: string[];
  /** Listed gaps that now pass or name no query of the file (the entry must go). */
  staleGaps: string[];
  /** Listed gaps that still fail. */
  knownFailures: number;
}

function runFile(rel: string, gaps: Map<string, string>): FileResult {
  const script = forEngine(readSltFile(rel));
  const result: FileResult = {
    queries: 0,
    skipped: script.skippedQueries,
    versions: 0,
    litejitPassed: 0,
    failures: [],
    staleGaps: [],
    knownFailures: 0,
  };
  const db = new SltDatabase(script, rel);
  let litejit: ReturnType<typeof openLitejit> | null = null;
  let openVersion = -1;
  const visited = new Set<string>();
  try {
    for (const { step: { record }, snapshot } of queriesOf(db)) {
      result.queries++;
      const where = `${rel}:${record.line}`;
      visited.add(where);
      const sqliteProblem = checkWithSqlite(db, record);
      if (sqliteProblem) result.failures.push(`${where}: node:sqlite: ${sqliteProblem}`);
      if (snapshot.version !== openVersion) {
        // The statements since the last query changed the file: reopen litejit on it.
        openVersion = snapshot.version;
        result.versions++;
        litejit?.close();
        litejit = openLitejit(snapshot.path);
      }
      const problem = checkWithLitejit(litejit!, record);
      const gap = gaps.get(where);
      if (problem === null) {
        result.litejitPassed++;
        if (gap !== undefined) result.staleGaps.push(`${where} (passes now)`);
      } else if (gap !== undefined) {
        result.knownFailures++;
      } else {
        result.failures.push(`${where}: litejit: ${problem}\n  ${excerpt(record.sql)}`);
      }
    }
  } finally {
    litejit?.close();
    db.close();
  }
  for (const where of gaps.keys()) {
    if (where.startsWith(`${rel}:`) && !visited.has(where)) {
      result.staleGaps.push(`${where} (no query record there)`);
    }
  }
  return result;
}

/** The SQL on one line, shortened for failure messages. */
function excerpt(sql: string): string {
  const line = sql.replace(/\s+/g, " ");
  return line.length > 240 ? `${line.slice(0, 240)}...` : line;
}

/** Null when real SQLite prepares the query with the record's column count. */
function checkWithSqlite(db: SltDatabase, record: QueryRecord): string | null {
  try {
    const columns = db.sqlite.prepare(record.sql).columns().length;
    if (columns !== record.types.length) {
      return `${columns} result columns, the record says ${record.types}`;
    }
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Null when litejit prepares the query with the record's column count. */
function checkWithLitejit(
  litejit: ReturnType<typeof openLitejit>,
  record: QueryRecord,
): string | null {
  try {
    const columns = litejit.columnCount(record.sql);
    if (columns !== record.types.length) {
      return `${columns} result columns, the record says ${record.types}`;
    }
    return null;
  } catch (e) {
    const error = e as Error;
    return `${error.name}: ${error.message}`;
  }
}

Deno.test("sqllogictest: every query parses and binds (litejit and node:sqlite)", async (t) => {
  const filter = Deno.env.get("LITEJIT_SLT_FILTER") ?? "";
  const files = listSltFiles().filter((f) => f.includes(filter));
  assert.ok(files.length > 0, `no corpus file matches LITEJIT_SLT_FILTER=${filter}`);
  const gaps = knownGaps(AREA);
  const started = performance.now();
  const totals = { queries: 0, skipped: 0, passed: 0, known: 0 };
  for (const rel of files) {
    await t.step(rel, () => {
      const fileStarted = performance.now();
      const r = runFile(rel, gaps);
      totals.queries += r.queries;
      totals.skipped += r.skipped;
      totals.passed += r.litejitPassed;
      totals.known += r.knownFailures;
      const ms = Math.round(performance.now() - fileStarted);
      console.log(
        `${rel}: ${r.queries} queries, ${r.skipped} skipped (not for SQLite), ` +
          `${r.litejitPassed} prepared by litejit, ${r.knownFailures} known gaps, ` +
          `${r.versions} database versions, ` +
          `${r.failures.length} failures, ${ms} ms`,
      );
      const shown = r.failures.slice(0, MAX_REPORTED).join("\n");
      const more = r.failures.length > MAX_REPORTED ? `\n... ${r.failures.length} in all` : "";
      assert.equal(r.failures.length, 0, `${rel}: ${r.failures.length} failures\n${shown}${more}`);
      assert.deepEqual(r.staleGaps, [], `stale entries in expectations.json (${AREA})`);
    });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `sqllogictest front end: ${files.length} files, ${totals.queries} queries, ` +
      `${totals.skipped} skipped (not for SQLite), ` +
      `${totals.passed} prepared by litejit, ${totals.known} known gaps` +
      `, ${seconds} s`,
  );
  if (!filter) assert.ok(totals.queries > 200_000, `only ${totals.queries} queries walked`);
});
