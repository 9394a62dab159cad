/**
 * A generated corpus for comparing EXPLAIN QUERY PLAN with node:sqlite (scripts/check_eqp.ts,
 * `deno task check:eqp`): from a seed, a schema of 3-4 tables (rowid tables with an INTEGER
 * PRIMARY KEY or a TEXT key, a WITHOUT ROWID table, columns INTEGER / TEXT / REAL /
 * untyped, some NOT NULL, single- and multi-column indexes, some UNIQUE, some DESC, some
 * partial), a few hundred rows of skewed data per table so that ANALYZE measures something,
 * and statements joining 2-4 of the tables (comma joins, JOIN ... ON, LEFT JOIN) with
 * filters on indexed and unindexed columns, GROUP BY / DISTINCT / ORDER BY (DESC, LIMIT).
 * Everything is a function of the seed alone.
 */
import { DatabaseSync } from "node:sqlite";

/** A small deterministic PRNG (mulberry32) with the helpers the generator needs. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = (seed ^ 0x9e3779b9) >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  /** An integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
  /** One of `choices` by weight. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [v, w] of choices) {
      r -= w;
      if (r < 0) return v;
    }
    return choices[choices.length - 1][0];
  }
  /** `k` distinct items of `items` in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, Math.min(k, copy.length));
  }
  /** An index in [0, n) skewed towards 0 (a power law). */
  skewed(n: number, power = 3): number {
    return Math.min(n - 1, Math.floor(n * Math.pow(this.next(), power)));
  }
}

export type Value = number | string | null;
export type ColumnType = "INTEGER" | "TEXT" | "REAL" | "";

/** How a column's values are drawn. */
export type ColumnRole =
  | { kind: "key" }
  | { kind: "ref"; table: string }
  | { kind: "few"; values: Value[] }
  | { kind: "many"; span: number }
  | { kind: "real" }
  | { kind: "text"; words: string[] };

export interface ColumnSpec {
  name: string;
  type: ColumnType;
  notNull: boolean;
  /** Share of NULLs (0 when NOT NULL). */
  nulls: number;
  role: ColumnRole;
}

export interface IndexSpec {
  name: string;
  columns: { name: string; desc: boolean }[];
  unique: boolean;
  where: string | null;
}

/** ipk: `id INTEGER PRIMARY KEY`; textpk: `id TEXT PRIMARY KEY` (an automatic index);
 * plain: rowid table without a declared key; wr: WITHOUT ROWID. */
export type TableKind = "ipk" | "textpk" | "plain" | "wr";

export interface TableSpec {
  name: string;
  kind: TableKind;
  columns: ColumnSpec[];
  /** WITHOUT ROWID primary key columns. */
  primaryKey: string[];
  indexes: IndexSpec[];
  rows: Value[][];
}

export interface SchemaSpec {
  seed: number;
  tables: TableSpec[];
}

/** The key values of a table (`id` for rows 0..n-1). */
function keyValue(kind: TableKind, i: number): Value {
  return kind === "textpk" ? `k${i + 1}` : i + 1;
}

const WORDS = ["red", "green", "blue", "gray", "pink", "teal", "gold", "navy", "plum", "sand"];

