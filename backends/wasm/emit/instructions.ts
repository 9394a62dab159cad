/**
 * The WebAssembly instructions our backend emits, in one table shared by the emitter
 * (function_builder.ts) and the printer (print.ts): standard text name, opcode, kind of
 * immediate, stack signature and natural alignment. Also the value and block types.
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
 * - `i32`, `i64`: a signed LEB128; `f64`: 8 little-endian bytes;
 * - `mem`: one memory index byte (0); `mem2`: two of them (memory.copy's destination, source);
 * - `call_indirect`: u32 type index, then u32 table index;
 * - `data`: u32 data segment index; `data_mem`: u32 data segment index, then a memory byte.
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
  | "f64"
  | "mem"
  | "mem2"
  | "call_indirect"
  | "data"
  | "data_mem";

// One row per instruction: [name, opcode, immediate, signature, natural log2 alignment].
// The opcode is one byte, or 0xFC00 + sub-opcode for the 0xFC-prefixed instructions.
// The signature lists operand and result types, `i` i32, `l` i64, `d` f64, as
// "operands:results"; it is null for control, variable and polymorphic instructions.
type Row = readonly [string, number, ImmKind, string | null, number?];

const TABLE = [
  // Control
  ["unreachable", 0x00, "none", null],
  ["nop", 0x01, "none", ":"],
  ["block", 0x02, "block", null],
  ["loop", 0x03, "block", null],
  ["if", 0x04, "block", null],
  ["else", 0x05, "none", null],
  ["end", 0x0b, "none", null],
  ["br", 0x0c, "label", null],
  ["br_if", 0x0d, "label", null],
  ["br_table", 0x0e, "br_table", null],
  ["return", 0x0f, "none", null],
  ["call", 0x10, "func", null],
  ["call_indirect", 0x11, "call_indirect", null],
  // Parametric and variable
  ["drop", 0x1a, "none", null],
  ["select", 0x1b, "none", null],
  ["local.get", 0x20, "local", null],
  ["local.set", 0x21, "local", null],
  ["local.tee", 0x22, "local", null],
  ["global.get", 0x23, "global", null],
  ["global.set", 0x24, "global", null],
  // Memory
  ["i32.load", 0x28, "memarg", "i:i", 2],
  ["i64.load", 0x29, "memarg", "i:l", 3],
  ["f64.load", 0x2b, "memarg", "i:d", 3],
  ["i32.load8_s", 0x2c, "memarg", "i:i", 0],
  ["i32.load8_u", 0x2d, "memarg", "i:i", 0],
  ["i32.load16_s", 0x2e, "memarg", "i:i", 1],
  ["i32.load16_u", 0x2f, "memarg", "i:i", 1],
  ["i64.load8_s", 0x30, "memarg", "i:l", 0],
  ["i64.load8_u", 0x31, "memarg", "i:l", 0],
  ["i64.load16_s", 0x32, "memarg", "i:l", 1],
  ["i64.load16_u", 0x33, "memarg", "i:l", 1],
  ["i64.load32_s", 0x34, "memarg", "i:l", 2],
  ["i64.load32_u", 0x35, "memarg", "i:l", 2],
  ["i32.store", 0x36, "memarg", "ii:", 2],
  ["i64.store", 0x37, "memarg", "il:", 3],
  ["f64.store", 0x39, "memarg", "id:", 3],
  ["i32.store8", 0x3a, "memarg", "ii:", 0],
  ["i32.store16", 0x3b, "memarg", "ii:", 1],
  ["i64.store8", 0x3c, "memarg", "il:", 0],
  ["i64.store16", 0x3d, "memarg", "il:", 1],
  ["i64.store32", 0x3e, "memarg", "il:", 2],
  ["memory.size", 0x3f, "mem", ":i"],
  ["memory.grow", 0x40, "mem", "i:i"],
  ["memory.init", 0xfc08, "data_mem", "iii:"],
  ["data.drop", 0xfc09, "data", ":"],
  ["memory.copy", 0xfc0a, "mem2", "iii:"],
  ["memory.fill", 0xfc0b, "mem", "iii:"],
  // Constants
  ["i32.const", 0x41, "i32", ":i"],
  ["i64.const", 0x42, "i64", ":l"],
  ["f64.const", 0x44, "f64", ":d"],
  // i32 comparisons
  ["i32.eqz", 0x45, "none", "i:i"],
  ["i32.eq", 0x46, "none", "ii:i"],
  ["i32.ne", 0x47, "none", "ii:i"],
  ["i32.lt_s", 0x48, "none", "ii:i"],
  ["i32.lt_u", 0x49, "none", "ii:i"],
  ["i32.gt_s", 0x4a, "none", "ii:i"],
  ["i32.gt_u", 0x4b, "none", "ii:i"],
  ["i32.le_s", 0x4c, "none", "ii:i"],
  ["i32.le_u", 0x4d, "none", "ii:i"],
  ["i32.ge_s", 0x4e, "none", "ii:i"],
  ["i32.ge_u", 0x4f, "none", "ii:i"],
  // i64 comparisons
  ["i64.eqz", 0x50, "none", "l:i"],
  ["i64.eq", 0x51, "none", "ll:i"],
  ["i64.ne", 0x52, "none", "ll:i"],
  ["i64.lt_s", 0x53, "none", "ll:i"],
  ["i64.lt_u", 0x54, "none", "ll:i"],
  ["i64.gt_s", 0x55, "none", "ll:i"],
  ["i64.gt_u", 0x56, "none", "ll:i"],
  ["i64.le_s", 0x57, "none", "ll:i"],
  ["i64.le_u", 0x58, "none", "ll:i"],
  ["i64.ge_s", 0x59, "none", "ll:i"],
  ["i64.ge_u", 0x5a, "none", "ll:i"],
  // f64 comparisons
  ["f64.eq", 0x61, "none", "dd:i"],
  ["f64.ne", 0x62, "none", "dd:i"],
  ["f64.lt", 0x63, "none", "dd:i"],
  ["f64.gt", 0x64, "none", "dd:i"],
  ["f64.le", 0x65, "none", "dd:i"],
  ["f64.ge", 0x66, "none", "dd:i"],
  // i32 arithmetic and bitwise
  ["i32.clz", 0x67, "none", "i:i"],
  ["i32.ctz", 0x68, "none", "i:i"],
  ["i32.popcnt", 0x69, "none", "i:i"],
  ["i32.add", 0x6a, "none", "ii:i"],
  ["i32.sub", 0x6b, "none", "ii:i"],
  ["i32.mul", 0x6c, "none", "ii:i"],
  ["i32.div_s", 0x6d, "none", "ii:i"],
  ["i32.div_u", 0x6e, "none", "ii:i"],
  ["i32.rem_s", 0x6f, "none", "ii:i"],
  ["i32.rem_u", 0x70, "none", "ii:i"],
  ["i32.and", 0x71, "none", "ii:i"],
  ["i32.or", 0x72, "none", "ii:i"],
  ["i32.xor", 0x73, "none", "ii:i"],
  ["i32.shl", 0x74, "none", "ii:i"],
  ["i32.shr_s", 0x75, "none", "ii:i"],
  ["i32.shr_u", 0x76, "none", "ii:i"],
  ["i32.rotl", 0x77, "none", "ii:i"],
  ["i32.rotr", 0x78, "none", "ii:i"],
  // i64 arithmetic and bitwise
  ["i64.clz", 0x79, "none", "l:l"],
  ["i64.ctz", 0x7a, "none", "l:l"],
  ["i64.popcnt", 0x7b, "none", "l:l"],
  ["i64.add", 0x7c, "none", "ll:l"],
  ["i64.sub", 0x7d, "none", "ll:l"],
  ["i64.mul", 0x7e, "none", "ll:l"],
  ["i64.div_s", 0x7f, "none", "ll:l"],
  ["i64.div_u", 0x80, "none", "ll:l"],
  ["i64.rem_s", 0x81, "none", "ll:l"],
  ["i64.rem_u", 0x82, "none", "ll:l"],
  ["i64.and", 0x83, "none", "ll:l"],
  ["i64.or", 0x84, "none", "ll:l"],
  ["i64.xor", 0x85, "none", "ll:l"],
  ["i64.shl", 0x86, "none", "ll:l"],
  ["i64.shr_s", 0x87, "none", "ll:l"],
  ["i64.shr_u", 0x88, "none", "ll:l"],
  ["i64.rotl", 0x89, "none", "ll:l"],
  ["i64.rotr", 0x8a, "none", "ll:l"],
  // f64 arithmetic
  ["f64.abs", 0x99, "none", "d:d"],
  ["f64.neg", 0x9a, "none", "d:d"],
  ["f64.ceil", 0x9b, "none", "d:d"],
  ["f64.floor", 0x9c, "none", "d:d"],
  ["f64.trunc", 0x9d, "none", "d:d"],
  ["f64.nearest", 0x9e, "none", "d:d"],
  ["f64.sqrt", 0x9f, "none", "d:d"],
  ["f64.add", 0xa0, "none", "dd:d"],
  ["f64.sub", 0xa1, "none", "dd:d"],
  ["f64.mul", 0xa2, "none", "dd:d"],
  ["f64.div", 0xa3, "none", "dd:d"],
  ["f64.min", 0xa4, "none", "dd:d"],
  ["f64.max", 0xa5, "none", "dd:d"],
  ["f64.copysign", 0xa6, "none", "dd:d"],
  // Conversions
  ["i32.wrap_i64", 0xa7, "none", "l:i"],
  ["i32.trunc_f64_s", 0xaa, "none", "d:i"],
  ["i32.trunc_f64_u", 0xab, "none", "d:i"],
  ["i64.extend_i32_s", 0xac, "none", "i:l"],
  ["i64.extend_i32_u", 0xad, "none", "i:l"],
  ["i64.trunc_f64_s", 0xb0, "none", "d:l"],
  ["i64.trunc_f64_u", 0xb1, "none", "d:l"],
  ["f64.convert_i32_s", 0xb7, "none", "i:d"],
  ["f64.convert_i32_u", 0xb8, "none", "i:d"],
  ["f64.convert_i64_s", 0xb9, "none", "l:d"],
  ["f64.convert_i64_u", 0xba, "none", "l:d"],
  ["i64.reinterpret_f64", 0xbd, "none", "d:l"],
  ["f64.reinterpret_i64", 0xbf, "none", "l:d"],
  ["i32.extend8_s", 0xc0, "none", "i:i"],
  ["i32.extend16_s", 0xc1, "none", "i:i"],
  ["i64.extend8_s", 0xc2, "none", "l:l"],
  ["i64.extend16_s", 0xc3, "none", "l:l"],
  ["i64.extend32_s", 0xc4, "none", "l:l"],
  // Saturating truncations (never trap: NaN gives 0, out of range clamps)
  ["i32.trunc_sat_f64_s", 0xfc02, "none", "d:i"],
  ["i32.trunc_sat_f64_u", 0xfc03, "none", "d:i"],
  ["i64.trunc_sat_f64_s", 0xfc06, "none", "d:l"],
  ["i64.trunc_sat_f64_u", 0xfc07, "none", "d:l"],
] as const satisfies readonly Row[];

type TableRow = (typeof TABLE)[number];

/** The text name of every instruction in the table. */
export type InstrName = TableRow[0];

