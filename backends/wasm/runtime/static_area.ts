/**
 * The tables every memory holds at fixed addresses for the runtime's routines (cell.ts),
 * written once per memory by the backend (mod.ts).
 */
import { serialTypeSize } from "../../../core/format/record.ts";

/**
 * Tables at fixed addresses at the start of the memory, below the frames
 * (host/frame_pool.ts), written once per memory.
 */
export const enum StaticArea {
  /**
   * 256 i32s: the value size of each serial type of one header byte, and for the reserved
   * 10 and 11 and the first byte of a wider varint (128 and up) {@link SIZE_OF_BAD}, more than
   * a record on a page holds, so that a header parse adding the sizes up finds it past the
   * record's end (runtime/cell.ts readHeader).
   */
  SerialSizes = 16,
  /** The first byte after the tables. */
  End = 16 + 256 * 4,
}

/** The size {@link StaticArea.SerialSizes} gives a type no one-byte parse reads. */
export const SIZE_OF_BAD = 0x10000;

/** Writes the tables of {@link StaticArea} into `memory`. */
export function writeStaticArea(memory: WebAssembly.Memory): void {
  const sizes = new Int32Array(memory.buffer, StaticArea.SerialSizes, 256);
  for (let t = 0; t < 256; t++) {
    sizes[t] = t === 10 || t === 11 || t >= 128 ? SIZE_OF_BAD : serialTypeSize(t);
  }
}
