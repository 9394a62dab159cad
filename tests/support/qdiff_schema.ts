/**
 * Random schemas and data for the whole-query differential test (query_differential_test.ts),
 * drawn from a {@link Tape} so that fast-check shrinks them like the queries: 1–4 tables
 * with random declared types and collations, INTEGER PRIMARY KEY or WITHOUT ROWID
 * sometimes, single and multi-column indexes (DESC, UNIQUE, partial, on expressions), a
 * view sometimes, and 0–60 rows of mixed storage classes.
 *
 * The result is plain SQL text (printed in failure messages) plus what the query generator
 * needs to know about each table. {@link buildQdiffDb} runs the SQL with node:sqlite.
 */
import { DatabaseSync } from "node:sqlite";
import type { Tape } from "./query_gen_expr.ts";

/** A table or view the queries can read, as the query generator sees it. */
export interface QdiffSource {
  name: string;
  columns: string[];
  /** Whether `rowid` exists (rowid tables). */
  rowid: boolean;
  /** A column (or `rowid`) whose values are unique and never NULL, if there is one. */
  uniqueKey: string | null;
  /** Columns that some index covers first (WHERE on them exercises index seeks). */
  indexed: string[];
  /** Declared collation per column (null: BINARY), by column name. */
  collations: Record<string, string | null>;
  /** At most this many rows (the generator keeps join products small). */
  rows: number;
}

/** A generated database: the SQL that builds it and what queries can read. */
export interface QdiffDb {
  /** CREATE TABLE / INDEX / VIEW statements. */
  schemaSql: string[];
  /** INSERT statements (one per row; a row SQLite rejects is skipped). */
  dataSql: string[];
  sources: QdiffSource[];
}

const COLUMN_NAMES = ["id", "a", "b", "c", "d", "e", "k"];
const DECLARED_TYPES = ["INTEGER", "REAL", "TEXT", "BLOB", "NUMERIC", "", "INT", "VARCHAR(8)"];

/**
 * SQL literals for stored values: NULLs, duplicates, negatives, 64-bit edges, reals from
 * tiny to 1e300, values equal but different (1 and 1.0, 0 and 0.0 and -0.0, 'a' and 'A'
 * and 'A  '), text with mixed case, trailing spaces, digits and unicode, small blobs,
 * time values (date texts, julian days, unix times), modifiers and JSON documents (valid,
 * JSON5, invalid) for the date/time and JSON functions (qdiff_functions.ts).
 */
export const VALUE_LITERALS: readonly string[] = [
  "NULL",
  "0",
  "1",
  "2",
  "3",
  "-1",
  "-7",
  "10",
  "42",
  "9223372036854775807",
  "-9223372036854775808",
  "9223372036854775806",
  "4611686018427387904",
  "-4611686018427387905",
  "0.1",
  "1.0",
  "0.0",
  "-0.0",
  "2.5",
  "-0.5",
  "1e300",
  "-1e300",
  "1e-7",
  "3.0",
  "'a'",
  "'A'",
  "'a '",
  "'A  '",
  "'abc'",
  "'ABC'",
  "'b'",
  "'10'",
  "'5'",
  "' 7'",
  "'1e2'",
  "''",
  "'é'",
  "'É'",
  "'日本'",
  "'a%c'",
  "'x_y'",
  "x''",
  "x'00'",
  "x'41'",
  "x'ff01'",
  "'2024-02-29'",
  "'2024-02-29 13:45:30.5'",
  "'1999-12-31T23:59:59Z'",
  "'12:30'",
  "'2023-02-29'",
  "2460000.5",
  "1700000000",
  "'+1 day'",
  "'start of month'",
  `'{"a":1,"b":[1,2.5,"x"]}'`,
  `'[1,null,true,{"a":"é"}]'`,
  `'{"a":{"b":[]},"a":2}'`,
  `'{a:0x1F,}'`,
  `'"s"'`,
  "'[1,'",
];

const INTEGER_LITERALS = VALUE_LITERALS.filter((v) => /^-?\d+$/.test(v));

