/**
 * The generated benchmark's queries: from a seed, a deterministic mix of single-table and
 * two-table read queries over the trips database (`make_trips_db.ts`), weighted like real
 * use — many filtered aggregates, filtered scans with LIMIT, top-N, GROUP BY and joins to
 * `stations`, fewer DISTINCT, subqueries, rowid and index lookups, rare large results.
 *
 *   npx -y deno run -A bench/generated_queries.ts --seed 31 --count 20   # prints the SQL
 *
 * Every query either has a total order (ORDER BY ending in a unique key, or a single row) or
 * is marked `ordered: false` (GROUP BY / DISTINCT without ORDER BY), whose rows are compared
 * as a multiset. Costs are kept in check with rough selectivity estimates of the filters, so
 * that no query should take more than about 2 s on node:sqlite on an idle machine: results
 * without LIMIT are drawn only over narrow filters, date ranges or rowid ranges, joins only
 * over restricted trips, high-cardinality GROUP BY keys only over filtered rows.
 *
 * Facts about the data the generator relies on (see `make_trips_db.ts`): trips 1..1,500,000
 * in roughly start order from 2011-07-28 to 2013-11-30 (about 1,750 a day); one index,
 * `trips_start_date` on `start_date`; `duration` NULL every 997th row, `start_station` every
 * 4999th, `end_station` every 1499th; casual riders (22%) have NULL zip_code, birth_date and
 * gender; 150 stations, three with a NULL municipality.
 */
import { Rng } from "./make_trips_db.ts";

/** The shape families, with the share of queries each gets (weights sum to 100). */
export const FAMILY_WEIGHTS = {
  /** Aggregates without GROUP BY over a filtered scan (or a range). */
  aggregate: 18,
  /** GROUP BY on INTEGER, TEXT or two-column keys, HAVING sometimes. */
  group: 17,
  /** Filtered rows in rowid order with LIMIT (OFFSET sometimes), or few rows without. */
  scan: 12,
  /** ORDER BY 1–3 keys (ASC/DESC, NULLS FIRST/LAST sometimes) with LIMIT. */
  "top-n": 11,
  /** Joins of trips to stations (INNER and LEFT, filters on both sides). */
  join: 12,
  /** Ranges and equality lookups on the indexed `start_date`. */
  "date-range": 10,
  /** Rowid ranges, lookups and IN lists. */
  rowid: 6,
  /** IN / NOT IN subqueries, EXISTS, scalar subqueries. */
  subquery: 5,
  /** SELECT DISTINCT. */
  distinct: 4,
  /** Queries on the small `stations` table (long overflowing text). */
  stations: 3,
  /** Large results (hundreds of thousands of rows, cheap projections). */
  large: 2,
} as const;

/** A shape family. */
export type Family = keyof typeof FAMILY_WEIGHTS;

/** One generated query. */
export interface GeneratedQuery {
  /** Position in the generated list, from 1. */
  n: number;
  family: Family;
  /** A short description of the shape, for the report. */
  label: string;
  sql: string;
  /** False when the row order is not determined: rows are then compared as a multiset. */
  ordered: boolean;
}

/** The default seed (the issue number). */
export const DEFAULT_SEED = 31;

const TRIP_ROWS = 1_500_000;
const FIRST_DAY = Date.UTC(2011, 6, 28);
const DAYS = 856; // 2011-07-28 … 2013-11-30
const TRIPS_PER_DAY = TRIP_ROWS / DAYS;
const MUNICIPALITIES = ["Boston", "Cambridge", "Somerville", "Brookline"];
const STREETS = ["Broadway", "Beacon St", "Summer St", "Washington St", "Newbury St", "Charles St"];

/** Share of trips with `duration > d` (measured on the data). */
const DURATION_ABOVE: readonly [number, number][] = [
  [0, 1],
  [60, 0.999],
  [120, 0.955],
  [180, 0.79],
  [300, 0.6],
  [450, 0.46],
  [600, 0.37],
  [900, 0.25],
  [1200, 0.17],
  [1800, 0.085],
  [2700, 0.047],
  [3600, 0.044],
  [7200, 0.032],
  [14400, 0.008],
  [86400, 0.002],
  [1e9, 0],
];
const DURATIONS = [120, 180, 240, 300, 450, 600, 720, 900, 1200, 1800, 2700, 3600, 7200, 86400];

function durationAbove(d: number): number {
  for (let i = 1; i < DURATION_ABOVE.length; i++) {
    const [x1, y1] = DURATION_ABOVE[i];
    if (d <= x1) {
      const [x0, y0] = DURATION_ABOVE[i - 1];
      return y0 + (y1 - y0) * (d - x0) / (x1 - x0);
    }
  }
  return 0;
}

/** A SQL string literal. */
function lit(s: string): string {
  return "'" + s.replaceAll("'", "''") + "'";
}

/** A filter term: its SQL, the estimated share of rows it keeps, and a tag for the label. */
interface Filter {
  sql: string;
  sel: number;
  tags: string[];
}

/** A result column or sort key: SQL, the alias it is selected as, and whether it can be NULL. */
interface Expr {
  sql: string;
  alias?: string;
  nullable: boolean;
}

