/**
 * One JS template per instruction of the interpreter's instruction set: the statements
 * that do what the VM's dispatch loop does for it (vm.ts), with the operands known. A
 * register is a local (`r7`), a cursor `c2`, a run-time object `s1`, a constant `K[4]`;
 * the run-time library is `RT` (runtime.ts). Operands are the compiler's integers, so the
 * text of a template never holds anything from the query or the file.
 * `Record<Op, Template>` makes a missing opcode a type error.
 */
import type { CompareOp } from "../../core/value/logic.ts";
import { type Affinity, StorageClass } from "../../core/value/types.ts";
import { ARITH_OPERATORS, Op } from "../bytecode/opcodes.ts";
import type { Insn } from "../bytecode/program.ts";
import { type AggEntry, type CompareEntry, FunctionSubtype } from "../bytecode/descriptors.ts";
import { box } from "./register_locals.ts";
import {
  affinityFast,
  arithFast,
  compareFast,
  JS_OPERATOR,
  textEqualityApplies,
  truthFast,
} from "./fast_paths.ts";

/** What a template may ask of the function being generated. */
export interface TemplateContext {
  /** The address of the instruction. */
  readonly pc: number;
  /** The statement that continues at address `target`. */
  jump(target: number): string;
  /** The statement that ends the run (Halt). */
  halt(): string;
  /** The statement that hands out a result row and resumes after this instruction. */
  row(): string;
  /** A register array view `regs[start .. start + n)` made once per run (n: JS expression). */
  view(start: number, n: string): string;
  /** A flag local that starts false in every run (Once). */
  flag(): string;
  /** The constant-pool entry `i`, hoisted into a local. */
  k(i: number): string;
  /** The pool entry `i` itself, at translation time (to specialise on descriptors). */
  entry(i: number): unknown;
  /** The pool entry of the instruction that opens slot `slot`. */
  slotEntry(slot: number): unknown;
  /** The state of aggregate `index` of the current group of slot `slot`. */
  aggState(slot: number, index: number): string;
}

type Template = (i: Insn, t: TemplateContext) => string;

const NULL = StorageClass.Null;
const INT = StorageClass.Integer;
const REAL = StorageClass.Real;

const r = (n: number) => `r${n}`;
/** The aggregates whose step is core/functions/aggregate/sum.ts `stepSum`. */
const SUMS = ["sum", "total", "avg"];
const c = (n: number) => `c${n}`;
const s = (n: number) => `s${n}`;

const setNull = (reg: string) => `${reg}.v=null;${reg}.c=${NULL};`;
const copy = (to: string, from: string) => `${to}.v=${from}.v;${to}.c=${from}.c;`;
const when = (cond: string, i: Insn, t: TemplateContext) => `if(${cond})${t.jump(i.p2)}`;
/** The template that jumps to P2 when the expression `cond(i)` holds. */
const jumpIf = (cond: (i: Insn) => string): Template => (i, t) => when(cond(i), i, t);
/** Column's statement for a record shorter than its field: the column's default, or NULL. */
export const columnMissing = (i: Insn, t: TemplateContext) =>
  i.p4 >= 0 ? copy(r(i.p3), t.k(i.p4)) : setNull(r(i.p3));
/** Add … Concat; `+ - * / %` of two numbers inline (fast_paths.ts). */
const binary: Template = (i) => {
  const generic = box(
    `RT.${ARITH_OPERATORS[i.op - Op.Add]}(${r(i.p1)},${r(i.p2)},${r(i.p3)},ENC);`,
    [i.p1, i.p2, i.p3],
  );
  return i.op <= Op.Remainder
    ? arithFast(i.op - Op.Add, r(i.p1), r(i.p2), r(i.p3), generic)
    : generic;
};
/** Eq … Ge. */
const compare: Template = (i, t) => {
  const k = t.k(i.p4), op: CompareOp = i.op - Op.Eq;
  const generic = box(
    `RT.compare(${op},${r(i.p1)},${r(i.p2)},${k}.aff,${k}.coll,${r(i.p3)},ENC);`,
    [i.p1, i.p2, i.p3],
  );
  const entry = t.entry(i.p4) as CompareEntry;
  const texts = textEqualityApplies(op, entry.aff, entry.coll);
  return compareFast(op, r(i.p1), r(i.p2), r(i.p3), generic, texts);
};
/** The If/IfNot `test`'s jump, on the JS condition `holds` deciding its register's truth. */
export const testJump = (holds: string, test: Insn, tt: TemplateContext) =>
  when(test.op === Op.If ? holds : `!(${holds})`, test, tt);
