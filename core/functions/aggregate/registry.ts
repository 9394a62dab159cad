/**
 * The built-in aggregate functions by lower-case name. `count(*)` is `count` called with
 * zero arguments; {@link aggregateFunction} checks the argument count.
 *
 * The JSON aggregates (`json_group_array`, ...) live in core/functions/json.
 */
import { COUNT } from "./count.ts";
import { GROUP_CONCAT, STRING_AGG } from "./group_concat.ts";
import { MAX, MIN } from "./min_max.ts";
import { AVG, SUM, TOTAL } from "./sum.ts";
import type { AggregateFunction } from "./types.ts";
import { JSON_AGGREGATES } from "../json/aggregates.ts";
import { asciiLower } from "../../value/ascii_case.ts";

/** Every implemented aggregate, keyed by lower-case name. */
export const AGGREGATE_FUNCTIONS: ReadonlyMap<string, AggregateFunction> = new Map<
  string,
  AggregateFunction
>(
  [AVG, COUNT, GROUP_CONCAT, MAX, MIN, STRING_AGG, SUM, TOTAL, ...JSON_AGGREGATES].map((
    f,
  ) => [f.name, f]),
);

/**
 * The aggregate called `name` (any case) with `argc` arguments, or undefined when there is
 * none (unknown name, or an argument count the function does not take: `sum()`,
 * `max(a, b)`, which is the scalar max).
 */
export function aggregateFunction(name: string, argc: number): AggregateFunction | undefined {
  // SQLite folds only ASCII letters in function names.
  const f = AGGREGATE_FUNCTIONS.get(asciiLower(name));
  return f && argc >= f.minArgs && argc <= f.maxArgs ? f : undefined;
}
