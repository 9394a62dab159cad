/**
 * The runtime's UTF-16LE decoder (the global `Buffer` of Node and Deno), installed by mod.ts
 * for decodeText. The global is looked up at the first long UTF-16 text, not at import: in
 * Deno the first use of `Buffer` loads part of the Node compatibility layer (3 ms).
 */

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
  // No Buffer (another runtime): the code units, a chunk at a time.
  const units = new Uint16Array(buf.slice(start, end).buffer);
  let text = "";
  for (let i = 0; i < units.length; i += 8192) {
    text += String.fromCharCode.apply(null, units.subarray(i, i + 8192) as unknown as number[]);
  }
  return text;
}