interface ColumnPlan {
  name: string;
  type: string;
  collate: string | null;
  /** Index into VALUE_LITERALS of this column's favourite values (for duplicates). */
  pool: string[];
}

/** Draws a database from `t`. */
export function generateQdiffDb(t: Tape): QdiffDb {
  const schemaSql: string[] = [];
  const dataSql: string[] = [];
  const sources: QdiffSource[] = [];
  const tableCount = 1 + t.int(4);
  for (let ti = 0; ti < tableCount; ti++) {
    const name = `t${ti}`;
    const ncols = 1 + t.int(4);
    const names = pickNames(t, ncols);
    const columns: ColumnPlan[] = names.map((n) => ({
      name: n,
      type: t.pick(DECLARED_TYPES),
      collate: t.chance(25) ? t.pick(["NOCASE", "RTRIM"]) : null,
      pool: Array.from({ length: 2 + t.int(6) }, () => t.pick(VALUE_LITERALS)),
    }));
    const generated = t.chance(25) ? generatedColumn(t, columns) : null;
    const flavor = t.int(6); // 0-3 plain rowid, 4 INTEGER PRIMARY KEY, 5 WITHOUT ROWID
    const ipk = flavor === 4 ? 0 : -1;
    const withoutRowid = flavor === 5;
    const pkWidth = withoutRowid ? 1 + t.int(Math.min(2, ncols)) : 0;
    const defs = columns.map((c, i) => {
      let def = c.name;
      if (i === ipk) return `${c.name} INTEGER PRIMARY KEY`;
      if (c.type !== "") def += ` ${c.type}`;
      if (c.collate) def += ` COLLATE ${c.collate}`;
      return def;
    });
    if (generated) defs.push(generated.def);
    if (withoutRowid) {
      const keyCols = columns.slice(0, pkWidth).map((c) => c.name + (t.chance(30) ? " DESC" : ""));
      defs.push(`PRIMARY KEY (${keyCols.join(", ")})`);
    }
    schemaSql.push(
      `CREATE TABLE ${name} (${defs.join(", ")})${withoutRowid ? " WITHOUT ROWID" : ""}`,
    );
    // Every stored or generated column, as queries and indexes see them.
    const all = generated ? [...columns, generated.column] : columns;
    const indexed = new Set<string>();
    if (ipk === 0) indexed.add(columns[0].name);
    if (withoutRowid) indexed.add(columns[0].name);
    const nindexes = t.int(3);
    const ncolsAll = all.length;
    for (let k = 0; k < nindexes; k++) {
      const first = t.int(ncolsAll);
      const parts = [first];
      if (ncolsAll > 1 && t.chance(40)) parts.push((first + 1 + t.int(ncolsAll - 1)) % ncolsAll);
      // Sometimes every column, so that the index covers the table.
      if (t.chance(20)) {
        for (let p = 0; p < ncolsAll; p++) if (!parts.includes(p)) parts.push(p);
      }
      const terms = parts.map((p, j) => {
        const c = all[p].name;
        const expr = j === 0 && t.chance(15) ? t.pick([`lower(${c})`, `${c} + 1`]) : c;
        const coll = t.chance(15) ? ` COLLATE ${t.pick(["NOCASE", "BINARY", "RTRIM"])}` : "";
        return expr + coll + (t.chance(30) ? " DESC" : "");
      });
      if (!terms[0].includes("(") && !terms[0].includes("+")) indexed.add(all[first].name);
      const unique = t.chance(20) ? "UNIQUE " : "";
      const where = t.chance(15) ? ` WHERE ${all[first].name} IS NOT NULL` : "";
      schemaSql.push(
        `CREATE ${unique}INDEX ${name}_i${k} ON ${name} (${terms.join(", ")})${where}`,
      );
    }
    const nrows = t.chance(10) ? 0 : t.int(61);
    for (let r = 0; r < nrows; r++) {
      const values = columns.map((c, i) => {
        if (i === ipk) return t.chance(20) ? "NULL" : t.pick(INTEGER_LITERALS);
        if (i < pkWidth && t.chance(50)) return String(r);
        return t.chance(70) ? t.pick(c.pool) : t.pick(VALUE_LITERALS);
      });
      const into = generated ? ` (${names.join(", ")})` : "";
      dataSql.push(`INSERT OR IGNORE INTO ${name}${into} VALUES (${values.join(", ")})`);
    }
    const uniqueKey = ipk === 0 ? columns[0].name : withoutRowid ? null : "rowid";
    const collations: Record<string, string | null> = {};
    for (const c of all) collations[c.name] = c.collate;
    sources.push({
      name,
      columns: all.map((c) => c.name),
      rowid: !withoutRowid,
      uniqueKey: withoutRowid && pkWidth === 1 ? columns[0].name : uniqueKey,
      indexed: [...indexed],
      collations,
      rows: nrows,
    });
  }
  if (t.chance(35)) addView(t, sources, schemaSql);
  return { schemaSql, dataSql, sources };
}

