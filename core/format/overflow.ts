/**
 * Overflow chains: a payload too large for its cell continues on overflow pages, each
 * holding a 4-byte next-page number and then `usableSize - 4` payload bytes.
 */
import { corrupt } from "../errors.ts";
import type { Pager } from "../pager.ts";
import { u32 } from "./header.ts";

/**
 * Assembles a whole payload: `local` holds its first bytes, the rest is read from the
 * chain starting at `firstOverflow`. The payload size is checked against what the file
 * can hold before anything is allocated, and the chain is followed exactly as many pages
 * as the size needs, so a cyclic chain cannot loop. With `scratch` large enough, the
 * payload is assembled in it (the result is a view of it).
 */
export function assemblePayload(
  pager: Pager,
  local: Uint8Array,
  size: number,
  firstOverflow: number,
  cellPage: number,
  scratch: Uint8Array | null = null,
): Uint8Array {
  const chain = new ChainAssembly();
  chain.begin(pager, local, size, firstOverflow, cellPage, scratch);
  return chain.finish(pager);
}

/** Shared, never written: an assembly is made per cursor, and typed arrays are costly to create. */
const EMPTY = new Uint8Array(0);

/**
 * One payload being assembled from its overflow chain, as {@link assemblePayload} does,
 * in two calls: when reading a page throws (a lazy source has not fetched it yet),
 * `finish` called again goes on from that page, keeping what was copied. Re-reading a
 * long chain from its start could need its first pages again, evicted by the later ones.
 */

export class ChainAssembly {
  #out: Uint8Array = EMPTY;
  #filled = 0;
  #pgno = 0;
  #pagesLeft = 0;
  #cellPage = 0;

  /** Starts assembling (see {@link assemblePayload} for the arguments); reads no page. */
  begin(
    pager: Pager,
    local: Uint8Array,
    size: number,
    firstOverflow: number,
    cellPage: number,
    scratch: Uint8Array | null,
  ): void {
    const perPage = pager.usableSize - 4;
    const pagesNeeded = Math.ceil((size - local.length) / perPage);
    if (pagesNeeded > pager.pageCount) corrupt(cellPage, "payload larger than the database");
    const out = scratch && scratch.length >= size
      ? scratch.subarray(0, size)
      : new Uint8Array(size);
    out.set(local);
    this.#out = out;
    this.#filled = local.length;
    this.#pgno = firstOverflow;
    this.#pagesLeft = pagesNeeded;
    this.#cellPage = cellPage;
  }

  /** Reads the rest of the chain and returns the whole payload. */
  finish(pager: Pager): Uint8Array {
    const out = this.#out, size = out.length, perPage = pager.usableSize - 4;
    while (this.#pagesLeft > 0) {
      const pgno = this.#pgno;
      if (pgno < 2 || pgno > pager.pageCount || pgno === pager.lockBytePage) {
        corrupt(this.#cellPage, `overflow chain page ${pgno} out of range`);
      }
      const page = pager.page(pgno);
      const take = Math.min(perPage, size - this.#filled);
      out.set(page.subarray(4, 4 + take), this.#filled);
      this.#filled += take;
      this.#pgno = u32(page, 0);
      this.#pagesLeft--;
    }
    this.#out = EMPTY;
    return out;
  }
}
