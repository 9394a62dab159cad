/**
 * The loops over the rows of a store (a sorter, an ephemeral table, a hash table), shared by
 * sorts, compounds, windows and hash lookups, and the sorter entry of sorts and windows.
 */
import { rowComparator } from "../../core/exec/sorter.ts";
import type { SortKey } from "../../core/plan/plan.ts";
import type { Compiler, Consume } from "./compile.ts";
import type { SortEntry } from "./descriptors.ts";
import { Op } from "./opcodes.ts";

/** The entry of a sorter of rows `width` wide in `keys` order (EXPLAIN shows the keys). */
export function sorterEntry(c: Compiler, keys: readonly SortKey[], width: number): SortEntry {
  return {
    explain: keys.map((k) => `${k.column}${k.desc ? " DESC" : ""} ${k.collation}`).join(","),
    width,
    compare: rowComparator(keys, c.enc),
    folds: [],
  };
}

/**
 * Emits: sort the store in `slot` (skipping everything when empty), run `onSorted` once
 * (windows compute their results there), then read each row into `base..` and `consume` it.
 */
export function iterateStore(
  c: Compiler,
  slot: number,
  base: number,
  consume: Consume,
  onSorted?: () => void,
): void {
  const b = c.b;
  const exit = b.label();
  b.emit(Op.SorterSort, slot, exit);
  onSorted?.();
  rowLoop(c, Op.SorterData, Op.SorterNext, slot, base, exit, consume);
}

/**
 * Emits the loop over the rows of the store in `slot`, once it is on its first row (a
 * sorter sorted, a hash table probed; an empty one jumps to `exit`): `data` reads the row
 * into `base..`, `consume` uses it, `next` moves on and back to `data` while rows remain.
 * Places `exit` after the loop.
 */
export function rowLoop(
  c: Compiler,
  data: Op,
  next: Op,
  slot: number,
  base: number,
  exit: number,
  consume: Consume,
): void {
  const b = c.b;
  const top = b.here;
  b.emit(data, slot, base);
  b.wrap(consume);
  b.emit(next, slot, top);
  b.place(exit);
}
