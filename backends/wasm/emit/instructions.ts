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

// One row per run of instructions at consecutive opcodes that share their immediate, signature
// and alignment: [first opcode, immediate, signature, names, natural log2 alignment]; the
// k-th name of a run has opcode first + k.
// An opcode is one byte, or 0xFC00 + sub-opcode for the 0xFC-prefixed instructions.
// The signature lists operand and result types, `i` i32, `l` i64, `d` f64, as
// "operands:results"; it is null for control, variable and polymorphic instructions.
type Run = readonly [number, ImmKind, string | null, readonly string[], number?];

const RUNS = [
  // Control
  [0x00, "none", null, ["unreachable"]],
  [0x01, "none", ":", ["nop"]],
  [0x02, "block", null, ["block", "loop", "if"]],
  [0x05, "none", null, ["else"]],
  [0x0b, "none", null, ["end"]],
  [0x0c, "label", null, ["br", "br_if"]],
  [0x0e, "br_table", null, ["br_table"]],
  [0x0f, "none", null, ["return"]],
  [0x10, "func", null, ["call"]],
  // Parametric and variable
  [0x1a, "none", null, ["drop", "select"]],
  [0x20, "local", null, ["local.get", "local.set", "local.tee"]],
  [0x23, "global", null, ["global.get", "global.set"]],
  // Memory
  [0x28, "memarg", "i:i", ["i32.load"], 2],
  [0x29, "memarg", "i:l", ["i64.load"], 3],
  [0x2b, "memarg", "i:d", ["f64.load"], 3],
  [0x2c, "memarg", "i:i", ["i32.load8_s", "i32.load8_u"], 0],
  [0x2e, "memarg", "i:i", ["i32.load16_s", "i32.load16_u"], 1],
  [0x30, "memarg", "i:l", ["i64.load8_s", "i64.load8_u"], 0],
  [0x32, "memarg", "i:l", ["i64.load16_s", "i64.load16_u"], 1],
  [0x34, "memarg", "i:l", ["i64.load32_s", "i64.load32_u"], 2],
  [0x36, "memarg", "ii:", ["i32.store"], 2],
  [0x37, "memarg", "il:", ["i64.store"], 3],
  [0x39, "memarg", "id:", ["f64.store"], 3],
  [0x3a, "memarg", "ii:", ["i32.store8"], 0],
  [0x3b, "memarg", "ii:", ["i32.store16"], 1],
  [0x3c, "memarg", "il:", ["i64.store8"], 0],
  [0x3d, "memarg", "il:", ["i64.store16"], 1],
  [0x3e, "memarg", "il:", ["i64.store32"], 2],
  // Constants
  [0x41, "i32", ":i", ["i32.const"]],
  [0x42, "i64", ":l", ["i64.const"]],
  [0x44, "f64", ":d", ["f64.const"]],
  // Comparisons
  [0x45, "none", "i:i", ["i32.eqz"]],
  [0x46, "none", "ii:i", [
    "i32.eq",
    "i32.ne",
    "i32.lt_s",
    "i32.lt_u",
    "i32.gt_s",
    "i32.gt_u",
    "i32.le_s",
    "i32.le_u",
    "i32.ge_s",
    "i32.ge_u",
  ]],
  [0x50, "none", "l:i", ["i64.eqz"]],
  [0x51, "none", "ll:i", [
    "i64.eq",
    "i64.ne",
    "i64.lt_s",
    "i64.lt_u",
    "i64.gt_s",
    "i64.gt_u",
    "i64.le_s",
    "i64.le_u",
    "i64.ge_s",
    "i64.ge_u",
  ]],
  [0x61, "none", "dd:i", ["f64.eq", "f64.ne", "f64.lt", "f64.gt", "f64.le", "f64.ge"]],
  // i32 arithmetic and bitwise
  [0x67, "none", "i:i", ["i32.clz", "i32.ctz", "i32.popcnt"]],
  [0x6a, "none", "ii:i", [
    "i32.add",
    "i32.sub",
    "i32.mul",
    "i32.div_s",
    "i32.div_u",
    "i32.rem_s",
    "i32.rem_u",
    "i32.and",
    "i32.or",
    "i32.xor",
    "i32.shl",
    "i32.shr_s",
    "i32.shr_u",
    "i32.rotl",
    "i32.rotr",
  ]],
  // i64 arithmetic and bitwise
  [0x79, "none", "l:l", ["i64.clz", "i64.ctz", "i64.popcnt"]],
  [0x7c, "none", "ll:l", [
    "i64.add",
    "i64.sub",
    "i64.mul",
    "i64.div_s",
    "i64.div_u",
    "i64.rem_s",
    "i64.rem_u",
    "i64.and",
    "i64.or",
    "i64.xor",
    "i64.shl",
    "i64.shr_s",
    "i64.shr_u",
    "i64.rotl",
    "i64.rotr",
  ]],
  // f64 arithmetic
  [0x99, "none", "d:d", [
    "f64.abs",
    "f64.neg",
    "f64.ceil",
    "f64.floor",
    "f64.trunc",
    "f64.nearest",
    "f64.sqrt",
  ]],
  [0xa0, "none", "dd:d", [
    "f64.add",
    "f64.sub",
    "f64.mul",
    "f64.div",
    "f64.min",
    "f64.max",
    "f64.copysign",
  ]],
  // Conversions
  [0xa7, "none", "l:i", ["i32.wrap_i64"]],
  [0xaa, "none", "d:i", ["i32.trunc_f64_s", "i32.trunc_f64_u"]],
  [0xac, "none", "i:l", ["i64.extend_i32_s", "i64.extend_i32_u"]],
  [0xb0, "none", "d:l", ["i64.trunc_f64_s", "i64.trunc_f64_u"]],
  [0xb7, "none", "i:d", ["f64.convert_i32_s", "f64.convert_i32_u"]],
  [0xb9, "none", "l:d", ["f64.convert_i64_s", "f64.convert_i64_u"]],
  [0xbd, "none", "d:l", ["i64.reinterpret_f64"]],
  [0xbf, "none", "l:d", ["f64.reinterpret_i64"]],
  [0xc0, "none", "i:i", ["i32.extend8_s", "i32.extend16_s"]],
  [0xc2, "none", "l:l", ["i64.extend8_s", "i64.extend16_s", "i64.extend32_s"]],
  // Saturating truncations (never trap: NaN gives 0, out of range clamps)
  [0xfc02, "none", "d:i", ["i32.trunc_sat_f64_s", "i32.trunc_sat_f64_u"]],
  [0xfc06, "none", "d:l", ["i64.trunc_sat_f64_s", "i64.trunc_sat_f64_u"]],
] as const satisfies readonly Run[];

