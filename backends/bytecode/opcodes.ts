/**
 * The interpreter's instruction set: one table holding, for every opcode, what its
 * operands mean, whether P2 is a jump target, a synopsis in the style of SQLite's
 * `Synopsis:` comments, a one-line description and its operand roles (the registers it
 * reads and writes, its cursor and slots: opcode_spec.ts, operand_roles.ts). The compiler,
 * the VM, the EXPLAIN listing and the Wasm backend's crossings all work from this table,
 * indexed by opcode. It is an array, the opcodes_*.ts tables' entries in {@link Op}'s
 * order (numeric keys would cost bundle size); {@link InOrder} makes a missing, extra or
 * misplaced entry a type error, and `spec()` one without roles.
 *
 * Conventions: `r[X]` is register X, `c[X]` cursor X, `s[X]` a run-time object slot X
 * (sorter, hash table, group table, ...), `pool[P4]` an entry of the constant pool. Jump
 * targets are always P2. Names follow SQLite's opcodes where the meaning matches; the
 * ones SQLite lacks (hash tables, group tables, queues) are litejit's own.
 */
import type { Op, OpcodeSpec, OpName } from "./opcode_spec.ts";
import { CONTROL_OPCODES } from "./opcodes_control.ts";
import { BTREE_OPCODES } from "./opcodes_btree.ts";
import { GROUP_OPCODES } from "./opcodes_group.ts";
import { STORE_OPCODES } from "./opcodes_store.ts";

export { ARITH_OPERATORS, Op, type OpcodeSpec, type P4Kind } from "./opcode_spec.ts";

/**
 * The name of the first entry of `T` (from index `Done["length"]` on) that is not at its
 * opcode's index, or never when every entry is.
 */
type Misplaced<T extends readonly OpcodeSpec<OpName>[], Done extends unknown[] = []> = T extends
  readonly [infer H extends OpcodeSpec<OpName>, ...infer R extends readonly OpcodeSpec<OpName>[]]
  ? (typeof Op)[H["name"]] extends Done["length"] ? Misplaced<R, [...Done, H]> : H["name"]
  : never;

/**
 * `Record<Op, OpcodeSpec>` (an entry for every opcode) if each entry of `T` is at its
 * opcode's index; otherwise a type naming the first misplaced one.
 */
type InOrder<T extends readonly OpcodeSpec<OpName>[]> = [Misplaced<T>] extends [never]
  ? Record<Op, OpcodeSpec>
  : { misplaced: Misplaced<T> };

const TABLE = [...CONTROL_OPCODES, ...BTREE_OPCODES, ...STORE_OPCODES, ...GROUP_OPCODES] as const;

/**
 * The instruction set, indexed by opcode (`satisfies` makes a missing, extra or misplaced
 * opcode a type error).
 */
export const OPCODES: Readonly<Record<Op, OpcodeSpec>> = TABLE satisfies InOrder<typeof TABLE>;