/** A schema and its rows from `seed`. */
export function generateSchema(seed: number): SchemaSpec {
  const rng = new Rng(seed);
  const count = rng.chance(0.5) ? 3 : 4;
  const kinds: TableKind[] = ["ipk", "wr"];
  while (kinds.length < count) kinds.push(rng.pick(["ipk", "ipk", "textpk", "plain", "wr"]));
  const order = rng.sample(kinds, kinds.length);
  const tables: TableSpec[] = [];
  for (let t = 0; t < count; t++) {
    const kind = order[t];
    const name = `t${t + 1}`;
    const columns: ColumnSpec[] = [];
    const keyType: ColumnType = kind === "textpk"
      ? "TEXT"
      : kind === "plain"
      ? rng.pick(["INTEGER", ""] as const)
      : kind === "wr"
      ? rng.pick(["INTEGER", "TEXT", "INTEGER"] as const)
      : "INTEGER";
    columns.push({
      name: "id",
      type: keyType,
      notNull: kind === "wr" || (kind !== "ipk" && rng.chance(0.5)),
      nulls: 0,
      role: { kind: "key" },
    });
    // References to earlier tables (every later table joins to one), sometimes two.
    const targets = t === 0 ? [] : rng.sample(tables, rng.chance(0.35) ? 2 : 1);
    for (const target of targets) {
      const keyT = target.columns[0].type;
      const type: ColumnType = rng.chance(0.85) ? keyT : rng.pick(["INTEGER", "TEXT", ""] as const);
      const notNull = rng.chance(0.4);
      columns.push({
        name: `${target.name}_id`,
        type,
        notNull,
        nulls: notNull ? 0 : rng.pick([0, 0.05, 0.3]),
        role: { kind: "ref", table: target.name },
      });
    }
    const attrs = rng.range(2, 4);
    for (let a = 0; a < attrs; a++) {
      const roleKind = rng.pick(["few", "few", "many", "real", "text"] as const);
      let role: ColumnRole;
      let type: ColumnType;
      if (roleKind === "few") {
        const n = rng.range(2, 6);
        const textual = rng.chance(0.3);
        role = {
          kind: "few",
          values: Array.from({ length: n }, (_, i) => textual ? WORDS[i] : i),
        };
        type = textual
          ? rng.pick(["TEXT", ""] as const)
          : rng.pick(["INTEGER", "", "INTEGER"] as const);
      } else if (roleKind === "many") {
        role = { kind: "many", span: rng.pick([50, 200, 1000]) };
        type = rng.pick(["INTEGER", "", "INTEGER"] as const);
      } else if (roleKind === "real") {
        role = { kind: "real" };
        type = rng.pick(["REAL", ""] as const);
      } else {
        role = { kind: "text", words: WORDS.slice(0, rng.range(3, 10)) };
        type = rng.pick(["TEXT", ""] as const);
      }
      const notNull = rng.chance(0.3);
      columns.push({
        name: `c${a + 1}`,
        type,
        notNull,
        nulls: notNull ? 0 : rng.pick([0, 0, 0.1, 0.5]),
        role,
      });
    }
    const primaryKey: string[] = [];
    if (kind === "wr") {
      const attr = rng.pick(
        columns.slice(1).filter((c) => c.role.kind === "few" || c.role.kind === "ref"),
      );
      const shape = attr ? rng.pick(["key", "attr-key", "key-attr"] as const) : "key";
      if (shape === "key" || !attr) primaryKey.push("id");
      else if (shape === "attr-key") primaryKey.push(attr.name, "id");
      else primaryKey.push("id", attr.name);
      for (const c of columns) {
        if (primaryKey.includes(c.name)) {
          c.notNull = true;
          c.nulls = 0;
        }
      }
    }
    const table: TableSpec = { name, kind, columns, primaryKey, indexes: [], rows: [] };
    table.rows = generateRows(rng, table, tables);
    table.indexes = generateIndexes(rng, table);
    tables.push(table);
  }
  return { seed, tables };
}

function generateRows(rng: Rng, table: TableSpec, earlier: TableSpec[]): Value[][] {
  const n = rng.pick([40, 120, 300, 300, 600, 900]);
  const rows: Value[][] = [];
  for (let i = 0; i < n; i++) {
    rows.push(table.columns.map((c) => {
      if (c.nulls > 0 && rng.chance(c.nulls)) return null;
      const role = c.role;
      switch (role.kind) {
        case "key":
          return keyValue(table.kind, i);
        case "ref": {
          const target = earlier.find((t) => t.name === role.table)!;
          const j = rng.skewed(target.rows.length, rng.pick([1, 2, 4]));
          return target.rows[j][0];
        }
        case "few":
          return role.values[rng.skewed(role.values.length, 2)];
        case "many":
          return rng.skewed(role.span, 2);
        case "real":
          return Math.round(rng.next() * rng.next() * 10000) / 100;
        case "text":
          return `${rng.pick(role.words)}${rng.skewed(30, 3)}`;
      }
    }));
  }
  return rows;
}

