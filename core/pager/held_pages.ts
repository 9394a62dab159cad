/**
 * Which pages a pager holds, for a lazy source that fetches only what the pager does not
 * (core/io/lazy_source.ts, core/api/async_database.ts). Apart from the Pager so that the
 * browser build, which reads no lazy sources, leaves it out.
 */
import type { Pager } from "../pager.ts";

/** Whether page `pgno` is in the cache of `pager` (a read of it costs no read of the file). */
export function isCached(pager: Pager, pgno: number): boolean {
  return pager.cache.has(pgno);
}

/**
 * Whether a cursor holds page `pgno` of `pager` (cached, or evicted while held): its bytes
 * stay in memory until released, and the holder reads them without asking the pager again.
 */
export function isPinned(pager: Pager, pgno: number): boolean {
  const slot = pager.cache.where.get(pgno);
  if (slot >= 0 && pager.cache.slots[slot].pins > 0) return true;
  return pager.pool.held.some((e) => e.pgno === pgno && e.pins > 0);
}
