/**
 * Bound expressions → plan expressions: comparison affinity and collation decided,
 * BETWEEN / LIKE / IN / row values / CURRENT_* rewritten into the IR's forms, column
 * references resolved to the node that provides them (or to an aggregate's outputs).
 */
import { CompareOp } from "../value/logic.ts";
import { Bug, bugError } from "../internal_error.ts";
import type { ScalarImpl } from "../functions/scalar/registry.ts";
import type * as B from "../analyze/bound.ts";
import { builtinName } from "../functions/catalog.ts";
import { comparisonAffinity } from "../analyze/expr_affinity.ts";
import { nullLiteralAt } from "../analyze/literals.ts";
import { isConstantExpr, rightmostSelect } from "../analyze/values_selects.ts";
import { sameExpr } from "../analyze/same_expr.ts";
// Number of values of an operand (row values, multi-column subqueries).
import { vectorSize as width } from "../analyze/select_binder.ts";
import { affinityOfTypeText } from "../value/affinity_of_type.ts";
import { Affinity } from "../value/types.ts";
import type { PlanExpr, SubPlan } from "./plan.ts";
import {
  type AggregateScope,
  colRef,
  intConst,
  type LowerScope,
  type PlanContext,
} from "./scope.ts";
import { withCores } from "../analyze/bound_walk.ts";
import { lowerSelect } from "./lower_select.ts";
import { readsOutside } from "./correlation.ts";
import { carryValue } from "./aggregate.ts";
import { callCollation, cmpCollation, collationOf } from "./collation.ts";
import { noteLikelihood } from "./terms.ts";
import { LIKELY } from "./clause_terms.ts";

/** Comparison affinity with "none" as BLOB (no conversion). */
export function cmpAffinity(a: B.ExprInfo, b: B.ExprInfo): Affinity {
  return comparisonAffinity(a, b) ?? Affinity.Blob;
}

const COMPARE_OPS: Record<string, CompareOp> = {
  "=": CompareOp.Eq,
  "!=": CompareOp.Ne,
  "<": CompareOp.Lt,
  "<=": CompareOp.Le,
  ">": CompareOp.Gt,
  ">=": CompareOp.Ge,
};

const ARITH_OPS = {
  "+": "add",
  "-": "subtract",
  "*": "multiply",
  "/": "divide",
  "%": "remainder",
  "&": "bitAnd",
  "|": "bitOr",
  "<<": "shiftLeft",
  ">>": "shiftRight",
  "||": "concat",
} as const;

const UNARY_OPS = { "-": "negate", "+": "plus", "~": "bitNot", "not": "not" } as const;

/** AND of two plan expressions. */
export function and(a: PlanExpr, b: PlanExpr): PlanExpr {
  return { kind: "logic", op: "and", left: a, right: b };
}

function or(a: PlanExpr, b: PlanExpr): PlanExpr {
  return { kind: "logic", op: "or", left: a, right: b };
}

/** `a`, or NOT `a` when `negated`. */
function not(negated: boolean, a: PlanExpr): PlanExpr {
  return negated ? { kind: "unary", op: "not", operand: a } : a;
}

/**
 * Whether column `e` of an aggregate query is read from the row its single min()/max()
 * chose even where it is a GROUP BY term: SQLite reads every column of the result from
 * its accumulator columns, which that row refreshes, so `SELECT a, max(c) ... GROUP BY a`
 * shows that row's `a` (REAL 1.0 rather than the group's first INTEGER 1). A result column
 * equal to a GROUP BY term that is not a plain column reads the group key
 * (lowerResultColumn).
 */
function carriesColumn(agg: AggregateScope, e: B.BoundExpr): boolean {
  return e.kind === "column" && agg.node.carryFromMinMax;
}

