/**
 * The window frame engine: for one window call over one partition, the sequence of
 * "step a row into the frame", "invert a row out of it" and "return the current row"
 * that SQLite's sqlite3WindowCodeStep generates, replayed over the partition's rows.
 * The engine pauses after each returned row, as SQLite hands each row to its caller as
 * soon as it is known: a user function's callbacks (and errors) for the rows after it
 * have not run yet when the row is read.
 *
 * SQLite walks three cursors (start, current, end) over the partition as its rows arrive
 * and decides with countdowns (ROWS, GROUPS) or value comparisons (RANGE) when each one
 * moves; GROUPS and RANGE move a whole peer group at a time. Replaying that exact
 * sequence, rather than computing each frame from its definition, keeps the order of
 * xStep/xInverse calls (floating-point sums depend on it) and SQLite's answers for
 * ORDER BY values that are NULL, text or of mixed types.
 *
 * With an EXCLUDE clause the cursors only count, and each returned row re-scans its frame
 * (SQLite's windowFullScan).
 */
import { sqlError, type SqliteError } from "../errors.ts";
import type { FrameBoundType } from "../sql/ast.ts";
import { add, subtract } from "../value/arith.ts";
import type { Collation } from "../value/collation.ts";
import { compareValues } from "../value/compare.ts";
import { mustBeInt } from "./limit.ts";
import { applyAffinity } from "../value/affinity.ts";
import { newReg, type Reg } from "../value/reg.ts";
import { Affinity, MAX_SAFE_INT, StorageClass, type TextEncoding } from "../value/types.ts";

/** What the engine does to a call. */
export interface FrameHooks {
  /** New partition (or empty-frame row): fresh accumulators. */
  reset(): void;
  /** Row `row` enters the frame (-1: a cursor past the end, read as a row of NULLs). */
  step(row: number): void;
  /** Row `row` leaves the frame. */
  inverse(row: number): void;
  /** The frame's current aggregate value (xValue), kept for the rows returned next. */
  value(): void;
  /** The result of row `current`, while rows `0..inserted-1` of the partition are known. */
  returnRow(current: number, inserted: number): void;
  /** EXCLUDE mode: result of `current` from the frame rows `first..last` (0-based, inclusive). */
  fullScan(first: number, last: number, current: number): void;
}

/** The partition as the engine sees it. */
export interface FramePartition {
  readonly n: number;
  /** Rows `a` and `b` have equal ORDER BY values (NULLs equal; each key's collation). */
  peers(a: number, b: number): boolean;
  /** The (single) ORDER BY value of row `i` into `out`; row -1 reads NULL. */
  orderValue(i: number, out: Reg): void;
  /** A frame offset as evaluated on row `i`. */
  offset(which: "start" | "end", i: number, out: Reg): void;
}

/** A frame as the engine runs it. */
export interface FrameShape {
  unit: "rows" | "range" | "groups";
  start: FrameBoundType;
  end: FrameBoundType;
  exclude: "none" | "noOthers" | "currentRow" | "group" | "ties";
  /** A fixed start offset (cume_dist), or null to read the partition's offset. */
  startValue: number | null;
  /** RANGE: the ORDER BY term's direction, NULL placement and collation. */
  desc: boolean;
  nullsFirst: boolean;
  collation: Collation;
}

const enum Op {
  Return,
  Inverse,
  Step,
}

const enum Cd {
  None,
  Start,
  End,
}

const enum Cmp {
  Ge,
  Gt,
  Le,
  Lt,
}

const EOF = -1;

/** The error for a bad `which` offset: `kind` is "integer" (ROWS, GROUPS) or "number" (RANGE). */
function offsetError(which: "start" | "end", kind: "integer" | "number"): SqliteError {
  return sqlError(
    `frame ${which === "start" ? "starting" : "ending"} offset must be a non-negative ${kind}`,
  );
}

/** Runs one call's frame over partitions. */
export class FrameEngine {
  readonly #f: FrameShape;
  readonly #enc: TextEncoding;
  readonly #bPeer: boolean;
  readonly #range: boolean;
  readonly #exclude: boolean;
  #p!: FramePartition;
  #h!: FrameHooks;
  #ins = 0;
  #start = 0;
  #cur = 0;
  #end = 0;
  /** The first row of each cursor's peer group, by the op that moves the cursor. */
  readonly #peer = [0, 0, 0];
  #cdStart = 0;
  #cdEnd = 0;
  readonly #rStart = newReg();
  readonly #rEnd = newReg();
  #startRowid = 1;
  #endRowid = 0;
  /** Rowid of the row just inserted (main loop only; 0 while flushing). */
  #newRowid = 0;
  readonly #r1 = newReg();
  readonly #r2 = newReg();

