/**
 * The expression half of the query generator (see query_gen.ts): the random tape, scopes,
 * names and quoting, and every kind of expression. `SelectBuilder` adds statements.
 */
import { keywordKind } from "../../core/sql/token_kinds.ts";
import type { QuerySchema, QuerySource } from "./query_gen.ts";

/** Choices read from fast-check's numbers; 0 is always the simplest choice. */
export class Tape {
  #i = 0;
  constructor(readonly values: readonly number[]) {}
  /** 0..n-1; 0 once the tape is used up. */
  int(n: number): number {
    if (n <= 1) return 0;
    const v = this.#i < this.values.length ? this.values[this.#i++] : 0;
    return v % n;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
  /** True with about `percent`% probability; false on an exhausted tape. */
  chance(percent: number): boolean {
    return this.int(100) >= 100 - percent;
  }
}

/** A FROM item in scope: how to qualify it (null: it has no name) and its columns. */
export interface Bound {
  qualifier: string | null;
  columns: (string | null)[];
  rowid: boolean;
}
export type Scope = Bound[];

export interface ExprContext {
  /** Scopes visible to the expression, innermost last. */
  scopes: Scope[];
  agg: boolean;
  win: boolean;
  windows: string[];
  ctes: QuerySource[];
  /**
   * In an ON clause: how many items of the innermost scope (the whole FROM, which is
   * what ambiguity is judged against) may be referenced, i.e. those left of the ON.
   */
  pickLimit?: number;
}

export interface CoreResult {
  sql: string;
  /** Result column names when known (aliases), else null entries. */
  names: (string | null)[];
  /** Count of result columns, or -1 when a `*` makes it unknown here. */
  count: number;
  /** How many leading result columns are explicit (safe ORDER BY ordinals). */
  ordinals: number;
  /** The scopes the core's expressions see (its FROM innermost). */
  scopes: Scope[];
}

const ALIASES = ["a", "b1", "Total", "x y", "__proto__", "constructor", "COUNT", "select", "é"];
const TYPES = ["INTEGER", "TEXT", "REAL", "BLOB", "NUMERIC", "VARCHAR(10)", "unsigned big int", ""];
const COLLATIONS = ["NOCASE", "BINARY", "RTRIM", "nocase"];
const SCALARS = functionTable(
  "abs/1/1 length/1/1 upper/1/1 LOWER/1/1 coalesce/2/4 ifnull/2/2 nullif/2/2 " +
    "iif/3/3 substr/2/3 typeof/1/1 round/1/2 instr/2/2 replace/3/3 trim/1/2 hex/1/1 " +
    "quote/1/1 max/2/3 min/2/3 random/0/0 printf/1/3 concat_ws/2/4 sign/1/1 " +
    "json_extract/2/2 date/0/2",
);
const AGGREGATES = functionTable(
  "count/1/1 sum/1/1 total/1/1 avg/1/1 min/1/1 max/1/1 group_concat/1/2 " +
    "string_agg/2/2",
);
const WINDOW_FNS = functionTable(
  "row_number/0/0 rank/0/0 dense_rank/0/0 percent_rank/0/0 cume_dist/0/0 ntile/1/1 " +
    "lag/1/3 lead/1/2 first_value/1/1 last_value/1/1 nth_value/2/2",
);
const BINARY_OPS = (
  "+,-,*,/,%,||,=,==,!=,<>,<,<=,>,>=,AND,OR,IS,IS NOT,&,|,<<,>>,->,->>," +
  "IS DISTINCT FROM"
).split(",");
const LITERALS = (
  "1 0 42 's' NULL 3.5 'it''s' x'ABCD' 1e3 .5 0x1F 1_000 TRUE false " +
  "9223372036854775807 CURRENT_DATE current_timestamp ''"
).split(" ");
const PARAMS = ["?", "?2", ":name", "@p", "$v", "?1", ":Name"];

/** `"name/min/max ..."` to `[name, minArgs, maxArgs][]`. */
function functionTable(spec: string): [string, number, number][] {
  return spec.split(" ").map((f) => {
    const [name, min, max] = f.split("/");
    return [name, Number(min), Number(max)];
  });
}

const simpleName = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function needsQuotes(name: string): boolean {
  return !simpleName.test(name) || keywordKind(name.toUpperCase()) !== undefined;
}

export function key(name: string): string {
  return name.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** Double-quotes a name (doubling embedded quotes). */
export function quoteAlways(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Builds expressions; subclasses supply `select` for subqueries. */
export abstract class ExprBuilder {
  readonly features = new Set<string>();
  /** How many subqueries enclose the expression being built (bounds recursion). */
  #nest = 0;
  constructor(protected readonly t: Tape, protected readonly schema: QuerySchema) {}

  /** A SELECT seeing `outer` scopes; `wantNames` asks for named result columns. */
  abstract select(
    depth: number,
    outer: Scope[],
    ctes: QuerySource[],
    wantNames?: boolean,
  ): CoreResult;

  /** Separator between tokens: usually a space, sometimes odd whitespace or a comment. */
  ws(): string {
    const s = this.t.pick([" ", " ", " ", " ", "  ", "\n", "\t", " /* c */ ", " -- c\n"]);
    if (s.includes("-")) this.features.add("comment");
    if (s.includes("/")) this.features.add("comment");
    return s;
  }

  /** A name as it can be written: maybe in another case, maybe quoted in one of 3 ways. */
  ident(name: string): string {
    if (!needsQuotes(name)) {
      const form = this.t.int(6);
      if (form === 1) return this.odd(name.toUpperCase());
      if (form === 2) return this.odd(name.toLowerCase());
      if (form === 3) return this.odd(name.replace(/^./, (c) => c.toUpperCase()));
      if (form === 4) return this.quoted(name);
      return name;
    }
    return this.quoted(name);
  }

  odd(written: string): string {
    this.features.add("oddCase");
    return written;
  }

  quoted(name: string): string {
    this.features.add("quotedName");
    const form = this.t.int(3);
    if (form === 1 && !name.includes("]")) return `[${name}]`;
    if (form === 2 && !name.includes("`")) return `\`${name}\``;
    return quoteAlways(name);
  }

  maybeAlias(): string | null {
    return this.t.chance(35) ? this.t.pick(ALIASES) : null;
  }

  aliasSyntax(alias: string): string {
    const form = this.t.int(4);
    if (form === 1 && !needsQuotes(alias)) {
      this.features.add("alias:bare");
      return ` ${alias}`;
    }
    if (form === 2) {
      this.features.add("alias:string");
      return ` ${this.t.pick(["AS ", ""])}'${alias.replaceAll("'", "''")}'`;
    }
    this.features.add("alias:as");
    if (needsQuotes(alias)) this.features.add("alias:quoted");
    return ` AS${this.ws()}${this.ident(alias)}`;
  }

  ctx(scopes: Scope[], agg: boolean, win: boolean, windows: string[], ctes: QuerySource[]) {
    return { scopes, agg, win, windows, ctes } satisfies ExprContext;
  }

  param(): string {
    this.features.add("parameter");
    return this.t.pick(PARAMS);
  }

  leaf(ctx: ExprContext): string {
    const col = this.t.chance(65) ? this.columnRef(ctx) : null;
    if (col !== null) return col;
    if (this.t.chance(15)) return this.param();
    return this.t.pick(LITERALS);
  }

  /** A column (or rowid) reference that resolves to exactly one column. */
  columnRef(ctx: ExprContext): string | null {
    const { scopes } = ctx;
    if (scopes.length === 0) return null;
    let level = scopes.length - 1;
    if (level > 0 && this.t.chance(15)) level = this.t.int(level);
    const scope = scopes[level];
    const limit = level === scopes.length - 1 ? ctx.pickLimit ?? scope.length : scope.length;
    if (limit === 0) return null;
    const bound = scope[this.t.int(limit)];
    const names = bound.columns.filter((c): c is string => c !== null);
    const real = new Set(names.map(key));
    const pseudo = bound.rowid ? ["rowid", "oid", "_rowid_"].filter((r) => !real.has(r)) : [];
    if (names.length + pseudo.length === 0) return null;
    const usePseudo = pseudo.length > 0 && this.t.chance(10);
    const name = usePseudo ? this.t.pick(pseudo) : this.t.pick(names);
    if (usePseudo) this.features.add("rowid");
    const inner = scopes.slice(level + 1);
    const visibleElsewhere = (s: Scope, self: Bound | null) =>
      s.some((b) => b !== self && hasName(b, name));
    const uniqueUnqualified = !visibleElsewhere(scope, bound) &&
      !inner.some((s) => visibleElsewhere(s, null));
    const qualifierFree = bound.qualifier !== null &&
      scope.filter((b) => b.qualifier !== null && key(b.qualifier) === key(bound.qualifier!))
          .length === 1 &&
      !inner.some((s) => s.some((b) => b.qualifier && key(b.qualifier) === key(bound.qualifier!)));
    if (level < scopes.length - 1) this.features.add("correlated");
    const written = this.ident(name);
    if (qualifierFree && (!uniqueUnqualified || this.t.chance(50))) {
      return `${this.ident(bound.qualifier!)}.${written}`;
    }
    return uniqueUnqualified ? written : null;
  }

  /** An expression; `depth` bounds nesting. */
  expr(ctx: ExprContext, depth: number): string {
    if (depth <= 0) return this.leaf(ctx);
    const d = depth - 1;
    const form = this.t.int(22);
    const sub = () => this.expr(ctx, d);
    const noWin = { ...ctx, agg: false, win: false };
    switch (form) {
      case 0:
      case 1:
      case 2:
        return this.leaf(ctx);
      case 3:
      case 4: {
        this.features.add("arith");
        const op = this.t.pick(BINARY_OPS);
        return `${this.paren(sub())}${this.ws()}${op}${this.ws()}${this.paren(sub())}`;
      }
      case 5:
        return `${this.t.pick(["-", "+", "~", "NOT "])}${this.paren(sub())}`;
      case 6: {
        this.features.add("case");
        const operand = this.t.chance(40) ? ` ${sub()}` : "";
        const otherwise = this.t.chance(50) ? ` ELSE ${sub()}` : "";
        return `CASE${operand} WHEN ${sub()} THEN ${sub()}${otherwise} END`;
      }
      case 7:
        this.features.add("cast");
        return `CAST(${sub()} AS ${this.t.pick(TYPES)})`.replace(" AS )", " AS)");
      case 8:
        this.features.add("collate");
        return `${this.paren(sub())} COLLATE ${this.t.pick(COLLATIONS)}`;
      case 9: {
        this.features.add("inList");
        const list = Array.from({ length: this.t.int(3) + 1 }, sub);
        return `${this.paren(sub())} ${this.t.pick(["IN", "NOT IN"])} (${list.join(", ")})`;
      }
      case 10: {
        const s = this.subquery(ctx, d);
        if (s === null || s.count !== 1) return this.leaf(ctx);
        this.features.add("inSelect");
        return `${this.paren(sub())} IN (${s.sql})`;
      }
      case 11:
        this.features.add("between");
        return `${this.paren(sub())} ${this.t.pick(["BETWEEN", "NOT BETWEEN"])} ${
          this.paren(sub())
        } AND ${this.paren(sub())}`;
      case 12: {
        this.features.add("like");
        const op = this.t.pick(["LIKE", "NOT LIKE", "GLOB", "like"]);
        const esc = op.endsWith("LIKE") && this.t.chance(30) ? " ESCAPE '!'" : "";
        return `${this.paren(sub())} ${op} ${this.paren(sub())}${esc}`;
      }
      case 13:
        this.features.add("nullTest");
        return `${this.paren(sub())} ${
          this.t.pick(["ISNULL", "NOTNULL", "NOT NULL", "IS NULL", "IS NOT NULL"])
        }`;
      case 14:
      case 15:
        return this.call(noWin, SCALARS, d, "function");
      case 16:
        if (!ctx.agg) return this.call(noWin, SCALARS, d, "function");
        return this.aggregate(ctx, d);
      case 17:
        if (!ctx.win) return this.leaf(ctx);
        return this.windowCall(ctx, d);
      case 18: {
        const s = this.subquery(ctx, d);
        if (s === null || s.count !== 1) return this.leaf(ctx);
        this.features.add("scalarSubquery");
        return `(${s.sql})`;
      }
      case 19: {
        const s = this.subquery(ctx, d);
        if (s === null) return this.leaf(ctx);
        this.features.add("exists");
        return `${this.t.pick(["", "NOT "])}EXISTS (${s.sql})`;
      }
      case 20:
        this.features.add("rowValue");
        return `(${sub()}, ${sub()}) ${this.t.pick(["=", "<", "<>"])} (${sub()}, ${sub()})`;
      default:
        return `(${sub()})`;
    }
  }

  /** A simple subquery seeing `ctx`'s scopes, or null when nested too deep. */
  subquery(ctx: ExprContext, d: number): CoreResult | null {
    if (d === 0 || this.#nest >= 2) return null;
    this.#nest++;
    try {
      return this.select(0, ctx.scopes, ctx.ctes);
    } finally {
      this.#nest--;
    }
  }

  paren(e: string): string {
    return /^[\w.'"$:@?]+$/.test(e) ? e : `(${e})`;
  }

  args(ctx: ExprContext, min: number, max: number, d: number): string[] {
    const n = min + this.t.int(max - min + 1);
    return Array.from({ length: n }, () => this.expr(ctx, d));
  }

  call(ctx: ExprContext, fns: [string, number, number][], d: number, feature: string): string {
    this.features.add(feature);
    const [name, min, max] = this.t.pick(fns);
    const args = this.args(ctx, min, max, d);
    const written = this.t.chance(15) ? this.odd(name.toUpperCase()) : name;
    return `${written}(${args.join(`,${this.ws()}`)})`;
  }

  aggregate(ctx: ExprContext, d: number): string {
    this.features.add("aggregate");
    const inner = { ...ctx, agg: false, win: false };
    const [name, min, max] = this.t.pick(AGGREGATES);
    let text: string;
    if (name === "count" && this.t.chance(40)) text = `${this.t.pick(["count", "COUNT"])}(*)`;
    else {
      const distinct = min === 1 && max === 1 && this.t.chance(15) ? "DISTINCT " : "";
      const args = this.args(inner, min, max, d);
      const order = name.endsWith("_concat") && this.t.chance(20)
        ? ` ORDER BY ${this.expr(inner, 0)}`
        : "";
      text = `${name}(${distinct}${args.join(", ")}${order})`;
    }
    if (this.t.chance(30)) {
      this.features.add("filter");
      text += ` FILTER (WHERE ${this.expr(inner, 1)})`;
    }
    if (ctx.win && !text.includes("DISTINCT") && this.t.chance(20)) {
      text += ` OVER ${this.windowSpec(inner, ctx.windows)}`;
      this.features.add("window");
    }
    return text;
  }

  windowCall(ctx: ExprContext, d: number): string {
    this.features.add("window");
    const inner = { ...ctx, agg: false, win: false };
    const [name, min, max] = this.t.pick(WINDOW_FNS);
    const args = this.args(inner, min, max, d);
    return `${name}(${args.join(", ")}) OVER ${this.windowSpec(inner, ctx.windows)}`;
  }

  windowSpec(ctx: ExprContext, windows: string[]): string {
    if (windows.length > 0 && this.t.chance(50)) {
      return this.t.chance(50) ? windows[0] : `(${windows[0]} ORDER BY ${this.expr(ctx, 0)})`;
    }
    const parts: string[] = [];
    if (this.t.chance(50)) parts.push(`PARTITION BY ${this.expr(ctx, 0)}`);
    if (this.t.chance(50)) {
      parts.push(`ORDER BY ${this.expr(ctx, 0)}${this.t.pick(["", " DESC"])}`);
      if (this.t.chance(30)) {
        parts.push(
          this.t.pick([
            "ROWS BETWEEN 1 PRECEDING AND CURRENT ROW",
            "RANGE UNBOUNDED PRECEDING",
            "GROUPS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING EXCLUDE TIES",
          ]),
        );
      }
    }
    return `(${parts.join(" ")})`;
  }
}

export function hasName(b: Bound, name: string): boolean {
  const k = key(name);
  if (b.columns.some((c) => c !== null && key(c) === k)) return true;
  return b.rowid && (k === "rowid" || k === "oid" || k === "_rowid_");
}
