/**
 * The WebAssembly instructions our backend emits: one table for the printer (print.ts) and
 * tests, with standard text name, opcode, kind of immediate, natural alignment and stack
 * signature; and the enums the emitter (function_builder.ts) takes the instructions from,
 * by name. Also the value and block types.
 */

/** A value type the backend uses (f32 and reference types are not needed). */
export type ValType = "i32" | "i64" | "f64";

/** Binary code of each value type. */
export const VALTYPE_CODE: Readonly<Record<ValType, number>> = { i32: 0x7f, i64: 0x7e, f64: 0x7c };

/** The value type of a binary code, or undefined for a code we do not emit. */
export function valTypeOfCode(code: number): ValType | undefined {
  return code === 0x7f ? "i32" : code === 0x7e ? "i64" : code === 0x7c ? "f64" : undefined;
}

/**
 * A block's type: `"empty"` (no params, no results), one result value type, or the index of
 * a function type (for blocks with params or several results).
 */
export type BlockType = "empty" | ValType | number;

/** Binary code of the empty block type. */
export const BLOCKTYPE_EMPTY = 0x40;

/**
 * What follows an opcode in the binary:
 * - `none`; `local`, `global`, `func`: one u32 index; `label`: one u32 relative depth;
 * - `br_table`: a vector of u32 depths, then the default depth;
 * - `block`: a block type (0x40, a value type, or an s33 type index);
 * - `memarg`: u32 log2 alignment, then u32 offset;
 * - `i32`, `i64`: a signed LEB128; `f64`: 8 little-endian bytes.
 */
export type ImmKind =
  | "none"
  | "local"
  | "global"
  | "func"
  | "label"
  | "br_table"
  | "block"
  | "memarg"
  | "i32"
  | "i64"
  | "f64";

// One row per run of instructions at consecutive opcodes that share their immediate and
// alignment: [first opcode, immediate, names, natural log2 alignment]; the k-th name of a
// run has opcode first + k. The names are listed with spaces between them, and the first
// one's type prefix (`i32.`, `local.`) is left off the others: "i32.eq ne" is i32.eq and
// i32.ne.
// An opcode is one byte, or 0xFC00 + sub-opcode for the 0xFC-prefixed instructions.
type Run = readonly [number, ImmKind, string, number?];

const RUNS = [
  // Control
  [0x00, "none", "unreachable"],
  [0x01, "none", "nop"],
  [0x02, "block", "block loop if"],
  [0x05, "none", "else"],
  [0x0b, "none", "end"],
  [0x0c, "label", "br br_if"],
  [0x0e, "br_table", "br_table"],
  [0x0f, "none", "return"],
  [0x10, "func", "call"],
  // Parametric and variable
  [0x1a, "none", "drop select"],
  [0x20, "local", "local.get set tee"],
  [0x23, "global", "global.get set"],
  // Memory
  [0x28, "memarg", "i32.load", 2],
  [0x29, "memarg", "i64.load", 3],
  [0x2b, "memarg", "f64.load", 3],
  [0x2c, "memarg", "i32.load8_s load8_u", 0],
  [0x2e, "memarg", "i32.load16_s load16_u", 1],
  [0x30, "memarg", "i64.load8_s load8_u", 0],
  [0x32, "memarg", "i64.load16_s load16_u", 1],
  [0x34, "memarg", "i64.load32_s load32_u", 2],
  [0x36, "memarg", "i32.store", 2],
  [0x37, "memarg", "i64.store", 3],
  [0x39, "memarg", "f64.store", 3],
  [0x3a, "memarg", "i32.store8", 0],
  [0x3b, "memarg", "i32.store16", 1],
  [0x3c, "memarg", "i64.store8", 0],
  [0x3d, "memarg", "i64.store16", 1],
  [0x3e, "memarg", "i64.store32", 2],
  // Constants
  [0x41, "i32", "i32.const"],
  [0x42, "i64", "i64.const"],
  [0x44, "f64", "f64.const"],
  // Comparisons
  [0x45, "none", "i32.eqz"],
  [0x46, "none", "i32.eq ne lt_s lt_u gt_s gt_u le_s le_u ge_s ge_u"],
  [0x50, "none", "i64.eqz"],
  [0x51, "none", "i64.eq ne lt_s lt_u gt_s gt_u le_s le_u ge_s ge_u"],
  [0x61, "none", "f64.eq ne lt gt le ge"],
  // i32 arithmetic and bitwise
  [0x67, "none", "i32.clz ctz popcnt"],
  [0x6a, "none", "i32.add sub mul div_s div_u rem_s rem_u and or xor shl shr_s shr_u rotl rotr"],
  // i64 arithmetic and bitwise
  [0x79, "none", "i64.clz ctz popcnt"],
  [0x7c, "none", "i64.add sub mul div_s div_u rem_s rem_u and or xor shl shr_s shr_u rotl rotr"],
  // f64 arithmetic
  [0x99, "none", "f64.abs neg ceil floor trunc nearest sqrt"],
  [0xa0, "none", "f64.add sub mul div min max copysign"],
  // Conversions
  [0xa7, "none", "i32.wrap_i64"],
  [0xaa, "none", "i32.trunc_f64_s trunc_f64_u"],
  [0xac, "none", "i64.extend_i32_s extend_i32_u"],
  [0xb0, "none", "i64.trunc_f64_s trunc_f64_u"],
  [0xb7, "none", "f64.convert_i32_s convert_i32_u"],
  [0xb9, "none", "f64.convert_i64_s convert_i64_u"],
  [0xbd, "none", "i64.reinterpret_f64"],
  [0xbf, "none", "f64.reinterpret_i64"],
  [0xc0, "none", "i32.extend8_s extend16_s"],
  [0xc2, "none", "i64.extend8_s extend16_s extend32_s"],
  // Saturating truncations (never trap: NaN gives 0, out of range clamps)
  [0xfc02, "none", "i32.trunc_sat_f64_s trunc_sat_f64_u"],
  [0xfc06, "none", "i64.trunc_sat_f64_s trunc_sat_f64_u"],
] as const satisfies readonly Run[];