/**
 * Eq … Ge (`i`) whose result only the If/IfNot `test` straight after it reads: two
 * numbers jump on their comparison (never NULL) with no result written; anything else
 * runs both templates.
 */
export function compareThenTest(i: Insn, t: TemplateContext, test: Insn, tt: TemplateContext) {
  const a = `${r(i.p1)}.v`, b = `${r(i.p2)}.v`;
  const holds = `${a}${JS_OPERATOR[(i.op - Op.Eq) as CompareOp]}${b}`;
  return `if(typeof ${a}==="number"&&typeof ${b}==="number"){${testJump(holds, test, tt)}}` +
    `else{${compare(i, t)}${TEMPLATES[test.op](test, tt)}}`;
}
const truth = (want: 0 | 1): Template => (i, t) =>
  when(
    truthFast(
      r(i.p1),
      want,
      i.p3 !== 0,
      box(`RT.truthValue(${r(i.p1)},0,ENC)===${want}`, [i.p1], true),
    ),
    i,
    t,
  );
const seek: Template = jumpIf((i) => `RT.seekIndex(${c(i.p1)},${i.op},R,${i.p3},${i.p4})`);
/** IdxGT … IdxLE; `compared`: an expression for the entry's order against the key, if known. */
export const idxJump = (i: Insn, t: TemplateContext, compared = "") =>
  when(`RT.indexEntryJump(${c(i.p1)},${i.op},R,${i.p3},${i.p4}${compared})`, i, t);
/** SorterData / HashData: the slot's current row into the registers from P2. */
const load: Template = (i) => `${s(i.p1)}.load(R,${i.p2});`;
/** SorterNext / HashNext: on to the slot's next row. */
const next: Template = jumpIf((i) => `${s(i.p1)}.next()`);
/** SorterOpen … VFilter: the slot's new object (vm_open.ts; MatchSetOpen has no entry). */
const open: Template = (i, t) =>
  `${s(i.p1)}=RT.openSlot(${i.op},${i.op === Op.MatchSetOpen ? "null" : t.k(i.p4)},R,` +
  `${i.p2},${i.p3},ENC,FILE);`;

/** Init, Goto: on at P2. */
const goto: Template = (i, t) => t.jump(i.p2);
/** Int64 … Blob: the constant P4 into register P2. */
const constant: Template = (i, t) => copy(r(i.p2), t.k(i.p4));

/** The `n` numbers from `start` up (none when `n` is not positive): registers, offsets. */
const span = (start: number, n: number) => Array.from({ length: n }, (_, k) => start + k);

