/**
 * The sqllogictest harness shared by the corpus suites: the record parser (slt_parse.ts) on
 * small inline samples and on every corpus file, and the database builder (slt_db.ts), whose
 * snapshots are checked with a separate node:sqlite connection.
 *
 * Corpus counts are checked against a plain line scan of the same text (an independent
 * reading of the format), and the totals against the corpus README (about 222,000 queries in
 * 45 files; 222,154 by `grep -c '^query'`).
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { type DbSnapshot, SltDatabase, SltStatementError } from "./support/slt_db.ts";
import {
  appliesTo,
  CORPUS_DIR,
  forEngine,
  listSltFiles,
  parseSlt,
  type QueryRecord,
  readSltFile,
  SltParseError,
  type SltRecord,
  type StatementRecord,
} from "./support/slt_parse.ts";

const sample = [
  "# a comment before anything",
  "hash-threshold 4",
  "",
  "statement ok",
  "CREATE TABLE t1(a INTEGER,",
  "# a comment inside a record does not end it",
  "  b TEXT)",
  "   ",
  "statement error",
  "INSERT INTO nowhere VALUES(1)",
  "",
  "skipif mysql # not compatible",
  "query IT rowsort label-1",
  "SELECT a,",
  "       b FROM t1",
  "----",
  "1",
  "table t29 row 6",
  "NULL",
  "(empty)",
  "",
  "onlyif MSSQL",
  "onlyif sqlite",
  "query I valuesort",
  "SELECT a FROM t1",
  "----",
  "9 values hashing to 0123456789abcdef0123456789abcdef",
  "",
  "query R nosort",
  "SELECT 1.5 WHERE 0",
  "",
  "onlyif mssql",
  "halt",
  "",
  "query III",
  "SELECT 1, 2, 3",
  "----",
  "1",
  "2",
  "3",
  "",
  "halt",
  "",
  "query I",
  "SELECT 'after the halt'",
].join("\r\n");

Deno.test("slt_parse: records, conditions, expected values and hashes", () => {
  const records = parseSlt(sample, "sample.test");
  assert.deepEqual(records.map((r) => [r.kind, r.line, r.index]), [
    ["hash-threshold", 2, 0],
    ["statement", 4, 1],
    ["statement", 9, 2],
    ["query", 13, 3],
    ["query", 24, 4],
    ["query", 29, 5],
    ["halt", 33, 6],
    ["query", 35, 7],
    ["halt", 42, 8],
    ["query", 44, 9],
  ]);
  const [threshold, create, insert, q1, q2, q3] = records as [
    SltRecord,
    StatementRecord,
    StatementRecord,
    QueryRecord,
    QueryRecord,
    QueryRecord,
  ];
  assert.deepEqual(threshold, {
    index: 0,
    line: 2,
    conditions: [],
    kind: "hash-threshold",
    threshold: 4,
  });
  assert.equal(create.sql, "CREATE TABLE t1(a INTEGER,\n  b TEXT)");
  assert.equal(create.expectError, false);
  assert.equal(insert.expectError, true);
  assert.deepEqual(q1.conditions, [{ kind: "skipif", engine: "mysql" }]);
  assert.equal(q1.types, "IT");
  assert.equal(q1.sortMode, "rowsort");
  assert.equal(q1.label, "label-1");
  assert.equal(q1.sql, "SELECT a,\n       b FROM t1");
  assert.deepEqual(q1.expected, {
    kind: "values",
    values: ["1", "table t29 row 6", "NULL", "(empty)"],
  });
  assert.deepEqual(q2.conditions, [
    { kind: "onlyif", engine: "mssql" },
    { kind: "onlyif", engine: "sqlite" },
  ]);
  assert.equal(q2.sortMode, "valuesort");
  assert.equal(q2.label, null);
  assert.deepEqual(q2.expected, {
    kind: "hash",
    count: 9,
    md5: "0123456789abcdef0123456789abcdef",
  });
  assert.deepEqual(q3.expected, { kind: "values", values: [] }, "no ---- means no rows");
  assert.equal(q3.sortMode, "nosort");
});

Deno.test("slt_parse: conditions select the engine; hash-threshold and halt apply per engine", () => {
  const records = parseSlt(sample);
  assert.equal(appliesTo(records[3], "sqlite"), true);
  assert.equal(appliesTo(records[3], "MySQL"), false);
  assert.equal(appliesTo(records[4], "sqlite"), false, "onlyif mssql AND onlyif sqlite");
  assert.equal(appliesTo(records[6], "sqlite"), false);

  const sqlite = forEngine(records, "sqlite");
  assert.deepEqual(
    sqlite.steps.map((s) => [s.record.line, s.kind === "query" ? s.hashThreshold : null]),
    [[4, null], [9, null], [13, 4], [29, 4], [35, 4]],
  );
  assert.equal(sqlite.skippedQueries, 1);
  assert.equal(sqlite.skippedStatements, 0);
  assert.equal(sqlite.haltedAt, 42);
  assert.equal(sqlite.afterHalt, 1);

  const mssql = forEngine(records, "mssql");
  assert.deepEqual(mssql.steps.map((s) => s.record.line), [4, 9, 13, 29]);
  assert.equal(mssql.haltedAt, 33);
  assert.equal(mssql.afterHalt, 2);

  const defaults = forEngine(parseSlt("query I\nSELECT 1\n"));
  assert.equal(defaults.steps[0].kind === "query" && defaults.steps[0].hashThreshold, 8);
});

Deno.test("slt_parse: a line feed alone, a missing final newline and blank runs", () => {
  const text = "\n\n\nstatement ok\nSELECT 1\n\n\n\t\nquery I nosort\nSELECT 2\n----\n2";
  const records = parseSlt(text);
  assert.deepEqual(records.map((r) => [r.kind, r.line]), [["statement", 4], ["query", 9]]);
  assert.deepEqual((records[1] as QueryRecord).expected, { kind: "values", values: ["2"] });
});

Deno.test("slt_parse: malformed records throw SltParseError with the line", () => {
  const cases: [string, number, RegExp][] = [
    ["statement ok\nSELECT 1\n\nstatement maybe\nSELECT 2", 4, /bad statement line/],
    ["statement ok", 1, /without SQL/],
    ["query X\nSELECT 1", 1, /bad query types/],
    ["query I sometimes\nSELECT 1", 1, /bad sort mode/],
    ["query I\n----\n1", 1, /query without SQL/],
    ["hash-threshold many", 1, /bad hash-threshold/],
    ["\nskipif mysql\n", 2, /without a record/],
    ["onlyif\nquery I\nSELECT 1", 1, /without a database name/],
    ["select 1", 1, /unknown record/],
  ];
  for (const [text, line, message] of cases) {
    assert.throws(
      () => parseSlt(text, "bad.test"),
      (e: unknown) => e instanceof SltParseError && e.line === line && message.test(e.message),
      text,
    );
  }
});

/** The number of lines that start a record of `kind`, read straight off the text. */
function countCommandLines(text: string, word: string): number {
  let n = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith(word + " ")) n++;
  }
  return n;
}