/** The group key `e` is equal to, read above the aggregate of `scope`, or null. */
function groupKeyOf(scope: LowerScope, e: B.BoundExpr): PlanExpr | null {
  const agg = scope.agg;
  if (!agg || !scope.core || !agg.core.groupBy || carriesColumn(agg, e)) {
    return null;
  }
  // A JSON function's value read from its key would have lost its JSON subtype in the
  // sorter: SQLite computes such a term again (node:sqlite 3.53: `SELECT json_array(json(k))
  // … GROUP BY json(k)` embeds the JSON).
  if (e.kind === "function" && !e.def.user && /^json|^->$/.test(e.def.name)) return null;
  // A literal stays itself, even where a GROUP BY term is the same literal.
  const i = e.kind === "literal" ? -1 : agg.core.groupBy.findIndex((k) => sameExpr(e, k));
  return i < 0 ? null : colRef(agg.node.id, i);
}

/**
 * Lowers a result column. With a single min()/max(), SQLite 3.53 reads a result column
 * that is a GROUP BY term from the group key, but works a term inside a larger expression
 * out again from the columns of that call's row: `SELECT a + 0, typeof(a + 0), max(c) …
 * GROUP BY a + 0` shows the first row's `a + 0` and the typeof of the max row's.
 */
export function lowerResultColumn(
  ctx: PlanContext,
  scope: LowerScope,
  e: B.BoundExpr,
): PlanExpr {
  if (!scope.agg?.node.carryFromMinMax) return lowerExpr(ctx, scope, e);
  return groupKeyOf(scope, e) ?? lowerExpr(ctx, { ...scope, termsFromCarriedRow: true }, e);
}

/** Lowers a bound expression in `scope`. */
export function lowerExpr(ctx: PlanContext, scope: LowerScope, e: B.BoundExpr): PlanExpr {
  // A whole expression equal to a GROUP BY term reads the group key.
  const key = scope.termsFromCarriedRow ? null : groupKeyOf(scope, e);
  if (key) return key;
  const sub = (x: B.BoundExpr) => lowerExpr(ctx, scope, x);
  switch (e.kind) {
    case "literal":
      return { kind: "const", value: e.value, cls: e.cls };
    case "trueFalse":
      return intConst(+e.value);
    case "column":
      return lowerColumn(ctx, scope, e);
    case "variable":
      return { kind: "param", index: e.index };
    case "currentTime":
      // CURRENT_DATE is date(), CURRENT_TIME time(), CURRENT_TIMESTAMP datetime().
      return {
        kind: "function",
        name: e.which === "timestamp" ? "datetime" : e.which,
        args: [],
        collation: "BINARY",
      };
    case "unary":
      return { kind: "unary", op: UNARY_OPS[e.op], operand: sub(e.operand) };
    case "binary":
      return lowerBinary(ctx, scope, e);
    case "truth":
      return { kind: "truth", operand: sub(e.operand), value: e.value, not: e.not };
    case "collate":
      return e.soft ? { kind: "clearSubtype", operand: sub(e.operand) } : sub(e.operand);
    case "cast":
      return {
        kind: "cast",
        operand: sub(e.operand),
        affinity: e.affinity ?? affinityOfTypeText(e.typeName),
      };
    case "like": {
      // like(pattern, value [, escape]), as SQLite calls it.
      const operands = e.escape ? [e.right, e.left, e.escape] : [e.right, e.left];
      return not(e.not, {
        kind: "function",
        name: e.op,
        args: operands.map(sub),
        collation: callCollation(operands),
      });
    }
    case "between": {
      // A scalar operand is lowered once, both halves comparing the one expression: the
      // backends evaluate it once, as SQLite's exprCodeBetween does.
      const x = width(e.operand) === 1 ? part(ctx, scope, e.operand, 0) : null;
      const half = (op: string, bound: B.BoundExpr) =>
        x
          ? scalarCompare(op, x, part(ctx, scope, bound, 0))
          : compareParts(ctx, scope, op, e.operand, bound);
      return not(e.not, {
        kind: "logic",
        op: "and",
        left: half(">=", e.low),
        right: half("<=", e.high),
        between: true,
      });
    }
    case "inList":
      return lowerInList(ctx, scope, e);
    case "inSelect":
      return lowerInSelect(ctx, scope, e);
    case "nullTest":
      return { kind: "nullTest", not: e.not, operand: sub(e.operand) };
    case "case": {
      const operand = e.operand;
      return {
        kind: "case",
        operand: operand ? sub(operand) : null,
        whens: e.whens.map((w) => ({
          when: sub(w.when),
          then: sub(w.then),
          affinity: operand ? cmpAffinity(operand, w.when) : Affinity.Blob,
          collation: operand ? cmpCollation(operand, w.when) : "BINARY",
        })),
        otherwise: e.otherwise ? sub(e.otherwise) : null,
      };
    }
    case "exists":
      return { kind: "exists", query: subPlan(ctx, scope, existenceOnly(e.select), 0) };
    case "subquery":
      return { kind: "subquery", query: subPlan(ctx, scope, e.select, 0) };
    case "row":
      throw bugError(Bug.StrayRowValue);
    default:
      // The last kind: a new one fails type checking until it has a case.
      return lowerFunction(ctx, scope, e satisfies B.BoundFunction);
  }
}