function generateIndexes(rng: Rng, table: TableSpec): IndexSpec[] {
  const candidates = table.columns.filter((c) => c.name !== "id" || table.kind === "plain");
  const indexes: IndexSpec[] = [];
  const count = rng.weighted([[0, 1], [1, 3], [2, 4], [3, 2]] as const);
  const seen = new Set<string>();
  for (let k = 0; k < count; k++) {
    const width = rng.weighted([[1, 5], [2, 4], [3, 1]] as const);
    const cols = rng.sample(candidates, width).map((c) => ({
      name: c.name,
      desc: rng.chance(0.2),
    }));
    let unique = false;
    // UNIQUE only with the key in it (its values are distinct by construction).
    if (rng.chance(0.2)) {
      if (!cols.some((c) => c.name === "id")) cols.push({ name: "id", desc: false });
      unique = true;
    }
    let where: string | null = null;
    if (rng.chance(0.12)) {
      const c = table.columns.find((x) => x.name === cols[0].name)!;
      where = c.role.kind === "many" ? `${c.name} > 10` : `${c.name} IS NOT NULL`;
    }
    const key = cols.map((c) => c.name + (c.desc ? "-" : "")).join(",") + (where ?? "");
    if (seen.has(key)) continue;
    seen.add(key);
    indexes.push({ name: `${table.name}_i${indexes.length + 1}`, columns: cols, unique, where });
  }
  return indexes;
}

/** CREATE TABLE and CREATE INDEX statements of `schema`. */
export function schemaSql(schema: SchemaSpec): string {
  return schema.tables.map(tableSql).join("\n");
}

/** CREATE TABLE and CREATE INDEX statements of one table. */
export function tableSql(table: TableSpec): string {
  const cols = table.columns.map((c) => {
    let s = c.name + (c.type ? ` ${c.type}` : "");
    if (c.name === "id" && table.kind === "ipk") s += " PRIMARY KEY";
    if (c.name === "id" && table.kind === "textpk") s += " PRIMARY KEY";
    if (c.notNull && !(table.kind === "wr" && table.primaryKey.includes(c.name))) s += " NOT NULL";
    return s;
  });
  if (table.kind === "wr") cols.push(`PRIMARY KEY(${table.primaryKey.join(", ")})`);
  const lines = [
    `CREATE TABLE ${table.name}(${cols.join(", ")})${table.kind === "wr" ? " WITHOUT ROWID" : ""};`,
  ];
  for (const ix of table.indexes) {
    const cols = ix.columns.map((c) => c.name + (c.desc ? " DESC" : "")).join(", ");
    lines.push(
      `CREATE ${ix.unique ? "UNIQUE " : ""}INDEX ${ix.name} ON ${table.name}(${cols})` +
        `${ix.where ? ` WHERE ${ix.where}` : ""};`,
    );
  }
  return lines.join("\n");
}

/** Statistics the database carries. */
export type StatVariant = "none" | "stat1+stat4" | "stat1";
export const STAT_VARIANTS: readonly StatVariant[] = ["none", "stat1+stat4", "stat1"];

/**
 * Writes the database of `schema` at `path` with the statistics `variant` asks for, and
 * opens it again: a connection keeps the STAT4 samples it loaded at ANALYZE after
 * `DELETE FROM sqlite_stat4`, so only a new connection plans with what the file holds.
 */
export function corpusDatabase(
  path: string,
  schema: SchemaSpec,
  variant: StatVariant,
): DatabaseSync {
  const writer = new DatabaseSync(path);
  try {
    buildDatabase(writer, schema, variant);
  } finally {
    writer.close();
  }
  return new DatabaseSync(path);
}

/** Creates the schema in `db`, fills it and runs ANALYZE as `variant` asks. */
export function buildDatabase(db: DatabaseSync, schema: SchemaSpec, variant: StatVariant): void {
  db.exec(schemaSql(schema));
  db.exec("BEGIN");
  for (const t of schema.tables) {
    const insert = db.prepare(
      `INSERT INTO ${t.name} VALUES (${t.columns.map(() => "?").join(", ")})`,
    );
    for (const row of t.rows) insert.run(...row);
  }
  db.exec("COMMIT");
  if (variant !== "none") db.exec("ANALYZE");
  if (variant === "stat1") db.exec("DELETE FROM sqlite_stat4");
}

