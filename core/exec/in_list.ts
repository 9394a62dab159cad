/**
 * `x [NOT] IN (list)` and `(a, b) [NOT] IN (SELECT ...)`: membership with SQLite's NULL
 * rules. A row matches when every part is equal under its comparison affinity and
 * collation; the answer is true on a match, else NULL when some comparison was NULL (the
 * operand or a candidate holds NULL where nothing else decided), else false. An empty
 * candidate set is false even for a NULL operand. NOT negates, NULL stays NULL.
 */
import type { Collation } from "../value/collation.ts";
import { compareTextBinary } from "../format/index_key.ts";
import { compareWithAffinity } from "../value/logic.ts";
import { type Reg, setInt, setNull } from "../value/reg.ts";
import { Affinity, StorageClass, TextEncoding } from "../value/types.ts";

/** Three-valued results: 0 false, 1 true, 2 NULL. */
export const enum Truth {
  False = 0,
  True = 1,
  Unknown = 2,
}

/**
 * Whether two texts compared under `aff`/`coll` are equal exactly when their strings are:
 * BINARY, with an affinity that leaves them alone (decoding is lossless: stray bytes become
 * escapes, core/format/text.ts). The JS backend's `=` and `!=` rely on it too.
 */
export function textsAsStrings(aff: Affinity, coll: Collation): boolean {
  return coll.name === "BINARY" && (aff === Affinity.Text || aff === Affinity.Blob);
}

/**
 * {@link inList} for a UTF-8 TEXT operand stored at `d[o, o + n)` and a list of TEXT items
 * (`items`, their UTF-8 bytes) where {@link textsAsStrings} holds: whether one of them is
 * byte for byte the operand. UTF-8 texts are equal exactly when their bytes are (decoding
 * is lossless), so this is inList's answer without decoding the operand.
 */
export function inListBytes(
  d: Uint8Array,
  o: number,
  n: number,
  items: readonly Uint8Array[],
): boolean {
  for (let i = 0; i < items.length; i++) {
    const k = items[i];
    if (k.length === n && compareTextBinary(d, o, n, k) === 0) return true;
  }
  return false;
}

/** Whether `x` equals `y` under `aff`/`coll`: True, False, or Unknown when either is NULL. */
export function equalsWithAffinity(
  x: Reg,
  y: Reg,
  aff: Affinity,
  coll: Collation,
  enc: TextEncoding,
): Truth {
  if (x.c === StorageClass.Null || y.c === StorageClass.Null) return Truth.Unknown;
  // Two numbers are equal as JS says under every affinity and collation; two texts under
  // BINARY with an affinity that leaves them alone, exactly when their strings are
  // (decoding is lossless, core/format/text.ts).
  if (typeof x.v === "number" && typeof y.v === "number") {
    return x.v === y.v ? Truth.True : Truth.False;
  }
  if (x.c === StorageClass.Text && y.c === StorageClass.Text && textsAsStrings(aff, coll)) {
    return x.v === y.v ? Truth.True : Truth.False;
  }
  return compareWithAffinity(x, y, aff, coll, enc) === 0 ? Truth.True : Truth.False;
}

/** Writes the IN answer (`found`: three-valued membership) into `out`, negated for NOT. */
export function setInResult(found: Truth, not: boolean, out: Reg): void {
  if (found === Truth.Unknown) return setNull(out);
  setInt(out, (found === Truth.True) !== not ? 1 : 0);
}

/**
 * `x IN (items)` for a scalar operand over a list of registers: three-valued membership.
 */
export function inList(
  x: Reg,
  items: readonly Reg[],
  aff: Affinity,
  coll: Collation,
  enc: TextEncoding = TextEncoding.Utf8,
): Truth {
  if (!items.length) return Truth.False;
  if (x.c === StorageClass.Null) return Truth.Unknown;
  let sawNull = false;
  // equalsWithAffinity's first two cases, decided once for the operand: a number against
  // numbers, a text under BINARY (its strings) against texts.
  const v = x.v, number = typeof v === "number";
  const text = x.c === StorageClass.Text && textsAsStrings(aff, coll);
  for (let i = 0; i < items.length; i++) {
    const y = items[i], w = y.v;
    if (number ? typeof w === "number" : text && y.c === StorageClass.Text) {
      if (w === v) return Truth.True;
      continue;
    }
    const t = equalsWithAffinity(x, y, aff, coll, enc);
    if (t === Truth.True) return Truth.True;
    if (t === Truth.Unknown) sawNull = true;
  }
  return sawNull ? Truth.Unknown : Truth.False;
}

/**
 * Row equality of `xs[0..n)` with the candidate `ys[0..n)`: False as soon as one part
 * differs, else Unknown if a part was NULL, else True.
 */
export function rowEquals(
  xs: readonly Reg[],
  ys: readonly Reg[],
  affs: readonly Affinity[],
  colls: readonly Collation[],
  enc: TextEncoding,
): Truth {
  let unknown = false;
  for (let i = 0; i < xs.length; i++) {
    const t = equalsWithAffinity(xs[i], ys[i], affs[i], colls[i], enc);
    if (t === Truth.False) return Truth.False;
    if (t === Truth.Unknown) unknown = true;
  }
  return unknown ? Truth.Unknown : Truth.True;
}
