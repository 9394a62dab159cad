/**
 * The shape every aggregate function has (SQLite's xStep / xFinal / xInverse / xValue).
 *
 * The engine owns everything around the calls: it evaluates the arguments into registers,
 * decides which rows reach `step` (DISTINCT, FILTER) and in what order (the ORDER BY of
 * `group_concat(x ORDER BY y)`), and for a window frame calls `inverse` for each row that
 * leaves the frame before `step` for the row that enters it, then `value`. Aggregates
 * never keep a reference to an argument register: registers are reused between calls.
 */
import type { Collation } from "../../value/collation.ts";
import type { Reg } from "../../value/reg.ts";
import type { TextEncoding } from "../../value/types.ts";

/** What an aggregate needs to know about where it runs, fixed when its state is created. */
export interface AggregateContext {
  /** The database's text encoding: how a BLOB reads as text or as a number. */
  readonly encoding: TextEncoding;
  /**
   * The collating sequence of the call (`min(x)` compares texts with the collation of `x`,
   * or of `min(x COLLATE NOCASE)`). Absent means BINARY for {@link encoding}. Only `min`
   * and `max` use it.
   */
  readonly collation?: Collation;
}

/**
 * One aggregate function. `S` is its per-group state, made by `create` and updated in
 * place by the other methods (method syntax keeps `AggregateFunction<S>` assignable to
 * `AggregateFunction` for the registry).
 */
export interface AggregateFunction<S = unknown> {
  /** Lower-case name, as SQL calls it. */
  readonly name: string;
  /** Fewest arguments accepted (`count(*)` is `count` with zero arguments). */
  readonly minArgs: number;
  /** Most arguments accepted. */
  readonly maxArgs: number;
  /** A fresh state for one group (or one window partition). */
  create(ctx: AggregateContext): S;
  /**
   * Adds one row; `args` holds the evaluated arguments. May throw `SqliteError`. `min` and
   * `max` return true when the row became the best (or came while there was none); no
   * other function returns true.
   */
  step(state: S, args: readonly Reg[]): void | boolean;
  /** Writes the result for the rows stepped so far into `out`. May throw `SqliteError`. */
  final(state: S, out: Reg): void;
  /**
   * Removes a row previously added with `step` (the oldest one still in the window
   * frame). Absent for aggregates SQLite cannot undo (`min`, `max`): the engine then
   * recomputes the frame.
   */
  inverse?(state: S, args: readonly Reg[]): void;
  /** Writes the current result of a window frame into `out`, leaving the state usable. */
  value?(state: S, out: Reg): void;
}