/**
 * Queries excluded for SQLite, by a backwards look at the lines just above each `query` line
 * (conditions sit right above the command, comments may be interleaved).
 */
function countSkippedForSqlite(text: string): number {
  const lines = text.split("\n").map((l) => l.replace(/\r$/, ""));
  let skipped = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith("query ")) continue;
    for (let j = i - 1; j >= 0; j--) {
      if (lines[j].startsWith("#")) continue;
      const [word, engine] = lines[j].split(/\s+/);
      if (word !== "skipif" && word !== "onlyif") break;
      const isSqlite = engine.toLowerCase() === "sqlite";
      if ((word === "skipif") === isSqlite) {
        skipped++;
        break;
      }
    }
  }
  return skipped;
}

Deno.test("slt_parse: every corpus file parses; counts match a line scan", () => {
  const files = listSltFiles();
  assert.equal(files.length, 45, "the README lists 45 files");
  let queries = 0;
  let statements = 0;
  for (const rel of files) {
    const text = Deno.readTextFileSync(join(CORPUS_DIR, rel));
    const records = parseSlt(text, rel);
    const fileQueries = records.filter((r) => r.kind === "query").length;
    const fileStatements = records.filter((r) => r.kind === "statement").length;
    assert.equal(fileQueries, countCommandLines(text, "query"), `${rel}: queries`);
    assert.equal(fileStatements, countCommandLines(text, "statement"), `${rel}: statements`);
    assert.ok(fileStatements > 0, `${rel}: no statements`);
    const script = forEngine(records, "sqlite");
    assert.equal(script.skippedQueries, countSkippedForSqlite(text), `${rel}: skipped queries`);
    assert.equal(script.haltedAt, null, `${rel}: no unconditional halt in this subset`);
    queries += fileQueries;
    statements += fileStatements;
  }
  assert.equal(queries, 222_154);
  assert.equal(statements, 84_968);
});

