/**
 * The instruction set's numbering and the shape of one opcode's definition; the
 * definitions themselves are in the opcodes_*.ts tables (arrays in Op's order),
 * concatenated in opcodes.ts.
 *
 * Every definition declares its operand roles ({@link Roles}), as SQLite's opcode comments
 * tag operands in1/in2/in3/out2/out3 for mkopcodeh, but complete: the registers the opcode
 * reads and writes, ranges included (with lengths from operands, P4 or the descriptors in
 * the pool), the b-tree cursor it uses and the run-time object slots (`s<P1>`). They are
 * declared once, here, for whatever needs to know what an instruction touches without
 * running it or reading its code: the Wasm backend's crossings (which registers JS code
 * may use, backends/wasm/plan/sync.ts) today; register liveness and values kept in typed
 * locals by a code generator next. backends/bytecode/operand_roles.ts evaluates them for an
 * instruction of a program; tests/opcode_roles_test.ts checks them against the JS
 * templates' text and against what the generated code touches when it runs.
 */
/**
 * Opcode numbers (indexes into {@link OPCODES}). Add … Concat follow {@link ARITH_OPERATORS}
 * and Eq … Ge follow CompareOp (core/value/logic.ts), so each maps to its operator by
 * subtraction.
 */
export const enum Op {
  Init,
  Goto,
  Halt,
  Once,
  If,
  IfNot,
  IsNull,
  NotNull,
  IfPos,
  DecrJumpZero,
  ResultRow,
  Null,
  Integer,
  Int64,
  Real,
  String8,
  Blob,
  Variable,
  Copy,
  ClrSubtype,
  Add,
  Subtract,
  Multiply,
  Divide,
  Remainder,
  BitAnd,
  BitOr,
  ShiftLeft,
  ShiftRight,
  Concat,
  Negate,
  RealAffinity,
  Plus,
  BitNot,
  Not,
  And,
  Or,
  IsTrue,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  Is,
  Cast,
  Affinity,
  MustBeInt,
  Function,
  InList,
  OpenRead,
  Rewind,
  Last,
  Next,
  Prev,
  Column,
  Rowid,
  NullRow,
  Count,
  SeekRowid,
  DeferredSeek,
  RowidBound,
  SeekRowidGE,
  SeekRowidLE,
  RowidGT,
  RowidLT,
  SeekGE,
  SeekGT,
  SeekLE,
  SeekLT,
  IdxGT,
  IdxGE,
  IdxLT,
  IdxLE,
  NotFound,
  SorterOpen,
  SorterInsert,
  SorterReject,
  SorterSort,
  SorterData,
  SorterNext,
  WindowCompute,
  OpenEphemeral,
  IdxInsert,
  Distinct,
  EphFilter,
  EphUnion,
  HashOpen,
  HashInsert,
  HashProbe,
  HashData,
  HashNext,
  InSetOpen,
  InSetAdd,
  InSetProbe,
  AggOpen,
  AggNew,
  IfAggEmpty,
  AggSameKey,
  AggGroup,
  AggStore,
  AggStep,
  IfAggMiss,
  AggFinal,
  AggLoad,
  AggSort,
  AggNextGroup,
  MatchSetOpen,
  MatchSetAdd,
  MatchSetTest,
  AddImm,
  QueueOpen,
  QueuePush,
  QueuePop,
  VFilter,
  VNextRow,
}

/**
 * The arithmetic operators (core/value/arith.ts function names, the plan's `ArithExpr`
 * operators) of Op.Add … Op.Concat, in opcode order.
 */
export const ARITH_OPERATORS = [
  "add",
  "subtract",
  "multiply",
  "divide",
  "remainder",
  "bitAnd",
  "bitOr",
  "shiftLeft",
  "shiftRight",
  "concat",
] as const;

/** What P4 holds for an opcode. */
export type P4Kind = "none" | "count" | "pool";

/** An operand whose value names a register, a cursor or a slot. */
export type Operand = "p1" | "p2" | "p3";

/** P1 names it. */
export const P1 = "p1";
/** P2 names it. */
export const P2 = "p2";
/** P3 names it. */
export const P3 = "p3";

