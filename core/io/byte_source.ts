/**
 * Page sources: where a database's bytes come from. Reads are synchronous and positional
 * so a scan touches only the pages it needs and a large file never has to fit in memory.
 */

/** A read-only, random-access run of bytes (a database file, its WAL, or an array). */
export interface ByteSource {
  /** Size in bytes, fixed when the source was opened. */
  readonly size: number;
  /**
   * Bytes `[offset, offset + length)`. Fewer bytes come back when the range runs past
   * the end. The result may be a view into a shared buffer: callers must not write to it.
   */
  read(offset: number, length: number): Uint8Array;
  /**
   * Optional: copies bytes from `offset` into `target` (as many as it holds or the source
   * has), returning how many were copied. A source that provides it lets the pager read
   * into buffers it reuses instead of allocating one per read.
   */
  readInto?(target: Uint8Array, offset: number): number;
  /** Releases any handle; further reads are an error. */
  close(): void;
}
