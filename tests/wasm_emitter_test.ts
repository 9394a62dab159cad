/**
 * The WebAssembly emitter (backends/wasm/emit/): modules it builds validate with wabt and
 * run in the engine with the expected results (constants at edge values, control flow,
 * calls, memory of every width, saturating truncation); the label stack refuses branches out
 * of scope; the builder's instruction enums match the table; every instruction in the table
 * is emitted at least once and our printer lists the same instructions, in the same order,
 * as wabt's text; the printer escapes hostile names so its text keeps its shape.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { ByteBuffer, ByteReader } from "../backends/wasm/emit/leb128.ts";
import {
  INSTR_BY_NAME,
  type InstrInfo,
  INSTRUCTIONS,
  Load,
  Plain,
  Store,
  type ValType,
} from "../backends/wasm/emit/instructions.ts";
import type { FunctionBuilder, Label } from "../backends/wasm/emit/function_builder.ts";
import { ModuleBuilder } from "../backends/wasm/emit/module_builder.ts";
import { sectionEntries } from "../backends/wasm/runtime/build.ts";
import { nameLocal } from "../backends/wasm/emit/names.ts";
import "../core/internal_messages.ts"; // the builder's misuse errors, with their texts
import { printModule } from "../backends/wasm/emit/print.ts";
import { compiledModule } from "../backends/wasm/host/module_cache.ts";
import { parseWat as reparse, validateWasm } from "./support/wabt.ts";

type PlainName = keyof typeof Plain;
type LoadName = keyof typeof Load;
type StoreName = keyof typeof Store;

/** Reads `bytes` with wabt and validates; returns wabt's text when `text` is set. */
const validate = validateWasm;

type Exports = Record<string, unknown>;

/** Validates with wabt, instantiates, and returns the exports. */
function instantiate(bytes: Uint8Array, imports: WebAssembly.Imports = {}): Exports {
  validate(bytes);
  return new WebAssembly.Instance(new WebAssembly.Module(bytes as Uint8Array<ArrayBuffer>), imports)
    .exports as Exports;
}

/** An exported function, typed loosely for calls from the tests. */
function fn(exports: Exports, name: string): (...args: unknown[]) => unknown {
  const f = exports[name];
  assert.equal(typeof f, "function", `export ${name}`);
  return f as (...args: unknown[]) => unknown;
}

/** The mnemonics of a WAT text's instruction lines (lines that start with a lowercase word). */
function mnemonics(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const m = /^\s*([a-z][a-z0-9_.]*)/.exec(line);
    if (m !== null) out.push(m[1]);
  }
  return out;
}

/**
 * Checks that printed text keeps its syntax: strings never contain a raw newline or
 * unescaped quote, and parentheses outside strings and comments balance.
 */
function assertWellFormed(text: string): void {
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      i++;
      while (text[i] !== '"') {
        assert.ok(i < text.length && text[i] !== "\n", "string runs past its line");
        i += text[i] === "\\" ? 3 : 1; // every escape is \hh
      }
    } else if (c === "(" && text[i + 1] === ";") {
      i = text.indexOf(";)", i) + 1;
      assert.ok(i > 0, "unterminated comment");
    } else if (c === "(") depth++;
    else if (c === ")") {
      depth--;
      assert.ok(depth >= 0, "unbalanced )");
    }
    i++;
  }
  assert.equal(depth, 0, "unbalanced (");
}

/** Decodes a WAT string's contents (as our printer escapes them) back to bytes. */
function unquote(s: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "\\") {
      out.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else out.push(s.charCodeAt(i));
  }
  return new Uint8Array(out);
}

// ---- LEB128 ------------------------------------------------------------------------------

Deno.test("LEB128: known encodings and round trips", () => {
  const enc = (write: (b: ByteBuffer) => void) => {
    const b = new ByteBuffer(1);
    write(b);
    return [...b.toBytes()];
  };
  assert.deepEqual(enc((b) => b.u32(624485)), [0xe5, 0x8e, 0x26]);
  assert.deepEqual(enc((b) => b.u32(0xffff_ffff)), [0xff, 0xff, 0xff, 0xff, 0x0f]);
  assert.deepEqual(enc((b) => b.i32(-123456)), [0xc0, 0xbb, 0x78]);
  assert.deepEqual(enc((b) => b.i32(63)), [0x3f]);
  assert.deepEqual(enc((b) => b.i32(64)), [0xc0, 0x00]);
  assert.deepEqual(enc((b) => b.i32(-64)), [0x40]);
  assert.deepEqual(enc((b) => b.i32(-65)), [0xbf, 0x7f]);
  assert.deepEqual(enc((b) => b.i32(0xffff_ffff)), [0x7f]); // u32 wraps to i32 -1
  assert.deepEqual(enc((b) => b.i64(-(1n << 63n))), [
    0x80,
    0x80,
    0x80,
    0x80,
    0x80,
    0x80,
    0x80,
    0x80,
    0x80,
    0x7f,
  ]);
  assert.deepEqual(enc((b) => b.i64(1n << 31n)), [0x80, 0x80, 0x80, 0x80, 0x08]);
  assert.deepEqual(enc((b) => b.i64(-(1n << 31n))), [0x80, 0x80, 0x80, 0x80, 0x78]);
  assert.throws(() => enc((b) => b.u32(-1)), RangeError);
  assert.throws(() => enc((b) => b.u32(2 ** 32)), RangeError);
  assert.throws(() => enc((b) => b.i32(1.5)), RangeError);
  assert.throws(() => enc((b) => b.i64(1n << 64n)), RangeError);
  assert.throws(() => enc((b) => b.i64(-(1n << 63n) - 1n)), RangeError);
  fc.assert(
    fc.property(
      fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }),
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
      fc.integer({ min: 0, max: 2 ** 32 - 1 }),
      (big, i, u) => {
        const b = new ByteBuffer(1);
        b.i64(big);
        b.i32(i);
        b.u32(u);
        b.i32(u % 2 ** 31); // a block type's index: written as i32, read as s33
        b.i32(i);
        const r = new ByteReader(b.toBytes());
        assert.equal(r.i64(), big);
        assert.equal(r.i32(), i);
        assert.equal(r.u32(), u);
        assert.equal(r.s33(), u % 2 ** 31);
        assert.equal(r.s33(), i);
        assert.ok(r.atEnd);
      },
    ),
    { seed: 42, numRuns: 500 },
  );
});

