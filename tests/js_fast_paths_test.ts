/**
 * The JS backend's inlined fast paths (backends/js-codegen/fast_paths.ts) against the shared
 * implementations in core/value, over edge values: 64-bit edges, ±0.0, infinities, numeric
 * text, blobs and NULL: comparisons (every operator, affinity and a folding collation),
 * If/IfNot truth, `+ - * / %`, affinity applied to a register, and AggStep's direct call of a built-in
 * aggregate's own step (against core/exec's AggregateCalls.step, over sequences of values
 * that overflow, mix classes and tie), and min()/max() compared on a record's bytes and
 * count() on NULL-ness alone against the functions' own steps, and IN of a record's bytes
 * among TEXT constants (inListBytes) against inList. The generic branch of each snippet is
 * a marker, so a case the guard wrongly sends to the shared code is caught as well as a
 * wrong fast answer.
 */
import assert from "node:assert/strict";
import {
  affinityFast,
  arithFast,
  compareFast,
  textEqualityApplies,
  truthFast,
} from "../backends/js-codegen/fast_paths.ts";
import {
  compareThenTest,
  type TemplateContext,
  TEMPLATES,
} from "../backends/js-codegen/templates.ts";
import { RUNTIME } from "../backends/js-codegen/runtime.ts";
import { Op } from "../backends/bytecode/opcodes.ts";
import { type AggCallSpec, AggregateCalls, type GroupState } from "../core/exec/aggregate_calls.ts";
import { newReg } from "../core/value/reg.ts";
import { applyAffinity } from "../core/value/affinity.ts";
import { inList, inListBytes, Truth } from "../core/exec/in_list.ts";
import { collationFor } from "../core/value/collation.ts";
import { compareValues } from "../core/value/compare.ts";
import { truthValue } from "../core/value/coerce.ts";
import { MAX, MIN, type MinMaxState, stepMinMaxText } from "../core/functions/aggregate/min_max.ts";
import { COUNT, countField, type CountState } from "../core/functions/aggregate/count.ts";
import { stepSumFast, type SumState } from "../core/functions/aggregate/sum.ts";
import { decodeText, encodeText } from "../core/format/text.ts";
import fc from "fast-check";
import { Database } from "../mod.ts";
import { withSqliteFile } from "./support/oracle_queries.ts";
import { rowComparator, RowSorter } from "../core/exec/sorter.ts";
import { collationNamed } from "../core/value/collation.ts";
import { SorterSlot } from "../backends/bytecode/vm_objects.ts";
import * as arith from "../core/value/arith.ts";
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
  { v: "1.0", c: StorageClass.Text },
  { v: "1e0", c: StorageClass.Text },
  { v: "a ", c: StorageClass.Text },
  { v: "a\0b", c: StorageClass.Text },
  { v: "a\0c", c: StorageClass.Text },
  { v: "é", c: StorageClass.Text },
  { v: "e\u0301", c: StorageClass.Text },
  { v: "\u{1d11e}", c: StorageClass.Text },
  { v: "\uffff", c: StorageClass.Text },
  // Escaped stray bytes (0x80, 0xff) as decoding UTF-8 leaves them.
  { v: "\udc80", c: StorageClass.Text },
  { v: "\udcff", c: StorageClass.Text },
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
  let fast = 0, textFast = 0;
  for (const op of OPS) {
    for (const aff of AFFINITIES) {
      for (const coll of COLLATIONS) {
        const texts = textEqualityApplies(op, aff, coll);
        const body = compareFast(op, "a", "b", "out", "generic(a, b, out);", texts);
        const run = new Function("a", "b", "out", "generic", body);
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
            if (!generic && a.c === StorageClass.Text) textFast++;
            assert.deepEqual(got, expected, `${op} ${aff} ${a.v} ${b.v}`);
          }
        }
      }
    }
  }
  assert.ok(fast > 0, "the fast path never ran");
  assert.ok(textFast > 0, "the text path never ran");
});

