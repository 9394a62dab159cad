/**
 * Reads a sqllogictest `.test` file into records, following the rules in
 * `tests/sqllogictest/README.md` (the format of SQLite's sqllogictest corpus):
 *
 * - `#` lines are dropped without separating records; a trailing `\r` is stripped; a line of
 *   only whitespace is blank, and blank lines separate records.
 * - `skipif <db>` / `onlyif <db>` lines prefix any record (anything after `<db>` is a comment).
 * - `statement ok|error` + SQL; `query <types> [sort mode] [label]` + SQL, then optionally a
 *   `----` line and the expected values (one per line) or `<N> values hashing to <md5>`;
 *   `hash-threshold N`; `halt`.
 *
 * The parser keeps every record, whichever engine it is meant for; {@link forEngine} picks
 * the ones one engine runs, stops at `halt` and tracks the hash threshold in force, so the
 * front-end check and the execution runner see the same sequence.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** `skipif db` or `onlyif db`, with `db` lowercased. */
export interface Condition {
  kind: "skipif" | "onlyif";
  engine: string;
}

/** What every record has. */
interface RecordBase {
  /** Position of the record in the file's record list. */
  index: number;
  /** 1-based line of the record's command line (`statement ...`, `query ...`, ...). */
  line: number;
  /** The `skipif`/`onlyif` lines before the command, in order. */
  conditions: Condition[];
}

/** `statement ok` / `statement error`: SQL (possibly several statements) run for effect. */
export interface StatementRecord extends RecordBase {
  kind: "statement";
  /** True for `statement error`: the SQL must fail. */
  expectError: boolean;
  sql: string;
}

/** How a query's rendered result is ordered before comparison. */
export type SortMode = "nosort" | "rowsort" | "valuesort";

/** The expected result of a query, as written in the file. */
export type ExpectedResult =
  | { kind: "values"; values: string[] }
  | { kind: "hash"; count: number; md5: string };

/** `query <types> [sort] [label]`. */
export interface QueryRecord extends RecordBase {
  kind: "query";
  /** One letter per result column: `I`, `R` or `T`. */
  types: string;
  sortMode: SortMode;
  /** Label shared by queries that must give the same result, or null. */
  label: string | null;
  sql: string;
  expected: ExpectedResult;
}

/** `hash-threshold N`: results with more than N values are compared by hash (0: never). */
export interface HashThresholdRecord extends RecordBase {
  kind: "hash-threshold";
  threshold: number;
}

/** `halt`: the engine stops reading the file here. */
export interface HaltRecord extends RecordBase {
  kind: "halt";
}

/** One record of a `.test` file. */
export type SltRecord = StatementRecord | QueryRecord | HashThresholdRecord | HaltRecord;

/** A malformed `.test` file. */
export class SltParseError extends Error {
  constructor(readonly source: string, readonly line: number, message: string) {
    super(`${source}:${line}: ${message}`);
    this.name = "SltParseError";
  }
}

/** The hash threshold before any `hash-threshold` record (the sqllogictest default). */
export const DEFAULT_HASH_THRESHOLD = 8;

const SORT_MODES: ReadonlySet<string> = new Set(["nosort", "rowsort", "valuesort"]);
const TYPE_LETTERS = /^[ITR]+$/;
const HASH_LINE = /^(\d+) values hashing to ([0-9a-f]{32})$/;
const WHITESPACE = /\s+/;

/** A record's lines with their 1-based line numbers. */
interface RawRecord {
  lines: string[];
  lineNumbers: number[];
}

/** Parses the text of a `.test` file; `source` names it in errors. */
export function parseSlt(text: string, source = "<slt>"): SltRecord[] {
  const records: SltRecord[] = [];
  for (const raw of splitRecords(text)) {
    records.push(parseRecord(raw, records.length, source));
  }
  return records;
}

function splitRecords(text: string): RawRecord[] {
  const out: RawRecord[] = [];
  let current: RawRecord | null = null;
  let start = 0;
  let lineNumber = 0;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    lineNumber++;
    let line = text.slice(start, end);
    start = end + 1;
    if (line.endsWith("\r")) line = line.slice(0, -1);
    if (line.startsWith("#")) continue;
    if (line.trim() === "") {
      current = null;
      continue;
    }
    if (!current) {
      current = { lines: [], lineNumbers: [] };
      out.push(current);
    }
    current.lines.push(line);
    current.lineNumbers.push(lineNumber);
  }
  return out;
}

