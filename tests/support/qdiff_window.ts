/**
 * Window calls for the whole-query generator (qdiff_query.ts): every window function and
 * the aggregates with OVER, PARTITION BY, ORDER BY (ASC/DESC, NULLS FIRST/LAST), ROWS /
 * RANGE / GROUPS frames with every bound in BETWEEN and short form, EXCLUDE, FILTER and
 * named windows (`WINDOW w AS (...)`, `OVER w`, `OVER (w ORDER BY ... frame)`), plus a few
 * statements SQLite refuses (bad frame offsets, RANGE offsets over several ORDER BY terms,
 * overriding a named window, DISTINCT or FILTER where they are not allowed).
 *
 * Determinism rules (kept from when the comparison tolerated row order among peers; the
 * exact comparison now also checks SQLite's order among them where it shows):
 * - A call is "order-sensitive" when its value depends on where a row sits among its
 *   peers: row_number, ntile, lag, lead, first_value, last_value, nth_value,
 *   group_concat, sum, total and avg always (REAL sums depend on the order rows are added
 *   and removed: with 1e300 and -1e300 in a frame no tolerance covers that), count, min
 *   and max over a ROWS frame. Such a call's ORDER BY ends with terms that order the rows
 *   totally ({@link WindowScope.totalOrder}): the unique key of every FROM item, or for an
 *   item without one all its columns as `col COLLATE BINARY, typeof(col)` (rows equal in
 *   all those are interchangeable: every expression gives the same values on them, so
 *   the result is the same multiset); over an aggregate query, the GROUP BY terms (groups
 *   are distinct under them). litejit replays SQLite's step/inverse sequence, so sums
 *   agree to the last bit.
 * - A RANGE frame with an offset allows one ORDER BY term only: an order-sensitive call
 *   gets it only when one term alone is unique (a single FROM item's key, a single GROUP
 *   BY term), otherwise its frame is drawn again as ROWS or GROUPS.
 * - Order-insensitive calls (rank, dense_rank, percent_rank, cume_dist; count, min, max
 *   over RANGE/GROUPS frames or the default frame) take any ORDER BY: their frame is a
 *   set of rows determined per row. min/max keep the first of equal values (1 or 1.0).
 * - Values SQLite refuses only when a window runs (frame offsets, ntile and nth_value
 *   arguments) occur at most once per statement and only in its first top-level core.
 */
import type { QCtx } from "./qdiff_expr.ts";
import type { Tape } from "./query_gen_expr.ts";

/** What window calls of one SELECT core may use. */
export interface WindowScope {
  /** The context of arguments, PARTITION BY and ORDER BY terms (row or aggregate mode). */
  ctx: QCtx;
  /** ORDER BY terms that order the core's rows totally (empty: at most one row). */
  totalOrder: string[];
  /** One term that alone orders the rows totally, if any (for RANGE with offsets). */
  uniqueTerm: string | null;
}

/** Every feature window generation can report. */
export const WINDOW_FEATURES: readonly string[] = (
  "window window:partition window:orderBy window:orderBy:desc window:orderBy:nulls " +
  "window:frame:rows window:frame:range window:frame:groups window:frame:short " +
  "window:frame:between window:frame:expr window:bound:unboundedPreceding window:bound:preceding " +
  "window:bound:currentRow window:bound:following window:bound:unboundedFollowing " +
  "window:exclude:noOthers window:exclude:currentRow window:exclude:group " +
  "window:exclude:ties window:filter window:named window:named:inherit window:named:chain window:inSubquery " +
  "window:aggregateQuery window:orderByTerm window:expr " +
  "window:fn:row_number window:fn:rank window:fn:dense_rank window:fn:percent_rank " +
  "window:fn:cume_dist window:fn:ntile window:fn:lag window:fn:lead window:fn:first_value " +
  "window:fn:last_value window:fn:nth_value window:fn:count window:fn:count(*) " +
  "window:fn:sum window:fn:total window:fn:avg window:fn:min window:fn:max " +
  "window:fn:group_concat"
).split(" ");

