/**
 * Window functions over stored rows: the rows of a `window` plan node, sorted by its
 * PARTITION BY then ORDER BY keys, are cut into partitions (equal PARTITION BY values,
 * NULLs equal), and each call's frame engine (`window_frame.ts`) computes one result per
 * row. Each stored row holds the node's columns, then each call's inputs (arguments,
 * FILTER value, frame offsets); it comes out as the columns followed by one result per
 * call. Rows are computed as they are read, the way SQLite returns them.
 */
import { noSuchFunction } from "../errors.ts";
import type { FrameBoundType } from "../sql/ast.ts";
import type { SortKey } from "../plan/plan.ts";
import { windowFunction, type WindowFunctionDef } from "../functions/window/registry.ts";
import type { AggregateFunction } from "../functions/aggregate/types.ts";
import type { Collation } from "../value/collation.ts";
import { compareValues } from "../value/compare.ts";
import { type Reg, setNull } from "../value/reg.ts";
import type { SqlValue, TextEncoding } from "../value/types.ts";
import type { StoredRow } from "./sorter.ts";
import { collationNamed } from "../value/collation.ts";
import {
  AggregateCall,
  type CallInputs,
  type Excluder,
  MinMaxCall,
  OffsetCall,
  PositionCall,
} from "./window_calls.ts";
import {
  FrameEngine,
  type FrameHooks,
  type FramePartition,
  type FrameShape,
} from "./window_frame.ts";

/** One window call as the runtime needs it (plain data, columns of the stored row). */
export interface WindowCallSpec {
  /** Lower-case function name. */
  name: string;
  /** A registered aggregate's implementation (with an inverse), else absent. */
  fn?: AggregateFunction;
  argc: number;
  argCol: number;
  /** FILTER value's column, or -1. */
  filterCol: number;
  /** Frame offsets' columns, or -1. */
  startCol: number;
  endCol: number;
  unit: "rows" | "range" | "groups";
  start: FrameBoundType;
  end: FrameBoundType;
  exclude: "none" | "noOthers" | "currentRow" | "group" | "ties";
  /** The call's collating sequence (min/max). */
  collation: string;
}

/** A window node as the runtime needs it. */
export interface WindowSpec {
  /** The node's own columns: the first values of every stored row. */
  nColumns: number;
  partitionBy: SortKey[];
  orderBy: SortKey[];
  calls: WindowCallSpec[];
}

interface PreparedCall {
  engine: FrameEngine;
  hooks: FrameHooks;
  io: CallInputs;
  view: PartitionView;
  /** The engine's run over the current partition, and the rows it has returned so far. */
  run: Generator<void, void, void> | null;
  returned: number;
}

/**
 * The window computation of one node, prepared once per execution. Its rows are computed
 * as they are read ({@link WindowComputer.row}), as SQLite returns each row as soon as
 * its frame is known: the callbacks of a user's window function (and its errors) for the
 * rows after the ones read have not run yet.
 */
export class WindowComputer {
  readonly #spec: WindowSpec;
  readonly #partColls: Collation[];
  readonly #orderColls: Collation[];
  readonly #calls: PreparedCall[];
  #rows: readonly StoredRow[] = [];
  /** The current partition: rows `#base .. #end - 1`. */
  #base = 0;
  #end = 0;
  /** The last row returned by {@link row}, and its index. */
  #lastRow: StoredRow | null = null;
  #last = -1;

  constructor(spec: WindowSpec, enc: TextEncoding) {
    this.#spec = spec;
    this.#partColls = spec.partitionBy.map((k) => collationNamed(k.collation, enc));
    this.#orderColls = spec.orderBy.map((k) => collationNamed(k.collation, enc));
    this.#calls = spec.calls.map((c) => this.#prepare(c, enc));
  }

  #prepare(c: WindowCallSpec, enc: TextEncoding): PreparedCall {
    const def: WindowFunctionDef | undefined = c.fn
      ? { name: c.name, fn: c.fn, kind: "aggregate", forced: null, lead: false }
      : windowFunction(c.name, c.argc, c.start !== "unboundedPreceding");
    if (!def) throw noSuchFunction(c.name);
    const order0 = this.#spec.orderBy[0];
    const frame: FrameShape = {
      // A forced frame (which has all four fields) replaces the call's, without EXCLUDE.
      ...(def.forced ?? { unit: c.unit, start: c.start, end: c.end, startValue: null }),
      exclude: def.forced ? "none" : c.exclude,
      desc: order0?.desc ?? false,
      nullsFirst: order0?.nullsFirst ?? true,
      collation: order0 ? this.#orderColls[0] : collationNamed("BINARY", enc),
    };
    const io: CallInputs = {
      rows: [],
      argCol: c.argCol,
      argc: c.argc,
      filterCol: c.filterCol,
      values: [],
      classes: [],
    };
    const coll = collationNamed(c.collation, enc);
    const view = new PartitionView(this.#spec.orderBy, this.#orderColls, c);
    let hooks: FrameHooks;
    if (frame.exclude !== "none") {
      hooks = new AggregateCall(io, enc, def.fn!, coll, this.#excluder(frame.exclude, view));
    } else if (def.kind === "minMax") {
      hooks = new MinMaxCall(io, enc, def.fn!.name === "min", coll);
    } else if (def.kind === "position") {
      hooks = new PositionCall(io, enc, def.name === "nth_value");
    } else if (def.kind === "offset") {
      hooks = new OffsetCall(io, enc, def.lead);
    } else hooks = new AggregateCall(io, enc, def.fn!, coll, null);
    return {
      engine: new FrameEngine(frame, enc),
      hooks,
      io,
      view,
      run: null,
      returned: 0,
    };
  }

  /**
   * Which rows of a frame an EXCLUDE clause leaves out. Any EXCLUDE clause, NO OTHERS too,
   * makes SQLite compute each frame from scratch instead of adding and removing rows
   * (an aggregate's state, such as sum()'s "a REAL was seen", then never outlives a row).
   */
  #excluder(kind: "noOthers" | "currentRow" | "group" | "ties", view: PartitionView): Excluder {
    if (kind === "noOthers") return () => false;
    if (kind === "currentRow") return (row, current) => row === current;
    if (kind === "group") return (row, current) => view.peers(row, current);
    return (row, current) => row !== current && view.peers(row, current);
  }

