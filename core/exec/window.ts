/**
 * Window functions over stored rows: the rows of a `window` plan node, sorted by its
 * PARTITION BY then ORDER BY keys, are cut into partitions (equal PARTITION BY values,
 * NULLs equal), and each call's frame engine (`window_frame.ts`) computes one result per
 * row. Each stored row holds the node's columns, then each call's inputs (arguments,
 * FILTER value, frame offsets); it comes out as the columns followed by one result per
 * call.
 */
import { SqliteError } from "../errors.ts";
import type { FrameBoundType } from "../sql/ast.ts";
import type { SortKey } from "../plan/plan.ts";
import { windowFunction, type WindowFunctionDef } from "../functions/window/registry.ts";
import type { AggregateFunction } from "../functions/aggregate/types.ts";
import type { Collation } from "../value/collation.ts";
import { compareValues } from "../value/compare.ts";
import type { Reg } from "../value/reg.ts";
import { type SqlValue, StorageClass, type TextEncoding } from "../value/types.ts";
import { collationNamed, type StoredRow } from "./sorter.ts";
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
  spec: WindowCallSpec;
  engine: FrameEngine;
  hooks: FrameHooks;
  io: CallInputs;
}

/** The window computation of one node, prepared once per execution. */
export class WindowComputer {
  readonly #spec: WindowSpec;
  readonly #partColls: Collation[];
  readonly #orderColls: Collation[];
  readonly #calls: PreparedCall[];
  readonly #view: PartitionView;

  constructor(spec: WindowSpec, enc: TextEncoding) {
    this.#spec = spec;
    this.#partColls = spec.partitionBy.map((k) => collationNamed(k.collation, enc));
    this.#orderColls = spec.orderBy.map((k) => collationNamed(k.collation, enc));
    this.#calls = spec.calls.map((c) => this.#prepare(c, enc));
    this.#view = new PartitionView(spec.orderBy, this.#orderColls);
  }

  #prepare(c: WindowCallSpec, enc: TextEncoding): PreparedCall {
    const def: WindowFunctionDef | undefined = c.fn
      ? { name: c.name, fn: c.fn, kind: "aggregate", forced: null, lead: false }
      : windowFunction(c.name, c.argc, c.start !== "unboundedPreceding");
    if (!def) throw new SqliteError("SQLITE_ERROR", `no such function: ${c.name}`);
    const order0 = this.#spec.orderBy[0];
    const frame: FrameShape = {
      unit: def.forced?.unit ?? c.unit,
      start: def.forced?.start ?? c.start,
      end: def.forced?.end ?? c.end,
      exclude: def.forced ? "none" : c.exclude,
      startValue: def.forced?.startValue ?? null,
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
    let hooks: FrameHooks;
    if (frame.exclude !== "none") {
      hooks = new AggregateCall(io, enc, def.fn!, coll, this.#excluder(frame.exclude));
    } else if (def.kind === "minMax") {
      hooks = new MinMaxCall(io, enc, def.fn!.name === "min", coll);
    } else if (def.kind === "position") {
      hooks = new PositionCall(io, enc, def.name === "nth_value");
    } else if (def.kind === "offset") {
      hooks = new OffsetCall(io, enc, def.lead);
    } else hooks = new AggregateCall(io, enc, def.fn!, coll, null);
    return { spec: c, engine: new FrameEngine(frame, enc), hooks, io };
  }

  /**
   * Which rows of a frame an EXCLUDE clause leaves out. Any EXCLUDE clause, NO OTHERS too,
   * makes SQLite compute each frame from scratch instead of adding and removing rows
   * (an aggregate's state, such as sum()'s "a REAL was seen", then never outlives a row).
   */
  #excluder(kind: "noOthers" | "currentRow" | "group" | "ties"): Excluder {
    if (kind === "noOthers") return () => false;
    if (kind === "currentRow") return (row, current) => row === current;
    if (kind === "group") return (row, current) => this.#peers(row, current);
    return (row, current) => row !== current && this.#peers(row, current);
  }

  #rows: readonly StoredRow[] = [];
  #base = 0;

  #peers(a: number, b: number): boolean {
    const rows = this.#rows, base = this.#base;
    return sameKeys(rows[base + a], rows[base + b], this.#spec.orderBy, this.#orderColls);
  }

  /** Computes every call over `rows` (sorted); returns the output rows in the same order. */
  compute(rows: StoredRow[]): StoredRow[] {
    const spec = this.#spec;
    const nCols = spec.nColumns;
    const nCalls = this.#calls.length;
    const out: StoredRow[] = new Array(rows.length);
    this.#rows = rows;
    let start = 0;
    while (start < rows.length) {
      let end = start + 1;
      while (
        end < rows.length && sameKeys(rows[start], rows[end], spec.partitionBy, this.#partColls)
      ) end++;
      const part = rows.slice(start, end);
      this.#base = start;
      const view = this.#view;
      view.rows = part;
      for (const c of this.#calls) {
        view.call = c.spec;
        c.io.rows = part;
        c.io.values = new Array(part.length).fill(null);
        c.io.classes = new Array(part.length).fill(StorageClass.Null);
        c.engine.run(view, c.hooks);
      }
      for (let i = 0; i < part.length; i++) {
        const values: SqlValue[] = new Array(nCols + nCalls);
        const classes: number[] = new Array(nCols + nCalls);
        const r = part[i];
        for (let j = 0; j < nCols; j++) {
          values[j] = r.values[j];
          classes[j] = r.classes[j];
        }
        for (let k = 0; k < nCalls; k++) {
          values[nCols + k] = this.#calls[k].io.values[i];
          classes[nCols + k] = this.#calls[k].io.classes[i];
        }
        out[start + i] = { values, classes };
      }
      start = end;
    }
    return out;
  }
}

/** One partition as the frame engine reads it, for the call being computed. */
class PartitionView implements FramePartition {
  rows: readonly StoredRow[] = [];
  call!: WindowCallSpec;
  readonly #order: readonly SortKey[];
  readonly #colls: readonly Collation[];

  constructor(order: readonly SortKey[], colls: readonly Collation[]) {
    this.#order = order;
    this.#colls = colls;
  }

  get n(): number {
    return this.rows.length;
  }

  peers(a: number, b: number): boolean {
    return sameKeys(this.rows[a], this.rows[b], this.#order, this.#colls);
  }

  orderValue(i: number, out: Reg): void {
    if (i < 0 || this.#order.length === 0) {
      out.v = null;
      out.c = StorageClass.Null;
      return;
    }
    const col = this.#order[0].column;
    out.v = this.rows[i].values[col];
    out.c = this.rows[i].classes[col];
  }

  offset(which: "start" | "end", i: number, out: Reg): void {
    const col = which === "start" ? this.call.startCol : this.call.endCol;
    out.v = col < 0 ? null : this.rows[i].values[col];
    out.c = col < 0 ? StorageClass.Null : this.rows[i].classes[col];
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