Deno.test("slt_parse: corpus expectations are consistent with types and hash thresholds", () => {
  let hashed = 0;
  for (const rel of listSltFiles()) {
    for (const step of forEngine(readSltFile(rel), "sqlite").steps) {
      if (step.kind !== "query") continue;
      const { record, hashThreshold } = step;
      const where = `${rel}:${record.line}`;
      const width = record.types.length;
      if (record.expected.kind === "hash") {
        hashed++;
        assert.equal(record.expected.count % width, 0, `${where}: value count vs types`);
        assert.ok(hashThreshold > 0 && record.expected.count > hashThreshold, where);
      } else {
        const n = record.expected.values.length;
        assert.equal(n % width, 0, `${where}: value count vs types`);
        assert.ok(hashThreshold === 0 || n <= hashThreshold, `${where}: should be hashed`);
      }
    }
  }
  assert.ok(hashed > 10_000, `only ${hashed} hashed results`);
});

const dbScript = parseSlt(`
statement ok
CREATE TABLE t(x INTEGER)

statement ok
INSERT INTO t VALUES(1); INSERT INTO t VALUES(2)

query I
SELECT count(*) FROM t

statement ok
SELECT 1

statement ok
CREATE TABLE IF NOT EXISTS t(y)

query I
SELECT count(*) FROM t

statement ok
CREATE TRIGGER no_big BEFORE INSERT ON t WHEN new.x > 100 BEGIN SELECT RAISE(ROLLBACK, 'big'); END

statement ok
INSERT INTO t VALUES(3)

statement error
INSERT INTO t VALUES(1000)

skipif sqlite
statement ok
DROP TABLE t

query I
SELECT count(*) FROM t

onlyif sqlite
statement ok
DELETE FROM t WHERE x = 1

query I
SELECT count(*) FROM t
`);

/** What a fresh SQLite connection counts in `t` at `path` (the oracle for snapshots). */
function countRows(path: string): number {
  const reader = new DatabaseSync(path, { readOnly: true });
  try {
    return Number(reader.prepare("SELECT count(*) AS n FROM t").get()!.n);
  } finally {
    reader.close();
  }
}

Deno.test("slt_db: the database as of each query; versions change only with the file", () => {
  const script = forEngine(dbScript);
  const queries = script.steps.flatMap((s, i) => s.kind === "query" ? [i] : []);
  assert.equal(queries.length, 4);
  const db = new SltDatabase(script, "inline.test");
  try {
    const snapshots: DbSnapshot[] = [];
    const counts: number[] = [];
    for (const i of queries) {
      const snapshot = db.at(i);
      snapshots.push(snapshot);
      counts.push(countRows(snapshot.path)); // before the next at() changes the file
    }
    assert.deepEqual(counts, [2, 2, 3, 2], "the RAISE(ROLLBACK) must not undo the batch before");
    const [v1, v2, v3, v4] = snapshots.map((s) => s.version);
    assert.equal(v2, v1, "SELECT and CREATE TABLE IF NOT EXISTS leave the file alone");
    assert.ok(v3 > v2 && v4 > v3);
    assert.deepEqual(snapshots.map((s) => s.statementsApplied), [2, 4, 7, 8]);
    assert.equal(db.sqlite.isTransaction, false);

    const again = db.at(queries[0]);
    assert.equal(countRows(again.path), 2, "moving backwards rebuilds");
    assert.equal(again.statementsApplied, 2);
    assert.notEqual(again.version, v4);
    assert.equal(countRows(db.at(queries[3]).path), 2);
  } finally {
    db.close();
  }
});

Deno.test("slt_db: statements that do not do what the file says throw", () => {
  const cases = [
    "statement ok\nINSERT INTO nowhere VALUES(1)",
    "statement ok\nCREATE TABLE t(x)\n\nstatement error\nINSERT INTO t VALUES(1)",
  ];
  for (const text of cases) {
    const script = forEngine(parseSlt(text + "\n\nquery I\nSELECT 1\n"));
    const db = new SltDatabase(script, "bad.test");
    try {
      assert.throws(() => db.at(script.steps.length - 1), SltStatementError, text);
    } finally {
      db.close();
    }
  }
});