/** A table in a statement's FROM. */
interface FromItem {
  table: TableSpec;
  alias: string;
}

function literal(v: Value): string {
  if (v === null) return "NULL";
  if (typeof v === "string") return `'${v}'`;
  return String(v);
}

/** A value of `col` from the table's rows (so frequent values come up often), or a rare one. */
function someValue(rng: Rng, table: TableSpec, col: ColumnSpec): Value {
  const i = table.columns.indexOf(col);
  for (let tries = 0; tries < 5; tries++) {
    const v = table.rows[rng.int(table.rows.length)][i];
    if (v !== null) return rng.chance(0.15) ? rareValue(col, v) : v;
  }
  return rareValue(col, 1);
}

function rareValue(col: ColumnSpec, like: Value): Value {
  if (typeof like === "string") return col.role.kind === "key" ? "k99999" : "zzz";
  return col.role.kind === "real" ? 9999.5 : 99999;
}

function ref(item: FromItem, col: string): string {
  return `${item.alias}.${col}`;
}

/** A filter on a column of `item`. */
function filter(rng: Rng, item: FromItem, indexedBias: boolean): string {
  const t = item.table;
  const indexed = new Set(t.indexes.map((ix) => ix.columns[0].name));
  if (t.kind === "wr") indexed.add(t.primaryKey[0]);
  if (t.kind !== "plain") indexed.add("id");
  const pool = indexedBias && rng.chance(0.6)
    ? t.columns.filter((c) => indexed.has(c.name))
    : t.columns;
  const col = rng.pick(pool.length ? pool : t.columns);
  const c = ref(item, col.name);
  const op = rng.weighted(
    [
      ["=", 6],
      ["<", 2],
      [">", 2],
      ["BETWEEN", 1],
      ["IN", 2],
      ["IS NULL", col.notNull ? 0.2 : 1.5],
      ["IS NOT NULL", 0.7],
      ["!=", 0.5],
    ] as const,
  );
  switch (op) {
    case "=":
    case "<":
    case ">":
    case "!=":
      return `${c} ${op} ${literal(someValue(rng, t, col))}`;
    case "BETWEEN": {
      const a = someValue(rng, t, col);
      const b = someValue(rng, t, col);
      const [lo, hi] = a !== null && b !== null && a > b ? [b, a] : [a, b];
      return `${c} BETWEEN ${literal(lo)} AND ${literal(hi)}`;
    }
    case "IN": {
      const n = rng.range(1, 4);
      const vs = new Set<string>();
      for (let i = 0; i < n; i++) vs.add(literal(someValue(rng, t, col)));
      return `${c} IN (${[...vs].join(", ")})`;
    }
    default:
      return `${c} ${op}`;
  }
}

/** A join term between `a` (earlier) and `b`. */
function joinTerm(rng: Rng, a: FromItem, b: FromItem): string {
  const refAB = b.table.columns.filter((c) =>
    c.role.kind === "ref" && c.role.table === a.table.name
  );
  const refBA = a.table.columns.filter((c) =>
    c.role.kind === "ref" && c.role.table === b.table.name
  );
  const fk = [
    ...refAB.map((c) => [ref(b, c.name), ref(a, "id")] as const),
    ...refBA.map((c) => [ref(a, c.name), ref(b, "id")] as const),
  ];
  // Same target: two references to one table.
  const shared = a.table.columns.flatMap((ca) =>
    b.table.columns
      .filter((cb) =>
        ca.role.kind === "ref" && cb.role.kind === "ref" && ca.role.table === cb.role.table
      )
      .map((cb) => [ref(a, ca.name), ref(b, cb.name)] as const)
  );
  const kind = rng.weighted(
    [
      ["fk", fk.length ? 8 : 0],
      ["shared", shared.length ? 2 : 0],
      ["attr", 1.5],
      ["cmp", 0.3],
    ] as const,
  );
  let pair: readonly [string, string];
  if (kind === "fk") pair = rng.pick(fk);
  else if (kind === "shared") pair = rng.pick(shared);
  else {
    // Any two columns of compatible roles: few/few, key/many, ...
    const ca = rng.pick(a.table.columns);
    const cb = rng.pick(
      b.table.columns.filter((c) => sameDomain(c, ca)).concat(
        rng.chance(0.2) ? b.table.columns : [],
      ),
    ) ?? rng.pick(b.table.columns);
    pair = [ref(a, ca.name), ref(b, cb.name)];
    if (kind === "cmp") return `${pair[0]} < ${pair[1]}`;
  }
  return rng.chance(0.5) ? `${pair[0]} = ${pair[1]}` : `${pair[1]} = ${pair[0]}`;
}

