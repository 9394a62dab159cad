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
import { Op, OPCODES } from "../interpreter/opcodes.ts";
import type { CompiledProgram, Insn } from "../interpreter/program.ts";
import { type TemplateContext, TEMPLATES } from "./templates.ts";
import { StorageClass } from "../../core/value/types.ts";
import { textCompareFusions } from "./fuse_text_compare.ts";

/** The parameters of the generated function, in order. */
export const GENERATED_PARAMS = ["K", "RT", "FILE", "ENC", "P", "CTX"] as const;

/** Addresses where a block starts: the entry, jump targets, resumption after a row. */
function blockStarts(code: readonly Insn[]): Set<number> {
  const starts = new Set<number>([0]);
  code.forEach((ins, pc) => {
    if (OPCODES[ins.op].jump) starts.add(ins.p2);
    if (ins.op === Op.ResultRow) starts.add(pc + 1);
  });
  return starts;
}

/** A generated function body and the constants it receives as `K`. */
export interface Translation {
  /** The body as compiled: no comments, no indentation (Deno keeps every dynamic source). */
  source: string;
  /** The same body laid out and commented, for `explain()`. */
  readable: string;
  /** The program's pool, then the constants the translation added. */
  constants: unknown[];
}

/** The source of the function body that makes one run's `{ run, R }`. */
export function translate(p: CompiledProgram): Translation {
  const constants = [...p.pool];
  const flags: string[] = [];
  const views: string[] = [];
  const hoisted = new Map<number, string>();
  const starts = blockStarts(p.code);
  // Blocks are numbered densely so that the switch compiles to a jump table.
  const blockOf = new Map([...starts].sort((a, b) => a - b).map((addr, i) => [addr, i]));
  const block = (addr: number) => {
    const b = blockOf.get(addr);
    if (b === undefined) throw new Error(`jump to ${addr} is not a block start`);
    return b;
  };
  /** Lines of the switch: indentation level, code (may be empty) and a comment. */
  const body: [number, string, string][] = [];
  const fusions = textCompareFusions(p, starts);
  const fused = new Set([...fusions.values()].flatMap((f) => [f.column, f.constant]));
  p.code.forEach((ins, pc) => {
    // Operands go into the source as digits: they must be the compiler's integers.
    for (const x of [ins.op, ins.p1, ins.p2, ins.p3, ins.p4, ins.p5]) {
      if (!Number.isSafeInteger(x)) throw new Error(`instruction ${pc} has a non-integer operand`);
    }
    const t: TemplateContext = {
      pc,
      jump: (target) => `{ pc = ${block(target)}; continue; }`,
      resume: () => block(pc + 1),
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
    };
    if (starts.has(pc)) body.push([3, `case ${block(pc)}:`, `address ${pc}`]);
    const name = OPCODES[ins.op].name;
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
    if (stmt.includes("const ")) stmt = `{ ${stmt} }`;
    body.push([4, stmt, `${pc} ${name}${fusion ? " (text bytes)" : ""}`]);
  });
  const regs = Array.from({ length: p.nRegs - 1 }, (_, i) => `r${i + 1} = R[${i + 1}]`);
  const cursors = Array.from({ length: p.nCursors }, (_, i) => `c${i}`);
  const slots = Array.from({ length: p.nSlots }, (_, i) => `s${i}`);
  const lets = [...cursors, ...slots, ...views, ...flags.map((f) => `${f} = false`)];
  const consts = [...hoisted].map(([i, name]) => `${name} = K[${i}]`);
  const head = [
    `"use strict";`,
    `const R = [];`,
    `for (let i = 0; i < ${p.nRegs}; i++) R.push({ v: null, c: 0 });`,
    ...(regs.length > 0 ? [`const ${regs.join(", ")};`] : []),
    ...(consts.length > 0 ? [`const ${consts.join(", ")};`] : []),
    ...(lets.length > 0 ? [`let ${lets.join(", ")};`] : []),
    `const S = { pc: 0 };`,
    `const OPENED = [];`,
    `function run() {`,
    `  let pc = S.pc;`,
    `  for (;;) {`,
    `    switch (pc) {`,
  ];
  const tail = [
    `      default:`,
    `        throw new RangeError("no block " + pc);`,
    `    }`,
    `  }`,
    `}`,
    `return { run, R, opened: OPENED };`,
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
  return { source, readable, constants };
}
