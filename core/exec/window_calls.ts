/**
 * What the frame engine (`window_frame.ts`) does to each kind of window call, as SQLite's
 * window.c does it:
 * - aggregates and ranking functions: xStep / xInverse / xValue on one state, rows whose
 *   FILTER is not true skipped both ways; an aggregate without xInverse (or xValue) is
 *   recomputed from the rows still in the frame;
 * - min()/max() over a frame not starting at UNBOUNDED PRECEDING: an ordered multiset of
 *   the frame's non-NULL values (SQLite's ephemeral index), the result its last entry;
 * - first_value / nth_value: the row at a position counted from the rows inverted so far;
 * - lag / lead: the row at an offset from the current row, among the rows known so far;
 * - any call under EXCLUDE: the frame re-stepped from scratch for each row.
 */
import type { AggregateFunction } from "../functions/aggregate/types.ts";
import type { Collation } from "../value/collation.ts";
import { compareValues } from "../value/compare.ts";
import { add, subtract } from "../value/arith.ts";
import { truthValue } from "../value/coerce.ts";
import { copyReg, newReg, type Reg, setInt, setNull } from "../value/reg.ts";
import { type SqlValue, StorageClass, type TextEncoding } from "../value/types.ts";
import type { FrameHooks } from "./window_frame.ts";
import { nthArgument } from "../functions/window/ranking.ts";
import { rowidEqKey, rowidKey, RowidSeek } from "./rowid_key.ts";
import type { StoredRow } from "./sorter.ts";

/** Where a call's inputs are in the stored rows, and the partition being computed. */
export interface CallInputs {
  /** The partition's rows (stored rows, already sorted). */
  rows: readonly StoredRow[];
  /** First argument's column in a stored row. */
  argCol: number;
  argc: number;
  /** The FILTER value's column, or -1. */
  filterCol: number;
  /** Results of the partition's rows (values and classes), written by the hooks. */
  values: SqlValue[];
  classes: StorageClass[];
}

/** Shared parts: argument registers and the row reader. */
abstract class CallBase implements FrameHooks {
  declare protected readonly io: CallInputs;
  declare protected readonly enc: TextEncoding;
  declare protected readonly args: Reg[];
  protected readonly pending = newReg();

  constructor(io: CallInputs, enc: TextEncoding) {
    this.io = io;
    this.enc = enc;
    this.args = Array.from({ length: io.argc }, newReg);
  }

  /** Loads row `row`'s arguments (NULLs for -1); false when its FILTER is not true. */
  protected load(row: number): boolean {
    const io = this.io;
    if (row < 0) {
      for (const a of this.args) setNull(a);
      return io.filterCol < 0;
    }
    const r = io.rows[row];
    if (io.filterCol >= 0) {
      const c = r.classes[io.filterCol];
      if (c === StorageClass.Null) return false;
      if (truthValue({ v: r.values[io.filterCol], c }, 0, this.enc) === 0) return false;
    }
    for (let i = 0; i < io.argc; i++) this.arg(row, i, this.args[i]);
    return true;
  }

  /** Argument `i` of stored row `row`, copied into `out`. */
  protected arg(row: number, i: number, out: Reg = newReg()): Reg {
    const r = this.io.rows[row];
    out.v = r.values[this.io.argCol + i];
    out.c = r.classes[this.io.argCol + i];
    return out;
  }

  protected setResult(row: number, r: Reg): void {
    this.io.values[row] = r.v;
    this.io.classes[row] = r.c;
  }

  // Defaults for the calls that keep no frame state (lag/lead) and, for returnRow, the
  // calls whose value() leaves the result in `pending` (the others' result register too).
  reset(): void {}
  step(_row: number): void {}
  inverse(_row: number): void {}
  value(): void {}

  returnRow(current: number, _inserted: number): void {
    this.setResult(current, this.pending);
  }

  // Only an AggregateCall runs under EXCLUDE (window.ts), the one mode that re-scans.
  fullScan(_first: number, _last: number, _current: number): void {}
}

/** Which rows EXCLUDE leaves out of a frame re-scan. */
export type Excluder = (row: number, current: number) => boolean;

/** Aggregates and ranking functions (xStep / xInverse / xValue). */
export class AggregateCall extends CallBase {
  readonly #fn: AggregateFunction;
  readonly #coll: Collation;
  readonly #exclude: Excluder | null;
  #state: unknown = null;
  /** Without xInverse: the rows stepped, and how many of them were inverted. */
  readonly #live: number[] = [];
  #dead = 0;

  constructor(
    io: CallInputs,
    enc: TextEncoding,
    fn: AggregateFunction,
    coll: Collation,
    exclude: Excluder | null,
  ) {
    super(io, enc);
    this.#fn = fn;
    this.#coll = coll;
    this.#exclude = exclude;
  }

