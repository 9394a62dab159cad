/**
 * The window-only functions SQLite implements with the aggregate interface (xStep,
 * xInverse, xValue, xFinal), each meant to run over the frame SQLite forces on it
 * (see `registry.ts`): `row_number`, `rank`, `dense_rank`, `percent_rank`, `cume_dist`,
 * `ntile` and `last_value`; plus the "slow mode" forms of `first_value` and `nth_value`
 * used when the frame has an EXCLUDE clause (otherwise the engine reads those two by
 * position). The counters follow SQLite's window.c: what a function returns depends only
 * on how many rows were stepped and inverted, in the order the frame engine does it.
 */
import { sqlError } from "../../errors.ts";
import { mustBeInt } from "../../exec/limit.ts";
import { toInt } from "../../value/coerce.ts";
import { copyReg, type Reg, setInt, setNull, setReal } from "../../value/reg.ts";
import { MAX_SAFE_INT, type SqlValue, StorageClass, type TextEncoding } from "../../value/types.ts";
import type { AggregateContext, AggregateFunction } from "../aggregate/types.ts";

/** Counters shared by the ranking functions (SQLite's CallCount). */
interface CallCount {
  nValue: number;
  nStep: number;
  nTotal: number;
}

const newCount = (): CallCount => ({ nValue: 0, nStep: 0, nTotal: 0 });
const noStep = (): void => {};

/**
 * A ranking function (no arguments) over a {@link CallCount}: `result` is both its value
 * and its final result.
 */
function ranking(
  name: string,
  step: (p: CallCount) => void,
  inverse: (p: CallCount) => void,
  result: (p: CallCount, out: Reg) => void,
): AggregateFunction<CallCount> {
  return {
    name,
    minArgs: 0,
    maxArgs: 0,
    create: newCount,
    step,
    inverse,
    value: result,
    final: result,
  };
}

/**
 * Counts a row in `nStep`: row_number's step; percent_rank's and cume_dist's inverse
 * (the rows that left the frame).
 */
const countStep = (p: CallCount): void => {
  p.nStep++;
};
/** Counts a row in `nTotal`: percent_rank's and cume_dist's step (the partition's rows). */
const countTotal = (p: CallCount): void => {
  p.nTotal++;
};

/** `row_number()`: rows stepped so far (frame ROWS UNBOUNDED PRECEDING .. CURRENT ROW). */
export const ROW_NUMBER: AggregateFunction<CallCount> = ranking(
  "row_number",
  countStep,
  noStep,
  (p, out) => setInt(out, p.nStep),
);

/** `dense_rank()`: one more per peer group (frame RANGE UNBOUNDED PRECEDING .. CURRENT ROW). */
export const DENSE_RANK: AggregateFunction<CallCount> = ranking(
  "dense_rank",
  (p) => {
    p.nStep = 1;
  },
  noStep,
  (p, out) => {
    if (p.nStep) {
      p.nValue++;
      p.nStep = 0;
    }
    setInt(out, p.nValue);
  },
);

/** `rank()`: the row number of the first peer (frame RANGE UNBOUNDED PRECEDING .. CURRENT ROW). */
export const RANK: AggregateFunction<CallCount> = ranking(
  "rank",
  (p) => {
    p.nStep++;
    if (p.nValue === 0) p.nValue = p.nStep;
  },
  noStep,
  (p, out) => {
    setInt(out, p.nValue);
    p.nValue = 0;
  },
);

/** `percent_rank()` (frame GROUPS CURRENT ROW .. UNBOUNDED FOLLOWING). */
export const PERCENT_RANK: AggregateFunction<CallCount> = ranking(
  "percent_rank",
  countTotal,
  countStep,
  (p, out) => {
    p.nValue = p.nStep;
    setReal(out, p.nTotal > 1 ? p.nValue / (p.nTotal - 1) : 0);
  },
);

/** `cume_dist()` (frame GROUPS 1 FOLLOWING .. UNBOUNDED FOLLOWING). */
export const CUME_DIST: AggregateFunction<CallCount> = ranking(
  "cume_dist",
  countTotal,
  countStep,
  (p, out) => setReal(out, p.nStep / p.nTotal),
);

interface NtileState {
  enc: TextEncoding;
  nTotal: number;
  nParam: number;
  iRow: number;
}