Deno.test("js fast path: + - * / % equal core/value's arithmetic", () => {
  const ops = [arith.add, arith.subtract, arith.multiply, arith.divide, arith.remainder];
  const extra: Reg[] = [
    { v: 7, c: StorageClass.Integer },
    { v: -7, c: StorageClass.Integer },
    { v: 2, c: StorageClass.Integer },
    { v: -2, c: StorageClass.Integer },
    { v: 2 ** 52 + 1, c: StorageClass.Integer },
    { v: 2 ** 26 + 3, c: StorageClass.Integer },
    { v: -0.5, c: StorageClass.Real },
    { v: 5.5, c: StorageClass.Real },
    { v: Number.MIN_VALUE, c: StorageClass.Real },
    { v: 1e308, c: StorageClass.Real },
  ];
  const values = [...EDGE, ...extra];
  let fast = 0;
  ops.forEach((impl, op) => {
    const run = new Function(
      "a",
      "b",
      "out",
      "generic",
      arithFast(op, "a", "b", "out", "generic(a, b, out);"),
    );
    for (const a of values) {
      for (const b of values) {
        const expected = { v: "unset", c: -1 } as unknown as Reg;
        impl(copy(a), copy(b), expected, TextEncoding.Utf8);
        const got = { v: "unset", c: -1 } as unknown as Reg;
        let generic = false;
        run(copy(a), copy(b), got, (x: Reg, y: Reg, out: Reg) => {
          generic = true;
          impl(x, y, out, TextEncoding.Utf8);
        });
        if (!generic) fast++;
        assert.ok(
          Object.is(got.v, expected.v) || (typeof got.v === "bigint" && got.v === expected.v),
          `${op}: ${String(a.v)} ${String(b.v)}: ${String(got.v)} vs ${String(expected.v)}`,
        );
        assert.equal(got.c, expected.c, `${op}: ${String(a.v)} ${String(b.v)} class`);
      }
    }
    // The same register as operand and result, as the compiler may allocate them.
    for (const a of values) {
      const expected = copy(a), got = copy(a);
      impl(expected, expected, expected, TextEncoding.Utf8);
      run(got, got, got, (x: Reg, y: Reg, out: Reg) => impl(x, y, out, TextEncoding.Utf8));
      assert.ok(
        Object.is(got.v, expected.v) || got.v === expected.v,
        `${op}: ${String(a.v)} in place`,
      );
      assert.equal(got.c, expected.c);
    }
  });
  assert.ok(fast > 500, "the fast path seldom ran");
});

