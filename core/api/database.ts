/**
 * The `Database` class behind every entry point. It opens bytes itself; file paths are
 * opened by the opener the full entry point (mod.ts) installs, so the browser entry
 * carries no node:fs.
 */
import { type UserFunctionOptions, UserFunctionTable } from "../functions/user/table.ts";
import { DatabaseFile, type OpenOptions } from "../database_file.ts";
import { type CompiledStatement, compileStatement } from "./compile.ts";
import { booleanArgument, SqliteError } from "../errors.ts";
import { encodingName } from "../value/types.ts";
import { Statement, type StatementHost } from "./statement.ts";
import { TransactionState } from "./transactions.ts";
import type { Backend, BackendHandle, BackendName } from "../backend.ts";
import { Lru } from "../util/lru.ts";
import { backendNamed, chooseBackend, registeredBackends } from "../backend_registry.ts";
import { openPath } from "./path_opener.ts";
import type { UserAggregateCallbacks } from "../functions/user/implement.ts";
import type { BindOptions } from "../analyze/binder.ts";

export type { UserFunctionOptions };
export { installPathOpener, type PathOpener } from "./path_opener.ts";

/**
 * The callbacks and options of {@link Database.aggregate} (node:sqlite's and
 * better-sqlite3's names).
 */
export interface AggregateOptions extends UserFunctionOptions {
  /**
   * The initial accumulator (default `null`), or a function returning it, called once
   * per group (and per window partition).
   */
  start?: unknown;
  /** Takes the accumulator and one row's arguments; returns the new accumulator. */
  // deno-lint-ignore no-explicit-any
  step: (accumulator: any, ...args: any[]) => unknown;
  /** Turns the final accumulator into the result (default: the accumulator itself). */
  // deno-lint-ignore no-explicit-any
  result?: (accumulator: any) => unknown;
  /**
   * Removes a row that left a window frame (the opposite of `step`); with it the
   * aggregate may also be used as a window function (`OVER (...)`).
   */
  // deno-lint-ignore no-explicit-any
  inverse?: (accumulator: any, ...args: any[]) => unknown;
}

/** Options for {@link Database}. */
export interface DatabaseOptions {
  /** Pages kept in the page cache (default: as many as fit in 64 MiB, at most the file's). */
  cachePages?: number;
  /** With a `Uint8Array` database: the bytes of its `-wal` file, if it has one. */
  wal?: Uint8Array | null;
  /**
   * The executor that runs queries: `"tiered"` (the default of mod.ts: a statement's first
   * run on the interpreter, later runs, and first runs that scan much, as generated
   * JavaScript), `"js"` (each statement compiled to a JavaScript function; browser.ts's
   * default), `"interpreter"` (bytecode, no code generation) or `"wasm"` (each statement
   * compiled to a WebAssembly module that scans pages in its memory; the rest of the
   * statement runs as generated JS), or the backend object an entry point exports. A name
   * not registered (see the entry points `interpreter.ts`, `js.ts`, `wasm.ts`) throws
   * `SQLITE_MISUSE`; a backend this runtime forbids (a Content-Security-Policy without
   * `'unsafe-eval'` forbids generated code) throws `SQLITE_ERROR` naming the policy. The
   * default is the first of tiered, js, wasm, interpreter that is registered and allowed to
   * run here.
   */
  backend?: BackendName | BackendHandle;
  /** INTEGER results as `bigint` in every statement prepared (default false). */
  readBigInts?: boolean;
  /** Compiled statements remembered by SQL text (default 64; 0 turns the cache off). */
  statementCache?: number;
  /**
   * With a file path: how long, in milliseconds, a statement waits for another process
   * that is writing the file (a rollback-journal commit in progress), or retries a
   * snapshot that checkpoints keep overwriting, before it throws `SQLITE_BUSY` (default
   * 5000, as better-sqlite3's `timeout`).
   */
  busyTimeout?: number;
  /**
   * The math functions of SQLite's SQLITE_ENABLE_MATH_FUNCTIONS build option (`sin`,
   * `pow`, `log`, `ceil`, ...). Default false, as in node:sqlite, whose SQLite is built
   * without them: calling one is then "no such function".
   */
  mathFunctions?: boolean;
}