// ---- Constants ---------------------------------------------------------------------------

const I32_EDGES = [0, -1, 1, 2 ** 31 - 1, -(2 ** 31), 63, 64, -64, -65, 2 ** 31 - 2];
const I64_EDGES = [
  0n,
  -1n,
  1n,
  (1n << 31n) - 1n,
  -(1n << 31n),
  1n << 31n,
  -(1n << 31n) - 1n,
  (1n << 63n) - 1n,
  -(1n << 63n),
  (1n << 63n) - 2n,
  -(1n << 63n) + 1n,
  (1n << 53n) + 1n,
  (1n << 53n) - 1n,
  -(1n << 53n) - 1n,
];
const F64_EDGES = [
  0,
  -0,
  -1,
  NaN,
  Infinity,
  -Infinity,
  2 ** 53 + 2,
  2 ** 53 - 1,
  -(2 ** 53) + 1,
  Number.MIN_VALUE,
  -Number.MIN_VALUE,
  2.2250738585072014e-308, // smallest normal
  2.225073858507201e-308, // largest subnormal
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  0.1,
  Math.PI,
];

/** A module exporting one function per constant, `c0`, `c1`, …, returning it. */
function constantsModule(values: { type: ValType; value: number | bigint }[]): Exports {
  const mb = new ModuleBuilder();
  values.forEach(({ type, value }, i) => {
    const f = mb.addFunction([], [type]);
    if (type === "i32") f.i32Const(value as number);
    else if (type === "i64") f.i64Const(value as bigint);
    else f.f64Const(value as number);
    mb.exportFunction(`c${i}`, f.index);
  });
  return instantiate(mb.toBytes());
}

Deno.test("constants at edge values come back exactly", () => {
  const values = [
    ...I32_EDGES.map((value) => ({ type: "i32" as const, value })),
    ...I64_EDGES.map((value) => ({ type: "i64" as const, value })),
    ...F64_EDGES.map((value) => ({ type: "f64" as const, value })),
  ];
  const ex = constantsModule(values);
  values.forEach(({ value }, i) => {
    const got = fn(ex, `c${i}`)();
    assert.ok(Object.is(got, value), `constant ${i}: ${String(value)} came back as ${got}`);
  });
  // Unsigned spellings wrap to the same bits.
  const wrapped = constantsModule([
    { type: "i32", value: 2 ** 32 - 1 },
    { type: "i32", value: 2 ** 31 },
    { type: "i64", value: (1n << 64n) - 1n },
    { type: "i64", value: 1n << 63n },
  ]);
  assert.equal(fn(wrapped, "c0")(), -1);
  assert.equal(fn(wrapped, "c1")(), -(2 ** 31));
  assert.equal(fn(wrapped, "c2")(), -1n);
  assert.equal(fn(wrapped, "c3")(), -(1n << 63n));
});

Deno.test("constants: arbitrary i32, i64 and f64 values come back exactly", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
      fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }),
      fc.double(),
      (i, big, x) => {
        const ex = constantsModule([
          { type: "i32", value: i },
          { type: "i64", value: big },
          { type: "f64", value: x },
        ]);
        assert.equal(fn(ex, "c0")(), i);
        assert.equal(fn(ex, "c1")(), big);
        assert.ok(Object.is(fn(ex, "c2")(), x), `${x}`);
      },
    ),
    { seed: 42, numRuns: 200 },
  );
});

// ---- Control flow and calls ---------------------------------------------------------------

