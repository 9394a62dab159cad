/**
 * Expressions: each PlanExpr kind leaves its value in a target register. Operands go to
 * fresh registers first, so an operator never overwrites a value it still has to read.
 */
import type {
  AffinityExpr,
  ArithExpr,
  CaseExpr,
  CastExpr,
  ClearSubtypeExpr,
  ColumnExpr,
  CompareExpr,
  ConstExpr,
  ExistsExpr,
  FunctionExpr,
  InListExpr,
  InQueryExpr,
  IsExpr,
  LogicExpr,
  NullTestExpr,
  ParamExpr,
  PlanExpr,
  SubqueryExpr,
  TruthExpr,
  UnaryExpr,
} from "../../core/plan/plan.ts";
import { noSuchFunction } from "../../core/errors.ts";
import { scalarFunction } from "../../core/functions/scalar/registry.ts";
import { toHex } from "../../core/functions/scalar/blob.ts";
import { realToText } from "../../core/value/number_text.ts";
import { Affinity, StorageClass } from "../../core/value/types.ts";
import type { Compiler } from "./compile.ts";
import { functionSubtype } from "./compile_subtype.ts";
import { ARITH_OPERATORS, Op } from "./opcodes.ts";
import {
  type AffinityEntry,
  type CompareEntry,
  type ConstEntry,
  type FunctionEntry,
  FunctionSubtype,
  type InListEntry,
  type InSetEntry,
} from "./descriptors.ts";

type Handler<E> = (c: Compiler, e: E, target: number) => void;

/** Pool entry of a comparison's affinity and collation. */
export function compareEntry(c: Compiler, aff: Affinity, collation: string): number {
  return c.b.constant(
    { explain: `${collation}, ${aff}`, aff, coll: c.collation(collation) } satisfies CompareEntry,
  );
}

/**
 * An IN's conversion of its operand's register (plan.ts InQueryExpr.operandAffinity): it
 * shows only where that register is an aggregate's output, which later reads then see.
 * The IN itself compared a copy, converted the same way.
 */
function convertInPlace(c: Compiler, operand: PlanExpr, aff: Affinity | undefined): void {
  const reg = aff === undefined || aff === Affinity.Blob ? null : c.aggregateRegister(operand);
  if (reg !== null) c.b.emit(Op.Affinity, reg, 1, 0, affinityEntry(c, aff!));
}

/** Pool entry of an affinity. */
export function affinityEntry(c: Compiler, aff: Affinity): number {
  return c.b.constant({ explain: aff, aff } satisfies AffinityEntry);
}

const UNARY_OPS: Record<UnaryExpr["op"], Op> = {
  negate: Op.Negate,
  plus: Op.Plus,
  bitNot: Op.BitNot,
  not: Op.Not,
  realAffinity: Op.RealAffinity,
};

function subqueryOnce(c: Compiler, correlated: boolean, body: () => void): void {
  if (correlated) return body();
  c.b.wrap((done) => {
    c.b.emit(Op.Once, 0, done);
    body();
  });
}

/**
 * Emits code that jumps to `label` when `e` is `when` (true or false), or NULL and
 * `onNull`, and falls through otherwise: conditions compiled as jumps, as SQLite's
 * sqlite3ExprIfTrue/IfFalse do, so AND, OR and NOT build no values and the right operand
 * runs only when the left one does not decide the jump (a NULL left operand of AND in a
 * WHERE clause decides it: the row is out either way, and SQLite does not evaluate the
 * right one either). Anything else is evaluated into a register and tested.
 */
export function branch(
  c: Compiler,
  e: PlanExpr,
  label: number,
  when: boolean,
  onNull: boolean,
): void {
  if (e.kind === "unary" && e.op === "not") return branch(c, e.operand, label, !when, onNull);
  const b = c.b;
  if (e.kind === "logic") {
    if (c.heldBetween(e, () => branch(c, e, label, when, onNull))) return;
    // AND jumps on false and OR on true as soon as either side does; the other way round,
    // the left side can only rule the jump out (it then skips the right side).
    const either = (e.op === "and") !== when;
    const skip = either ? label : b.label();
    branch(c, e.left, skip, either === when, either === onNull);
    branch(c, e.right, label, when, onNull);
    if (!either) b.place(skip);
    return;
  }
  const r = b.regs();
  if (e.kind === "nullTest") {
    c.expr(e.operand, r);
    b.emit(e.not === when ? Op.NotNull : Op.IsNull, r, label);
  } else {
    c.expr(e, r);
    b.emit(when ? Op.If : Op.IfNot, r, label, +onNull);
  }
}