/** A column as declared in CREATE TABLE. */
export interface ColumnDescription {
  /** Column name. */
  name: string;
  /** Declared type as SQLite reports it (`PRAGMA table_info`), "" when none. */
  declaredType: string;
  /** Whether the column is declared NOT NULL (or is part of a WITHOUT ROWID key). */
  notNull: boolean;
  /** Text of the DEFAULT clause, or null. */
  defaultSql: string | null;
}

/** A table in the database. */
export interface TableDescription {
  /** Table name. */
  name: string;
  /** The CREATE TABLE statement. */
  sql: string;
  /** Whether the table is WITHOUT ROWID. */
  withoutRowid: boolean;
  /** Columns in declaration order. */
  columns: ColumnDescription[];
}

/** An index, including the automatic indexes of PRIMARY KEY and UNIQUE constraints. */
export interface IndexDescription {
  /** Index name. */
  name: string;
  /** The table it indexes. */
  table: string;
  /** The CREATE INDEX statement; null for automatic indexes. */
  sql: string | null;
  /** Whether the index enforces uniqueness. */
  unique: boolean;
}

/** A view. */
export interface ViewDescription {
  /** View name. */
  name: string;
  /** The CREATE VIEW statement. */
  sql: string;
}

/**
 * What the functions below read of a Database: its open file, the state its statements
 * share, its bind options and its readBigInts option (set by the class, whose fields are
 * #private).
 */
let internalsOf: (db: Database) => [DatabaseFile, StatementHost, BindOptions, boolean];

/** The open file of `db` (core/api/full_front_end.ts reads its settings). Not public API. */
export function databaseFileOf(db: Database): DatabaseFile {
  return internalsOf(db)[0];
}

/**
 * For an AsyncDatabase: a function compiling a statement of `db` again for the
 * interpreter (whose runs resume after a page miss), or null when the interpreter is not
 * registered here. Not part of the public API.
 */
export function interpreterStatement(db: Database): ((st: Statement) => Statement) | null {
  if (!registeredBackends().includes("interpreter")) return null;
  const interpreter = backendNamed("interpreter");
  return (st) => {
    const [file, host, bindOptions, readBigInts] = internalsOf(db);
    return new Statement(
      host,
      compileStatement(file, st.source, interpreter, bindOptions),
      readBigInts,
    );
  };
}

/** Set by {@link databaseOver} while it constructs a Database. */
let openingOver: ((options: OpenOptions) => DatabaseFile) | null = null;

/**
 * A Database over the file `open` makes with the options the chosen backend needs (its
 * page storage): how connections over other sources (core/api/async_database.ts) are made.
 * Not part of the public API.
 */
export function databaseOver(
  open: (options: OpenOptions) => DatabaseFile,
  options: DatabaseOptions = {},
): Database {
  openingOver = open;
  try {
    return new Database("", options);
  } finally {
    openingOver = null;
  }
}

/**
 * A read-only connection to a SQLite database file.
 *
 * The source is a file path (its `-wal` file is read too when present), a `file:` URL, or
 * the database's bytes. Errors are {@link SqliteError}s with SQLite's codes and messages:
 * `SQLITE_CANTOPEN`, `SQLITE_NOTADB` "file is not a database", `SQLITE_CORRUPT`.
 *
 * A file path is followed while other processes write it: each statement reads the latest
 * commit as of its start, never two commits at once (WAL or rollback journal, checked
 * without SQLite's locks; see the README's "Live files"). A statement overtaken by a writer
 * runs again unseen unless it already handed out rows (`iterate()`), which then throws
 * `SQLITE_BUSY_SNAPSHOT`; a writer applying a rollback-journal commit makes statements wait
 * up to `busyTimeout`, then `SQLITE_BUSY`.
 *
 * @example
 * ```ts
 * import { Database } from "./mod.ts";
 * const bytes = Deno.readFileSync("examples/sample.db");
 * const db = new Database(bytes);
 * console.log(db.pageSize, db.encoding, db.views.map((v) => v.name));
 * db.close();
 * ```
 */
