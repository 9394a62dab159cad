/**
 * The expression half of the whole-query generator (see qdiff_query.ts). Like
 * query_gen_expr.ts it reads choices from a {@link Tape} (choice 0 is the simplest, so
 * shrinking the tape shrinks the query), but it only writes what litejit executes and
 * SQLite answers deterministically: no random() or 'now', no math functions (switched
 * off: {@link QDIFF_SWITCHED_OFF}), every column reference qualified so that names always
 * resolve. Date/time and JSON calls come from qdiff_functions.ts, windows from
 * qdiff_window.ts.
 */
import type { Tape } from "./query_gen_expr.ts";
import { VALUE_LITERALS } from "./qdiff_schema.ts";
import {
  dateCall,
  type FnHost,
  jsonAggregate,
  jsonCall,
  jsonTableExpr,
} from "./qdiff_functions.ts";

/** A FROM item in scope: its alias and its columns. */
export interface QItem {
  alias: string;
  columns: string[];
  rowid: boolean;
  /** Columns an index starts with (for sargable predicates). */
  indexed: string[];
  /** A column whose values are unique and non-NULL (or rowid), if any. */
  uniqueKey: string | null;
}

/** Where a subquery sits: `x IN (...)`, `(...)` as a value, or `EXISTS (...)`. */
export type SubqueryKind = "in" | "scalar" | "exists";

/** The items of one FROM clause. */
export type QScope = QItem[];

/** What an expression may use. */
export interface QCtx {
  /** Visible FROM clauses, innermost last. */
  scopes: QScope[];
  /**
   * "row": columns of every scope; "agg": an aggregate query's result (innermost columns
   * only inside aggregates or as group keys); "const": no innermost columns.
   */
  mode: "row" | "agg" | "const";
  /** In "agg" mode: the GROUP BY terms, usable as they are. */
  keys: string[];
}

/** Features switched off in the generator (not yet executed), mapped to their gap case. */
export const QDIFF_SWITCHED_OFF: readonly string[] = [
  "math functions",
  "multi-character ESCAPE",
  "REAL generated columns through a sort",
];

/** Extra literals for expressions (beyond stored values). */
const LITERALS = [...VALUE_LITERALS, "TRUE", "FALSE", "0x10", "-0x1", "1e3", "'%a%'", "'_'"];

const ARITH = ["+", "-", "*", "/", "%"];
const COMPARE = ["=", "==", "!=", "<>", "<", "<=", ">", ">="];
const BITS = ["&", "|", "<<", ">>"];
const TYPES = ["INTEGER", "REAL", "TEXT", "BLOB", "NUMERIC", "INT", "VARCHAR(3)", ""];
const COLLATIONS = ["NOCASE", "BINARY", "RTRIM"];
const FORMATS = ["'%d'", "'%s|%5s'", "'%.3f'", "'%x'", "'%q'", "'%-4d|'", "'%e'", "'%c'"];

/** `name/min/max`: the deterministic scalar functions of core/functions/scalar/registry.ts. */
const SCALARS: [string, number, number][] = (
  "abs/1/1 char/1/3 coalesce/2/3 concat/1/3 concat_ws/2/4 format/1/3 glob/2/2 hex/1/1 " +
  "if/2/3 ifnull/2/2 iif/3/3 instr/2/2 length/1/1 like/2/2 likely/1/1 lower/1/1 ltrim/1/2 " +
  "max/2/3 min/2/3 nullif/2/2 octet_length/1/1 printf/1/3 quote/1/1 replace/3/3 round/1/2 " +
  "rtrim/1/2 sign/1/1 substr/2/3 substring/2/3 trim/1/2 typeof/1/1 unhex/1/2 unicode/1/1 " +
  "unlikely/1/1 upper/1/1 zeroblob/1/1 sqlite_version/0/0 likelihood/2/2"
).split(" ").map((s) => {
  const [name, min, max] = s.split("/");
  return [name, Number(min), Number(max)];
});

/** Names of the scalar functions the generator calls. */
export const QDIFF_SCALARS: readonly string[] = SCALARS.map(([name]) => name);