function sameDomain(x: ColumnSpec, y: ColumnSpec): boolean {
  const kind = (c: ColumnSpec) =>
    c.role.kind === "few"
      ? (typeof c.role.values[0])
      : c.role.kind === "text"
      ? "string"
      : "number";
  return kind(x) === kind(y);
}

/** A table of a statement's FROM and how it joins the tables before it. */
export interface JoinItem {
  table: string;
  alias: string;
  /** How it follows the previous item (ignored for the first). */
  op: "," | "JOIN" | "LEFT JOIN" | "CROSS JOIN";
  /** ON terms (JOIN and LEFT JOIN only). */
  on: string[];
}

/** A SELECT as parts, so that a reducer can drop them one at a time. */
export interface Statement {
  distinct: boolean;
  columns: string[];
  from: JoinItem[];
  where: string[];
  groupBy: string[];
  orderBy: string[];
  limit: number | null;
}

/** The SQL text of `s`. */
export function statementSql(s: Statement): string {
  const from = s.from.map((it, i) => {
    const item = it.alias === it.table ? it.table : `${it.table} AS ${it.alias}`;
    if (i === 0) return item;
    if (it.op === ",") return `, ${item}`;
    if (it.on.length === 0) return ` ${it.op === "LEFT JOIN" ? "LEFT JOIN" : it.op} ${item}`;
    return ` ${it.op} ${item} ON ${it.on.join(" AND ")}`;
  }).join("");
  return `SELECT ${s.distinct ? "DISTINCT " : ""}${s.columns.join(", ")} FROM ${from}` +
    (s.where.length ? ` WHERE ${s.where.join(" AND ")}` : "") +
    (s.groupBy.length ? ` GROUP BY ${s.groupBy.join(", ")}` : "") +
    (s.orderBy.length ? ` ORDER BY ${s.orderBy.join(", ")}` : "") +
    (s.limit !== null ? ` LIMIT ${s.limit}` : "");
}