// The stack signatures of the monomorphic instructions, [first opcode, last opcode,
// signature] per range of opcodes that share one. A signature lists operand and result
// types, `i` i32, `l` i64, `d` f64, as "operands:results". Only the descriptions below
// (INSTRUCTIONS) carry them: the emitter does not need them.
const SIGNATURES: readonly (readonly [number, number, string])[] = [
  [0x01, 0x01, ":"],
  [0x28, 0x28, "i:i"],
  [0x29, 0x29, "i:l"],
  [0x2b, 0x2b, "i:d"],
  [0x2c, 0x2f, "i:i"],
  [0x30, 0x35, "i:l"],
  [0x36, 0x36, "ii:"],
  [0x37, 0x37, "il:"],
  [0x39, 0x39, "id:"],
  [0x3a, 0x3b, "ii:"],
  [0x3c, 0x3e, "il:"],
  [0x41, 0x41, ":i"],
  [0x42, 0x42, ":l"],
  [0x44, 0x44, ":d"],
  [0x45, 0x45, "i:i"],
  [0x46, 0x4f, "ii:i"],
  [0x50, 0x50, "l:i"],
  [0x51, 0x5a, "ll:i"],
  [0x61, 0x66, "dd:i"],
  [0x67, 0x69, "i:i"],
  [0x6a, 0x78, "ii:i"],
  [0x79, 0x7b, "l:l"],
  [0x7c, 0x8a, "ll:l"],
  [0x99, 0x9f, "d:d"],
  [0xa0, 0xa6, "dd:d"],
  [0xa7, 0xa7, "l:i"],
  [0xaa, 0xab, "d:i"],
  [0xac, 0xad, "i:l"],
  [0xb0, 0xb1, "d:l"],
  [0xb7, 0xb8, "i:d"],
  [0xb9, 0xba, "l:d"],
  [0xbd, 0xbd, "d:l"],
  [0xbf, 0xbf, "l:d"],
  [0xc0, 0xc1, "i:i"],
  [0xc2, 0xc4, "l:l"],
  [0xfc02, 0xfc03, "d:i"],
  [0xfc06, 0xfc07, "d:l"],
];

type RunRow = (typeof RUNS)[number];

/** The names a run's list spells out: the first, then the others with its type prefix. */
type RunNames<List extends string> = List extends `${infer First} ${infer Others}`
  ? First | Prefixed<First extends `${infer Type}.${string}` ? `${Type}.` : "", Others>
  : List;

type Prefixed<Prefix extends string, List extends string> = List extends
  `${infer Name} ${infer Others}` ? `${Prefix}${Name}` | Prefixed<Prefix, Others>
  : `${Prefix}${List}`;

