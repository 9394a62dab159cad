/** The loop over the rows of a sorter or ephemeral store, shared by sorts, compounds and windows. */
import type { Compiler, Consume } from "./compile.ts";
import { Op } from "./opcodes.ts";

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
  const top = b.here;
  const next = b.label();
  b.emit(Op.SorterData, slot, base);
  consume(next);
  b.place(next);
  b.emit(Op.SorterNext, slot, top);
  b.place(exit);
}
