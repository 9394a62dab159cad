/**
 * Opcodes for control flow, constants, parameters, arithmetic, comparisons and function calls
 */
import type { FunctionEntry, InListEntry } from "./descriptors.ts";
import {
  J,
  type Length,
  N,
  NONE,
  P1,
  P2,
  P3,
  range,
  type Roles,
  span,
  spec,
} from "./opcode_spec.ts";

/** r[P3] = r[P1] op r[P2]. */
const BINARY: Roles = { reads: [P1, P2], writes: [P3] };
/** r[P2] = op r[P1]. */
const UNARY: Roles = { reads: [P1], writes: [P2] };
/** Copy: P3 + 1 registers. */
const copied: Length = (i) => i.p3 + 1;
/** Function: the call site's argument count. */
const argc: Length = (i, x) => (x.pool[i.p4] as FunctionEntry).argc;
/** InList: the number of list items. */
const listLength: Length = (i, x) => (x.pool[i.p4] as InListEntry).n;

/**
 * Opcodes for control flow, constants, parameters, arithmetic, comparisons and function calls,
 * in Op order (opcodes.ts checks it).
 */
export const CONTROL_OPCODES = [
  /**
   * Start of the program: jump to P2 (the prologue).
   *
   * Operands: P2: start.
   */
  spec("Init", J, "", NONE),
  /**
   * Jump to P2.
   *
   * Operands: P2: target.
   */
  spec("Goto", J, "", NONE),
  /**
   * End of the run: step() returns false.
   */
  spec("Halt", N, "", NONE),
  /**
   * Fall through the first time in a run, then jump to P2.
   *
   * Operands: P2: target.
   */
  spec("Once", J, "", NONE),
  /**
   * Jump to P2 if r[P1] is true; a NULL jumps if P3 is non-zero.
   *
   * Operands: P1: reg; P2: target; P3: jump if NULL.
   */
  spec("If", J, "if r[P1] goto P2", { reads: [P1] }),
  /**
   * Jump to P2 if r[P1] is false; a NULL jumps if P3 is non-zero.
   *
   * Operands: P1: reg; P2: target; P3: jump if NULL.
   */
  spec("IfNot", J, "if !r[P1] goto P2", { reads: [P1] }),
  /**
   * Jump to P2 if r[P1] is NULL.
   *
   * Operands: P1: reg; P2: target.
   */
  spec("IsNull", J, "if r[P1]==NULL goto P2", { reads: [P1] }),
  /**
   * Jump to P2 if r[P1] is not NULL.
   *
   * Operands: P1: reg; P2: target.
   */
  spec("NotNull", J, "if r[P1]!=NULL goto P2", { reads: [P1] }),
  /**
   * Counter step (OFFSET): if r[P1] > 0, subtract P3 and jump to P2.
   *
   * Operands: P1: reg; P2: target; P3: decrement.
   */
  spec("IfPos", J, "if r[P1]>0 then r[P1]-=P3, goto P2", { reads: [P1], writes: [P1] }),
  /**
   * LIMIT counter: if r[P1] > 0, decrement it and jump to P2 when it reaches zero.
   *
   * Operands: P1: reg; P2: target.
   */
  spec("DecrJumpZero", J, "if (--r[P1])==0 goto P2", {
    reads: [P1],
    writes: [P1],
  }),
  /**
   * Hand r[P1..P1+P2) to the caller as the next row; step() returns true.
   *
   * Operands: P1: first; P2: count.
   */
  spec("ResultRow", N, "output=r[P1@P2]", { reads: [range(P1, P2)] }),
  /**
   * Set registers P2 through P3 to NULL.
   *
   * Operands: P2: first; P3: last.
   */
  spec("Null", N, "r[P2..P3]=NULL", { writes: [span(P2, P3)] }),
  /**
   * Set r[P2] to the small internal integer P1 (counters and flags).
   *
   * Operands: P1: value; P2: dest.
   */
  spec("Integer", N, "r[P2]=P1", { writes: [P2] }),
  /**
   * Set r[P2] to the INTEGER constant pool[P4].
   *
   * Operands: P2: dest; P4: pool.
   */
  spec("Int64", N, "r[P2]=P4", { writes: [P2] }, "pool"),
  /**
   * Set r[P2] to the REAL constant pool[P4].
   *
   * Operands: P2: dest; P4: pool.
   */
  spec("Real", N, "r[P2]=P4", { writes: [P2] }, "pool"),
  /**
   * Set r[P2] to the TEXT constant pool[P4].
   *
   * Operands: P2: dest; P4: pool.
   */
  spec("String8", N, "r[P2]='P4'", { writes: [P2] }, "pool"),
  /**
   * Set r[P2] to the BLOB constant pool[P4].
   *
   * Operands: P2: dest; P4: pool.
   */
  spec("Blob", N, "r[P2]=P4 (blob)", { writes: [P2] }, "pool"),
  /**
   * Set r[P2] to bound parameter P1 (1-based; unbound is NULL).
   *
   * Operands: P1: param; P2: dest.
   */
  spec("Variable", N, "r[P2]=parameter(P1)", { writes: [P2] }),
  /**
   * Copy registers P1..P1+P3 to P2..P2+P3. The JSON subtype: P5=0 drops it, P5=1 copies it,
   * P5=2 marks copied TEXT as JSON (core/functions/json/subtype.ts).
   *
   * Operands: P1: src; P2: dest; P3: extra; P5: subtype.
   */
  spec("Copy", N, "r[P2@P3+1]=r[P1@P3+1]", {
    reads: [range(P1, copied)],
    writes: [range(P2, copied)],
  }),
  /**
   * Drop the JSON subtype of r[P1] (before a register receives marked and unmarked values).
   *
   * Operands: P1: reg.
   */
  spec("ClrSubtype", N, "r[P1].subtype=0", { reads: [P1], writes: [P1] }),
  /**
   * Addition (core/value arith.ts).
   *
   * Operands: P1: lhs; P2: rhs; P3: dest.
   */
  spec("Add", N, "r[P3]=r[P1]+r[P2]", BINARY),
  /**
   * Subtraction.
   *
   * Operands: P1: lhs; P2: rhs; P3: dest.
   */
  spec("Subtract", N, "r[P3]=r[P1]-r[P2]", BINARY),
  /**
   * Multiplication.
   *
   * Operands: P1: lhs; P2: rhs; P3: dest.
   */
  spec("Multiply", N, "r[P3]=r[P1]*r[P2]", BINARY),
  /**
   * Division.
   *
   * Operands: P1: lhs; P2: rhs; P3: dest.
   */
  spec("Divide", N, "r[P3]=r[P1]/r[P2]", BINARY),
  /**
   * Remainder.
   *
   * Operands: P1: lhs; P2: rhs; P3: dest.
   */
  spec("Remainder", N, "r[P3]=r[P1]%r[P2]", BINARY),
  /**
   * Bitwise AND.
   *
   * Operands: P1: lhs; P2: rhs; P3: dest.
   */
  spec("BitAnd", N, "r[P3]=r[P1]&r[P2]", BINARY),
  /**
   * Bitwise OR.
   *
   * Operands: P1: lhs; P2: rhs; P3: dest.
   */
  spec("BitOr", N, "r[P3]=r[P1]|r[P2]", BINARY),
  /**
   * Shift left.
   *
   * Operands: P1: lhs; P2: rhs; P3: dest.
   */
  spec("ShiftLeft", N, "r[P3]=r[P1]<<r[P2]", BINARY),
  /**
   * Shift right.
   *
   * Operands: P1: lhs; P2: rhs; P3: dest.
   */
  spec("ShiftRight", N, "r[P3]=r[P1]>>r[P2]", BINARY),
  /**
   * Text concatenation.
   *
   * Operands: P1: lhs; P2: rhs; P3: dest.
   */
  spec("Concat", N, "r[P3]=r[P1]||r[P2]", BINARY),
  /**
   * Unary minus.
   *
   * Operands: P1: src; P2: dest.
   */
  spec("Negate", N, "r[P2]=-r[P1]", UNARY),
  /**
   * An INTEGER as the REAL of the same value; anything else copied unchanged.
   *
   * Operands: P1: src; P2: dest.
   */
  spec("RealAffinity", N, "r[P2]=real(r[P1])", UNARY),
  /**
   * Unary plus (the value unchanged, with its JSON subtype).
   *
   * Operands: P1: src; P2: dest.
   */
  spec("Plus", N, "r[P2]=+r[P1]", UNARY),
  /**
   * Bitwise NOT.
   *
   * Operands: P1: src; P2: dest.
   */
  spec("BitNot", N, "r[P2]=~r[P1]", UNARY),
  /**
   * Logical NOT (NULL stays NULL).
   *
   * Operands: P1: src; P2: dest.
   */
  spec("Not", N, "r[P2]=!r[P1]", UNARY),
  /**
   * Three-valued AND.
   *
   * Operands: P1: lhs; P2: rhs; P3: dest.
   */
  spec("And", N, "r[P3]=(r[P1] && r[P2])", BINARY),
  /**
   * Three-valued OR.
   *
   * Operands: P1: lhs; P2: rhs; P3: dest.
   */
  spec("Or", N, "r[P3]=(r[P1] || r[P2])", BINARY),
  /**
   * `x IS [NOT] TRUE|FALSE`: never NULL.
   *
   * Operands: P1: src; P2: dest; P3: TRUE(1)/FALSE(0); P5: NOT.
   */
  spec("IsTrue", N, "r[P2] = r[P1] IS [NOT] P3", UNARY),
  /**
   * Comparison with pool[P4]'s affinity and collation; NULL if either is NULL. P5=1: no other
   * instruction reads r[P1] and r[P2] (a code generator may fuse their loads).
   *
   * Operands: P1: lhs; P2: rhs; P3: dest; P4: pool; P5: 1: operands are temporaries.
   */
  spec("Eq", N, "r[P3]=(r[P1]==r[P2])", BINARY, "pool"),
  /**
   * As Eq, for !=.
   *
   * Operands: P1: lhs; P2: rhs; P3: dest; P4: pool; P5: 1: operands are temporaries.
   */
  spec("Ne", N, "r[P3]=(r[P1]!=r[P2])", BINARY, "pool"),
  /**
   * As Eq, for <.
   *
   * Operands: P1: lhs; P2: rhs; P3: dest; P4: pool.
   */
  spec("Lt", N, "r[P3]=(r[P1]<r[P2])", BINARY, "pool"),
  /**
   * As Eq, for <=.
   *
   * Operands: P1: lhs; P2: rhs; P3: dest; P4: pool.
   */
  spec("Le", N, "r[P3]=(r[P1]<=r[P2])", BINARY, "pool"),
  /**
   * As Eq, for >.
   *
   * Operands: P1: lhs; P2: rhs; P3: dest; P4: pool.
   */
  spec("Gt", N, "r[P3]=(r[P1]>r[P2])", BINARY, "pool"),
  /**
   * As Eq, for >=.
   *
   * Operands: P1: lhs; P2: rhs; P3: dest; P4: pool.
   */
  spec("Ge", N, "r[P3]=(r[P1]>=r[P2])", BINARY, "pool"),
  /**
   * IS / IS NOT (P5) with pool[P4]'s affinity and collation: never NULL.
   *
   * Operands: P1: lhs; P2: rhs; P3: dest; P4: pool; P5: NOT.
   */
  spec("Is", N, "r[P3]=(r[P1] IS r[P2])", BINARY, "pool"),
  /**
   * CAST to the affinity in pool[P4] (TEXT to TEXT keeps the JSON subtype).
   *
   * Operands: P1: src; P2: dest; P4: pool.
   */
  spec("Cast", N, "r[P2]=CAST(r[P1] AS P4)", UNARY, "pool"),
  /**
   * Apply column affinity pool[P4] to registers P1..P1+P2 (seek keys).
   *
   * Operands: P1: first; P2: count; P4: pool.
   */
  spec("Affinity", N, "affinity(r[P1@P2])", {
    reads: [range(P1, P2)],
    writes: [range(P1, P2)],
  }, "pool"),
  /**
   * datatype mismatch
   *
   * Operands: P1: reg; P3: 0 LIMIT / 1 OFFSET.
   */
  spec("MustBeInt", N, "r[P1]=int(r[P1])", { reads: [P1], writes: [P1] }),
  /**
   * Call the scalar function pool[P4] (with its call-site collation) on r[P1..]; the entry says
   * whether the result carries an argument's JSON subtype.
   *
   * Operands: P1: first arg; P3: dest; P4: pool.
   */
  spec("Function", N, "r[P3]=func(r[P1@P5])", {
    reads: [range(P1, argc)],
    writes: [P3],
  }, "pool"),
  /**
   * IN (list) membership with SQLite's NULL rules; pool[P4]: count, affinity, collation, NOT.
   *
   * Operands: P1: operand; P2: first item; P3: dest; P4: pool.
   */
  spec("InList", N, "r[P3]=r[P1] IN (r[P2@n])", {
    reads: [P1, range(P2, listLength)],
    writes: [P3],
  }, "pool"),
] as const;
