/**
 * The statement half of the whole-query generator: WITH (and WITH RECURSIVE), compound
 * selects, cores with every join form, WHERE/GROUP BY/HAVING, DISTINCT, VALUES, subqueries
 * in FROM, ORDER BY and LIMIT/OFFSET. Valid by construction over a {@link QdiffDb}'s
 * sources. Every detail of SQLite's answer is compared, row order included (qdiff_compare.ts);
 * scalar subqueries aggregate (exactly one row), and the statement reports which result
 * columns its ORDER BY names (shown in failure reports).
 */
import {
  type QCtx,
  QExprBuilder,
  type QItem,
  type QScope,
  type SubqueryKind,
} from "./qdiff_expr.ts";
import type { QdiffSource } from "./qdiff_schema.ts";
import { WINDOW_FEATURES, type WindowScope, WindowWriter } from "./qdiff_window.ts";
import type { Tape } from "./query_gen_expr.ts";

/** A statement's ORDER BY, as failure reports describe it. */
export type QdiffOrder =
  /** No ORDER BY. */
  | { kind: "none" }
  /** ORDER BY whose leading terms are these result columns (0-based). */
  | { kind: "keys"; keys: number[] }
  /** ORDER BY an expression that is not a result column. */
  | { kind: "opaque" };

/** A generated statement. */
export interface QdiffQuery {
  sql: string;
  /** The statement without its top-level LIMIT/OFFSET (`sql` when it has none). */
  whole: string;
  /** Values bound to `?1..?n`, as indexes into {@link PARAM_VALUES}. */
  params: number[];
  order: QdiffOrder;
  /** Whether a top-level LIMIT/OFFSET cuts the result. */
  limited: boolean;
  features: string[];
}

/** Every feature a statement can report (besides `fn:<name>`, one per scalar function). */
export const QDIFF_FEATURES: readonly string[] = (
  "agg:avg agg:count agg:count(*) agg:distinct agg:filter agg:group_concat agg:max agg:min " +
  "agg:orderByTies " +
  "agg:separator agg:sum agg:total aggregate aggregateQuery arith bareColumn between bits " +
  "caseOperand caseSearched cast collate compare compound:EXCEPT compound:INTERSECT " +
  "compound:UNION compound:UNION-ALL concat correlated cte cte:recursive cte:recursiveLimit " +
  "cte:used distinct escape exists fromSubquery function glob groupBy having inList inSelect " +
  "is isDistinct join:comma join:cross join:full join:inner join:left join:natural " +
  "join:natural-left join:on join:right join:using like limit logic nullTest offset orderBy " +
  "orderBy:alias orderBy:collate orderBy:desc orderBy:expr orderBy:nulls orderBy:number " +
  "overflow parameter rowid sargable scalarSubquery star tableStar unary values view where"
).split(" ").concat(WINDOW_FEATURES);

/** Values the tests bind to parameters (bigint: INTEGER, number: REAL). */
export const PARAM_VALUES: readonly (bigint | number | string | Uint8Array | null)[] = [
  1n,
  0n,
  -1n,
  5n,
  9223372036854775807n,
  2.5,
  0.1,
  "a",
  "5",
  "A ",
  "",
  null,
  new Uint8Array([0x41]),
];

interface CoreOut {
  sql: string;
  ncols: number;
  /** Alias of each result column (null: none). */
  aliases: (string | null)[];
  /** What window calls in the core's ORDER BY may use (null: VALUES). */
  windows: WindowScope | null;
}

/** A source a FROM clause can name: a table, view or CTE. */
interface Named {
  name: string;
  /** At most this many rows (estimated for CTEs). */
  rows: number;
  columns: string[];
  rowid: boolean;
  indexed: string[];
  uniqueKey: string | null;
}

