/**
 * The public prepared statement. Preparing parses, binds, plans and compiles the SQL (so
 * every error SQLite reports at prepare time surfaces at `prepare`); each run starts a new
 * execution of the compiled program.
 */
import { tooBig } from "../functions/scalar/limits.ts";
import type { DatabaseFile } from "../database_file.ts";
import { booleanArgument, type ResultCodeName, SqliteError } from "../errors.ts";
import type { Execution } from "../backend.ts";
import { runPragma } from "../pragma/pragma.ts";
import { PageMiss } from "../io/page_miss.ts";
import type { SqlValue, TextEncoding } from "../value/types.ts";
import type { CompiledStatement } from "./compile.ts";
import { ParameterBinder } from "./params.ts";
import { pragmaOptionsFor } from "./pragma_options.ts";
import { plainResultValue, resultValue } from "./result_values.ts";
import { type Row, type RowMaker, rowMaker } from "./row.ts";
import type { TransactionState } from "./transactions.ts";

/** One result column, as `Statement.columns()` describes it (node:sqlite's fields). */
export interface ColumnInfo {
  /** The result column's name, exactly as SQLite names it (`a`, `count(*)`, an alias). */
  name: string;
  /** Schema of the source column (`"main"`), or null for an expression. */
  database: string | null;
  /** Table of the source column, or null for an expression. */
  table: string | null;
  /** Name of the source column in its table, or null for an expression. */
  column: string | null;
  /** Declared type of the source column (`"INTEGER"`, `"TEXT"` …), or null. */
  declaredType: string | null;
}

/** A value accepted as a statement parameter (see `Statement.all` for the rules). */
export type BindValue = null | number | bigint | string | ArrayBufferView;

/** Named parameter values: `{ a: 1 }` binds `:a`, `@a` or `$a`; `{ ":a": 1 }` binds `:a`. */
export type NamedParameters = Record<string, BindValue>;

/** The arguments of `all`, `get`, `iterate` and `values`. */
export type BindParameters =
  | BindValue[]
  | [NamedParameters, ...BindValue[]];

/** One run of a statement, as rows of JS values. */
export interface RowCursor {
  /** The next row's values, or null at the end. */
  next(): SqlValue[] | null;
  close(): void;
  /**
   * True when a `PageMiss` thrown by `next()` left the run open: `next()` called again
   * once the bytes are there continues it (see core/backend.ts StartOptions).
   */
  readonly resumable: boolean;
}

let startRunOf: (st: Statement, params: readonly unknown[], resumable: boolean) => RowCursor;
let compiledOf: (st: Statement) => CompiledStatement;

/**
 * What `st` runs, compiled again first if the connection's functions or schema changed
 * (core/api/full_front_end.ts reads it). Not part of the public API.
 */
export function compiledStatementOf(st: Statement): CompiledStatement {
  return compiledOf(st);
}

/**
 * Starts a run of `st` with `params` bound, asking the backend for a resumable run when
 * `resumable`: how core/api/async_statement.ts drives statements over lazy sources. Not
 * part of the public API.
 */
export function startRun(
  st: Statement,
  params: readonly unknown[],
  resumable: boolean,
): RowCursor {
  return startRunOf(st, params, resumable);
}

/** The state a statement shares with its Database. */
export interface StatementHost {
  /** The open database file (throws SQLITE_MISUSE once the database is closed). */
  file(): DatabaseFile;
  transactions: TransactionState;
  /**
   * Changes whenever the connection's functions or the file's schema change; a statement
   * compiled at another version is compiled again (with {@link recompile}) before it next
   * runs, as SQLite re-prepares a statement that `sqlite3_create_function` or a schema
   * change expired.
   */
  version(): number;
  /** The statement `text` compiled against the connection's current functions and schema. */
  recompile(text: string): CompiledStatement;
}

/**
 * A prepared statement. Get one from `Database.prepare`.
 *
 * Parameters (node:sqlite's rules): positional values fill `?` and `?NNN` in order;
 * an object as the first argument binds named parameters (`{ a: 1 }` matches `:a`, `@a`
 * or `$a`; `{ ":a": 1 }` names it exactly). Too many values or an unknown name throw
 * `SqliteError` `SQLITE_RANGE`; parameters given nothing are NULL. `null` binds NULL, a
 * `number` REAL, a `bigint` INTEGER, a `string` TEXT, a typed array or DataView a BLOB;
 * anything else is a TypeError.
 *
 * Results: NULL → `null`, INTEGER → `number` (a `bigint` with `setReadBigInts(true)`; an
 * INTEGER beyond ±(2^53-1) without it throws a RangeError), REAL → `number`, TEXT →
 * `string`, BLOB → `Uint8Array`. Row objects have one own property per column (a column
 * named `__proto__` is an ordinary property); with duplicate names the last column wins.
 *
 * @example
 * ```ts
 * import { Database } from "./mod.ts";
 * const db = new Database("examples/sample.db");
 * const st = db.prepare("SELECT name FROM cities WHERE id = ?");
 * console.log(st.get(1), st.all(2), st.columns().map((c) => c.name));
 * db.close();
 * ```
 */
