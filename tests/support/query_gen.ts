/**
 * A fast-check generator of valid `SELECT` statements over a given schema, for the
 * front end's differential tests (result column names and declared types against
 * node:sqlite).
 *
 * ```ts
 * const schema = loadQuerySchema(new DatabaseSync(path, { readOnly: true }));
 * fc.assert(fc.property(arbQuery(schema), (q) => { ... q.sql ... }), propertyParams());
 * ```
 *
 * How it works: the arbitrary is a tape of random numbers, and a builder turns the tape
 * into SQL text, consuming one number per choice. Choice 0 is always the simplest option
 * and an exhausted tape reads as zeros, so fast-check's shrinking of the tape (shorter,
 * smaller numbers) shrinks the query. The builder tracks which tables, aliases and columns
 * are in scope so that nearly every query is valid; the tests still keep only those
 * node:sqlite prepares (`fc.pre`), since a few rules (aggregate placement, ambiguity
 * after NATURAL joins) are left to SQLite to judge.
 */
import fc from "fast-check";
import { DatabaseSync } from "node:sqlite";
import { quoteAlways, Tape } from "./query_gen_expr.ts";
import { SelectBuilder } from "./query_gen_select.ts";

export { quoteAlways };

/** A table, view or CTE a query can read from: its name and its column names. */
export interface QuerySource {
  name: string;
  /** Column names; null for a column that cannot be named (e.g. `a+1:1`). */
  columns: (string | null)[];
  /** Whether `rowid`/`oid`/`_rowid_` exist (rowid tables only). */
  rowid: boolean;
}

/** What the generator may read from. */
export interface QuerySchema {
  sources: QuerySource[];
}

/** A generated statement and the features it used (for coverage checks). */
export interface GeneratedQuery {
  sql: string;
  features: string[];
}

/** The corpus database: tests/corpus/schema.sql written by node:sqlite into a temp dir. */
export interface CorpusDb {
  /** Path of the database file. */
  path: string;
  /** A read-only node:sqlite connection to it (the oracle). */
  oracle: DatabaseSync;
  /** Closes the oracle and deletes the temp dir. */
  close(): void;
}

/** Builds the corpus database from tests/corpus/schema.sql. */
export function buildCorpusDb(): CorpusDb {
  const dir = Deno.makeTempDirSync({ prefix: "litejit-corpus-" });
  const path = `${dir}/corpus.db`;
  const writer = new DatabaseSync(path);
  try {
    writer.exec(Deno.readTextFileSync(new URL("../corpus/schema.sql", import.meta.url)));
  } finally {
    writer.close();
  }
  const oracle = new DatabaseSync(path, { readOnly: true });
  return {
    path,
    oracle,
    close() {
      oracle.close();
      Deno.removeSync(dir, { recursive: true });
    },
  };
}

/** Every feature name {@link GeneratedQuery.features} can contain. */
export const QUERY_FEATURES: readonly string[] = (
  "join:comma join:inner join:cross join:left join:right join:full join:natural " +
  "join:on join:using join:paren alias:as alias:bare alias:quoted alias:string star " +
  "tableStar arith case cast collate inList inSelect between like nullTest function " +
  "aggregate filter window namedWindow scalarSubquery exists rowValue correlated " +
  "fromSubquery tableFunction cte cteColumns recursive compound values distinct " +
  "where groupBy having orderBy limit offset view rowid parameter comment oddCase " +
  "quotedName"
).split(" ");

/**
 * Reads the tables and views of `db` (schema "main"). Views that fail when used
 * (dangling, circular, wrong column count) are left out.
 */
export function loadQuerySchema(db: DatabaseSync): QuerySchema {
  const rows = db.prepare(
    "SELECT type, name, sql FROM sqlite_schema WHERE type IN ('table', 'view') ORDER BY rowid",
  ).all() as { type: string; name: string; sql: string }[];
  const sources: QuerySource[] = [];
  for (const row of rows) {
    if (row.name.startsWith("sqlite_")) continue;
    let columns: string[];
    try {
      columns = db.prepare(`SELECT * FROM ${quoteAlways(row.name)}`).columns().map((c) => c.name);
    } catch {
      continue;
    }
    const withoutRowid = /\bWITHOUT\s+ROWID\b/i.test(row.sql);
    sources.push({ name: row.name, columns, rowid: row.type === "table" && !withoutRowid });
  }
  return { sources };
}

/** The arbitrary: valid-by-construction SELECT statements over `schema`. */
export function arbQuery(schema: QuerySchema): fc.Arbitrary<GeneratedQuery> {
  const tape = fc.array(fc.noBias(fc.nat({ max: 0xffff })), { minLength: 32, maxLength: 320 });
  return tape.map((values) => {
    const b = new SelectBuilder(new Tape(values), schema);
    const sql = b.statement();
    return { sql, features: [...b.features].sort() };
  });
}
