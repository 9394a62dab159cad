/**
 * better-sqlite3's `Statement` over a litejit Statement: binding with better-sqlite3's
 * rules (binding.ts), rows in its shapes (rows.ts), and its checks: a statement that
 * returns no data has only `run`, `bind` happens once, a statement with an open iterator
 * is busy, and `run` waits for every iterator of the connection to end.
 */
import type { BindValue, SqlValue, Statement as LiteStatement } from "../../mod.ts";
import { statementIsReadonly } from "../../core/api/full_front_end.ts";
import type { Database } from "./database.ts";
import { type Connection, openConnection } from "./connection.ts";
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
    const args = this.#start(params, false, true);
    const rows = this.#lite.iterateValues(...args);
    rows.next();
    rows.return?.();
    return { changes: 0, lastInsertRowid: this.#safeIntegers ? 0n : 0 };
  }

  /** The first row, or undefined. */
  get(...params: unknown[]): unknown {
    const args = this.#start(params, true, false);
    const rows = this.#lite.iterateValues(...args);
    const first = rows.next();
    rows.return?.();
    return first.done ? undefined : this.#shapes.shaper(this.#mode)(first.value);
  }

  /** Every row. */
  all(...params: unknown[]): unknown[] {
    const args = this.#start(params, true, false);
    const shape = this.#shapes.shaper(this.#mode);
    return this.#lite.values(...args).map(shape);
  }

  /** The rows one at a time; while the iterator is open this statement is busy. */
  iterate(...params: unknown[]): IterableIterator<unknown> {
    const args = this.#start(params, true, false);
    const shape = this.#shapes.shaper(this.#mode);
    const rows = this.#lite.iterateValues(...args);
    const connection = this.#connection;
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
      return { done: true, value: undefined };
    };
    const iterator: IterableIterator<unknown> = {
      next(): IteratorResult<unknown> {
        if (!open) return { done: true, value: undefined };
        let r: IteratorResult<SqlValue[]>;
        try {
          r = rows.next();
        } catch (e) {
          finish();
          throw e;
        }
        return r.done ? finish() : { done: false, value: shape(r.value) };
      },
      return: finish,
      [Symbol.iterator]: () => iterator,
    };
    return iterator;
  }

  /** Rows become their first column's value (`false` returns to objects). */
  pluck(toggle?: boolean): this {
    return this.#setMode("pluck", toggle);
  }

  /** Rows become `{ table: { column: value } }`, expressions under `$`. */
  expand(toggle?: boolean): this {
    return this.#setMode("expand", toggle);
  }

  /** Rows become arrays of values in column order. */
  raw(toggle?: boolean): this {
    return this.#setMode("raw", toggle);
  }

  /** INTEGERs come back as `bigint` (and `lastInsertRowid` too). */
  safeIntegers(toggle?: boolean): this {
    const use = toggleArgument(toggle);
    if (this.#locked) misuse(Misuse.statementBusy);
    this.#safeIntegers = use;
    return this;
  }

  /** The result columns: `{ name, column, table, database, type }`. */
  columns(): ColumnDefinition[] {
    if (!this.reader) misuse(Misuse.onlyForData("columns"));
    openConnection(this.#connection);
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
    openConnection(this.#connection);
    if (this.#locked) misuse(Misuse.statementBusy);
    this.#boundSlots = this.#layout.slotValues(params);
    return this;
  }

  #setMode(mode: RowMode, toggle: unknown): this {
    const use = toggleArgument(toggle);
    if (!this.reader) misuse(Misuse.onlyForData(mode));
    if (this.#locked) misuse(Misuse.statementBusy);
    this.#mode = use ? mode : this.#mode === mode ? "flat" : this.#mode;
    return this;
  }

  /** better-sqlite3's checks before a run, in its order; returns litejit's arguments. */
  #start(params: unknown[], needsData: boolean, mutates: boolean): LiteArguments {
    if (needsData && !this.reader) misuse(Misuse.noData);
    openConnection(this.#connection);
    if (this.#locked) misuse(Misuse.statementBusy);
    if (mutates && this.#connection.iterators > 0) misuse(Misuse.databaseBusy);
    let slots = this.#boundSlots;
    if (slots === null) slots = this.#layout.slotValues(params);
    else if (params.length > 0) misuse(Misuse.alreadyBound);
    const verbose = this.#connection.verbose;
    if (verbose) verbose(expandedSql(this.source, this.#parameters, slots));
    this.#lite.setReadBigInts(this.#safeIntegers);
    return this.#layout.liteArguments(slots);
  }
}
