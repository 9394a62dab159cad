/**
 * The public prepared statement. Preparing parses and binds the SQL (so every name error
 * surfaces at `prepare`, as in SQLite); running it is the query engine's job.
 */
import { SqliteError } from "../errors.ts";
import type { DatabaseFile } from "../database_file.ts";
import type { BoundStatement } from "../analyze/bound.ts";
import { runPragma } from "../pragma/pragma.ts";
import type { SqlValue } from "../value/types.ts";
import { type Row, rowObject } from "./row.ts";
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

/**
 * A prepared statement. Get one from `Database.prepare`.
 *
 * @example
 * ```ts
 * import { Database } from "./mod.ts";
 * const db = new Database("examples/sample.db");
 * const st = db.prepare("PRAGMA table_info(cities)");
 * console.log(st.columns().map((c) => c.name), st.all());
 * db.close();
 * ```
 */
export class Statement {
  /** The SQL text of this statement. */
  readonly source: string;
  readonly #file: () => DatabaseFile;
  readonly #bound: BoundStatement;
  readonly #transactions: TransactionState;

  /** @internal Use `Database.prepare`. */
  constructor(
    file: () => DatabaseFile,
    transactions: TransactionState,
    source: string,
    bound: BoundStatement,
  ) {
    this.#file = file;
    this.#transactions = transactions;
    this.source = source;
    this.#bound = bound;
  }

  /** The result columns: names exactly as SQLite names them, and where they come from. */
  columns(): ColumnInfo[] {
    return this.#bound.columns.map((c) => ({
      name: c.name,
      database: c.database,
      table: c.table,
      column: c.column,
      declaredType: c.declaredType,
    }));
  }

  /** Runs the statement and returns every row as an object keyed by column name. */
  all(): Row[] {
    const names = this.#bound.columns.map((c) => c.name);
    return this.values().map((v) => rowObject(names, v));
  }

  /** Runs the statement and returns its first row, or undefined when there is none. */
  get(): Row | undefined {
    return this.all()[0];
  }

  /** Runs the statement and returns rows as arrays of values in column order. */
  values(): SqlValue[][] {
    const bound = this.#bound;
    switch (bound.kind) {
      case "pragma": {
        const file = this.#file();
        return runPragma(file, bound.name, bound.arg, bound.schema, { filename: file.path });
      }
      case "transaction":
        this.#transactions.run(bound.verb, bound.savepoint);
        return [];
      case "select":
        throw new SqliteError(
          "SQLITE_ERROR",
          "running SELECT statements is not implemented yet: this release parses and binds " +
            "them (prepare, columns) and answers PRAGMAs",
        );
    }
  }

  /** Runs the statement and yields its rows one at a time. */
  *iterate(): IterableIterator<Row> {
    yield* this.all();
  }
}
