/**
 * Opcodes for stored rows: sorters, distinct stores, window computation, hash tables and IN sets
 */
import type { HashEntry, InSetEntry, SortEntry, WindowEntry } from "./descriptors.ts";
import {
  J,
  type Length,
  N,
  Op,
  OPENS,
  P1,
  P2,
  P3,
  range,
  type RoleContext,
  SLOT,
  spec,
} from "./opcode_spec.ts";

/** SorterOpen: the LIMIT register P2 (when not 0) and then the OFFSET register P3 (when not 0). */
const limitRegisters = (i: { p2: number; p3: number }): number[] =>
  i.p2 === 0 ? [] : i.p3 === 0 ? [i.p2] : [i.p2, i.p3];
/** The width of the rows stored in the sorter or distinct store s[P1] (its entry's). */
const storeWidth: Length = (i, x) => (x.slotEntry(i.p1) as SortEntry).width;
/**
 * The width of the rows SorterData reads out of s[P1]: the stored rows', unless a
 * WindowCompute replaced them by their columns and one result per window call.
 */
const sorterRowWidth: Length = (i, x) => {
  const window = x.slotUsers(i.p1).find((u) => u.op === Op.WindowCompute);
  if (!window) return storeWidth(i, x);
  const spec = (x.pool[window.p4] as WindowEntry).spec;
  return spec.nColumns + spec.calls.length;
};
const hash = (slot: number, x: RoleContext) => x.slotEntry(slot) as HashEntry;
/** The number of key registers of the hash table s[P1]. */
const hashKeys: Length = (i, x) => hash(i.p1, x).nKeys;
/** The width of the rows of the hash table s[P1]. */
const hashWidth: Length = (i, x) => hash(i.p1, x).width;
/** The width of the rows of the IN (SELECT) set s[P1] (one affinity per column). */
const inSetWidth: Length = (i, x) => (x.slotEntry(i.p1) as InSetEntry).affs.length;

/**
 * Opcodes for stored rows: sorters, distinct stores, window computation, hash tables and IN sets,
 * in Op order (opcodes.ts checks it).
 */
