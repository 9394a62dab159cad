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

/**
 * The window-only functions that are aggregate objects (all but lag and lead): how each
 * is evaluated and the frame SQLite forces on it (null: the call's own frame).
 */
const WINDOW_DEFS: [AggregateFunction, WindowFunctionKind, ForcedFrame | null][] = [
  [ROW_NUMBER, "aggregate", forced("rows", "unboundedPreceding", "currentRow")],
  [DENSE_RANK, "aggregate", forced("range", "unboundedPreceding", "currentRow")],
  [RANK, "aggregate", forced("range", "unboundedPreceding", "currentRow")],
  [PERCENT_RANK, "aggregate", forced("groups", "currentRow", "unboundedFollowing")],
  [CUME_DIST, "aggregate", forced("groups", "following", "unboundedFollowing", 1)],
  [NTILE, "aggregate", forced("rows", "currentRow", "unboundedFollowing")],
  [LAST_VALUE, "aggregate", null],
  [FIRST_VALUE, "position", null],
  [NTH_VALUE, "position", null],
];

/** The window-only functions that are aggregate objects: all but lag and lead. */
export const WINDOW_ONLY: readonly AggregateFunction[] = WINDOW_DEFS.map(([fn]) => fn);

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
  for (const [fn, kind, frame] of WINDOW_DEFS) {
    if (fn.name === name) {
      return argc >= fn.minArgs && argc <= fn.maxArgs
        ? { name, fn, kind, forced: frame, lead: false }
        : undefined;
    }
  }
  if (name === "lag" || name === "lead") {
    const lead = name === "lead";
    return argc >= 1 && argc <= 3
      ? { name, fn: null, kind: "offset", forced: lead ? LEAD_FRAME : LAG_FRAME, lead }
      : undefined;
  }
  const fn = aggregateFunction(name, argc);
  if (!fn) return undefined;
  const minMax = bounded && argc === 1 && (fn.name === "min" || fn.name === "max");
  return { name, fn, kind: minMax ? "minMax" : "aggregate", forced: null, lead: false };
}