  /** Starts over `rows` (sorted by PARTITION BY then ORDER BY); nothing is computed yet. */
  start(rows: readonly StoredRow[]): void {
    this.#rows = rows;
    this.#base = this.#end = 0;
    this.#lastRow = null;
    this.#last = -1;
    for (const c of this.#calls) c.run = null;
  }

  /**
   * Output row `i` (in the order of the rows given to {@link start}): the node's columns
   * followed by one result per call. Computes as far as row `i` needs, partition after
   * partition; rows must be read in order.
   */
  row(i: number): StoredRow {
    if (i === this.#last) return this.#lastRow!;
    while (i >= this.#end) this.#nextPartition();
    const k = i - this.#base;
    for (const c of this.#calls) {
      while (c.returned <= k && !c.run!.next().done) c.returned++;
    }
    this.#last = i;
    // The output row: the node's columns, then each call's result.
    const nCols = this.#spec.nColumns;
    const nCalls = this.#calls.length;
    const values: SqlValue[] = new Array(nCols + nCalls);
    const classes: number[] = new Array(nCols + nCalls);
    const r = this.#rows[i];
    for (let j = 0; j < nCols; j++) {
      values[j] = r.values[j];
      classes[j] = r.classes[j];
    }
    for (let c = 0; c < nCalls; c++) {
      values[nCols + c] = this.#calls[c].io.values[k];
      classes[nCols + c] = this.#calls[c].io.classes[k];
    }
    return this.#lastRow = { values, classes };
  }

  /** Runs what the engine does after the last row is read (SQLite does it before it ends). */
  finish(): void {
    for (const c of this.#calls) {
      if (c.run) { while (!c.run.next().done); }
      c.run = null;
    }
  }

  /** Ends the current partition and starts the next. */
  #nextPartition(): void {
    this.finish();
    const rows = this.#rows, spec = this.#spec;
    const start = this.#end;
    let end = start + 1;
    while (
      end < rows.length && sameKeys(rows[start], rows[end], spec.partitionBy, this.#partColls)
    ) end++;
    const part = rows.slice(start, end);
    this.#base = start;
    this.#end = end;
    for (const c of this.#calls) {
      c.view.rows = part;
      c.io.rows = part;
      // Written row after row, each before it is read.
      c.io.values = [];
      c.io.classes = [];
      c.returned = 0;
      c.run = c.engine.run(c.view, c.hooks);
    }
  }
}

/** One partition as the frame engine reads it, for the call being computed. */
class PartitionView implements FramePartition {
  rows: readonly StoredRow[] = [];
  declare readonly call: WindowCallSpec;
  readonly #order: readonly SortKey[];
  readonly #colls: readonly Collation[];

  constructor(order: readonly SortKey[], colls: readonly Collation[], call: WindowCallSpec) {
    this.#order = order;
    this.#colls = colls;
    this.call = call;
  }

  get n(): number {
    return this.rows.length;
  }

  peers(a: number, b: number): boolean {
    return sameKeys(this.rows[a], this.rows[b], this.#order, this.#colls);
  }

  orderValue(i: number, out: Reg): void {
    this.#read(i, !this.#order.length ? -1 : this.#order[0].column, out);
  }

  offset(which: "start" | "end", i: number, out: Reg): void {
    this.#read(i, which === "start" ? this.call.startCol : this.call.endCol, out);
  }

  /** Column `col` of row `i` into `out`: NULL for row -1 or column -1. */
  #read(i: number, col: number, out: Reg): void {
    if (i < 0 || col < 0) return setNull(out);
    out.v = this.rows[i].values[col];
    out.c = this.rows[i].classes[col];
  }
}

/** Rows `a` and `b` have equal values under `keys` (NULLs equal). */
function sameKeys(
  a: StoredRow,
  b: StoredRow,
  keys: readonly SortKey[],
  colls: readonly Collation[],
): boolean {
  for (let i = 0; i < keys.length; i++) {
    const col = keys[i].column;
    if (compareValues(a.values[col], b.values[col], colls[i]) !== 0) return false;
  }
  return true;
}