Deno.test("control flow: loop with br_if, br_table, nested br, if/else, select", () => {
  const mb = new ModuleBuilder("control");
  // sum(n) = 1 + … + n
  const sum = mb.addFunction(["i32"], ["i32"], "sum");
  nameLocal(sum, 0, "n");
  const acc = sum.addLocal("i32", "acc");
  sum.block("empty", (done) => {
    sum.loop("empty", (again) => {
      sum.localGet(0).op(Plain["i32.eqz"]).brIf(done);
      sum.localGet(acc).localGet(0).op(Plain["i32.add"]).localSet(acc);
      sum.localGet(0).i32Const(1).op(Plain["i32.sub"]).localSet(0);
      sum.br(again);
    });
  });
  sum.localGet(acc);
  mb.exportFunction("sum", sum.index);

  // dispatch(i) = [100, 200, 300][i] ?? 999, through br_table
  const dispatch = mb.addFunction(["i32"], ["i32"], "dispatch");
  dispatch.block("empty", (other) => {
    dispatch.block("empty", (c2) => {
      dispatch.block("empty", (c1) => {
        dispatch.block("empty", (c0) => {
          dispatch.localGet(0).brTable([c0, c1, c2], other);
        });
        dispatch.i32Const(100).op(Plain["return"]);
      });
      dispatch.i32Const(200).op(Plain["return"]);
    });
    dispatch.i32Const(300).op(Plain["return"]);
  });
  dispatch.i32Const(999);
  mb.exportFunction("dispatch", dispatch.index);

  // nested(x): from two blocks deep, x ≠ 0 leaves the outer block with 7 (br_if), and
  // x = 2 leaves it with 8 (br) before that; otherwise the outer block ends with 1.
  const nested = mb.addFunction(["i32"], ["i32"], "nested");
  nested.block("i32", (outer) => {
    nested.block("empty", () => {
      nested.block("empty", () => {
        nested.localGet(0).i32Const(2).op(Plain["i32.eq"]);
        nested.ifElse("empty", () => {
          nested.i32Const(8).br(outer);
        });
        nested.i32Const(7).localGet(0).brIf(outer).op(Plain["drop"]);
      });
    });
    nested.i32Const(1);
  });
  mb.exportFunction("nested", nested.index);

  // abs(x) with if/else results; max(a, b) with select
  const abs = mb.addFunction(["i64"], ["i64"], "abs");
  abs.localGet(0).i64Const(0n).op(Plain["i64.lt_s"]);
  abs.ifElse("i64", () => abs.i64Const(0n).localGet(0).op(Plain["i64.sub"]), () => abs.localGet(0));
  mb.exportFunction("abs", abs.index);
  const max = mb.addFunction(["f64", "f64"], ["f64"], "max");
  max.localGet(0).localGet(1).localGet(0).localGet(1).op(Plain["f64.gt"]).op(Plain["select"]);
  mb.exportFunction("max", max.index);

  const ex = instantiate(mb.toBytes());
  assert.equal(fn(ex, "sum")(0), 0);
  assert.equal(fn(ex, "sum")(10), 55);
  assert.equal(fn(ex, "sum")(1000), 500500);
  assert.deepEqual([-1, 0, 1, 2, 3, 2 ** 31 - 1].map((i) => fn(ex, "dispatch")(i)), [
    999,
    100,
    200,
    300,
    999,
    999,
  ]);
  assert.deepEqual([0, 1, 2, -5].map((x) => fn(ex, "nested")(x)), [1, 7, 8, 7]);
  assert.equal(fn(ex, "abs")(-5n), 5n);
  assert.equal(fn(ex, "abs")(5n), 5n);
  assert.equal(fn(ex, "abs")(-(1n << 63n)), -(1n << 63n));
  assert.equal(fn(ex, "max")(1.5, -2), 1.5);
  assert.equal(fn(ex, "max")(-3, 2), 2);
});

Deno.test("calls: imported JS function, defined function, globals", () => {
  const mb = new ModuleBuilder();
  const twice = mb.importFunction("env", "twice", ["i32"], ["i32"], "twice");
  const base = mb.addGlobal("i64", false, 4n, "base");
  const counter = mb.addGlobal("i32", true, 0, "counter");
  const scale = mb.addGlobal("f64", false, 2.5, "scale");
  // main calls inc before inc is defined: indices are known when functions are added.
  const main = mb.addFunction(["i32"], ["i32"], "main");
  const inc = mb.addFunction(["i32"], ["i32"], "inc");
  inc.localGet(0).i32Const(1).op(Plain["i32.add"]);
  main.localGet(0).call(twice).call(inc.index);
  main.globalGet(counter).i32Const(1).op(Plain["i32.add"]).globalSet(counter);
  mb.exportFunction("main", main.index);
  mb.exportGlobal("counter", counter);

  const g = mb.addFunction([], ["f64"], "scaled");
  g.globalGet(base).op(Plain["f64.convert_i64_s"]).globalGet(scale).op(Plain["f64.mul"]);
  mb.exportFunction("scaled", g.index);

  const calls: number[] = [];
  const ex = instantiate(mb.toBytes(), {
    env: {
      twice: (x: number) => {
        calls.push(x);
        return 2 * x;
      },
    },
  });
  assert.equal(fn(ex, "main")(20), 41);
  assert.equal(fn(ex, "main")(-3), -5);
  assert.deepEqual(calls, [20, -3]);
  assert.equal((ex.counter as WebAssembly.Global).value, 2);
  assert.equal(fn(ex, "scaled")(), 10);
});

