/**
 * Binds function calls: looks the function up, checks where aggregates and window
 * functions may appear (SQLite's resolveExprStep for TK_FUNCTION), and gives each
 * aggregate to the query core it belongs to.
 */
import type * as A from "../sql/ast.ts";
import { findFunction } from "../functions/catalog.ts";
import type * as B from "./bound.ts";
import { bindError } from "./errors.ts";
import { plainInfo, propagatedCollation } from "./expr_affinity.ts";
import type { BindContext, Scope } from "./scope.ts";
import { bindOrderBy, bindWindow } from "./window.ts";
import { needFunctionCollations } from "./collation_check.ts";
import { bindExpr } from "./expr_binder.ts";
import { referencedSources } from "./bound_walk.ts";

/** Binds a call of a built-in function (scalar, aggregate or window). */
export function bindFunction(ctx: BindContext, scope: Scope, e: A.FunctionCall): B.BoundExpr {
  const n = e.args.length;
  const found = findFunction(e.name, n, ctx.functions);
  const def = typeof found === "object" ? found : null;
  const isAggDef = !!def && def.kind !== "scalar";
  let isAgg = isAggDef;
  const over = e.over;
  let err: string | null = null;
  if (
    def && over !== null &&
    (def.kind === "scalar" || (def.user && !def.user.aggregate?.inverse))
  ) {
    // A registered aggregate is a window function only with an inverse (SQLite's xInverse).
    err = `${e.name}() may not be used as a window function`;
  } else if (
    (isAgg && !scope.allowAgg) || (def?.kind === "window" && over === null) ||
    (isAgg && over !== null && !scope.allowWin)
  ) {
    const type = def?.kind === "window" || over !== null ? "window" : "aggregate";
    err = `misuse of ${type} function ${e.name}()`;
    isAgg = false;
  } else if (found === undefined) {
    err = `no such function: ${e.name}`;
  } else if (found === "wrongArgs") {
    err = `wrong number of arguments to function ${e.name}()`;
  } else if (!isAgg && e.filter) {
    err = `FILTER may not be used with non-aggregate ${e.name}()`;
  } else if (!isAgg && e.orderBy) {
    err = `ORDER BY may not be used with non-aggregate ${e.name}()`;
  }
  if (err === null && def?.user?.directOnly && ctx.views.length) {
    err = `unsafe use of ${e.name}()`;
  }
  if (
    !def?.user && def?.name === "likelihood" && n === 2 && !isProbability(e.args[1])
  ) {
    ctx.pending = bindError(
      `second argument to ${e.name}() must be a constant between 0.0 and 1.0`,
      e.start,
    );
  }
  if (err !== null) ctx.pending = bindError(err, e.start);
  if (isAgg && e.distinct && n !== 1) {
    ctx.late.push(bindError("DISTINCT aggregates must have exactly one argument", e.start));
  }
  const savedAgg = scope.allowAgg;
  const savedWin = scope.allowWin;
  if (isAgg) {
    scope.allowWin = false;
    if (over === null) scope.allowAgg = false;
  }
  const args = e.args.map((a) => bindExpr(ctx, scope, a));
  const name = e.name;
  const bound: B.BoundFunction = {
    kind: "function",
    def: def ??
      {
        name: name.toLowerCase(),
        kind: "scalar",
        minArgs: 0,
        maxArgs: -1,
        optional: null,
        volatile: false,
      },
    name,
    role: "scalar",
    distinct: e.distinct,
    args,
    orderBy: null,
    filter: null,
    window: null,
    aggregateOf: null,
    // likely(x) is a function call for affinity and collation too (SQLite's EP_Unlikely is
    // not skipped there): `0 >= likely(x)` applies no TEXT affinity, no NOCASE.
    ...plainInfo(e.start, e.end),
    ...propagatedCollation(args),
  };
  if (isAgg) {
    if (over !== null) {
      bound.role = "window";
      bound.window = bindWindow(ctx, scope, over);
      if (e.filter) bound.filter = bindExpr(ctx, scope, e.filter);
      // Checked once the window is resolved; an earlier function error stays first.
      // `RANGE n PRECEDING/FOLLOWING` needs exactly one ORDER BY term, and FILTER is for
      // aggregate functions used as window functions only.
      const w = bound.window, f = w.frame;
      const werr = f?.unit === "range" &&
          (isOffsetBound(f.start) || isOffsetBound(f.end)) && w.orderBy.length !== 1
        ? "RANGE with offset PRECEDING/FOLLOWING requires one ORDER BY expression"
        : def?.kind === "window" && e.filter
        ? "FILTER clause may only be used with aggregate window functions"
        : null;
      if (werr !== null && !ctx.pending) ctx.pending = bindError(werr, e.start);
      scope.hasWin = true;
      scope.core?.windowFunctions.push(bound);
    } else {
      bound.role = "aggregate";
      if (e.filter) bound.filter = bindExpr(ctx, scope, e.filter);
      if (e.orderBy) {
        bound.orderBy = bindOrderBy(ctx, scope, e.orderBy);
      }
      attachAggregate(ctx, scope, bound);
    }
    scope.allowAgg = savedAgg;
    scope.allowWin = savedWin;
  }
  needFunctionCollations(ctx, bound);
  return bound;
}

/** Gives an aggregate to the innermost enclosing core whose sources it references. */
function attachAggregate(ctx: BindContext, scope: Scope, f: B.BoundFunction): void {
  const refs = new Set<number>();
  referencedSources(f, refs);
  // With no references (count(*)), no scope matches: the owner is `scope`.
  let owner: Scope = scope;
  for (let s: Scope | null = scope; s; s = s.parent) {
    if (s.items.some((it) => refs.has(it.source.id))) {
      owner = s;
      break;
    }
  }
  owner.hasAgg = true;
  if (owner.core) {
    f.aggregateOf = owner.core.id;
    owner.core.aggregates.push(f);
  }
  if (owner.inWhere) ctx.late.push(bindError(`misuse of aggregate: ${f.name}()`, f.start));
}

function isOffsetBound(b: B.BoundFrameBound): boolean {
  return b.type === "preceding" || b.type === "following";
}

/** A REAL literal between 0.0 and 1.0 (SQLite's exprProbability). */
function isProbability(e: A.Expr): boolean {
  return e.kind === "literal" && e.type === "real" && +e.text <= 1.0;
}
