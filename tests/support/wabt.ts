/**
 * wabt (a test and dev dependency only): validates WebAssembly modules and prints them as
 * text, to check the modules litejit emits without trusting its own emitter.
 */
import wabtInit from "wabt";

const wabt = await wabtInit();

/** The proposals litejit's modules may use (all standard in today's engines). */
const FEATURES = {
  sat_float_to_int: true,
  sign_extension: true,
  bulk_memory: true,
  mutable_globals: true,
  multi_value: true,
};

/**
 * Reads `bytes` with wabt and validates them (throws wabt's message when invalid); returns
 * wabt's text of the module when `text` is set, else "".
 */
export function validateWasm(bytes: Uint8Array, text = false): string {
  const m = wabt.readWasm(bytes, { readDebugNames: true, ...FEATURES });
  try {
    m.validate();
    return text ? m.toText({ foldExprs: false, inlineExport: false }) : "";
  } finally {
    m.destroy();
  }
}

/** Parses WAT text with wabt, validates it, and returns the binary (with names). */
export function parseWat(text: string): Uint8Array {
  const m = wabt.parseWat("printed.wat", text, FEATURES);
  try {
    m.resolveNames();
    m.validate();
    return m.toBinary({ write_debug_names: true }).buffer;
  } finally {
    m.destroy();
  }
}
