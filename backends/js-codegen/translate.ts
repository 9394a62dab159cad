/**
 * The program the bytecode compiler makes of a plan, translated to one JS function: the
 * instructions of each basic block become straight-line statements over locals (one per
 * register, cursor and run-time object; the operands inlined), and only a jump or the
 * resumption after a result row goes through the `switch` on the block's number. The
 * function returns at each result row and resumes there on the next call, so results
 * stay lazy.
 *
 * How the function is entered and left is the caller's ({@link TranslationHooks}): the JS
 * backend runs the whole program, a call to each row; the Wasm backend runs only the
 * addresses its module leaves to JS (backends/wasm/protocol.ts).
 *
 * Everything in the source is made here: identifiers from numbers, statements from the
 * templates; constants, names and descriptors stay in the pool, passed in as `K`.
 */
import { OPCODES } from "../bytecode/opcodes.ts";
import { blockStarts, type CompiledProgram, type Insn } from "../bytecode/program.ts";
import { Op } from "../bytecode/opcodes.ts";
import {
  columnMissing,
  compareThenTest,
  idxJump,
  type TemplateContext,
  TEMPLATES,
  testJump,
} from "./templates.ts";
import { InlineReaders, MAX_INLINE_FIELD } from "./record_inline.ts";
import { loopRegions, pastOnce } from "./loop_regions.ts";
import { localizeLoop, unbox } from "./register_locals.ts";
import { StorageClass } from "../../core/value/types.ts";
import type { SortEntry } from "../bytecode/descriptors.ts";
import { textCompareFusions } from "../bytecode/text_compare_fusion.ts";
import {
  type ColumnCallFusion,
  columnCallFusions,
  type SubstrCall,
} from "../bytecode/column_call_fusion.ts";
import { operandRoles, roleContext } from "../bytecode/operand_roles.ts";
import { JS_OPERATOR, setValue } from "./fast_paths.ts";
import type { CompareOp } from "../../core/value/logic.ts";
import { getOrMake } from "../../core/util/multimap.ts";
import { Bug, bugError } from "../../core/internal_error.ts";

/** The parameters of the generated function, in order. */
export const GENERATED_PARAMS = ["K", "RT", "FILE", "ENC", "P", "CTX", "W"] as const;

/** A block after the program's own: the templates of `pcs`, then on at address `next`. */
export interface ExtraBlock {
  /** The comment the readable source shows at the block. */
  note: string;
  pcs: readonly number[];
  next: number;
  /** The comment shown at the jump to `next`. */
  nextNote: string;
}

/** What the translation knows once it has numbered the blocks. */
export interface BlockNumbers {
  /** The block number of each address that starts a block. */
  readonly blockOf: ReadonlyMap<number, number>;
  /** The number of extra block `i` ({@link TranslationHooks.extraBlocks}). */
  extra(i: number): number;
}

/**
 * How the generated function is entered and left. The translation calls `extraBlocks`
 * first, then `numbered` once blocks are numbered, then the rest while it writes.
 */
export interface TranslationHooks {
  /**
   * Per address: whether something other than this function runs it. Reaching one hands
   * control over ({@link handOver}); each starts a block, and so does the address after it.
   */
  readonly elsewhere?: readonly boolean[];
  /** Blocks added after the program's own, in order. */
  extraBlocks?(): readonly ExtraBlock[];
  /** Called once the blocks are numbered. */
  numbered?(numbers: BlockNumbers): void;
  /** The statements that hand address `pc` (elsewhere, a block start) over. */
  handOver?(pc: number): string;
  /** The statements that end a call at the result row of address `pc`. */
  row(pc: number): string;
  /** The statements that end the run. */
  halt(): string;
  /** Statements to run before the template of address `pc` (in an extra block too). */
  before?(pc: number): string;
  /** Statements to run after the template of address `pc` (one that falls through). */
  after?(pc: number): string;
  /** The lines that open the entry function, up to where the dispatch loop starts. */
  entry(): string[];
  /** What the function body returns: the run's object. */
  result(): string;
}

