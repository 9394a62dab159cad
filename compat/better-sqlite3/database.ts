/**
 * better-sqlite3's `Database`, read-only, over a litejit Database. See better_sqlite3.ts
 * for what differs from better-sqlite3.
 */
import { Database as LiteDatabase, SqliteError as LiteSqliteError } from "../../mod.ts";
import { connectionSettings } from "../../core/api/full_front_end.ts";
import { parseStatement } from "../../core/sql/parser.ts";
import { type Connection, executing, idleConnection, requireNoIterators } from "./connection.ts";
import { Misuse, misuse, SqliteError, toggleArgument } from "./errors.ts";
import { openRequest, type Options } from "./open_options.ts";
import { createMissingFile } from "./create_file.ts";
import { PREPARE, Statement } from "./statement.ts";
import { type TransactionFunction, transactionFunction } from "./transaction.ts";
import { defineAggregate, defineFunction, type FunctionOptions } from "./functions.ts";
import type { AggregateOptions } from "../../mod.ts";

/**
 * A connection with better-sqlite3's API: `prepare`, `exec`, `pragma`, `transaction`,
 * `function`, `aggregate`, `close`, and the properties `name`, `open`, `inTransaction`,
 * `readonly`, `memory`. It only reads: a statement that would write prepares (SQLite's
 * errors for its names come first), and running it throws {@link SqliteError}
 * `SQLITE_READONLY`. Callable without `new`, as better-sqlite3's.
 *
 * @example
 * ```ts
 * import Database from "./better_sqlite3.ts";
 * const db = new Database("examples/sample.db", { readonly: true, backend: "interpreter" });
 * console.log(db.prepare("SELECT count(*) AS n FROM cities").get()); // { n: 12 }
 * console.log(db.pragma("page_size", { simple: true }));
 * db.close();
 * ```
 */
export class Database {
  /** better-sqlite3's error class: `e instanceof Database.SqliteError` for SQLite errors. */
  static SqliteError: typeof SqliteError = SqliteError;

  // These five are own enumerable getters of each instance, as in better-sqlite3.
  /** The filename given (`":memory:"` for a buffer). */
  declare readonly name: string;
  /** Whether the connection is open. */
  declare readonly open: boolean;
  /** Whether a transaction (BEGIN, SAVEPOINT, or `transaction()`) is open. */
  declare readonly inTransaction: boolean;
  /**
   * The `readonly` option, as in better-sqlite3. Either way nothing is written: with
   * `false`, running a statement that writes throws `SQLITE_READONLY`.
   */
  declare readonly readonly: boolean;
  /** Whether the database is in memory (opened from bytes, `""` or `":memory:"`). */
  declare readonly memory: boolean;
  readonly #connection: Connection;
  /** `transaction()` was called once (better-sqlite3 then has its statements prepared). */
  #transactions = false;

  /** Opens `filename` (a path, `":memory:"`, or the database's bytes as a Buffer/Uint8Array). */
  constructor(filename?: string | Uint8Array, options?: Options) {
    const request = openRequest(filename, options);
    if (request.create) createMissingFile(request.source as string);
    const lite = openLite(request.source, request.backend, request.timeout);
    // better-sqlite3's SQLite build: its cache_size and WAL synchronous defaults.
    connectionSettings(lite).profile = {
      cacheSize: -16000,
      walSynchronous: 1,
      readOnly: request.readonly,
    };
    const connection: Connection = {
      lite,
      iterators: 0,
      busy: false,
      unsafe: false,
      verbose: request.verbose,
      safeIntegers: false,
    };
    this.#connection = connection;
    const { name, readonly, memory } = request;
    Object.defineProperties(this, {
      name: { get: () => name, enumerable: true },
      open: { get: () => connection.lite !== null, enumerable: true },
      inTransaction: { get: () => connection.lite?.isTransaction ?? false, enumerable: true },
      readonly: { get: () => readonly, enumerable: true },
      memory: { get: () => memory, enumerable: true },
    });
  }