/** Functions whose value never depends on the order among peers. */
const PEER_BLIND = new Set(["rank", "dense_rank", "percent_rank", "cume_dist"]);
/** Aggregates that are order-insensitive over a set of rows. */
const SET_AGGREGATES = new Set(["count", "count(*)", "min", "max"]);
/** Aggregates whose REAL results depend on the order rows are added in. */
const SUMS = new Set(["sum", "total", "avg"]);
const FUNCTIONS = [
  "row_number",
  "rank",
  "dense_rank",
  "percent_rank",
  "cume_dist",
  "ntile",
  "lag",
  "lead",
  "first_value",
  "last_value",
  "nth_value",
  "count",
  "count(*)",
  "sum",
  "total",
  "avg",
  "min",
  "max",
  "group_concat",
];

type Unit = "ROWS" | "RANGE" | "GROUPS";
type BoundKind =
  | "UNBOUNDED PRECEDING"
  | "PRECEDING"
  | "CURRENT ROW"
  | "FOLLOWING"
  | "UNBOUNDED FOLLOWING";
const BOUNDS: BoundKind[] = [
  "UNBOUNDED PRECEDING",
  "PRECEDING",
  "CURRENT ROW",
  "FOLLOWING",
  "UNBOUNDED FOLLOWING",
];

interface Frame {
  unit: Unit;
  /** The frame text after the unit (bounds and EXCLUDE). */
  rest: string;
  /** Whether a bound has an offset (RANGE then needs exactly one ORDER BY term). */
  offsets: boolean;
}

/** A window definition as parts, so that named windows can hold a prefix of it. */
interface Spec {
  partition: string[];
  order: string[];
  frame: Frame | null;
}

/** A `WINDOW name AS (...)` definition of the core being generated. */
interface Named {
  name: string;
  spec: Spec;
  /** How many parts it defines: 1 partition, 2 partition + order, 3 all. */
  depth: 1 | 2 | 3;
  /** An earlier named window it builds on (`w1 AS (w0 ORDER BY ...)`), holding a prefix. */
  base: Named | null;
}

/** Writes window calls for one SELECT core; the core appends {@link windowClause}. */
export class WindowWriter {
  #named: Named[] = [];
  constructor(
    private readonly t: Tape,
    private readonly features: Set<string>,
    private readonly expr: (ctx: QCtx, depth: number) => string,
    private readonly scope: WindowScope,
    private readonly options: {
      /** Prefix of WINDOW names (unique in the statement). */
      prefix: string;
      /** Whether calls may use named windows (false where no WINDOW clause follows). */
      named?: boolean;
      /**
       * Whether values SQLite refuses only when the window runs (frame offsets, ntile and
       * nth_value arguments) may occur: not where the core may not run (SQLite skips the
       * right side of EXCEPT when the left one is empty).
       */
      runtimeErrors: boolean;
      /**
       * How many invalid constructs the statement may still get, shared by its writers:
       * one, since SQLite and litejit may check two in different orders (see the report).
       */
      invalid: { left: number };
    },
  ) {}

