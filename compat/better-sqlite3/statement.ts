/**
 * better-sqlite3's `Statement` over a litejit Statement: binding with better-sqlite3's
 * rules (binding.ts), rows in its shapes (rows.ts), and its checks: a statement that
 * returns no data has only `run`, `bind` happens once, a statement with an open iterator
 * is busy, `run` waits for every iterator of the connection to end (unless
 * `unsafeMode()`), and nothing runs while the connection is busy executing a statement
 * (connection.ts).
 */
import type { BindValue, SqlValue, Statement as LiteStatement } from "../../mod.ts";
import { parseStatement } from "../../core/sql/parser.ts";
import { statementIsReadonly } from "../../core/api/full_front_end.ts";
import type { Database } from "./database.ts";
import { type Connection, executing, idleConnection, requireNoIterators } from "./connection.ts";
import { Misuse, misuse, toggleArgument } from "./errors.ts";
import { type LiteArguments, ParameterLayout } from "./binding.ts";
import { type RowMode, RowShapes } from "./rows.ts";
import { expandedSql } from "./expanded_sql.ts";
import { type ParameterScan, scanParameters } from "./sql_parameters.ts";

/** What {@link Database.prepare} passes the Statement constructor, which nothing else has. */
export const PREPARE: unique symbol = Symbol("prepare");

/** What `run()` returns. Nothing is ever written: 0 changes, rowid 0. */
export interface RunResult {
  /** Rows changed: always 0. */
  changes: number;
  /** Rowid of the last insert: 0 (`0n` with safe integers). */
  lastInsertRowid: number | bigint;
}

/** A result column as better-sqlite3's `columns()` describes it. */
export interface ColumnDefinition {
  /** The result column's name. */
  name: string;
  /** Its source column's name, or null for an expression. */
  column: string | null;
  /** Its source table, or null. */
  table: string | null;
  /** Its source schema (`"main"`), or null. */
  database: string | null;
  /** Its source column's declared type, or null. */
  type: string | null;
}

/**
 * A prepared statement with better-sqlite3's API. Get one from `Database.prepare`.
 *
 * @example
 * ```ts
 * import Database from "./better_sqlite3.ts";
 * const db = new Database("examples/sample.db", { readonly: true });
 * const byId = db.prepare("SELECT name FROM cities WHERE id = ?");
 * console.log(byId.get(1), byId.pluck().get(2));
 * db.close();
 * ```
 */
export class Statement {
  /** The Database that prepared this statement. */
  readonly database: Database;
  /** The SQL text, as given to `prepare`. */
  readonly source: string;
  /** Whether the statement returns data (it has result columns). */
  readonly reader: boolean;
  /**
   * Whether the statement leaves the database unchanged (SQLite's sqlite3_stmt_readonly):
   * false for one that writes, which throws `SQLITE_READONLY` when it runs.
   */
  readonly readonly: boolean;

  readonly #connection: Connection;
  readonly #lite: LiteStatement;
  readonly #layout: ParameterLayout;
  readonly #parameters: ParameterScan;
  readonly #shapes: RowShapes;
  #mode: RowMode = "flat";
  #safeIntegers: boolean;
  #boundSlots: BindValue[] | null = null;
  #locked = false;
  /** The text the logger gets (parameters aside): the source up to its statement's end. */
  #logged: string | null = null;

  /** @internal Use `Database.prepare`. */
  constructor(
    database: Database,
    connection: Connection,
    lite: LiteStatement,
    source: string,
    pragmaMode: boolean,
    key: typeof PREPARE,
  ) {
    if (key !== PREPARE) misuse("Statements can only be constructed by the db.prepare() method");
    this.database = database;
    this.#connection = connection;
    this.#lite = lite;
    this.source = source;
    const columns = lite.columns();
    // db.pragma() reads rows even from a pragma that has no result columns.
    this.reader = pragmaMode || columns.length > 0;
    this.readonly = statementIsReadonly(lite);
    this.#parameters = scanParameters(source);
    this.#layout = new ParameterLayout(this.#parameters.names);
    this.#shapes = new RowShapes(columns);
    this.#safeIntegers = connection.safeIntegers;
  }

  /** True while an iterator of this statement is open. */
  get busy(): boolean {
    return this.#locked;
  }