type RunRow = (typeof RUNS)[number];

/** The text name of every instruction in the table. */
export type InstrName = RunRow[3][number];

/**
 * Instructions without immediates that a function body may use freely: `else` and `end`
 * are left out because the builder's structured control methods emit them.
 */
export type PlainName = Exclude<
  Extract<RunRow, readonly [number, "none", ...unknown[]]>[3][number],
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

/**
 * Every instruction in table order (for the printer and tests: the emitter reads the two
 * tables below, so bundles without the printer leave this out).
 */
export const INSTRUCTIONS: readonly InstrInfo[] = /* @__PURE__ */ describeAll();

function describeAll(): InstrInfo[] {
  return (RUNS as readonly Run[]).flatMap(([first, imm, sig, names, align = -1]) =>
    names.map((name, k): InstrInfo => {
      const code = first + k;
      return {
        name: name as InstrName,
        opcode: code > 0xff ? code >> 8 : code,
        sub: code > 0xff ? code & 0xff : -1,
        imm,
        sig,
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

const plain: Record<string, number> = Object.create(null);
const memory: Record<string, readonly [number, number]> = Object.create(null);
for (const [first, imm, , names, align] of RUNS as readonly Run[]) {
  names.forEach((name, k) => {
    if (imm === "memarg") memory[name] = [first + k, align!];
    else if (imm === "none" && name !== "else" && name !== "end") plain[name] = first + k;
  });
}

/**
 * Opcode of each {@link PlainName} as one number: the byte, or 0xFC00 + sub-opcode. A plain
 * object so the builder's `op(name)` is one property load.
 */
export const PLAIN_OPCODE = plain as Readonly<Record<PlainName, number>>;

/** Opcode and natural log2 alignment of each load and store. */
export const MEMORY_ACCESS = memory as Readonly<
  Record<LoadName | StoreName, readonly [opcode: number, align: number]>
>;
