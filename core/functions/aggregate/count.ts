/**
 * `count(x)` counts the rows where `x` is not NULL; `count(*)` (no arguments) counts every
 * row. Both undo a row in a window frame by counting down.
 */
import { type Reg, setInt } from "../../value/reg.ts";
import { StorageClass } from "../../value/types.ts";
import type { AggregateFunction } from "./types.ts";

/** The running count. */
export interface CountState {
  n: number;
}

function counts(args: readonly Reg[]): boolean {
  return !args.length || args[0].c !== StorageClass.Null;
}

function finalCount(state: CountState, out: Reg): void {
  setInt(out, state.n);
}

/**
 * A step of `count(x)` for a value known only as NULL or not (a record's field by its
 * serial type, without decoding it): what COUNT's step does with that value.
 */
export function countField(state: CountState, isNull: boolean): void {
  if (!isNull) state.n++;
}

/** `count(x)` and `count(*)`: an INTEGER, 0 for no rows. */
export const COUNT: AggregateFunction<CountState> = Object.freeze({
  name: "count",
  minArgs: 0,
  maxArgs: 1,
  create: (): CountState => ({ n: 0 }),
  step(state: CountState, args: readonly Reg[]): void {
    if (counts(args)) state.n++;
  },
  final: finalCount,
  inverse(state: CountState, args: readonly Reg[]): void {
    if (counts(args)) state.n--;
  },
  value: finalCount,
});
