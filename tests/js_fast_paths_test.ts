/**
 * The JS backend's inlined fast paths (backends/js-codegen/fast_paths.ts) against the shared
 * implementations in core/value, over edge values: 64-bit edges, ±0.0, infinities, numeric
 * text, blobs and NULL: comparisons (every operator, affinity and a folding collation),
 * If/IfNot truth, affinity applied to a register, and the aggregate steps of count, sum,
 * total, avg, min and max (against core/exec's AggregateCalls, over sequences of values
 * that overflow, mix classes and tie). The generic branch of each snippet is
 * a marker, so a case the guard wrongly sends to the shared code is caught as well as a
 * wrong fast answer.
 */
import assert from "node:assert/strict";
import {
  affinityFast,
  aggStepFast,
  compareFast,
  truthFast,
} from "../backends/js-codegen/fast_paths.ts";
import { RUNTIME } from "../backends/js-codegen/runtime.ts";
import { type AggCallSpec, AggregateCalls } from "../core/exec/aggregate_calls.ts";
import { newReg } from "../core/value/reg.ts";
import { applyAffinity } from "../core/value/affinity.ts";
import { collationFor } from "../core/value/collation.ts";
import { truthValue } from "../core/value/coerce.ts";
import { compare, CompareOp } from "../core/value/logic.ts";
import type { Reg } from "../core/value/reg.ts";
import { Affinity, StorageClass, TextEncoding } from "../core/value/types.ts";

const EDGE: Reg[] = [
  { v: null, c: StorageClass.Null },
  { v: 0, c: StorageClass.Integer },
  { v: 1, c: StorageClass.Integer },
  { v: -1, c: StorageClass.Integer },
  { v: 2 ** 53 - 1, c: StorageClass.Integer },
  { v: -(2 ** 53 - 1), c: StorageClass.Integer },
  { v: 2n ** 63n - 1n, c: StorageClass.Integer },
  { v: -(2n ** 63n), c: StorageClass.Integer },
  { v: 2n ** 53n, c: StorageClass.Integer },
  { v: 0, c: StorageClass.Real },
  { v: -0, c: StorageClass.Real },
  { v: 1.5, c: StorageClass.Real },
  { v: 2 ** 53, c: StorageClass.Real },
  { v: 9007199254740993, c: StorageClass.Real },
  { v: Infinity, c: StorageClass.Real },
  { v: -Infinity, c: StorageClass.Real },
  { v: -1e308, c: StorageClass.Real },
  { v: "1", c: StorageClass.Text },
  { v: "1.5", c: StorageClass.Text },
  { v: "", c: StorageClass.Text },
  { v: "a", c: StorageClass.Text },
  { v: "A", c: StorageClass.Text },
  { v: new Uint8Array([0x31]), c: StorageClass.Blob },
];

const AFFINITIES = [
  Affinity.Blob,
  Affinity.Text,
  Affinity.Numeric,
  Affinity.Integer,
  Affinity.Real,
];
const OPS = [CompareOp.Eq, CompareOp.Ne, CompareOp.Lt, CompareOp.Le, CompareOp.Gt, CompareOp.Ge];
const COLLATIONS = ["BINARY", "NOCASE"].map((n) => collationFor(n, TextEncoding.Utf8)!);

const copy = (r: Reg): Reg => ({ v: r.v, c: r.c });

Deno.test("js fast path: comparisons equal core/value's compare", () => {
  let fast = 0;
  for (const op of OPS) {
    const body = compareFast(op, "a", "b", "out", "generic(a, b, out);");
    const run = new Function("a", "b", "out", "generic", body);
    for (const aff of AFFINITIES) {
      for (const coll of COLLATIONS) {
        for (const a of EDGE) {
          for (const b of EDGE) {
            const expected = { v: null, c: StorageClass.Null } as Reg;
            compare(op, copy(a), copy(b), aff, coll, expected);
            const got = { v: "unset", c: -1 } as unknown as Reg;
            let generic = false;
            run(copy(a), copy(b), got, (x: Reg, y: Reg, out: Reg) => {
              generic = true;
              compare(op, x, y, aff, coll, out);
            });
            if (!generic) fast++;
            assert.deepEqual(got, expected, `${op} ${aff} ${a.v} ${b.v}`);
          }
        }
      }
    }
  }
  assert.ok(fast > 0, "the fast path never ran");
});

Deno.test("js fast path: If/IfNot truth equals core/value's truthValue", () => {
  let fast = 0;
  for (const want of [0, 1] as const) {
    for (const ifNull of [false, true]) {
      const body = `return ${truthFast("r", want, ifNull, "generic(r)")};`;
      const run = new Function("r", "generic", body);
      for (const r of EDGE) {
        const expected = r.c === StorageClass.Null
          ? ifNull
          : truthValue(copy(r), 0, TextEncoding.Utf8) === want;
        let generic = false;
        const got = run(copy(r), (x: Reg) => {
          generic = true;
          return truthValue(x, 0, TextEncoding.Utf8) === want;
        });
        if (!generic) fast++;
        assert.equal(got, expected, `want ${want} ifNull ${ifNull} ${r.v}`);
      }
    }
  }
  assert.ok(fast > 0, "the fast path never ran");
});

