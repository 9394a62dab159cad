/**
 * Running the aggregate calls of one GROUP BY group: per-group states, and what SQLite
 * does around xStep — `f(DISTINCT x)` steps each distinct argument tuple once (equal
 * under the call's collation), `f(x ORDER BY y)` buffers the rows and steps them in that
 * order (stable) when the group ends, and min()/max() report whether a row became the
 * new best (bare columns are then taken from that row).
 */
import type { AggregateFunction } from "../functions/aggregate/types.ts";
import { noSuchFunction } from "../errors.ts";
import type { Collation } from "../value/collation.ts";
import { newReg, type Reg } from "../value/reg.ts";
import { type SqlValue, StorageClass, type TextEncoding } from "../value/types.ts";
import { distinctKey } from "./key_hash.ts";
import { rowComparator, type StoredRow } from "./sorter.ts";
import { collationNamed } from "../value/collation.ts";
import { aggregateFunction } from "../functions/aggregate/registry.ts";
import { clearJsonSubtype, hasJsonSubtype, markJson } from "../functions/json/subtype.ts";
import type { SortKey } from "../plan/plan.ts";

/** One call as the runtime needs it. */
export interface AggCallSpec {
  name: string;
  /** A registered aggregate's implementation (`name` is then only for listings). */
  fn?: AggregateFunction;
  argc: number;
  distinct: boolean;
  collation: string;
  orderBy: { desc: boolean; nullsFirst: boolean; collation: string }[];
  /** min()/max() whose argument may be JSON-marked: the result takes the best's mark. */
  keepsJsonSubtype?: boolean;
}

/** An ordered call's buffered arguments; `json` marks those with the JSON subtype. */
type BufferedRow = StoredRow & { json?: boolean[] };

/** The state of one group: an aggregate state per call, plus stored values. */
export interface GroupState {
  states: unknown[];
  seen: (Set<string | number> | null)[];
  buffered: (BufferedRow[] | null)[];
  /** Per call: whether a min()/max() call's best value so far carries the JSON subtype. */
  bestIsJson: boolean[];
  /** Group keys then carried values, copied from the row that set them. */
  stored: SqlValue[];
  storedClasses: StorageClass[];
}

interface PreparedCall {
  fn: AggregateFunction;
  argc: number;
  distinct: boolean;
  folds: string[];
  coll: Collation;
  orderCompare: ((a: StoredRow, b: StoredRow) => number) | null;
  /** min(x) or max(x): their steps report whether the row is the new best. */
  minMax: boolean;
  keepsJsonSubtype: boolean;
  nOrder: number;
  temps: Reg[];
}

/** The aggregate calls of one Aggregate node. */
export class AggregateCalls {
  readonly #calls: PreparedCall[];
  readonly #enc: TextEncoding;
  readonly #nStored: number;

