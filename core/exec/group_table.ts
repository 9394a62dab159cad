/**
 * The groups of a hash aggregation: found by the key of their GROUP BY values (equal
 * under the group collations, INTEGER 1 and REAL 1.0 together, NULLs together), then
 * handed out in key order (each key ascending or descending) as SQLite's sorter-based
 * GROUP BY emits them.
 */
import type { Collation } from "../value/collation.ts";
import { compareValues } from "../value/compare.ts";
import type { Reg } from "../value/reg.ts";
import { StorageClass } from "../value/types.ts";
import type { GroupState } from "./aggregate_calls.ts";
import { rowKey } from "./key_hash.ts";

/** Groups by key. */
export class GroupTable {
  readonly #map = new Map<unknown, GroupState>();
  /** Groups in creation order until {@link sorted}, then in key order. */
  groups: GroupState[] = [];
  readonly #folds: string[];
  readonly #colls: readonly Collation[];
  readonly #desc: readonly boolean[];

  /** `desc[i]`: key `i` sorts descending (NULLs last). */
  constructor(colls: readonly Collation[], desc: readonly boolean[] = []) {
    this.#colls = colls;
    this.#desc = desc;
    this.#folds = colls.map((c) => c.name);
  }

  /** The group of the key in `regs[start .. start + n)`, or undefined. */
  find(regs: readonly Reg[], start: number, n: number): GroupState | undefined {
    this.#lastMap = this.#map;
    if (n === 1) {
      // One key: a whole number or a BINARY text is its own key (see #ints, #texts).
      const r = regs[start];
      const int = safeIntegerKey(r);
      if (int !== undefined) {
        this.#lastMap = this.#ints;
        this.#lastKey = int;
        return this.#ints.get(int);
      }
      const text = this.#binaryText(r, 0);
      if (text !== undefined) {
        this.#lastMap = this.#texts;
        this.#lastKey = text;
        return this.#texts.get(text);
      }
    }
    if (n === 2) {
      // Two small whole numbers: one number holds both (see #pairs).
      const a = safeIntegerKey(regs[start]), b = safeIntegerKey(regs[start + 1]);
      const key = pairKey(a, b);
      if (key !== undefined) {
        this.#lastMap = this.#pairs;
        this.#lastKey = key;
        return this.#pairs.get(key);
      }
      // Whole numbers and BINARY texts: a map per first key (see #nested).
      const first = a ?? this.#binaryText(regs[start], 0);
      const second = b ?? this.#binaryText(regs[start + 1], 1);
      if (first !== undefined && second !== undefined) {
        let inner = this.#nested.get(first);
        if (!inner) this.#nested.set(first, inner = new Map());
        this.#lastMap = inner;
        this.#lastKey = second;
        return inner.get(second);
      }
    }
    const key = rowKey(regs, start, n, this.#folds);
    this.#lastKey = key;
    return this.#map.get(key);
  }

  /** Adds `g` under the key of the last {@link find}. */
  add(g: GroupState): void {
    this.#lastMap.set(this.#lastKey, g);
    this.groups.push(g);
  }

  /**
   * Groups of a single key that is a whole number within ±2^53 (INTEGER, or a REAL equal
   * to one), by that number, and of a single TEXT key under BINARY, by the text: what
   * rowKey would spell `I…;` or `T…:…`, without building the string. Keys of other
   * classes never equal these, so the three maps cannot split a group.
   */
  #ints = new Map<unknown, GroupState>();
  #texts = new Map<unknown, GroupState>();
  /**
   * Groups of two keys that are whole numbers in [0, 2^15) each (as {@link #ints} takes
   * them), by one number made of both ({@link pairKey}): what rowKey would spell
   * `I…;I…;`, without building the string. Other keys never equal these.
   */
  #pairs = new Map<unknown, GroupState>();
  /**
   * Groups of two keys that are each a whole number (as {@link #ints} takes them) or a
   * BINARY text, by the first, then the second (a number never equals a text, as rowKey's
   * `I` and `T` never do). Other keys never equal these.
   */
  #nested = new Map<unknown, Map<unknown, GroupState>>();

  /** `r`'s text when it is TEXT and key `i` compares under BINARY. */
  #binaryText(r: Reg, i: number): string | undefined {
    return r.c === StorageClass.Text && this.#folds[i] === "BINARY" ? r.v as string : undefined;
  }
  /** The map and key of the last {@link find}, for {@link add}. */
  #lastMap = this.#map;
  #lastKey: unknown = "";

  /**
   * Whether `g`'s key (its first `n` stored values) equals `regs[start .. start + n)` under
   * the group collations (streaming aggregation: the key changed or not).
   */
  sameKey(g: GroupState, regs: readonly Reg[], start: number, n: number): boolean {
    for (let i = 0; i < n; i++) {
      if (compareValues(g.stored[i], regs[start + i].v, this.#colls[i]) !== 0) return false;
    }
    return true;
  }

  /** Orders the groups by their stored key values (the first `nKeys` stored values). */
  sorted(nKeys: number): void {
    const colls = this.#colls;
    const desc = this.#desc;
    this.groups.sort((a, b) => {
      for (let i = 0; i < nKeys; i++) {
        const c = compareValues(a.stored[i], b.stored[i], colls[i]);
        if (c !== 0) return desc[i] ? -c : c;
      }
      return 0;
    });
  }
}

/**
 * One small integer (below 2^30, which Maps hash fastest) for a pair of whole numbers in
 * [0, 2^15) each, distinct for distinct pairs; undefined for any other pair.
 */
function pairKey(a: number | undefined, b: number | undefined): number | undefined {
  return a !== undefined && b !== undefined && a >= 0 && b >= 0 && a < 32768 && b < 32768
    ? a * 32768 + b
    : undefined;
}

/** `r`'s value as a safe whole number when it is INTEGER or a REAL equal to one. */
function safeIntegerKey(r: Reg): number | undefined {
  const v = r.v;
  if (typeof v !== "number" || !Number.isSafeInteger(v)) return undefined;
  // A REAL key equal to an INTEGER is that INTEGER's group (-0.0 is 0).
  return r.c === StorageClass.Integer || r.c === StorageClass.Real ? v + 0 : undefined;
}
