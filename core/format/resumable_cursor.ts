/**
 * The moves of resumable cursors ({@link BtreeCursor.makeResumable}, for lazy sources):
 * `next` and `prev` across pages, all or nothing. Apart from core/format/cursor.ts so that
 * bundles without lazy sources leave it out: loading this module installs it, and
 * core/api/async_statement.ts, which starts resumable runs, loads it.
 *
 * @module
 */
import { type BtreeCursor, installResumableMoves } from "./cursor.ts";

const pathOf = installResumableMoves(moveAtomically);

/**
 * Moves `c` with `move` (its `next` or `prev` across pages): the path is saved first, its
 * pages pinned once more so that none is refilled while the move replaces it, and
 * restored (pins included) when the move throws.
 */
function moveAtomically(c: BtreeCursor, move: (this: BtreeCursor) => boolean): boolean {
  const [stack, idx, restore] = pathOf(c);
  const n = stack.length, saved = stack.slice(), savedIdx: number[] = [];
  for (let d = 0; d < n; d++) {
    savedIdx[d] = idx[d] ?? 0;
    if (d > 0) stack[d].entry.pins++;
  }
  let moved: boolean;
  try {
    moved = move.call(c);
  } catch (e) {
    // Each page on the path holds one pin; the saved pages' extra pins become theirs.
    for (let d = 1; d < stack.length; d++) stack[d].entry.pins--;
    stack.length = n;
    for (let d = 0; d < n; d++) {
      stack[d] = saved[d];
      idx[d] = savedIdx[d];
    }
    restore();
    throw e;
  }
  for (let d = 1; d < n; d++) saved[d].entry.pins--;
  return moved;
}
