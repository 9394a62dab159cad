/**
 * Opcodes for aggregation, FULL JOIN match sets, recursive-CTE queues and table-valued functions
 */
import type { AggEntry, QueueEntry } from "./descriptors.ts";
import {
  J,
  type Length,
  N,
  OPENS,
  P1,
  P2,
  P3,
  range,
  type RoleContext,
  SLOT,
  spec,
} from "./opcode_spec.ts";

/** The aggregate calls of the group table in `slot`. */
const calls = (slot: number, x: RoleContext) => (x.slotEntry(slot) as AggEntry).calls;
/** AggStep: aggregate call P3's arguments, then its ORDER BY values (none with P5). */
const stepWidth: Length = (i, x) => {
  const call = calls(i.p1, x)[i.p3];
  return i.p5 ? 0 : call.argc + call.orderBy.length;
};
/** AggFinal: one result per aggregate call of s[P1]. */
const callCount: Length = (i, x) => calls(i.p1, x).length;
/** QueuePop: the width of the queue's rows. */
const queueWidth: Length = (i, x) => (x.slotEntry(i.p1) as QueueEntry).width;

/**
 * Opcodes for aggregation, FULL JOIN match sets, recursive-CTE queues and table-valued functions,
 * in Op order (opcodes.ts checks it).
 */
export const GROUP_OPCODES = [
  /**
   * Empty group table s[P1] for the aggregate calls pool[P4].
   *
   * Operands: P1: slot; P4: pool.
   */
  spec("AggOpen", N, "", OPENS, "pool"),
  /**
   * Start the single group of an aggregate without GROUP BY.
   *
   * Operands: P1: slot.
   */
  spec("AggNew", N, "", SLOT),
  /**
   * Streaming aggregation: jump to P2 if s[P1] has no current group yet.
   *
   * Operands: P1: slot; P2: if none.
   */
  spec("IfAggEmpty", J, "", SLOT),
  /**
   * Streaming aggregation: jump to P2 if r[P3..] equals the current group's key (group
   * collations).
   *
   * Operands: P1: slot; P2: if same; P3: key; P4: count.
   */
  spec("AggSameKey", J, "if group.key==r[P3@P4] goto P2", {
    slots: [P1],
    reads: [range(P3, "p4")],
  }, "count"),
  /**
   * Make the group of key r[P3..] current; jump to P2 if it existed, else create it and fall
   * through.
   *
   * Operands: P1: slot; P2: if existing; P3: key; P4: count.
   */
  spec("AggGroup", J, "group=s[P1][r[P3@P4]]", {
    slots: [P1],
    reads: [range(P3, "p4")],
  }, "count"),
  /**
   * Copy registers into the current group's stored values (keys, bare columns).
   *
   * Operands: P1: slot; P2: first; P3: stored index; P4: count.
   */
  spec("AggStore", N, "group.stored[P3@P4]=r[P2@P4]", {
    slots: [P1],
    reads: [range(P2, "p4")],
  }, "count"),
  /**
   * Step aggregate call P3 of the current group (DISTINCT and ORDER BY handled by the runtime).
   * With P5 = 1 nothing is stepped: the min()/max() call P3's FILTER is about to be tested,
   * and a row it rejects must not refresh the bare columns (AggregateCalls.hit = false).
   *
   * Operands: P1: slot; P2: first arg; P3: call; P5: 1: no step.
   */
  spec("AggStep", N, "accum=call[P3](r[P2..])", {
    slots: [P1],
    reads: [range(P2, stepWidth)],
  }),
  /**
   * Jump to P2 unless the last min()/max() AggStep that ran took its row (AggregateCalls.hit).
   *
   * Operands: P1: slot; P2: target.
   */
  spec("IfAggMiss", J, "", SLOT),
  /**
   * The current group's aggregate results, one register per call.
   *
   * Operands: P1: slot; P2: dest.
   */
  spec("AggFinal", N, "r[P2..]=results", {
    slots: [P1],
    writes: [range(P2, callCount)],
  }),
  /**
   * Copy stored values of the current group into registers.
   *
   * Operands: P1: slot; P2: dest; P3: stored index; P4: count.
   */
  spec("AggLoad", N, "r[P2@P4]=group.stored[P3@P4]", {
    slots: [P1],
    writes: [range(P2, "p4")],
  }, "count"),
  /**
   * Order the groups by their P4 key values and make the first current; jump to P2 if none.
   *
   * Operands: P1: slot; P2: if empty; P4: count.
   */
  spec("AggSort", J, "", SLOT, "count"),
  /**
   * Make the next group current; jump to P2 if there is one.
   *
   * Operands: P1: slot; P2: if more.
   */
  spec("AggNextGroup", J, "", SLOT),
  /**
   * Empty set of matched row numbers (FULL JOIN).
   *
   * Operands: P1: slot.
   */
  spec("MatchSetOpen", N, "", OPENS),
  /**
   * Remember row number r[P2] as matched.
   *
   * Operands: P1: slot; P2: reg.
   */
  spec("MatchSetAdd", N, "s[P1] += r[P2]", { slots: [P1], reads: [P2] }),
  /**
   * Jump to P2 if row number r[P3] matched.
   *
   * Operands: P1: slot; P2: if present; P3: reg.
   */
  spec("MatchSetTest", J, "if r[P3] in s[P1] goto P2", {
    slots: [P1],
    reads: [P3],
  }),
  /**
   * Add the small integer P2 to the integer counter r[P1].
   *
   * Operands: P1: reg; P2: value.
   */
  spec("AddImm", N, "r[P1]=r[P1]+P2", { reads: [P1], writes: [P1] }),
  /**
   * Empty recursive-CTE queue s[P1] (pool[P4]: order, distinct).
   *
   * Operands: P1: slot; P4: pool.
   */
  spec("QueueOpen", N, "", OPENS, "pool"),
  /**
   * Queue a row (dropped if UNION saw it before).
   *
   * Operands: P1: slot; P2: first; P3: count.
   */
  spec("QueuePush", N, "s[P1] += r[P2@P3]", {
    slots: [P1],
    reads: [range(P2, P3)],
  }),
  /**
   * Take the next row out of the queue; jump to P2 when it is empty.
   *
   * Operands: P1: slot; P2: if empty; P3: dest.
   */
  spec("QueuePop", J, "r[P3..]=pop s[P1]", {
    slots: [P1],
    writes: [range(P3, queueWidth)],
  }),
  /**
   * Run table-valued function pool[P4] on the arguments; its rows go in s[P1].
   *
   * Operands: P1: slot; P2: first arg; P3: count; P4: pool.
   */
  spec("VFilter", N, "s[P1]=P4(r[P2@P3])", {
    slots: [P1],
    opens: true,
    reads: [range(P2, P3)],
  }, "pool"),
  /**
   * Copy the next row of s[P1] (P4 columns, JSON subtypes too) into registers from P3; jump to
   * P2 when there is none.
   *
   * Operands: P1: slot; P2: if done; P3: dest; P4: count.
   */
  spec("VNextRow", J, "r[P3@P4]=next row of s[P1]", {
    slots: [P1],
    writes: [range(P3, "p4")],
  }, "count"),
] as const;