export class Database {
  static {
    internalsOf = (db) => [db.#open, db.#host, db.#bindOptions, db.#readBigInts];
  }

  #file: DatabaseFile | null;
  readonly #backend: Backend;
  readonly #readBigInts: boolean;
  /**
   * Compiled statements by SQL text, the least recently used dropped beyond the
   * `statementCache` option: preparing the same SQL again skips parsing, binding, planning
   * and compiling. An entry is compiled against the schema and the functions the
   * connection had then, so the cache is cleared when either changes: at the first prepare
   * after the schema in use changed (another connection changed it:
   * DatabaseFile.schemaVersion), when a function or aggregate is registered, and on close.
   */
  readonly #cache: Lru<string, CompiledStatement>;
  /** The schema version the statement cache's entries were compiled against. */
  #cachedSchema = 0;
  readonly #bindOptions: BindOptions;
  readonly #functions = new UserFunctionTable();
  readonly #host = {
    file: (): DatabaseFile => this.#open,
    transactions: new TransactionState(),
    // Both counters only grow, so their sum changes whenever either does.
    version: (): number => this.#functions.version + this.#open.schemaVersion,
    recompile: (text: string) => this.#compile(text),
  };

  /** Opens `source` for reading. */
  constructor(source: string | URL | Uint8Array | ArrayBuffer, options: DatabaseOptions = {}) {
    this.#backend = chooseBackend(options.backend);
    this.#readBigInts = booleanArgument(options.readBigInts ?? false, "options.readBigInts");
    this.#cache = new Lru(options.statementCache ?? 64);
    const mathFunctions = booleanArgument(options.mathFunctions ?? false, "options.mathFunctions");
    this.#bindOptions = { mathFunctions, userFunctions: this.#functions };
    const openOptions = { ...options, pageStorage: this.#backend.pageStorage };
    this.#file = openingOver
      ? openingOver(openOptions)
      : source instanceof ArrayBuffer
      ? DatabaseFile.fromBytes(new Uint8Array(source), openOptions)
      : source instanceof Uint8Array
      ? DatabaseFile.fromBytes(source, openOptions)
      : openPath(source, openOptions);
  }

  /**
   * Opens `source` like the constructor, and also a `Blob` or `File` (a file picked or
   * dropped in a browser), whose bytes are read first. The statements of the returned
   * connection are synchronous, as with the constructor.
   *
   * @example
   * ```ts
   * import { Database } from "./mod.ts";
   * const blob = new Blob([Deno.readFileSync("examples/sample.db")]);
   * const db = await Database.open(blob);
   * console.log(db.prepare("SELECT count(*) AS n FROM cities").get());
   * db.close();
   * ```
   */
  static async open(
    source: string | URL | Uint8Array | ArrayBuffer | Blob,
    options: DatabaseOptions = {},
  ): Promise<Database> {
    if (typeof Blob !== "undefined" && source instanceof Blob) {
      source = new Uint8Array(await source.arrayBuffer());
    }
    return new Database(source as string | URL | Uint8Array | ArrayBuffer, options);
  }

  /**
   * The name of the backend that runs this connection's queries.
   *
   * @example
   * ```ts
   * import { Database } from "./mod.ts";
   * const db = new Database("examples/sample.db", { backend: "interpreter" });
   * console.log(db.backend); // "interpreter"
   * db.close();
   * ```
   */
  get backend(): BackendName {
    return this.#backend.name;
  }

  /**
   * Whether a transaction is open (a BEGIN or SAVEPOINT ran and nothing ended it yet), as
   * node:sqlite's `isTransaction`. Nothing is ever written; the state is SQLite's
   * bookkeeping, so that COMMIT without BEGIN fails as it does in SQLite.
   *
   * @example
   * ```ts
   * import { Database } from "./mod.ts";
   * const db = new Database("examples/sample.db");
   * db.prepare("BEGIN").all();
   * console.log(db.isTransaction); // true
   * db.close();
   * ```
   */
  get isTransaction(): boolean {
    return this.#host.transactions.open;
  }

  get #open(): DatabaseFile {
    if (!this.#file) throw new SqliteError("SQLITE_MISUSE", "The database connection is not open");
    return this.#file;
  }

  /** Page size in bytes. */
  get pageSize(): number {
    return this.#latest().pager.pageSize;
  }

  /**
   * Number of pages, as of the latest commit (a file path), or of opening (bytes).
   */
  get pageCount(): number {
    return this.#latest().pager.pageCount;
  }

  /** Text encoding: "UTF-8", "UTF-16le" or "UTF-16be". */
  get encoding(): string {
    return encodingName(this.#latest().encoding);
  }

  /** The tables, in schema order (sqlite_schema itself excluded). */
  get tables(): TableDescription[] {
    return [...this.#latest().schema.tables.values()].filter((t) => t.rootPage !== 1).map((t) => ({
      name: t.name,
      sql: t.sql,
      withoutRowid: t.withoutRowid,
      columns: t.columns.map((c) => ({
        name: c.name,
        declaredType: c.declaredType,
        notNull: c.notNull,
        defaultSql: c.defaultSql,
      })),
    }));
  }