/** Builds expressions; the subclass supplies subqueries. */
export abstract class QExprBuilder {
  readonly features = new Set<string>();
  #nest = 0;
  #aliases = 0;
  /** The statement's one JSON call that may fail (see qdiff_functions.ts). */
  #jsonFailure = { taken: false };
  constructor(protected readonly t: Tape) {}

  /**
   * A subquery seeing `outer`: one column for IN, exactly one row and column for a scalar
   * subquery, anything for EXISTS.
   */
  abstract subSelect(outer: QScope[], kind: SubqueryKind): string;

  /** A fresh alias, unique in the whole statement (so correlated names never clash). */
  alias(prefix = "s"): string {
    return `${prefix}${this.#aliases++}`;
  }

  /** A literal or a parameter. */
  constant(): string {
    if (this.t.chance(8)) return this.param();
    return this.t.pick(LITERALS);
  }

  param(): string {
    this.features.add("parameter");
    return `?${1 + this.t.int(3)}`;
  }

  /** A qualified column of scope `level` (innermost by default), or null if none. */
  column(scopes: QScope[], level = scopes.length - 1): string | null {
    const scope = scopes[level];
    if (!scope || scope.length === 0) return null;
    const item = this.t.pick(scope);
    if (item.columns.length === 0) return null;
    if (item.rowid && this.t.chance(5)) {
      this.features.add("rowid");
      return `${item.alias}.rowid`;
    }
    return `${item.alias}.${this.t.pick(item.columns)}`;
  }

  leaf(ctx: QCtx): string {
    const { scopes, mode } = ctx;
    if (scopes.length > 1 && this.t.chance(12)) {
      const level = this.t.int(scopes.length - 1);
      const c = this.column(scopes, level);
      if (c !== null) {
        this.features.add("correlated");
        return c;
      }
    }
    if (mode === "agg" && ctx.keys.length > 0 && this.t.chance(50)) return this.t.pick(ctx.keys);
    if (mode === "row" && this.t.chance(65)) {
      const c = this.column(scopes);
      if (c !== null) return c;
    }
    return this.constant();
  }