function lowerColumn(ctx: PlanContext, scope: LowerScope, e: B.BoundColumn): PlanExpr {
  const virtual = ctx.virtualColumns.get(e.source)?.[e.column];
  for (let s: LowerScope | null = scope; s; s = s.parent) {
    const node = s.sources.get(e.source);
    if (node === undefined) continue;
    if (s.agg) {
      // A GROUP BY term that is this column reads the key; other columns are carried.
      const keys = carriesColumn(s.agg, e) ? [] : s.agg.core.groupBy ?? [];
      const i = keys.findIndex((k) =>
        k.kind === "column" && k.source === e.source && k.column === e.column
      );
      if (i >= 0) return colRef(s.agg.node.id, i);
    }
    let value: PlanExpr = colRef(node, e.column);
    if (virtual) {
      // A VIRTUAL generated column: its expression over the same row, with the column's
      // affinity (SQLite's sqlite3ExprCodeGeneratedColumn), carried above an aggregate.
      value = {
        kind: "affinity",
        operand: lowerExpr(ctx, s.agg?.input ?? s, virtual),
        affinity: e.affinity ?? Affinity.Blob,
      };
      if (!s.agg) return { ...value, generated: { node, column: e.column } };
    }
    return !s.agg ? value : carryValue(s.agg, value, `${node}:${e.column}`);
  }
  throw bugError(Bug.UnknownSource);
}

function lowerFunction(ctx: PlanContext, scope: LowerScope, e: B.BoundFunction): PlanExpr {
  if (e.role === "aggregate") {
    for (let s: LowerScope | null = scope; s; s = s.parent) {
      if (s.agg?.core.id === e.aggregateOf) {
        const i = s.agg.calls.findIndex((f) => sameExpr(f, e));
        if (i < 0) throw bugError(Bug.UnlistedAggregate);
        return colRef(s.agg.node.id, s.agg.node.groupBy.length + i);
      }
    }
    throw bugError(Bug.StrayAggregate);
  }
  if (e.role === "window") {
    for (let s: LowerScope | null = scope; s; s = s.parent) {
      const ref = s.windowCalls?.get(e);
      if (ref) return ref;
    }
    throw bugError(Bug.StrayWindowCall);
  }
  // A user's function has no built-in name: never taken for likely() or iif().
  const name = builtinName(e.def);
  if (LIKELY.has(name) && e.args.length) {
    const inner = lowerExpr(ctx, scope, e.args[0]);
    const p = e.args[1];
    const probability = name === "likely"
      ? 0.9375
      : name === "unlikely"
      ? 0.0625
      : p?.kind === "literal" && typeof p.value === "number"
      ? p.value
      : null;
    if (probability !== null) noteLikelihood(inner, probability);
    return inner;
  }
  const args = e.args.map((a) => lowerExpr(ctx, scope, a));
  if (name === "iif" || name === "if") {
    // SQLite evaluates iif() as a CASE: only the chosen branch runs.
    const whens = [];
    for (let i = 0; i + 1 < args.length; i += 2) {
      whens.push({
        when: args[i],
        then: args[i + 1],
        affinity: Affinity.Blob,
        collation: "BINARY",
      });
    }
    const otherwise = args.length % 2 === 1 ? args.at(-1)! : null;
    return { kind: "case", operand: null, whens, otherwise };
  }
  // A user's function called here has its scalar implementation (the binder fails a user's
  // aggregate used otherwise), and a built-in's name is its builtinName; the backends read
  // volatile only with an impl.
  return {
    kind: "function",
    name: e.def.name,
    args,
    collation: callCollation(e.args),
    impl: e.def.user?.scalar as ScalarImpl | undefined,
    volatile: e.def.volatile,
  };
}

