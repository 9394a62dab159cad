/**
 * Where the pager keeps page bytes. One pager design (core/pager.ts and core/pager/: CLOCK
 * cache, read-ahead, WAL overlay, buffer reuse) over two storages:
 *
 * - **heap**: each page buffer is an `ArrayBuffer` of its own (the JS backends'
 *   storage; a source that hands out views, like a byte array, is not even copied);
 * - **linear**: page buffers are fixed slots of one `WebAssembly.Memory`, so code compiled
 *   to Wasm reads pages where they are (`data.byteOffset`), and the page source reads into
 *   the slots directly.
 */
import { MAX_READ_AHEAD } from "./pager/read_ahead.ts";
import { ARENAS } from "./pager/stream_arenas.ts";

/** The storages a {@link PageStorage} can be (chosen by the backend, see core/backend.ts). */
export type PageStorageKind = "heap" | "linear";

/** Page buffers for a pager. */
export interface PageStorage {
  readonly kind: PageStorageKind;
  /**
   * A new page buffer of `pageSize` bytes, or null when the storage has no room left (the
   * pager then keeps the page in a heap buffer of its own).
   */
  allocate(): Uint8Array | null;
}

/** Page buffers as separate heap arrays: never runs out. */
export class HeapPageStorage implements PageStorage {
  readonly kind = "heap";
  readonly #pageSize: number;

  constructor(pageSize: number) {
    this.#pageSize = pageSize;
  }

  allocate(): Uint8Array {
    return new Uint8Array(this.#pageSize);
  }
}

/** Bytes of one Wasm memory page. */
export const WASM_PAGE = 65536;

/**
 * Bytes at the start of the memory that are not page slots: where compiled code keeps the
 * registers, cursor positions and constants of each running statement (its frame; see
 * backends/wasm/host/frame_pool.ts). A multiple of every page size; untouched, it costs nothing.
 */
export const LINEAR_RESERVED = 16 * WASM_PAGE;

/**
 * Slots beyond the cache limit: a page evicted while a cursor still holds it keeps its
 * slot until released, so the slots in use may exceed the cache by the pages held (64);
 * and the live pager's stream arenas take a run's slots each ({@link allocateRun}).
 */
export const LINEAR_SPARE_SLOTS = 64 + ARENAS * MAX_READ_AHEAD;

/**
 * Page buffers as slots of one `WebAssembly.Memory`: slot `i` is bytes
 * `[LINEAR_RESERVED + i * pageSize, … + pageSize)`. The memory is sized for every slot when
 * the storage is made; slots are handed out once and then recycled by the pager, so a scan
 * of any length never grows it.
 */
export class LinearPageStorage implements PageStorage {
  readonly kind = "linear";
  /**
   * The memory holding the pages. Growing it would detach the pages' views (each page is a
   * `Uint8Array` over its buffer): the pager never does, nor may anything else while the
   * pager is open.
   */
  declare readonly memory: WebAssembly.Memory;
  /** The slots {@link allocate} may hand out (runs taken from the end lower it). */
  declare capacity: number;
  readonly #pageSize: number;
  #next = 0;

  constructor(pageSize: number, capacity: number) {
    this.#pageSize = pageSize;
    this.capacity = capacity;
    // Untouched memory costs no resident pages, so sizing for every slot up front is free
    // until pages are read into them.
    const bytes = LINEAR_RESERVED + capacity * pageSize;
    // And one page more, never used: native code may read a few bytes past a page's end
    // before it checks them against the end (backends/wasm/runtime/record.ts varint).
    this.memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / WASM_PAGE) + 1 });
  }

  /** How many slots have been handed out. */
  get used(): number {
    return this.#next;
  }

  allocate(): Uint8Array | null {
    if (this.#next === this.capacity) return null;
    const at = LINEAR_RESERVED + this.#next++ * this.#pageSize;
    return new Uint8Array(this.memory.buffer, at, this.#pageSize);
  }
}

/**
 * `count` consecutive slots of `storage` (of `pageSize` bytes each), taken from its end for
 * good: the live pager's stream arenas read whole runs into them. A function rather than a
 * method, so that bundles without the live pager leave it out. Null when fewer are left.
 */
export function allocateRun(
  storage: LinearPageStorage,
  pageSize: number,
  count: number,
): Uint8Array | null {
  if (storage.capacity - storage.used < count) return null;
  storage.capacity -= count;
  const at = LINEAR_RESERVED + storage.capacity * pageSize;
  return new Uint8Array(storage.memory.buffer, at, count * pageSize);
}
