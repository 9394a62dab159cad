/**
 * The Wasm backend's native routines (backends/wasm/runtime/) re-implement rules that
 * core/ defines; each is compared here with the core implementation over edge values:
 * arithmetic on register slots with core/value/arith.ts, varints and record fields with
 * core/format/varint.ts and core/format/record.ts, comparison and truth with core/value/logic.ts
 * and core/value/coerce.ts. A native routine may decline (the JS
 * implementation then runs); it must never give a different answer.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import * as arith from "../core/value/arith.ts";
import { type Reg, setInt } from "../core/value/reg.ts";
import { Affinity, type SqlValue, StorageClass, TextEncoding } from "../core/value/types.ts";
import { getVarint, varintEnd } from "../core/format/varint.ts";
import { RecordReader } from "../core/format/record.ts";
import { decodeText } from "../core/format/text.ts";
import { SqliteError } from "../core/errors.ts";
import { buildRuntime, sectionEntries } from "../backends/wasm/runtime/build.ts";
import { runtimeEntries } from "../backends/wasm/runtime/shared.ts";
import { prebuiltSource } from "../scripts/gen_wasm_runtime.ts";
import { ModuleBuilder } from "../backends/wasm/emit/module_builder.ts";
import { addArithFunction, type ArithOp } from "../backends/wasm/runtime/arith.ts";
import { addRecordFunctions } from "../backends/wasm/runtime/record.ts";
import { CursorField, CursorMode, FIELD_ENTRY } from "../backends/wasm/plan/frame_layout.ts";
import { addCell, addHeader } from "../backends/wasm/runtime/cell.ts";
import { StaticArea, writeStaticArea } from "../backends/wasm/runtime/static_area.ts";
import {
  addCompareFunction,
  addTruthFunction,
  CompareResult,
  NullOrder,
} from "../backends/wasm/runtime/compare.ts";
import { rowComparator } from "../core/exec/sorter.ts";
import * as logic from "../core/value/logic.ts";
import { CompareOp } from "../core/value/logic.ts";
import { truthValue } from "../core/value/coerce.ts";
import { BINARY_UTF8, NOCASE, RTRIM } from "../core/value/collation.ts";
import { readSlot, Slot, writeSlot } from "../backends/wasm/runtime/reg_slots.ts";
import { validateWasm } from "./support/wabt.ts";
import { propertyParams } from "./support/random_db.ts";

const OPS: readonly ArithOp[] = ["add", "subtract", "multiply", "divide", "remainder"];
const CORE: Record<ArithOp, (a: Reg, b: Reg, out: Reg) => void> = {
  add: arith.add,
  subtract: arith.subtract,
  multiply: arith.multiply,
  divide: arith.divide,
  remainder: arith.remainder,
};

/** A module with every runtime routine, over a fresh one-page memory with the static tables. */
function runtime() {
  const m = new ModuleBuilder("runtime_test");
  m.importMemory("host", "memory", { min: 1 });
  m.exportFunction("arith", addArithFunction(m));
  const rec = addRecordFunctions(m);
  m.exportFunction("varint", rec.varint);
  m.exportFunction("value", rec.value);
  const header = addHeader(m, rec.varint, rec.varintEnd);
  m.exportFunction("cell", addCell(m, rec.varint, rec.varintEnd, header));
  m.exportGlobal("varint_end", rec.varintEnd);
  m.exportFunction("compare", addCompareFunction(m));
  m.exportFunction("truth", addTruthFunction(m));
  const bytes = m.toBytes();
  validateWasm(bytes);
  const memory = new WebAssembly.Memory({ initial: 1 });
  writeStaticArea(memory);
  const e = new WebAssembly.Instance(new WebAssembly.Module(bytes as Uint8Array<ArrayBuffer>), {
    host: { memory },
  }).exports;
  return {
    view: new DataView(memory.buffer),
    bytes: new Uint8Array(memory.buffer),
    arith: (op: ArithOp) => (a: number, b: number, out: number) =>
      (e.arith as (a: number, b: number, out: number, op: number) => number)(
        a,
        b,
        out,
        OPS.indexOf(op),
      ),
    varint: e.varint as (p: number, end: number) => bigint,
    varintEnd: e.varint_end as WebAssembly.Global,
    value: e.value as (type: number, at: number, out: number, real: number) => number,
    cell: e.cell as (cursor: number, want: number) => number,
    compare: e.compare as (a: number, b: number, nulls: NullOrder) => number,
    truth: e.truth as (a: number, ifNull: number) => number,
  };
}