Deno.test("calls: a module whose sections start with another's entries calls its functions", () => {
  // The earlier module: one import, a global, two functions (one calling the other).
  const first = new ModuleBuilder();
  first.importFunction("env", "twice", ["i32"], ["i32"]);
  const g = first.addGlobal("i32", true, 7);
  const add = first.addFunction(["i32", "i32"], ["i32"]);
  add.localGet(0).localGet(1).op(Plain["i32.add"]);
  const addG = first.addFunction(["i32"], ["i64"]);
  addG.localGet(0).globalGet(g).call(add.index).op(Plain["i64.extend_i32_s"]);
  const prefix = sectionEntries(first.toBytes({ names: false }));
  assert.deepEqual([prefix[1].count, prefix[3].count, prefix[6].count], [3, 2, 1]);
  // The new one: the same import first, then its own types, globals and functions.
  const mb = new ModuleBuilder("second", prefix);
  const twice = mb.importFunction("env", "twice", ["i32"], ["i32"]);
  const own = mb.addGlobal("i32", true, 100);
  assert.equal(own, 1);
  const main = mb.addFunction(["i32"], ["f64"], "main");
  assert.equal(main.index, 3);
  main.localGet(0).call(twice).call(addG.index).op(Plain["f64.convert_i64_s"]);
  main.globalGet(own).globalGet(g).op(Plain["i32.add"]).globalSet(own);
  mb.exportFunction("main", main.index);
  mb.exportGlobal("own", own);
  const ex = instantiate(mb.toBytes(), { env: { twice: (x: number) => 2 * x } });
  assert.equal(fn(ex, "main")(5), 17);
  assert.equal((ex.own as WebAssembly.Global).value, 107);
});

// ---- Memory ------------------------------------------------------------------------------

const LOADS: LoadName[] = [
  "i32.load",
  "i64.load",
  "f64.load",
  "i32.load8_s",
  "i32.load8_u",
  "i32.load16_s",
  "i32.load16_u",
  "i64.load8_s",
  "i64.load8_u",
  "i64.load16_s",
  "i64.load16_u",
  "i64.load32_s",
  "i64.load32_u",
];

/** What each load reads, through a DataView. */
function expectedLoad(v: DataView, name: LoadName, at: number): number | bigint {
  const narrow: Record<string, (a: number) => number> = {
    load8_s: (a) => v.getInt8(a),
    load8_u: (a) => v.getUint8(a),
    load16_s: (a) => v.getInt16(a, true),
    load16_u: (a) => v.getUint16(a, true),
    load32_s: (a) => v.getInt32(a, true),
    load32_u: (a) => v.getUint32(a, true),
  };
  if (name === "i32.load") return v.getInt32(at, true);
  if (name === "i64.load") return v.getBigInt64(at, true);
  if (name === "f64.load") return v.getFloat64(at, true);
  const n = narrow[name.split(".")[1]](at);
  return name.startsWith("i64") ? BigInt(n) : n;
}

Deno.test("memory: loads of every width sign- or zero-extend; stores write their width", () => {
  const mb = new ModuleBuilder();
  mb.importMemory("env", "mem", { min: 1, max: 1 });
  for (const name of LOADS) {
    const result: ValType = name.startsWith("i32") ? "i32" : name.startsWith("i64") ? "i64" : "f64";
    const f = mb.addFunction(["i32"], [result]);
    f.localGet(0).load(Load[name], 3, 0); // offset 3, unaligned
    mb.exportFunction(name, f.index);
  }
  const stores: [StoreName, ValType][] = [
    ["i32.store", "i32"],
    ["i64.store", "i64"],
    ["f64.store", "f64"],
    ["i32.store8", "i32"],
    ["i32.store16", "i32"],
    ["i64.store8", "i64"],
    ["i64.store16", "i64"],
    ["i64.store32", "i64"],
  ];
  for (const [name, type] of stores) {
    const f = mb.addFunction(["i32", type], []);
    f.localGet(0).localGet(1).store(Store[name], 1);
    mb.exportFunction(name, f.index);
  }
  const memory = new WebAssembly.Memory({ initial: 1, maximum: 1 });
  const ex = instantiate(mb.toBytes(), { env: { mem: memory } });
  const bytes = new Uint8Array(memory.buffer);
  const view = new DataView(memory.buffer);
  // Bytes with the high bit set and clear, so sign and zero extension differ.
  const pattern = [0x80, 0xff, 0x7f, 0x01, 0xfe, 0x81, 0x00, 0x90, 0xc3, 0x3c, 0xa5, 0x5a];
  bytes.set(pattern, 100);
  for (const name of LOADS) {
    for (let at = 100; at < 104; at++) {
      const got = fn(ex, name)(at - 3);
      assert.ok(Object.is(got, expectedLoad(view, name, at)), `${name} at ${at}: ${got}`);
    }
  }
  assert.equal(fn(ex, "i32.load8_s")(97), -128);
  assert.equal(fn(ex, "i32.load8_u")(97), 128);
  assert.equal(fn(ex, "i64.load32_s")(98), -0x01fe8001n); // ff 7f 01 fe
  assert.equal(fn(ex, "i64.load32_u")(98), 0xfe017fffn);
  assert.throws(() => fn(ex, "i64.load")(65536 - 10), WebAssembly.RuntimeError);

  const values: Record<ValType, number | bigint> = {
    i32: 0x89abcdef | 0,
    i64: 0x0123456789abcdefn,
    f64: -1.5,
  };
  const widths: Record<string, number> = { "": 0, "8": 1, "16": 2, "32": 4 };
  for (const [name, type] of stores) {
    bytes.fill(0xee, 200, 216);
    fn(ex, name)(203, values[type]);
    const width = widths[name.split("store")[1]] || (name === "i32.store" ? 4 : 8);
    const full = new DataView(new ArrayBuffer(8));
    if (type === "i32") full.setInt32(0, values.i32 as number, true);
    else if (type === "i64") full.setBigInt64(0, values.i64 as bigint, true);
    else full.setFloat64(0, values.f64 as number, true);
    const expected = new Uint8Array(16).fill(0xee);
    expected.set(new Uint8Array(full.buffer, 0, width), 4);
    assert.deepEqual(bytes.slice(200, 216), expected, name);
  }
});