export class Statement {
  static {
    startRunOf = (st, params, resumable) => st.#start(params, resumable);
    compiledOf = (st) => st.#current();
  }

  readonly #host: StatementHost;
  #compiled: CompiledStatement;
  #version: number;
  /** Made at the first row object handed out: many statements only ever give values. */
  #makeRow: RowMaker | null = null;
  readonly #binder: ParameterBinder;
  #readBigInts: boolean;

  /** @internal Use `Database.prepare`. */
  constructor(host: StatementHost, compiled: CompiledStatement, readBigInts: boolean) {
    this.#host = host;
    this.#compiled = compiled;
    this.#version = host.version();
    // PRAGMA and transaction statements have no parameters field.
    this.#binder = new ParameterBinder("parameters" in compiled ? compiled.parameters : []);
    this.#readBigInts = readBigInts;
  }

  /**
   * The SQL text of this statement.
   *
   * @example
   * ```ts
   * import { Database } from "./mod.ts";
   * const db = new Database("examples/sample.db");
   * console.log(db.prepare("SELECT 1; ").source); // "SELECT 1;"
   * db.close();
   * ```
   */
  get source(): string {
    return this.#compiled.text;
  }

  /**
   * The result columns: names exactly as SQLite names them, and where they come from.
   *
   * @example
   * ```ts
   * import { Database } from "./mod.ts";
   * const db = new Database("examples/sample.db");
   * console.log(db.prepare("SELECT id AS n, 1 FROM cities").columns());
   * db.close();
   * ```
   */
  columns(): ColumnInfo[] {
    // Copies: the caller may change them. The compiled columns have exactly these fields.
    return this.#compiled.columns.map((c) => ({ ...c }));
  }

  /**
   * Whether INTEGER results come back as `bigint` (true) or `number` (false, the default
   * unless the Database was opened with `readBigInts`).
   *
   * @example
   * ```ts
   * import { Database } from "./mod.ts";
   * const db = new Database("examples/sample.db");
   * const st = db.prepare("SELECT count(*) AS n FROM cities");
   * st.setReadBigInts(true);
   * console.log(st.get()); // { n: 12n }
   * db.close();
   * ```
   */
  setReadBigInts(enabled: boolean): void {
    this.#readBigInts = booleanArgument(enabled, "readBigInts");
  }

  /**
   * Runs the statement and returns every row as an object keyed by column name.
   *
   * @example
   * ```ts
   * import { Database } from "./mod.ts";
   * const db = new Database("examples/sample.db");
   * console.log(db.prepare("SELECT id, name FROM cities WHERE id < :n").all({ n: 3 }));
   * db.close();
   * ```
   */
  all(...params: BindParameters): Row[] {
    return this.#run(params, this.#allRows);
  }