const RT = runtime();

// ---- arithmetic ------------------------------------------------------------------------

const I64_EDGES = [
  0n,
  1n,
  -1n,
  2n,
  -2n,
  7n,
  -7n,
  3037000499n,
  3037000500n,
  -3037000500n,
  (1n << 31n) - 1n,
  -(1n << 31n),
  1n << 32n,
  (1n << 53n) - 1n,
  1n << 53n,
  -(1n << 53n),
  1n << 62n,
  (1n << 63n) - 1n,
  (1n << 63n) - 2n,
  -(1n << 63n),
  -(1n << 63n) + 1n,
  4294967296n * 2147483647n,
];
const REAL_EDGES = [
  0,
  -0,
  0.5,
  -0.5,
  1,
  -1,
  1e308,
  -1e308,
  Infinity,
  -Infinity,
  5e-324,
  9223372036854775807,
  -9223372036854775808,
  2 ** 53,
  1 / 3,
];

const arbReg: fc.Arbitrary<Reg> = fc.oneof(
  fc.constant<Reg>({ v: null, c: StorageClass.Null }),
  fc.oneof(fc.constantFrom(...I64_EDGES), fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }))
    .map((b) => {
      const r: Reg = { v: null, c: StorageClass.Null };
      setInt(r, Number.isSafeInteger(Number(b)) && BigInt(Number(b)) === b ? Number(b) : b);
      return r;
    }),
  fc.oneof(fc.constantFrom(...REAL_EDGES), fc.double({ noNaN: true }))
    .map((v): Reg => ({ v, c: StorageClass.Real })),
  fc.constantFrom<Reg>({ v: "12", c: StorageClass.Text }, { v: new Uint8Array(1), c: 4 }),
);

function sameReg(got: Reg, want: Reg, what: string): void {
  assert.equal(got.c, want.c, `${what}: class`);
  assert.ok(Object.is(got.v, want.v), `${what}: ${String(got.v)} vs ${String(want.v)}`);
}

// Slots, a record and a cursor's state, after the static tables.
const [A, B, OUT] = [0, 1, 2].map((k) => StaticArea.End + k * Slot.SIZE);

/** The slot of a TEXT or BLOB operand (the arithmetic must decline before reading it). */
function writeAny(r: Reg, at: number): void {
  if (!writeSlot(RT.view, at, r)) {
    RT.view.setInt32(at + Slot.CLASS, r.c, true);
    RT.view.setBigInt64(at + Slot.VALUE, 0n, true);
  }
}

Deno.test("wasm arithmetic on slots matches core/value/arith over 64-bit and REAL edges", () => {
  let native = 0, declined = 0;
  fc.assert(
    fc.property(fc.constantFrom(...OPS), arbReg, arbReg, (op, a, b) => {
      writeAny(a, A);
      writeAny(b, B);
      RT.view.setInt32(OUT + Slot.CLASS, -1, true);
      const want: Reg = { v: null, c: StorageClass.Null };
      CORE[op](a, b, want);
      const what = `${op}(${String(a.v)}:${a.c}, ${String(b.v)}:${b.c})`;
      if (RT.arith(op)(A, B, OUT) === 0) {
        declined++;
        const textual = a.c >= StorageClass.Text || b.c >= StorageClass.Text;
        const realRem = op === "remainder" &&
          (a.c === StorageClass.Real || b.c === StorageClass.Real);
        assert.ok(textual || realRem, `${what} declined`);
        assert.equal(RT.view.getInt32(OUT + Slot.CLASS, true), -1, `${what}: wrote on decline`);
        return;
      }
      native++;
      const got: Reg = { v: null, c: StorageClass.Null };
      assert.ok(readSlot(RT.view, OUT, got), `${what}: unreadable result`);
      sameReg(got, want, what);
    }),
    propertyParams(3000, "wasm arith"),
  );
  assert.ok(native > declined, `${native} native, ${declined} declined`);
});

