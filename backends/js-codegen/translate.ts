/**
 * The program the interpreter's compiler makes of a plan, translated to one JS function:
 * the instructions of each basic block become straight-line statements over locals (one
 * per register, cursor and run-time object; the operands inlined), and only a jump or the
 * resumption after a result row goes through the `switch` on the block's number. The
 * function returns at each result row and resumes there on the next call, so results
 * stay lazy.
 *
 * Everything in the source is made here: identifiers from numbers, statements from the
 * templates; constants, names and descriptors stay in the pool, passed in as `K`.
 */
import { Op, OPCODES } from "../bytecode/opcodes.ts";
import type { CompiledProgram, Insn } from "../bytecode/program.ts";
import { type TemplateContext, TEMPLATES } from "./templates.ts";
import { StorageClass } from "../../core/value/types.ts";
import { textCompareFusions } from "./fuse_text_compare.ts";

/** The parameters of the generated function, in order. */
export const GENERATED_PARAMS = ["K", "RT", "FILE", "ENC", "P", "CTX", "W"] as const;

/** Addresses where a block starts: the entry, jump targets, resumption after a row. */
export function blockStarts(code: readonly Insn[]): Set<number> {
  const starts = new Set<number>([0]);
  code.forEach((ins, pc) => {
    if (OPCODES[ins.op].jump) starts.add(ins.p2);
    if (ins.op === Op.ResultRow) starts.add(pc + 1);
  });
  return starts;
}

/** The cases of `syncIn(block)`: one per block the module may enter, all state by default. */
function syncCases(
  segments: SegmentLayout,
  blockOf: ReadonlyMap<number, number>,
  fallbackBlockOf: ReadonlyMap<number, number>,
  rowResumes: ReadonlyMap<number, number>,
): string {
  const cases: string[] = [...rowResumes.values()].map((b) => `case ${b}: return;`);
  for (const [pc, b] of blockOf) {
    if (!segments.native[pc]) cases.push(`case ${b}: ${segments.syncIn(pc)} return;`);
  }
  for (const [pc, b] of fallbackBlockOf) {
    cases.push(`case ${b}: ${segments.syncIn(pc, true)} return;`);
  }
  return `${cases.join(" ")} default: ${segments.syncIn(-1)}`;
}

/** A generated function body and the constants it receives as `K`. */
export interface Translation {
  /** The body as compiled: no comments, no indentation (Deno keeps every dynamic source). */
  source: string;
  /** The same body laid out and commented, for `explain()`. */
  readable: string;
  /** The program's pool, then the constants the translation added. */
  constants: unknown[];
  /** The block number of each address that starts a block. */
  blockOf: ReadonlyMap<number, number>;
  /** In segments: the block number of each native address's fallback block. */
  fallbackBlockOf: ReadonlyMap<number, number>;
}

/**
 * How the Wasm module and the JS segments share a program (backends/wasm/native.ts): the
 * module runs the native addresses and calls `seg(block)` for the rest; `seg` returns the
 * native id to continue at (≥ 0), -1 at the end, or `-2 - b` after a result row (resume at
 * block `b`; a row made in JS also sets `W.resume` to `b`: its registers need no copying,
 * and the next step may call `seg(b)` itself). The generated object also has `syncIn(block)` (what the module kept, for a
 * block it enters; -1: all of it) and `cur(i)` (cursor `i`).
 */
export interface SegmentLayout {
  /** Per address: whether the module runs it (JS hands control back on reaching it). */
  readonly native: readonly boolean[];
  /** The number the module dispatches on for native address `pc`. */
  nativeId(pc: number): number;
  /** Native address → the addresses whose templates run in JS when it declines. */
  readonly fallbacks: ReadonlyMap<number, readonly number[]>;
  /**
   * Statements copying the module's state into the JS locals when the module enters JS at
   * address `pc` (a JS address, or with `fallback` the fallback of native address `pc`);
   * `pc` -1: everything native code keeps (for a result row).
   */
  syncIn(pc: number, fallback?: boolean): string;
  /**
   * Statements copying JS locals back into the module's state before handing `pc` back
   * (-1: everything, before a result row: the slots are then what the run resumes from).
   */
  syncOut(pc: number): string;
  /** Statements to run before the JS template of address `pc` (in a fallback block too). */
  before?(pc: number): string;
  /** Statements to run after the JS template of address `pc` (one that falls through). */
  after?(pc: number): string;
}

