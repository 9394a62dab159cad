/**
 * The statement half of the query generator (see query_gen.ts): WITH, compound selects,
 * cores, VALUES, FROM clauses with every join form, ORDER BY and LIMIT.
 */
import type { QuerySource } from "./query_gen.ts";
import {
  type CoreResult,
  ExprBuilder,
  type ExprContext,
  key,
  needsQuotes,
  type Scope,
} from "./query_gen_expr.ts";

/** Turns a tape into a SELECT statement, tracking scopes so that names resolve. */
export class SelectBuilder extends ExprBuilder {
  statement(): string {
    const lead = this.t.pick(["", "", " ", "\n", "/* lead */ "]);
    const tail = this.t.pick(["", "", ";", " ;", "; -- end"]);
    return lead + this.select(2, [], []).sql + tail;
  }

  select(depth: number, outer: Scope[], ctes: QuerySource[], wantNames = false): CoreResult {
    let withSql = "";
    let visible = ctes;
    if (depth > 0 && this.t.chance(15)) {
      const w = this.withClause(depth - 1, outer, ctes);
      withSql = w.sql + this.ws();
      visible = w.ctes;
    }
    const first = this.core(depth, outer, visible, wantNames, -1);
    let sql = first.sql;
    let result = first;
    const compounds = first.count > 0 && depth > 0 && this.t.chance(20) ? 1 + this.t.int(2) : 0;
    for (let i = 0; i < compounds; i++) {
      this.features.add("compound");
      const op = this.t.pick(["UNION", "UNION ALL", "INTERSECT", "EXCEPT", "union all"]);
      const next = this.core(depth - 1, outer, visible, false, first.count);
      sql += this.ws() + op + this.ws() + next.sql;
      result = { ...first, ordinals: first.count };
    }
    // A lone VALUES takes no ORDER BY or LIMIT (a syntax error in SQLite).
    const loneValues = compounds === 0 && sql.startsWith("VALUES");
    if (!loneValues && this.t.chance(25)) {
      sql += this.ws() + this.orderBy(result, compounds > 0, visible);
    }
    if (!loneValues && this.t.chance(15)) {
      this.features.add("limit");
      let n = this.t.pick(["10", "1", "?", "0"]);
      if (n === "?") n = this.param();
      sql += `${this.ws()}LIMIT ${n}`;
      const off = this.t.int(3);
      if (off === 1) sql += `${this.ws()}OFFSET 2`;
      if (off === 2) sql = sql.replace(/LIMIT (\S+)$/, "LIMIT 1, $1");
      if (off > 0) this.features.add("offset");
    }
    return { ...result, sql: withSql + sql };
  }

  withClause(
    depth: number,
    outer: Scope[],
    ctes: QuerySource[],
  ): { sql: string; ctes: QuerySource[] } {
    this.features.add("cte");
    const visible = [...ctes];
    const parts: string[] = [];
    let recursive = false;
    const n = 1 + this.t.int(2);
    for (let i = 0; i < n; i++) {
      const name = this.t.pick(["c", "Cte", "users", "recent"]) + i;
      const materialized = this.t.pick(["", "", "MATERIALIZED ", "NOT MATERIALIZED "]);
      if (this.t.chance(20)) {
        recursive = true;
        this.features.add("recursive");
        const col = this.t.pick(["n", "N", "x"]);
        parts.push(
          `${name}(${col}) AS (SELECT 1 UNION ALL SELECT ${col} + 1 FROM ${name} WHERE ${col} < 3)`,
        );
        visible.push({ name, columns: [col], rowid: false });
        continue;
      }
      const body = this.select(depth, outer, visible, true);
      if (this.t.chance(40)) {
        this.features.add("cteColumns");
        const cols = body.names.map((_, j) => `k${j}`);
        parts.push(`${name}(${cols.join(", ")}) AS ${materialized}(${body.sql})`);
        visible.push({ name, columns: cols, rowid: false });
      } else {
        parts.push(`${name} AS ${materialized}(${body.sql})`);
        visible.push({ name, columns: body.names, rowid: false });
      }
    }
    const kw = recursive ? "WITH RECURSIVE" : this.t.pick(["WITH", "with", "WITH RECURSIVE"]);
    return { sql: `${kw} ${parts.join("," + this.ws())}`, ctes: visible };
  }

