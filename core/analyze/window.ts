/** Binds `OVER name` / `OVER (...)` against the core's `WINDOW` definitions. */
import type * as A from "../sql/ast.ts";
import type * as B from "./bound.ts";
import { bindError } from "./errors.ts";
import { bindExpr } from "./expr_binder.ts";
import type { BindContext, Scope } from "./scope.ts";

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
    offset: b.offset ? sub(b.offset) : null,
  });
  return {
    name,
    partitionBy: (spec.partitionBy ?? []).map(sub),
    orderBy: (spec.orderBy ?? []).map((t) => ({
      expr: sub(t.expr),
      desc: t.desc,
      nulls: t.nulls,
      resultColumn: 0,
    })),
    frame: spec.frame
      ? {
        unit: spec.frame.unit,
        start: bound(spec.frame.start),
        end: spec.frame.end ? bound(spec.frame.end) : { type: "currentRow", offset: null },
        exclude: spec.frame.exclude ?? "noOthers",
      }
      : null,
  };
}