/**
 * The source of the function body that makes one run's `{ run, R }`: `run()` returns true at
 * each result row and false at the end, resuming where it left off. With `segments` (the
 * Wasm backend, whose module owns the control flow) it makes `{ seg, R, … }` instead.
 */
export function translate(p: CompiledProgram, segments?: SegmentLayout): Translation {
  const constants = [...p.pool];
  const flags: string[] = [];
  const views: string[] = [];
  const hoisted = new Map<number, string>();
  const starts = blockStarts(p.code);
  const native = segments?.native;
  if (native) {
    // Every native address is entered from JS by a block that hands it to the module, and
    // JS resumes after one at a block of its own.
    native.forEach((n, pc) => {
      if (!n) return;
      starts.add(pc);
      if (pc + 1 < p.code.length) starts.add(pc + 1);
    });
  }
  // Blocks are numbered densely so that the switch compiles to a jump table.
  const blockOf = new Map([...starts].sort((a, b) => a - b).map((addr, i) => [addr, i]));
  const block = (addr: number) => {
    const b = blockOf.get(addr);
    if (b === undefined) throw new Error(`jump to ${addr} is not a block start`);
    return b;
  };
  // With segments, the blocks after the fallbacks resume JS after a row made in JS.
  const rowResumes = new Map<number, number>();
  if (segments) {
    p.code.forEach((ins, pc) => {
      if (native![pc] || ins.op !== Op.ResultRow) return;
      rowResumes.set(pc, blockOf.size + segments.fallbacks.size + rowResumes.size);
    });
  }
  /** Lines of the switch: indentation level, code (may be empty) and a comment. */
  const body: [number, string, string][] = [];
  // With segments, only fusions whose three instructions all run in JS are made here (the
  // module does the others itself, backends/wasm/native.ts).
  const fusions = new Map(
    [...textCompareFusions(p, starts)].filter(([at, f]) =>
      !native || (!native[at] && !native[f.column] && !native[f.constant])
    ),
  );
  const fused = new Set([...fusions.values()].flatMap((f) => [f.column, f.constant]));
  const context = (pc: number): TemplateContext => ({
    pc,
    jump: (target) => `{ pc = ${block(target)}; continue; }`,
    halt: () => segments ? "return -1;" : "return false;",
    row: () => {
      if (!segments) return `S.pc = ${block(pc + 1)}; return true;`;
      // A row made in JS: its registers are in the JS locals, and so is everything the code
      // after it reads (no native code runs in between): nothing is copied either way, and
      // the module resumes through a block that syncs nothing.
      const b = rowResumes.get(pc)!;
      return `W.resume = ${b}; return ${-2 - b};`;
    },
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
    k: (i) => {
      let name = hoisted.get(i);
      if (name === undefined) hoisted.set(i, name = `k${i}`);
      return name;
    },
    entry: (i) => p.pool[i],
  });
  /** The statements of address `pc`: its own locals scoped, after the segments' `before`. */
  const wrap = (pc: number, stmt: string) => {
    if (stmt.includes("const ")) stmt = `{ ${stmt} }`;
    const before = segments?.before?.(pc);
    return before ? `${before} ${stmt}` : stmt;
  };
  p.code.forEach((ins, pc) => {
    // Operands go into the source as digits: they must be the compiler's integers.
    for (const x of [ins.op, ins.p1, ins.p2, ins.p3, ins.p4, ins.p5]) {
      if (!Number.isSafeInteger(x)) throw new Error(`instruction ${pc} has a non-integer operand`);
    }
    const t = context(pc);
    if (starts.has(pc)) body.push([3, `case ${block(pc)}:`, `address ${pc}`]);
    const name = OPCODES[ins.op].name;
    if (segments && native![pc]) {
      if (starts.has(pc)) {
        body.push([
          4,
          `${segments.syncOut(pc)} return ${segments.nativeId(pc)};`,
          `${pc} ${name}: native`,
        ]);
      }
      return;
    }
    if (fused.has(pc)) {
      body.push([4, "", `${pc} ${name}: fused into the comparison below`]);
      return;
    }
    let stmt = TEMPLATES[ins.op](ins, t);
    const fusion = fusions.get(pc);
    if (fusion) {
      // Both loads run only when the field is not TEXT (fuse_text_compare.ts).
      const [col, k] = [p.code[fusion.column], p.code[fusion.constant]];
      const loads = TEMPLATES[col.op](col, t) + " " + TEMPLATES[k.op](k, t);
      constants.push(fusion.bytes);
      const bytes = `K[${constants.length - 1}]`;
      const hit = ins.op === Op.Eq ? "e" : "1 - e";
      stmt = `const e = c${col.p1}.textEquals(${col.p2}, ${bytes}); ` +
        `if (e >= 0) { r${ins.p3}.v = ${hit}; r${ins.p3}.c = ${StorageClass.Integer}; } ` +
        `else { ${loads} ${stmt} }`;
    }
    const after = segments?.after?.(pc);
    body.push([
      4,
      wrap(pc, stmt) + (after ? ` ${after}` : ""),
      `${pc} ${name}${fusion ? " (text bytes)" : ""}`,
    ]);
  });
  // Fallback blocks: what a native instruction does when it declines, then back to the module.
  const fallbackBlockOf = new Map<number, number>();
  for (const [at, pcs] of segments?.fallbacks ?? []) {
    const b = blockOf.size + fallbackBlockOf.size;
    fallbackBlockOf.set(at, b);
    body.push([3, `case ${b}:`, `fallback of address ${at}`]);
    for (const pc of pcs) {
      const ins = p.code[pc];
      body.push([
        4,
        wrap(pc, TEMPLATES[ins.op](ins, context(pc))),
        `${pc} ${OPCODES[ins.op].name}`,
      ]);
    }
    body.push([4, `{ pc = ${block(pcs[pcs.length - 1] + 1)}; continue; }`, "back to the module"]);
  }
  for (const [pc, b] of rowResumes) {
    body.push([3, `case ${b}:`, `resumption after the row at ${pc}`]);
    body.push([4, `{ pc = ${block(pc + 1)}; continue; }`, ""]);
  }
  const regs = Array.from({ length: p.nRegs - 1 }, (_, i) => `r${i + 1} = R[${i + 1}]`);
  const cursors = Array.from({ length: p.nCursors }, (_, i) => `c${i}`);
  const slots = Array.from({ length: p.nSlots }, (_, i) => `s${i}`);
  const lets = [...cursors, ...slots, ...views, ...flags.map((f) => `${f} = false`)];
  const consts = [...hoisted].map(([i, name]) => `${name} = K[${i}]`);
  const declare = (keyword: string, names: string[]) =>
    names.length > 0 ? [`${keyword} ${names.join(", ")};`] : [];
  const head = [
    `"use strict";`,
    `const R = [];`,
    `for (let i = 0; i < ${p.nRegs}; i++) R.push({ v: null, c: 0 });`,
    ...declare("const", regs),
    ...declare("const", consts),
    ...declare("let", lets),
    `const S = { pc: 0 };`,
    `const OPENED = [];`,
    ...(segments
      ? [
        `function syncIn(b) { switch (b) { ${
          syncCases(segments, blockOf, fallbackBlockOf, rowResumes)
        } } }`,
        `function cur(i) { return [${cursors.join(", ")}][i]; }`,
        `function seg(pc) {`,
        `  syncIn(pc);`,
      ]
      : [`function run() {`, `  let pc = S.pc;`]),
    `  for (;;) {`,
    `    switch (pc) {`,
  ];
  const tail = [
    `      default:`,
    `        throw new RangeError("no block " + pc);`,
    `    }`,
    `  }`,
    `}`,
    segments
      ? `return { seg, R, opened: OPENED, syncIn, cur };`
      : `return { run, R, opened: OPENED };`,
  ];
  const readable = [
    ...head,
    ...body.map(([level, code, note]) =>
      "  ".repeat(level) + (code ? `${code} // ${note}` : `// ${note}`)
    ),
    ...tail,
  ].join("\n");
  const source = [...head, ...body.filter(([, code]) => code).map(([, code]) => code), ...tail]
    .map((line) => line.trim()).join("\n");
  return { source, readable, constants, blockOf, fallbackBlockOf };
}