  /** Prepares one statement. */
  prepare(source: string): Statement {
    return this.#prepare(source, false);
  }

  #prepare(source: string, pragmaMode: boolean): Statement {
    if (typeof source !== "string") misuse("Expected first argument to be a string");
    const lite = idleConnection(this.#connection);
    if (pragmaMode) requireNoIterators(this.#connection, true);
    try {
      const statement = lite.prepare(source);
      return new Statement(this, this.#connection, statement, source, pragmaMode, PREPARE);
    } catch (e) {
      throw statementCountError(e) ?? e;
    }
  }

  /**
   * Runs every statement in `source` (each one's rows are read and dropped); returns this.
   * The logger gets each statement's text as SQLite cuts it: from after the whitespace and
   * `;`s before it to after its own `;`.
   */
  exec(source: string): this {
    if (typeof source !== "string") misuse("Expected first argument to be a string");
    const c = this.#connection;
    const lite = idleConnection(c);
    requireNoIterators(c, true);
    executing(c, null, () => {
      const verbose = c.verbose;
      let from = 0;
      for (let parsed = parseStatement(source); parsed; parsed = parseStatement(source, from)) {
        const statement = lite.prepare(source.slice(parsed.statement.start, parsed.tail));
        if (verbose) verbose(source.slice(skipSeparators(source, from), parsed.tail));
        statement.setReadBigInts(true);
        statement.values();
        from = parsed.tail;
      }
    });
    return this;
  }

  /**
   * Runs `PRAGMA <source>`: every row, or with `{ simple: true }` the first value.
   *
   * @example
   * ```ts
   * import Database from "./better_sqlite3.ts";
   * const db = new Database("examples/sample.db");
   * console.log(db.pragma("user_version", { simple: true })); // 0
   * console.log(db.pragma("table_info(cities)").length);
   * db.close();
   * ```
   */
  pragma(source: string, options?: { simple?: boolean }): unknown {
    options ??= {};
    if (typeof source !== "string") misuse("Expected first argument to be a string");
    if (typeof options !== "object") misuse("Expected second argument to be an options object");
    const simple = "simple" in options ? options.simple : false;
    if (typeof simple !== "boolean") misuse('Expected the "simple" option to be a boolean');
    const statement = this.#prepare(`PRAGMA ${source}`, true);
    return simple ? statement.pluck().get() : statement.all();
  }

  /**
   * Wraps `fn` so that it runs inside a transaction (see transaction.ts). The first call
   * needs an open connection (better-sqlite3 prepares its BEGIN and COMMIT then).
   */
  transaction<F extends (...args: never[]) => unknown>(fn: F): TransactionFunction<F> {
    if (typeof fn !== "function") misuse("Expected first argument to be a function");
    if (!this.#transactions) {
      idleConnection(this.#connection);
      this.#transactions = true;
    }
    return transactionFunction(this, fn);
  }

  /**
   * Defines a SQL function that calls `fn` (better-sqlite3's `db.function`): its argument
   * count is `fn.length` unless `varargs`; it overrides a built-in of the same name and
   * count. Returns this.
   *
   * @example
   * ```ts
   * import Database from "./better_sqlite3.ts";
   * const db = new Database("examples/sample.db");
   * db.function("initial", { deterministic: true }, (s: string) => s.slice(0, 1));
   * console.log(db.prepare("SELECT initial(name) AS i FROM cities LIMIT 1").get());
   * db.close();
   * ```
   */
  // deno-lint-ignore no-explicit-any
  function(name: string, fn: (...args: any[]) => unknown): this;
  /** With options: `deterministic`, `varargs`, `directOnly`, `safeIntegers`. */
  // deno-lint-ignore no-explicit-any
  function(name: string, options: FunctionOptions, fn: (...args: any[]) => unknown): this;
  // deno-lint-ignore no-explicit-any
  function(name: string, optionsOrFn: any, fn?: (...args: any[]) => unknown): this {
    defineFunction(this.#connection, name, optionsOrFn, fn);
    return this;
  }

  /**
   * Defines an aggregate (better-sqlite3's `db.aggregate`): `start`, `step`, optional
   * `result`, and `inverse` to make it a window function too. A `step` that returns
   * undefined keeps the accumulator. Returns this.
   *
   * @example
   * ```ts
   * import Database from "./better_sqlite3.ts";
   * const db = new Database("examples/sample.db");
   * db.aggregate("longest", {
   *   start: "",
   *   step: (best: string, s: string) => (s.length > best.length ? s : undefined),
   * });
   * console.log(db.prepare("SELECT longest(name) AS name FROM cities").get());
   * db.close();
   * ```
   */
  aggregate(name: string, options: AggregateOptions): this {
    defineAggregate(this.#connection, name, options);
    return this;
  }

  /** The `safeIntegers` setting of statements prepared from now on; returns this. */
  defaultSafeIntegers(...toggle: [use?: boolean]): this {
    this.#connection.safeIntegers = toggleArgument(toggle);
    return this;
  }

  /**
   * better-sqlite3's unsafe mode: while iterators are open, `exec`, `pragma` and `run` are
   * allowed (nothing here writes, so that is all it changes). Returns this.
   */
  unsafeMode(...toggle: [use?: boolean]): this {
    this.#connection.unsafe = toggleArgument(toggle);
    return this;
  }

  /**
   * Closes the connection (again: nothing happens); returns this. Refused while a
   * statement is executing or an iterator is open.
   */
  close(): this {
    const c = this.#connection;
    if (c.lite) {
      if (c.busy) misuse(Misuse.databaseBusy);
      requireNoIterators(c, false);
      c.lite.close();
      c.lite = null;
    }
    return this;
  }
}

/** litejit's connection; a file that cannot be opened fails with better-sqlite3's words. */
function openLite(
  source: string | Uint8Array,
  backend: Options["backend"],
  busyTimeout: number,
): LiteDatabase {
  try {
    return new LiteDatabase(source, { backend, busyTimeout });
  } catch (e) {
    if (e instanceof LiteSqliteError && e.code === "SQLITE_CANTOPEN") {
      throw new SqliteError("unable to open database file", "SQLITE_CANTOPEN");
    }
    throw e;
  }
}

/** Where SQLite starts the next statement of `exec`: past spaces, control whitespace and `;`. */
function skipSeparators(source: string, from: number): number {
  while (from < source.length) {
    const ch = source.charCodeAt(from);
    if (ch !== 0x20 && ch !== 0x3b && (ch < 0x09 || ch > 0x0d)) break;
    from++;
  }
  return from;
}

/** better-sqlite3's RangeErrors for SQL with no statement or with several. */
function statementCountError(e: unknown): RangeError | null {
  if (!(e instanceof LiteSqliteError) || e.code !== "SQLITE_MISUSE") return null;
  if (e.message.startsWith("the SQL text contains no statement")) {
    return new RangeError("The supplied SQL string contains no statements");
  }
  if (e.message.startsWith("the SQL text contains more than one statement")) {
    return new RangeError("The supplied SQL string contains more than one statement");
  }
  return null;
}

/** `Database`, callable without `new`: better-sqlite3's constructor is a plain function. */
export type DatabaseConstructor = typeof Database & {
  /** Opens `filename` as `new Database(filename, options)` does. */
  (filename?: string | Uint8Array, options?: Options): Database;
};

/** {@link Database}, callable without `new` (what better_sqlite3.ts exports). */
export const CallableDatabase: DatabaseConstructor = new Proxy(Database, {
  apply: (target, _this, args: [string | Uint8Array | undefined, Options | undefined]) =>
    new target(...args),
}) as DatabaseConstructor;
// Its own name whatever a bundle calls the class (scripts/build_npm.ts keeps no names).
Object.defineProperty(Database, "name", { value: "Database", configurable: true });
// `db.constructor` is what the module exports, as in better-sqlite3.
Object.defineProperty(Database.prototype, "constructor", {
  value: CallableDatabase,
  writable: true,
  configurable: true,
});