  /** Runs the statement (for a query: its first step) and returns `{ changes, lastInsertRowid }`. */
  run(...params: unknown[]): RunResult {
    const slots = this.#start(params, false, true);
    this.#execute(slots, (args) => {
      const rows = this.#lite.iterateValues(...args);
      try {
        rows.next();
      } finally {
        rows.return?.();
      }
    });
    return { changes: 0, lastInsertRowid: this.#safeIntegers ? 0n : 0 };
  }

  /** The first row, or undefined. */
  get(...params: unknown[]): unknown {
    const slots = this.#start(params, true, false);
    const first = this.#execute(slots, (args) => {
      const rows = this.#lite.iterateValues(...args);
      try {
        return rows.next();
      } finally {
        rows.return?.();
      }
    });
    return first.done ? undefined : this.#shapes.shaper(this.#mode)(first.value);
  }

  /** Every row. */
  all(...params: unknown[]): unknown[] {
    const slots = this.#start(params, true, false);
    const shape = this.#shapes.shaper(this.#mode);
    return this.#execute(slots, (args) => this.#lite.values(...args)).map(shape);
  }

  /**
   * The rows one at a time; while the iterator is open this statement is busy. The
   * statement starts (and is logged) at the first `next()`.
   */
  iterate(...params: unknown[]): IterableIterator<unknown> {
    const slots = this.#start(params, true, false);
    const connection = this.#connection;
    if (connection.iterators >= MAX_ITERATORS) {
      throw new RangeError("Too many active database iterators");
    }
    const shape = this.#shapes.shaper(this.#mode);
    this.#lite.setReadBigInts(this.#safeIntegers);
    const rows = this.#lite.iterateValues(...this.#layout.liteArguments(slots));
    let sql = this.#verboseText(slots);
    let open = true;
    this.#locked = true;
    connection.iterators++;
    const finish = (): IteratorResult<unknown> => {
      if (open) {
        open = false;
        this.#locked = false;
        connection.iterators--;
        rows.return?.();
      }
      return { value: undefined, done: true };
    };
    const iterator: IterableIterator<unknown> = {
      next(): IteratorResult<unknown> {
        if (connection.busy) misuse(Misuse.databaseBusy);
        if (!open) return { value: undefined, done: true };
        const log = sql;
        sql = null;
        let r: IteratorResult<SqlValue[]>;
        try {
          r = executing(connection, log, () => rows.next());
        } catch (e) {
          finish();
          throw e;
        }
        return r.done ? finish() : { value: shape(r.value), done: false };
      },
      return(): IteratorResult<unknown> {
        if (connection.busy) misuse(Misuse.databaseBusy);
        return finish();
      },
      [Symbol.iterator]: () => iterator,
    };
    return iterator;
  }

  /** Rows become their first column's value (`false` returns to objects). */
  pluck(...toggle: [use?: boolean]): this {
    return this.#setMode("pluck", toggle);
  }

  /** Rows become `{ table: { column: value } }`, expressions under `$`. */
  expand(...toggle: [use?: boolean]): this {
    return this.#setMode("expand", toggle);
  }

  /** Rows become arrays of values in column order. */
  raw(...toggle: [use?: boolean]): this {
    return this.#setMode("raw", toggle);
  }

  /** INTEGERs come back as `bigint` (and `lastInsertRowid` too). */
  safeIntegers(...toggle: [use?: boolean]): this {
    if (this.#connection.busy) misuse(Misuse.databaseBusy);
    if (this.#locked) misuse(Misuse.statementBusy);
    this.#safeIntegers = toggleArgument(toggle);
    return this;
  }

  /** The result columns: `{ name, column, table, database, type }`. */
  columns(): ColumnDefinition[] {
    if (!this.reader) misuse(Misuse.onlyForData("columns"));
    idleConnection(this.#connection);
    return this.#lite.columns().map((c) => ({
      name: c.name,
      column: c.column,
      table: c.table,
      database: c.database,
      type: c.declaredType,
    }));
  }

  /** Binds parameters for good: later runs take no arguments. Only once per statement. */
  bind(...params: unknown[]): this {
    if (this.#boundSlots) misuse(Misuse.bindOnce);
    idleConnection(this.#connection);
    if (this.#locked) misuse(Misuse.statementBusy);
    this.#boundSlots = this.#layout.slotValues(params);
    return this;
  }

  #setMode(mode: RowMode, toggle: readonly unknown[]): this {
    if (!this.reader) misuse(Misuse.onlyForData(mode));
    if (this.#connection.busy) misuse(Misuse.databaseBusy);
    if (this.#locked) misuse(Misuse.statementBusy);
    const use = toggleArgument(toggle);
    this.#mode = use ? mode : this.#mode === mode ? "flat" : this.#mode;
    return this;
  }

  /** better-sqlite3's checks before a run, in its order; returns the bound slot values. */
  #start(params: unknown[], needsData: boolean, mutates: boolean): BindValue[] {
    if (needsData && !this.reader) misuse(Misuse.noData);
    idleConnection(this.#connection);
    if (this.#locked) misuse(Misuse.statementBusy);
    if (mutates) requireNoIterators(this.#connection, true);
    const slots = this.#boundSlots;
    if (slots === null) return this.#layout.slotValues(params);
    if (params.length > 0) misuse(Misuse.alreadyBound);
    return slots;
  }

  /** Runs `f` with litejit's arguments for `slots`, the connection busy, after logging. */
  #execute<T>(slots: readonly BindValue[], f: (args: LiteArguments) => T): T {
    const args = this.#layout.liteArguments(slots);
    this.#lite.setReadBigInts(this.#safeIntegers);
    return executing(this.#connection, this.#verboseText(slots), () => f(args));
  }

  /** What the logger gets for a run with `slots` (SQLite's expanded SQL), if there is one. */
  #verboseText(slots: readonly BindValue[]): (() => string) | null {
    if (!this.#connection.verbose) return null;
    return () => {
      this.#logged ??= this.source.slice(0, statementEnd(this.source));
      return expandedSql(this.#logged, this.#parameters, slots);
    };
  }
}

/** better-sqlite3's limit on open iterators per connection. */
const MAX_ITERATORS = 65535;

/**
 * Where SQLite ends the statement in `source` (its text as `sqlite3_sql` gives it): after
 * its `;`, or at the end when it has none.
 */
function statementEnd(source: string): number {
  try {
    return parseStatement(source)?.tail ?? source.length;
  } catch {
    return source.length;
  }
}