  /** The WINDOW clause (with a leading space), or "" when no call used a named window. */
  windowClause(): string {
    if (this.#named.length === 0) return "";
    const defs = this.#named.map((n) => {
      if (n.base === null) return `${n.name} AS (${specText(n.spec, n.depth)})`;
      const rest = partsText(n.spec, n.base.depth, n.depth);
      return `${n.name} AS (${n.base.name}${rest === "" ? "" : " " + rest})`;
    });
    return ` WINDOW ${defs.join(", ")}`;
  }

  /** A window call, sometimes inside a small expression. */
  call(): string {
    this.features.add("window");
    if (this.scope.ctx.mode === "agg") this.features.add("window:aggregateQuery");
    const text = this.#call(this.options.named ?? true);
    if (!this.t.chance(15)) return text;
    this.features.add("window:expr");
    return this.t.pick([`coalesce(${text}, -1)`, `${text} IS NULL`, `typeof(${text})`]);
  }

  /** A window call in a place SQLite refuses (WHERE, HAVING, GROUP BY, a window argument). */
  misplaced(): string {
    this.features.add("window:invalid");
    return this.t.pick(["row_number() OVER ()", "count(*) OVER ()", "rank() OVER (ORDER BY 1)"]);
  }

  #call(named: boolean): string {
    const fn = this.t.pick(FUNCTIONS);
    this.features.add(`window:fn:${fn}`);
    const frame = this.t.chance(55) ? this.#frame() : null;
    const orderSensitive = !PEER_BLIND.has(fn) &&
      !(SET_AGGREGATES.has(fn) && (frame === null || frame.unit !== "ROWS"));
    const spec: Spec = { partition: this.#partition(), order: this.#order(), frame };
    const bases = this.#named.filter((w) => w.depth === 1);
    const chained = named && bases.length > 0 && this.t.chance(80);
    if (chained) {
      // The partition of an earlier named window, to build a named window on it.
      spec.partition = this.t.pick(bases).spec.partition;
    }
    if (frame?.unit === "RANGE" && frame.offsets && !this.mayFail(3)) {
      // Exactly one ORDER BY term, or SQLite refuses the statement.
      spec.order = spec.order.slice(0, 1);
      if (spec.order.length === 0) spec.order = [this.#orderTerm()];
    }
    if (orderSensitive) this.#makeTotal(spec);
    const fnText = this.#functionText(fn);
    return `${fnText} OVER ${named ? this.#over(spec, chained) : `(${specText(spec, 3)})`}`;
  }

  /** Makes `spec`'s ORDER BY total within each partition. */
  #makeTotal(spec: Spec): void {
    const { totalOrder, uniqueTerm } = this.scope;
    if (totalOrder.length === 0) return;
    if (spec.frame?.unit === "RANGE" && spec.frame.offsets) {
      if (uniqueTerm !== null) {
        spec.order = [uniqueTerm + this.#direction()];
        return;
      }
      // A RANGE offset may be fractional: draw a ROWS or GROUPS frame instead.
      spec.frame = this.#frame(this.t.pick<Unit>(["ROWS", "GROUPS"]));
    }
    spec.order = [...spec.order, ...totalOrder.map((k) => k + this.#direction())];
  }

  #functionText(fn: string): string {
    const arg = () => this.expr(this.scope.ctx, this.t.int(2));
    const small = (valid: string[], invalid: string[]) =>
      this.#runtimeError() ? this.#invalid(invalid) : this.t.pick(valid);
    let text: string;
    switch (fn) {
      case "ntile":
        text = `ntile(${small(["1", "2", "3", "4", "7"], ["0", "-1", "NULL", "'x'"])})`;
        break;
      case "lag":
      case "lead": {
        const args = [arg()];
        if (this.t.chance(60)) {
          args.push(small(["1", "2", "0", "-1", "3"], ["NULL", "'1'", "1.5"]));
          if (this.t.chance(50)) args.push(this.expr(this.scope.ctx, 0));
        }
        text = `${fn}(${args.join(", ")})`;
        break;
      }
      case "nth_value":
        text = `nth_value(${arg()}, ${small(["1", "2", "3"], ["0", "-1", "NULL", "1.5"])})`;
        break;
      case "first_value":
      case "last_value":
        text = `${fn}(${arg()})`;
        break;
      case "count(*)":
        text = "count(*)";
        break;
      case "group_concat":
        text = this.t.chance(50) ? `group_concat(${arg()})` : `group_concat(${arg()}, '.')`;
        break;
      case "count":
      case "sum":
      case "total":
      case "avg":
      case "min":
      case "max":
        text = this.mayFail(2) ? `${fn}(DISTINCT ${this.#invalid([arg()])})` : `${fn}(${arg()})`;
        break;
      default:
        text = `${fn}()`;
    }
    const aggregate = SET_AGGREGATES.has(fn) || SUMS.has(fn) || fn === "group_concat";
    if (aggregate ? this.t.chance(20) : this.mayFail(2)) {
      if (!aggregate) this.features.add("window:invalid");
      this.features.add("window:filter");
      text += ` FILTER (WHERE ${this.expr(this.scope.ctx, 1)})`;
    }
    return text;
  }

  /** Whether to write a value SQLite refuses when the window runs (`percent` of the time). */
  #runtimeError(percent = 4): boolean {
    return this.options.runtimeErrors && this.mayFail(percent);
  }

  /** Whether to write an invalid construct (`percent` of the time, once per statement). */
  mayFail(percent: number): boolean {
    const budget = this.options.invalid;
    if (budget.left <= 0 || !this.t.chance(percent)) return false;
    budget.left--;
    return true;
  }

  /** One of `choices`, noting that the statement is meant to fail. */
  #invalid<T>(choices: readonly T[]): T {
    this.features.add("window:invalid");
    return this.t.pick(choices);
  }

  #partition(): string[] {
    if (this.t.chance(45)) return [];
    this.features.add("window:partition");
    return Array.from({ length: 1 + this.t.int(2) }, () => this.expr(this.scope.ctx, 0));
  }

  #order(): string[] {
    if (this.t.chance(30)) return [];
    return Array.from({ length: 1 + this.t.int(2) }, () => this.#orderTerm());
  }

  #orderTerm(): string {
    const e = this.expr(this.scope.ctx, this.t.int(2));
    return (/^\d+$/.test(e) ? `${e} + 0` : e) + this.#direction();
  }

  #direction(): string {
    this.features.add("window:orderBy");
    let d = this.t.pick(["", " ASC", " DESC"]);
    if (d === " DESC") this.features.add("window:orderBy:desc");
    if (this.t.chance(20)) {
      this.features.add("window:orderBy:nulls");
      d += this.t.pick([" NULLS FIRST", " NULLS LAST"]);
    }
    return d;
  }

  #frame(unit = this.t.pick<Unit>(["ROWS", "RANGE", "GROUPS"])): Frame {
    this.features.add(`window:frame:${unit.toLowerCase()}`);
    let offsets = false;
    const bound = (k: BoundKind) => {
      this.features.add(`window:bound:${boundFeature(k)}`);
      if (k !== "PRECEDING" && k !== "FOLLOWING") return k;
      offsets = true;
      return `${this.#offset(unit)} ${k}`;
    };
    let rest: string;
    if (this.t.chance(25)) {
      this.features.add("window:frame:short");
      // The short form's bound is the start; FOLLOWING there is refused.
      const k = this.mayFail(4)
        ? this.#invalid<BoundKind>(["FOLLOWING", "UNBOUNDED FOLLOWING"])
        : this.t.pick<BoundKind>(["UNBOUNDED PRECEDING", "PRECEDING", "CURRENT ROW"]);
      rest = bound(k);
    } else {
      this.features.add("window:frame:between");
      let s = this.t.int(4);
      let e = 1 + this.t.int(4);
      if (e < s && !this.mayFail(5)) [s, e] = [e, s];
      if (e < s || (s === e && (s === 0 || s === 4))) this.features.add("window:invalid");
      rest = `BETWEEN ${bound(BOUNDS[s])} AND ${bound(BOUNDS[e])}`;
    }
    if (this.t.chance(30)) {
      const x = this.t.pick(["NO OTHERS", "CURRENT ROW", "GROUP", "TIES"]);
      this.features.add(`window:exclude:${excludeFeature(x)}`);
      rest += ` EXCLUDE ${x}`;
    }
    return { unit, rest, offsets };
  }

  #offset(unit: Unit): string {
    if (this.#runtimeError()) {
      return this.#invalid(["-1", "NULL", "'a'", unit === "RANGE" ? "x'01'" : "1.5"]);
    }
    if (this.t.chance(8)) {
      // A constant expression (or a parameter, mostly of a value SQLite refuses).
      this.features.add("window:frame:expr");
      if (this.t.chance(30) && this.#runtimeError(100)) return `?${1 + this.t.int(3)}`;
      // A function call is never constant here: SQLite reads `abs(2)` as NULL (an error).
      return this.t.pick(["1 + 1", "(0)", "CAST('2' AS INTEGER)", "+1"].concat(
        this.#runtimeError(30) ? ["abs(2)"] : [],
      ));
    }
    if (unit === "RANGE") return this.t.pick(["1", "2", "0", "0.5", "10", "1.5", "'2'"]);
    return this.t.pick(["1", "2", "0", "3", "1", "'2'"]);
  }

  /**
   * `(spec)` inline, or through a named window holding a prefix of it; `chained`: the spec
   * took an earlier named window's partition, so a new named window builds on it.
   */
  #over(spec: Spec, chained: boolean): string {
    if (!chained && !this.t.chance(25)) return `(${specText(spec, 3)})`;
    this.features.add("window:named");
    if (this.#named.length > 0 && this.mayFail(4)) {
      // Overriding a named window's parts is an error (partition always, the rest if set).
      this.features.add("window:invalid");
      const n = this.t.pick(this.#named);
      return `(${n.name} PARTITION BY ${this.expr(this.scope.ctx, 0)})`;
    }
    const depth = this.t.pick<1 | 2 | 3>(
      chained
        ? [2, 3]
        : spec.partition.length > 0
        ? [1, 2, 3]
        : spec.order.length > 0
        ? [2, 3]
        : [3],
    );
    let n = this.#named.find((w) => w.depth === depth && sameParts(w.spec, spec, depth));
    if (n === undefined) {
      // Built on an earlier window holding a prefix of it, when there is one.
      const bases = this.#named.filter((w) =>
        w.depth < depth && w.depth < 3 && sameParts(w.spec, spec, w.depth)
      );
      const base = bases.length > 0 && (chained || this.t.chance(70)) ? this.t.pick(bases) : null;
      if (base !== null) this.features.add("window:named:chain");
      n = { name: `${this.options.prefix}${this.#named.length}`, spec, depth, base };
      this.#named.push(n);
    }
    if (depth === 3) {
      // `OVER (w)` counts as overriding w's frame, if it has one.
      if (spec.frame === null ? !this.t.chance(50) : !this.mayFail(4)) return n.name;
      if (spec.frame !== null) this.features.add("window:invalid");
      return `(${n.name})`;
    }
    this.features.add("window:named:inherit");
    const rest = partsText(spec, depth, 3);
    return `(${n.name}${rest === "" ? "" : " " + rest})`;
  }
}

