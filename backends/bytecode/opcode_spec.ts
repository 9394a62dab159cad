/**
 * The instruction set's numbering and the shape of one opcode's definition; the
 * definitions themselves are in the opcodes_*.ts tables, merged in opcodes.ts.
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

/**
 * One opcode's definition: what EXPLAIN and the code generators need at run time. What
 * each opcode does and what its operands mean is documented where it is defined
 * (opcodes_*.ts), in comments, so the prose is not shipped.
 */
export interface OpcodeSpec {
  /** Name as EXPLAIN prints it. */
  name: string;
  /** P2 is a jump target. */
  jump: boolean;
  /** SQLite-style synopsis, shown in EXPLAIN's comment column. */
  synopsis: string;
  /** What P4 holds. */
  p4: P4Kind;
  /** P1 is a b-tree cursor. */
  cursorP1: boolean;
}

/** Builds an {@link OpcodeSpec}; P4 defaults to "none", P1 to not a cursor. */
export function spec(
  name: string,
  jump: boolean,
  synopsis: string,
  operands: { p4?: P4Kind; cursorP1?: boolean } = {},
): OpcodeSpec {
  return {
    name,
    jump,
    synopsis,
    p4: operands.p4 ?? "none",
    cursorP1: operands.cursorP1 ?? false,
  };
}

/** P2 is a jump target. */
export const J = true;
/** P2 is not a jump target. */
export const N = false;
