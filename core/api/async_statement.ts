/**
 * A prepared statement of an `AsyncDatabase`: the methods of `Statement`, awaited,
 * because a run may have to wait for pages to arrive. Between two fetches a run goes as
 * far as it can synchronously, so a query over pages already fetched costs what it costs
 * on a local file plus one promise.
 */
import type { SqlValue } from "../value/types.ts";
import type { LazySource } from "../io/lazy_source.ts";
import { PageMiss } from "../io/page_miss.ts";
// The resumable runs started here need resumable cursors' moves, kept out of bundles
// without lazy sources.
import "../format/resumable_cursor.ts";
import { LazyRun, type RunStarter } from "./lazy_run.ts";
import { type Row, type RowMaker, rowMaker } from "./row.ts";
import {
  type BindParameters,
  type ColumnInfo,
  type RowCursor,
  startRun,
  type Statement,
} from "./statement.ts";

/** What an {@link AsyncStatement} needs from its connection. */
export interface AsyncStatementHost {
  /** The lazy source whose misses are fetched. */
  readonly source: LazySource;
  /** The statement compiled for a resumable run, for when restarts cannot finish. */
  readonly fallback: ((st: Statement) => Statement) | null;
}

/**
 * A statement prepared by `AsyncDatabase.prepare`.
 *
 * @example
 * ```ts
 * import { AsyncDatabase } from "../../mod.ts";
 * const blob = new Blob([Deno.readFileSync("examples/sample.db")]);
 * const db = await AsyncDatabase.open(blob);
 * const st = db.prepare("SELECT name FROM cities WHERE id < ?");
 * console.log(await st.all(3));
 * for await (const row of st.iterate(3)) console.log(row.name);
 * db.close();
 * ```
 */
export class AsyncStatement {
  readonly #st: Statement;
  readonly #host: AsyncStatementHost;
  readonly #makeRow: RowMaker;

  /** @internal Use `AsyncDatabase.prepare`. */
  constructor(st: Statement, host: AsyncStatementHost) {
    this.#st = st;
    this.#host = host;
    this.#makeRow = rowMaker(st.columns().map((c) => c.name));
  }

  /** The SQL text of this statement. */
  get source(): string {
    return this.#st.source;
  }

  /** The result columns (see `Statement.columns`). */
  columns(): ColumnInfo[] {
    return this.#st.columns();
  }

  /** INTEGER results as `bigint` (true) or `number` (false) from now on. */
  setReadBigInts(enabled: boolean): void {
    this.#st.setReadBigInts(enabled);
  }

  /** The program this statement runs (see `Statement.explain`). */
  explain(): string {
    return this.#st.explain();
  }

  /** Runs the statement and returns every row (see `Statement.all`). */
  async all(...params: BindParameters): Promise<Row[]> {
    return (await this.#collect(params, Infinity)).map(this.#makeRow);
  }

  /** Runs the statement and returns its first row, or undefined (see `Statement.get`). */
  async get(...params: BindParameters): Promise<Row | undefined> {
    const [first] = await this.#collect(params, 1);
    return first === undefined ? undefined : this.#makeRow(first);
  }

  /** Runs the statement and returns rows as arrays of values (see `Statement.values`). */
  values(...params: BindParameters): Promise<SqlValue[][]> {
    return this.#collect(params, Infinity);
  }

  /**
   * Runs the statement lazily: rows arrive as `for await` asks for them, pages as the
   * rows need them. Leaving the loop early ends the run.
   */
  iterate(...params: BindParameters): AsyncIterableIterator<Row> {
    return this.#rows(this.#run(params), this.#makeRow);
  }

  /** {@link AsyncStatement.iterate} with rows as arrays of values. */
  iterateValues(...params: BindParameters): AsyncIterableIterator<SqlValue[]> {
    return this.#rows(this.#run(params), (v) => v);
  }

  #run(params: readonly unknown[]): LazyRun {
    const st = this.#st;
    const fallback = this.#host.fallback;
    const starter: RunStarter = {
      start: (): RowCursor => startRun(st, params, true),
      fallback: fallback ? () => startRun(fallback(st), params, true) : null,
      pages: {
        hold: () => this.#host.source.holdReadPages(),
        fits: (miss) => this.#host.source.fitsStaged(miss),
      },
    };
    return new LazyRun(starter);
  }

  async #collect(params: readonly unknown[], limit: number): Promise<SqlValue[][]> {
    const run = this.#run(params);
    const source = this.#host.source;
    const out: SqlValue[][] = [];
    try {
      while (out.length < limit) {
        const next = run.step();
        if (next === null) break;
        if (next instanceof PageMiss) await source.fetch(next);
        else out.push(next);
      }
    } finally {
      run.close();
    }
    return out;
  }

  async *#rows<T>(run: LazyRun, make: (v: SqlValue[]) => T): AsyncGenerator<T, undefined> {
    const source = this.#host.source;
    try {
      for (;;) {
        const next = run.step();
        if (next === null) return undefined;
        if (next instanceof PageMiss) await source.fetch(next);
        else yield make(next);
      }
    } finally {
      run.close();
    }
  }
}