  // The consumers of #run, made once per statement rather than per call.
  readonly #allRows = (cursor: RowCursor): Row[] => {
    const rows: Row[] = [];
    const makeRow = this.#rowMaker();
    for (let v = cursor.next(); v; v = cursor.next()) rows.push(makeRow(v));
    return rows;
  };
  readonly #firstRow = (cursor: RowCursor): Row | undefined => {
    const v = cursor.next();
    return !v ? undefined : this.#rowMaker()(v);
  };
  readonly #allValues = (cursor: RowCursor): SqlValue[][] => {
    const rows: SqlValue[][] = [];
    for (let v = cursor.next(); v; v = cursor.next()) rows.push(v);
    return rows;
  };

  /**
   * Runs the statement and returns its first row (then stops), or undefined when there is
   * none.
   *
   * @example
   * ```ts
   * import { Database } from "./mod.ts";
   * const db = new Database("examples/sample.db");
   * console.log(db.prepare("SELECT name FROM cities WHERE id = ?").get(1));
   * db.close();
   * ```
   */
  get(...params: BindParameters): Row | undefined {
    return this.#run(params, this.#firstRow);
  }

  /**
   * Runs the statement and returns rows as arrays of values in column order (no key
   * collisions between equal column names).
   *
   * @example
   * ```ts
   * import { Database } from "./mod.ts";
   * const db = new Database("examples/sample.db");
   * console.log(db.prepare("SELECT 1 AS x, 2 AS x").values()); // [[1, 2]]
   * db.close();
   * ```
   */
  values(...params: BindParameters): SqlValue[][] {
    return this.#run(params, this.#allValues);
  }

  /**
   * Runs the statement lazily: each `next()` computes one more row. Leaving a `for...of`
   * early (or calling `return()`) ends the run. Parameters are bound when `iterate` is
   * called.
   *
   * @example
   * ```ts
   * import { Database } from "./mod.ts";
   * const db = new Database("examples/sample.db");
   * for (const row of db.prepare("SELECT name FROM cities").iterate()) {
   *   console.log(row.name);
   *   break; // the run ends here
   * }
   * db.close();
   * ```
   */
  iterate(...params: BindParameters): IterableIterator<Row> {
    return this.#lazy(params, (v) => this.#rowMaker()(v));
  }

  /**
   * {@link Statement.iterate}, with rows as arrays of values in column order (as
   * {@link Statement.values} gives them).
   *
   * @example
   * ```ts
   * import { Database } from "./mod.ts";
   * const db = new Database("examples/sample.db");
   * for (const [id, name] of db.prepare("SELECT id, name FROM cities").iterateValues()) {
   *   console.log(id, name);
   * }
   * db.close();
   * ```
   */
  iterateValues(...params: BindParameters): IterableIterator<SqlValue[]> {
    return this.#lazy(params, (v) => v);
  }

  /**
   * The program this statement runs, as the backend prints it: the bytecode listing for
   * the interpreter. Statements that are not SELECTs (PRAGMA, BEGIN...) run no program:
   * their text is "".
   *
   * @example
   * ```ts
   * import { Database } from "./mod.ts";
   * const db = new Database("examples/sample.db");
   * console.log(db.prepare("SELECT name FROM cities WHERE id = 1").explain());
   * db.close();
   * ```
   */
  explain(): string {
    const c = this.#current();
    return c.kind === "select" || c.kind === "listing" ? c.program.explainText() : "";
  }

  /** The row builder of the current columns (a run recompiles first: see #current). */
  #rowMaker(): RowMaker {
    return this.#makeRow ??= rowMaker(this.#compiled.columns.map((c) => c.name));
  }

  /** The compiled statement, compiled again if the connection's functions or schema changed. */
  #current(): CompiledStatement {
    const host = this.#host;
    const version = host.version();
    if (version !== this.#version) {
      // Same text, so the same parameters; a schema change may change the columns
      // (`SELECT *` of a table that gained one), as in SQLite.
      this.#compiled = host.recompile(this.#compiled.text);
      this.#makeRow = null;
      this.#version = version;
    }
    return this.#compiled;
  }

  /**
   * Runs the statement to the end with `consume` and returns what it returns. On a file
   * that others write, a run whose snapshot was overwritten runs again on the latest one:
   * nothing it produced was handed out yet (core/io/live_reads.ts, which the browser build,
   * whose databases never change, leaves out).
   */
  #run<T>(params: readonly unknown[], consume: (cursor: RowCursor) => T): T {
    const start = () => this.#start(params);
    const live = this.#host.file().live;
    if (live) return live.retryRun(start, consume, () => this.#host.transactions.open);
    const cursor = start();
    try {
      return consume(cursor);
    } finally {
      cursor.close();
    }
  }

  /**
   * A lazy run (iterate): on a followed file, retried like {@link #run} until its first row
   * is handed out (core/io/live_reads.ts).
   */
  #lazy<T>(params: readonly unknown[], make: (v: SqlValue[]) => T): IterableIterator<T> {
    const start = () => this.#start(params);
    const live = this.#host.file().live;
    return lazyRows(
      !live ? start() : live.retryLazyRun(start, () => this.#host.transactions.open),
      make,
    );
  }

  #start(params: readonly unknown[], resumable = false): RowCursor {
    const host = this.#host;
    const file = host.file();
    const snapshot = file.beginRead(host.transactions.open);
    try {
      const c = this.#current();
      const readBigInts = this.#readBigInts;
      // Every kind of statement binds its parameters first.
      const bound = this.#binder.bind(params);
      switch (c.kind) {
        case "select":
          return new ExecutionCursor(
            c.program.start(bound, { resumable }),
            readBigInts,
            file,
            snapshot,
          );
        case "listing":
          file.endRead();
          return listCursor(c.rows, readBigInts);
        case "pragma": {
          const options = pragmaOptionsFor(file, host.transactions.open);
          const rows = runPragma(file, c.name, c.arg, c.schema, options);
          file.check(snapshot);
          file.endRead();
          return listCursor(rows, readBigInts);
        }
        case "transaction":
          file.endRead();
          host.transactions.run(c.verb, c.savepoint);
          return listCursor([], readBigInts);
        default:
          c satisfies { kind: "write" };
          // Parameters are bound already; the refusal comes from the first step, as SQLite's.
          file.endRead();
          return c.error
            ? failingCursor(c.error.code, c.error.message)
            : listCursor([], readBigInts);
      }
    } catch (e) {
      file.endRead();
      throw e;
    }
  }
}

