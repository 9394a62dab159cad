/**
 * Asynchronous byte sources: a database whose bytes arrive over the network (HTTP range
 * requests) or from a Blob read lazily, so only the pages a query touches are fetched.
 */
import { SqliteError } from "../errors.ts";

/**
 * A random-access run of bytes read asynchronously (a URL, a Blob read lazily, ...).
 *
 * @example
 * ```ts
 * import { type AsyncByteSource, BlobSource } from "./async_source.ts";
 * const source: AsyncByteSource = new BlobSource(new Blob([new Uint8Array(8192)]));
 * const page1 = await source.read(0, 4096);
 * console.log(source.size, page1.length); // 8192 4096
 * source.close();
 * ```
 */
export interface AsyncByteSource {
  /** Size in bytes, known once the source is opened. */
  readonly size: number;
  /** Bytes `[offset, offset + length)` (fewer at the end of the source). */
  read(offset: number, length: number): Promise<Uint8Array>;
  /** Releases the source; later reads reject with `SQLITE_MISUSE`. */
  close(): void;
}

/** The part `[start, end)` of `[offset, offset + length)` that lies inside `size` bytes. */
export function clampRange(
  size: number,
  offset: number,
  length: number,
): { start: number; end: number } {
  const start = Math.min(Math.max(0, offset), size);
  const end = Math.min(Math.max(start, offset + Math.max(0, length)), size);
  return { start, end };
}

/**
 * An {@link AsyncByteSource} over a Blob or File, read lazily: each read slices the Blob,
 * so a large file is never loaded whole.
 *
 * @example
 * ```ts
 * import { BlobSource } from "./async_source.ts";
 * const source = new BlobSource(new Blob([new Uint8Array([1, 2, 3, 4])]));
 * console.log(await source.read(1, 2)); // Uint8Array [2, 3]
 * ```
 */
export class BlobSource implements AsyncByteSource {
  /** Size of the Blob in bytes. */
  readonly size: number;
  #blob: Blob | null;

  /** Wraps `blob`; nothing is read until {@link BlobSource.read} is called. */
  constructor(blob: Blob) {
    this.#blob = blob;
    this.size = blob.size;
  }

  /** Bytes `[offset, offset + length)`, fewer past the end of the Blob. */
  async read(offset: number, length: number): Promise<Uint8Array> {
    if (!this.#blob) throw new SqliteError("SQLITE_MISUSE", "blob source is closed");
    const { start, end } = clampRange(this.size, offset, length);
    if (start === end) return new Uint8Array(0);
    return new Uint8Array(await this.#blob.slice(start, end).arrayBuffer());
  }

  /** Drops the reference to the Blob. */
  close(): void {
    this.#blob = null;
  }
}
