/** Binds `OVER name` / `OVER (...)` against the core's `WINDOW` definitions. */
import type * as A from "../sql/ast.ts";
import type * as B from "./bound.ts";
import { bindError } from "./errors.ts";
import { bindExpr } from "./expr_binder.ts";
import type { BindContext, Scope } from "./scope.ts";
import { needCollation } from "./collation_check.ts";
import { nullLiteralAt } from "./literals.ts";

function findNamed(scope: Scope, name: string): A.NamedWindow {
  const key = name.toLowerCase();
  const w = scope.windows?.find((x) => x.name.toLowerCase() === key);
  if (!w) throw bindError(`no such window: ${name}`);
  return w;
}

/** Merges a spec with its base window, by SQLite's override rules. */
export function resolveSpec(scope: Scope, spec: A.WindowSpec): A.WindowSpec {
  if (spec.base === null) return spec;
  const base = resolveSpec(scope, findNamed(scope, spec.base).spec);
  if (spec.partitionBy) throw bindError(`cannot override PARTITION clause of window: ${spec.base}`);
  if (spec.orderBy && base.orderBy) {
    throw bindError(`cannot override ORDER BY clause of window: ${spec.base}`);
  }
  if (base.frame) throw bindError(`cannot override frame specification of window: ${spec.base}`);
  return {
    ...spec,
    base: null,
    partitionBy: base.partitionBy,
    orderBy: spec.orderBy ?? base.orderBy,
  };
}

/** The ORDER BY of a window or of an aggregate call, bound in `scope` (no result column). */
export function bindOrderBy(
  ctx: BindContext,
  scope: Scope,
  terms: A.OrderingTerm[],
): B.BoundOrderingTerm[] {
  return terms.map((t) => ({
    expr: bindExpr(ctx, scope, t.expr),
    desc: t.desc,
    nulls: t.nulls,
    resultColumn: 0,
  }));
}

/** The bound window of a window-function call. */
export function bindWindow(
  ctx: BindContext,
  scope: Scope,
  over: A.WindowSpec | string,
): B.BoundWindow {
  const name = typeof over === "string" ? over : null;
  const spec = resolveSpec(scope, typeof over === "string" ? findNamed(scope, over).spec : over);
  const sub = (e: A.Expr) => bindExpr(ctx, scope, e);
  const bound = (b: A.FrameBound): B.BoundFrameBound => ({
    type: b.type,
    offset: b.offset ? frameOffset(ctx, scope, b.offset) : null,
  });
  const partitionBy = (spec.partitionBy ?? []).map(sub);
  const orderBy = bindOrderBy(ctx, scope, spec.orderBy ?? []);
  for (const e of partitionBy) needCollation(ctx, e);
  for (const t of orderBy) needCollation(ctx, t.expr);
  return {
    name,
    partitionBy,
    orderBy,
    frame: spec.frame
      ? {
        unit: spec.frame.unit,
        start: bound(spec.frame.start),
        end: spec.frame.end ? bound(spec.frame.end) : { type: "currentRow", offset: null },
        exclude: spec.frame.exclude ?? "none",
      }
      : null,
  };
}

/** Expressions that make a frame offset not constant. */
const NOT_CONSTANT_KINDS = new Set([
  "column",
  "subquery",
  "exists",
  "function",
  "inSelect",
  "inTable",
  "raise",
]);

/**
 * An expression SQLite accepts as a constant frame offset: no column, no subquery, and no
 * function call (SQLite judges it when parsing, before it knows which functions are
 * constant, so even `abs(2)` is not).
 */
function isConstantOffset(e: unknown): boolean {
  if (e === null || typeof e !== "object") return true;
  if (Array.isArray(e)) return e.every(isConstantOffset);
  return !NOT_CONSTANT_KINDS.has((e as { kind?: string }).kind!) &&
    Object.values(e).every(isConstantOffset);
}

/**
 * A frame offset. SQLite never resolves names in one: an offset that is not constant is
 * replaced by NULL when parsed (the frame then fails when run, "frame starting offset
 * must be a non-negative integer"), so it cannot fail the prepare either.
 */
function frameOffset(ctx: BindContext, scope: Scope, e: A.Expr): B.BoundExpr {
  if (!isConstantOffset(e)) return nullLiteralAt(e);
  const pending = ctx.pending;
  const late = ctx.late.length;
  try {
    const bound = bindExpr(ctx, scope, e);
    if (ctx.pending !== pending) throw ctx.pending;
    return bound;
  } catch {
    ctx.pending = pending;
    ctx.late.length = late;
    return nullLiteralAt(e);
  }
}
