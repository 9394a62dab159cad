/**
 * The VM's value steps that combine several core calls (a conversion or a copy and the JSON
 * subtype it keeps, a membership test and its result), kept out of the dispatch loop's body
 * and called by generated code too.
 */
import { inList, setInResult } from "../../core/exec/in_list.ts";
import { copyJsonSubtype } from "../../core/functions/json/subtype.ts";
import { cast } from "../../core/value/cast.ts";
import { copyReg, type Reg } from "../../core/value/reg.ts";
import { Affinity, StorageClass, type TextEncoding } from "../../core/value/types.ts";
import type { InListEntry } from "./descriptors.ts";

/** Cast: `from` converted to affinity `aff` into `to`. */
export function castStep(from: Reg, aff: Affinity, to: Reg, enc: TextEncoding): void {
  const wasText = from.c === StorageClass.Text;
  cast(from, aff, to, enc);
  // CAST of TEXT to TEXT changes nothing, so SQLite keeps the subtype.
  if (wasText && aff === Affinity.Text) copyJsonSubtype(to, from);
}

/**
 * `from` into `to`, a TEXT with its JSON subtype: Plus (unary + changes no value) and each
 * column VNextRow reads (json_each / json_tree mark their `value` column as JSON).
 */
export function copyWithSubtype(from: Reg, to: Reg): void {
  copyReg(to, from);
  if (from.c === StorageClass.Text) copyJsonSubtype(to, from);
}

/** InList: whether `x` is among `items` (`k`: affinity, collation, NOT) into `out`. */
export function inListStep(
  x: Reg,
  items: readonly Reg[],
  k: InListEntry,
  out: Reg,
  enc: TextEncoding,
): void {
  setInResult(inList(x, items, k.aff, k.coll, enc), k.not, out);
}