/** The names of a run's list, with the type prefix the list leaves off. */
function runNames(list: string): string[] {
  const [first, ...others] = list.split(" ");
  const prefix = first.slice(0, first.indexOf(".") + 1);
  return [first, ...others.map((name) => prefix + name)];
}

/** The text name of every instruction in the table. */
export type InstrName = RunNames<RunRow[2]>;

/** One instruction's description. */
export interface InstrInfo {
  /** Standard text name, e.g. `i64.load8_u`. */
  readonly name: InstrName;
  /** First opcode byte (0xFC for prefixed instructions). */
  readonly opcode: number;
  /** Sub-opcode after the 0xFC prefix, written as u32; -1 when not prefixed. */
  readonly sub: number;
  /** Kind of immediate that follows the opcode. */
  readonly imm: ImmKind;
  /**
   * Operand and result types as "operands:results" (`i` i32, `l` i64, `d` f64), or null for
   * control, variable and polymorphic instructions.
   */
  readonly sig: string | null;
  /** Natural log2 alignment of a memory access; -1 for other instructions. */
  readonly align: number;
}

/**
 * Every instruction in table order (for the printer and tests: the emitter takes the enums
 * below, so bundles without the printer leave this out).
 */
export const INSTRUCTIONS: readonly InstrInfo[] = /* @__PURE__ */ describeAll();

function describeAll(): InstrInfo[] {
  return (RUNS as readonly Run[]).flatMap(([first, imm, names, align = -1]) =>
    runNames(names).map((name, k): InstrInfo => {
      const code = first + k;
      return {
        name: name as InstrName,
        opcode: code > 0xff ? code >> 8 : code,
        sub: code > 0xff ? code & 0xff : -1,
        imm,
        sig: SIGNATURES.find(([from, to]) => code >= from && code <= to)?.[2] ?? null,
        align,
      };
    })
  );
}

/** Instructions by text name. */
export const INSTR_BY_NAME: ReadonlyMap<InstrName, InstrInfo> = /* @__PURE__ */ byName();

function byName(): Map<InstrName, InstrInfo> {
  return new Map(INSTRUCTIONS.map((i) => [i.name, i]));
}

/**
 * Opcode of each instruction without an immediate, by text name, for the builder's `op()`: the
 * byte, or 0xFC00 + sub-opcode. `else` and `end` are left out because the builder's structured
 * control methods emit them. An enum rather than a lookup by name: bundles inline the numbers
 * and carry neither the names nor {@link RUNS}, which only the printer reads
 * (tests/wasm_emitter_test.ts checks the enums against {@link INSTRUCTIONS}).
 */