  constructor(frame: FrameShape, enc: TextEncoding) {
    this.#f = frame;
    this.#enc = enc;
    this.#bPeer = frame.unit !== "rows";
    this.#range = frame.unit === "range";
    this.#exclude = frame.exclude !== "none";
  }

  /**
   * Computes every row's result of partition `p` through `hooks`, pausing after each row
   * returned (each `returnRow` or `fullScan`).
   */
  *run(p: FramePartition, hooks: FrameHooks): Generator<void, void, void> {
    this.#p = p;
    this.#h = hooks;
    const f = this.#f;
    const n = p.n;
    if (n === 0) return;
    this.#startRowid = 1;
    this.#endRowid = 0;
    // First row of the partition.
    this.#ins = 1;
    hooks.reset();
    const hasStart = f.start === "preceding" || f.start === "following";
    const hasEnd = f.end === "preceding" || f.end === "following";
    if (hasStart) this.#readOffset("start");
    if (hasEnd) this.#readOffset("end");
    if (!this.#range && f.start === f.end && hasStart) {
      const ok = f.start === "following"
        ? this.#cdEnd >= this.#cdStart
        : this.#cdEnd <= this.#cdStart;
      if (!ok) {
        // Every frame is empty: each row is returned on its own, as a first row.
        for (let i = 0; i < n; i++) {
          if (i > 0) {
            hooks.reset();
            if (hasStart) this.#readOffset("start");
            if (hasEnd) this.#readOffset("end");
          }
          if (!this.#exclude) hooks.value();
          yield* this.#returnRow(i);
        }
        return;
      }
    }
    if (f.start === "following" && !this.#range && hasEnd) {
      this.#cdStart = this.#cdEnd - this.#cdStart;
    }
    this.#start = this.#cur = this.#end = 0;
    this.#peer.fill(0);
    let mainPeer = 0;
    for (let i = 1; i < n; i++) {
      this.#ins = i + 1;
      this.#newRowid = i + 1;
      if (this.#bPeer) {
        if (p.peers(i, mainPeer)) continue;
        mainPeer = i;
      }
      yield* this.#mainStep(hasStart ? Cd.Start : Cd.None, hasEnd ? Cd.End : Cd.None);
    }
    this.#newRowid = 0;
    yield* this.#flush(hasStart ? Cd.Start : Cd.None, hasEnd ? Cd.End : Cd.None);
  }

  #readOffset(which: "start" | "end"): void {
    const f = this.#f;
    const r = which === "start" ? this.#rStart : this.#rEnd;
    if (which === "start" && f.startValue !== null) {
      r.v = f.startValue;
      r.c = StorageClass.Integer;
    } else this.#p.offset(which, 0, r);
    if (this.#range) {
      // NUMERIC affinity, then it must be a number >= 0 (NULL, text, blob fail).
      if (r.c === StorageClass.Text) {
        const t = applyAffinity(r.v, r.c, Affinity.Numeric, this.#enc);
        r.v = t.value;
        r.c = t.cls;
      }
      if ((r.c !== StorageClass.Integer && r.c !== StorageClass.Real) || (r.v as number) < 0) {
        throw offsetError(which, "number");
      }
      return;
    }
    let v: number | bigint = -1;
    try {
      v = mustBeInt(r, this.#enc);
    } catch {
      // Not an integer: v stays -1, the error of a negative one.
    }
    if (v < 0) throw offsetError(which, "integer");
    const num = typeof v === "bigint" ? MAX_SAFE_INT : v;
    if (which === "start") this.#cdStart = num;
    else this.#cdEnd = num;
  }

  /** The block run for each new row (each new peer group unless ROWS) after the first. */
  *#mainStep(regStart: Cd, regEnd: Cd): Generator<void, void, void> {
    const f = this.#f;
    if (f.start === "following") {
      yield* this.#op(Op.Step, Cd.None, false);
      if (f.end !== "unboundedFollowing") {
        if (this.#range) {
          while (!this.#rangeTest(Cmp.Ge, this.#cur, this.#rEnd, this.#end)) {
            yield* this.#op(Op.Inverse, regStart, false);
            yield* this.#op(Op.Return, Cd.None, false);
          }
        } else {
          yield* this.#op(Op.Return, regEnd, false);
          yield* this.#op(Op.Inverse, regStart, false);
        }
      }
    } else if (f.end === "preceding") {
      const bRPS = f.start === "preceding" && this.#range;
      yield* this.#op(Op.Step, regEnd, false);
      if (bRPS) yield* this.#op(Op.Inverse, regStart, false);
      yield* this.#op(Op.Return, Cd.None, false);
      if (!bRPS) yield* this.#op(Op.Inverse, regStart, false);
    } else {
      yield* this.#op(Op.Step, Cd.None, false);
      if (f.end !== "unboundedFollowing") {
        if (this.#range) {
          for (;;) {
            if (regEnd !== Cd.None && this.#rangeTest(Cmp.Ge, this.#cur, this.#rEnd, this.#end)) {
              break;
            }
            yield* this.#op(Op.Return, Cd.None, false);
            yield* this.#op(Op.Inverse, regStart, false);
            if (regEnd === Cd.None) break;
          }
        } else {
          if (regEnd !== Cd.None && this.#cdEnd > 0) {
            this.#cdEnd--;
          } else {
            yield* this.#op(Op.Return, Cd.None, false);
            yield* this.#op(Op.Inverse, regStart, false);
          }
        }
      }
    }
  }

  /** What runs once the partition is complete. */
  *#flush(regStart: Cd, regEnd: Cd): Generator<void, void, void> {
    const f = this.#f;
    if (f.end === "preceding") {
      const bRPS = f.start === "preceding" && this.#range;
      yield* this.#op(Op.Step, regEnd, false);
      if (bRPS) yield* this.#op(Op.Inverse, regStart, false);
      yield* this.#op(Op.Return, Cd.None, false);
    } else if (f.start === "following") {
      yield* this.#op(Op.Step, Cd.None, false);
      let broke1 = false;
      if (this.#range) {
        for (;;) {
          if (yield* this.#op(Op.Inverse, regStart, true)) break;
          if (yield* this.#op(Op.Return, Cd.None, true)) {
            broke1 = true;
            break;
          }
        }
      } else {
        // UNBOUNDED FOLLOWING: the start countdown guards the return; else the end one
        // does, counted from the start, and the start one guards the inverse.
        let cdReturn = regStart, cdInverse = Cd.None;
        if (f.end !== "unboundedFollowing") {
          this.#cdEnd = this.#cdEnd - this.#cdStart;
          this.#cdStart = 0;
          cdReturn = regEnd;
          cdInverse = regStart;
        }
        for (;;) {
          if (yield* this.#op(Op.Return, cdReturn, true)) {
            broke1 = true;
            break;
          }
          if (yield* this.#op(Op.Inverse, cdInverse, true)) break;
        }
      }
      if (!broke1) {
        while (!(yield* this.#op(Op.Return, Cd.None, true)));
      }
    } else {
      yield* this.#op(Op.Step, Cd.None, false);
      for (;;) {
        if (yield* this.#op(Op.Return, Cd.None, true)) break;
        yield* this.#op(Op.Inverse, regStart, false);
      }
    }
  }

  /**
   * One RETURN_ROW / AGGINVERSE / AGGSTEP (SQLite's windowCodeOp), guarded by a countdown
   * or a RANGE comparison. Returns true when `jumpOnEof` and the cursor ran off the end.
   */
  *#op(op: Op, cd: Cd, jumpOnEof: boolean): Generator<void, boolean, void> {
    const f = this.#f;
    if (op === Op.Inverse && f.start === "unboundedPreceding") return false;
    const h = this.#h;
    for (;;) {
      // The guard (re-tested after each peer group for RANGE).
      if (cd !== Cd.None) {
        if (this.#range) {
          const val = cd === Cd.Start ? this.#rStart : this.#rEnd;
          let done: boolean;
          if (op === Op.Inverse) {
            done = f.start === "following"
              ? this.#rangeTest(Cmp.Le, this.#cur, val, this.#start)
              : this.#rangeTest(Cmp.Ge, this.#start, val, this.#cur);
          } else done = this.#rangeTest(Cmp.Gt, this.#end, val, this.#cur);
          if (done) return false;
        } else if (cd === Cd.Start ? this.#cdStart > 0 : this.#cdEnd > 0) {
          if (cd === Cd.Start) this.#cdStart--;
          else this.#cdEnd--;
          return false;
        }
      }
      if (op === Op.Return && !this.#exclude) h.value();
      // The rows of one peer group (one row for ROWS).
      for (;;) {
        if (f.start === f.end && cd !== Cd.None && this.#range) {
          // Compares rowids (row + 1), as SQLite's cursors do; EOF has none.
          const end = this.#end;
          if (op === Op.Inverse) {
            if (this.#start !== EOF && end !== EOF && this.#start >= end) return false;
          } else if (this.#newRowid !== 0) {
            if (end !== EOF && end + 1 >= this.#newRowid) return false;
          }
        }
        let csr: number;
        switch (op) {
          case Op.Return:
            csr = this.#cur;
            yield* this.#returnRow(csr);
            break;
          case Op.Inverse:
            csr = this.#start;
            if (this.#exclude) this.#startRowid++;
            else h.inverse(csr);
            break;
          default:
            csr = this.#end;
            if (this.#exclude) this.#endRowid++;
            else h.step(csr);
            break;
        }
        const next = csr !== EOF && csr + 1 < this.#ins ? csr + 1 : EOF;
        if (op === Op.Return) this.#cur = next;
        else if (op === Op.Inverse) this.#start = next;
        else this.#end = next;
        if (next === EOF) {
          return jumpOnEof;
        }
        if (!this.#bPeer) return false;
        if (this.#p.peers(next, this.#peer[op])) continue;
        this.#peer[op] = next;
        break;
      }
      if (!(cd !== Cd.None && this.#range)) return false;
    }
  }

  *#returnRow(current: number): Generator<void, void, void> {
    if (this.#exclude) {
      this.#h.fullScan(this.#startRowid - 1, Math.min(this.#endRowid, this.#ins) - 1, current);
    } else this.#h.returnRow(current, this.#ins);
    yield;
  }

  /**
   * SQLite's windowCodeRangeTest: is `csr1.key +/- val  op  csr2.key` (the operator and
   * the sign flip for a DESC key)? A text or blob key is compared as it is; NULL keys
   * follow the ORDER BY's NULL placement.
   */
  #rangeTest(cmp: Cmp, csr1: number, val: Reg, csr2: number): boolean {
    const f = this.#f;
    // SQLite's shortcut below is for its OP_Ge test, which a DESC key turns into OP_Le.
    const geTest = cmp === Cmp.Ge;
    if (f.desc) cmp = cmp === Cmp.Ge ? Cmp.Le : cmp === Cmp.Gt ? Cmp.Lt : Cmp.Ge;
    const r1 = this.#r1, r2 = this.#r2;
    this.#p.orderValue(csr1, r1);
    this.#p.orderValue(csr2, r2);
    // Under the NULL placement that puts NULL last, a NULL key is above every other one.
    const bigNull = f.desc ? f.nullsFirst : !f.nullsFirst;
    const null1 = r1.c === StorageClass.Null, null2 = r2.c === StorageClass.Null;
    let c: number;
    if (bigNull && (null1 || null2)) c = null1 === null2 ? 0 : null1 ? 1 : -1;
    else {
      const textual = r1.c === StorageClass.Text || r1.c === StorageClass.Blob;
      if (!textual) {
        if (geTest && !null1 && !null2) {
          // Already past the bound before the offset is applied (no NULL matches here).
          const c = compareValues(r1.v, r2.v, f.collation);
          if (cmp === Cmp.Ge ? c >= 0 : c <= 0) return true;
        }
        if (f.desc) subtract(r1, val, r1, this.#enc);
        else add(r1, val, r1, this.#enc);
      }
      // NULLs compare equal to each other and below everything else.
      if (r1.c === StorageClass.Null || r2.c === StorageClass.Null) {
        c = r1.c === r2.c ? 0 : r1.c === StorageClass.Null ? -1 : 1;
      } else c = compareValues(r1.v, r2.v, f.collation);
    }
    switch (cmp) {
      case Cmp.Ge:
        return c >= 0;
      case Cmp.Gt:
        return c > 0;
      case Cmp.Le:
        return c <= 0;
      default:
        return c < 0;
    }
  }
}