Deno.test("wasm arithmetic: every pair of edge values, every operator", () => {
  const regs: Reg[] = [
    { v: null, c: StorageClass.Null },
    ...I64_EDGES.map((b): Reg => {
      const r: Reg = { v: null, c: 0 };
      setInt(r, Number.isSafeInteger(Number(b)) && BigInt(Number(b)) === b ? Number(b) : b);
      return r;
    }),
    ...REAL_EDGES.map((v): Reg => ({ v, c: StorageClass.Real })),
  ];
  for (const op of OPS) {
    for (const a of regs) {
      for (const b of regs) {
        writeSlot(RT.view, A, a);
        writeSlot(RT.view, B, b);
        const want: Reg = { v: null, c: 0 };
        CORE[op](a, b, want);
        const what = `${op}(${String(a.v)}, ${String(b.v)})`;
        if (RT.arith(op)(A, B, OUT) === 0) {
          assert.ok(op === "remainder" && (a.c === 2 || b.c === 2), `${what} declined`);
          continue;
        }
        const got: Reg = { v: null, c: 0 };
        readSlot(RT.view, OUT, got);
        sameReg(got, want, what);
      }
    }
  }
});

// ---- varints and records -----------------------------------------------------------------

/** SQLite's varint encoding of a 64-bit value (written independently of core's decoder). */
function encodeVarint(v: bigint): number[] {
  const u = BigInt.asUintN(64, v);
  if (u >= 1n << 56n) {
    const out = [Number(u & 0xffn)];
    let rest = u >> 8n;
    for (let i = 0; i < 8; i++) {
      out.unshift(Number(rest & 0x7fn) | 0x80);
      rest >>= 7n;
    }
    return out;
  }
  const out = [Number(u & 0x7fn)];
  for (let rest = u >> 7n; rest > 0n; rest >>= 7n) out.unshift(Number(rest & 0x7fn) | 0x80);
  return out;
}

const BASE = StaticArea.End + 4 * Slot.SIZE;
const CURSOR = 32768;

Deno.test("wasm varint matches core's decoder, and declines a varint crossing its bound", () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.constantFrom(...I64_EDGES),
        fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }),
      ),
      fc.integer({ min: 0, max: 3 }),
      (v, cut) => {
        const enc = encodeVarint(v);
        RT.bytes.set(enc, BASE);
        const end = BASE + enc.length - (cut === 0 ? 1 : 0);
        const got = RT.varint(BASE, end);
        const gotEnd = RT.varintEnd.value as number;
        let want: bigint | null = null;
        try {
          want = BigInt(getVarint(RT.bytes, BASE, end, 1));
        } catch (e) {
          assert.ok(e instanceof SqliteError);
        }
        if (want === null) assert.equal(gotEnd, 0, `${v} cut: wasm read past the bound`);
        else {
          assert.equal(got, want, `varint ${v}`);
          assert.equal(gotEnd, varintEnd);
        }
      },
    ),
    propertyParams(2000, "wasm varint"),
  );
});

/** A record of `values` with each value's serial type at least `widen` sizes wider. */
function encodeRecord(values: readonly SqlValue[], widths: readonly number[]): Uint8Array {
  const types: number[] = [];
  const bodies: number[][] = [];
  values.forEach((v, i) => {
    if (v === null) {
      types.push(0);
      bodies.push([]);
    } else if (typeof v === "string") {
      const b = [...new TextEncoder().encode(v)];
      types.push(b.length * 2 + 13);
      bodies.push(b);
    } else if (v instanceof Uint8Array) {
      types.push(v.length * 2 + 12);
      bodies.push([...v]);
    } else if (typeof v === "number" && !Number.isInteger(v) || Object.is(v, -0)) {
      const dv = new DataView(new ArrayBuffer(8));
      dv.setFloat64(0, v as number);
      types.push(7);
      bodies.push([...new Uint8Array(dv.buffer)]);
    } else {
      const n = BigInt(v as number | bigint);
      const sizes = [1, 2, 3, 4, 6, 8];
      let t = sizes.findIndex((s) =>
        n >= -(1n << BigInt(8 * s - 1)) && n < 1n << BigInt(8 * s - 1)
      );
      if ((n === 0n || n === 1n) && widths[i] === 0) {
        types.push(8 + Number(n));
        bodies.push([]);
        return;
      }
      t = Math.min(5, t + widths[i]);
      const s = sizes[t];
      const b: number[] = [];
      for (let k = s - 1; k >= 0; k--) b.push(Number(BigInt.asUintN(8, n >> BigInt(8 * k))));
      types.push(t + 1);
      bodies.push(b);
    }
  });
  const header = types.flatMap((t) => encodeVarint(BigInt(t)));
  let hdrLen = header.length + 1;
  if (hdrLen > 127) hdrLen = header.length + encodeVarint(BigInt(header.length + 2)).length;
  return new Uint8Array([...encodeVarint(BigInt(hdrLen)), ...header, ...bodies.flat()]);
}