  /** An expression of nesting at most `depth`. */
  expr(ctx: QCtx, depth: number): string {
    if (depth <= 0) return this.leaf(ctx);
    const d = depth - 1;
    const sub = () => this.expr(ctx, d);
    const p = () => paren(sub());
    switch (this.t.int(27)) {
      case 0:
      case 1:
        return this.leaf(ctx);
      case 2:
        this.features.add("arith");
        return `${p()} ${this.t.pick(ARITH)} ${p()}`;
      case 3:
        this.features.add("concat");
        return `${p()} || ${p()}`;
      case 4:
        this.features.add("compare");
        return `${p()} ${this.t.pick(COMPARE)} ${p()}`;
      case 5:
        this.features.add("logic");
        return this.t.chance(30) ? `NOT ${p()}` : `${p()} ${this.t.pick(["AND", "OR"])} ${p()}`;
      case 6: {
        this.features.add("is");
        const op = this.t.pick(["IS", "IS NOT", "IS DISTINCT FROM", "IS NOT DISTINCT FROM"]);
        if (op.includes("DISTINCT")) this.features.add("isDistinct");
        return `${p()} ${op} ${p()}`;
      }
      case 7:
        this.features.add("between");
        return `${p()} ${this.t.pick(["BETWEEN", "NOT BETWEEN"])} ${p()} AND ${p()}`;
      case 8: {
        this.features.add("inList");
        const list = Array.from({ length: 1 + this.t.int(4) }, sub);
        return `${p()} ${this.t.pick(["IN", "NOT IN"])} (${list.join(", ")})`;
      }
      case 9: {
        const q = this.subquery(ctx, "in");
        if (q === null) return this.leaf(ctx);
        this.features.add("inSelect");
        return `${p()} ${this.t.pick(["IN", "NOT IN"])} (${q})`;
      }
      case 10: {
        const q = this.subquery(ctx, "exists");
        if (q === null) return this.leaf(ctx);
        this.features.add("exists");
        return `${this.t.pick(["", "NOT "])}EXISTS (${q})`;
      }
      case 11: {
        const q = this.subquery(ctx, "scalar");
        if (q === null) return this.leaf(ctx);
        this.features.add("scalarSubquery");
        return `(${q})`;
      }
      case 12: {
        const operand = this.t.chance(40);
        this.features.add(operand ? "caseOperand" : "caseSearched");
        const whens = Array.from(
          { length: 1 + this.t.int(2) },
          () => `WHEN ${sub()} THEN ${sub()}`,
        );
        const otherwise = this.t.chance(50) ? ` ELSE ${sub()}` : "";
        return `CASE${operand ? " " + sub() : ""} ${whens.join(" ")}${otherwise} END`;
      }
      case 13:
        this.features.add("cast");
        return `CAST(${sub()} AS ${this.t.pick(TYPES)})`.replace(" AS )", " AS)");
      case 14: {
        const op = this.t.pick(["LIKE", "NOT LIKE", "GLOB", "NOT GLOB"]);
        this.features.add(op.endsWith("LIKE") ? "like" : "glob");
        let esc = "";
        if (op.endsWith("LIKE") && this.t.chance(30)) {
          this.features.add("escape");
          // Single characters only: see "multi-character ESCAPE" in QDIFF_SWITCHED_OFF.
          esc = ` ESCAPE ${this.t.pick(["'!'", "'!'", "'%'", "'a'", "'!'", "'é'"])}`;
        }
        return `${p()} ${op} ${p()}${esc}`;
      }
      case 15:
        this.features.add("collate");
        return `${p()} COLLATE ${this.t.pick(COLLATIONS)}`;
      case 16:
        this.features.add("nullTest");
        return `${p()} ${this.t.pick(["IS NULL", "IS NOT NULL", "ISNULL", "NOTNULL", "NOT NULL"])}`;
      case 17:
        this.features.add("unary");
        return `${this.t.pick(["-", "+", "~"])}${p()}`;
      case 18:
        this.features.add("bits");
        return `${p()} ${this.t.pick(BITS)} ${p()}`;
      case 19:
      case 20:
        return this.call(ctx, d);
      case 21:
        if (ctx.mode !== "agg") return this.call(ctx, d);
        return this.aggregate(ctx, d);
      case 22:
        this.features.add("overflow");
        return `${p()} ${this.t.pick(["*", "+", "-"])} ${
          this.t.pick(["9223372036854775807", "4611686018427387904", "-9223372036854775808"])
        }`;
      case 23:
        return dateCall(this.host(ctx, d));
      case 24:
        return jsonCall(this.host(ctx, d));
      case 25:
        if (this.t.chance(70)) return jsonCall(this.host(ctx, d));
        return jsonTableExpr(this.host(ctx, d), this.alias("j"));
      default:
        return `(${sub()})`;
    }
  }

  /** What the date/time and JSON generators see of this builder at depth `d`. */
  host(ctx: QCtx, d: number): FnHost {
    return {
      t: this.t,
      features: this.features,
      jsonFailure: this.#jsonFailure,
      expr: () => this.expr(ctx, d),
      column: () => {
        if (ctx.mode === "row") return this.column(ctx.scopes);
        if (ctx.mode === "agg" && ctx.keys.length > 0) return this.t.pick(ctx.keys);
        return null;
      },
    };
  }

