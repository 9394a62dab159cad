/**
 * The runtime's UTF-16LE decoder (the global `Buffer` of Node and Deno), installed by mod.ts
 * for decodeText. The global is looked up at the first long UTF-16 text, not at import: in
 * Deno the first use of `Buffer` loads part of the Node compatibility layer (3 ms).
 */
import { decodeUnits } from "./text.ts";

type BufferType = {
  from(data: ArrayBufferLike, offset: number, length: number): { toString(enc: "utf16le"): string };
};

let nodeBuffer: BufferType | null | undefined;

/** The code units of UTF-16LE bytes `buf[start, end)`, lone surrogates as they are. */
export function nodeUtf16Decode(buf: Uint8Array, start: number, end: number): string {
  nodeBuffer ??= (globalThis as { Buffer?: BufferType }).Buffer ?? null;
  if (nodeBuffer !== null) {
    return nodeBuffer.from(buf.buffer, buf.byteOffset + start, end - start).toString("utf16le");
  }
  return decodeUnits(buf, start, end, true); // no Buffer (another runtime)
}
