/**
 * The real-world statement check: SELECTs other people wrote for the Chinook sample
 * database, and the statements the differential generator found misplanned, kept beside
 * the project in ../shared (reference data, never copied into the project). Each runs on
 * node:sqlite and on every litejit backend; they agree when column names, rows, their
 * order and every value's storage class are the same (node:sqlite cuts TEXT at its first
 * NUL, so litejit's text is compared up to it: see qdiff_engines.ts).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { tokenize, TokenKind } from "../../core/sql/tokenize.ts";
import type { BackendName } from "../../core/backend.ts";
import { compareOutcomes } from "./qdiff_compare.ts";
import { litejitEngine, type QdiffConnection, sqliteEngine } from "./qdiff_engines.ts";

/** ../shared beside the repository: the corpus and the repro statements. */
export const SHARED_DIR = fileURLToPath(new URL("../../../shared/", import.meta.url));
const REALWORLD = join(SHARED_DIR, "realworld");
const CORPUS = join(REALWORLD, "chinook.sql");
const DEFAULT_DB = "Chinook_Sqlite.sqlite";
const REPRO = join(SHARED_DIR, "repro", "differential");

/** One statement and the database file it runs on. */
export interface CorpusStatement {
  /** Where it comes from: `chinook.sql:<line>` or `seedN.sql:<line>`. */
  origin: string;
  sql: string;
  db: string;
}

/** Is the shared reference data there? */
export function sharedDataPresent(): boolean {
  return existsSync(CORPUS) && existsSync(REPRO);
}

function lineOf(text: string, offset: number): number {
  let n = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/**
 * Splits `text` at its `;` tokens (a `;` inside a literal or comment is no end). A
 * `-- db: FILE` comment before a statement names its database; `dbDefault` otherwise.
 */
function splitStatements(text: string, file: string, dir: string, dbDefault: string) {
  const out: CorpusStatement[] = [];
  let start = -1;
  let db = dbDefault;
  for (const t of tokenize(text, true)) {
    if (t.kind === TokenKind.Comment) {
      const m = /^--\s*db:\s*(\S+)/.exec(text.slice(t.start, t.end));
      if (m && start < 0) db = m[1];
      continue;
    }
    if (t.kind === TokenKind.Space) continue;
    if (t.kind === TokenKind.Semi) {
      if (start >= 0) {
        const sql = text.slice(start, t.start).trim();
        out.push({ origin: `${file}:${lineOf(text, start)}`, sql, db: join(dir, db) });
      }
      start = -1;
      db = dbDefault;
      continue;
    }
    if (start < 0) start = t.start;
  }
  return out;
}

/** The Chinook statements, in file order. */
export function realworldStatements(): CorpusStatement[] {
  return splitStatements(readFileSync(CORPUS, "utf8"), "chinook.sql", REALWORLD, DEFAULT_DB);
}

/** The differential generator's repro statements: each seedN.sql runs on seedN.db. */
export function reproStatements(): CorpusStatement[] {
  const files = readdirSync(REPRO).filter((f) => /^seed\d+\.sql$/.test(f)).sort();
  return files.flatMap((f) =>
    splitStatements(readFileSync(join(REPRO, f), "utf8"), f, REPRO, f.replace(/\.sql$/, ".db"))
  );
}

/** A statement on which some backend disagrees with node:sqlite. */
export interface Disagreement {
  statement: CorpusStatement;
  /** Backend → why it disagrees. */
  why: Map<BackendName, string>;
  /** EXPLAIN QUERY PLAN of node:sqlite and of litejit (lines joined by `; `). */
  plans: { sqlite: string | null; litejit: string | null };
}

/** Agreement of one set of statements: per backend, how many agree; and the misses. */
export interface CheckResult {
  total: number;
  agree: Map<BackendName, number>;
  misses: Disagreement[];
}

/** Runs `statements` on node:sqlite and on each of `backends`, and compares. */
export function checkStatements(
  statements: readonly CorpusStatement[],
  backends: readonly BackendName[],
): CheckResult {
  const oracle = sqliteEngine("node:sqlite");
  const engines = backends.map((b) => [b, litejitEngine(b)] as const);
  const open = new Map<string, { oracle: QdiffConnection; mine: QdiffConnection[] }>();
  const agree = new Map(backends.map((b) => [b, 0]));
  const misses: Disagreement[] = [];
  try {
    for (const s of statements) {
      let conns = open.get(s.db);
      if (!conns) {
        conns = { oracle: oracle.open(s.db), mine: engines.map(([, e]) => e.open(s.db)) };
        open.set(s.db, conns);
      }
      const expected = conns.oracle.run(s.sql, []);
      const why = new Map<BackendName, string>();
      engines.forEach(([b], i) => {
        const d = compareOutcomes(expected, conns.mine[i].run(s.sql, []));
        if (d === null) agree.set(b, agree.get(b)! + 1);
        else why.set(b, d);
      });
      if (why.size > 0) {
        const plans = { sqlite: conns.oracle.plan(s.sql), litejit: conns.mine[0].plan(s.sql) };
        misses.push({ statement: s, why, plans });
      }
    }
  } finally {
    for (const c of open.values()) {
      c.oracle.close();
      for (const m of c.mine) m.close();
    }
  }
  return { total: statements.length, agree, misses };
}