/** Turns a tape into a statement over `sources`. */
export class QdiffQueryBuilder extends QExprBuilder {
  #ctes: Named[] = [];
  /** Inside a FROM subquery or CTE body (their FROM clauses stay small). */
  #inner = 0;
  /** Largest FROM estimate (rows) seen since last reset: what a FROM subquery may yield. */
  #largestFrom = 1;
  /** Invalid window constructs the statement may still get (see qdiff_window.ts). */
  #invalid = { left: 1 };
  constructor(t: Tape, private readonly sources: readonly QdiffSource[]) {
    super(t);
  }

  /** The whole statement. */
  statement(): QdiffQuery {
    let sql = "";
    if (this.t.chance(20)) sql = this.withClause() + " ";
    const body = this.body([], -1, true);
    sql += body.sql;
    let order: QdiffOrder = { kind: "none" };
    // ORDER BY or LIMIT right after VALUES is a syntax error.
    const loneValues = body.endsWithValues;
    if (!loneValues && this.t.chance(55)) {
      const o = this.orderBy(body);
      sql += " " + o.sql;
      order = o.order;
    }
    let limited = false;
    const whole = sql;
    if (!loneValues && this.t.chance(30)) {
      limited = true;
      sql += " " + this.limit();
    }
    // Counted from the text: SQLite numbers every `?N` written, used or not.
    const highest = Math.max(0, ...[...sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])));
    const params = Array.from({ length: highest }, () => this.t.int(PARAM_VALUES.length));
    const features = [...this.features].sort();
    return { sql, whole, params, order, limited, features };
  }

  limit(): string {
    this.features.add("limit");
    const n = () => this.t.pick(["2", "1", "0", "5", "-1", "1 + 2", "'3'", "2.0"]);
    const count = this.t.chance(10) ? this.param() : n();
    const form = this.t.int(3);
    if (form === 0) return `LIMIT ${count}`;
    this.features.add("offset");
    const off = this.t.pick(["1", "2", "-1", "0", "1 * 3"]);
    return form === 1 ? `LIMIT ${count} OFFSET ${off}` : `LIMIT ${off}, ${count}`;
  }

  /** A compound or a single core; `ncols` >= 0 forces the column count. */
  body(
    outer: QScope[],
    ncols: number,
    top: boolean,
    names?: string[],
  ): CoreOut & { compound: boolean; endsWithValues: boolean } {
    const first = this.core(outer, ncols, top, names);
    let sql = first.sql;
    let compound = false;
    let endsWithValues = sql.startsWith("VALUES");
    if (this.t.chance(top ? 20 : 8)) {
      const n = 1 + this.t.int(2);
      for (let i = 0; i < n; i++) {
        compound = true;
        const op = this.t.pick(["UNION", "UNION ALL", "INTERSECT", "EXCEPT"]);
        this.features.add(`compound:${op.replace(" ", "-")}`);
        const next = this.core(outer, first.ncols, false).sql;
        endsWithValues = next.startsWith("VALUES");
        sql += ` ${op} ${next}`;
      }
    }
    return { ...first, sql, compound, endsWithValues };
  }

  orderBy(body: CoreOut & { compound: boolean }): { sql: string; order: QdiffOrder } {
    this.features.add("orderBy");
    const n = 1 + this.t.int(Math.min(3, body.ncols));
    const terms: string[] = [];
    const keys: number[] = [];
    let opaque = false;
    let stopped = false;
    for (let i = 0; i < n; i++) {
      const col = this.t.int(body.ncols);
      const alias = body.aliases[col];
      let term: string;
      if (!body.compound && body.windows !== null && this.t.chance(8)) {
        // A window call: it sorts, but the test cannot evaluate its keys.
        this.features.add("window:orderByTerm");
        const w = new WindowWriter(this.t, this.features, (c, d) => this.expr(c, d), body.windows, {
          prefix: "",
          named: false,
          runtimeErrors: true,
          invalid: this.#invalid,
        });
        term = w.call();
        if (keys.length === 0) opaque = true;
        stopped = true;
      } else if (!body.compound && this.t.chance(20)) {
        // An expression: it sorts, but the test cannot evaluate its keys.
        this.features.add("orderBy:expr");
        term = alias !== null && this.t.chance(50)
          ? `${alias} || ''`
          : this.t.pick(["1 + 0", "'x'", "length('ab')"]);
        if (keys.length === 0) opaque = true;
        stopped = true;
      } else if (alias !== null && this.t.chance(40)) {
        this.features.add("orderBy:alias");
        term = alias;
        if (!stopped) keys.push(col);
      } else {
        this.features.add("orderBy:number");
        term = String(col + 1);
        if (!stopped) keys.push(col);
      }
      // Not on compounds: SQLite then resolves GROUP BY terms of the later cores in a way
      // that fails on view columns ("no such column"), a quirk the test leaves aside.
      if (!body.compound && this.t.chance(20)) {
        this.features.add("orderBy:collate");
        term += ` COLLATE ${this.t.pick(["NOCASE", "BINARY", "RTRIM"])}`;
      }
      const dir = this.t.pick(["", " ASC", " DESC"]);
      if (dir === " DESC") this.features.add("orderBy:desc");
      const nulls = this.t.chance(20) ? this.t.pick([" NULLS FIRST", " NULLS LAST"]) : "";
      if (nulls) this.features.add("orderBy:nulls");
      terms.push(term + dir + nulls);
    }
    const order: QdiffOrder = opaque ? { kind: "opaque" } : { kind: "keys", keys };
    return { sql: `ORDER BY ${terms.join(", ")}`, order };
  }

  withClause(): string {
    this.features.add("cte");
    const parts: string[] = [];
    let recursive = false;
    const n = 1 + this.t.int(2);
    for (let i = 0; i < n; i++) {
      const name = `c${i}`;
      if (this.t.chance(30)) {
        recursive = true;
        this.features.add("cte:recursive");
        parts.push(this.recursiveCte(name));
        continue;
      }
      const ncols = 1 + this.t.int(3);
      const cols = Array.from({ length: ncols }, (_, j) => `k${j}`);
      this.#inner++;
      const body = this.body([], ncols, false);
      this.#inner--;
      const m = this.t.pick(["", "", "MATERIALIZED ", "NOT MATERIALIZED "]);
      parts.push(`${name}(${cols.join(", ")}) AS ${m}(${body.sql})`);
      this.#ctes.push({
        name,
        columns: cols,
        rowid: false,
        indexed: [],
        uniqueKey: null,
        rows: 3600,
      });
    }
    return `WITH${recursive ? " RECURSIVE" : ""} ${parts.join(", ")}`;
  }

  /** A recursive CTE that ends: a bounded condition, or a LIMIT over a one-row anchor. */
  recursiveCte(name: string): string {
    const form = this.t.int(3);
    this.#ctes.push({
      name,
      columns: ["n", "x"],
      rowid: false,
      indexed: [],
      uniqueKey: null,
      rows: 60,
    });
    if (form === 0) {
      return `${name}(n, x) AS (SELECT 1, 'a' UNION ALL SELECT n + 1, x || n FROM ${name} ` +
        `WHERE n < ${1 + this.t.int(6)})`;
    }
    if (form === 1) {
      this.features.add("cte:recursiveLimit");
      return `${name}(n, x) AS (SELECT 1, 1 UNION ALL SELECT n + 1, x * 3 FROM ${name} ` +
        `LIMIT ${this.t.int(8)})`;
    }
    const src = this.t.pick(this.sources);
    const c = src.columns[0];
    return `${name}(n, x) AS (SELECT 0, ${c} FROM ${src.name} UNION ALL ` +
      `SELECT n + 1, x || '.' FROM ${name} WHERE n < 2)`;
  }

  /** One SELECT core (or VALUES); `names` forces result column names (aliases). */
  core(outer: QScope[], ncols: number, top: boolean, names?: string[]): CoreOut {
    if (!names && this.t.chance(6)) {
      return this.values(outer, ncols < 0 ? 1 + this.t.int(3) : ncols);
    }
    const hasFrom = this.t.chance(top ? 92 : 85);
    const from = hasFrom ? this.from(outer) : { sql: "", scope: [] as QScope, plain: true };
    const scopes = [...outer, from.scope];
    const grouped = hasFrom && this.t.chance(30);
    const aggregated = grouped || (hasFrom && this.t.chance(12));
    const keys: string[] = [];
    /** The GROUP BY terms as written: each group differs from the others in them. */
    let groupTerms: string[] = [];
    let groupSql = "";
    const row: QCtx = { scopes, mode: "row", keys: [] };
    if (grouped) {
      this.features.add("groupBy");
      const item = this.t.pick(from.scope);
      if (item.uniqueKey !== null && this.t.chance(30)) {
        // Grouping by a unique key: the item's other columns are bare but determined.
        this.features.add("bareColumn");
        keys.push(`${item.alias}.${item.uniqueKey}`);
        groupSql = keys[0];
        groupTerms = [keys[0]];
        for (const c of item.columns) keys.push(`${item.alias}.${c}`);
      } else {
        const n = 1 + this.t.int(2);
        for (let i = 0; i < n; i++) {
          const k = this.t.chance(75) ? null : this.expr(row, 1);
          // A constant (SQLite folds `x'' ISNULL` to an integer) would be read as a result
          // column number: keys always read a column.
          keys.push(k !== null && /\ba\d+\./.test(k) ? k : this.column(scopes) ?? "a0.rowid");
        }
        groupSql = keys.join(", ");
        groupTerms = [...keys];
      }
    }
    const ctx: QCtx = aggregated ? { scopes, mode: "agg", keys } : row;
    if (aggregated) this.features.add("aggregateQuery");
    let distinct = "";
    if (this.t.chance(12)) {
      this.features.add("distinct");
      distinct = "DISTINCT ";
    }
    const items: string[] = [];
    const aliases: (string | null)[] = [];
    const scope = windowScope(hasFrom ? ctx : { scopes, mode: "const", keys: [] }, from.scope, {
      grouped,
      aggregated,
      groupTerms,
    });
    const windows = new WindowWriter(this.t, this.features, (c, d) => this.expr(c, d), scope, {
      prefix: `${this.alias("w")}_`,
      runtimeErrors: top,
      invalid: this.#invalid,
    });
    const windowed = this.t.chance(35);
    if (windowed && !top && (outer.length > 0 || this.#inner > 0)) {
      this.features.add("window:inSubquery");
    }
    let count = 0;
    const want = ncols >= 0 ? ncols : 1 + this.t.int(4);
    while (count < want) {
      if (
        ncols < 0 && !names && !aggregated && from.plain && from.scope.length > 0 &&
        this.t.chance(10)
      ) {
        const item = this.t.pick(from.scope);
        const star = this.t.chance(50);
        this.features.add(star ? "star" : "tableStar");
        const width = star
          ? from.scope.reduce((n, i) => n + i.columns.length, 0)
          : item.columns.length;
        items.push(star ? "*" : `${item.alias}.*`);
        for (let i = 0; i < width; i++) aliases.push(null);
        count += width;
        continue;
      }
      const e = aggregated && count === 0 && (!grouped || this.t.chance(40))
        ? this.aggregate(ctx, 1)
        : windowed && this.t.chance(60)
        ? windows.call()
        : this.expr(ctx, 1 + this.t.int(3));
      const alias = names ? names[count] : this.t.chance(30) ? `r${count}` : null;
      aliases.push(alias);
      items.push(alias === null ? e : `${e} AS ${alias}`);
      count++;
    }
    let sql = `SELECT ${distinct}${items.join(", ")}`;
    if (hasFrom) sql += ` FROM ${from.sql}`;
    if (hasFrom && this.t.chance(55)) {
      this.features.add("where");
      const s = this.t.chance(50) ? this.sargable(scopes) : null;
      const e = windowed && windows.mayFail(3) ? windows.misplaced() : this.expr(row, 2);
      sql += ` WHERE ${s === null ? e : this.t.chance(50) ? s : `${s} AND ${e}`}`;
    }
    if (grouped) sql += ` GROUP BY ${groupSql}`;
    if (grouped && this.t.chance(35)) {
      this.features.add("having");
      const e = windowed && windows.mayFail(5) ? windows.misplaced() : this.expr(ctx, 2);
      sql += ` HAVING ${e}`;
    }
    sql += windows.windowClause();
    return { sql, ncols: count, aliases, windows: scope };
  }

  values(outer: QScope[], n: number): CoreOut {
    this.features.add("values");
    const ctx: QCtx = { scopes: [...outer, []], mode: "const", keys: [] };
    const rows = Array.from({ length: 1 + this.t.int(3) }, () => {
      const cells = Array.from({ length: n }, () => this.expr(ctx, 1));
      return `(${cells.join(", ")})`;
    });
    return {
      sql: `VALUES ${rows.join(", ")}`,
      ncols: n,
      aliases: Array(n).fill(null),
      windows: null,
    };
  }

  /** A FROM clause; `plain` is false when USING/NATURAL merge columns (so `*` is avoided). */
  from(outer: QScope[]): { sql: string; scope: QScope; plain: boolean } {
    const scope: QScope = [];
    let plain = true;
    const size = { rows: 1 };
    let sql = this.fromItem(scope, size);
    const n = this.t.int(3);
    // Joins stay small: subqueries may run once per outer row (1000 x 60 x 30 at worst),
    // and FROM subqueries multiply the join they sit in.
    const cap = outer.length > 1 ? 30 : outer.length > 0 || this.#inner > 0 ? 60 : 1000;
    for (let i = 0; i < n; i++) {
      const before = size.rows;
      const op = this.t.pick([
        ",",
        "JOIN",
        "INNER JOIN",
        "CROSS JOIN",
        "LEFT JOIN",
        "RIGHT JOIN",
        "FULL JOIN",
        "NATURAL JOIN",
        "NATURAL LEFT JOIN",
        "LEFT OUTER JOIN",
      ]);
      const left = [...scope];
      const item = this.fromItem(scope, size);
      if (size.rows > cap && size.rows > before) {
        scope.pop();
        size.rows = before;
        break;
      }
      const right = scope[scope.length - 1];
      const shared = (c: string) => left.filter((l) => l.columns.includes(c)).length;
      if (op.startsWith("NATURAL") && right.columns.some((c) => shared(c) > 1)) {
        // NATURAL over a name two left items share is an error ("ambiguous reference").
        sql += ` CROSS JOIN ${item}`;
        this.features.add("join:cross");
        continue;
      }
      this.features.add(`join:${joinKind(op)}`);
      sql += op === "," ? `, ${item}` : ` ${op} ${item}`;
      if (op.startsWith("NATURAL")) {
        plain = false;
        continue;
      }
      if (op === "," || op === "CROSS JOIN") continue;
      const common = right.columns.filter((c) => shared(c) === 1);
      if (common.length > 0 && this.t.chance(30)) {
        this.features.add("join:using");
        plain = false;
        sql += ` USING (${this.t.pick(common)})`;
      } else if (this.t.chance(90)) {
        this.features.add("join:on");
        const ctx: QCtx = { scopes: [...outer, scope], mode: "row", keys: [] };
        const on = this.t.chance(50) ? this.equiJoin(left, right) : this.expr(ctx, 1);
        sql += ` ON ${on}`;
      }
    }
    this.#largestFrom = Math.max(this.#largestFrom, size.rows);
    return { sql, scope, plain };
  }

  /** `left.x = right.y`: the join shape a planner turns into index lookups. */
  equiJoin(left: QScope, right: QItem): string {
    const l = this.t.pick(left);
    const rc = right.indexed.length > 0 && this.t.chance(60)
      ? this.t.pick(right.indexed)
      : this.t.pick(right.columns);
    return `${l.alias}.${this.t.pick(l.columns)} = ${right.alias}.${rc}`;
  }

  fromItem(scope: QScope, size: { rows: number }): string {
    const alias = this.alias("a");
    if (this.t.chance(10)) {
      this.features.add("fromSubquery");
      const ncols = 1 + this.t.int(3);
      const names = Array.from({ length: ncols }, (_, j) => `k${j}`);
      const saved = this.#largestFrom;
      this.#largestFrom = 3;
      this.#inner++;
      const body = this.body([], ncols, false, names);
      this.#inner--;
      size.rows *= this.#largestFrom;
      this.#largestFrom = Math.max(saved, this.#largestFrom);
      scope.push({ alias, columns: names, rowid: false, indexed: [], uniqueKey: null });
      return `(${body.sql}) AS ${alias}`;
    }
    const pool: Named[] = [...this.#ctes, ...this.sources];
    const src = this.#ctes.length > 0 && this.t.chance(50)
      ? this.t.pick(this.#ctes)
      : this.t.pick(pool);
    size.rows *= Math.max(1, src.rows);
    if (src.name === "v0") this.features.add("view");
    if (this.#ctes.includes(src)) this.features.add("cte:used");
    scope.push({
      alias,
      columns: src.columns,
      rowid: src.rowid,
      indexed: src.indexed,
      uniqueKey: src.uniqueKey,
    });
    return `${src.name} AS ${alias}`;
  }

  /** A scalar, IN or EXISTS subquery seeing `outer`. */
  subSelect(outer: QScope[], kind: SubqueryKind): string {
    if (kind === "scalar") {
      // Aggregate without GROUP BY: exactly one row whatever the data, so no arbitrary pick.
      const from = this.from(outer);
      const scopes = [...outer, from.scope];
      const agg = this.aggregate({ scopes, mode: "agg", keys: [] }, 1);
      const where = this.t.chance(60)
        ? ` WHERE ${this.expr({ scopes, mode: "row", keys: [] }, 1)}`
        : "";
      return `SELECT ${agg} FROM ${from.sql}${where}`;
    }
    const body = this.body(outer, kind === "in" ? 1 : 1 + this.t.int(2), false);
    // LIMIT in EXISTS keeps the answer determined (any row will do).
    if (kind === "exists" && !body.endsWithValues && this.t.chance(30)) {
      return `${body.sql} LIMIT ${this.t.int(2)}`;
    }
    return body.sql;
  }
}

function joinKind(op: string): string {
  if (op === ",") return "comma";
  if (op === "JOIN") return "inner";
  return op.replace(" OUTER", "").replace(" JOIN", "").replace(" ", "-").toLowerCase();
}

/**
 * What window calls of a core may use: its expression context and the ORDER BY terms that
 * order its rows totally (see qdiff_window.ts).
 */
function windowScope(
  ctx: QCtx,
  from: QScope,
  shape: { grouped: boolean; aggregated: boolean; groupTerms: string[] },
): WindowScope {
  if (shape.grouped) {
    const terms = shape.groupTerms;
    return { ctx, totalOrder: terms, uniqueTerm: terms.length === 1 ? terms[0] : null };
  }
  if (shape.aggregated || from.length === 0) return { ctx, totalOrder: [], uniqueTerm: null };
  const totalOrder = from.flatMap((item) =>
    item.uniqueKey !== null ? [`${item.alias}.${item.uniqueKey}`] : item.columns.flatMap((
      c,
    ) => [`${item.alias}.${c} COLLATE BINARY`, `typeof(${item.alias}.${c})`])
  );
  const only = from.length === 1 ? from[0] : null;
  const uniqueTerm = only?.uniqueKey != null ? `${only.alias}.${only.uniqueKey}` : null;
  return { ctx, totalOrder, uniqueTerm };
}
