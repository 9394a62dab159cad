/**
 * Functions about NULLs, choices and types: coalesce, ifnull, iif / if, nullif, likely,
 * unlikely, likelihood, scalar min / max, typeof.
 *
 * The planner inlines coalesce, ifnull, iif and the likelihood hints (so that unused
 * arguments are never evaluated); these implementations give the same results for
 * already-evaluated arguments.
 */
import type { FunctionContext } from "../context.ts";
import { compareValues } from "../../value/compare.ts";
import { copyReg, type Reg, setNull, setText } from "../../value/reg.ts";
import { StorageClass } from "../../value/types.ts";
import { truthValue } from "../../value/coerce.ts";

/** coalesce(X, Y, ...) and ifnull(X, Y): the first non-NULL argument. */
export function coalesceFn(args: readonly Reg[], out: Reg, _ctx: FunctionContext): void {
  for (let i = 0; i < args.length; i++) {
    if (args[i].c !== StorageClass.Null) {
      copyReg(out, args[i]);
      return;
    }
  }
  setNull(out);
}

/**
 * iif(C1, V1, [C2, V2, ...] [ELSE]) and if(...): the value after the first true
 * condition, else the trailing ELSE argument (odd count), else NULL.
 */
export function iifFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  let i = 0;
  for (; i + 1 < args.length; i += 2) {
    // Truth as CASE WHEN tests it (sqlite3VdbeBooleanValue, NULL false).
    if (truthValue(args[i], 0, ctx.encoding)) {
      copyReg(out, args[i + 1]);
      return;
    }
  }
  if (i < args.length) copyReg(out, args[i]);
  else setNull(out);
}

/** likely(X), unlikely(X), likelihood(X, P): X itself (P is a planner hint). */
export function passThroughFn(args: readonly Reg[], out: Reg, _ctx: FunctionContext): void {
  copyReg(out, args[0]);
}

/** nullif(X, Y): X, or NULL when X equals Y under the call site's collation. */
export function nullifFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  if (compareValues(args[0].v, args[1].v, ctx.collation) !== 0) copyReg(out, args[0]);
  else setNull(out);
}

/**
 * Scalar min(X, Y, ...) / max(X, Y, ...): NULL if any argument is NULL. On ties max()
 * keeps the earliest argument and min() the latest, as SQLite does.
 */
function minMax(args: readonly Reg[], out: Reg, ctx: FunctionContext, max: boolean): void {
  if (args[0].c === StorageClass.Null) return setNull(out);
  let best = 0;
  for (let i = 1; i < args.length; i++) {
    if (args[i].c === StorageClass.Null) return setNull(out);
    const cmp = compareValues(args[best].v, args[i].v, ctx.collation);
    if (max ? cmp < 0 : cmp >= 0) best = i;
  }
  copyReg(out, args[best]);
}

/** Scalar max(X, Y, ...). */
export function maxFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  minMax(args, out, ctx, true);
}

/** Scalar min(X, Y, ...). */
export function minFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  minMax(args, out, ctx, false);
}

const TYPE_NAMES = ["null", "integer", "real", "text", "blob"];

/** typeof(X). */
export function typeofFn(args: readonly Reg[], out: Reg, _ctx: FunctionContext): void {
  setText(out, TYPE_NAMES[args[0].c]);
}
