/**
 * A register: one SQL value with its storage class, mutated in place (SQLite's `Mem`).
 *
 * Why a class beside the value: INTEGER 1 and REAL 1.0 are the same JS number, yet SQLite
 * tells them apart everywhere it matters (typeof, `1/2` vs `1.0/2`, text conversion,
 * `sum()`). Every operation in `core/value` and `core/functions` reads its operands from
 * registers and writes its result into an output register, so the engine allocates no
 * object per operation: the interpreter keeps an array of registers, the JS code
 * generator keeps a pair of locals per register.
 */
import { type SqlValue, StorageClass } from "./types.ts";

/** A value and its storage class. `v` is null exactly when `c` is `StorageClass.Null`. */
export interface Reg {
  v: SqlValue;
  c: StorageClass;
}

/** A new register holding NULL. */
export function newReg(): Reg {
  return { v: null, c: StorageClass.Null };
}

/** `n` new registers holding copies of `from[0 .. n)` (NULL where `from` has none). */
export function copiedRegs(from: readonly Reg[], n: number): Reg[] {
  // A loop: Array.from with a callback was a quarter of a point lookup's time in Node 20.
  const out: Reg[] = [];
  for (let i = 0; i < n; i++) {
    const r = from[i];
    out.push(r ? { v: r.v, c: r.c } : newReg());
  }
  return out;
}

/** Sets NULL. */
export function setNull(r: Reg): void {
  r.v = null;
  r.c = StorageClass.Null;
}

/** Sets an INTEGER (a number within ±(2^53-1), else a bigint: see `normalizeInt`). */
export function setInt(r: Reg, v: number | bigint): void {
  r.v = v;
  r.c = StorageClass.Integer;
}

/** Sets a REAL. NaN becomes NULL, as in SQLite. */
export function setReal(r: Reg, v: number): void {
  if (v !== v) {
    setNull(r);
    return;
  }
  r.v = v;
  r.c = StorageClass.Real;
}

/** Sets a TEXT. */
export function setText(r: Reg, v: string): void {
  r.v = v;
  r.c = StorageClass.Text;
}

/** Sets a BLOB. */
export function setBlob(r: Reg, v: Uint8Array): void {
  r.v = v;
  r.c = StorageClass.Blob;
}

/** Copies `from` into `to`. */
export function copyReg(to: Reg, from: Reg): void {
  to.v = from.v;
  to.c = from.c;
}