  /** One SELECT or VALUES core; `count` >= 0 forces that many result columns. */
  core(
    depth: number,
    outer: Scope[],
    ctes: QuerySource[],
    wantNames: boolean,
    count: number,
  ): CoreResult {
    if (this.t.chance(8)) return this.values(count < 0 ? 1 + this.t.int(3) : count, wantNames);
    const from = this.t.chance(85) ? this.from(depth, outer, ctes) : null;
    const scope = from?.scope ?? [];
    const scopes = [...outer, scope];
    const windows: string[] = [];
    let windowSql = "";
    if (from && this.t.chance(8)) {
      this.features.add("namedWindow");
      windows.push("w");
      const e = this.expr(this.ctx(scopes, false, false, [], ctes), 1);
      windowSql = `${this.ws()}WINDOW w AS (PARTITION BY ${e})`;
    }
    const distinct = this.t.pick(["", "", "", "DISTINCT ", "ALL ", "distinct "]);
    if (distinct.toUpperCase() === "DISTINCT ") this.features.add("distinct");
    const items: string[] = [];
    const names: (string | null)[] = [];
    let ordinals = -1;
    const n = count >= 0 ? count : 1 + this.t.int(4);
    const ectx = this.ctx(scopes, true, true, windows, ctes);
    for (let i = 0; i < n; i++) {
      if (count < 0 && !wantNames && scope.length > 0 && this.t.chance(15)) {
        if (ordinals < 0) ordinals = i;
        const named = scope.filter((b) => b.qualifier !== null);
        if (named.length > 0 && this.t.chance(50)) {
          this.features.add("tableStar");
          items.push(`${this.ident(this.t.pick(named).qualifier!)}.*`);
        } else {
          this.features.add("star");
          items.push("*");
        }
        continue;
      }
      const e = this.expr(ectx, depth + 1);
      const alias = wantNames ? `r${i}` : this.maybeAlias();
      names.push(alias);
      items.push(alias === null ? e : `${e}${this.aliasSyntax(alias)}`);
    }
    let sql = `SELECT ${distinct}${items.join("," + this.ws())}`;
    if (from) sql += `${this.ws()}FROM ${from.sql}`;
    const plain = this.ctx(scopes, false, false, [], ctes);
    if (from && this.t.chance(35)) {
      this.features.add("where");
      sql += `${this.ws()}WHERE ${this.expr(plain, 2)}`;
    }
    if (from && this.t.chance(25)) {
      this.features.add("groupBy");
      const keys = [this.expr(plain, 0)];
      if (this.t.chance(30)) keys.push(this.expr(plain, 1));
      sql += `${this.ws()}GROUP BY ${keys.join(", ")}`;
      if (this.t.chance(50)) {
        this.features.add("having");
        sql += `${this.ws()}HAVING ${this.expr(this.ctx(scopes, true, false, [], ctes), 1)}`;
      }
    }
    sql += windowSql;
    const known = ordinals < 0;
    return {
      sql,
      scopes,
      names: known ? names : [],
      count: known ? n : -1,
      ordinals: known ? n : ordinals,
    };
  }

  values(n: number, wantNames: boolean): CoreResult {
    this.features.add("values");
    const rows: string[] = [];
    const nrows = 1 + this.t.int(3);
    const ctx = this.ctx([], false, false, [], []);
    for (let r = 0; r < nrows; r++) {
      const cells: string[] = [];
      for (let i = 0; i < n; i++) cells.push(this.expr(ctx, 1));
      rows.push(`(${cells.join(", ")})`);
    }
    const names = Array.from({ length: n }, (_, i) => wantNames ? `column${i + 1}` : null);
    const sql = `VALUES ${rows.join("," + this.ws())}`;
    return { sql, names, count: n, ordinals: n, scopes: [] };
  }

  orderBy(result: CoreResult, compound: boolean, ctes: QuerySource[]): string {
    this.features.add("orderBy");
    const terms: string[] = [];
    const n = 1 + this.t.int(2);
    for (let i = 0; i < n; i++) {
      let term: string;
      const named = result.names.filter((x): x is string => x !== null);
      if ((compound || this.t.chance(50)) && result.ordinals > 0) {
        term = String(1 + this.t.int(result.ordinals));
      } else if (named.length > 0 && this.t.chance(30)) {
        term = this.ident(this.t.pick(named));
      } else if (compound) {
        term = "1";
      } else {
        term = this.expr(this.ctx(result.scopes, false, false, [], ctes), 1);
      }
      if (compound && result.ordinals <= 0) return "";
      terms.push(term + this.t.pick(["", " DESC", " ASC", " NULLS LAST", " DESC NULLS FIRST"]));
    }
    return `ORDER BY ${terms.join(", ")}`;
  }

  /**
   * A FROM clause. ON constraints are written after all items exist: SQLite judges
   * ambiguity against the whole FROM clause, but an ON may only use items to its left.
   */
  from(depth: number, outer: Scope[], ctes: QuerySource[]): { sql: string; scope: Scope } {
    const scope: Scope = [];
    const used = new Set<string>();
    const pending: ((scope: Scope) => string)[] = [];
    let sql = this.fromItem(depth, outer, ctes, scope, used, pending);
    const n = this.t.int(3);
    for (let i = 0; i < n; i++) {
      const before = scope.length;
      const op = this.t.pick([
        ",",
        "JOIN",
        "INNER JOIN",
        "CROSS JOIN",
        "LEFT JOIN",
        "LEFT OUTER JOIN",
        "RIGHT JOIN",
        "FULL OUTER JOIN",
        "NATURAL JOIN",
        "NATURAL LEFT JOIN",
        "join",
      ]);
      this.features.add(joinFeature(op));
      const item = this.fromItem(depth, outer, ctes, scope, used, pending);
      sql += op === "," ? `,${this.ws()}${item}` : `${this.ws()}${op} ${item}`;
      if (op === "," || op.startsWith("NATURAL")) continue;
      const common = usingCandidates(scope.slice(0, before), scope.slice(before));
      const form = this.t.int(3);
      if (form === 1 && common.length > 0) {
        this.features.add("join:using");
        sql += ` USING (${this.ident(this.t.pick(common))})`;
      } else if (form !== 0 || this.t.chance(50)) {
        const limit = scope.length;
        sql += ` ON ${this.placeholder(pending, (all) => this.onExpr(outer, all, limit, ctes))}`;
      }
    }
    sql = sql.replace(/\uE000(\d+)\uE000/g, (_, k) => pending[Number(k)](scope));
    return { sql, scope };
  }