/**
 * The JS backend's protocol: `run()` runs from where the last call stopped to the next
 * result row (true) or the end (false).
 */
function runToRow(block: (addr: number) => number): TranslationHooks {
  return {
    row: (pc) => `S.pc = ${block(pc + 1)}; return true;`,
    halt: () => "return false;",
    entry: () => [`function run() {`, `  let pc = S.pc;`],
    result: () => `return { run, R, opened: OPENED, reset };`,
  };
}

/** A line of the generated source: indentation level, code (may be empty) and a comment. */
type Line = [number, string, string, number[]?];

/** A generated function body and the constants it receives as `K`. */
export interface Translation {
  /** The body as compiled: no comments, no indentation (Deno keeps every dynamic source). */
  source: string;
  /** The same body laid out and commented, for `explain()`. */
  readable: string;
  /** The program's pool, then the constants the translation added. */
  constants: unknown[];
}

/**
 * First-key tests (SorterReject, P5 = 1) whose key, a field read inline (compared as bytes
 * when it holds TEXT) or substr() of one (`calls`: the program's column call fusions), is
 * read straight before them: by the test's address, the key reader's, which the generated
 * code runs inside the test.
 */
export function sortKeyTests(
  p: CompiledProgram,
  starts: ReadonlySet<number>,
  calls: ReadonlyMap<number, ColumnCallFusion>,
): Map<number, number> {
  const out = new Map<number, number>();
  p.code.forEach((ins, pc) => {
    if (ins.op !== Op.SorterReject || !ins.p5 || starts.has(pc)) return;
    const w = p.code[pc - 1], call = calls.get(pc - 1)?.call;
    const first = (roleContext(p).slotEntry(ins.p1) as SortEntry).keys![0].column;
    if (
      w.p3 === ins.p3 + first &&
      (w.op === Op.Column && w.p2 <= MAX_INLINE_FIELD || call?.kind === "substr")
    ) out.set(pc, pc - 1);
  });
  return out;
}

/**
 * The source of the function body that makes one run's state and entry point: by default
 * `{ run, R, opened }` (`run()` goes on to the next row); with `hooks`, what they make of it.
 */
