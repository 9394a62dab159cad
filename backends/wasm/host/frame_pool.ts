/**
 * Frames: the area of the database's memory where one instance of a compiled statement
 * keeps its register slots, cursor positions and constants. Frames are carved out of the
 * reserved area at the start of the memory (core/page_storage.ts `LINEAR_RESERVED`), after
 * the runtime's static tables (runtime/static_area.ts), first fit, and given back when their
 * instance is dropped.
 */
import { SqliteError } from "../../../core/errors.ts";
import { LINEAR_RESERVED } from "../../../core/page_storage.ts";
import { StaticArea } from "../runtime/static_area.ts";

/** Frames are aligned so that every slot's i64 and f64 are aligned. */
const ALIGN = 16;

/** The frames of one memory. */
export class FrameAllocator {
  /** Free ranges `[start, end)`, sorted and coalesced. */
  readonly #free: [number, number][] = [[StaticArea.End, LINEAR_RESERVED]];

  /** A frame of at least `size` bytes; SQLITE_NOMEM when the reserved area is full. */
  allocate(size: number): number {
    const need = Math.ceil(size / ALIGN) * ALIGN;
    for (let i = 0; i < this.#free.length; i++) {
      const [start, end] = this.#free[i];
      if (end - start < need) continue;
      if (end - start === need) this.#free.splice(i, 1);
      else this.#free[i][0] = start + need;
      return start;
    }
    throw new SqliteError(
      "SQLITE_NOMEM",
      `out of memory for running statements (${LINEAR_RESERVED} bytes of frames in use)`,
    );
  }

  /** Gives back the frame at `start` of `size` bytes. */
  release(start: number, size: number): void {
    const end = start + Math.ceil(size / ALIGN) * ALIGN;
    const free = this.#free;
    let i = 0;
    while (i < free.length && free[i][0] < start) i++;
    free.splice(i, 0, [start, end]);
    // Merge with the neighbours.
    if (i + 1 < free.length && free[i][1] === free[i + 1][0]) {
      free[i][1] = free[i + 1][1];
      free.splice(i + 1, 1);
    }
    if (i > 0 && free[i - 1][1] === free[i][0]) {
      free[i - 1][1] = free[i][1];
      free.splice(i, 1);
    }
  }
}