  placeholder(pending: ((scope: Scope) => string)[], make: (scope: Scope) => string): string {
    pending.push(make);
    return `\uE000${pending.length - 1}\uE000`;
  }

  onExpr(outer: Scope[], all: Scope, limit: number, ctes: QuerySource[]): string {
    this.features.add("join:on");
    const ctx: ExprContext = {
      ...this.ctx([...outer, all], false, false, [], ctes),
      pickLimit: limit,
    };
    return this.expr(ctx, 1);
  }

  fromItem(
    depth: number,
    outer: Scope[],
    ctes: QuerySource[],
    scope: Scope,
    used: Set<string>,
    pending: ((scope: Scope) => string)[],
  ): string {
    const kind = depth > 0 ? this.t.int(10) : 0;
    if (kind === 7) {
      this.features.add("fromSubquery");
      const sub = this.select(depth - 1, outer, ctes, true);
      const alias = this.freshAlias(used, "sq");
      const written = this.t.chance(20) ? "" : ` AS ${this.ident(alias)}`;
      scope.push({ qualifier: written ? alias : null, columns: sub.names, rowid: false });
      return `(${sub.sql})${written}`;
    }
    if (kind === 8) {
      this.features.add("tableFunction");
      const alias = this.freshAlias(used, "tf");
      if (this.t.chance(50)) {
        const cols = ["key", "value", "type", "atom", "id", "parent", "fullkey", "path"];
        scope.push({ qualifier: alias, columns: cols, rowid: false });
        return `json_each('[1,"a",null]') AS ${alias}`;
      }
      const table = this.t.pick(this.schema.sources).name.replaceAll("'", "''");
      const cols = ["cid", "name", "type", "notnull", "dflt_value", "pk"];
      scope.push({ qualifier: alias, columns: cols, rowid: false });
      return `pragma_table_info('${table}') ${alias}`;
    }
    if (kind === 9 && scope.length === 0) {
      this.features.add("join:paren");
      const a = this.fromItem(0, outer, ctes, scope, used, pending);
      const b = this.fromItem(0, outer, ctes, scope, used, pending);
      const on = this.placeholder(pending, (all) => this.onExpr(outer, all, 2, ctes));
      return `(${a} JOIN ${b} ON ${on})`;
    }
    const pool = [...ctes, ...this.schema.sources];
    const source = ctes.length > 0 && this.t.chance(50) ? this.t.pick(ctes) : this.t.pick(pool);
    if (ctes.includes(source)) this.features.add("cte");
    else if (!source.rowid) this.features.add("view");
    const taken = used.has(key(source.name));
    let alias: string | null = null;
    if (taken || this.t.chance(40)) alias = this.freshAlias(used, "t");
    else used.add(key(source.name));
    scope.push({ qualifier: alias ?? source.name, columns: source.columns, rowid: source.rowid });
    const name = this.ident(source.name);
    if (alias === null) return name;
    return name + this.aliasSyntax(alias);
  }

  freshAlias(used: Set<string>, prefix: string): string {
    let i = used.size;
    let alias = `${prefix}${i}`;
    while (used.has(key(alias))) alias = `${prefix}${++i}`;
    used.add(key(alias));
    return alias;
  }
}

function joinFeature(op: string): string {
  const o = op.toUpperCase();
  if (o === ",") return "join:comma";
  if (o.startsWith("NATURAL")) return "join:natural";
  if (o.startsWith("CROSS")) return "join:cross";
  if (o.startsWith("LEFT")) return "join:left";
  if (o.startsWith("RIGHT")) return "join:right";
  if (o.startsWith("FULL")) return "join:full";
  return "join:inner";
}

/** Column names that occur in exactly one left item and in the right item(s). */
function usingCandidates(left: Scope, right: Scope): string[] {
  const out: string[] = [];
  for (const b of right) {
    for (const c of b.columns) {
      if (c === null || needsQuotes(c)) continue;
      const inLeft = left.filter((l) => l.columns.some((x) => x !== null && key(x) === key(c)));
      if (inLeft.length === 1) out.push(c);
    }
  }
  return out;
}
