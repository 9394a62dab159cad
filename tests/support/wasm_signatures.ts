/**
 * Stack signatures of the emitter's monomorphic instructions (backends/wasm/emit/
 * instructions.ts), for the test that builds one function per instruction. Control,
 * variable and polymorphic instructions have none.
 */
import type { InstrInfo } from "../../backends/wasm/emit/instructions.ts";

// [first opcode, last opcode, "operands:results"] per range of opcodes that share their
// signature, `i` i32, `l` i64, `d` f64; an opcode is one byte, or 0xFC00 + sub-opcode.
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

/** `info`'s operand and result types as "operands:results", or null when it has none. */
export function signatureOf(info: InstrInfo): string | null {
  const code = info.sub >= 0 ? 0xfc00 + info.sub : info.opcode;
  return SIGNATURES.find(([first, last]) => code >= first && code <= last)?.[2] ?? null;
}
