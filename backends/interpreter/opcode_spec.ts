/**
 * The instruction set's numbering and the shape of one opcode's definition; the
 * definitions themselves are in the opcodes_*.ts tables, merged in opcodes.ts.
 */
/** Opcode numbers (indexes into {@link OPCODES}). */
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

/** What P4 holds for an opcode. */
export type P4Kind = "none" | "count" | "pool";

/** One opcode's definition. */
export interface OpcodeSpec {
  /** Name as EXPLAIN prints it. */
  name: string;
  /** Meaning of each operand ("" when unused). */
  p1: string;
  p2: string;
  p3: string;
  p4: P4Kind;
  p5: string;
  /** P2 is a jump target. */
  jump: boolean;
  /** SQLite-style synopsis, shown in EXPLAIN's comment column. */
  synopsis: string;
  /** What the opcode does. */
  doc: string;
}

export function spec(
  name: string,
  jump: boolean,
  operands: Partial<Pick<OpcodeSpec, "p1" | "p2" | "p3" | "p4" | "p5">>,
  synopsis: string,
  doc: string,
): OpcodeSpec {
  return {
    name,
    jump,
    p1: operands.p1 ?? "",
    p2: operands.p2 ?? "",
    p3: operands.p3 ?? "",
    p4: operands.p4 ?? "none",
    p5: operands.p5 ?? "",
    synopsis,
    doc,
  };
}

/** P2 is a jump target. */
export const J = true;
/** P2 is not a jump target. */
export const N = false;
