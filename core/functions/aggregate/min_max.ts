/**
 * The aggregate `min(x)` and `max(x)` (the one-argument forms; `min(a, b, ...)` is a
 * scalar function).
 *
 * NULLs are skipped; the rest are ordered as SQLite orders values (`compareValues`: numbers
 * below texts below blobs, texts by the call's collation). A value replaces the best so
 * far only if strictly better, so among equal values the first one stays: `max` over
 * INTEGER 1 then REAL 1.0 is the INTEGER, and under NOCASE `max('a', 'A')` is `'a'`.
 * No `inverse`: SQLite recomputes a window frame for these.
 */
import { binaryCollation, type Collation } from "../../value/collation.ts";
import { compareValues } from "../../value/compare.ts";
import { type Reg, setNull } from "../../value/reg.ts";
import { type SqlValue, StorageClass } from "../../value/types.ts";
import type { AggregateContext, AggregateFunction } from "./types.ts";

/** The best value so far (class `Null` until a non-NULL value arrives). */
export interface MinMaxState {
  readonly coll: Collation;
  v: SqlValue;
  c: StorageClass;
}

function createMinMax(ctx: AggregateContext): MinMaxState {
  return { coll: ctx.collation ?? binaryCollation(ctx.encoding), v: null, c: StorageClass.Null };
}

/**
 * A step of `max` (`sign` 1) or `min` (-1): keeps `arg` if it beats the best so far.
 * Returns whether the row is the new best, or came while there was none yet: SQLite then
 * takes the bare columns of an aggregate query from it (the steps of MIN and MAX return
 * it; see AggregateCalls.step).
 */
function stepMinMax(state: MinMaxState, arg: Reg, sign: number): boolean {
  const none = state.c === StorageClass.Null;
  if (arg.c === StorageClass.Null) return none;
  if (!none && compareValues(state.v, arg.v, state.coll) * sign >= 0) return false;
  // A blob register may view a page buffer that is reused later: keep a copy.
  state.v = arg.c === StorageClass.Blob ? (arg.v as Uint8Array).slice() : arg.v;
  state.c = arg.c;
  return true;
}

function resultMinMax(state: MinMaxState, out: Reg): void {
  if (state.c === StorageClass.Null) setNull(out);
  else {
    out.v = state.v;
    out.c = state.c;
  }
}

/** Aggregate `max(x)`. */
export const MAX: AggregateFunction<MinMaxState> = Object.freeze({
  name: "max",
  minArgs: 1,
  maxArgs: 1,
  create: createMinMax,
  step: (state: MinMaxState, args: readonly Reg[]) => stepMinMax(state, args[0], 1),
  final: resultMinMax,
  value: resultMinMax,
});

/** Aggregate `min(x)`. */
export const MIN: AggregateFunction<MinMaxState> = Object.freeze({
  name: "min",
  minArgs: 1,
  maxArgs: 1,
  create: createMinMax,
  step: (state: MinMaxState, args: readonly Reg[]) => stepMinMax(state, args[0], -1),
  final: resultMinMax,
  value: resultMinMax,
});