  /** A subquery of `kind`, or null when nested too deep. */
  subquery(ctx: QCtx, kind: SubqueryKind): string | null {
    if (this.#nest >= 2) return null;
    this.#nest++;
    try {
      // An aggregate query's own columns are not visible row by row in its subqueries.
      const outer = ctx.mode === "row" ? ctx.scopes : ctx.scopes.slice(0, -1);
      return this.subSelect(outer, kind);
    } finally {
      this.#nest--;
    }
  }

  call(ctx: QCtx, d: number): string {
    this.features.add("function");
    const [name, min, max] = this.t.pick(SCALARS);
    this.features.add(`fn:${name}`);
    const n = min + this.t.int(max - min + 1);
    const args: string[] = [];
    for (let i = 0; i < n; i++) {
      if (i === 1 && name === "likelihood") args.push(this.t.pick(["0.5", "0.0625", "1.0"]));
      else if (i === 0 && (name === "printf" || name === "format") && this.t.chance(70)) {
        args.push(this.t.pick(FORMATS));
      } else args.push(this.expr(ctx, d));
    }
    return `${name}(${args.join(", ")})`;
  }

  /**
   * An aggregate call. Its arguments see the rows of the innermost scope. group_concat
   * always has an ORDER BY: a key that leaves no ties between different texts, or any
   * expression (ties then come in the order SQLite's sorter gives them).
   */
  aggregate(ctx: QCtx, d: number): string {
    this.features.add("aggregate");
    // Arguments see only the aggregating query's own FROM: an aggregate over outer columns
    // only would belong to the outer query (SQLite's rule), a misuse where it is written.
    const inner: QCtx = { scopes: ctx.scopes.slice(-1), mode: "row", keys: [] };
    const arg = () => this.expr(inner, Math.min(d, 1));
    const name = this.t.pick([
      "count",
      "sum",
      "total",
      "avg",
      "min",
      "max",
      "group_concat",
      "json_group",
    ]);
    if (name !== "json_group") this.features.add(`agg:${name}`);
    let text: string;
    if (name === "json_group") {
      text = jsonAggregate(this.host(inner, Math.min(d, 1)), arg);
    } else if (name === "count" && this.t.chance(40)) {
      this.features.add("agg:count(*)");
      text = "count(*)";
    } else if (name === "group_concat") {
      const x = arg();
      const sep = this.t.chance(50) ? `, ${this.t.pick(["'-'", "''", "' | '"])}` : "";
      if (sep) this.features.add("agg:separator");
      const dir = this.t.pick(["", " DESC"]);
      if (this.t.chance(30)) {
        // An ORDER BY with ties: SQLite's order among them is its sorter's (arrival order).
        this.features.add("agg:orderByTies");
        text = `group_concat(${x}${sep} ORDER BY ${arg()}${dir})`;
      } else {
        text = `group_concat(${x}${sep} ORDER BY ${
          paren(x)
        } COLLATE BINARY${dir}, typeof(${x})${dir})`;
      }
    } else {
      const distinct = name !== "count" || this.t.chance(50)
        ? (this.t.chance(15) ? "DISTINCT " : "")
        : "";
      if (distinct) this.features.add("agg:distinct");
      text = `${name}(${distinct}${arg()})`;
    }
    if (this.t.chance(20)) {
      this.features.add("agg:filter");
      text += ` FILTER (WHERE ${this.expr(inner, 1)})`;
    }
    return text;
  }

  /**
   * A predicate a planner can answer with an index: equality, a range, IN or IS on an
   * indexed column, against values of every storage class (so `intcol = '5'` occurs).
   */
  sargable(scopes: QScope[]): string | null {
    const scope = scopes[scopes.length - 1];
    const items = scope.filter((i) => i.indexed.length > 0 || i.rowid);
    if (items.length === 0) return null;
    const item = this.t.pick(items);
    const useRowid = item.rowid && (item.indexed.length === 0 || this.t.chance(20));
    const col = useRowid ? "rowid" : this.t.pick(item.indexed);
    const c = `${item.alias}.${col}`;
    const v = () => this.t.chance(15) ? this.param() : this.t.pick(LITERALS);
    this.features.add("sargable");
    switch (this.t.int(5)) {
      case 0:
        return `${c} = ${v()}`;
      case 1:
        return `${c} ${this.t.pick(["<", "<=", ">", ">="])} ${v()}`;
      case 2:
        return `${c} BETWEEN ${v()} AND ${v()}`;
      case 3:
        return `${c} IN (${v()}, ${v()}${this.t.chance(50) ? ", " + v() : ""})`;
      default:
        return `${c} ${this.t.pick(["IS", "IS NOT", "IS NULL AND 1 ="])} ${v()}`;
    }
  }
}

/** Parenthesizes unless `e` is a single token. */
export function paren(e: string): string {
  return /^[\w.'$?]+$/.test(e) ? e : `(${e})`;
}