/** Part `i` of a vector operand, lowered, with the info its comparison uses. */
function part(
  ctx: PlanContext,
  scope: LowerScope,
  e: B.BoundExpr,
  i: number,
): { expr: PlanExpr; info: B.ExprInfo } {
  if (e.kind === "row") return { expr: lowerExpr(ctx, scope, e.items[i]), info: e.items[i] };
  if (e.kind === "subquery" && width(e) > 1) {
    // The IR's scalar subquery yields its first column: one sub-plan per part.
    return {
      expr: { kind: "subquery", query: subPlan(ctx, scope, e.select, i) },
      info: rightmostSelect(e.select)[i],
    };
  }
  return { expr: lowerExpr(ctx, scope, e), info: e };
}

function scalarCompare(
  op: string,
  l: { expr: PlanExpr; info: B.ExprInfo },
  r: { expr: PlanExpr; info: B.ExprInfo },
): PlanExpr {
  const affinity = cmpAffinity(l.info, r.info);
  const collation = cmpCollation(l.info, r.info);
  if (op === "is" || op === "is not") {
    return { kind: "is", not: op === "is not", left: l.expr, right: r.expr, affinity, collation };
  }
  return { kind: "compare", op: COMPARE_OPS[op], left: l.expr, right: r.expr, affinity, collation };
}

/**
 * `l op r` for scalars and row values. Row values compare part by part with SQLite's NULL
 * results: `=` is the AND of the parts, `!=` their OR, and an ordering is lexicographic
 * (`a1 < b1 OR (a1 = b1 AND (...))`), which gives NULL exactly when SQLite does.
 */
function compareParts(
  ctx: PlanContext,
  scope: LowerScope,
  op: string,
  left: B.BoundExpr,
  right: B.BoundExpr,
): PlanExpr {
  const n = width(left);
  if (n === 1) return scalarCompare(op, part(ctx, scope, left, 0), part(ctx, scope, right, 0));
  const ls = Array.from({ length: n }, (_, i) => part(ctx, scope, left, i));
  const rs = Array.from({ length: n }, (_, i) => part(ctx, scope, right, i));
  if (op === "=" || op === "is" || op === "!=" || op === "is not") {
    return ls.map((l, i) => scalarCompare(op, l, rs[i])).reduce(
      op === "=" || op === "is" ? and : or,
    );
  }
  const strict = op === "<" || op === "<=" ? "<" : ">";
  let out = scalarCompare(op, ls[n - 1], rs[n - 1]);
  for (let i = n - 2; i >= 0; i--) {
    out = or(scalarCompare(strict, ls[i], rs[i]), and(scalarCompare("=", ls[i], rs[i]), out));
  }
  return out;
}

function lowerBinary(ctx: PlanContext, scope: LowerScope, e: B.BoundBinary): PlanExpr {
  const op = e.op;
  if (op === "and" || op === "or") {
    return {
      kind: "logic",
      op,
      left: lowerExpr(ctx, scope, e.left),
      right: lowerExpr(ctx, scope, e.right),
    };
  }
  if (op in COMPARE_OPS || op === "is" || op === "is not") {
    return compareParts(ctx, scope, op, e.left, e.right);
  }
  if (op === "->" || op === "->>") {
    return {
      kind: "function",
      name: op,
      args: [lowerExpr(ctx, scope, e.left), lowerExpr(ctx, scope, e.right)],
      collation: callCollation([e.left, e.right]),
    };
  }
  return {
    kind: "arith",
    op: ARITH_OPS[op as keyof typeof ARITH_OPS],
    left: lowerExpr(ctx, scope, e.left),
    right: lowerExpr(ctx, scope, e.right),
  };
}

