/**
 * A CLI session: one open database, the settings, and running SQL text statement by
 * statement with results, timings and errors printed as the sqlite3 shell prints them.
 */
import { type BackendName, Database, SqliteError, type SqlValue } from "../mod.ts";
import { formatResult } from "./format.ts";
import type { CliIo } from "./io.ts";
import { drawQueryPlan } from "./query_plan.ts";
import type { Settings } from "./settings.ts";
import { type StatementSpan, statementSpan } from "../core/sql/parser.ts";
import { cellLines } from "./value_text.ts";
import { displayWidth } from "./width.ts";

/** Where SQL came from, for error messages: a command-line argument or stdin (its first line). */
export type SqlOrigin = { kind: "argument" } | { kind: "stdin"; firstLine: number };

type Phase = "prepare" | "run";

/** Modes meant for people: they draw EXPLAIN output as listings rather than rows. */
const DISPLAY_MODES = new Set(["box", "table", "markdown", "list", "line"]);

/** An open database with the CLI's settings. */
export class Session {
  readonly io: CliIo;
  readonly settings: Settings;
  readonly #source: string | null;
  #db: Database;

  /**
   * Opens `source` (a path; null: an empty in-memory database) with `settings.backend`.
   * Throws SqliteError when the file cannot be opened or the backend does not exist.
   */
  constructor(io: CliIo, settings: Settings, source: string | null) {
    this.io = io;
    this.settings = settings;
    this.#source = source;
    this.#db = this.#open(settings.backend);
  }

  #open(backend: BackendName): Database {
    return new Database(this.#source ?? new Uint8Array(0), { backend });
  }

  /** The open database. */
  get db(): Database {
    return this.#db;
  }

  /** Reopens the database with another backend (the old connection stays if that fails). */
  switchBackend(name: string): void {
    const db = this.#open(name as BackendName);
    this.#db.close();
    this.#db = db;
    this.settings.backend = db.backend;
  }

  /** Closes the database. */
  close(): void {
    this.#db.close();
  }

  /**
   * Runs every statement of `sql` in turn, printing each result. Stops at the first error
   * (printed to stderr) and returns false; true when all ran.
   */
  runSql(sql: string, origin: SqlOrigin): boolean {
    let at = 0;
    for (;;) {
      // Split by tokens: each statement is parsed once, by prepare, which reports its errors.
      const span = statementSpan(sql, at);
      if (!span) return true;
      if (!this.#runStatement(sql, span, origin)) return false;
      at = span.end;
    }
  }

  #runStatement(sql: string, span: StatementSpan, origin: SqlOrigin): boolean {
    const { io, settings } = this;
    const text = sql.slice(span.start, span.end);
    let phase: Phase = "prepare";
    try {
      const t0 = performance.now();
      const statement = this.#db.prepare(text);
      const prepareMs = performance.now() - t0;
      if (settings.explain && span.explain === null) {
        io.out(this.#explanation(statement.explain(), text));
        if (settings.timer) io.out(`Prepare: ${ms(prepareMs)}\n`);
        return true;
      }
      phase = "run";
      statement.setReadBigInts(true);
      const names = statement.columns().map((c) => c.name);
      const t1 = performance.now();
      const rows = statement.values();
      const runMs = performance.now() - t1;
      io.out(this.#format(sql, span, names, rows));
      if (settings.timer) io.out(`Prepare: ${ms(prepareMs)}  Run: ${ms(runMs)}\n`);
      return true;
    } catch (e) {
      this.reportError(e, phase, sql, span.start, origin);
      return false;
    }
  }

  #format(sql: string, span: StatementSpan, names: string[], rows: SqlValue[][]): string {
    if (span.explain && DISPLAY_MODES.has(this.settings.mode)) {
      if (span.explain === "queryPlan") return drawQueryPlan(rows);
      return withNewline(this.#db.prepare(sql.slice(span.bodyStart, span.end)).explain());
    }
    return formatResult(names, rows, this.settings);
  }

  /** What `--explain` prints for a statement: its program and/or its query plan tree. */
  #explanation(program: string, text: string): string {
    const what = this.settings.explain;
    let out = "";
    if (what !== "plan") out += withNewline(program);
    // Statements that run no program (PRAGMA, BEGIN...) have no query plan either.
    if (what !== "bytecode" && program !== "") {
      const plan = this.#db.prepare("EXPLAIN QUERY PLAN " + text).values();
      if (plan.length > 0) out += drawQueryPlan(plan);
    }
    return out;
  }

  /**
   * Prints an error as the sqlite3 shell does: its message (never a stack trace), then,
   * when SQLite knows where in the SQL it is, that line with a caret under the place.
   * `base` is the offset in `sql` that the error's offset counts from.
   */
  reportError(e: unknown, phase: Phase, sql: string, base: number, origin: SqlOrigin): void {
    const message = e instanceof Error ? e.message : String(e);
    const offset = e instanceof SqliteError && e.offset >= 0 ? base + e.offset : -1;
    const at = offset >= 0 ? Math.min(offset, sql.length) : base;
    let head: string;
    if (origin.kind === "argument") {
      head = phase === "prepare" ? "Error: in prepare, " : "Error: stepping, ";
    } else {
      const line = origin.firstLine + countNewlines(sql, at);
      head = `${phase === "prepare" ? "Parse" : "Runtime"} error near line ${line}: `;
    }
    let out = head + message + "\n";
    if (offset >= 0) out += caretContext(sql, at);
    this.io.err(out);
  }
}

function ms(value: number): string {
  return `${value.toFixed(3)} ms`;
}

function withNewline(text: string): string {
  return text === "" || text.endsWith("\n") ? text : text + "\n";
}

function countNewlines(text: string, end: number): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < end; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

/** The line of `sql` holding offset `at`, and a caret under that place. */
function caretContext(sql: string, at: number): string {
  const lineStart = sql.lastIndexOf("\n", at - 1) + 1;
  const nl = sql.indexOf("\n", lineStart);
  const line = sql.slice(lineStart, nl < 0 ? sql.length : nl);
  const shown = cellLines(line)[0];
  const before = displayWidth(cellLines(sql.slice(lineStart, at))[0]);
  return `  ${shown}\n  ${" ".repeat(before)}^--- error here\n`;
}