Deno.test("conversions: saturating truncation of NaN and huge values; trapping ones trap", () => {
  const mb = new ModuleBuilder();
  const ops: [PlainName, ValType][] = [
    ["i32.trunc_sat_f64_s", "i32"],
    ["i32.trunc_sat_f64_u", "i32"],
    ["i64.trunc_sat_f64_s", "i64"],
    ["i64.trunc_sat_f64_u", "i64"],
    ["i32.trunc_f64_s", "i32"],
    ["i64.trunc_f64_u", "i64"],
  ];
  for (const [name, result] of ops) {
    const f = mb.addFunction(["f64"], [result]);
    f.localGet(0).op(Plain[name]);
    mb.exportFunction(name, f.index);
  }
  const ex = instantiate(mb.toBytes());
  const call = (name: string, x: number) => fn(ex, name)(x);
  const cases: [string, number, number | bigint][] = [
    ["i32.trunc_sat_f64_s", NaN, 0],
    ["i32.trunc_sat_f64_s", 1e300, 2 ** 31 - 1],
    ["i32.trunc_sat_f64_s", -1e300, -(2 ** 31)],
    ["i32.trunc_sat_f64_s", -Infinity, -(2 ** 31)],
    ["i32.trunc_sat_f64_s", -2.9, -2],
    ["i32.trunc_sat_f64_u", NaN, 0],
    ["i32.trunc_sat_f64_u", -5, 0],
    ["i32.trunc_sat_f64_u", 1e300, -1], // u32 max, seen as i32
    ["i32.trunc_sat_f64_u", 3e9, 3e9 | 0],
    ["i64.trunc_sat_f64_s", NaN, 0n],
    ["i64.trunc_sat_f64_s", Infinity, (1n << 63n) - 1n],
    ["i64.trunc_sat_f64_s", -1e300, -(1n << 63n)],
    ["i64.trunc_sat_f64_s", 2 ** 53, 1n << 53n],
    ["i64.trunc_sat_f64_u", NaN, 0n],
    ["i64.trunc_sat_f64_u", -1, 0n],
    ["i64.trunc_sat_f64_u", 1e300, -1n], // u64 max, seen as i64
  ];
  for (const [name, x, expected] of cases) assert.equal(call(name, x), expected, `${name}(${x})`);
  assert.throws(() => call("i32.trunc_f64_s", NaN), WebAssembly.RuntimeError);
  assert.throws(() => call("i32.trunc_f64_s", 1e10), WebAssembly.RuntimeError);
  assert.throws(() => call("i64.trunc_f64_u", -1), WebAssembly.RuntimeError);
  assert.equal(call("i64.trunc_f64_u", 2 ** 63), -(1n << 63n));
});

// ---- The label stack ---------------------------------------------------------------------

Deno.test("labels: a branch to a label not in scope throws at build time", () => {
  const mb = new ModuleBuilder();
  const f = mb.addFunction([], []);
  let closed: Label | undefined;
  f.block("empty", (l) => {
    closed = l;
  });
  assert.throws(() => f.br(closed!), /not in scope/);
  assert.throws(() => f.brIf(closed!), /not in scope/);
  // A later block at the same depth is a different label.
  f.block("empty", (l) => {
    assert.throws(() => f.br(closed!), /not in scope/);
    assert.throws(() => f.brTable([l], closed!), /not in scope/);
    assert.throws(() => f.brTable([closed!], l), /not in scope/);
  });
  // A label of another function.
  const g = mb.addFunction([], []);
  g.loop("empty", (other) => {
    assert.throws(() => f.br(other), /not in scope/);
  });
  // A body that throws leaves the label stack and the code as they were.
  const before = f.code.length;
  assert.throws(() =>
    f.block("empty", () =>
      f.loop("empty", () => {
        throw new Error("boom");
      })), /boom/);
  assert.equal(f.labelDepth, 0);
  assert.equal(f.code.length, before);
  assert.throws(() => f.localGet(-1), RangeError);
  assert.throws(() => f.i64Const(1n << 64n), RangeError);
  assert.throws(() => f.load(Load["i32.load"], 2 ** 32), RangeError);
  assert.throws(() => f.block(-1, () => {}), RangeError);
  assert.equal(f.code.length, before);
  // Depths count from the innermost label; the else arm shares the if's label.
  f.block("empty", (outer) => {
    f.loop("empty", (inner) => {
      assert.equal(f.depthOf(inner), 0);
      assert.equal(f.depthOf(outer), 1);
      f.i32Const(1).ifElse("empty", (arm) => {
        assert.equal(f.depthOf(arm), 0);
        assert.equal(f.depthOf(outer), 2);
      }, (arm) => assert.equal(f.depthOf(arm), 0));
    });
  });
  validate(mb.toBytes());
});

