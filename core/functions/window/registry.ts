/**
 * How each function runs over a window (SQLite's window.c): the built-in window functions
 * with the frame SQLite forces on them (their own frame clause is ignored), the two read
 * by position in the frame (`first_value`, `nth_value`), the two read by offset from the
 * current row (`lag`, `lead`), and every aggregate of `core/functions/aggregate` with the
 * frame it was written with. `min`/`max` are marked: SQLite keeps their frame in an
 * ordered index when the frame does not start at UNBOUNDED PRECEDING.
 */
import type { FrameBoundType } from "../../sql/ast.ts";
import { aggregateFunction } from "../aggregate/registry.ts";
import type { AggregateFunction } from "../aggregate/types.ts";
import {
  CUME_DIST,
  DENSE_RANK,
  FIRST_VALUE,
  LAST_VALUE,
  NTH_VALUE,
  NTILE,
  PERCENT_RANK,
  RANK,
  ROW_NUMBER,
} from "./ranking.ts";

/** A frame as the engine runs it; offsets are stored-row columns (or fixed values). */
export interface ForcedFrame {
  unit: "rows" | "range" | "groups";
  start: FrameBoundType;
  end: FrameBoundType;
  /** A fixed start offset (cume_dist's `1 FOLLOWING`), else null. */
  startValue: number | null;
}

/** How one window call is evaluated. */
export type WindowFunctionKind =
  /** step / inverse / value over the frame (aggregates and the ranking functions). */
  | "aggregate"
  /** min()/max() over a frame that does not start at UNBOUNDED PRECEDING. */
  | "minMax"
  /** first_value / nth_value: the row at a position in the frame. */
  | "position"
  /** lag / lead: the row at an offset from the current row. */
  | "offset";

/** A window function resolved for one call. */
export interface WindowFunctionDef {
  name: string;
  /** The step/inverse/value functions (slow-mode forms for first_value / nth_value). */
  fn: AggregateFunction | null;
  kind: WindowFunctionKind;
  /** The frame SQLite forces, or null to use the call's own. */
  forced: ForcedFrame | null;
  /** lead (true) or lag (false). */
  lead: boolean;
}

const forced = (
  unit: ForcedFrame["unit"],
  start: FrameBoundType,
  end: FrameBoundType,
  startValue: number | null = null,
): ForcedFrame => ({ unit, start, end, startValue });

const RANKING: [AggregateFunction, ForcedFrame][] = [
  [ROW_NUMBER, forced("rows", "unboundedPreceding", "currentRow")],
  [DENSE_RANK, forced("range", "unboundedPreceding", "currentRow")],
  [RANK, forced("range", "unboundedPreceding", "currentRow")],
  [PERCENT_RANK, forced("groups", "currentRow", "unboundedFollowing")],
  [CUME_DIST, forced("groups", "following", "unboundedFollowing", 1)],
  [NTILE, forced("rows", "currentRow", "unboundedFollowing")],
];

/** The window-only functions that are aggregate objects: all but lag and lead. */
export const WINDOW_ONLY: readonly AggregateFunction[] = [
  ...RANKING.map(([fn]) => fn),
  LAST_VALUE,
  FIRST_VALUE,
  NTH_VALUE,
];

const LAG_FRAME = forced("rows", "unboundedPreceding", "currentRow");
const LEAD_FRAME = forced("rows", "unboundedPreceding", "unboundedFollowing");

/**
 * The window function `name` (lower case) with `argc` arguments, or undefined. `bounded`
 * says the call's frame starts elsewhere than UNBOUNDED PRECEDING.
 */
export function windowFunction(
  name: string,
  argc: number,
  bounded: boolean,
): WindowFunctionDef | undefined {
  for (const [fn, frame] of RANKING) {
    if (fn.name === name) {
      return argc >= fn.minArgs && argc <= fn.maxArgs
        ? { name, fn, kind: "aggregate", forced: frame, lead: false }
        : undefined;
    }
  }
  switch (name) {
    case "last_value":
      return argc === 1
        ? { name, fn: LAST_VALUE, kind: "aggregate", forced: null, lead: false }
        : undefined;
    case "first_value":
      return argc === 1
        ? { name, fn: FIRST_VALUE, kind: "position", forced: null, lead: false }
        : undefined;
    case "nth_value":
      return argc === 2
        ? { name, fn: NTH_VALUE, kind: "position", forced: null, lead: false }
        : undefined;
    case "lag":
    case "lead":
      return argc >= 1 && argc <= 3
        ? {
          name,
          fn: null,
          kind: "offset",
          forced: name === "lead" ? LEAD_FRAME : LAG_FRAME,
          lead: name === "lead",
        }
        : undefined;
  }
  const fn = aggregateFunction(name, argc);
  if (fn === undefined) return undefined;
  const minMax = bounded && argc === 1 && (fn.name === "min" || fn.name === "max");
  return { name, fn, kind: minMax ? "minMax" : "aggregate", forced: null, lead: false };
}