/** The first `depth` parts of `s` as window-definition text. */
function specText(s: Spec, depth: 1 | 2 | 3): string {
  return partsText(s, 0, depth);
}

/** Parts `from + 1 .. to` of `s` (1 PARTITION BY, 2 ORDER BY, 3 frame) as text. */
function partsText(s: Spec, from: number, to: number): string {
  const parts: string[] = [];
  if (from < 1 && s.partition.length > 0) parts.push(`PARTITION BY ${s.partition.join(", ")}`);
  if (from < 2 && to >= 2 && s.order.length > 0) parts.push(`ORDER BY ${s.order.join(", ")}`);
  if (to === 3 && s.frame !== null) parts.push(`${s.frame.unit} ${s.frame.rest}`);
  return parts.join(" ");
}

function sameParts(a: Spec, b: Spec, depth: 1 | 2 | 3): boolean {
  return specText(a, depth) === specText(b, depth);
}

function boundFeature(k: BoundKind): string {
  return {
    "UNBOUNDED PRECEDING": "unboundedPreceding",
    "PRECEDING": "preceding",
    "CURRENT ROW": "currentRow",
    "FOLLOWING": "following",
    "UNBOUNDED FOLLOWING": "unboundedFollowing",
  }[k];
}

function excludeFeature(x: string): string {
  return { "NO OTHERS": "noOthers", "CURRENT ROW": "currentRow", GROUP: "group", TIES: "ties" }[
    x
  ]!;
}
