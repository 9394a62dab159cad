/**
 * A user's JS function as the engine calls it: a scalar becomes a {@link ScalarImpl}, an
 * aggregate an {@link AggregateFunction} (xStep / xFinal, and xInverse / xValue when it
 * has `inverse`), so every backend runs it through the paths built-ins take. Errors the
 * user's code throws are not wrapped: they reach the caller of `get` / `all` / `iterate`
 * as thrown (node:sqlite rethrows the JS error too).
 */
import type { ScalarImpl } from "../scalar/registry.ts";
import type { AggregateFunction } from "../aggregate/types.ts";
import type { Reg } from "../../value/reg.ts";
import { MAX_SAFE_INT } from "../../value/types.ts";
import { argumentValues, setReturnedValue } from "./values.ts";

/** A scalar function as users write it. */
export type UserScalarFn = (...args: never[]) => unknown;

/** The callbacks of a user aggregate (node:sqlite's and better-sqlite3's option names). */
export interface UserAggregateCallbacks {
  /** The initial accumulator, or a function making it (called once per group). */
  start?: unknown;
  step: (accumulator: never, ...args: never[]) => unknown;
  result?: (accumulator: never) => unknown;
  inverse?: (accumulator: never, ...args: never[]) => unknown;
}

type AnyFn = (...args: unknown[]) => unknown;

/** The engine's form of scalar `fn`; `bigints`: INTEGER arguments as bigint. */
export function userScalarImpl(fn: UserScalarFn, bigints: boolean): ScalarImpl {
  const call = fn as unknown as AnyFn;
  return (args: readonly Reg[], out: Reg) => {
    setReturnedValue(out, call(...argumentValues(args, bigints)));
  };
}

/** One group's (or window partition's) accumulator. */
interface Accumulator {
  acc: unknown;
  /** Whether `start` has given `acc` its first value. */
  started: boolean;
}

/**
 * The engine's form of aggregate `cb` taking `argc` arguments (-1: any number), named
 * `name` (only for EXPLAIN listings: the engine never looks user aggregates up by name).
 */
export function userAggregateImpl(
  name: string,
  cb: UserAggregateCallbacks,
  argc: number,
  bigints: boolean,
): AggregateFunction<Accumulator> {
  const start = cb.start;
  const step = cb.step as unknown as AnyFn;
  const result = cb.result as unknown as AnyFn | undefined;
  const inverse = cb.inverse as unknown as AnyFn | undefined;
  // The accumulator starts when the group first needs it (its first row, or its result
  // when it has none), as SQLite makes an aggregate context: node:sqlite and
  // better-sqlite3 call `start` then, so it runs between the previous calls as there.
  const begin = (s: Accumulator) => {
    if (!s.started) {
      s.started = true;
      s.acc = typeof start === "function" ? (start as AnyFn)() : start ?? null;
    }
  };
  const finish = (s: Accumulator, out: Reg) => {
    begin(s);
    setReturnedValue(out, result ? result(s.acc) : s.acc);
  };
  const fn: AggregateFunction<Accumulator> = {
    name,
    minArgs: argc < 0 ? 0 : argc,
    maxArgs: argc < 0 ? MAX_SAFE_INT : argc,
    create: () => ({ acc: null, started: false }),
    step(s, args) {
      begin(s);
      s.acc = step(s.acc, ...argumentValues(args, bigints));
    },
    final: finish,
    value: finish,
  };
  if (inverse) {
    fn.inverse = (s, args) => {
      begin(s);
      s.acc = inverse(s.acc, ...argumentValues(args, bigints));
    };
  }
  return fn;
}