/** The instruction set as JS. */
export const TEMPLATES: Record<Op, Template> = {
  [Op.Init]: goto,
  [Op.Goto]: goto,
  [Op.Halt]: (_i, t) => t.halt(),
  [Op.Once]: (i, t) => {
    const f = t.flag();
    return `if(${f})${t.jump(i.p2)}${f}=true;`;
  },
  [Op.If]: truth(1),
  [Op.IfNot]: truth(0),
  [Op.IsNull]: jumpIf((i) => `${r(i.p1)}.c===${NULL}`),
  [Op.NotNull]: jumpIf((i) => `${r(i.p1)}.c!==${NULL}`),
  [Op.IfPos]: (i, t) => `if(${r(i.p1)}.v>0){${r(i.p1)}.v-=${i.p3};${t.jump(i.p2)}}`,
  [Op.DecrJumpZero]: jumpIf((i) => `${r(i.p1)}.v>0&&--${r(i.p1)}.v===0`),
  [Op.ResultRow]: (_i, t) => t.row(),
  [Op.Null]: (i) => span(i.p2, i.p3 - i.p2 + 1).map((n) => setNull(r(n))).join(""),
  [Op.Integer]: (i) => `${r(i.p2)}.v=${i.p1};${r(i.p2)}.c=${INT};`,
  [Op.Int64]: constant,
  [Op.Real]: constant,
  [Op.String8]: constant,
  [Op.Blob]: constant,
  [Op.Variable]: (i) => {
    const from = `P[${i.p1 - 1}]`;
    return `if(${from}){${copy(r(i.p2), from)}}else{${setNull(r(i.p2))}}`;
  },
  [Op.Copy]: (i) =>
    span(0, i.p3 + 1).map((n) => {
      const to = r(i.p2 + n), from = r(i.p1 + n);
      const sub = i.p5 === 1
        ? `RT.copyJsonSubtype(${to},${from});`
        : i.p5 === 2
        ? `RT.markJson(${to});`
        : "";
      return copy(to, from) + sub;
    }).join(""),
  [Op.ClrSubtype]: (i) => `RT.clearJsonSubtype(${r(i.p1)});`,
  [Op.Add]: binary,
  [Op.Subtract]: binary,
  [Op.Multiply]: binary,
  [Op.Divide]: binary,
  [Op.Remainder]: binary,
  [Op.BitAnd]: binary,
  [Op.BitOr]: binary,
  [Op.ShiftLeft]: binary,
  [Op.ShiftRight]: binary,
  [Op.Concat]: binary,
  [Op.Negate]: (i) => `RT.negate(${r(i.p1)},${r(i.p2)},ENC);`,
  [Op.Plus]: (i) => `RT.copyWithSubtype(${r(i.p1)},${r(i.p2)});`,
  [Op.RealAffinity]: (i) => `RT.realAffinity(${r(i.p1)},${r(i.p2)});`,
  [Op.BitNot]: (i) => `RT.bitNot(${r(i.p1)},${r(i.p2)},ENC);`,
  [Op.Not]: (i) => `RT.not(${r(i.p1)},${r(i.p2)},ENC);`,
  [Op.And]: (i) => `RT.and(${r(i.p1)},${r(i.p2)},${r(i.p3)},ENC);`,
  [Op.Or]: (i) => `RT.or(${r(i.p1)},${r(i.p2)},${r(i.p3)},ENC);`,
  [Op.IsTrue]: (i) => `RT.isTruth(${r(i.p1)},${i.p3 === 1},${i.p5 === 1},${r(i.p2)},ENC);`,
  [Op.Eq]: compare,
  [Op.Ne]: compare,
  [Op.Lt]: compare,
  [Op.Le]: compare,
  [Op.Gt]: compare,
  [Op.Ge]: compare,
  [Op.Is]: (i, t) => {
    const k = t.k(i.p4);
    return `RT.is(${r(i.p1)},${r(i.p2)},${k}.aff,${k}.coll,${i.p5 === 1},` +
      `${r(i.p3)},ENC);`;
  },
  [Op.Cast]: (i, t) => `RT.castStep(${r(i.p1)},${t.k(i.p4)}.aff,${r(i.p2)},ENC);`,
  [Op.Affinity]: (i, t) =>
    span(i.p1, i.p2).map((n) => {
      const reg = r(n);
      const aff = (t.entry(i.p4) as { aff: Affinity }).aff;
      return affinityFast(
        reg,
        aff,
        `{const a=RT.applyAffinity(${reg}.v,${reg}.c,${t.k(i.p4)}.aff,ENC);` +
          `${reg}.v=a.value;${reg}.c=a.cls;}`,
      );
    }).join(""),
  [Op.MustBeInt]: (i) =>
    `RT.setInt(${r(i.p1)},RT.${i.p3 === 0 ? "limitCount" : "offsetCount"}(${r(i.p1)},ENC));`,
  [Op.Function]: (i, t) => {
    const f = t.entry(i.p4) as { argc: number; subtype: FunctionSubtype };
    const k = t.k(i.p4);
    const args = t.view(i.p1, String(f.argc));
    const call = `${k}.impl(${args},${r(i.p3)},CTX);`;
    const body = f.subtype === FunctionSubtype.None
      ? call
      : f.subtype === FunctionSubtype.Result
      ? `RT.clearJsonSubtype(${r(i.p3)});${call}`
      : `${call}RT.passJsonSubtype(${args},${r(i.p3)});`;
    return box(`CTX.collation=${k}.coll;${body}`, [...span(i.p1, f.argc), i.p3]);
  },
  [Op.InList]: (i, t) => {
    const n = (t.entry(i.p4) as { n: number }).n;
    return `RT.inListStep(${r(i.p1)},${t.view(i.p2, String(n))},${t.k(i.p4)},${r(i.p3)},ENC);`;
  },
  [Op.OpenRead]: (i, t) => {
    const k = t.k(i.p4);
    return `${c(i.p1)}=RT.openCursor(FILE,${k},OPENED);`;
  },
  [Op.Rewind]: (i, t) => `${c(i.p1)}.nullRow=false;${when(`!${c(i.p1)}.bt.first()`, i, t)}`,
  [Op.Last]: (i, t) => `${c(i.p1)}.nullRow=false;${when(`!${c(i.p1)}.bt.last()`, i, t)}`,
  [Op.Next]: jumpIf((i) => `${c(i.p1)}.bt.next()`),
  [Op.Prev]: jumpIf((i) => `${c(i.p1)}.bt.prev()`),
  [Op.Column]: (i, t) => {
    const out = r(i.p3);
    const real = i.p5 === 1
      ? `if(${out}.c===${INT}){${out}.v=Number(${out}.v);${out}.c=${REAL};}`
      : "";
    return box(`if(!${c(i.p1)}.column(${i.p2},${out})){${columnMissing(i, t)}}${real}`, [i.p3]);
  },
  [Op.Rowid]: (i) => box(`${c(i.p1)}.rowid(${r(i.p2)});`, [i.p2]),
  [Op.NullRow]: (i) => `${c(i.p1)}.nullRow=true;`,
  [Op.Count]: (i) => `RT.setInt(${r(i.p2)},${c(i.p1)}.bt.count());`,
  [Op.SeekRowid]: jumpIf((i) => box(`RT.seekRowid(${c(i.p1)},${r(i.p3)},ENC)`, [i.p3], true)),
  [Op.DeferredSeek]: (i) => box(`${c(i.p1)}.defer(${r(i.p3)});`, [i.p3]),
  [Op.RowidBound]: jumpIf((i) => `RT.rowidBoundStep(${r(i.p1)},${i.p5},${r(i.p3)},ENC)`),
  [Op.SeekRowidGE]: jumpIf((i) => `RT.seekRowidBound(${c(i.p1)},true,${r(i.p3)})`),
  [Op.SeekRowidLE]: jumpIf((i) => `RT.seekRowidBound(${c(i.p1)},false,${r(i.p3)})`),
  [Op.RowidGT]: jumpIf((i) => `RT.rowidPast(${c(i.p1)},true,${r(i.p3)})`),
  [Op.RowidLT]: jumpIf((i) => `RT.rowidPast(${c(i.p1)},false,${r(i.p3)})`),
  [Op.SeekGE]: seek,
  [Op.SeekGT]: seek,
  [Op.SeekLE]: seek,
  [Op.SeekLT]: seek,
  [Op.NotFound]: seek,
  [Op.IdxGT]: idxJump,
  [Op.IdxGE]: idxJump,
  [Op.IdxLT]: idxJump,
  [Op.IdxLE]: idxJump,
  [Op.SorterOpen]: open,
  [Op.SorterInsert]: (i) => `${s(i.p1)}.sorter.insert(RT.storeRow(R,${i.p2},${i.p3}));`,
  [Op.SorterReject]: jumpIf((i) => `${s(i.p1)}.${i.p5 ? "rejectsByFirst" : "rejects"}(R,${i.p3})`),
  [Op.SorterSort]: jumpIf((i) => `!${s(i.p1)}.sort()`),
  [Op.SorterData]: load,
  [Op.SorterNext]: next,
  [Op.WindowCompute]: (i, t) => `${s(i.p1)}.computeWindows(${t.k(i.p4)}.spec,ENC);`,
  [Op.OpenEphemeral]: open,
  [Op.IdxInsert]: (i) => `${s(i.p1)}.insertDistinct(R,${i.p2});`,
  [Op.Distinct]: jumpIf((i) => `!${s(i.p1)}.insertDistinct(R,${i.p3})`),
  [Op.EphFilter]: (i) => `${s(i.p1)}.filterBy(${s(i.p2)},${i.p3 === 1});`,
  [Op.EphUnion]: (i) => `${s(i.p1)}.unionWith(${s(i.p2)});`,
  [Op.HashOpen]: open,
  [Op.HashInsert]: (i) => `${s(i.p1)}.insert(R,${i.p2},${i.p3},ENC);`,
  [Op.HashProbe]: jumpIf((i) => `!${s(i.p1)}.probe(R,${i.p3},ENC)`),
  [Op.HashData]: load,
  [Op.HashNext]: next,
  [Op.InSetOpen]: open,
  [Op.InSetAdd]: (i, t) => `${s(i.p1)}.add(${t.view(i.p2, `${s(i.p1)}.width`)});`,
  [Op.InSetProbe]: (i, t) =>
    `RT.setInResult(${s(i.p1)}.probe(${t.view(i.p2, `${s(i.p1)}.width`)}),${i.p5 === 1},` +
    `${r(i.p3)});`,
  [Op.AggOpen]: open,
  [Op.AggNew]: (i) => `${s(i.p1)}.current=${s(i.p1)}.calls.newGroup();`,
  [Op.IfAggEmpty]: jumpIf((i) => `${s(i.p1)}.current===null`),
  [Op.AggSameKey]: jumpIf((i) => `${s(i.p1)}.table.sameKey(${s(i.p1)}.current,R,${i.p3},${i.p4})`),
  [Op.AggGroup]: jumpIf((i) => `RT.aggGroup(${s(i.p1)},R,${i.p3},${i.p4})`),
  [Op.AggStore]: (i) => `RT.aggStore(${s(i.p1)},R,${i.p2},${i.p3},${i.p4});`,
  [Op.AggStep]: (i, t) => {
    const a = s(i.p1), call = (t.slotEntry(i.p1) as AggEntry).calls[i.p3];
    if (i.p5) return `${a}.calls.hit=false;`;
    const args = t.view(i.p2, `${a}.calls.width(${i.p3})`);
    // The step's arguments, then its ORDER BY values (AggregateCalls.width).
    const width = span(i.p2, call.argc + call.orderBy.length);
    if (call.fn || call.distinct || call.orderBy.length || call.keepsJsonSubtype) {
      return box(`${a}.calls.step(${a}.current,${i.p3},${args});`, width);
    }
    const state = t.aggState(i.p1, i.p3);
    // count's step (core/functions/aggregate/count.ts) written out: a row, or a non-NULL.
    if (call.name === "count") {
      return `${call.argc ? `if (${r(i.p2)}.c !== ${NULL}) ` : ""}${state}.n++;`;
    }
    // min/max of a number: its comparison with the best, without the step's arguments
    // (core/functions/aggregate/min_max.ts `stepMinMax`, by sign). Only their steps set the
    // hit (AggregateCalls.hit).
    const sign = call.name === "max" ? 1 : call.name === "min" ? -1 : 0;
    const hit = sign ? `${a}.calls.hit=` : "";
    // A built-in's own step, called from this site only: V8 can inline it here.
    const f = t.flag();
    const step = box(`${hit}(${f}||=${a}.calls.stepOf(${i.p3}))(${state},${args})===true;`, width);
    if (sign !== 0) {
      return `{const v=${r(i.p2)}.v;if(typeof v=="number")${hit}` +
        `RT.stepMinMaxNumber(${state},v,${r(i.p2)}.c,${sign});else ${step}}`;
    }
    if (!SUMS.includes(call.name)) return step;
    // sum/total/avg: the common values first, without the numeric reading of any value:
    // here NULL (no step) and stepSumFast's exact INTEGER sum; a REAL in stepSumFast.
    const x = r(i.p2), max = Number.MAX_SAFE_INTEGER;
    return `{const p=${state},v=${x}.v;let t;if(${x}.c===${NULL}||${x}.c===${INT}&&` +
      `typeof v=="number"&&!p.approx&&typeof p.iSum=="number"&&(t=p.iSum+v)<=${max}&&t>=-${max}&&` +
      `(p.iSum=t,++p.cnt)||${box(`RT.stepSumFast(p,${x})`, [i.p2], true)});else ${step}}`;
  },
  [Op.IfAggMiss]: jumpIf((i) => `!${s(i.p1)}.calls.hit`),
  [Op.AggFinal]: (i) => `RT.aggFinal(${s(i.p1)},R,${i.p2});`,
  [Op.AggLoad]: (i) => `RT.aggLoad(${s(i.p1)},R,${i.p2},${i.p3},${i.p4});`,
  [Op.AggSort]: jumpIf((i) => `!RT.aggSort(${s(i.p1)},${i.p4})`),
  [Op.AggNextGroup]: jumpIf((i) => `RT.aggNextGroup(${s(i.p1)})`),
  [Op.MatchSetOpen]: open,
  [Op.MatchSetAdd]: (i) => `${s(i.p1)}.add(${r(i.p2)}.v);`,
  [Op.MatchSetTest]: jumpIf((i) => `${s(i.p1)}.has(${r(i.p3)}.v)`),
  [Op.AddImm]: (i) => `RT.setInt(${r(i.p1)},${r(i.p1)}.v+${i.p2});`,
  [Op.QueueOpen]: open,
  [Op.QueuePush]: (i) => `${s(i.p1)}.push(R,${i.p2},${i.p3});`,
  [Op.QueuePop]: jumpIf((i) => `!${s(i.p1)}.pop(R,${i.p3})`),
  [Op.VFilter]: open,
  [Op.VNextRow]: jumpIf((i) => `!${s(i.p1)}.nextInto(R,${i.p3},${i.p4})`),
};