const arbField: fc.Arbitrary<SqlValue> = fc.oneof(
  fc.constant(null),
  fc.constantFrom(...I64_EDGES).map((b) => (Number.isSafeInteger(Number(b)) ? Number(b) : b)),
  fc.integer(),
  fc.double({ noNaN: true }),
  // (A NaN, which no SQLite writes, reads as NULL.)
  fc.constantFrom(-0, 0.5, Infinity, -Infinity, NaN),
  fc.string({ maxLength: 20 }),
  fc.uint8Array({ maxLength: 20 }),
);

/** What the column function left in the slot, as a value (TEXT and BLOB read from memory). */
function slotValue(at: number): SqlValue {
  const c = RT.view.getInt32(at + Slot.CLASS, true);
  if (c === StorageClass.Text || c === StorageClass.Blob) {
    const ref = RT.view.getBigUint64(at + Slot.VALUE, true);
    const off = Number(ref & 0xffffffffn), len = Number(ref >> 32n);
    const bytes = RT.bytes.slice(off, off + len);
    // The reference is the native part; turning bytes into a string is core's.
    return c === StorageClass.Text ? decodeText(bytes, 0, len, TextEncoding.Utf8) : bytes;
  }
  const r: Reg = { v: null, c: 0 };
  readSlot(RT.view, at, r);
  return r.v;
}

/** Core's value of field `i` (undefined: missing; "corrupt": it throws SQLITE_CORRUPT). */
function coreField(rec: Uint8Array, i: number): SqlValue | undefined | "corrupt" {
  const reader = new RecordReader(TextEncoding.Utf8);
  try {
    reader.resetLocal(rec, 0, rec.length, 1);
    return reader.value(i);
  } catch (e) {
    if (e instanceof SqliteError && e.code === "SQLITE_CORRUPT") return "corrupt";
    throw e;
  }
}

/** The value of field `i`'s table entry into {@link OUT} (an integer as REAL when `real`). */
function decodeEntry(i: number, real = false): void {
  const entry = CURSOR + CursorField.Table + i * FIELD_ENTRY;
  RT.view.setInt32(OUT + Slot.CLASS, -1, true);
  const [t, at] = [RT.view.getInt32(entry, true), RT.view.getInt32(entry + 4, true)];
  const cls = RT.value(t, at, OUT, real ? 1 : 0);
  assert.equal(cls, RT.view.getInt32(OUT + Slot.CLASS, true), "value returns the class it wrote");
}

/** Where {@link checkFields} puts a one-cell leaf page (4096 bytes). */
const LEAF = 40960;

/**
 * `rec`, put in a one-cell table leaf under `rowid`, read by `cell` as far as each field (and
 * one past the last): `cell` must have read every field before `want` that core reads as a
 * value (all those the record has), to core's values (through `value`); when core finds one
 * of them corrupt, it must leave the record to JS (nothing marked read). The rowid must be
 * cached in the cursor.
 */