export function translate(p: CompiledProgram, hooks?: TranslationHooks): Translation {
  if (!hooks) p = pastOnce(p);
  const constants = [...p.pool];
  const flags: string[] = [];
  const views: string[] = [];
  const hoisted = new Map<number, string>();
  const starts = blockStarts(p.code);
  const elsewhere = hooks?.elsewhere;
  if (elsewhere) {
    // Every address run elsewhere is handed over by a block of its own, and control comes
    // back after one at a block of its own.
    elsewhere.forEach((n, pc) => {
      if (!n) return;
      starts.add(pc);
      if (pc + 1 < p.code.length) starts.add(pc + 1);
    });
  }
  // Each instruction's operand roles, asked once for the analyses below (all of them made
  // only when the function runs the whole program).
  const roles = hooks ? [] : p.code.map((ins) => operandRoles(ins, p));
  // Records read by the function itself (a cursor that native code moved has a new stamp).
  // Table scans stepped along their leaves by the function itself (leaf_loops.ts), and
  // loops whose body is a JS loop (loop_regions.ts; the blocks inside one are its labelled
  // blocks): only when it runs the whole program (native code moves cursors too).
  const readers = new InlineReaders(p, !hooks);
  const regions = hooks ? [] : loopRegions(p);
  const regionAt = new Map(regions.map((r) => [r.start, r]));
  const inside = (pc: number) => regions.find((r) => pc > r.start && pc <= r.end);
  // An aggregate slot whose current group nothing in a loop changes (only its steps and
  // their hit tests use it there): the loop reads its states once per call, into locals.
  const steadyStates = new Map(regions.map((r) => {
    const steady = new Map<number, boolean>();
    for (let pc = r.start; pc <= r.end; pc++) {
      const op = p.code[pc].op;
      for (const slot of roles[pc].slots) {
        steady.set(slot, (steady.get(slot) ?? true) && (op === Op.AggStep || op === Op.IfAggMiss));
      }
    }
    return [r, { steady, names: new Map<string, string>() }];
  }));
  // Blocks are numbered densely so that the switch compiles to a jump table.
  const blockOf = new Map(
    [...starts].filter((pc) => !inside(pc)).sort((a, b) => a - b).map((addr, i) => [addr, i]),
  );
  const block = (addr: number) => {
    const b = blockOf.get(addr);
    if (b === undefined) throw bugError(Bug.NoBlockAt, addr);
    return b;
  };
  const protocol = hooks ?? runToRow(block);
  const extras = protocol.extraBlocks?.() ?? [];
  protocol.numbered?.({ blockOf, extra: (i) => blockOf.size + i });
  const body: Line[] = [];
  // Only fusions whose three instructions all run here are made here (the Wasm module
  // makes the others itself, backends/wasm/plan/native.ts).
  const here = (at: number, loads: number[]) =>
    !elsewhere || [at, ...loads].every((x) => !elsewhere[x]);
  const fusions = new Map(
    [...textCompareFusions(p, starts, true)].filter(([at, f]) => here(at, [f.column, f.constant])),
  );
  const calls = new Map(
    [...columnCallFusions(p, starts)].filter(([at, f]) => here(at, [f.column, ...f.constants])),
  );
  const loads = new Set([
    ...[...fusions.values()].flatMap((f) => [f.column, f.constant]),
    ...[...calls.values()].flatMap((f) => [f.column, ...f.constants]),
  ]);
  // (A load fused into another user never precedes one; a test the Wasm module runs is
  // translated only as its fallback block, from the plain template.)
  const keyTests = sortKeyTests(p, starts, calls);
  // A comparison, or a LIKE, IN or NULL test of a field fused below, whose result only the
  // If/IfNot after it reads (a WHERE term): the two are one statement at the first one's
  // address, which jumps without writing the result when it is decided.
  const reads: number[] = [];
  for (const r of roles.flatMap((x) => x.reads)) reads[r] = (reads[r] ?? 0) + 1;
  const tested = new Set(
    hooks ? [] : p.code.flatMap((ins, pc) => {
      const test = p.code[pc + 1];
      const kind = calls.get(pc)?.call.kind;
      const boolean = ins.op >= Op.Eq && ins.op <= Op.Ge || kind === "like" || kind === "in" ||
        kind === "nullTest";
      const ok = boolean && !starts.has(pc + 1) &&
        (test?.op === Op.If || test?.op === Op.IfNot) && test.p1 === ins.p3 &&
        reads[ins.p3] === 1;
      return ok ? [pc] : [];
    }),
  );
  const fused = new Set([...loads, ...keyTests.values(), ...[...tested].map((pc) => pc + 1)]);
  /** The addresses whose statements the statement of `pc` holds (its fused loads, tests). */
  const fusedInto = (pc: number): number[] => {
    const f = fusions.get(pc), made = calls.get(pc), writer = keyTests.get(pc);
    return [
      ...f ? [f.column, f.constant] : made ? [made.column, ...made.constants] : [],
      ...writer === undefined ? [] : [writer, ...fusedInto(writer)],
      ...tested.has(pc) ? [pc + 1] : [],
    ];
  };
  /** The statement that jumps from `pc` to `target`: in a JS loop, its own way. */
  const jumpFrom = (pc: number, target: number, way = 0) => {
    const r = regionAt.get(pc) ?? inside(pc);
    if (!r) return `{ pc = ${block(target)}; continue; }`;
    // Back to the start: every 256 rows (`way` 0) or onto a new leaf page (2, a table
    // scan's leaf loop, see leafStep) through run(), which calls the loop's function again.
    // Called many times a run, V8 optimizes the function as a hot one in the first run;
    // entered once a run, its loop ran on-stack-replaced code, and for runs later on the
    // slower code of a tier that took over (a scan 1.4x the time for two runs).
    // (A leaf loop's step onto a new page returns after its cursor moved: nothing to sync.)
    if (target === r.start) {
      return way
        ? way > 1 ? "return -3;" : `continue W${r.start};`
        : `{if(--L>0)continue W${r.start};${readers.sync()}return -3;}`;
    }
    return target > pc && target <= r.end
      ? `break B${target};`
      : `{${readers.sync()}return ${block(target)};}`;
  };
  const context = (pc: number): TemplateContext => ({
    pc,
    jump: (target) => jumpFrom(pc, target),
    halt: () => protocol.halt(),
    // In a loop's function: back to run(), which returns the row (see the loop's call).
    row: () => inside(pc) ? `{${readers.sync()}return -2;}` : protocol.row(pc),
    view: (start, n) => {
      const v = `V${pc}`;
      views.push(v);
      return `(${v} ??= R.slice(${start}, ${start} + ${n}))`;
    },
    flag: () => {
      const f = `F${pc}`;
      flags.push(f);
      return f;
    },
    k: (i) => getOrMake(hoisted, i, () => `k${i}`),
    entry: (i) => p.pool[i],
    slotEntry: (slot) => roleContext(p).slotEntry(slot),
    aggState: (slot, index) => {
      const state = `s${slot}.current.states[${index}]`;
      const loop = steadyStates.get(regionAt.get(pc) ?? inside(pc)!);
      if (!loop?.steady.get(slot)) return state;
      // `?.`: a call that never reaches the step may start before the slot is open.
      const name = `A${slot}_${index}`;
      loop.names.set(name, `s${slot}?.current?.states[${index}]`);
      return name;
    },
  });
  /** The template's statement for `ins`; a Column read inline where its record is. */
  const statement = (ins: Insn, t: TemplateContext) => {
    const step = readers.leafStep(ins, (page) => jumpFrom(t.pc, ins.p2, page ? 2 : 1));
    if (step !== null) return step;
    if (ins.op >= Op.IdxGT && ins.op <= Op.IdxLE && readers.covers(ins.p1, 0)) {
      return `${readers.indexKey(ins.p1, ins.p3, ins.p4)}${idxJump(ins, t, ", e")}`;
    }
    const stmt = TEMPLATES[ins.op](ins, t);
    return ins.op === Op.Column && readers.covers(ins.p1, ins.p2)
      ? readers.column(ins, stmt, columnMissing(ins, t), ins.p5 === 1)
      : stmt;
  };
  /** The statements of address `pc`: its own locals scoped, after the hooks' `before`. */
  const wrap = (pc: number, stmt: string) => {
    if (/\b(const|let) /.test(stmt)) stmt = `{ ${stmt} }`;
    const before = protocol.before?.(pc);
    return before ? `${before} ${stmt}` : stmt;
  };
  // A loop is a function of its own (loop_regions.ts; loops neither nest nor overlap):
  // where the open one's lines start in the body, then the lines of all.
  let loopFrom = 0;
  const loops: Line[] = [];
  p.code.forEach((ins, pc) => {
    // Operands go into the source as digits: they must be the compiler's integers.
    for (const x of [ins.op, ins.p1, ins.p2, ins.p3, ins.p4, ins.p5]) {
      if (!Number.isSafeInteger(x)) throw bugError(Bug.NonIntegerOperand, pc);
    }
    const t = context(pc);
    const region = regionAt.get(pc), within = inside(pc);
    // A loop that returns a row is resumed after it by a block of its own, numbered after
    // all others; falling through from the block before, `pc` is not its number.
    const resume = region && region.row > 0
      ? blockOf.size + extras.length + regions.indexOf(region)
      : -1;
    if (resume >= 0) body.push([3, `case ${resume}:`, "the loop"]);
    // In a loop, a block ends only where a jump lands (the address after its row is none).
    if (within) {
      if (within.targets.includes(pc)) body.push([4, `}`, `address ${pc}`]);
    } else if (starts.has(pc)) body.push([3, `case ${block(pc)}:`, `address ${pc}`]);
    if (region) {
      // (The loads and key tests written into a statement below theirs.)
      readers.stage(p, region, new Set([...loads, ...keyTests.values()]));
      const local = readers.enterLoop(region);
      const blocks = region.targets.map((to) => `B${to}:{`).join("");
      // -3: the loop goes on from its start in a new call (see jumpFrom).
      const call = `{let x=X${pc}(${resume < 0 ? "" : `pc===${resume}`});` +
        `while(x===-3)x=X${pc}();if(x>=0){pc=x;continue;}` +
        `${resume < 0 ? "" : `if(x<-1){S.pc=${resume};return true;}`}}`;
      let resumed = "";
      if (resume >= 0) {
        // Resumed (`r`): what follows the row, then on to the next row (or out of the loop).
        for (let a = region.row + 1; a <= region.end; a++) resumed += wrap(a, code(a, context(a)));
        resumed = `if(r){r=false;${resumed}break W${pc};}`;
      }
      body.push([4, call, "the loop"]);
      loopFrom = body.length;
      // Its locals are declared when the loop ends (below): the statements name them.
      body.push([
        3,
        `${local}W${pc}:for(;;){${resumed}${readers.rowLocals(region.cursor)}${blocks}`,
        "the loop",
      ]);
    }
    const start = readers.loopStart(pc);
    if (start) body.push([4, start, "the row's record header"]);
    const name = OPCODES[ins.op].name;
    if (elsewhere?.[pc]) {
      if (starts.has(pc)) body.push([4, protocol.handOver!(pc), `${pc} ${name}: native`]);
      return;
    }
    if (fused.has(pc)) {
      const user = tested.has(pc - 1) ? "the test above" : "its user below";
      body.push([4, "", `${pc} ${name}: fused into ${user}`]);
      return;
    }
    const keyWriter = keyTests.get(pc);
    const stmt = keyWriter === undefined ? code(pc, t) : keyTest(ins, keyWriter, t);
    const after = protocol.after?.(pc);
    const pcs = [pc, ...fusedInto(pc)];
    body.push([
      4,
      wrap(pc, stmt) + (after ? ` ${after}` : ""),
      `${pc} ${name}${fusions.has(pc) || calls.has(pc) || keyWriter ? " (record bytes)" : ""}`,
      pcs,
    ]);
    const further = readers.stageAfter(pcs);
    if (further) body.push([4, further, "the row's record header, further"]);
    const ended = regions.find((r) => r.end === pc);
    if (ended) {
      const states = [...steadyStates.get(ended)!.names].map(([name, x]) => `${name}=${x}`);
      const loopLines = body.slice(loopFrom).map((l) => ({ code: l[1], pcs: l[3] ?? [] }));
      const locals = localizeLoop(p, roles, ended, loopLines);
      loopLines.forEach((l, i) => body[loopFrom + i][1] = l.code);
      const head = body[loopFrom];
      head[1] = `function X${ended.start}(${ended.row > 0 ? "r" : ""}){` +
        `${states.length ? `const ${states.join(",")};` : ""}${locals}let L=256;${head[1]}`;
      body.push([3, `break W${ended.start};}return -1;}`, "the loop"]);
      loops.push(...body.splice(loopFrom));
    }
  });
  /**
   * The statement of address `pc`, a fused call's or comparison's included (the loads it
   * fuses are elided at their own addresses).
   */
  function code(pc: number, t: TemplateContext): string {
    const ins = p.code[pc];
    // The If/IfNot fused into this statement, and its context.
    const truth = tested.has(pc) ? p.code[pc + 1] : undefined, tt = truth && context(pc + 1);
    let stmt = statement(ins, t);
    if (tt) {
      stmt = ins.op >= Op.Eq && ins.op <= Op.Ge
        ? compareThenTest(ins, t, truth!, tt)
        : `${stmt} ${TEMPLATES[truth!.op](truth!, tt)}`;
    }
    if (ins.op === Op.OpenRead) stmt += readers.opened(ins.p1);
    const fusion = fusions.get(pc), made = calls.get(pc), call = made?.call;
    if (fusion || call) {
      // The loads run only when the field is not TEXT (or, for a NULL test, not in the
      // record): text_compare_fusion.ts, column_call_fusion.ts.
      const at = fusion ? [fusion.column, fusion.constant] : [made!.column, ...made!.constants];
      const col = p.code[at[0]], out = `r${ins.p3}`;
      const state = () => t.aggState(ins.p1, ins.p3);
      const k = (x: unknown) => `K[${constants.push(x) - 1}]`;
      // A routine on the field's bytes; its other arguments are constants' names or numbers.
      const bytes = (fn: string, ...args: unknown[]) =>
        readers.textField(col.p1, col.p2, (d, o, n) => `RT.${fn}(${[d, o, n, ...args]})`);
      // (A REAL may be a NaN, which reads as NULL: the general way decides.)
      const isNull = () =>
        readers.serialField(col.p1, col.p2, (type) => `${type}===7?null:${type}===0`);
      // A decided truth (`holds`, a JS condition): the If/IfNot's jump, or 1 or 0.
      const decide = (holds: string) =>
        tt
          ? `{${testJump(holds, truth!, tt)}}`
          : setValue(out, `${holds}?1:0`, StorageClass.Integer);
      let test: string, use: string;
      if (fusion) {
        test = bytes("compareTextBinary", k(fusion.bytes));
        // `e` orders the column against the constant: `column op constant` is `e op 0`.
        const o = JS_OPERATOR[(ins.op - Op.Eq) as CompareOp];
        use = decide(col.p3 === ins.p1 ? `e${o}0` : `0${o}e`);
      } else if (call!.kind === "in") {
        // One of the items byte for byte, or the same small integer; NOT IN the other way.
        const { bytes: items, ints, not } = call!;
        test = items
          ? bytes("inListBytes", k(items))
          : readers.intField(col.p1, col.p2, (v) => `${k(ints)}.includes(${v})`);
        use = decide(not ? "!e" : "e");
      } else if (call!.kind === "like") {
        test = bytes("likeLiteralBytes", k(call!.pattern));
        use = decide("e");
      } else if (call!.kind === "substr") {
        // The positions are whole numbers (column_call_fusion.ts checks), never text.
        test = bytes("substrBytes", call!.start, call!.count);
        use = setValue(out, "e", StorageClass.Text);
      } else if (call!.kind === "length") {
        test = bytes("lengthBytes");
        use = setValue(out, "e", StorageClass.Integer);
      } else if (call!.kind === "case") {
        // Null when the text is not short ASCII: the load and the call then run.
        test = bytes("foldedAscii", call!.upper);
        use = setValue(out, "e", StorageClass.Text);
      } else if (call!.kind === "date") {
        // Null when the text is not canonical: the loads and the call then run.
        test = bytes("dateFromBytes", k(call!.layout));
        use = setValue(out, "e", StorageClass.Text);
      } else if (call!.kind === "nullTest") {
        test = isNull();
        use = decide(call!.not ? "!e" : "e");
      } else if (call!.kind === "count") {
        test = isNull();
        use = `RT.countField(${state()},e);`;
      } else {
        test = bytes("stepMinMaxText", state(), call!.sign);
        use = `s${ins.p1}.calls.hit=e;`;
      }
      const loads = at.map((x) => statement(p.code[x], t)).join(" ");
      stmt = `${test}if(e!==null)${use}else{${loads} ${stmt}}`;
    }
    return stmt;
  }
  /**
   * A first-key SorterReject (P5 = 1) whose key is a field, or substr() of one, read by
   * `writer` straight before: the key's bytes are compared with the bound's first, and the
   * key decoded (the writer run) only for a row they let through without a tie (a tie's
   * key is the bound's text, which SorterSlot.rejectsText answers); the decoded key decides
   * where the bytes could not (not TEXT, no text bound, another collation or encoding).
   */
  function keyTest(ins: Insn, writer: number, t: TemplateContext): string {
    const w = p.code[writer], call = calls.get(writer), sorter = `s${ins.p1}`;
    const col = call ? p.code[call.column] : w, substr = call?.call as SubstrCall | undefined;
    // A tie with the bound's text: the key is that text, nothing to decode.
    const jump = t.jump(ins.p2), key = `r${w.p3}`;
    return `{${
      readers.textField(col.p1, col.p2, (d, o, n) =>
        `${sorter}.rejectsText(${[d, o, n, ...substr ? [substr.start - 1, substr.count] : []]})`)
    }if(e===true)${jump}if(typeof e==="string")${setValue(key, "e", StorageClass.Text)}else{${
      code(writer, t)
    }}if(e===null&&${sorter}.rejectsByFirst(R,${ins.p3}))${jump}}`;
  }
  extras.forEach((extra, i) => {
    body.push([3, `case ${blockOf.size + i}:`, extra.note]);
    for (const pc of extra.pcs) {
      const ins = p.code[pc];
      body.push([
        4,
        wrap(pc, TEMPLATES[ins.op](ins, context(pc))),
        `${pc} ${OPCODES[ins.op].name}`,
      ]);
    }
    body.push([4, `{ pc = ${block(extra.next)}; continue; }`, extra.nextNote]);
  });
  const regs = Array.from({ length: p.nRegs - 1 }, (_, i) => `r${i + 1} = R[${i + 1}]`);
  const cursors = Array.from({ length: p.nCursors }, (_, i) => `c${i}`);
  const slots = Array.from({ length: p.nSlots }, (_, i) => `s${i}`);
  const lets = [...cursors, ...slots, ...views, ...flags.map((f) => `${f} = false`)];
  // The JS backend runs a statement again on the same function's variables: `reset`
  // drops what a run left (its cursors, slots and values, large as a sort's or a group
  // table's may be) and sets the next run's parameters. Views of R stay, as its registers
  // are the same objects; a cursor's reading state starts again where it is opened.
  const reset = hooks ? [] : [
    `function reset(p,ctx){P=p;CTX=ctx;S.pc=0;for(const r of R){r.v=null;r.c=0}` +
    [...cursors, ...slots].map((x) => `${x}=undefined;`).join("") +
    flags.map((f) => `${f}=false;`).join("") + `}`,
  ];
  const consts = [...hoisted].map(([i, name]) => `${name} = K[${i}]`);
  const declare = (keyword: string, names: string[]) =>
    names.length ? [`${keyword} ${names.join(", ")};`] : [];
  const head = [
    `"use strict";`,
    `const R = [];`,
    `for (let i = 0; i < ${p.nRegs}; i++) R.push({ v: null, c: 0 });`,
    ...declare("const", regs),
    ...declare("const", consts),
    ...declare("let", lets),
    ...readers.head(),
    `const S = { pc: 0 };`,
    `const OPENED = [];`,
    ...reset,
  ];
  const dispatch = [...protocol.entry(), `  for (;;) {`, `    switch (pc) {`];
  const tail = [
    `      default:`,
    `        throw new RangeError("no block " + pc);`,
    `    }`,
    `  }`,
    `}`,
    protocol.result(),
  ];
  // The marks of register objects' uses are taken out (register_locals.ts).
  for (const line of [...loops, ...body]) line[1] = unbox(line[1]);
  const lines = [...head, ...loops, ...dispatch, ...body, ...tail];
  const readable = lines.map((line) =>
    typeof line === "string"
      ? line
      : "  ".repeat(line[0]) + (line[1] ? `${line[1]} // ${line[2]}` : `// ${line[2]}`)
  ).join("\n");
  const source = lines.map((line) => typeof line === "string" ? line : line[1]).filter((x) => x)
    .map((x) => x.trim()).join("\n");
  return { source, readable, constants };
}