export const STORE_OPCODES = [
  /**
   * Empty sorter s[P1] (sort keys pool[P4]); with a LIMIT in r[P2] (and OFFSET in r[P3]) keep
   * only the rows that can be emitted.
   *
   * Operands: P1: slot; P2: limit reg; P3: offset reg; P4: pool.
   */
  spec(
    "SorterOpen",
    N,
    "",
    { slots: [P1], opens: true, reads: [limitRegisters] },
    "pool",
  ),
  /**
   * Store a copy of r[P2..P2+P3) in s[P1].
   *
   * Operands: P1: slot; P2: first; P3: count.
   */
  spec("SorterInsert", N, "s[P1] += r[P2@P3]", {
    slots: [P1],
    reads: [range(P2, P3)],
  }),
  /**
   * Jump to P2 if s[P1] is full and a row with the sort keys in r[P3..] would sort at or after
   * every row it holds (SQLite's IdxLE check before a LIMITed sorter insert). With P5 = 1,
   * only r[P3 + the first key's column] is set: jump if that key alone decides so.
   *
   * Operands: P1: slot; P2: if rejected; P3: first; P5: first key only.
   */
  spec("SorterReject", J, "", {
    slots: [P1],
    reads: [
      (i, x) => i.p5 ? [i.p3 + (x.slotEntry(i.p1) as SortEntry).keys![0].column] : [],
      range(P3, (i, x) => i.p5 ? 0 : storeWidth(i, x)),
    ],
  }),
  /**
   * Sort s[P1] (stable) and move to its first row; jump to P2 if it has none.
   *
   * Operands: P1: slot; P2: if empty.
   */
  spec("SorterSort", J, "", SLOT),
  /**
   * Copy the current row of s[P1] into registers from P2.
   *
   * Operands: P1: slot; P2: dest.
   */
  spec("SorterData", N, "r[P2..]=s[P1].row", {
    slots: [P1],
    writes: [range(P2, sorterRowWidth)],
  }),
  /**
   * Move s[P1] to its next row; jump to P2 if there is one.
   *
   * Operands: P1: slot; P2: if more.
   */
  spec("SorterNext", J, "", SLOT),
  /**
   * Replace the sorted rows of s[P1] by their columns and window call results (pool[P4]).
   *
   * Operands: P1: slot; P4: pool.
   */
  spec("WindowCompute", N, "", SLOT, "pool"),
  /**
   * Empty distinct row store s[P1] (pool[P4]: width and collations); iterate it with the Sorter
   * opcodes.
   *
   * Operands: P1: slot; P4: pool.
   */
  spec("OpenEphemeral", N, "", OPENS, "pool"),
  /**
   * Add the row r[P2..] to s[P1] unless an equal row is there.
   *
   * Operands: P1: slot; P2: first.
   */
  spec("IdxInsert", N, "s[P1] += r[P2@width]", {
    slots: [P1],
    reads: [range(P2, storeWidth)],
  }),
  /**
   * Jump to P2 if s[P1] holds the row r[P3..]; else add it and fall through.
   *
   * Operands: P1: slot; P2: if seen; P3: first.
   */
  spec("Distinct", J, "if r[P3@width] in s[P1] goto P2", {
    slots: [P1],
    reads: [range(P3, storeWidth)],
  }),
  /**
   * INTERSECT (P3=1) / EXCEPT (P3=0): keep the rows of s[P1] that s[P2] has (or lacks).
   *
   * Operands: P1: slot; P2: other slot; P3: 1 keep common / 0 keep others.
   */
  spec("EphFilter", N, "", { slots: [P1, P2] }),
  /**
   * UNION: add the rows of s[P2] to s[P1], each replacing an equal row of s[P1].
   *
   * Operands: P1: slot; P2: other slot.
   */
  spec("EphUnion", N, "", { slots: [P1, P2] }),
  /**
   * Empty hash table s[P1] (pool[P4]: key count, affinities, collations, width).
   *
   * Operands: P1: slot; P4: pool.
   */
  spec("HashOpen", N, "", OPENS, "pool"),
  /**
   * Store the row r[P3..] under the key r[P2..] (NULL keys are dropped).
   *
   * Operands: P1: slot; P2: key; P3: row.
   */
  spec("HashInsert", N, "s[P1][r[P2@k]] += r[P3@w]", {
    slots: [P1],
    reads: [range(P2, hashKeys), range(P3, hashWidth)],
  }),
  /**
   * Find the rows of s[P1] under the key r[P3..]; jump to P2 if none.
   *
   * Operands: P1: slot; P2: if none; P3: key.
   */
  spec("HashProbe", J, "", { slots: [P1], reads: [range(P3, hashKeys)] }),
  /**
   * Copy the current matching row into registers from P2.
   *
   * Operands: P1: slot; P2: dest.
   */
  spec("HashData", N, "r[P2..]=s[P1].row", {
    slots: [P1],
    writes: [range(P2, hashWidth)],
  }),
  /**
   * Next matching row; jump to P2 if there is one.
   *
   * Operands: P1: slot; P2: if more.
   */
  spec("HashNext", J, "", SLOT),
  /**
   * Empty IN (SELECT) candidate set s[P1] (pool[P4]: affinities, collations).
   *
   * Operands: P1: slot; P4: pool.
   */
  spec("InSetOpen", N, "", OPENS, "pool"),
  /**
   * Add a candidate row.
   *
   * Operands: P1: slot; P2: first.
   */
  spec("InSetAdd", N, "s[P1] += r[P2@n]", {
    slots: [P1],
    reads: [range(P2, inSetWidth)],
  }),
  /**
   * Three-valued membership of the operand row (negated when P5).
   *
   * Operands: P1: slot; P2: first; P3: dest; P5: NOT.
   */
  spec("InSetProbe", N, "r[P3]=r[P2@n] IN s[P1]", {
    slots: [P1],
    reads: [range(P2, inSetWidth)],
    writes: [P3],
  }),
] as const;