function checkFields(rec: Uint8Array, fields: number, rowid = 300n): void {
  const v = RT.view;
  const cell = [...encodeVarint(BigInt(rec.length)), ...encodeVarint(rowid), ...rec];
  const at = 4096 - cell.length - 8;
  if (at < 16) return;
  RT.bytes.fill(0, LEAF, LEAF + 4096);
  RT.bytes.set(cell, LEAF + at);
  v.setUint16(LEAF + 8, at); // the cell pointer (big-endian)
  const cursor: [CursorField, number][] = [
    [CursorField.Leaf, LEAF],
    [CursorField.Index, 0],
    [CursorField.Count, 1],
    [CursorField.CellPtr, LEAF + 8],
    [CursorField.Mode, CursorMode.Native],
    [CursorField.UsableEnd, LEAF + 4096],
    [CursorField.MaxLocal, 4061],
  ];
  const core = Array.from({ length: fields + 1 }, (_, i) => coreField(rec, i));
  for (let want = 0; want <= fields + 1; want++) {
    for (const [field, value] of cursor) v.setInt32(CURSOR + field, value, true);
    v.setInt32(CURSOR + CursorField.Parsed, -1, true);
    const what = `cell(want ${want}) on [${[...rec].join(",")}]`;
    assert.equal(RT.cell(CURSOR, want), LEAF + at + cell.length - rec.length, what);
    assert.equal(v.getBigInt64(CURSOR + CursorField.CachedRowid, true), rowid, what);
    // Every field core reads as a value (those the record has), or none if one is corrupt.
    const wanted = core.slice(0, want);
    const present = wanted.includes("corrupt") ? 0 : wanted.filter((x) => x !== undefined).length;
    const parsed = v.getInt32(CURSOR + CursorField.Parsed, true);
    assert.equal(parsed, present, `${what}: core reads ${present} fields`);
    for (let i = 0; i < parsed; i++) {
      decodeEntry(i);
      assert.deepEqual(slotValue(OUT), core[i], `${what}: field ${i}`);
      // Under REAL affinity an integer reads back as REAL (the interpreter's Column, P5 = 1).
      decodeEntry(i, true);
      const x = core[i];
      const asReal = typeof x === "bigint" || Number.isInteger(x) && typeof x === "number"
        ? Number(x)
        : x;
      const realClass = RT.view.getInt32(OUT + Slot.CLASS, true);
      assert.deepEqual(slotValue(OUT), asReal, `${what}: field ${i} as REAL`);
      if (asReal !== x || typeof x === "number" && Number.isInteger(x)) {
        assert.equal(realClass, x === null ? StorageClass.Null : StorageClass.Real, what);
      }
    }
  }
}

Deno.test("wasm record fields match core's reader for every serial type and width", () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(arbField, fc.integer({ min: 0, max: 3 })), { maxLength: 12 }),
      // Rowids of every varint width, negative ones (nine bytes) included.
      fc.oneof(
        fc.bigInt({ min: 0n, max: 1n << 16n }),
        fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }),
      ),
      (cols, rowid) => {
        const rec = encodeRecord(cols.map((c) => c[0]), cols.map((c) => c[1]));
        checkFields(rec, cols.length, rowid);
      },
    ),
    propertyParams(1500, "wasm record"),
  );
});

Deno.test("wasm record fields on damaged records: the core value or a decline, never another value", () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(arbField, fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength: 6 }),
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
      fc.nat(),
      (cols, flips, cut) => {
        const rec = encodeRecord(cols.map((c) => c[0]), cols.map((c) => c[1]));
        for (const [at, byte] of flips) rec[at % rec.length] = byte;
        const damaged = rec.subarray(0, rec.length - (cut % 3));
        checkFields(damaged, cols.length);
      },
    ),
    propertyParams(3000, "wasm damaged record"),
  );
});

// ---- comparison and truth -----------------------------------------------------------------

const CMP = RT;

const COMPARE_OPS = [
  CompareOp.Eq,
  CompareOp.Ne,
  CompareOp.Lt,
  CompareOp.Le,
  CompareOp.Gt,
  CompareOp.Ge,
];
const HOLDS = [
  (o: number) => o === 0,
  (o: number) => o !== 0,
  (o: number) => o < 0,
  (o: number) => o <= 0,
  (o: number) => o > 0,
  (o: number) => o >= 0,
];
const AFFINITIES = [
  Affinity.Blob,
  Affinity.Text,
  Affinity.Numeric,
  Affinity.Integer,
  Affinity.Real,
];
const COLLATIONS = [BINARY_UTF8, NOCASE, RTRIM];