/** An instruction's opcode and operands, as role declarations read them. */
export interface Operands {
  readonly op: Op;
  readonly p1: number;
  readonly p2: number;
  readonly p3: number;
  readonly p4: number;
  readonly p5: number;
}

/**
 * The program around an instruction, for roles whose extent its descriptors give (the
 * width of the rows a slot's object holds is in the entry of the instruction that made it).
 */
export interface RoleContext {
  /** The constant pool. */
  readonly pool: readonly unknown[];
  /** The pool entry (P4) of the instruction that makes slot `slot`'s object (`opens`). */
  slotEntry(slot: number): unknown;
  /** The instructions whose first slot is `slot`, in address order. */
  slotUsers(slot: number): readonly Operands[];
}

/** A number of registers: an operand's value, P4's, or computed from the program. */
export type Length = Operand | "p4" | ((ins: Operands, ctx: RoleContext) => number);

/**
 * Registers an instruction reads or writes: the one an operand names (`P1`), a range
 * ({@link range}, {@link span}), or, for the irregular, a function giving them.
 */
export type RegisterRole =
  | Operand
  | { readonly from: Operand; readonly length: Length }
  | ((ins: Operands, ctx: RoleContext) => readonly number[]);

/**
 * What an opcode's operands name. `reads`: registers whose value (or JSON subtype) it may
 * use as it was before the instruction; `writes`: registers it may change (a write on one
 * path only, such as a jump's output where it falls through, is listed too; a register
 * changed in place, a counter, is in both). A register the code of the instruction touches
 * (in any backend) must be in one of them; none may be listed that it cannot touch.
 */
export interface Roles {
  readonly reads?: readonly RegisterRole[];
  readonly writes?: readonly RegisterRole[];
  /** The operand naming the b-tree cursor it uses. */
  readonly cursor?: Operand;
  /** The operands naming run-time object slots it uses (`s<P1>`, …). */
  readonly slots?: readonly Operand[];
  /** It makes a new object in its first slot, described by pool[P4] (where it has one). */
  readonly opens?: boolean;
}

/** No register, cursor or slot (jumps, Halt). */
export const NONE: Roles = {};

/** Only the object in slot P1. */
export const SLOT: Roles = { slots: [P1] };

/** Makes a new object in slot P1 (described by pool[P4]), using no register. */
export const OPENS: Roles = { slots: [P1], opens: true };

/** The registers `r[from .. from + length)`. */
export function range(from: Operand, length: Length): RegisterRole {
  return { from, length };
}

/** The registers `r[first ..= last]` (none when `last` is below `first`). */
export function span(first: Operand, last: Operand): RegisterRole {
  return { from: first, length: (i) => i[last] - i[first] + 1 };
}

/** The name of an {@link Op} member. */
export type OpName = keyof typeof Op;

/**
 * One opcode's definition: what EXPLAIN and the code generators need at run time. What
 * each opcode does and what its operands mean is documented where it is defined
 * (opcodes_*.ts), in comments, so the prose is not shipped. `N` is the name's type: the
 * tables' entries keep their literal names, by which opcodes.ts checks their order.
 */
export interface OpcodeSpec<N extends string = string> {
  /** Name as EXPLAIN prints it: its {@link Op} member's. */
  name: N;
  /** P2 is a jump target. */
  jump: boolean;
  /** SQLite-style synopsis, shown in EXPLAIN's comment column. */
  synopsis: string;
  /** What P4 holds. */
  p4: P4Kind;
  /** The registers, cursor and slots its operands name. */
  roles: Roles;
}

/** Builds an {@link OpcodeSpec}; P4 defaults to "none". The roles are never left out. */
export function spec<N extends OpName>(
  name: N,
  jump: boolean,
  synopsis: string,
  roles: Roles,
  p4: P4Kind = "none",
): OpcodeSpec<N> {
  return { name, jump, synopsis, p4, roles };
}

/** P2 is a jump target. */
export const J = true;
/** P2 is not a jump target. */
export const N = false;