/** Seeded choices. */
class Draw {
  readonly #rng: Rng;
  constructor(seed: number) {
    this.#rng = new Rng(seed);
  }
  next(): number {
    return this.#rng.next();
  }
  chance(p: number): boolean {
    return this.#rng.next() < p;
  }
  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + this.#rng.int(hi - lo + 1);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.#rng.int(xs.length)];
  }
  /** `k` distinct elements of `xs`, in drawn order. */
  some<T>(xs: readonly T[], k: number): T[] {
    const pool = [...xs];
    const out: T[] = [];
    while (out.length < k && pool.length) out.push(pool.splice(this.#rng.int(pool.length), 1)[0]);
    return out;
  }
  weighted<T>(pairs: readonly (readonly [number, T])[]): T {
    const total = pairs.reduce((s, [w]) => s + w, 0);
    let u = this.#rng.next() * total;
    for (const [w, x] of pairs) if ((u -= w) < 0) return x;
    return pairs[pairs.length - 1][1];
  }
  /** A day as `YYYY-MM-DD`, `offset` days into the data (clamped). */
  day(offset: number): string {
    const d = Math.max(0, Math.min(DAYS + 10, offset));
    return new Date(FIRST_DAY + d * 86400_000).toISOString().slice(0, 10);
  }
  /** A timestamp `YYYY-MM-DD HH:MM:SS` at a random second of day `offset`. */
  time(offset: number): string {
    const ms = FIRST_DAY + offset * 86400_000 + this.int(0, 86399) * 1000;
    return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
  }
  bike(): string {
    return "B" + String(this.int(0, 1099)).padStart(5, "0");
  }
  zip(): string {
    return "'0" + String(this.int(1000, 3799));
  }
  station(): number {
    return this.int(1, 150);
  }
}

/** Column references with an optional table alias (`t.`) in front. */
class Cols {
  constructor(readonly p: string) {}
  c(name: string): string {
    return this.p + name;
  }
}

// ---------------------------------------------------------------------------------------
// Filters on trips

type Atom = (d: Draw, t: Cols) => Filter;

const f = (sql: string, sel: number, ...tags: string[]): Filter => ({ sql, sel, tags });

/** Filter terms on trips, weighted. Date terms on `start_date` stay narrow (index ranges). */
const TRIP_ATOMS: readonly (readonly [number, Atom])[] = [
  // INTEGER
  [8, (d, t) => {
    const n = d.pick(DURATIONS), op = d.pick([">", "<", ">=", "<="]);
    const above = durationAbove(n);
    return f(`${t.c("duration")} ${op} ${n}`, op[0] === ">" ? above : 1 - above, "int");
  }],
  [3, (d, t) => {
    const [a, b] = d.some(DURATIONS, 2).sort((x, y) => x - y);
    const not = d.chance(0.2);
    const sel = durationAbove(a) - durationAbove(b);
    return f(
      `${t.c("duration")} ${not ? "NOT " : ""}BETWEEN ${a} AND ${b}`,
      not ? 1 - sel : sel,
      "between",
    );
  }],
  [2, (d, t) => {
    const k = d.int(3, 8);
    const xs = Array.from({ length: k }, () => d.int(60, 1800));
    return f(`${t.c("duration")} IN (${xs.join(", ")})`, k * 0.0008, "in");
  }],
  [
    2,
    (d, t) =>
      d.chance(0.5)
        ? f(`${t.c("duration")} IS NULL`, 0.001, "null")
        : f(`${t.c("duration")} IS NOT NULL`, 0.999, "null"),
  ],
  [1, (d, t) => {
    const m = d.int(2, 10);
    return f(`${t.c("duration")} % ${m} = ${d.int(0, m - 1)}`, 1 / m, "int");
  }],
  [5, (d, t) => {
    const col = t.c(d.pick(["start_station", "end_station"]));
    switch (d.int(0, 3)) {
      case 0:
        return f(`${col} = ${d.station()}`, 1 / 150, "int");
      case 1: {
        const k = d.int(2, 8);
        const xs = Array.from({ length: k }, () => d.station());
        return f(`${col} IN (${xs.join(", ")})`, k / 150, "in");
      }
      case 2: {
        const a = d.station(), w = d.int(5, 60);
        return f(`${col} BETWEEN ${a} AND ${a + w}`, Math.min(w, 150 - a) / 150, "between");
      }
      default: {
        const a = d.station();
        return f(`${col} > ${a}`, (150 - a) / 150, "int");
      }
    }
  }],
  [3, (d, t) => {
    switch (d.int(0, 2)) {
      case 0:
        return f(`${t.c("end_station")} = ${t.c("start_station")}`, 0.105, "int");
      case 1:
        return f(`${t.c("end_station")} <> ${t.c("start_station")}`, 0.89, "int");
      default: {
        const k = d.int(2, 30);
        return f(
          `abs(${t.c("end_station")} - ${t.c("start_station")}) < ${k}`,
          2 * k / 150,
          "int",
        );
      }
    }
  }],
  [5, (d, t) => {
    const y = d.int(1940, 1990);
    switch (d.int(0, 4)) {
      case 0:
        return f(`${t.c("birth_date")} > ${y}`, (1994 - y) / 60 * 0.72, "int");
      case 1:
        return f(`${t.c("birth_date")} BETWEEN ${y} AND ${y + 5}`, 6 / 60 * 0.72, "between");
      case 2:
        return f(`${t.c("birth_date")} IS NULL`, 0.28, "null");
      case 3:
        return f(`${t.c("birth_date")} IS NOT NULL`, 0.72, "null");
      default:
        return f(`coalesce(${t.c("birth_date")}, 0) < ${y}`, 0.28 + (y - 1935) / 60 * 0.72, "null");
    }
  }],
  // REAL
  [4, (d, t) => {
    const x = d.pick([2.5, 4.75, 7.5, 10, 12.5, 15.25, 20, 30, 45.5]);
    switch (d.int(0, 2)) {
      case 0:
        return f(`${t.c("duration")} / 60.0 > ${x}`, durationAbove(x * 60), "real");
      case 1: {
        const a = x / 60, b = a + d.pick([0.05, 0.1, 0.25]);
        return f(
          `${t.c("duration")} * 1.0 / 3600 BETWEEN ${a.toFixed(3)} AND ${b.toFixed(3)}`,
          durationAbove(a * 3600) - durationAbove(b * 3600),
          "real",
        );
      }
      default:
        return f(`round(${t.c("duration")} / 60.0, 1) <= ${x}`, 1 - durationAbove(x * 60), "real");
    }
  }],
  // TEXT
  [6, (d, t) => {
    switch (d.int(0, 3)) {
      case 0:
        return f(`${t.c("sub_type")} = 'Casual'`, 0.22, "text");
      case 1:
        return f(`${t.c("sub_type")} = 'Registered'`, 0.78, "text");
      case 2:
        return f(`${t.c("sub_type")} <> 'Registered'`, 0.22, "text");
      default:
        return f(`lower(${t.c("sub_type")}) = 'casual'`, 0.22, "text");
    }
  }],
  [6, (d, t) => {
    switch (d.int(0, 5)) {
      case 0:
        return f(`${t.c("gender")} = 'Female'`, 0.27, "text");
      case 1:
        return f(`${t.c("gender")} = 'Male'`, 0.51, "text");
      case 2:
        return f(`${t.c("gender")} IS NULL`, 0.22, "null");
      case 3:
        return f(`${t.c("gender")} IS NOT NULL`, 0.78, "null");
      case 4:
        return f(`${t.c("gender")} IN ('Female', 'Other')`, 0.27, "in");
      default:
        return f(`${t.c("gender")} <> 'Male'`, 0.27, "text");
    }
  }],
  [6, (d, t) => {
    const col = t.c("bike_number");
    switch (d.int(0, 5)) {
      case 0:
        return f(`${col} = ${lit(d.bike())}`, 1 / 1100, "text");
      case 1:
        return f(`${col} LIKE 'B00${d.int(0, 9)}%'`, 0.09, "like");
      case 2:
        return f(`${col} LIKE '%${d.int(10, 99)}%'`, 0.04, "like");
      case 3:
        return f(`${col} < ${lit(d.bike())}`, 0.5, "text");
      case 4: {
        const k = d.int(2, 6);
        const xs = Array.from({ length: k }, () => lit(d.bike()));
        return f(`${col} IN (${xs.join(", ")})`, k / 1100, "in");
      }
      default:
        return f(`${col} LIKE 'B0_${d.int(0, 9)}%'`, 0.1, "like");
    }
  }],
  [4, (d, t) => {
    const col = t.c("zip_code");
    switch (d.int(0, 4)) {
      case 0:
        return f(`${col} LIKE '''0${d.int(1, 3)}%'`, 0.3, "like");
      case 1:
        return f(`${col} IS NULL`, 0.22, "null");
      case 2:
        return f(`${col} LIKE '%${d.int(10, 99)}%'`, 0.03, "like");
      case 3: {
        const a = d.int(1000, 3500);
        return f(`${col} BETWEEN '''0${a}' AND '''0${a + 300}'`, 0.08, "between");
      }
      default:
        return f(`${col} = ${lit(d.zip())}`, 1 / 2800, "text");
    }
  }],
  // dates (TEXT): start_date ranges stay narrow, since SQLite takes the index for them
  [6, (d, t) => {
    const day = d.int(0, DAYS - 1);
    switch (d.int(0, 6)) {
      case 0: {
        const w = d.int(1, 90);
        return f(
          `${t.c("start_date")} BETWEEN ${lit(d.day(day))} AND ${lit(d.day(day + w))}`,
          w / DAYS,
          "date",
        );
      }
      case 1:
        return f(`${t.c("end_date")} >= ${lit(d.day(day))}`, (DAYS - day) / DAYS, "date");
      case 2: {
        const m = d.day(day).slice(0, 7);
        return f(`${t.c("start_date")} LIKE '${m}%'`, 30 / DAYS, "like");
      }
      case 3: {
        const h = String(d.int(0, 23)).padStart(2, "0");
        return d.chance(0.5)
          ? f(`substr(${t.c("start_date")}, 12, 2) = '${h}'`, 1 / 24, "date")
          : f(`${t.c("end_date")} LIKE '% ${h}:%'`, 1 / 24, "like");
      }
      case 4:
        return f(`strftime('%w', ${t.c("start_date")}) = '${d.int(0, 6)}'`, 1 / 7, "date");
      case 5:
        return f(`date(${t.c("end_date")}) <> date(${t.c("start_date")})`, 0.02, "date");
      default:
        return f(`${t.c("end_date")} < ${lit(d.day(day))}`, day / DAYS, "date");
    }
  }],
  [1, (d, t) => {
    const m = d.pick([7, 10, 100]);
    return f(`${t.c("id")} % ${m} = ${d.int(0, m - 1)}`, 1 / m, "int");
  }],
];

function atom(d: Draw, t: Cols): Filter {
  return d.weighted(TRIP_ATOMS)(d, t);
}

function and(a: Filter, b: Filter): Filter {
  return { sql: `${a.sql} AND ${b.sql}`, sel: a.sel * b.sel, tags: [...a.tags, ...b.tags] };
}

function or(a: Filter, b: Filter): Filter {
  return {
    sql: `(${a.sql} OR ${b.sql})`,
    sel: 1 - (1 - a.sel) * (1 - b.sel),
    tags: [...a.tags, ...b.tags, "or"],
  };
}

function not(a: Filter): Filter {
  return { sql: `NOT (${a.sql})`, sel: 1 - a.sel, tags: [...a.tags, "not"] };
}

/** A filter of 1–4 terms over trips, AND mostly, OR and NOT sometimes. */
function tripFilter(d: Draw, t: Cols): Filter {
  const terms = d.weighted([[40, 1], [35, 2], [18, 3], [7, 4]] as const);
  let acc: Filter | null = null;
  for (let i = 0; i < terms; i++) {
    let x = atom(d, t);
    if (d.chance(0.07)) x = not(x);
    if (i + 1 < terms && d.chance(0.2)) x = or(x, atom(d, t));
    acc = acc ? and(acc, x) : x;
  }
  return acc!;
}

/** A trips filter whose estimated selectivity lies in [lo, hi] (redrawn up to 30 times). */
function tripFilterWithin(d: Draw, t: Cols, lo: number, hi: number): Filter {
  let best: Filter = tripFilter(d, t);
  for (let i = 0; i < 30 && !(best.sel >= lo && best.sel <= hi); i++) best = tripFilter(d, t);
  if (best.sel > hi) best = and(best, f(`${t.c("duration")} > 3600`, 0.044, "int"));
  return best;
}

function where(...fs: (Filter | null)[]): string {
  const xs = fs.filter((x): x is Filter => x !== null);
  return xs.length ? " WHERE " + xs.map((x) => x.sql).join(" AND ") : "";
}

function tagsOf(...fs: (Filter | null)[]): string {
  const tags = new Set(fs.flatMap((x) => x?.tags ?? []));
  return tags.size ? "where " + [...tags].join(",") : "no filter";
}

// ---------------------------------------------------------------------------------------
// Result columns, aggregates, keys

/** Result columns of trips rows: plain columns and expressions (aliased). */
function tripColumns(t: Cols): Expr[] {
  const c = (n: string, nullable = true): Expr => ({ sql: t.c(n), nullable });
  const e = (sql: string, alias: string, nullable = true): Expr => ({ sql, alias, nullable });
  return [
    c("id", false),
    c("duration"),
    c("start_date"),
    c("end_date"),
    c("start_station"),
    c("end_station"),
    c("bike_number"),
    c("sub_type"),
    c("zip_code"),
    c("birth_date"),
    c("gender"),
    e(`${t.c("duration")} / 60`, "minutes"),
    e(`${t.c("duration")} / 60.0`, "minutes_real"),
    e(`round(${t.c("duration")} / 60.0, 1)`, "minutes_1"),
    e(`${t.c("duration")} * 2 + 1`, "d2"),
    e(
      `CASE WHEN ${t.c("duration")} < 600 THEN 'short' WHEN ${
        t.c("duration")
      } < 1800 THEN 'medium' ELSE 'long' END`,
      "length_class",
      false,
    ),
    e(
      `CASE ${t.c("gender")} WHEN 'Female' THEN 'F' WHEN 'Male' THEN 'M' ELSE '?' END`,
      "g",
      false,
    ),
    e(`substr(${t.c("bike_number")}, 2)`, "bike"),
    e(`substr(${t.c("start_date")}, 1, 10)`, "day"),
    e(`length(${t.c("zip_code")})`, "zip_len"),
    e(`lower(${t.c("sub_type")})`, "kind"),
    e(`upper(${t.c("gender")})`, "g_upper"),
    e(`abs(${t.c("end_station")} - ${t.c("start_station")})`, "hops"),
    e(`coalesce(${t.c("birth_date")}, 0)`, "born", false),
    e(`coalesce(${t.c("gender")}, 'unknown')`, "g2", false),
    e(`2013 - ${t.c("birth_date")}`, "age"),
    e(`strftime('%H', ${t.c("start_date")})`, "hour"),
    e(`date(${t.c("start_date")})`, "start_day"),
    e(`strftime('%Y-%m', ${t.c("end_date")})`, "end_month"),
    e(`${t.c("start_station")} || '-' || ${t.c("end_station")}`, "route"),
    e(`${t.c("birth_date")} IS NULL`, "no_birth", false),
    e(`${t.c("duration")} > 600`, "long_trip"),
    e(`replace(${t.c("zip_code")}, '''', '')`, "zip"),
    e(`substr(${t.c("start_date")}, 12)`, "start_time"),
    e(`instr(${t.c("bike_number")}, '7')`, "i7"),
    e(`${t.c("duration")} % 60`, "secs"),
  ];
}

function selectList(xs: readonly Expr[]): string {
  return xs.map((x) => x.alias ? `${x.sql} AS ${x.alias}` : x.sql).join(", ");
}

/** 2–6 result columns (sometimes `*`), without repeats. */
function tripProjection(d: Draw, t: Cols, star = 0.08): { cols: Expr[]; sql: string } {
  if (d.chance(star)) {
    return { cols: [], sql: t.p ? `${t.p}*` : "*" };
  }
  const cols = d.some(tripColumns(t), d.weighted([[15, 2], [30, 3], [30, 4], [15, 5], [10, 6]]));
  return { cols, sql: selectList(cols) };
}

/** Sort keys for top-N: columns and expressions over trips. */
function sortKeys(t: Cols): Expr[] {
  const all = tripColumns(t).filter((x) => x.sql !== t.c("id"));
  return [
    ...all.filter((x) => !x.alias),
    { sql: `abs(${t.c("end_station")} - ${t.c("start_station")})`, nullable: true },
    { sql: `${t.c("duration")} / 60.0`, nullable: true },
    { sql: `substr(${t.c("bike_number")}, 4)`, nullable: false },
    { sql: `coalesce(${t.c("birth_date")}, 0)`, nullable: false },
    { sql: `length(${t.c("zip_code")})`, nullable: true },
  ];
}

/** ` ORDER BY k1 [DESC] [NULLS …], …, <tie-break>` over 1–3 keys. */
function orderBy(d: Draw, keys: readonly Expr[], tieBreak: string[], n: number): string {
  const parts = d.some(keys, n).map((k) => {
    let s = k.sql + (d.chance(0.5) ? " DESC" : d.chance(0.2) ? " ASC" : "");
    if (k.nullable && d.chance(0.2)) s += d.chance(0.5) ? " NULLS FIRST" : " NULLS LAST";
    return s;
  });
  return " ORDER BY " + [...parts, ...tieBreak].join(", ");
}

function limit(d: Draw, offset = 0.2): string {
  const n = d.pick([1, 5, 10, 10, 20, 25, 50, 100, 100, 200, 500, 1000]);
  return ` LIMIT ${n}` + (d.chance(offset) ? ` OFFSET ${d.pick([1, 10, 50, 100, 1000])}` : "");
}

/** Aggregates over trips rows, weighted. */
function tripAggregates(t: Cols): (readonly [number, string])[] {
  const c = (n: string) => t.c(n);
  return [
    [10, "count(*)"],
    [2, `count(${c("duration")})`],
    [2, `count(${c("birth_date")})`],
    [1, `count(${c("gender")})`],
    [1, `count(${c("zip_code")})`],
    [1, `count(${c("end_station")})`],
    [6, `sum(${c("duration")})`],
    [2, `total(${c("duration")})`],
    [1, `total(${c("birth_date")})`],
    [6, `avg(${c("duration")})`],
    [3, `avg(${c("birth_date")})`],
    [3, `min(${c("duration")})`],
    [4, `max(${c("duration")})`],
    [1, `min(${c("birth_date")})`],
    [1, `max(${c("birth_date")})`],
    [2, `min(${c("start_date")})`],
    [2, `max(${c("end_date")})`],
    [1, `min(${c("bike_number")})`],
    [1, `max(${c("zip_code")})`],
    [2, `sum(${c("duration")} / 60.0)`],
    [1, `avg(${c("duration")} * 1.5)`],
    [2, `sum(CASE WHEN ${c("gender")} = 'Female' THEN 1 ELSE 0 END)`],
    [2, `sum(${c("duration")} > 1800)`],
    [1, `avg(abs(${c("end_station")} - ${c("start_station")}))`],
    [1, `max(length(${c("zip_code")}))`],
    [1, `round(avg(${c("duration")}), 2)`],
    [1, `max(${c("duration")}) - min(${c("duration")})`],
    [1, `sum(${c("duration")}) / count(*)`],
    [1, `count(DISTINCT ${c("start_station")})`],
    [0.5, `count(DISTINCT ${c("bike_number")})`],
    [0.5, `group_concat(DISTINCT ${c("gender")} ORDER BY ${c("gender")})`],
  ];
}

/** 1–4 distinct aggregates, aliased `a1`, `a2`, … (`n` for count(*)). */
function aggregates(d: Draw, pool: readonly (readonly [number, string])[], max = 4): Expr[] {
  const k = d.weighted([[30, 1], [35, 2], [20, 3], [15, 4]].filter(([, n]) => n <= max) as [
    number,
    number,
  ][]);
  const chosen: string[] = [];
  for (let tries = 0; chosen.length < k && tries < 50; tries++) {
    const a = d.weighted(pool);
    if (!chosen.includes(a)) chosen.push(a);
  }
  return chosen.map((sql, i) => ({
    sql,
    alias: sql === "count(*)" ? "n" : `a${i + 1}`,
    nullable: true,
  }));
}

/** A GROUP BY key over trips: its expression, alias, nullability and number of groups. */
interface Key extends Expr {
  groups: number;
  kind: "int" | "text";
}

function groupKeys(t: Cols): Key[] {
  const k = (
    sql: string,
    kind: "int" | "text",
    groups: number,
    alias?: string,
    nullable = true,
  ): Key => ({ sql, kind, groups, alias, nullable });
  const c = (n: string) => t.c(n);
  return [
    k(c("start_station"), "int", 151),
    k(c("end_station"), "int", 151),
    k(c("birth_date"), "int", 61),
    k(`${c("duration")} / 600`, "int", 1300, "bucket"),
    k(`${c("start_station")} % 10`, "int", 11, "station_mod"),
    k(`${c("id")} / 100000`, "int", 16, "part", false),
    k(c("sub_type"), "text", 2),
    k(c("gender"), "text", 3),
    k(`substr(${c("start_date")}, 1, 7)`, "text", 29, "month", false),
    k(`substr(${c("start_date")}, 1, 4)`, "text", 3, "year", false),
    k(`strftime('%w', ${c("start_date")})`, "text", 7, "dow", false),
    k(`strftime('%H', ${c("start_date")})`, "text", 24, "hour", false),
    k(`substr(${c("bike_number")}, 1, 4)`, "text", 11, "bike_prefix", false),
    k(
      `CASE WHEN ${c("duration")} < 600 THEN 'short' WHEN ${
        c("duration")
      } < 1800 THEN 'medium' ELSE 'long' END`,
      "text",
      3,
      "length_class",
      false,
    ),
    k(c("bike_number"), "text", 1100),
    k(c("zip_code"), "text", 2801),
    k(`date(${c("start_date")})`, "text", 857, "day", false),
  ];
}

function keyRef(k: Expr): string {
  return k.alias ?? k.sql;
}

// ---------------------------------------------------------------------------------------
// The families

interface Shape {
  label: string;
  sql: string;
  ordered: boolean;
}

const T0 = new Cols("");

function aggregateQuery(d: Draw): Shape {
  const aggs = aggregates(d, tripAggregates(T0));
  const form = d.weighted([[70, "filter"], [8, "none"], [12, "date"], [10, "rowid"]] as const);
  let filter: Filter | null = null;
  let extra: Filter | null = null;
  if (form === "filter") filter = tripFilter(d, T0);
  else if (form === "date") {
    const day = d.int(0, DAYS - 1), w = d.pick([1, 7, 30, 90]);
    filter = f(
      `start_date >= ${lit(d.day(day))} AND start_date < ${lit(d.day(day + w))}`,
      w / DAYS,
      `index ${w}d`,
    );
    if (d.chance(0.5)) extra = tripFilter(d, T0);
  } else if (form === "rowid") {
    const a = d.int(1, TRIP_ROWS), w = d.pick([100, 10_000, 200_000]);
    filter = f(`id BETWEEN ${a} AND ${a + w}`, w / TRIP_ROWS, "rowid range");
    if (d.chance(0.5)) extra = tripFilter(d, T0);
  }
  const gc = form === "rowid" && d.chance(0.15)
    ? [{ sql: "group_concat(bike_number, ',' ORDER BY bike_number)", alias: "bikes" }]
    : [];
  const list = selectList([...aggs, ...gc.map((x) => ({ ...x, nullable: true }))]);
  return {
    label: `${aggs.length + gc.length} aggregates, ${tagsOf(filter, extra)}`,
    sql: `SELECT ${list} FROM trips${where(filter, extra)}`,
    ordered: true,
  };
}

function groupQuery(d: Draw): Shape {
  const keys = groupKeys(T0);
  const two = d.chance(0.3);
  const chosen: Key[] = two
    ? d.some(keys.filter((k) => k.groups <= 151), 2)
    : [d.weighted(keys.map((k) => [k.groups > 1000 ? 1 : 3, k] as const))];
  if (two && d.chance(0.1)) {
    chosen.splice(0, 2, keys[0], keys[1]); // (start_station, end_station): 22,500 groups
  }
  const groups = chosen.reduce((g, k) => g * k.groups, 1);
  // The sort SQLite does for GROUP BY costs most with many groups: filter those scans.
  let filter: Filter | null = d.chance(groups > 500 ? 1 : 0.75) ? tripFilter(d, T0) : null;
  if (filter && groups > 500 && filter.sel > 0.5) filter = tripFilterWithin(d, T0, 0, 0.5);
  const aggs = aggregates(d, tripAggregates(T0), 3);
  const having = d.chance(0.3) ? havingClause(d, filter?.sel ?? 1, groups) : "";
  const keySql = chosen.map(keyRef).join(", ");
  let order = "", ordered = false, tail = "";
  const r = d.next();
  if (r < 0.35) {
    order = " ORDER BY " + chosen.map((k) => keyRef(k) + (d.chance(0.3) ? " DESC" : "")).join(", ");
    ordered = true;
  } else if (r < 0.6) {
    order = ` ORDER BY ${aggs[0].alias} DESC, ` + chosen.map(keyRef).join(", ");
    tail = limit(d, 0.1);
    ordered = true;
  }
  const kinds = chosen.map((k) => k.kind).join("+");
  return {
    label: `group by ${kinds}${chosen.length > 1 ? " (2 keys)" : ""} ~${groups}${
      having ? " +having" : ""
    }${ordered ? (tail ? " top groups" : " ordered") : ""}, ${tagsOf(filter)}`,
    sql: `SELECT ${selectList(chosen)}, ${selectList(aggs)} FROM trips${
      where(filter)
    } GROUP BY ${keySql}${having}${order}${tail}`,
    ordered,
  };
}

function havingClause(d: Draw, sel: number, groups: number): string {
  const perGroup = Math.max(1, Math.round(TRIP_ROWS * sel / groups));
  switch (d.int(0, 3)) {
    case 0:
      return ` HAVING count(*) > ${Math.max(1, Math.round(perGroup * d.pick([0.5, 0.9, 1, 1.1])))}`;
    case 1:
      return ` HAVING avg(duration) > ${d.pick([600, 800, 900, 1000, 1200])}`;
    case 2:
      return ` HAVING max(duration) > ${d.pick([3600, 86400, 200000])}`;
    default:
      return ` HAVING min(birth_date) < ${d.int(1936, 1960)} OR count(*) < ${perGroup}`;
  }
}

function scanQuery(d: Draw): Shape {
  const proj = tripProjection(d, T0);
  const filter = tripFilter(d, T0);
  const few = filter.sel * TRIP_ROWS <= 20_000;
  if (few && d.chance(0.35)) {
    return {
      label: `filtered rows ~${Math.round(filter.sel * TRIP_ROWS)}, ${tagsOf(filter)}`,
      sql: `SELECT ${proj.sql} FROM trips${where(filter)} ORDER BY id`,
      ordered: true,
    };
  }
  const desc = d.chance(0.15);
  return {
    label: `scan${desc ? " desc" : ""} + limit, ${tagsOf(filter)}`,
    sql: `SELECT ${proj.sql} FROM trips${where(filter)} ORDER BY id${desc ? " DESC" : ""}${
      limit(d)
    }`,
    ordered: true,
  };
}

function topNQuery(d: Draw): Shape {
  const proj = tripProjection(d, T0, 0.05);
  const filter = d.chance(0.75) ? tripFilter(d, T0) : null;
  const n = d.weighted([[50, 1], [35, 2], [15, 3]] as const);
  // Sort by result aliases sometimes, as applications do.
  const aliased = proj.cols.filter((c) => c.alias);
  const keys = aliased.length && d.chance(0.3)
    ? [...aliased.map((c) => ({ sql: c.alias!, nullable: c.nullable })), ...sortKeys(T0)]
    : sortKeys(T0);
  const order = orderBy(d, keys, ["id"], n);
  return {
    label: `top-n ${n} key${n > 1 ? "s" : ""}, ${tagsOf(filter)}`,
    sql: `SELECT ${proj.sql} FROM trips${where(filter)}${order}${limit(d)}`,
    ordered: true,
  };
}

function dateRangeQuery(d: Draw): Shape {
  const day = d.int(0, DAYS - 1);
  const span = d.weighted(
    [[10, "hour"], [25, "day"], [30, "week"], [25, "month"], [10, "quarter"]] as const,
  );
  const days = { hour: 1 / 24, day: 1, week: 7, month: 30, quarter: 91 }[span];
  let range: string;
  if (span === "hour") {
    const h = String(d.int(0, 22)).padStart(2, "0");
    range = `start_date BETWEEN '${d.day(day)} ${h}:00:00' AND '${d.day(day)} ${h}:59:59'`;
  } else {
    range = d.chance(0.5)
      ? `start_date >= ${lit(d.day(day))} AND start_date < ${lit(d.day(day + days))}`
      : `start_date BETWEEN ${lit(d.day(day))} AND ${lit(d.day(day + days))}`;
  }
  const extra = d.chance(0.4) ? tripFilter(d, T0) : null;
  const rows = days * TRIPS_PER_DAY * (extra?.sel ?? 1);
  const form = d.weighted(
    [[30, "rows"], [20, "agg"], [15, "group"], [20, "first"], [15, "lookup"]] as const,
  );
  const rangeF = f(range, days / DAYS);
  if (form === "lookup") {
    // Equality on the index: exact timestamps (most miss, some hit).
    const k = d.weighted([[50, 1], [50, d.int(2, 20)]] as const);
    const ts = Array.from({ length: k }, () => lit(d.time(d.int(0, DAYS - 1))));
    const cond = k === 1 ? `start_date = ${ts[0]}` : `start_date IN (${ts.join(", ")})`;
    const proj = tripProjection(d, T0, 0.3);
    return {
      label: `index equality (${k} key${k > 1 ? "s" : ""})`,
      sql: `SELECT ${proj.sql} FROM trips WHERE ${cond} ORDER BY start_date, id`,
      ordered: true,
    };
  }
  if (form === "first") {
    // First trips after a moment, in index order.
    const proj = tripProjection(d, T0, 0.2);
    return {
      label: `index order from a date + limit, ${tagsOf(extra)}`,
      sql: `SELECT ${proj.sql} FROM trips WHERE start_date > ${lit(d.time(day))}${
        extra ? " AND " + extra.sql : ""
      } ORDER BY start_date${d.chance(0.3) ? " DESC" : ""}, id${limit(d, 0.1)}`,
      ordered: true,
    };
  }
  if (form === "agg" || (form === "rows" && rows > 60_000)) {
    const aggs = aggregates(d, tripAggregates(T0));
    return {
      label: `index range ${span} aggregate, ${tagsOf(extra)}`,
      sql: `SELECT ${selectList(aggs)} FROM trips${where(rangeF, extra)}`,
      ordered: true,
    };
  }
  if (form === "group") {
    const key = d.pick(groupKeys(T0).filter((k) => k.groups <= 151));
    const aggs = aggregates(d, tripAggregates(T0), 3);
    const ordered = d.chance(0.5);
    return {
      label: `index range ${span} group by ${key.kind}${ordered ? " ordered" : ""}`,
      sql: `SELECT ${selectList([key])}, ${selectList(aggs)} FROM trips${
        where(rangeF, extra)
      } GROUP BY ${keyRef(key)}${ordered ? ` ORDER BY ${keyRef(key)}` : ""}`,
      ordered,
    };
  }
  const proj = tripProjection(d, T0, 0.15);
  const byIndex = d.chance(0.6);
  return {
    label: `index range ${span} rows ~${Math.round(rows)}${byIndex ? "" : " by id"}, ${
      tagsOf(extra)
    }`,
    sql: `SELECT ${proj.sql} FROM trips${where(rangeF, extra)} ORDER BY ${
      byIndex ? "start_date, id" : "id"
    }`,
    ordered: true,
  };
}

function rowidQuery(d: Draw): Shape {
  const a = d.int(1, TRIP_ROWS);
  const form = d.weighted(
    [[20, "point"], [15, "in"], [35, "range"], [20, "after"], [10, "agg"]] as const,
  );
  if (form === "point") {
    const proj = tripProjection(d, T0, 0.4);
    return {
      label: "rowid lookup",
      sql: `SELECT ${proj.sql} FROM trips WHERE id = ${a}`,
      ordered: true,
    };
  }
  if (form === "in") {
    const k = d.int(2, 30);
    const ids = Array.from({ length: k }, () => d.int(1, TRIP_ROWS + 10));
    const proj = tripProjection(d, T0, 0.3);
    return {
      label: `rowid IN list (${k})`,
      sql: `SELECT ${proj.sql} FROM trips WHERE id IN (${ids.join(", ")}) ORDER BY id`,
      ordered: true,
    };
  }
  if (form === "after") {
    const proj = tripProjection(d, T0);
    const desc = d.chance(0.3);
    const filter = d.chance(0.4) ? tripFilter(d, T0) : null;
    return {
      label: `rowid ${desc ? "before" : "after"} + limit, ${tagsOf(filter)}`,
      sql: `SELECT ${proj.sql} FROM trips WHERE id ${desc ? "<" : ">"} ${a}${
        filter ? " AND " + filter.sql : ""
      } ORDER BY id${desc ? " DESC" : ""}${limit(d, 0.1)}`,
      ordered: true,
    };
  }
  const w = d.pick([10, 100, 1000, 10_000, 50_000]);
  const filter = d.chance(0.4) ? tripFilter(d, T0) : null;
  const range = d.chance(0.5)
    ? f(`id BETWEEN ${a} AND ${a + w}`, w / TRIP_ROWS)
    : f(`id >= ${a} AND id < ${a + w}`, w / TRIP_ROWS);
  if (form === "agg") {
    const aggs = aggregates(d, tripAggregates(T0));
    return {
      label: `rowid range ${w} aggregate, ${tagsOf(filter)}`,
      sql: `SELECT ${selectList(aggs)} FROM trips${where(range, filter)}`,
      ordered: true,
    };
  }
  const proj = tripProjection(d, T0, 0.2);
  return {
    label: `rowid range ${w} rows, ${tagsOf(filter)}`,
    sql: `SELECT ${proj.sql} FROM trips${where(range, filter)} ORDER BY id`,
    ordered: true,
  };
}

/** Filter terms on stations (alias `s`). */
function stationFilter(d: Draw, s: string): Filter {
  switch (d.int(0, 7)) {
    case 0:
      return f(`${s}.municipality = ${lit(d.pick(MUNICIPALITIES))}`, 0.3, "text");
    case 1: {
      const xs = d.some(MUNICIPALITIES, d.int(2, 3)).map(lit);
      return f(`${s}.municipality IN (${xs.join(", ")})`, 0.5, "in");
    }
    case 2:
      return d.chance(0.5)
        ? f(`${s}.municipality IS NULL`, 0.02, "null")
        : f(`${s}.municipality IS NOT NULL`, 0.98, "null");
    case 3: {
      const x = (42.3 + d.int(1, 11) / 100).toFixed(2);
      return f(`${s}.lat > ${x}`, 0.5, "real");
    }
    case 4: {
      const a = -71.15 + d.int(0, 9) / 100;
      return f(`${s}.lng BETWEEN ${a.toFixed(2)} AND ${(a + 0.04).toFixed(2)}`, 0.33, "real");
    }
    case 5:
      return f(`${s}.station LIKE ${lit("%" + d.pick(STREETS) + "%")}`, 0.07, "like");
    case 6:
      return f(`${s}.station LIKE '${d.int(1, 9)}%'`, 0.11, "like");
    default:
      return f(`${s}.id < ${d.int(10, 140)}`, 0.5, "int");
  }
}

function joinQuery(d: Draw): Shape {
  const T = new Cols("t.");
  const left = d.chance(0.4);
  const jcol = d.chance(0.65) ? "start_station" : "end_station";
  const both = d.chance(0.1);
  const kind = left ? "LEFT JOIN" : "JOIN";
  const sFilter = d.chance(0.55) ? stationFilter(d, "s") : null;
  const sInOn = left && sFilter !== null && d.chance(0.3);
  let from = `trips t ${kind} stations s ON s.id = t.${jcol}${sInOn ? " AND " + sFilter!.sql : ""}`;
  if (both) {
    from += ` ${kind} stations e ON e.id = t.${
      jcol === "start_station" ? "end_station" : "start_station"
    }`;
  }
  // Keep the trips side restricted: every joined row costs a stations lookup.
  const restrict = d.weighted(
    [[35, "filter"], [25, "date"], [15, "rowid"], [25, "limit"]] as const,
  );
  let tFilter: Filter | null = null;
  if (restrict === "filter") tFilter = tripFilterWithin(d, T, 0, 0.15);
  else if (restrict === "date") {
    const day = d.int(0, DAYS - 1), w = d.pick([1, 7, 30]);
    tFilter = f(
      `t.start_date >= ${lit(d.day(day))} AND t.start_date < ${lit(d.day(day + w))}`,
      w / DAYS,
      `index ${w}d`,
    );
    if (d.chance(0.4)) tFilter = and(tFilter, atom(d, T));
  } else if (restrict === "rowid") {
    const a = d.int(1, TRIP_ROWS), w = d.pick([1000, 20_000, 100_000]);
    tFilter = f(`t.id BETWEEN ${a} AND ${a + w}`, w / TRIP_ROWS, "rowid range");
  } else if (d.chance(0.5)) tFilter = tripFilter(d, T);
  const whereSql = where(tFilter, sInOn ? null : sFilter);
  const tags = `${left ? "left" : "inner"}${both ? " ×2" : ""}${sFilter ? " +station filter" : ""}${
    sInOn ? " in ON" : ""
  }, ${tagsOf(tFilter)}`;
  if (restrict === "limit") {
    const cols = d.some(tripColumns(T), d.int(1, 3));
    const sCols = d.some(
      [
        { sql: "s.station", alias: "station_name", nullable: true },
        { sql: "s.municipality", alias: "town", nullable: true },
        { sql: "round(s.lat, 3)", alias: "lat", nullable: true },
        { sql: "s.lng", alias: "lng", nullable: true },
        { sql: "coalesce(s.municipality, '-')", alias: "town2", nullable: false },
      ],
      d.int(1, 2),
    );
    if (both) sCols.push({ sql: "e.station", alias: "other_name", nullable: true });
    const list = selectList([
      { sql: "t.id", nullable: false },
      ...cols.filter((c) => c.sql !== "t.id"),
      ...sCols,
    ]);
    const top = d.chance(0.3);
    const order = top ? orderBy(d, sortKeys(T), ["t.id"], 1) : " ORDER BY t.id";
    return {
      label: `join ${tags}, ${top ? "top-n" : "rows"} + limit`,
      sql: `SELECT ${list} FROM ${from}${whereSql}${order}${limit(d, 0.1)}`,
      ordered: true,
    };
  }
  const form = d.weighted([[50, "group"], [20, "agg"], [20, "rows"], [10, "anti"]] as const);
  if (form === "anti" && left) {
    return {
      label: `anti-join ${tags}`,
      sql: `SELECT t.id, t.${jcol} FROM trips t LEFT JOIN stations s ON s.id = t.${jcol}${
        where(tFilter, f("s.id IS NULL", 0.001))
      } ORDER BY t.id`,
      ordered: true,
    };
  }
  if (form === "group") {
    const key = d.pick([
      { sql: "s.municipality", alias: "town", nullable: true },
      { sql: "s.station", alias: "station_name", nullable: true },
      { sql: "s.id", alias: "sid", nullable: true },
      { sql: "round(s.lat, 2)", alias: "lat2", nullable: true },
      { sql: "coalesce(s.municipality, 'none')", alias: "town", nullable: false },
    ]);
    const second = d.chance(0.2) ? { sql: "t.sub_type", alias: "sub_type", nullable: true } : null;
    const keys = second ? [key, second] : [key];
    const aggs = aggregates(d, [
      ...tripAggregates(T),
      [3, "avg(s.lat)"],
      [2, "max(s.lng)"],
      [2, "count(s.id)"],
    ], 3);
    const ordered = d.chance(0.55);
    const refs = keys.map((k) => k.alias).join(", ");
    const order = ordered
      ? (d.chance(0.5)
        ? ` ORDER BY ${refs}`
        : ` ORDER BY ${aggs[0].alias} DESC, ${refs}${limit(d, 0)}`)
      : "";
    return {
      label: `join group by ${key.alias}${second ? " + text" : ""} ${tags}`,
      sql: `SELECT ${selectList(keys)}, ${
        selectList(aggs)
      } FROM ${from}${whereSql} GROUP BY ${refs}${order}`,
      ordered,
    };
  }
  if (form === "agg") {
    const aggs = aggregates(d, [...tripAggregates(T), [4, "avg(s.lat)"], [2, "min(s.station)"]], 3);
    return {
      label: `join aggregate ${tags}`,
      sql: `SELECT ${selectList(aggs)} FROM ${from}${whereSql}`,
      ordered: true,
    };
  }
  const cols = d.some(tripColumns(T), d.int(1, 3));
  const list = selectList([
    { sql: "t.id", nullable: false },
    ...cols.filter((c) => c.sql !== "t.id"),
    { sql: "s.station", alias: "station_name", nullable: true },
    ...(d.chance(0.5) ? [{ sql: "s.lat", alias: "lat", nullable: true }] : []),
  ]);
  const rows = (tFilter?.sel ?? 1) * TRIP_ROWS;
  return {
    label: `join rows ~${Math.round(rows * (sFilter?.sel ?? 1))} ${tags}`,
    sql: `SELECT ${list} FROM ${from}${whereSql} ORDER BY t.id${
      rows > 30_000 ? limit(d, 0.1) : ""
    }`,
    ordered: true,
  };
}

function subqueryQuery(d: Draw): Shape {
  const form = d.weighted(
    [[30, "in"], [15, "not in"], [20, "scalar"], [15, "correlated"], [10, "exists"], [
      10,
      "in trips",
    ]] as const,
  );
  const rowsOrAgg = (cond: string, restrict: Filter | null, label: string): Shape => {
    if (d.chance(0.55)) {
      const aggs = aggregates(d, tripAggregates(T0), 3);
      return {
        label: `${label} aggregate`,
        sql: `SELECT ${selectList(aggs)} FROM trips WHERE ${cond}${
          restrict ? " AND " + restrict.sql : ""
        }`,
        ordered: true,
      };
    }
    const proj = tripProjection(d, T0, 0.1);
    return {
      label: `${label} rows + limit`,
      sql: `SELECT ${proj.sql} FROM trips WHERE ${cond}${
        restrict ? " AND " + restrict.sql : ""
      } ORDER BY id${limit(d, 0.1)}`,
      ordered: true,
    };
  };
  const col = d.pick(["start_station", "end_station"]);
  const extra = d.chance(0.4) ? tripFilter(d, T0) : null;
  switch (form) {
    case "in":
      return rowsOrAgg(
        `${col} IN (SELECT id FROM stations s WHERE ${stationFilter(d, "s").sql})`,
        extra,
        "IN subquery",
      );
    case "not in":
      return rowsOrAgg(
        `${col} NOT IN (SELECT id FROM stations s WHERE ${stationFilter(d, "s").sql})`,
        extra,
        "NOT IN subquery",
      );
    case "scalar": {
      const day = d.int(0, DAYS - 8);
      const sub = `(SELECT ${
        d.pick(["avg", "max", "min"])
      }(duration) FROM trips WHERE start_date BETWEEN ${lit(d.day(day))} AND ${
        lit(d.day(day + 7))
      })`;
      return rowsOrAgg(`duration > ${sub}`, extra, "scalar subquery");
    }
    case "in trips": {
      const a = d.int(1, TRIP_ROWS - 10);
      return rowsOrAgg(
        `bike_number IN (SELECT bike_number FROM trips WHERE id BETWEEN ${a} AND ${
          a + d.int(1, 8)
        })`,
        extra,
        "IN subquery on trips",
      );
    }
    case "exists": {
      const a = d.int(1, 1_400_000);
      return {
        label: `correlated EXISTS, rowid range, ${tagsOf(extra)}`,
        sql: `SELECT count(*) AS n, avg(duration) AS a1 FROM trips t WHERE t.id BETWEEN ${a} AND ${
          a + d.pick([1000, 20_000, 100_000])
        } AND ${
          d.chance(0.3) ? "NOT " : ""
        }EXISTS (SELECT 1 FROM stations s WHERE s.id = t.${col} AND ${stationFilter(d, "s").sql})${
          extra ? " AND " + extra.sql : ""
        }`,
        ordered: true,
      };
    }
    default: {
      const a = d.int(1, TRIP_ROWS);
      const w = d.pick([100, 1000, 10_000]);
      return {
        label: `correlated scalar subquery in result, rowid range ${w}`,
        sql:
          `SELECT t.id, t.duration, (SELECT s.station FROM stations s WHERE s.id = t.${col}) AS station FROM trips t WHERE t.id BETWEEN ${a} AND ${
            a + w
          } ORDER BY t.id`,
        ordered: true,
      };
    }
  }
}

function distinctQuery(d: Draw): Shape {
  const keys = groupKeys(T0).filter((k) => k.groups <= 1100 && k.alias !== "day");
  const n = d.chance(0.3) ? 2 : 1;
  const chosen = d.some(n === 2 ? keys.filter((k) => k.groups <= 151) : keys, n);
  const groups = chosen.reduce((g, k) => g * k.groups, 1);
  const filter = d.chance(groups > 200 ? 1 : 0.6)
    ? tripFilterWithin(d, T0, 0, groups > 200 ? 0.5 : 1)
    : null;
  const r = d.next();
  const refs = chosen.map(keyRef);
  let tail = "", ordered = false;
  if (r < 0.4) {
    tail = " ORDER BY " + refs.map((x) => x + (d.chance(0.3) ? " DESC" : "")).join(", ");
    ordered = true;
  } else if (r < 0.6) {
    tail = " ORDER BY " + refs.join(", ") + limit(d, 0.1);
    ordered = true;
  }
  return {
    label: `distinct ${chosen.map((k) => k.kind).join("+")} ~${groups}${
      ordered ? " ordered" : ""
    }, ${tagsOf(filter)}`,
    sql: `SELECT DISTINCT ${selectList(chosen)} FROM trips${where(filter)}${tail}`,
    ordered,
  };
}

function stationsQuery(d: Draw): Shape {
  const filter = d.chance(0.7) ? stationFilter(d, "s") : null;
  switch (d.int(0, 3)) {
    case 0:
      return {
        label: `stations rows, ${tagsOf(filter)}`,
        sql: `SELECT s.id, s.station, s.municipality, s.lat, s.lng FROM stations s${
          where(filter)
        } ORDER BY ${
          d.pick(["s.lat DESC", "s.lng", "s.station", "s.municipality NULLS LAST"])
        }, s.id`,
        ordered: true,
      };
    case 1:
      return {
        label: `stations group by municipality, ${tagsOf(filter)}`,
        sql:
          `SELECT s.municipality, count(*) AS n, avg(s.lat) AS a1, min(s.lng) AS a2 FROM stations s${
            where(filter)
          } GROUP BY s.municipality ORDER BY s.municipality`,
        ordered: true,
      };
    case 2:
      return {
        label: `stations long text functions, ${tagsOf(filter)}`,
        sql: `SELECT s.id, length(s.description) AS len, substr(s.description, ${
          d.int(1, 100)
        }, 30) AS part, lower(substr(s.description, 1, 20)) AS head FROM stations s${
          where(filter)
        } ORDER BY s.id`,
        ordered: true,
      };
    default:
      return {
        label: `stations long text LIKE`,
        sql: `SELECT s.id, s.station FROM stations s WHERE s.description LIKE ${
          lit("%" + d.pick(["station", "Boston", "ü", "the", "42"]) + "%")
        } ORDER BY s.id`,
        ordered: true,
      };
  }
}

function largeQuery(d: Draw): Shape {
  // A result of all 1.5M rows takes node:sqlite over 2 s even for one column (building the
  // row objects), so large results stop at about 450k rows.
  switch (d.int(0, 2)) {
    case 0: {
      const a = d.int(1, 1_100_000), w = d.pick([200_000, 300_000, 400_000]);
      const col = d.pick(["duration", "start_station", "birth_date", "gender"]);
      return {
        label: `large: rowid range ${w} rows, 2 columns`,
        sql: `SELECT id, ${col} FROM trips WHERE id BETWEEN ${a} AND ${a + w} ORDER BY id`,
        ordered: true,
      };
    }
    case 1: {
      const filter = tripFilterWithin(d, T0, 0.1, 0.3);
      return {
        label: `large: filtered ids, ${tagsOf(filter)}`,
        sql: `SELECT id FROM trips${where(filter)} ORDER BY id`,
        ordered: true,
      };
    }
    default: {
      const day = d.int(0, DAYS - 120);
      return {
        label: "large: 3-month index range, 2 columns",
        sql: `SELECT id, duration FROM trips WHERE start_date BETWEEN ${lit(d.day(day))} AND ${
          lit(d.day(day + 91))
        } ORDER BY start_date, id`,
        ordered: true,
      };
    }
  }
}

const FAMILIES: Record<Family, (d: Draw) => Shape> = {
  aggregate: aggregateQuery,
  group: groupQuery,
  scan: scanQuery,
  "top-n": topNQuery,
  join: joinQuery,
  "date-range": dateRangeQuery,
  rowid: rowidQuery,
  subquery: subqueryQuery,
  distinct: distinctQuery,
  stations: stationsQuery,
  large: largeQuery,
};

/** `count` queries drawn from `seed`: the same list for the same seed and count prefix. */
export function generateQueries(seed: number = DEFAULT_SEED, count = 200): GeneratedQuery[] {
  const d = new Draw(seed ^ 0x9e3779b9);
  const weights = Object.entries(FAMILY_WEIGHTS).map(([k, w]) => [w, k as Family] as const);
  const out: GeneratedQuery[] = [];
  for (let n = 1; n <= count; n++) {
    const family = d.weighted(weights);
    const shape = FAMILIES[family](d);
    out.push({ n, family, ...shape });
  }
  return out;
}

if (import.meta.main) {
  const { option } = await import("./measure.ts");
  const qs = generateQueries(
    Number(option("--seed") ?? DEFAULT_SEED),
    Number(option("--count") ?? 200),
  );
  for (const q of qs) {
    console.log(`#${q.n} [${q.family}] ${q.label}${q.ordered ? "" : " (multiset)"}\n${q.sql};\n`);
  }
}
