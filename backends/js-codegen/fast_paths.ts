/**
 * Inlined fast paths of generated code: the common case decided by a cheap guard on the
 * operands, everything else through the shared implementation (`generic`). Each builder
 * returns statements over the register expressions it is given; tests/js_fast_paths_test.ts
 * runs every one against core/value over edge values.
 */
import type { AggCallSpec } from "../../core/exec/aggregate_calls.ts";
import { CompareOp } from "../../core/value/logic.ts";
import { Affinity, StorageClass } from "../../core/value/types.ts";

const JS_OPERATOR: Record<CompareOp, string> = {
  [CompareOp.Eq]: "===",
  [CompareOp.Ne]: "!==",
  [CompareOp.Lt]: "<",
  [CompareOp.Le]: "<=",
  [CompareOp.Gt]: ">",
  [CompareOp.Ge]: ">=",
};

/**
 * `a op b` into `out`. Two JS numbers are an INTEGER (within ±2^53) or a REAL each, and
 * SQLite compares those numerically under every affinity and collation, exactly as JS
 * does; anything else (NULL, text, blobs, 64-bit integers) goes to `generic`.
 */
export function compareFast(op: CompareOp, a: string, b: string, out: string, generic: string) {
  return `if (typeof ${a}.v === "number" && typeof ${b}.v === "number") { ` +
    `${out}.v = ${a}.v ${JS_OPERATOR[op]} ${b}.v ? 1 : 0; ${out}.c = ${StorageClass.Integer}; } ` +
    `else ${generic}`;
}

/**
 * Whether register `r` is true (`want` 1) or false (`want` 0) as If/IfNot test it: an
 * INTEGER by its value, NULL by `ifNull`, anything else through `generic` (an expression).
 */
export function truthFast(r: string, want: 0 | 1, ifNull: boolean, generic: string): string {
  const int = want === 1 ? `${r}.v !== 0` : `${r}.v === 0`;
  return `(${r}.c === ${StorageClass.Integer} ? ${int} : ${r}.c === ${StorageClass.Null} ? ` +
    `${ifNull} : ${generic})`;
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
  if (kept === undefined) return generic;
  return `if (${kept.map((c) => `${r}.c !== ${c}`).join(" && ")}) ${generic}`;
}

/**
 * AggStep of a built-in `count`, `sum`, `total`, `avg`, `min` or `max` call (no DISTINCT,
 * no ORDER BY, no JSON subtype to carry) on its group state `state` with argument register
 * `arg`, setting `hit` as AggregateCalls.step would: `count(*)`/`count(x)` count inline;
 * `sum`/`total`/`avg` call the shared step for an INTEGER or REAL argument directly
 * (core/functions/aggregate/sum.ts) and `generic` for TEXT and BLOB; `min`/`max` call
 * their shared step directly. null for any other call (the caller emits `generic`).
 */
export function aggStepFast(
  spec: AggCallSpec | undefined,
  state: string,
  arg: string,
  hit: string,
  generic: string,
): string | null {
  if (spec === undefined || spec.fn !== undefined || spec.distinct) return null;
  if (spec.orderBy.length > 0 || spec.keepsJsonSubtype) return null;
  const NULL = StorageClass.Null;
  const name = spec.name.toLowerCase();
  if (name === "count" && spec.argc === 0) return `${state}.n++; ${hit} = false;`;
  if (spec.argc !== 1) return null;
  switch (name) {
    case "count":
      return `if (${arg}.c !== ${NULL}) ${state}.n++; ${hit} = false;`;
    case "sum":
    case "total":
    case "avg":
      return `${hit} = false; ` +
        `if (${arg}.c === ${StorageClass.Integer}) RT.sumInteger(${state}, ${arg}.v); ` +
        `else if (${arg}.c === ${StorageClass.Real}) RT.sumApprox(${state}, ${arg}.v); ` +
        `else if (${arg}.c !== ${NULL}) { ${generic} }`;
    case "min":
    case "max":
      return `${hit} = RT.stepMinMax(${state}, ${arg}, ${name === "max" ? 1 : -1});`;
    default:
      return null;
  }
}