  constructor(specs: readonly AggCallSpec[], nStored: number, enc: TextEncoding) {
    this.#enc = enc;
    this.#nStored = nStored;
    this.#calls = specs.map((s) => {
      const fn = s.fn ?? aggregateFunction(s.name, s.argc);
      if (!fn) throw noSuchFunction(s.name);
      const keys: SortKey[] = s.orderBy.map((o, i) => ({
        column: s.argc + i,
        desc: o.desc,
        nullsFirst: o.nullsFirst,
        collation: o.collation,
      }));
      return {
        fn,
        argc: s.argc,
        distinct: s.distinct,
        folds: new Array(s.argc).fill(s.collation),
        coll: collationNamed(s.collation, enc),
        orderCompare: keys.length ? rowComparator(keys, enc) : null,
        minMax: !s.fn && s.argc === 1 && (fn.name === "min" || fn.name === "max"),
        keepsJsonSubtype: s.keepsJsonSubtype === true,
        nOrder: s.orderBy.length,
        temps: Array.from({ length: s.argc }, newReg),
      };
    });
  }

  /** Number of calls. */
  get count(): number {
    return this.#calls.length;
  }

  /** Registers call `i` steps with: its arguments then its ORDER BY values. */
  width(i: number): number {
    return this.#calls[i].argc + this.#calls[i].nOrder;
  }

  /**
   * Per-call arrays no call of these writes (no DISTINCT, no ORDER BY, no JSON best):
   * every group shares one, made once (GROUP BY makes a group per key).
   */
  #shared: { seen?: null[]; buffered?: null[]; bestIsJson?: boolean[] } | null = null;

  /** A fresh group. */
  newGroup(): GroupState {
    const n = this.#calls.length;
    const shared = this.#shared ??= {
      seen: this.#calls.some((c) => c.distinct) ? undefined : new Array(n).fill(null),
      buffered: this.#calls.some((c) => c.orderCompare) ? undefined : new Array(n).fill(null),
      bestIsJson: this.#calls.some((c) => c.keepsJsonSubtype)
        ? undefined
        : new Array(n).fill(false),
    };
    const g: GroupState = {
      states: new Array(n),
      seen: shared.seen ?? new Array(n).fill(null),
      buffered: shared.buffered ?? new Array(n).fill(null),
      bestIsJson: shared.bestIsJson ?? new Array(n).fill(false),
      stored: new Array(this.#nStored).fill(null),
      storedClasses: new Array(this.#nStored).fill(StorageClass.Null),
    };
    for (let i = 0; i < n; i++) {
      const c = this.#calls[i];
      g.states[i] = c.fn.create({ encoding: this.#enc, collation: c.coll });
      if (c.distinct) g.seen[i] = new Set();
      if (c.orderCompare) g.buffered[i] = [];
    }
    return g;
  }

  /**
   * Call `i`'s function's own step, for code that steps a group's state of a call without
   * DISTINCT or ORDER BY directly (`step(g.states[i], args)`); a min()/max() returns true
   * exactly when {@link step} sets {@link hit} (built-in functions use no `this`).
   */
  stepOf(i: number): (state: unknown, args: readonly Reg[]) => unknown {
    return this.#calls[i].fn.step;
  }

  /**
   * SQLite's rule for bare columns (its "magnet" register, select.c updateAccumulator):
   * whether the last min()/max() step that ran took its row as the new best, or had no best
   * yet. Only such steps set it: other calls, and a DISTINCT call's repeated argument,
   * leave it as it was.
   */
  hit = false;

  /** Steps call `i` with `args` (its arguments then its ORDER BY values); see {@link hit}. */
  step(g: GroupState, i: number, args: readonly Reg[]): void {
    const c = this.#calls[i];
    if (c.distinct) {
      const k = distinctKey(args, 0, c.argc, c.folds);
      const seen = g.seen[i]!;
      if (seen.has(k)) return;
      seen.add(k);
    }
    const buf = g.buffered[i];
    if (buf) {
      // SQLite keeps the arguments' JSON subtype through the sort (OP_GetSubtype).
      const row: BufferedRow = { values: args.map((r) => r.v), classes: args.map((r) => r.c) };
      if (args.some(hasJsonSubtype)) row.json = args.map(hasJsonSubtype);
      buf.push(row);
      return;
    }
    const took = c.fn.step(g.states[i], args) === true;
    if (!c.minMax) return;
    this.hit = took;
    // A hit with a value is a new best; one without is the first row of a group of NULLs.
    if (took && c.keepsJsonSubtype && args[0].c !== StorageClass.Null) {
      g.bestIsJson[i] = hasJsonSubtype(args[0]);
    }
  }

  /** Writes call `i`'s result for group `g` into `out`. */
  final(g: GroupState, i: number, out: Reg): void {
    const c = this.#calls[i];
    const buf = g.buffered[i];
    if (buf) {
      buf.sort(c.orderCompare!);
      for (const row of buf) {
        for (let j = 0; j < c.argc; j++) {
          c.temps[j].v = row.values[j];
          c.temps[j].c = row.classes[j];
          if (row.json?.[j]) markJson(c.temps[j]);
          else clearJsonSubtype(c.temps[j]);
        }
        c.fn.step(g.states[i], c.temps);
      }
      g.buffered[i] = [];
    }
    c.fn.final(g.states[i], out);
    if (c.keepsJsonSubtype) {
      if (g.bestIsJson[i]) markJson(out);
      else clearJsonSubtype(out);
    }
  }
}