/**
 * Instructions without immediates that a function body may use freely: `else` and `end`
 * are left out because the builder's structured control methods emit them.
 */
export type PlainName = Exclude<
  Extract<TableRow, readonly [string, number, "none", ...unknown[]]>[0],
  "else" | "end"
>;

/** Instructions that read memory through a memarg. */
export type LoadName = Extract<InstrName, `${string}.load${string}`>;

/** Instructions that write memory through a memarg. */
export type StoreName = Extract<InstrName, `${string}.store${string}`>;

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

/** Every instruction in table order. */
export const INSTRUCTIONS: readonly InstrInfo[] = TABLE.map((row: Row): InstrInfo => ({
  name: row[0] as InstrName,
  opcode: row[1] > 0xff ? row[1] >> 8 : row[1],
  sub: row[1] > 0xff ? row[1] & 0xff : -1,
  imm: row[2],
  sig: row[3],
  align: row[4] ?? -1,
}));

/** Instructions by text name. */
export const INSTR_BY_NAME: ReadonlyMap<InstrName, InstrInfo> = new Map(
  INSTRUCTIONS.map((i) => [i.name, i]),
);

/** Unprefixed instructions by opcode byte (undefined where we emit nothing). */
export const INSTR_BY_OPCODE: readonly (InstrInfo | undefined)[] = (() => {
  const out: (InstrInfo | undefined)[] = new Array(256).fill(undefined);
  for (const i of INSTRUCTIONS) if (i.sub < 0) out[i.opcode] = i;
  return out;
})();

/** 0xFC-prefixed instructions by sub-opcode. */
export const INSTR_BY_FC_SUB: ReadonlyMap<number, InstrInfo> = new Map(
  INSTRUCTIONS.filter((i) => i.sub >= 0).map((i) => [i.sub, i]),
);

/**
 * Opcode of each {@link PlainName} as one number: the byte, or 0xFC00 + sub-opcode. A plain
 * object so the builder's `op(name)` is one property load.
 */
export const PLAIN_OPCODE: Readonly<Record<PlainName, number>> = (() => {
  const out: Record<string, number> = Object.create(null);
  for (const row of TABLE as readonly Row[]) {
    if (row[2] === "none" && row[0] !== "else" && row[0] !== "end") out[row[0]] = row[1];
  }
  return out as Record<PlainName, number>;
})();