/** Every op, affinity and collation of core's compare against one native three-way answer. */
function checkCompare(a: Reg, b: Reg): void {
  writeAny(a, A);
  writeAny(b, B);
  const got = CMP.compare(A, B, NullOrder.Null);
  const what = `compare(${String(a.v)}:${a.c}, ${String(b.v)}:${b.c})`;
  const numeric = (r: Reg) => r.c === StorageClass.Integer || r.c === StorageClass.Real;
  if (got === CompareResult.Declined) {
    const nan = (r: Reg) => r.c === StorageClass.Real && Number.isNaN(r.v);
    assert.ok(!numeric(a) || !numeric(b) || nan(a) || nan(b), `${what} declined`);
    return;
  }
  for (const aff of AFFINITIES) {
    for (const coll of COLLATIONS) {
      for (const op of COMPARE_OPS) {
        const want: Reg = { v: null, c: 0 };
        logic.compare(op, a, b, aff, coll, want);
        if (got === CompareResult.Null) assert.equal(want.c, StorageClass.Null, what);
        else assert.equal(want.v, HOLDS[op](got) ? 1 : 0, `${what} op ${op} aff ${aff}`);
      }
    }
  }
}

Deno.test("wasm compare of numbers matches core/value/logic under every affinity and collation", () => {
  fc.assert(
    fc.property(arbReg, arbReg, (a, b) => checkCompare(a, b)),
    propertyParams(1500, "wasm compare"),
  );
  // Integers next to the doubles that round to them, and doubles at the i64 range's ends.
  const near: Reg[] = [];
  for (const i of I64_EDGES) {
    const r: Reg = { v: null, c: 0 };
    setInt(r, Number.isSafeInteger(Number(i)) && BigInt(Number(i)) === i ? Number(i) : i);
    near.push(r, { v: Number(i), c: StorageClass.Real }, { v: Number(i) + 0.5, c: 2 });
  }
  for (const a of near) for (const b of near) checkCompare(a, b);
});

Deno.test("wasm compare as a sort key matches core's rowComparator: NULLs first or last, either direction", () => {
  // The module applies the direction after (codegen/module.ts SorterReject), with NULL's
  // place given turned so that it comes out unturned.
  const keyOrder = (a: Reg, b: Reg, desc: boolean, nullsFirst: boolean): number => {
    writeAny(a, A);
    writeAny(b, B);
    const t = CMP.compare(A, B, nullsFirst !== desc ? NullOrder.First : NullOrder.Last);
    return t > 1 ? t : desc ? 0 - t : t;
  };
  const nullReg = fc.constant<Reg>({ v: null, c: StorageClass.Null });
  fc.assert(
    fc.property(
      fc.oneof(arbReg, nullReg),
      fc.oneof(arbReg, nullReg),
      fc.boolean(),
      fc.boolean(),
      (a, b, desc, nullsFirst) => {
        const got = keyOrder(a, b, desc, nullsFirst);
        if (a.c >= StorageClass.Text || b.c >= StorageClass.Text) {
          if (a.c !== StorageClass.Null && b.c !== StorageClass.Null) {
            assert.equal(got, CompareResult.Declined);
            return;
          }
        }
        const order = rowComparator(
          [{ column: 0, desc, nullsFirst, collation: "BINARY" }],
          TextEncoding.Utf8,
        );
        const row = (r: Reg) => ({ values: [r.v], classes: [r.c] });
        const want = Math.sign(order(row(a), row(b)));
        assert.equal(
          got,
          want,
          `${String(a.v)} vs ${String(b.v)} desc ${desc} first ${nullsFirst}`,
        );
      },
    ),
    propertyParams(1500, "wasm sort key"),
  );
});

Deno.test("wasm truth matches core's truthValue for NULL, INTEGER and REAL", () => {
  fc.assert(
    fc.property(arbReg, fc.integer({ min: 0, max: 1 }), (a, ifNull) => {
      writeAny(a, A);
      const got = CMP.truth(A, ifNull);
      if (a.c >= StorageClass.Text) assert.equal(got, CompareResult.Declined);
      else assert.equal(got, truthValue(a, ifNull), `truth(${String(a.v)})`);
    }),
    propertyParams(500, "wasm truth"),
  );
});

Deno.test("wasm runtime: the prebuilt entries are what runtime/build.ts builds (deno task gen:wasm-runtime)", async () => {
  const built = buildRuntime().bytes;
  validateWasm(built);
  const text = await Deno.readTextFile(
    new URL("../backends/wasm/runtime/prebuilt.ts", import.meta.url),
  );
  assert.equal(text, prebuiltSource());
  // And decoded as statement modules take them.
  assert.deepEqual(runtimeEntries(), sectionEntries(built));
});
