/**
 * Inlined fast paths of generated code: the common case decided by a cheap guard on the
 * operands, everything else through the shared implementation (`generic`). Each builder
 * returns statements over the register expressions it is given; tests/js_fast_paths_test.ts
 * runs every one against core/value over edge values.
 */
import { textsAsStrings } from "../../core/exec/in_list.ts";
import type { Collation } from "../../core/value/collation.ts";
import { CompareOp } from "../../core/value/logic.ts";
import { Affinity, StorageClass } from "../../core/value/types.ts";

/** The JS operator of each comparison (CompareOp Eq … Ge, in order). */
export const JS_OPERATOR = ["===", "!==", "<", "<=", ">", ">="] as const satisfies Record<
  CompareOp,
  string
>;

/**
 * Whether `=` and `!=` of two TEXT values may be decided by the strings alone
 * (core/exec/in_list.ts `textsAsStrings`: BINARY, an affinity that leaves text as it is).
 */
export function textEqualityApplies(op: CompareOp, aff: Affinity, coll: Collation): boolean {
  return (op === CompareOp.Eq || op === CompareOp.Ne) && textsAsStrings(aff, coll);
}

/**
 * `a op b` into `out`. Two JS numbers are an INTEGER (within ±2^53) or a REAL each, and
 * SQLite compares those numerically under every affinity and collation, exactly as JS
 * does; with `texts` ({@link textEqualityApplies}), two TEXT values are compared as
 * strings; anything else (NULL, blobs, 64-bit integers, texts under other rules) goes to
 * `generic`.
 */
export function compareFast(
  op: CompareOp,
  a: string,
  b: string,
  out: string,
  generic: string,
  texts = false,
) {
  const set = `${out}.v=${a}.v${JS_OPERATOR[op]}${b}.v?1:0;${out}.c=${StorageClass.Integer};`;
  const text = texts
    ? `else if(${a}.c===${StorageClass.Text}&&${b}.c===${StorageClass.Text}){${set}}`
    : "";
  return `if(typeof ${a}.v==="number"&&typeof ${b}.v==="number"){${set}}` +
    `${text}else ${generic}`;
}

/**
 * Whether register `r` is true (`want` 1) or false (`want` 0) as If/IfNot test it: an
 * INTEGER by its value, NULL by `ifNull`, anything else through `generic` (an expression).
 */
export function truthFast(r: string, want: 0 | 1, ifNull: boolean, generic: string): string {
  const int = want === 1 ? `${r}.v!==0` : `${r}.v===0`;
  return `(${r}.c===${StorageClass.Integer}?${int}:${r}.c===${StorageClass.Null}?` +
    `${ifNull}:${generic})`;
}

/** The storage classes each affinity leaves as they are (core/value/affinity.ts). */
const KEPT_BY: Record<Affinity, readonly StorageClass[] | "all"> = {
  [Affinity.Blob]: "all",
  [Affinity.Text]: [StorageClass.Text, StorageClass.Null],
  [Affinity.Numeric]: [StorageClass.Integer, StorageClass.Null],
  [Affinity.Integer]: [StorageClass.Integer, StorageClass.Null],
  [Affinity.Real]: [StorageClass.Null],
};

/**
 * Affinity `aff` applied to register `r`: nothing for a value of a class the affinity
 * keeps (an INTEGER under NUMERIC, a TEXT under TEXT, NULL), `generic` (a statement)
 * otherwise.
 */
export function affinityFast(r: string, aff: Affinity, generic: string): string {
  const kept = KEPT_BY[aff];
  if (kept === "all") return "";
  return `if(${kept.map((c) => `${r}.c!==${c}`).join("&&")})${generic}`;
}

/** The JS operator of each of `+ - * / %` (Op.Add … Op.Remainder, in order). */
/** The block that sets register object `reg` to the value `v` (an expression) of class `cls`. */
export const setValue = (reg: string, v: string, cls: StorageClass | string): string =>
  `{${reg}.v=${v};${reg}.c=${cls}}`;

const ARITH_JS = ["+", "-", "*", "/", "%"] as const;

/**
 * `a op b` into `out` for `+ - * / %` (`op` 0–4 in that order). Two JS numbers are an
 * INTEGER within ±2^53 or a REAL each. Two INTEGERs: `+ - *` whose result is still a safe
 * integer (exact), `/` (truncated: `a - a % b` is an exact multiple of `b`) and `%` by a
 * divisor other than 0. One REAL at least: `+ - *`, and `/` by a divisor other than 0, on
 * doubles as SQLite does, unless the result is NaN. Everything else (NULL, text, blobs,
 * 64-bit integers, overflow, division by zero, `%` of a REAL) goes to `generic`.
 */
export function arithFast(op: number, a: string, b: string, out: string, generic: string): string {
  const o = ARITH_JS[op];
  const int = StorageClass.Integer;
  const ints = op > 2
    ? `if(y!==0)${setValue(out, op === 3 ? "(x-x%y)/y+0" : "x%y+0", int)}else ${generic}`
    : `{const z=x${o}y;if(Number.isSafeInteger(z))${setValue(out, "z+0", int)}else ${generic}}`;
  const reals = op === 4
    ? generic
    : `{const z=x${o}y;if(z===z${op === 3 ? "&&y!==0" : ""})${
      setValue(out, "z", StorageClass.Real)
    }else ${generic}}`;
  return `{const x=${a}.v,y=${b}.v;if(typeof x!=="number"||typeof y!=="number")${generic}` +
    `else if(${a}.c===${int}&&${b}.c===${int})${ints}else ${reals}}`;
}
