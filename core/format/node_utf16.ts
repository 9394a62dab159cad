/**
 * The runtime's UTF-16LE decoder (the global `Buffer` of Node and Deno), installed by mod.ts
 * for decodeText. The global is looked up at the first long UTF-16 text, not at import: in
 * Deno the first use of `Buffer` loads part of the Node compatibility layer (3 ms).
 */
import { decodeUnits, hasLoneSurrogate, noteIllFormedText, PLATFORM_LE, unitsOf } from "./text.ts";

type BufferType = {
  from(data: ArrayBufferLike, offset: number, length: number): { toString(enc: "utf16le"): string };
};

let nodeBuffer: BufferType | null | undefined;

/** The code units of UTF-16 bytes `buf[start, end)`, lone surrogates as they are. */
export function nodeUtf16Decode(buf: Uint8Array, start: number, end: number, le: boolean): string {
  nodeBuffer ??= (globalThis as { Buffer?: BufferType }).Buffer ?? null;
  let s: string;
  if (nodeBuffer !== null && (le || PLATFORM_LE)) {
    // Big-endian text is swapped into scratch first; the decoder reads little-endian.
    const units = le ? buf : new Uint8Array(unitsOf(buf, start, end, false).buffer);
    const at = le ? buf.byteOffset + start : 0;
    s = nodeBuffer.from(units.buffer, at, end - start).toString("utf16le");
  } else {
    s = decodeUnits(buf, start, end, le); // no Buffer (another runtime), or a big-endian host
  }
  if (hasLoneSurrogate(s)) noteIllFormedText();
  return s;
}