function ntileValue(p: NtileState, out: Reg): void {
  if (p.nParam <= 0) return setNull(out);
  const nSize = Math.trunc(p.nTotal / p.nParam);
  if (nSize === 0) return setInt(out, p.iRow + 1);
  const nLarge = p.nTotal - p.nParam * nSize;
  const iSmall = nLarge * (nSize + 1);
  const iRow = p.iRow;
  setInt(
    out,
    iRow < iSmall
      ? 1 + Math.trunc(iRow / (nSize + 1))
      : 1 + nLarge + Math.trunc((iRow - iSmall) / nSize),
  );
}

/**
 * `ntile(N)` (frame ROWS CURRENT ROW .. UNBOUNDED FOLLOWING): N is read, as an integer,
 * from the partition's first row.
 */
export const NTILE: AggregateFunction<NtileState> = {
  name: "ntile",
  minArgs: 1,
  maxArgs: 1,
  create: (ctx: AggregateContext) => ({ enc: ctx.encoding, nTotal: 0, nParam: 0, iRow: 0 }),
  step(p, args) {
    if (p.nTotal === 0) {
      const n = toInt(args[0], p.enc);
      // Huge values behave as "more buckets than rows".
      p.nParam = typeof n === "bigint" ? (n > 0n ? MAX_SAFE_INT : -1) : n;
      if (p.nParam <= 0) {
        throw sqlError("argument of ntile must be a positive integer");
      }
    }
    p.nTotal++;
  },
  inverse(p) {
    p.iRow++;
  },
  value: ntileValue,
  final: ntileValue,
};

/** A kept value (SQLite's sqlite3_value_dup); `has` distinguishes a kept NULL from none. */
interface KeptValue {
  has: boolean;
  v: SqlValue;
  c: StorageClass;
  n: number;
}

const newKept = (): KeptValue => ({ has: false, v: null, c: StorageClass.Null, n: 0 });

function keep(p: KeptValue, r: Reg): void {
  p.has = true;
  copyReg(p, r);
}

function keptValue(p: KeptValue, out: Reg): void {
  if (p.has) copyReg(out, p);
  else setNull(out);
}

/** `last_value(x)`: the last row stepped, forgotten when every stepped row was inverted. */
export const LAST_VALUE: AggregateFunction<KeptValue> = {
  name: "last_value",
  minArgs: 1,
  maxArgs: 1,
  create: newKept,
  step(p, args) {
    keep(p, args[0]);
    p.n++;
  },
  inverse(p) {
    p.n--;
    if (p.n === 0) p.has = false;
  },
  value: keptValue,
  final: keptValue,
};

/** `first_value(x)` in slow mode: the first row stepped (even a NULL). */
export const FIRST_VALUE: AggregateFunction<KeptValue> = {
  name: "first_value",
  minArgs: 1,
  maxArgs: 1,
  create: newKept,
  step(p, args) {
    if (!p.has) keep(p, args[0]);
  },
  value: keptValue,
  final: keptValue,
};

/** nth_value's error for an N that is not a positive integer. */
const NTH_ERROR = "second argument to nth_value must be a positive integer";

/**
 * The N of nth_value as its step function, and window_calls.ts's PositionCall, read it
 * (sqlite3_value_numeric_type rules): an INTEGER after NUMERIC affinity (a whole REAL or
 * numeric text is one), and positive.
 */
export function nthArgument(r: Reg, enc: TextEncoding): number {
  let n: number | bigint;
  try {
    n = mustBeInt(r, enc);
  } catch {
    throw sqlError(NTH_ERROR);
  }
  if (n <= 0) throw sqlError(NTH_ERROR);
  return Number(n);
}

interface NthState extends KeptValue {
  enc: TextEncoding;
}

/** `nth_value(x, N)` in slow mode: the N-th row stepped. */
export const NTH_VALUE: AggregateFunction<NthState> = {
  name: "nth_value",
  minArgs: 2,
  maxArgs: 2,
  create: (ctx: AggregateContext) => ({ ...newKept(), enc: ctx.encoding }),
  step(p, args) {
    const n = nthArgument(args[1], p.enc);
    p.n++;
    if (n === p.n) keep(p, args[0]);
  },
  value: keptValue,
  final: keptValue,
};
