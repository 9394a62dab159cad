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
import { copyReg, newReg, type Reg, setNull } from "../../value/reg.ts";
import { type SqlValue, StorageClass, TextEncoding } from "../../value/types.ts";
import { decodeText } from "../../format/text.ts";
import { compareTextBinary } from "../../format/index_key.ts";
import type { AggregateContext, AggregateFunction } from "./types.ts";

/** The best value so far (class `Null` until a non-NULL value arrives). */
export interface MinMaxState {
  readonly coll: Collation;
  v: SqlValue;
  c: StorageClass;
  /**
   * The best's UTF-8 bytes when {@link stepMinMaxText} made it the best (and nothing has
   * replaced it since), for that step's byte comparisons; null otherwise. A TEXT best whose
   * `v` is null is known by these alone until it is read ({@link settle}).
   */
  bytes: Uint8Array | null;
}

/** The best's value, decoded from its bytes if {@link stepMinMaxText} left it at that. */
function settle(state: MinMaxState): void {
  const b = state.bytes;
  if (b && state.v === null) state.v = decodeText(b, 0, b.length, TextEncoding.Utf8);
}

function createMinMax(ctx: AggregateContext): MinMaxState {
  return {
    coll: ctx.collation ?? binaryCollation(ctx.encoding),
    v: null,
    c: StorageClass.Null,
    bytes: null,
  };
}

/**
 * A step of `max` (`sign` 1) or `min` (-1): keeps `arg` if it beats the best so far.
 * Returns whether the row is the new best, or came while there was none yet: SQLite then
 * takes the bare columns of an aggregate query from it (the steps of MIN and MAX return
 * it; see AggregateCalls.hit).
 */
function stepMinMax(state: MinMaxState, arg: Reg, sign: number): boolean {
  settle(state);
  const none = state.c === StorageClass.Null;
  if (arg.c === StorageClass.Null) return none;
  const v = arg.v;
  if (typeof v === "number") return stepMinMaxNumber(state, v, arg.c, sign);
  if (!none && compareValues(state.v, v, state.coll) * sign >= 0) return false;
  // A blob register may view a page buffer that is reused later: keep a copy.
  state.v = arg.c === StorageClass.Blob ? (arg.v as Uint8Array).slice() : v;
  state.c = arg.c;
  state.bytes = null;
  return true;
}

/**
 * {@link stepMinMax} for a number `v` of class `c` (INTEGER or REAL), which generated code
 * calls with a value it holds. Two numbers order as JS orders them, under every collation.
 */
export function stepMinMaxNumber(
  state: MinMaxState,
  v: number,
  c: StorageClass,
  sign: number,
): boolean {
  const best = state.v;
  if (state.c !== StorageClass.Null) {
    if (typeof best === "number") {
      if (sign > 0 ? v <= best : v >= best) return false;
    } else {
      settle(state);
      if (compareValues(state.v, v, state.coll) * sign >= 0) return false;
    }
  }
  state.v = v;
  state.c = c;
  state.bytes = null;
  return true;
}

const textArg = newReg();

/**
 * {@link stepMinMax} (`sign` 1 for max, -1 for min) under BINARY for the UTF-8 TEXT stored
 * at `d[o, o + n)` (a record's field), without decoding it unless it becomes the best:
 * against a TEXT best whose bytes are known, BINARY is the order of the bytes, and equal
 * bytes keep the first; any other best (none, a number, a blob) takes the ordinary step.
 * The same state and result as stepMinMax on the decoded text
 * (tests/js_fast_paths_test.ts).
 */
export function stepMinMaxText(
  d: Uint8Array,
  o: number,
  n: number,
  state: MinMaxState,
  sign: number,
): boolean {
  const best = state.bytes;
  if (!best) {
    textArg.v = decodeText(d, o, o + n, TextEncoding.Utf8);
    textArg.c = StorageClass.Text;
    const hit = stepMinMax(state, textArg, sign);
    if (hit) state.bytes = d.slice(o, o + n);
    textArg.v = null;
    return hit;
  }
  if (compareTextBinary(d, o, n, best) * sign <= 0) return false;
  // Better than a TEXT best: its bytes (in the best's buffer when they fit) and its value
  // decoded when read, not now (a max over ascending rows had each row make a string).
  if (best.length === n) { for (let i = 0; i < n; i++) best[i] = d[o + i]; }
  else state.bytes = d.slice(o, o + n);
  state.v = null;
  return true;
}

function resultMinMax(state: MinMaxState, out: Reg): void {
  settle(state);
  if (state.c === StorageClass.Null) setNull(out);
  else copyReg(out, state);
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