Deno.test("builder: typos are type errors; bad immediates throw", () => {
  const f = new ModuleBuilder().addFunction([], []);
  // Instructions are enum members: a wrong one does not type-check (never run).
  const _typeErrors = () => {
    // @ts-expect-error: not an instruction
    f.op(Plain["i32.addd"]);
    // @ts-expect-error: end is emitted by the structured methods
    f.op(Plain["end"]);
    // @ts-expect-error: i32.const has an immediate
    f.op(Plain["i32.const"]);
    // @ts-expect-error: a store is not a load
    f.load(Store["i32.store"]);
    // @ts-expect-error: a load is not a store
    f.store(Load["i64.load"]);
  };
  assert.throws(() => f.load(Load["i32.load"], 0, 3), /alignment/);
  assert.throws(() => f.i32Const(2 ** 32), RangeError);
  assert.throws(() => f.localGet(-1), RangeError);
  assert.throws(() => nameLocal(f, 0, "x"), RangeError);
  const mb = new ModuleBuilder();
  mb.addFunction([], []);
  assert.throws(() => mb.importFunction("m", "f", [], []), /before/);
  assert.throws(() => mb.addGlobal("i64", false, 1), TypeError);
  mb.exportFunction("f", 0);
  assert.throws(() => mb.exportFunction("f", 0), /duplicate/);
  assert.equal(mb.addType(["i32"], []), mb.addType(["i32"], []));
  assert.notEqual(mb.addType(["i32"], []), mb.addType([], ["i32"]));
});

// ---- Every instruction, and the printer against wabt ---------------------------------------

const SIG_TYPE: Record<string, ValType> = { i: "i32", l: "i64", d: "f64" };

/** Emits `info` (operands already on the stack) with a representative immediate. */
function emitOne(f: FunctionBuilder, info: InstrInfo): void {
  switch (info.imm) {
    case "none":
      f.op(Plain[info.name as PlainName]);
      break;
    case "memarg":
      if (info.name.includes(".load")) f.load(Load[info.name as LoadName], 8);
      else f.store(Store[info.name as StoreName], 0, 0);
      break;
    case "i32":
      f.i32Const(-7);
      break;
    case "i64":
      f.i64Const(-(1n << 40n));
      break;
    case "f64":
      f.f64Const(0.25);
      break;
    default:
      throw new Error(`no generic emission for ${info.name}`);
  }
}

/** A module that uses every instruction in the table at least once. */
function everyInstructionModule(): Uint8Array {
  const mb = new ModuleBuilder("every");
  const log = mb.importFunction("env", "log", ["i64"], [], "log");
  mb.importMemory("env", "mem", { min: 1 });
  const g = mb.addGlobal("i32", true, 0, "g");
  // One function per monomorphic instruction: its operands are the parameters.
  for (const info of INSTRUCTIONS) {
    if (info.sig === null) continue;
    const [operands, results] = info.sig.split(":");
    const f = mb.addFunction(
      [...operands].map((c) => SIG_TYPE[c]),
      [...results].map((c) => SIG_TYPE[c]),
      info.name,
    );
    for (let i = 0; i < operands.length; i++) f.localGet(i);
    emitOne(f, info);
    mb.exportFunction(info.name, f.index);
  }
  // Control, variable and polymorphic instructions.
  const f = mb.addFunction(["i32", "i64"], ["i32"], "control");
  nameLocal(f, 0, "x");
  const t = f.addLocal("i32", "t");
  f.addLocal("f64");
  f.block("i32", (out) => {
    f.loop("empty", (again) => {
      f.localGet(0).i32Const(1).op(Plain["i32.sub"]).localTee(0).brIf(again);
    });
    f.localGet(0).i32Const(0).globalGet(g).op(Plain["select"]).localSet(t);
    f.block("empty", (a) => {
      f.block("empty", (b) => {
        f.localGet(t).brTable([a, b], a);
      });
      f.op(Plain["nop"]);
    });
    f.localGet(1).call(log);
    f.localGet(t).globalSet(g);
    f.localGet(t).ifElse("i32", () => {
      f.i32Const(1).br(out);
    }, () => {
      f.i32Const(2);
    });
    f.op(Plain["drop"]);
    f.localGet(t).ifElse("empty", () => f.op(Plain["unreachable"]));
    f.i32Const(3).op(Plain["return"]);
  });
  mb.exportFunction("control", f.index);
  return mb.toBytes();
}