Deno.test("js fast path: affinity equals core/value's applyAffinity", () => {
  let fast = 0;
  for (const aff of AFFINITIES) {
    const run = new Function("r", "generic", affinityFast("r", aff, "generic(r);"));
    for (const r of EDGE) {
      const a = applyAffinity(r.v, r.c, aff, TextEncoding.Utf8);
      const got = copy(r);
      let generic = false;
      run(got, (x: Reg) => {
        generic = true;
        const b = applyAffinity(x.v, x.c, aff, TextEncoding.Utf8);
        x.v = b.value;
        x.c = b.cls;
      });
      if (!generic) fast++;
      assert.deepEqual(got, { v: a.value, c: a.cls }, `${aff} ${String(r.v)}`);
    }
  }
  assert.ok(fast > 0, "the fast path never ran");
});

/** What a group's aggregate gives after `values`: each step's hit, then its result or error. */
function aggregateOver(values: readonly Reg[], step: (calls: AggregateCalls, arg: Reg) => void) {
  return (spec: AggCallSpec) => {
    const calls = new AggregateCalls([spec], 0, TextEncoding.Utf8);
    const S = { calls, current: calls.newGroup(), hit: false };
    const hits: boolean[] = [];
    for (const v of values) {
      step.call(S, calls, copy(v));
      hits.push(S.hit);
    }
    const out = newReg();
    try {
      calls.final(S.current, 0, out);
      return { hits, v: out.v, c: out.c };
    } catch (e) {
      return { hits, error: (e as Error).message };
    }
  };
}

/** A step's argument registers: none for `count(*)`. */
const argsOf = (spec: AggCallSpec, arg: Reg) => spec.argc === 0 ? [] : [arg];

Deno.test("js fast path: aggregate steps equal AggregateCalls.step", () => {
  const ints = [2 ** 53 - 1, 2 ** 62, -(2 ** 62), 2 ** 52 + 1].map((v) => ({
    v,
    c: StorageClass.Integer,
  }));
  const big = [2n ** 63n - 1n, -(2n ** 63n)].map((v) => ({ v, c: StorageClass.Integer }));
  const sequences: Reg[][] = [[]];
  for (const a of EDGE) for (const b of EDGE) sequences.push([a, b]);
  for (const a of [...ints, ...big]) {
    for (const b of [...ints, ...big, EDGE[11], EDGE[17]]) sequences.push([a, b, a], [b, a, a, b]);
  }
  sequences.push([{ v: -0, c: StorageClass.Integer }], [EDGE[10], EDGE[9]], [EDGE[19], EDGE[20]]);
  const specs: AggCallSpec[] = ["count", "sum", "total", "avg", "min", "max"].flatMap((name) =>
    (name === "min" || name === "max" ? ["BINARY", "NOCASE"] : ["BINARY"]).map((collation) => ({
      name,
      argc: 1,
      distinct: false,
      collation,
      orderBy: [],
    }))
  );
  specs.push({ name: "count", argc: 0, distinct: false, collation: "BINARY", orderBy: [] });
  let fast = 0;
  for (const spec of specs) {
    let generic = 0;
    const body = aggStepFast(spec, "S.current.states[0]", "arg", "S.hit", "generic(arg);")!;
    assert.ok(body !== null, spec.name);
    const run = new Function("RT", "S", "arg", "generic", body);
    for (const values of sequences) {
      const expected = aggregateOver(values, function (this: { hit: boolean }, calls, arg) {
        this.hit = calls.step(
          (this as unknown as { current: never }).current,
          0,
          argsOf(spec, arg),
        );
      })(spec);
      const got = aggregateOver(values, function (this: object, calls, arg) {
        run(RUNTIME, this, arg, (x: Reg) => {
          generic++;
          const S = this as { hit: boolean; current: never };
          S.hit = calls.step(S.current, 0, argsOf(spec, x));
        });
      })(spec);
      assert.deepEqual(got, expected, `${spec.name}(${values.map((v) => String(v.v))})`);
    }
    if (generic < sequences.length) fast++;
  }
  assert.equal(fast, specs.length, "a fast step never ran");
});

Deno.test("js fast path: calls AggStep does not specialise keep the generic step", () => {
  const base = { argc: 1, distinct: false, collation: "BINARY", orderBy: [] };
  for (
    const spec of [
      { ...base, name: "sum", distinct: true },
      { ...base, name: "max", keepsJsonSubtype: true },
      { ...base, name: "group_concat" },
      { ...base, name: "min", orderBy: [{ desc: false, nullsFirst: true, collation: "BINARY" }] },
      { ...base, name: "sum", fn: RUNTIME as never },
    ]
  ) {
    assert.equal(aggStepFast(spec, "st", "a", "hit", "generic();"), null, spec.name);
  }
});
