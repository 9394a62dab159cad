/**
 * Overflow chains: a payload too large for its cell continues on overflow pages, each
 * holding a 4-byte next-page number and then `usableSize - 4` payload bytes.
 */
import { corrupt } from "../errors.ts";
import type { Pager } from "../pager.ts";
import { u32 } from "./btree_page.ts";

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
  const perPage = pager.usableSize - 4;
  const pagesNeeded = Math.ceil((size - local.length) / perPage);
  if (pagesNeeded > pager.pageCount) corrupt(cellPage, "payload larger than the database");
  const out = scratch !== null && scratch.length >= size
    ? scratch.subarray(0, size)
    : new Uint8Array(size);
  out.set(local);
  let filled = local.length;
  let pgno = firstOverflow;
  for (let n = 0; n < pagesNeeded; n++) {
    if (pgno < 2 || pgno > pager.pageCount || pgno === pager.lockBytePage) {
      corrupt(cellPage, `overflow chain page ${pgno} out of range`);
    }
    const page = pager.page(pgno);
    const take = Math.min(perPage, size - filled);
    out.set(page.subarray(4, 4 + take), filled);
    filled += take;
    pgno = u32(page, 0);
  }
  return out;
}