export enum Plain {
  "unreachable" = 0x00,
  "nop" = 0x01,
  "return" = 0x0f,
  "drop" = 0x1a,
  "select" = 0x1b,
  "i32.eqz" = 0x45,
  "i32.eq" = 0x46,
  "i32.ne" = 0x47,
  "i32.lt_s" = 0x48,
  "i32.lt_u" = 0x49,
  "i32.gt_s" = 0x4a,
  "i32.gt_u" = 0x4b,
  "i32.le_s" = 0x4c,
  "i32.le_u" = 0x4d,
  "i32.ge_s" = 0x4e,
  "i32.ge_u" = 0x4f,
  "i64.eqz" = 0x50,
  "i64.eq" = 0x51,
  "i64.ne" = 0x52,
  "i64.lt_s" = 0x53,
  "i64.lt_u" = 0x54,
  "i64.gt_s" = 0x55,
  "i64.gt_u" = 0x56,
  "i64.le_s" = 0x57,
  "i64.le_u" = 0x58,
  "i64.ge_s" = 0x59,
  "i64.ge_u" = 0x5a,
  "f64.eq" = 0x61,
  "f64.ne" = 0x62,
  "f64.lt" = 0x63,
  "f64.gt" = 0x64,
  "f64.le" = 0x65,
  "f64.ge" = 0x66,
  "i32.clz" = 0x67,
  "i32.ctz" = 0x68,
  "i32.popcnt" = 0x69,
  "i32.add" = 0x6a,
  "i32.sub" = 0x6b,
  "i32.mul" = 0x6c,
  "i32.div_s" = 0x6d,
  "i32.div_u" = 0x6e,
  "i32.rem_s" = 0x6f,
  "i32.rem_u" = 0x70,
  "i32.and" = 0x71,
  "i32.or" = 0x72,
  "i32.xor" = 0x73,
  "i32.shl" = 0x74,
  "i32.shr_s" = 0x75,
  "i32.shr_u" = 0x76,
  "i32.rotl" = 0x77,
  "i32.rotr" = 0x78,
  "i64.clz" = 0x79,
  "i64.ctz" = 0x7a,
  "i64.popcnt" = 0x7b,
  "i64.add" = 0x7c,
  "i64.sub" = 0x7d,
  "i64.mul" = 0x7e,
  "i64.div_s" = 0x7f,
  "i64.div_u" = 0x80,
  "i64.rem_s" = 0x81,
  "i64.rem_u" = 0x82,
  "i64.and" = 0x83,
  "i64.or" = 0x84,
  "i64.xor" = 0x85,
  "i64.shl" = 0x86,
  "i64.shr_s" = 0x87,
  "i64.shr_u" = 0x88,
  "i64.rotl" = 0x89,
  "i64.rotr" = 0x8a,
  "f64.abs" = 0x99,
  "f64.neg" = 0x9a,
  "f64.ceil" = 0x9b,
  "f64.floor" = 0x9c,
  "f64.trunc" = 0x9d,
  "f64.nearest" = 0x9e,
  "f64.sqrt" = 0x9f,
  "f64.add" = 0xa0,
  "f64.sub" = 0xa1,
  "f64.mul" = 0xa2,
  "f64.div" = 0xa3,
  "f64.min" = 0xa4,
  "f64.max" = 0xa5,
  "f64.copysign" = 0xa6,
  "i32.wrap_i64" = 0xa7,
  "i32.trunc_f64_s" = 0xaa,
  "i32.trunc_f64_u" = 0xab,
  "i64.extend_i32_s" = 0xac,
  "i64.extend_i32_u" = 0xad,
  "i64.trunc_f64_s" = 0xb0,
  "i64.trunc_f64_u" = 0xb1,
  "f64.convert_i32_s" = 0xb7,
  "f64.convert_i32_u" = 0xb8,
  "f64.convert_i64_s" = 0xb9,
  "f64.convert_i64_u" = 0xba,
  "i64.reinterpret_f64" = 0xbd,
  "f64.reinterpret_i64" = 0xbf,
  "i32.extend8_s" = 0xc0,
  "i32.extend16_s" = 0xc1,
  "i64.extend8_s" = 0xc2,
  "i64.extend16_s" = 0xc3,
  "i64.extend32_s" = 0xc4,
  "i32.trunc_sat_f64_s" = 0xfc02,
  "i32.trunc_sat_f64_u" = 0xfc03,
  "i64.trunc_sat_f64_s" = 0xfc06,
  "i64.trunc_sat_f64_u" = 0xfc07,
}

/** Opcode of each load, for the builder's `load()`, with its natural log2 alignment << 8. */
export enum Load {
  "i32.load" = 0x28 | 2 << 8,
  "i64.load" = 0x29 | 3 << 8,
  "f64.load" = 0x2b | 3 << 8,
  "i32.load8_s" = 0x2c | 0 << 8,
  "i32.load8_u" = 0x2d | 0 << 8,
  "i32.load16_s" = 0x2e | 1 << 8,
  "i32.load16_u" = 0x2f | 1 << 8,
  "i64.load8_s" = 0x30 | 0 << 8,
  "i64.load8_u" = 0x31 | 0 << 8,
  "i64.load16_s" = 0x32 | 1 << 8,
  "i64.load16_u" = 0x33 | 1 << 8,
  "i64.load32_s" = 0x34 | 2 << 8,
  "i64.load32_u" = 0x35 | 2 << 8,
}

/** Opcode of each store, for the builder's `store()`, with its natural log2 alignment << 8. */
export enum Store {
  "i32.store" = 0x36 | 2 << 8,
  "i64.store" = 0x37 | 3 << 8,
  "f64.store" = 0x39 | 3 << 8,
  "i32.store8" = 0x3a | 0 << 8,
  "i32.store16" = 0x3b | 1 << 8,
  "i64.store8" = 0x3c | 0 << 8,
  "i64.store16" = 0x3d | 1 << 8,
  "i64.store32" = 0x3e | 2 << 8,
}