Deno.test("the builder's enums name every instruction of the table with its opcode", () => {
  // Plain, Load and Store are regular enums so that their members can be listed here
  // (bundles inline the members and drop the objects).
  const members = (e: object) =>
    Object.entries(e).filter((m): m is [string, number] => typeof m[1] === "number");
  const expected: [string, number][][] = [[], [], []];
  for (const i of INSTRUCTIONS) {
    const code = i.sub >= 0 ? (i.opcode << 8) | i.sub : i.opcode;
    if (i.imm === "none" && i.name !== "else" && i.name !== "end") expected[0].push([i.name, code]);
    else if (i.imm === "memarg") {
      expected[i.name.includes(".load") ? 1 : 2].push([i.name, code | (i.align << 8)]);
    }
  }
  assert.deepEqual(members(Plain), expected[0]);
  assert.deepEqual(members(Load), expected[1]);
  assert.deepEqual(members(Store), expected[2]);
});

Deno.test("every instruction: validates, runs, and prints like wabt", () => {
  const bytes = everyInstructionModule();
  const wabtText = validate(bytes, true);
  const logged: bigint[] = [];
  const ex = new WebAssembly.Instance(new WebAssembly.Module(bytes as Uint8Array<ArrayBuffer>), {
    env: { log: (x: bigint) => logged.push(x), mem: new WebAssembly.Memory({ initial: 1 }) },
  }).exports as Exports;
  assert.equal(fn(ex, "control")(3, 5n), 3);
  assert.deepEqual(logged, [5n]);
  assert.equal(fn(ex, "i64.popcnt")(-1n), 64n);
  assert.equal(fn(ex, "f64.copysign")(2, -0), -2);

  const ours = printModule(bytes);
  assertWellFormed(ours);
  const ourOps = mnemonics(ours);
  assert.deepEqual(ourOps, mnemonics(wabtText));
  const used = new Set(ourOps);
  const missing = INSTRUCTIONS.map((i) => i.name).filter((n) => !used.has(n));
  assert.deepEqual(missing, []);
  // Nothing printed is outside the table.
  assert.deepEqual(ourOps.filter((n) => !INSTR_BY_NAME.has(n as never)), []);
  // The text is standard enough that wabt parses it back to a module that prints the same.
  assert.equal(printModule(reparse(ours)), ours);
});

Deno.test("printer: names, indentation, immediates and constants", () => {
  const mb = new ModuleBuilder("demo");
  mb.importFunction("env", "log", ["i32"], [], "log");
  mb.importMemory("env", "mem", { min: 1, max: 2 });
  const counter = mb.addGlobal("i64", true, -5n, "counter");
  const f = mb.addFunction(["i32", "f64"], ["f64"], "work");
  nameLocal(f, 0, "n");
  const x = f.addLocal("i64", "x");
  f.addLocal("i64");
  f.addLocal("f64");
  f.block("f64", (done) => {
    f.loop("empty", (again) => {
      f.localGet(0).op(Plain["i32.eqz"]).ifElse("empty", () => f.f64Const(-0).br(done));
      f.localGet(0).load(Load["i64.load8_u"], 4).localSet(x);
      f.localGet(0).localGet(x).store(Store["i64.store32"], 0, 1);
      f.br(again);
    });
    f.f64Const(NaN);
  });
  f.op(Plain["drop"]).f64Const(Infinity).op(Plain["drop"]).f64Const(-Infinity).op(Plain["drop"]);
  f.f64Const(5e-324).op(Plain["drop"]).i64Const(-(1n << 63n)).globalSet(counter);
  f.localGet(1);
  mb.exportFunction("work", f.index);
  const text = printModule(mb.toBytes());
  assertWellFormed(text);
  const lines = text.split("\n");
  const expected = [
    "(module $demo",
    "  (type (;0;) (func (param i32)))",
    "  (type (;1;) (func (param i32 f64) (result f64)))",
    '  (import "env" "log" (func $log (;0;) (param i32)))',
    '  (import "env" "mem" (memory (;0;) 1 2))',
    "  (func $work (;1;) (type 1) (param $n i32) (param f64) (result f64)",
    "    (local $x i64) (local i64 f64)",
    "    block $L0 (result f64)",
    "      loop $L1",
    "        local.get $n",
    "        i32.eqz",
    "        if $L2",
    "          f64.const -0",
    "          br $L0",
    "        end",
    "        local.get $n",
    "        i64.load8_u offset=4",
    "        local.set $x",
    "        local.get $n",
    "        local.get $x",
    "        i64.store32 align=2",
    "        br $L1",
    "      end",
    "      f64.const nan",
    "    end",
    "    drop",
    "    f64.const inf",
    "    drop",
    "    f64.const -inf",
    "    drop",
    "    f64.const 5e-324",
    "    drop",
    "    i64.const -9223372036854775808",
    "    global.set $counter",
    "    local.get 1",
    "  )",
    "  (global $counter (;0;) (mut i64) (i64.const -5))",
    '  (export "work" (func $work))',
    ")",
  ];
  assert.deepEqual(lines, expected);
  assert.equal(printModule(reparse(text)), text);
});