/** The handler of every expression kind. */
export const EXPR_HANDLERS: { [K in PlanExpr["kind"]]: Handler<Extract<PlanExpr, { kind: K }>> } = {
  const(c, e: ConstExpr, t) {
    if (e.cls === StorageClass.Null) {
      c.b.emit(Op.Null, 0, t, t);
      return;
    }
    const v = e.value;
    const explain = e.cls === StorageClass.Text
      ? v as string
      : e.cls === StorageClass.Real
      ? realToText(v as number)
      : e.cls === StorageClass.Blob
      ? `x'${toHex(v as Uint8Array).toLowerCase()}'`
      : String(v);
    const entry: ConstEntry = { explain, v, c: e.cls };
    // Int64, Real, String8 and Blob are numbered in the order of their storage classes.
    c.b.emit(Op.Int64 + e.cls - StorageClass.Integer, 0, t, 0, c.b.constant(entry));
  },
  param(c, e: ParamExpr, t) {
    c.b.emit(Op.Variable, e.index, t);
  },
  column(c, e: ColumnExpr, t) {
    c.access(e.node).read(e.column, t);
  },
  unary(c, e: UnaryExpr, t) {
    const a = c.b.regs();
    c.expr(e.operand, a);
    c.b.emit(UNARY_OPS[e.op], a, t);
  },
  arith(c, e: ArithExpr, t) {
    const a = c.b.regs(2);
    c.expr(e.left, a);
    c.expr(e.right, a + 1);
    c.b.emit(Op.Add + ARITH_OPERATORS.indexOf(e.op), a, a + 1, t);
  },
  compare(c, e: CompareExpr, t) {
    const a = c.b.regs(2);
    c.expr(e.left, a);
    c.expr(e.right, a + 1);
    // P5 = 1: the operands are temporaries no other instruction reads (see the opcode).
    c.b.emit(Op.Eq + e.op, a, a + 1, t, compareEntry(c, e.affinity, e.collation), 1);
  },
  is(c, e: IsExpr, t) {
    const a = c.b.regs(2);
    c.expr(e.left, a);
    c.expr(e.right, a + 1);
    c.b.emit(Op.Is, a, a + 1, t, compareEntry(c, e.affinity, e.collation), e.not ? 1 : 0);
  },
  logic(c, e: LogicExpr, t) {
    if (c.heldBetween(e, () => c.expr(e, t))) return;
    // The right operand runs only when the left one does not decide.
    const b = c.b;
    const a = b.regs(2);
    const decided = b.label(), end = b.label();
    c.expr(e.left, a);
    b.emit(e.op === "and" ? Op.IfNot : Op.If, a, decided, 0);
    c.expr(e.right, a + 1);
    b.emit(e.op === "and" ? Op.And : Op.Or, a, a + 1, t);
    b.emit(Op.Goto, 0, end);
    b.place(decided);
    b.emit(Op.Integer, e.op === "and" ? 0 : 1, t);
    b.place(end);
  },
  truth(c, e: TruthExpr, t) {
    const a = c.b.regs();
    c.expr(e.operand, a);
    c.b.emit(Op.IsTrue, a, t, e.value ? 1 : 0, 0, e.not ? 1 : 0);
  },
  nullTest(c, e: NullTestExpr, t) {
    const b = c.b;
    const a = b.regs();
    const end = b.label();
    c.expr(e.operand, a);
    b.emit(Op.Integer, 1, t);
    b.emit(e.not ? Op.NotNull : Op.IsNull, a, end);
    b.emit(Op.Integer, 0, t);
    b.place(end);
  },
  cast(c, e: CastExpr, t) {
    const a = c.b.regs();
    c.expr(e.operand, a);
    c.b.emit(Op.Cast, a, t, 0, affinityEntry(c, e.affinity));
  },
  clearSubtype(c, e: ClearSubtypeExpr, t) {
    c.expr(e.operand, t);
    if (c.subtypes.mayCarry(e.operand)) c.b.emit(Op.ClrSubtype, t);
  },
  affinity(c, e: AffinityExpr, t) {
    c.expr(e.operand, t);
    if (e.affinity !== Affinity.Blob) c.b.emit(Op.Affinity, t, 1, 0, affinityEntry(c, e.affinity));
  },
  case(c, e: CaseExpr, t) {
    const b = c.b;
    const end = b.label();
    // Branches that leave marked and unmarked values share `t`: no stale mark survives.
    if (c.subtypes.mayCarry(e)) b.emit(Op.ClrSubtype, t);
    const operand = e.operand ? b.regs() : 0;
    if (e.operand) c.expr(e.operand, operand);
    for (const w of e.whens) {
      const next = b.label();
      if (e.operand) {
        const test = b.regs(2);
        c.expr(w.when, test + 1);
        b.emit(Op.Eq, operand, test + 1, test, compareEntry(c, w.affinity, w.collation));
        b.emit(Op.IfNot, test, next, 1);
      } else {
        branch(c, w.when, next, false, true);
      }
      c.expr(w.then, t);
      b.emit(Op.Goto, 0, end);
      b.place(next);
    }
    if (e.otherwise) c.expr(e.otherwise, t);
    else b.emit(Op.Null, 0, t, t);
    b.place(end);
  },
  inList(c, e: InListExpr, t) {
    const b = c.b;
    // Registers of the InList's own, read by no other instruction: the JS backend may test
    // the operand's field without loading any of them (column_call_fusion.ts InCall).
    const a = b.regs(1 + e.list.length);
    c.expr(e.operand, a);
    c.exprs(e.list, a + 1);
    const entry: InListEntry = {
      explain: `${e.not ? "NOT " : ""}IN ${e.list.length}, ${e.collation}, ${e.affinity}`,
      n: e.list.length,
      aff: e.affinity,
      coll: c.collation(e.collation),
      not: e.not,
    };
    b.emit(Op.InList, a, a + 1, t, b.constant(entry));
    convertInPlace(c, e.operand, e.operandAffinity);
  },
  inQuery(c, e: InQueryExpr, t) {
    const b = c.b;
    const n = e.operands.length;
    const slot = b.slot();
    const entry: InSetEntry = {
      explain: `IN SELECT ${n} ${e.collations.join(",")}`,
      n,
      affs: e.affinities,
      colls: e.collations.map((x) => c.collation(x)),
    };
    const pooled = b.constant(entry);
    subqueryOnce(c, e.query.correlated, () => {
      b.emit(Op.InSetOpen, slot, 0, 0, pooled);
      const row = b.regs(n);
      c.produce(e.query.root, () => {
        c.exprs(e.query.columns.slice(0, n), row);
        b.emit(Op.InSetAdd, slot, row);
      });
    });
    const ops = b.regs(n);
    c.exprs(e.operands, ops);
    b.emit(Op.InSetProbe, slot, ops, t, 0, e.not ? 1 : 0);
    convertInPlace(c, e.operands[0], e.operandAffinity);
  },
  exists(c, e: ExistsExpr, t) {
    const b = c.b;
    const r = b.regs();
    subqueryOnce(c, e.query.correlated, () =>
      b.wrap((done) => {
        b.emit(Op.Integer, 0, r);
        c.produce(e.query.root, () => {
          b.emit(Op.Integer, 1, r);
          b.emit(Op.Goto, 0, done);
        });
      }));
    b.emit(Op.Copy, r, t, 0);
  },
  subquery(c, e: SubqueryExpr, t) {
    const b = c.b;
    const r = b.regs();
    subqueryOnce(c, e.query.correlated, () =>
      b.wrap((done) => {
        b.emit(Op.Null, 0, r, r);
        c.produce(e.query.root, () => {
          c.expr(e.query.columns[0], r);
          b.emit(Op.Goto, 0, done);
        });
      }));
    // SQLite copies a scalar subquery's value with its subtype.
    b.emit(Op.Copy, r, t, 0, 0, c.subtypes.mayCarry(e) ? 1 : 0);
  },
  function(c, e: FunctionExpr, t) {
    if (!e.impl && (e.name === "coalesce" || e.name === "ifnull") && e.args.length) {
      // Left to right, stopping at the first value that is not NULL (plan.ts FunctionExpr).
      const b = c.b;
      b.wrap((end) => {
        if (e.args.some((a) => c.subtypes.mayCarry(a))) b.emit(Op.ClrSubtype, t);
        e.args.forEach((arg, i) => {
          c.expr(arg, t);
          if (i < e.args.length - 1) b.emit(Op.NotNull, t, end);
        });
      });
      return;
    }
    const impl = e.impl ?? scalarFunction(e.name)?.impl;
    if (!impl) throw noSuchFunction(e.name);
    const b = c.b;
    const a = b.regsFor(e.args.length);
    c.exprs(e.args, a);
    const entry: FunctionEntry = {
      explain: `${e.name}(${e.args.length})`,
      impl,
      coll: c.collation(e.collation),
      argc: e.args.length,
      // A registered function's result never carries the JSON subtype: clear a stale one.
      subtype: e.impl
        ? FunctionSubtype.Result
        : c.subtypes.mayCarry(e)
        ? functionSubtype(e.name)
        : FunctionSubtype.None,
    };
    b.emit(Op.Function, a, 0, t, b.constant(entry), e.args.length);
  },
};