/** A generated column `g` (VIRTUAL or STORED) computed from the table's columns. */
function generatedColumn(t: Tape, columns: ColumnPlan[]): { def: string; column: ColumnPlan } {
  const c = t.pick(columns).name;
  const d = t.pick(columns).name;
  const expr = t.pick([
    `${c} + 1`,
    `${c} || ${d}`,
    `lower(${c})`,
    `${c} * 2`,
    `coalesce(${c}, ${d})`,
  ]);
  // Not REAL: listed in tests/expectations.json ("REAL generated columns through a sort").
  const type = t.pick(DECLARED_TYPES.filter((x) => x !== "REAL"));
  const collate = t.chance(20) ? t.pick(["NOCASE", "RTRIM"]) : null;
  const kind = t.pick(["VIRTUAL", "STORED"]);
  const def = `g${type ? ` ${type}` : ""} AS (${expr}) ${kind}${
    collate ? ` COLLATE ${collate}` : ""
  }`;
  return { def, column: { name: "g", type, collate, pool: [] } };
}

function pickNames(t: Tape, n: number): string[] {
  const names: string[] = [];
  let i = t.int(COLUMN_NAMES.length);
  while (names.length < n) {
    const name = COLUMN_NAMES[i % COLUMN_NAMES.length];
    if (!names.includes(name)) names.push(name);
    i += 1 + t.int(2);
  }
  return names;
}

/** A view over one table: a projection with an expression and a filter. */
function addView(t: Tape, sources: QdiffSource[], schemaSql: string[]): void {
  const base = t.pick(sources);
  const c0 = base.columns[0];
  const c1 = base.columns[base.columns.length - 1];
  const filter = t.pick(["", ` WHERE ${c0} IS NOT NULL`, ` WHERE ${c1} > 1`]);
  schemaSql.push(
    `CREATE VIEW v0 (va, vb, vc) AS SELECT ${c0}, ${c1}, typeof(${c0}) || ${c1} FROM ${base.name}` +
      filter,
  );
  sources.push({
    name: "v0",
    columns: ["va", "vb", "vc"],
    rowid: false,
    uniqueKey: null,
    indexed: [],
    collations: { va: base.collations[c0], vb: base.collations[c1], vc: null },
    rows: base.rows,
  });
}

/** A database written to a temp dir by node:sqlite. */
export interface BuiltQdiffDb {
  dir: string;
  path: string;
  /** Removes the temp dir. */
  cleanup(): void;
}

/** Writes `db` with node:sqlite into a new temp dir (rows SQLite rejects are skipped). */
export function buildQdiffDb(db: QdiffDb): BuiltQdiffDb {
  const dir = Deno.makeTempDirSync({ prefix: "litejit-qdiff-" });
  const path = `${dir}/q.db`;
  const writer = new DatabaseSync(path);
  try {
    for (const sql of db.schemaSql) writer.exec(sql);
    writer.exec("BEGIN");
    for (const sql of db.dataSql) {
      try {
        writer.exec(sql);
      } catch {
        // e.g. a non-integer in an INTEGER PRIMARY KEY: the row is simply not stored
      }
    }
    writer.exec("COMMIT");
  } finally {
    writer.close();
  }
  return { dir, path, cleanup: () => Deno.removeSync(dir, { recursive: true }) };
}