/** An iterator over a cursor's rows; finishing or leaving early closes the cursor. */
function lazyRows<T>(cursor: RowCursor, make: (v: SqlValue[]) => T): IterableIterator<T> {
  let done = false;
  const finish = (): IteratorResult<T> => {
    if (!done) {
      done = true;
      cursor.close();
    }
    return { done: true, value: undefined };
  };
  const iterator: IterableIterator<T> = {
    next(): IteratorResult<T> {
      if (done) return finish(); // closes nothing again
      let v: SqlValue[] | null;
      try {
        v = cursor.next();
      } catch (e) {
        finish();
        throw e;
      }
      return !v ? finish() : { done: false, value: make(v) };
    },
    return: finish,
    [Symbol.iterator]() {
      return iterator;
    },
  };
  return iterator;
}

/**
 * A run of a compiled program. On a file others write, each row (and the end) is checked
 * to come from the run's snapshot before it is returned, and an error from a run whose
 * snapshot was overwritten is SnapshotLost (core/database_file.ts): pages of two snapshots
 * make no sense.
 */
class ExecutionCursor implements RowCursor {
  declare readonly resumable: boolean;
  readonly #execution: Execution;
  readonly #readBigInts: boolean;
  readonly #file: DatabaseFile;
  readonly #snapshot: number;
  readonly #encoding: TextEncoding;
  #open = true;

  constructor(execution: Execution, readBigInts: boolean, file: DatabaseFile, snapshot: number) {
    this.resumable = execution.resumable === true;
    this.#execution = execution;
    this.#readBigInts = readBigInts;
    this.#file = file;
    this.#snapshot = snapshot;
    this.#encoding = file.encoding;
  }

  next(): SqlValue[] | null {
    const execution = this.#execution;
    let more: boolean;
    try {
      more = execution.step();
    } catch (e) {
      if (!(e instanceof PageMiss && execution.resumable)) execution.close();
      // Checked after a PageMiss too: a lazy source's file, the only one that misses, is
      // never followed live, so the check is a no-op there.
      this.#file.check(this.#snapshot);
      // A value longer than a JS string or buffer may be (SQLite allows 1e9 bytes).
      const jsLimit = /Invalid (string|typed array|array buffer) length|allocation|exceeds max/;
      if (!(e instanceof SqliteError) && jsLimit.test(`${e}`)) {
        tooBig();
      }
      throw e;
    }
    this.#file.check(this.#snapshot);
    if (!more) return null;
    const row = execution.row;
    const out: SqlValue[] = new Array(row.length);
    const readBigInts = this.#readBigInts;
    const encoding = this.#encoding;
    for (let i = 0; i < row.length; i++) out[i] = resultValue(row[i], readBigInts, encoding);
    return out;
  }

  close(): void {
    this.#execution.close();
    if (this.#open) this.#file.endRead();
    this.#open = false;
  }
}

function listCursor(rows: readonly SqlValue[][], readBigInts: boolean): RowCursor {
  let at = 0;
  return {
    resumable: false,
    next() {
      if (at >= rows.length) return null;
      return rows[at++].map((v) => plainResultValue(v, readBigInts));
    },
    close() {
      at = rows.length;
    },
  };
}

/** A run whose first step throws SQLite's error `code` / `message` (and then ends). */
function failingCursor(code: ResultCodeName, message: string): RowCursor {
  let failed = false;
  return {
    resumable: false,
    next() {
      if (failed) return null;
      failed = true;
      throw new SqliteError(code, message);
    },
    close() {
      failed = true;
    },
  };
}
