/**
 * The interpreter's instruction set: one table holding, for every opcode, what its
 * operands mean, whether P2 is a jump target, a synopsis in the style of SQLite's
 * `Synopsis:` comments, a one-line description and its operand roles (the registers it
 * reads and writes, its cursor and slots: opcode_spec.ts, operand_roles.ts). The compiler,
 * the VM, the EXPLAIN listing and the Wasm backend's crossings all work from this table;
 * `Record<Op, OpcodeSpec>` makes a missing entry a type error, and `spec()` one without
 * roles.
 *
 * Conventions: `r[X]` is register X, `c[X]` cursor X, `s[X]` a run-time object slot X
 * (sorter, hash table, group table, ...), `pool[P4]` an entry of the constant pool. Jump
 * targets are always P2. Names follow SQLite's opcodes where the meaning matches; the
 * ones SQLite lacks (hash tables, group tables, queues) are litejit's own.
 */
import type { Op, OpcodeSpec } from "./opcode_spec.ts";
import { BTREE_OPCODES } from "./opcodes_btree.ts";
import { CONTROL_OPCODES } from "./opcodes_control.ts";
import { GROUP_OPCODES } from "./opcodes_group.ts";
import { STORE_OPCODES } from "./opcodes_store.ts";

export { ARITH_OPERATORS, Op, type OpcodeSpec, type P4Kind } from "./opcode_spec.ts";

/** The instruction set (`satisfies` makes a missing opcode a type error). */
export const OPCODES: Readonly<Record<Op, OpcodeSpec>> = {
  ...CONTROL_OPCODES,
  ...BTREE_OPCODES,
  ...STORE_OPCODES,
  ...GROUP_OPCODES,
} satisfies Record<Op, OpcodeSpec>;