Deno.test("js fast path: a comparison that only If/IfNot reads jumps as the two would", () => {
  let fast = 0;
  for (const op of OPS) {
    for (const aff of AFFINITIES) {
      for (const coll of COLLATIONS) {
        const entry = { aff, coll };
        const t = {
          k: (i: number) => `k${i}`,
          entry: () => entry,
          jump: () => "return true;",
        } as unknown as TemplateContext;
        const ins = { op: Op.Eq + op, p1: 1, p2: 2, p3: 3, p4: 4, p5: 1, comment: "" };
        for (const [test, want] of [[Op.If, 1], [Op.IfNot, 0]] as const) {
          for (const ifNull of [0, 1]) {
            const check = { op: test, p1: 3, p2: 9, p3: ifNull, p4: 0, p5: 0, comment: "" };
            const body = `${compareThenTest(ins, t, check, t)} return false;`;
            const run = new Function("r1", "r2", "r3", "k4", "RT", "ENC", body);
            for (const a of EDGE) {
              for (const b of EDGE) {
                const out = newReg();
                compare(op, copy(a), copy(b), aff, coll, out);
                const expected = out.c === StorageClass.Null
                  ? ifNull === 1
                  : truthValue(out, 0, TextEncoding.Utf8) === want;
                const r3 = { v: "unset", c: -1 };
                const got = run(copy(a), copy(b), r3, entry, RUNTIME, TextEncoding.Utf8);
                if (r3.c === -1) fast++;
                assert.equal(got, expected, `${op} ${aff} ${test} ${ifNull} ${a.v} ${b.v}`);
              }
            }
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

/**
 * What a group's aggregate gives after `values`: the hit after each step (AggregateCalls.hit),
 * then its result or error.
 */
function aggregateOver(
  spec: AggCallSpec,
  values: readonly Reg[],
  step: (calls: AggregateCalls, g: GroupState, args: Reg[]) => boolean,
) {
  const calls = new AggregateCalls([spec], 0, TextEncoding.Utf8);
  const g = calls.newGroup();
  const hits: boolean[] = [];
  try {
    for (const v of values) hits.push(step(calls, g, spec.argc === 0 ? [] : [copy(v)]));
    const out = newReg();
    calls.final(g, 0, out);
    return { hits, v: out.v, c: out.c };
  } catch (e) {
    return { hits, error: (e as Error).message };
  }
}

Deno.test("js fast path: a built-in aggregate's own step equals AggregateCalls.step", () => {
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
  const names = ["count", "sum", "total", "avg", "min", "max", "group_concat", "json_group_array"];
  const specs: AggCallSpec[] = names.flatMap((name) =>
    (name === "min" || name === "max" ? ["BINARY", "NOCASE"] : ["BINARY"]).map((collation) => ({
      name,
      argc: 1,
      distinct: false,
      collation,
      orderBy: [],
    }))
  );
  specs.push({ name: "count", argc: 0, distinct: false, collation: "BINARY", orderBy: [] });
  for (const spec of specs) {
    for (const values of sequences) {
      const expected = aggregateOver(
        spec,
        values,
        (calls, g, args) => (calls.step(g, 0, args), calls.hit),
      );
      const got = aggregateOver(
        spec,
        values,
        (calls, g, args) => calls.stepOf(0)(g.states[0], args) === true,
      );
      assert.deepEqual(got, expected, `${spec.name}(${values.map((v) => String(v.v))})`);
    }
  }
});

Deno.test("js fast path: sum/total/avg try stepSumFast first, with stepSum's results", () => {
  // Sequences that cross every boundary of the fast cases: the exact sum leaving the safe
  // integers (either way), bigints, a REAL turning the sum into a REAL, texts and NULLs.
  const ints = [2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 52, 1, -1, 0].map((v) => ({
    v,
    c: StorageClass.Integer,
  }));
  const values: Reg[] = [...EDGE, ...ints, { v: -0, c: StorageClass.Integer }];
  const sequences: Reg[][] = [];
  for (const a of values) for (const b of values) sequences.push([a, b], [a, b, a, b]);
  for (const a of ints) for (const b of values) sequences.push([a, a, b, a, a]);
  // After an integer overflow (a REAL from then on clears it: no error at the end).
  const bigs = EDGE.filter((r) => typeof r.v === "bigint");
  for (const a of bigs) {
    for (const b of values) for (const c of values) sequences.push([a, a, b, c]);
  }
  for (const name of ["sum", "total", "avg"]) {
    const spec: AggCallSpec = { name, argc: 1, distinct: false, collation: "BINARY", orderBy: [] };
    let fast = 0, slow = 0;
    for (const seq of sequences) {
      const expected = aggregateOver(
        spec,
        seq,
        (calls, g, args) => (calls.step(g, 0, args), calls.hit),
      );
      const got = aggregateOver(spec, seq, (calls, g, args) => {
        if (stepSumFast(g.states[0] as SumState, args[0])) return fast++, false;
        return slow++, calls.stepOf(0)(g.states[0], args) === true;
      });
      assert.deepEqual(got, expected, `${name}(${seq.map((v) => String(v.v))})`);
      // The AggStep template's own code, run.
      const generated = aggregateOver(spec, seq, (calls, g, args) => {
        const s0 = { calls, current: g };
        return aggStepCode(spec)(s0, args[0], RUNTIME, false, args) === true;
      });
      assert.deepEqual(generated, expected, `generated ${name}(${seq.map((v) => String(v.v))})`);
    }
    // Both ways were taken, often.
    assert.ok(fast > 1000 && slow > 1000, `${name}: ${fast} fast steps, ${slow} others`);
  }
});

Deno.test("js fast path: min/max of a number step as compareValues orders, the first of equals kept", () => {
  // The rule (min_max.ts): a value replaces the best only when it orders strictly beyond
  // it; the first non-NULL value is the best. Over every pair and triple of edge values,
  // under BINARY and NOCASE, the AggStep template's code (a number through
  // stepMinMaxNumber) against that rule.
  const sequences: Reg[][] = [];
  for (const a of EDGE) {
    for (const b of EDGE) {
      sequences.push([a, b]);
      for (const c of [EDGE[2], EDGE[11], EDGE[20], EDGE[0]]) sequences.push([a, b, c]);
    }
  }
  sequences.push([{ v: 1, c: StorageClass.Integer }, { v: 1, c: StorageClass.Real }]);
  sequences.push([{ v: 1, c: StorageClass.Real }, { v: 1, c: StorageClass.Integer }]);
  let numbers = 0;
  for (const [name, sign] of [["max", 1], ["min", -1]] as const) {
    for (const collation of ["BINARY", "NOCASE"]) {
      const spec: AggCallSpec = { name, argc: 1, distinct: false, collation, orderBy: [] };
      const coll = collationFor(collation, TextEncoding.Utf8)!;
      for (const seq of sequences) {
        const best: Reg = { v: null, c: StorageClass.Null };
        const hits = seq.map((x) => {
          const none = best.c === StorageClass.Null;
          if (x.c === StorageClass.Null) return none;
          if (!none && compareValues(best.v, x.v, coll) * sign >= 0) return false;
          [best.v, best.c] = [x.v, x.c];
          return true;
        });
        const expected = { hits, v: best.v, c: best.c };
        const generated = aggregateOver(spec, seq, (calls, g, args) => {
          if (typeof args[0].v === "number") numbers++;
          const s0 = { calls, current: g };
          return aggStepCode(spec)(s0, args[0], RUNTIME, false, args) === true;
        });
        const label = `${name}/${collation}(${seq.map((v) => String(v.v))})`;
        assert.deepEqual(generated, expected, label);
      }
    }
  }
  assert.ok(numbers > 1000, `${numbers} numbers stepped`);
});

Deno.test("js fast path: count(*) and count(x) written out count as count's step", () => {
  const sequences = EDGE.flatMap((a) => EDGE.map((b) => [a, b, a]));
  for (const argc of [0, 1]) {
    const spec: AggCallSpec = {
      name: "count",
      argc,
      distinct: false,
      collation: "BINARY",
      orderBy: [],
    };
    for (const seq of sequences) {
      const expected = aggregateOver(
        spec,
        seq,
        (calls, g, args) => (calls.step(g, 0, args), calls.hit),
      );
      const generated = aggregateOver(spec, seq, (calls, g, args) => {
        const s0 = { calls, current: g };
        return aggStepCode(spec)(s0, args[0], RUNTIME, false, args) === true;
      });
      assert.deepEqual(generated, expected, `count/${argc}(${seq.map((v) => String(v.v))})`);
    }
  }
  assert.ok(
    EDGE.some((r) => r.c === StorageClass.Null) && EDGE.some((r) => r.c !== StorageClass.Null),
  );
});

/** The AggStep template for `spec` (slot 0, argument register 1) as a function to run. */
function aggStepCode(spec: AggCallSpec) {
  const t = {
    view: () => "V",
    flag: () => "F",
    slotEntry: () => ({ calls: [spec] }),
    aggState: (slot: number, i: number) => `s${slot}.current.states[${i}]`,
  } as unknown as TemplateContext;
  const code = TEMPLATES[Op.AggStep](
    { op: Op.AggStep, p1: 0, p2: 1, p3: 0, p4: 0, p5: 0, comment: "" },
    t,
  );
  return new Function("s0", "r1", "RT", "F", "V", `${code} return s0.calls.hit;`) as (
    s0: unknown,
    r1: Reg,
    rt: unknown,
    f: unknown,
    v: Reg[],
  ) => boolean;
}

Deno.test("js fast path: AggStep calls a built-in's own step, and the generic step otherwise", () => {
  const base = { argc: 1, distinct: false, collation: "BINARY", orderBy: [] };
  const template = (spec: AggCallSpec) => {
    const t = {
      view: () => "V",
      flag: () => "F",
      slotEntry: () => ({ calls: [spec] }),
      aggState: (slot: number, i: number) => `s${slot}.current.states[${i}]`,
    } as unknown as TemplateContext;
    return TEMPLATES[Op.AggStep](
      { op: Op.AggStep, p1: 0, p2: 1, p3: 0, p4: 0, p5: 0, comment: "" },
      t,
    );
  };
  for (const name of ["sum", "avg", "min", "json_group_array", "total"]) {
    assert.match(template({ ...base, name }), /stepOf/, name);
    const sums = name === "sum" || name === "avg" || name === "total";
    assert.equal(/RT\.stepSumFast\(/.test(template({ ...base, name })), sums, name);
  }
  // count's step is written out (tested above), with no call.
  assert.doesNotMatch(template({ ...base, name: "count" }), /\w\(/);
  for (
    const spec of [
      { ...base, name: "sum", distinct: true },
      { ...base, name: "max", keepsJsonSubtype: true },
      { ...base, name: "min", orderBy: [{ desc: false, nullsFirst: true, collation: "BINARY" }] },
      { ...base, name: "mine", fn: { step: () => true } as never },
    ]
  ) {
    assert.doesNotMatch(template(spec), /stepOf/, spec.name);
    assert.match(template(spec), /\.calls\.step\(/, spec.name);
  }
});

Deno.test("min()/max() on a record's bytes and count() on NULL-ness equal the functions' steps", () => {
  // Values a column may hold: texts as bytes (ASCII, accents, astral characters, U+FFFF,
  // stray bytes, prefixes of each other, NUL), or registers of the other classes, which
  // the generated code steps the ordinary way between the byte steps.
  const texts = [
    [],
    [0x61],
    [0x61, 0x00],
    [0x61, 0x00, 0x62],
    [0x41],
    [0x62],
    [0xc3, 0xa9],
    [0xef, 0xbf, 0xbf],
    [0xf0, 0x9d, 0x84, 0x9e],
    [0x80],
    [0xff, 0x61],
    [0x61, 0x62, 0x63],
  ].map((b) => Uint8Array.from(b));
  const others: Reg[] = [
    { v: null, c: StorageClass.Null },
    { v: 1, c: StorageClass.Integer },
    { v: -0.5, c: StorageClass.Real },
    { v: new Uint8Array([0x61]), c: StorageClass.Blob },
  ];
  const item = fc.oneof(
    fc.constantFrom(...texts.keys()).map((i) => ({ text: texts[i] })),
    fc.constantFrom(...others),
  );
  fc.assert(
    fc.property(fc.array(item, { maxLength: 8 }), (items) => {
      for (const [fn, sign] of [[MAX, 1], [MIN, -1]] as const) {
        const ctx = { encoding: TextEncoding.Utf8 };
        const fast = fn.create(ctx) as MinMaxState, plain = fn.create(ctx) as MinMaxState;
        const label = `${fn.name} ${JSON.stringify(items)}`;
        for (const x of items) {
          if ("text" in x) {
            const page = new Uint8Array(x.text.length + 4).fill(0x7a);
            page.set(x.text, 2);
            const arg = {
              v: decodeText(x.text, 0, x.text.length, TextEncoding.Utf8),
              c: StorageClass.Text,
            };
            const expected = fn.step(plain, [arg]) === true;
            const got = stepMinMaxText(page, 2, x.text.length, fast, sign);
            assert.equal(got, expected, label);
            page.fill(0); // the page is reused: the state must hold its own copy
          } else {
            assert.equal(fn.step(fast, [copy(x)]), fn.step(plain, [copy(x)]), label);
          }
          const [a, b] = [newReg(), newReg()];
          fn.value!(fast, a);
          fn.value!(plain, b);
          assert.deepEqual(a, b, label);
        }
      }
      const fast = COUNT.create({ encoding: TextEncoding.Utf8 }) as CountState;
      const plain = COUNT.create({ encoding: TextEncoding.Utf8 }) as CountState;
      for (const x of items) {
        const arg = "text" in x ? { v: "", c: StorageClass.Text } : copy(x);
        COUNT.step(plain, [arg]);
        countField(fast, arg.c === StorageClass.Null);
      }
      assert.equal(fast.n, plain.n);
    }),
    { numRuns: 3000 },
  );
  // Equal bytes keep the first best; a text beats a number under max, not under min.
  const st = MAX.create({ encoding: TextEncoding.Utf8 }) as MinMaxState;
  const b = encodeText("ab", TextEncoding.Utf8);
  assert.equal(MAX.step(st, [{ v: 5, c: StorageClass.Integer }]), true);
  assert.equal(stepMinMaxText(b, 0, 2, st, 1), true);
  assert.equal(stepMinMaxText(b, 0, 2, st, 1), false);
  assert.equal(stepMinMaxText(b, 0, 1, st, 1), false);
});

Deno.test("SorterReject: deciding by the first key (on values or bytes) equals RowSorter.rejects", () => {
  const firsts: Reg[] = [
    { v: null, c: StorageClass.Null },
    { v: 1, c: StorageClass.Integer },
    { v: 1.5, c: StorageClass.Real },
    { v: -0, c: StorageClass.Real },
    { v: 0, c: StorageClass.Integer },
    { v: 2n ** 60n, c: StorageClass.Integer },
    { v: "a", c: StorageClass.Text },
    { v: "A", c: StorageClass.Text },
    { v: "b", c: StorageClass.Text },
    { v: "\u00e9", c: StorageClass.Text },
    { v: "\ud834\udd1e", c: StorageClass.Text },
    { v: "\uffff", c: StorageClass.Text },
    { v: new Uint8Array([1]), c: StorageClass.Blob },
    { v: new Uint8Array([0, 1]), c: StorageClass.Blob },
  ];
  let checked = 0;
  for (
    const [desc, collation] of [[false, "BINARY"], [true, "BINARY"], [false, "NOCASE"]] as const
  ) {
    for (const nullsFirst of [false, true]) {
      const keys = [
        { column: 1, desc, nullsFirst, collation },
        { column: 0, desc: false, nullsFirst: true, collation: "BINARY" },
      ];
      const compare = rowComparator(keys, TextEncoding.Utf8);
      const firstCollation = collationNamed(collation, TextEncoding.Utf8);
      const entry = { explain: "", width: 2, compare, folds: [], keys, firstCollation };
      for (const keep of [-1, 0, 2, 3]) {
        for (
          const held of [[], [0, 3], [1, 2, 6], [4, 5, 0, 1], [7, 6, 9], [8, 10, 11, 12], [
            12,
            13,
            5,
          ], [0, 13]]
        ) {
          const slot = new SorterSlot(entry, false);
          const reference = new RowSorter(compare);
          for (const sorter of [slot.sorter, reference]) {
            sorter.reset(keep);
            for (const [n, i] of held.entries()) {
              sorter.insert({ values: [n, firsts[i].v], classes: [1, firsts[i].c] });
            }
          }
          for (const probe of firsts) {
            const rows = [-1, 99].map((second) => ({
              values: [second, probe.v],
              classes: [1, probe.c],
            }));
            const expected = rows.map((row) => reference.rejects(row));
            // The bound's second key lies between -1 and 99: the first key alone decides
            // exactly when both rows get the same answer (against a bound row: LIMIT 0,
            // which drops every row, is left to the full test).
            const byFirst = expected[0] === expected[1] && expected[0] && keep !== 0;
            // The probe's text after two characters, and before one (substr() cuts them).
            const text = typeof probe.v === "string"
              ? encodeText(`xé${probe.v}z`, TextEncoding.Utf8)
              : null;
            const boundKey = (slot.sorter.bound() as { values?: unknown[] } | null)?.values?.[1];
            const onText = collation === "BINARY" && typeof boundKey === "string";
            for (const [i, row] of rows.entries()) {
              const regs = [{ v: row.values[0] as number, c: StorageClass.Integer }, copy(probe)];
              const what = `${desc} ${keep} ${held} ${String(probe.v)} ${row.values[0]}`;
              checked++;
              assert.equal(slot.rejects(regs, 0), expected[i], what);
              // A first-key test, then (when it lets the row through) the full one.
              assert.equal(slot.rejectsByFirst(regs, 0), byFirst, what);
              if (!byFirst) assert.equal(slot.rejects(regs, 0), expected[i], what);
              if (text === null) continue;
              const chars = [...(probe.v as string)].length;
              for (const args of [[3, text.length - 4], [0, text.length, 2, chars]]) {
                const onBytes = slot.rejectsText(text, ...args as [number, number]);
                // A tie answers the bound's key: the text the row's key decodes to.
                const tie = onText && probe.v === boundKey;
                assert.equal(onBytes, !onText ? null : tie ? boundKey : byFirst, `${what} ${args}`);
                if (onBytes !== true) assert.equal(slot.rejects(regs, 0), expected[i], what);
              }
            }
          }
        }
      }
    }
  }
  assert.ok(checked > 500);
});

Deno.test("inListBytes: IN of a UTF-8 text's bytes among TEXT constants equals inList", () => {
  const enc = new TextEncoder();
  const words = [
    "",
    "a",
    "Male",
    "Female",
    "male",
    "Mal",
    "é",
    "e\u0301",
    "a\0b",
    "𝄞",
    "x".repeat(40),
  ];
  const lists = [[], ["Male"], ["Female", "Male"], ["", "a", "é"], words, ["MALE", "𝄞", "a\0b"]];
  const text = (v: string) => ({ v, c: StorageClass.Text });
  let checked = 0;
  for (const list of lists) {
    const items = list.map(text), bytes = list.map((w) => enc.encode(w));
    for (const w of words) {
      // The text at an offset inside a larger buffer, other bytes around it.
      const stored = enc.encode(w), d = new Uint8Array(3 + stored.length + 2).fill(0x61);
      d.set(stored, 3);
      for (const aff of [Affinity.Text, Affinity.Blob]) {
        const want = inList(text(w), items, aff, collationFor("BINARY", TextEncoding.Utf8)!);
        const got = inListBytes(d, 3, stored.length, bytes);
        assert.equal(got, want === Truth.True, `${w} in ${list}`);
        checked++;
      }
    }
  }
  assert.ok(checked > 100);
});

Deno.test("js fast path: only min()/max() steps write the hit that IfAggMiss reads", () => {
  withSqliteFile(
    "CREATE TABLE t(x INT, y TEXT); INSERT INTO t VALUES (1, 'a'), (3, 'c'), (2, 'b')",
    (path, oracle) => {
      const db = new Database(path, { backend: "js" });
      try {
        for (
          const [sql, tested] of [
            ["SELECT sum(x) AS s, count(*) AS n, count(y) AS c FROM t", false],
            // A bare column: the row of the max, which IfAggMiss picks by the steps' hits.
            ["SELECT count(*) AS n, sum(x) AS s, max(x) AS m, y FROM t", true],
          ] as const
        ) {
          const st = db.prepare(sql);
          assert.equal(/\.hit=/.test(st.explain()), tested, sql);
          assert.deepEqual(
            st.all().map((r) => ({ ...r })),
            oracle.prepare(sql).all().map((r) => ({ ...r })),
            sql,
          );
        }
      } finally {
        db.close();
      }
    },
  );
});