function lowerInList(ctx: PlanContext, scope: LowerScope, e: B.BoundInList): PlanExpr {
  const n = width(e.operand);
  if (n > 1) {
    // `(a, b) IN ((1, 2), (3, 4))`: the OR of row equalities.
    if (!e.list.length) return intConst(+e.not);
    return not(e.not, e.list.map((x) => compareParts(ctx, scope, "=", e.operand, x)).reduce(or));
  }
  if (e.list.length === 1 && isConstantExpr(e.list[0])) {
    // SQLite's parser turns `x IN (const)` into `x = +const`: the unary + drops the
    // constant's affinity (a CAST's), keeping its collation.
    const c = e.list[0];
    const plus: B.BoundExpr = { ...c, kind: "unary", op: "+", operand: c, affinity: null };
    return not(e.not, compareParts(ctx, scope, "=", e.operand, plus));
  }
  const a = e.operand.affinity;
  return {
    kind: "inList",
    not: e.not,
    operand: lowerExpr(ctx, scope, e.operand),
    list: e.list.map((x) => lowerExpr(ctx, scope, x)),
    // The left operand's affinity (exprINAffinity, no RHS select).
    affinity: a === null ? Affinity.Blob : a === Affinity.Real ? Affinity.Numeric : a,
    collation: collationOf(e.operand),
    // sqlite3FindInIndex builds a table (and converts the operand) only for a list of
    // three or more constants; shorter or varying lists compare item by item.
    ...(a !== null && e.list.length > 2 && e.list.every(isConstantExpr) && { operandAffinity: a }),
  };
}

function lowerInSelect(ctx: PlanContext, scope: LowerScope, e: B.BoundInSelect): PlanExpr {
  const right = rightmostSelect(e.select);
  const parts = Array.from({ length: width(e.operand) }, (_, i) => part(ctx, scope, e.operand, i));
  const affinities = parts.map((l, i) => cmpAffinity(right[i], l.info));
  return {
    kind: "inQuery",
    not: e.not,
    operands: parts.map((l) => l.expr),
    query: subPlan(ctx, scope, e.select, -1),
    affinities,
    collations: parts.map((l, i) => cmpCollation(l.info, right[i])),
    ...(parts.length === 1 && { operandAffinity: affinities[0] }),
  };
}

/**
 * A sub-plan for a select nested in an expression. `column` ≥ 0: a scalar use (the first
 * row only, that column first); -1: every row (IN).
 */
export function subPlan(
  ctx: PlanContext,
  scope: LowerScope,
  select: B.BoundSelect,
  column: number,
): SubPlan {
  const q = lowerSelect(ctx, select, scope);
  const plan: SubPlan = { ...q, correlated: false };
  if (column >= 0) {
    plan.root = { kind: "limit", input: q.root, limit: intConst(1), offset: null };
    if (column > 0) plan.columns = [q.columns[column]];
  }
  plan.correlated = readsOutside(plan);
  return plan;
}

/**
 * The SELECT of an EXISTS as SQLite runs it: only whether a row comes out matters, so its
 * result columns are not computed and its DISTINCT and ORDER BY are dropped (SQLite's
 * IgnorableDistinct / IgnorableOrderby for an SRT_Exists destination). A compound other than
 * UNION ALL needs its columns and is left as it is.
 */
function existenceOnly(select: B.BoundSelect): B.BoundSelect {
  if (select.compounds.some((c) => c.op !== "unionAll")) return select;
  const part = (p: B.BoundCore | B.BoundValues): B.BoundCore | B.BoundValues =>
    p.kind === "values" ? p : {
      ...p,
      distinct: false,
      columns: p.columns.map((c) => ({ ...c, expr: nullLiteralAt(c.expr) })),
    };
  return { ...withCores(select, part), orderBy: null };
}
