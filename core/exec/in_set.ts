/**
 * The candidate rows of `x IN (SELECT ...)`, gathered once and probed many times: a hash
 * of the NULL-free rows (keys under each column's comparison affinity and collation, see
 * key_hash.ts) answers most probes; when NULLs are involved the rows are scanned with the
 * three-valued row comparison of in_list.ts, so the NULL rules hold exactly.
 */
import type { Collation } from "../value/collation.ts";
import { copyReg, newReg, type Reg } from "../value/reg.ts";
import { Affinity, StorageClass, TextEncoding } from "../value/types.ts";
import { applyAffinity } from "../value/affinity.ts";
import { rowEquals, Truth } from "./in_list.ts";
import { affinityValueKey } from "./key_hash.ts";

/** A set of candidate rows for IN (SELECT ...). */
export class InSet {
  readonly #affs: readonly Affinity[];
  readonly #colls: readonly Collation[];
  readonly #enc: TextEncoding;
  #keys = new Set<string>();
  /**
   * For one-column sets under an affinity that leaves an INTEGER an INTEGER's key: the
   * candidates whose key is a safe integer, so that an INTEGER probe (the common case: ids)
   * is looked up by number without building its key.
   */
  readonly #ints = new Set<number>();
  readonly #intProbes: boolean;
  #rows: Reg[][] = [];
  #hasNullRow = false;
  readonly #hasReal: boolean;

  /** Number of columns of a candidate row. */
  declare readonly width: number;

  constructor(affs: readonly Affinity[], colls: readonly Collation[], enc = TextEncoding.Utf8) {
    this.width = affs.length;
    this.#affs = affs;
    this.#colls = colls;
    this.#enc = enc;
    this.#hasReal = affs.includes(Affinity.Real);
    this.#intProbes = affs.length === 1 && affs[0] !== Affinity.Text;
  }

  #key(regs: readonly Reg[]): string | null {
    let k = "";
    for (let i = 0; i < regs.length; i++) {
      if (regs[i].c === StorageClass.Null) return null;
      k += affinityValueKey(regs[i], this.#affs[i], this.#colls[i].name, this.#enc);
    }
    return k;
  }

  /**
   * A copy of `regs` as SQLite keeps them for the comparison: under REAL affinity an
   * INTEGER (or numeric text) becomes REAL (OP_MakeRecord, OP_Affinity), inexact beyond
   * 2^47; other affinities are applied by the comparison itself.
   */
  #keyed(regs: readonly Reg[]): Reg[] {
    return regs.map((r, i) => {
      const c = newReg();
      if (this.#affs[i] === Affinity.Real && r.c !== StorageClass.Null) {
        const t = applyAffinity(r.v, r.c, Affinity.Real, this.#enc);
        c.v = t.value;
        c.c = t.cls;
      } else copyReg(c, r);
      return c;
    });
  }

  /** Adds a candidate row (copied). */
  add(regs: readonly Reg[]): void {
    this.#rows.push(this.#keyed(regs));
    const k = this.#key(regs);
    if (k === null) this.#hasNullRow = true;
    else {
      this.#keys.add(k);
      // An integer's key is `I<digits>;` (key_hash.ts).
      const n = this.#intProbes && k.charCodeAt(0) === 0x49 ? +k.slice(1, -1) : NaN;
      if (Number.isSafeInteger(n)) this.#ints.add(n);
    }
  }

  /** Three-valued membership of the row `xs`. */
  probe(xs: readonly Reg[]): Truth {
    if (!this.#rows.length) return Truth.False;
    const x = xs[0];
    // Its key would be `I<x>;`: present exactly when the number is among #ints.
    if (
      this.#intProbes && x.c === StorageClass.Integer && typeof x.v === "number" &&
      Math.abs(x.v) < 2 ** 47
    ) {
      if (this.#ints.has(x.v)) return Truth.True;
      if (!this.#hasNullRow) return Truth.False;
    }
    const k = this.#key(xs);
    if (k !== null) {
      if (this.#keys.has(k)) return Truth.True;
      if (!this.#hasNullRow) return Truth.False;
    }
    let unknown = false;
    const keyed = this.#hasReal ? this.#keyed(xs) : xs;
    for (const row of this.#rows) {
      const t = rowEquals(keyed, row, this.#affs, this.#colls, this.#enc);
      if (t === Truth.True) return Truth.True;
      if (t === Truth.Unknown) unknown = true;
    }
    return unknown ? Truth.Unknown : Truth.False;
  }
}