function parseRecord(raw: RawRecord, index: number, source: string): SltRecord {
  const conditions: Condition[] = [];
  let at = 0;
  for (; at < raw.lines.length; at++) {
    const words = raw.lines[at].trim().split(WHITESPACE);
    if (words[0] !== "skipif" && words[0] !== "onlyif") break;
    if (words.length < 2) {
      throw new SltParseError(source, raw.lineNumbers[at], `${words[0]} without a database name`);
    }
    conditions.push({ kind: words[0] as Condition["kind"], engine: words[1].toLowerCase() });
  }
  const line = raw.lineNumbers[at] ?? raw.lineNumbers[at - 1];
  if (at === raw.lines.length) {
    throw new SltParseError(source, line, "skipif/onlyif without a record after it");
  }
  const words = raw.lines[at].trim().split(WHITESPACE);
  const body = raw.lines.slice(at + 1);
  const base = { index, line, conditions };
  const fail = (message: string): never => {
    throw new SltParseError(source, line, message);
  };
  switch (words[0]) {
    case "statement": {
      if (words[1] !== "ok" && words[1] !== "error") fail(`bad statement line: ${raw.lines[at]}`);
      if (body.length === 0) fail("statement without SQL");
      return {
        ...base,
        kind: "statement",
        expectError: words[1] === "error",
        sql: body.join("\n"),
      };
    }
    case "query":
      return parseQuery(words, body, base, fail);
    case "hash-threshold": {
      const threshold = Number(words[1]);
      if (!/^\d+$/.test(words[1] ?? "")) fail(`bad hash-threshold: ${raw.lines[at]}`);
      return { ...base, kind: "hash-threshold", threshold };
    }
    case "halt":
      return { ...base, kind: "halt" };
    default:
      return fail(`unknown record: ${raw.lines[at]}`);
  }
}

function parseQuery(
  words: string[],
  body: string[],
  base: RecordBase,
  fail: (message: string) => never,
): QueryRecord {
  const types = words[1] ?? "";
  if (!TYPE_LETTERS.test(types)) fail(`bad query types: ${words.join(" ")}`);
  const sortMode = words[2] ?? "nosort";
  if (!SORT_MODES.has(sortMode)) fail(`bad sort mode: ${sortMode}`);
  const label = words[3] ?? null;
  const separator = body.findIndex((l) => l.trim() === "----");
  const sqlLines = separator < 0 ? body : body.slice(0, separator);
  if (sqlLines.length === 0) fail("query without SQL");
  const valueLines = separator < 0 ? [] : body.slice(separator + 1);
  return {
    ...base,
    kind: "query",
    types,
    sortMode: sortMode as SortMode,
    label,
    sql: sqlLines.join("\n"),
    expected: parseExpected(valueLines),
  };
}

function parseExpected(lines: string[]): ExpectedResult {
  if (lines.length === 1) {
    const hash = HASH_LINE.exec(lines[0]);
    if (hash) return { kind: "hash", count: Number(hash[1]), md5: hash[2] };
  }
  return { kind: "values", values: lines };
}

/** Whether a record's `skipif`/`onlyif` lines let `engine` (e.g. "sqlite") run it. */
export function appliesTo(record: SltRecord, engine: string): boolean {
  const name = engine.toLowerCase();
  for (const c of record.conditions) {
    if (c.kind === "skipif" ? c.engine === name : c.engine !== name) return false;
  }
  return true;
}

/** A query as one engine runs it: the record and the hash threshold in force there. */
export interface QueryStep {
  kind: "query";
  record: QueryRecord;
  hashThreshold: number;
}

/** A statement as one engine runs it. */
export interface StatementStep {
  kind: "statement";
  record: StatementRecord;
}

/** The records one engine runs, in file order. */
export interface EngineScript {
  steps: (StatementStep | QueryStep)[];
  /** Query records meant for other engines (`skipif <engine>`, `onlyif <other>`). */
  skippedQueries: number;
  /** Statement records meant for other engines. */
  skippedStatements: number;
  /** Line of the `halt` that stopped the file, or null. */
  haltedAt: number | null;
  /** Query and statement records after the halt (never run). */
  afterHalt: number;
}

/**
 * The steps `engine` runs: records whose conditions exclude it are counted and dropped,
 * `hash-threshold` updates the threshold of the queries that follow, `halt` ends the file.
 */
export function forEngine(records: readonly SltRecord[], engine = "sqlite"): EngineScript {
  const script: EngineScript = {
    steps: [],
    skippedQueries: 0,
    skippedStatements: 0,
    haltedAt: null,
    afterHalt: 0,
  };
  let hashThreshold = DEFAULT_HASH_THRESHOLD;
  for (const record of records) {
    if (script.haltedAt !== null) {
      if (record.kind === "query" || record.kind === "statement") script.afterHalt++;
      continue;
    }
    if (!appliesTo(record, engine)) {
      if (record.kind === "query") script.skippedQueries++;
      if (record.kind === "statement") script.skippedStatements++;
      continue;
    }
    switch (record.kind) {
      case "statement":
        script.steps.push({ kind: "statement", record });
        break;
      case "query":
        script.steps.push({ kind: "query", record, hashThreshold });
        break;
      case "hash-threshold":
        hashThreshold = record.threshold;
        break;
      case "halt":
        script.haltedAt = record.line;
        break;
    }
  }
  return script;
}

/** The sqllogictest corpus shipped with the repository. */
export const CORPUS_DIR: string = fileURLToPath(new URL("../sqllogictest/", import.meta.url));

/** Paths of the corpus's `.test` files relative to `root`, sorted (stable order for CI logs). */
export function listSltFiles(root: string = CORPUS_DIR): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(join(root, dir))) {
      const rel = dir + entry.name;
      if (entry.isDirectory) walk(rel + "/");
      else if (entry.isFile && entry.name.endsWith(".test")) out.push(rel);
    }
  };
  walk("");
  return out.sort();
}

/** Reads and parses one corpus file (`rel` as returned by {@link listSltFiles}). */
export function readSltFile(rel: string, root: string = CORPUS_DIR): SltRecord[] {
  return parseSlt(Deno.readTextFileSync(join(root, rel)), rel);
}
