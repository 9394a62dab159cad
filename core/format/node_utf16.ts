/**
 * node:buffer's UTF-16LE decoder (Deno and Node both provide it), installed by mod.ts for
 * decodeText; kept apart so that the browser entry points never import node:buffer.
 */
import { Buffer } from "node:buffer";

/** The code units of UTF-16LE bytes `buf[start, end)`, lone surrogates as they are. */
export function nodeUtf16Decode(buf: Uint8Array, start: number, end: number): string {
  return Buffer.from(buf.buffer, buf.byteOffset + start, end - start).toString("utf16le");
}