Deno.test("printer: hostile names are escaped; one (export …) line each", () => {
  const enc = new TextEncoder();
  const names = [
    'say "hi" \\ bye',
    "line\nbreak\r\t) (data 0) ;; (;",
    '\u0000"\\)\n\u007f',
    "é…✓",
    "",
  ];
  const mb = new ModuleBuilder('mod "x")\n');
  mb.importFunction('m"(', "f\n)", [], [], "bad name)\n(func");
  const f = mb.addFunction([], [], "");
  f.addLocal("i32", "a b");
  for (const name of names) mb.exportFunction(name, f.index);
  const bytes = mb.toBytes();
  validate(bytes);
  const text = printModule(bytes);
  assertWellFormed(text);
  const exportLines = text.split("\n").filter((l) => l.startsWith("  (export"));
  assert.equal(exportLines.length, names.length);
  exportLines.forEach((line, i) => {
    const m = /^ {2}\(export "((?:[^"\\]|\\[0-9a-f]{2})*)" \(func \$""\)\)$/.exec(line);
    assert.ok(m !== null, line);
    assert.deepEqual(unquote(m[1]), enc.encode(names[i]));
  });
  assert.ok(text.startsWith('(module $"mod \\22x\\22)\\0a"\n'), text.split("\n")[0]);
  assert.ok(text.includes('(import "m\\22(" "f\\0a)" (func $"bad name)\\0a(func" (;0;)))'));
  assert.ok(text.includes('(func $"" (;1;) (type 0)'));
  assert.ok(text.includes('(local $"a b" i32)'));
  // No line beyond the module's own: module, type, import, func header, its locals, its
  // close, the export lines and the module's close.
  assert.equal(text.split("\n").length, 7 + exportLines.length);
});

Deno.test("printer: anything the emitter does not make is refused, saying what", () => {
  const mb = new ModuleBuilder();
  const f = mb.addFunction([], []);
  f.op(Plain["nop"]);
  const good = mb.toBytes();
  assert.equal(good[good.length - 2], 0x01); // the nop, before the body's end
  const patched = (byte: number[]) => {
    const b = new Uint8Array([...good.slice(0, -2), ...byte, 0x0b]);
    b[b.length - byte.length - 3] += byte.length - 1; // body size
    b[b.length - byte.length - 5] += byte.length - 1; // code section size
    return b;
  };
  assert.match(printModule(patched([0x01])), /nop/);
  assert.throws(() => printModule(patched([0x92])), /unexpected opcode 0x92/); // f32.add
  assert.throws(() => printModule(patched([0xfd, 0x00])), /unexpected opcode 0xfd/); // SIMD
  assert.throws(() => printModule(patched([0xfc, 0x00])), /unexpected opcode 0xfc 0/);
  // memory.size and memory.copy are valid Wasm that the backend never emits.
  assert.throws(() => printModule(patched([0x3f, 0x00])), /unexpected opcode 0x3f/);
  assert.throws(() => printModule(patched([0xfc, 0x0a, 0, 0])), /unexpected opcode 0xfc 10/);
  assert.throws(() => printModule(patched([0x0b])), /bytes after its end/);
  assert.throws(() => printModule(patched([0x0c, 0x05])), /branch depth 5/);
  assert.throws(() => printModule(patched([0x05])), /else outside an if/);
  assert.throws(() => printModule(patched([0x02, 0x40, 0x05, 0x0b])), /else outside an if/);
  assert.throws(() => printModule(patched([0x02, 0x7d, 0x0b])), /unexpected block type/); // f32
  assert.throws(() => printModule(good.slice(0, -1)), /end of input/);
  const custom = [0x00, 0x04, 0x03, 0x66, 0x6f, 0x6f];
  assert.throws(
    () => printModule(new Uint8Array([...good, ...custom])),
    /unexpected custom section "foo"/,
  );
  assert.throws(() => printModule(new Uint8Array([...good, 0x08, 0x01, 0x00])), /section id 8/);
  assert.throws(() => printModule(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])), /not a WebAssembly/);
});

Deno.test("compiled modules: equal bytes share one, others do not, and the oldest are dropped", () => {
  const moduleReturning = (value: number) => {
    const mb = new ModuleBuilder();
    const f = mb.addFunction([], ["i32"]);
    f.i32Const(value);
    mb.exportFunction("f", f.index);
    return mb.toBytes() as Uint8Array<ArrayBuffer>;
  };
  const run = (m: WebAssembly.Module) => (new WebAssembly.Instance(m).exports.f as () => number)();
  const first = compiledModule(moduleReturning(7));
  assert.equal(compiledModule(moduleReturning(7)), first, "equal bytes, one module");
  assert.notEqual(compiledModule(moduleReturning(8)), first);
  // More distinct modules than are kept: each still compiles to its own behaviour.
  for (let i = 0; i < 600; i++) {
    assert.equal(run(compiledModule(moduleReturning(1000 + i))), 1000 + i);
  }
  assert.equal(run(compiledModule(moduleReturning(7))), 7);
});