/** One SELECT over `schema`. */
export function generateStatement(rng: Rng, schema: SchemaSpec): Statement {
  const n = rng.weighted([[2, 5], [3, 4], [4, 2]] as const);
  let tables = rng.sample(schema.tables, n);
  // Sometimes a self-join in place of one table.
  if (tables.length >= 2 && rng.chance(0.08)) tables = [...tables.slice(0, -1), tables[0]];
  const items: FromItem[] = tables.map((table, i) => ({
    table,
    alias: tables.indexOf(table) === i ? table.name : `${table.name}b`,
  }));
  const style = rng.weighted([["comma", 4], ["join", 4], ["mixed", 3]] as const);
  const where: string[] = [];
  const joinUsed: string[] = [];
  const from: JoinItem[] = [{ table: items[0].table.name, alias: items[0].alias, op: ",", on: [] }];
  for (let i = 1; i < items.length; i++) {
    const partner = items[rng.skewed(i, 1)];
    const terms: string[] = [];
    if (rng.chance(0.96)) terms.push(joinTerm(rng, partner, items[i]));
    if (rng.chance(0.12) && i >= 2) terms.push(joinTerm(rng, items[rng.int(i)], items[i]));
    joinUsed.push(...terms);
    const onStyle = style === "join" || (style === "mixed" && rng.chance(0.5));
    const left = onStyle && rng.chance(0.3);
    const item = { table: items[i].table.name, alias: items[i].alias };
    if (onStyle && terms.length) {
      if (left && rng.chance(0.3)) terms.push(filter(rng, items[i], true));
      from.push({ ...item, op: left ? "LEFT JOIN" : "JOIN", on: terms });
    } else if (onStyle) {
      from.push({ ...item, op: rng.chance(0.5) ? "CROSS JOIN" : "JOIN", on: [] });
    } else {
      from.push({ ...item, op: ",", on: [] });
      where.push(...terms);
    }
  }
  const filters = rng.weighted([[0, 2], [1, 4], [2, 3], [3, 1]] as const);
  for (let k = 0; k < filters; k++) where.push(filter(rng, rng.pick(items), true));

  // Columns that matter for the tail: join columns, filtered ones, any.
  const anyCol = (): string => {
    const it = rng.pick(items);
    return ref(it, rng.pick(it.table.columns).name);
  };
  const mentioned = [...joinUsed, ...where].join(" ").match(/\b[a-z]\w*\.[a-z_]\w*/g) ?? [];
  const tailCol = (): string =>
    mentioned.length && rng.chance(0.6) ? rng.pick(mentioned) : anyCol();

  const s: Statement = {
    distinct: false,
    columns: [],
    from,
    where,
    groupBy: [],
    orderBy: [],
    limit: null,
  };
  const tail = rng.weighted([["none", 3], ["group", 3], ["distinct", 2], ["order", 4]] as const);
  if (tail === "group") {
    s.groupBy = [...new Set(Array.from({ length: rng.range(1, 2) }, tailCol))];
    const agg = rng.pick(["count(*)", `max(${anyCol()})`, `sum(${anyCol()})`]);
    s.columns = [...s.groupBy, agg];
    if (rng.chance(0.3)) s.orderBy = [`${rng.pick(s.groupBy)}${rng.chance(0.4) ? " DESC" : ""}`];
  } else if (tail === "distinct") {
    s.distinct = true;
    s.columns = [...new Set(Array.from({ length: rng.range(1, 3) }, tailCol))];
    if (rng.chance(0.25)) s.orderBy = [`${s.columns[0]}${rng.chance(0.3) ? " DESC" : ""}`];
  } else {
    s.columns = selectList(rng, items, mentioned, anyCol);
    if (tail === "order") {
      const keys = [...new Set(Array.from({ length: rng.range(1, 3) }, tailCol))];
      s.orderBy = keys.map((k) => k + (rng.chance(0.3) ? " DESC" : ""));
    }
  }
  if ((tail === "order" || rng.chance(0.1)) && rng.chance(0.35)) s.limit = rng.pick([1, 5, 10, 50]);
  return s;
}

function selectList(
  rng: Rng,
  items: FromItem[],
  mentioned: string[],
  anyCol: () => string,
): string[] {
  const shape = rng.weighted(
    [["star", 2], ["mentioned", 4], ["some", 3], ["count", 1], ["ids", 1]] as const,
  );
  switch (shape) {
    case "star":
      return ["*"];
    case "count":
      return ["count(*)"];
    case "ids":
      return items.map((it) => ref(it, "id"));
    case "mentioned":
      if (mentioned.length) return [...new Set(rng.sample(mentioned, rng.range(1, 3)))];
      return [anyCol()];
    default:
      return [...new Set(Array.from({ length: rng.range(1, 3) }, anyCol))];
  }
}

/** `count` distinct statements over `schema`, from `seed`. */
export function generateStatementSpecs(
  schema: SchemaSpec,
  seed: number,
  count: number,
): Statement[] {
  const rng = new Rng(seed * 7919 + 17);
  const out: Statement[] = [];
  const seen = new Set<string>();
  for (let tries = 0; out.length < count && tries < count * 4; tries++) {
    const s = generateStatement(rng, schema);
    const sql = statementSql(s);
    if (seen.has(sql)) continue;
    seen.add(sql);
    out.push(s);
  }
  return out;
}

/** `count` distinct SELECTs over `schema`, from `seed`. */
export function generateStatements(schema: SchemaSpec, seed: number, count: number): string[] {
  return generateStatementSpecs(schema, seed, count).map(statementSql);
}