  #fresh(): unknown {
    return this.#fn.create({ encoding: this.enc, collation: this.#coll });
  }

  override reset(): void {
    this.#state = this.#fresh();
    this.#live.length = 0;
    this.#dead = 0;
  }

  override step(row: number): void {
    if (!this.load(row)) return;
    this.#fn.step(this.#state, this.args);
    if (!this.#fn.inverse) this.#live.push(row);
  }

  override inverse(row: number): void {
    if (!this.load(row)) return;
    if (this.#fn.inverse) this.#fn.inverse(this.#state, this.args);
    else this.#dead++;
  }

  override value(): void {
    const fn = this.#fn;
    if (this.#dead === 0 && fn.value) fn.value(this.#state, this.pending);
    else this.#recompute(this.#dead);
  }

  /** The frame's value from a fresh state stepped with the rows still in it. */
  #recompute(from: number): void {
    const fn = this.#fn;
    const st = this.#fresh();
    for (let i = from; i < this.#live.length; i++) {
      this.load(this.#live[i]);
      fn.step(st, this.args);
    }
    fn.final(st, this.pending);
  }

  override fullScan(first: number, last: number, current: number): void {
    const st = this.#fresh();
    for (let i = first; i <= last; i++) {
      if (this.#exclude!(i, current)) continue;
      if (!this.load(i)) continue;
      this.#fn.step(st, this.args);
    }
    this.#fn.final(st, this.pending);
    this.setResult(current, this.pending);
  }
}

/** min()/max() over a frame with a moving start: SQLite's ordered ephemeral index. */
export class MinMaxCall extends CallBase {
  readonly #coll: Collation;
  /** min keeps its index in descending value order, max ascending. */
  readonly #sign: number;
  #index: Reg[] = [];

  constructor(io: CallInputs, enc: TextEncoding, isMin: boolean, coll: Collation) {
    super(io, enc);
    this.#coll = coll;
    this.#sign = isMin ? -1 : 1;
  }

  override reset(): void {
    this.#index = [];
  }

  #cmp(v: SqlValue, w: SqlValue): number {
    return this.#sign * compareValues(v, w, this.#coll);
  }

  /** Binary search: the first entry that sorts after `v` (`after`), else at or after it. */
  #search(v: SqlValue, after: boolean): number {
    const ix = this.#index;
    let lo = 0, hi = ix.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const d = this.#cmp(ix[mid].v, v);
      if (d < 0 || (after && d === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  override step(row: number): void {
    if (!this.load(row)) return;
    const a = this.args[0];
    if (a.c === StorageClass.Null) return;
    // After every entry that does not sort after it (ties: by arrival).
    this.#index.splice(this.#search(a.v, true), 0, { v: a.v, c: a.c });
  }

  override inverse(row: number): void {
    if (!this.load(row)) return;
    const a = this.args[0];
    if (a.c === StorageClass.Null) return;
    // The first entry at or after the value (SeekGE on the value alone), if any.
    const at = this.#search(a.v, false);
    if (at < this.#index.length) this.#index.splice(at, 1);
  }

  override value(): void {
    const ix = this.#index;
    if (!ix.length) setNull(this.pending);
    else copyReg(this.pending, ix.at(-1)!);
  }
}

/** first_value / nth_value: the row at a position in the frame. */
export class PositionCall extends CallBase {
  readonly #nth: boolean;
  #steps = 0;
  #inverses = 0;

  constructor(io: CallInputs, enc: TextEncoding, nth: boolean) {
    super(io, enc);
    this.#nth = nth;
  }

  override reset(): void {
    this.#steps = 0;
    this.#inverses = 0;
  }

  override step(): void {
    this.#steps++;
  }

  override inverse(): void {
    this.#inverses++;
  }

  override returnRow(current: number): void {
    const n = this.#nth ? nthArgument(this.arg(current, 1), this.enc) : 1;
    const rowid = this.#inverses + n;
    const out = this.pending;
    if (rowid > this.#steps) setNull(out);
    else this.arg(rowid - 1, 0, out);
    this.setResult(current, out);
  }
}

/** lag / lead: the row `offset` rows before / after the current one. */
export class OffsetCall extends CallBase {
  readonly #lead: boolean;
  readonly #key = newReg();

  constructor(io: CallInputs, enc: TextEncoding, lead: boolean) {
    super(io, enc);
    this.#lead = lead;
  }

  override returnRow(current: number, inserted: number): void {
    const io = this.io;
    const out = this.pending;
    if (io.argc >= 3) this.arg(current, 2, out);
    else setNull(out);
    const key = this.#key;
    setInt(key, current + 1);
    if (io.argc < 2) setInt(key, current + 1 + (this.#lead ? 1 : -1));
    else {
      const off = this.arg(current, 1);
      if (this.#lead) add(off, key, key, this.enc);
      else subtract(key, off, key, this.enc);
    }
    if (rowidEqKey(key, this.enc) === RowidSeek.Key) {
      const k = Number(rowidKey);
      if (k >= 1 && k <= inserted) this.arg(k - 1, 0, out);
    }
    this.setResult(current, out);
  }
}
