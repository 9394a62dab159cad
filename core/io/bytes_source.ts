import type { ByteSource } from "./byte_source.ts";

/** A {@link ByteSource} over bytes already in memory; reads are zero-copy views. */
export class BytesSource implements ByteSource {
  declare readonly size: number;
  #bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
    this.size = bytes.length;
  }

  read(offset: number, length: number): Uint8Array {
    const end = Math.min(offset + length, this.size);
    return this.#bytes.subarray(Math.min(offset, end), end);
  }

  close(): void {}
}