  /** The indexes, in schema order. */
  get indexes(): IndexDescription[] {
    return [...this.#latest().schema.indexes.values()].map((i) => ({
      name: i.name,
      table: i.tableName,
      sql: i.sql,
      unique: i.unique,
    }));
  }

  /** The views, in schema order. */
  get views(): ViewDescription[] {
    return [...this.#latest().schema.views.values()].map((v) => ({ name: v.name, sql: v.sql }));
  }

  /**
   * Prepares one SQL statement: parses it, resolves every name against the schema, plans
   * it and compiles the plan with the connection's backend, so syntax and name errors are
   * thrown here, with SQLite's messages. A statement that would write prepares as it does
   * on a read-only SQLite connection (its names are checked) and throws `SQLITE_READONLY`
   * when it runs. The compiled program is kept by SQL text, so preparing the same SQL
   * again is cheap; each Statement has its own settings (`setReadBigInts`). On a file that
   * others write, a statement is prepared against the schema last read, as SQLite does:
   * one that fails is prepared again once the latest schema was read, if it changed, and
   * each run checks the file and compiles the statement again first if the schema changed.
   *
   * @example
   * ```ts
   * import { Database } from "./mod.ts";
   * const db = new Database("examples/sample.db");
   * const st = db.prepare("SELECT name, count(*) AS n FROM cities GROUP BY 1");
   * console.log(st.columns().map((c) => c.name)); // ["name", "n"]
   * console.log(st.all());
   * db.close();
   * ```
   */
  prepare(sql: string): Statement {
    // The file is not read here: each run starts by checking it (`db.prepare(sql).get()`
    // checks it once), and compiles again if another connection changed the schema.
    let compiled;
    try {
      compiled = this.#compile(sql);
    } catch (e) {
      const version = this.#open.schemaVersion;
      if (this.#latest().schemaVersion === version) throw e;
      compiled = this.#compile(sql);
    }
    return new Statement(this.#host, compiled, this.#readBigInts);
  }

  /** The file opened, moved to its latest commit when nothing reads it now. */
  #latest(): DatabaseFile {
    const file = this.#open;
    file.refresh(this.#host.transactions.open);
    return file;
  }

  #compile(sql: string) {
    const file = this.#open;
    if (file.schemaVersion !== this.#cachedSchema) {
      this.#cache.clear();
      this.#cachedSchema = file.schemaVersion;
    }
    // Text that is not a string finds nothing cached, and compiling it throws.
    return this.#cache.get(
      sql,
      () => compileStatement(file, sql, this.#backend, this.#bindOptions),
    );
  }

  /**
   * Registers a scalar SQL function `name`, as better-sqlite3's `db.function` and
   * node:sqlite's `database.function` do. It takes `fn.length` arguments, or any number
   * with `varargs`; calling it with another count is SQLite's `wrong number of arguments
   * to function NAME()` at prepare. It overrides a built-in of the same name and argument
   * count (`upper`, ...), registering the same name and count again replaces it, and
   * statements prepared before are compiled again before they next run.
   *
   * Arguments: NULL → `null`, INTEGER → `number` (`bigint` with `safeIntegers` /
   * `useBigIntArguments`; an INTEGER beyond ±(2^53-1) without it throws a RangeError),
   * REAL → `number`, TEXT → `string`, BLOB → `Uint8Array`. The result, as node:sqlite
   * converts it: `null`/`undefined` → NULL, `number` → REAL, `bigint` → INTEGER, `string`
   * → TEXT, a typed array or DataView → BLOB; anything else (a boolean, an object, a
   * Promise) throws `SQLITE_ERROR`. An error `fn` throws reaches the caller of
   * `get`/`all`/`iterate` unchanged.
   *
   * Options: `deterministic` (calls with constant arguments may be treated as constant;
   * without it every call runs), `varargs`, `directOnly` (using it inside a view is
   * `unsafe use of NAME()`), `safeIntegers` / `useBigIntArguments` (bigint arguments).
   *
   * @example
   * ```ts
   * import { Database } from "./mod.ts";
   * const db = new Database("examples/sample.db");
   * db.function("initial", (s: string) => s.slice(0, 1));
   * db.function("joined", { varargs: true }, (...parts: unknown[]) => parts.join("-"));
   * console.log(db.prepare("SELECT initial(name) AS i, joined(id, lang) AS j FROM cities").get());
   * db.close();
   * ```
   */
  // deno-lint-ignore no-explicit-any
  function(name: string, fn: (...args: any[]) => unknown): this;
  /** Registers a scalar SQL function `name` with `options` (see the overload above). */
  function(
    name: string,
    options: UserFunctionOptions,
    // deno-lint-ignore no-explicit-any
    fn: (...args: any[]) => unknown,
  ): this;
  function(name: string, optionsOrFn: unknown, fn?: unknown): this {
    this.#open;
    if (typeof optionsOrFn === "function") {
      fn = optionsOrFn;
      optionsOrFn = {};
    }
    this.#functions.defineScalar(name, optionsOrFn as UserFunctionOptions, fn);
    this.#cache.clear();
    return this;
  }

  /**
   * Registers an aggregate SQL function `name`, as better-sqlite3's `db.aggregate` and
   * node:sqlite's `database.aggregate` do. Each group starts from `start` (a value, or a
   * function called per group; default `null`); `step(accumulator, ...args)` returns the
   * new accumulator for each row, and `result(accumulator)` (default: the accumulator)
   * is the group's value, converted like a scalar function's result. It takes
   * `step.length - 1` arguments unless `varargs`. DISTINCT, FILTER and ORDER BY work as
   * for built-in aggregates. With `inverse` it is also a window function (`OVER (...)`,
   * sliding frames call `inverse` for each row leaving the frame); without it, `OVER` is
   * `NAME() may not be used as a window function`, as in SQLite. It overrides a built-in
   * aggregate of the same name and argument count (`sum`, ...). Options as for
   * {@link Database.function}.
   *
   * @example
   * ```ts
   * import { Database } from "./mod.ts";
   * const db = new Database("examples/sample.db");
   * db.aggregate("product", {
   *   start: 1,
   *   step: (acc: number, x: number | null) => x === null ? acc : acc * x,
   *   inverse: (acc: number, x: number | null) => x === null ? acc : acc / x,
   * });
   * console.log(db.prepare("SELECT product(id) AS p FROM cities WHERE id <= 4").get());
   * console.log(db.prepare(
   *   "SELECT id, product(id) OVER (ORDER BY id ROWS 1 PRECEDING) AS p FROM cities",
   * ).all());
   * db.close();
   * ```
   */
  aggregate(name: string, options: AggregateOptions): this {
    this.#open;
    this.#functions.defineAggregate(name, options as UserAggregateCallbacks & UserFunctionOptions);
    this.#cache.clear();
    return this;
  }

  /** Closes the file. Further use throws `SQLITE_MISUSE`. */
  close(): void {
    this.#file?.close();
    this.#file = null;
    this.#cache.clear();
  }
}
