/**
 * The operand roles of the opcode table (backends/bytecode/opcode_spec.ts, evaluated by
 * operand_roles.ts) against what the code of each instruction touches, over the programs
 * of a corpus of statements that uses every opcode (tests/support/opcode_corpus.ts):
 *
 * - statically, the registers, cursors and slots an instruction's JS template names
 *   (`r7`, `c2`, `s1`, a view's first register: what backends/wasm/plan/sync.ts used to
 *   read off the text) are among its declared ones;
 * - dynamically, running the JS translation of each program with every register
 *   instrumented, each instruction reads (before writing) only registers it declares
 *   reading and writes only registers it declares writing; and what it declares, it does
 *   touch on some run (unless its opcode is listed as touching them on some paths only);
 * - declared roles stay within the program's registers, cursors and slots, and every
 *   register some instruction reads is written by some instruction.
 */
import assert from "node:assert/strict";
import { Database } from "../mod.ts";
import type { Backend, Execution, Program } from "../core/backend.ts";
import type { DatabaseFile } from "../core/database_file.ts";
import { newFunctionContext } from "../core/functions/context.ts";
import type { Plan } from "../core/plan/plan.ts";
import type { BtreeCursor } from "../core/format/cursor.ts";
import { copiedRegs, type Reg } from "../core/value/reg.ts";
import { compilePlan } from "../backends/bytecode/compile.ts";
import { explainRows, explainText } from "../backends/bytecode/explain.ts";
import { Op, OPCODES } from "../backends/bytecode/opcodes.ts";
import {
  type OperandRoles,
  operandRoles,
  registerAccess,
  roleContext,
} from "../backends/bytecode/operand_roles.ts";
import { blockStarts, type CompiledProgram } from "../backends/bytecode/program.ts";
import { columnCallFusions } from "../backends/bytecode/column_call_fusion.ts";
import { textCompareFusions } from "../backends/bytecode/text_compare_fusion.ts";
import { closeCursors } from "../backends/bytecode/vm_objects.ts";
import { factoryFor } from "../backends/js-codegen/factory.ts";
import { RUNTIME } from "../backends/js-codegen/runtime.ts";
import { type TemplateContext, TEMPLATES } from "../backends/js-codegen/templates.ts";
import { type BlockNumbers, sortKeyTests, translate } from "../backends/js-codegen/translate.ts";
import { OPCODE_CORPUS, OPCODE_CORPUS_PARAMS, withCorpusDb } from "./support/opcode_corpus.ts";

/** Opcodes the compiler never emits (none today): the corpus cannot cover them. */
const NOT_PRODUCED = new Set<Op>([]);

/**
 * Opcodes whose declared registers are touched on some paths only, so a run may leave
 * some untouched: the tightness check (declared ⊆ touched on some run) skips them.
 */
const SOME_PATHS: ReadonlyMap<Op, string> = new Map([
  [Op.Affinity, "rewrites only values of a class the affinity changes"],
  [Op.ClrSubtype, "clears the JSON subtype kept beside the register (the check sees v and c)"],
  [Op.InList, "reads the list items up to the first match (none for a NULL operand)"],
  ...[Op.IdxGT, Op.IdxGE, Op.IdxLT, Op.IdxLE].map((op): [Op, string] => [
    op,
    "in generated code, reads the key's later fields only when the entry's first field equals the first",
  ]),
]);

/** A compiled corpus statement, with what its runs touched. */
interface Probed {
  sql: string;
  p: CompiledProgram;
  /** Per address: registers read before written, and written, on some run. */
  reads: Set<number>[];
  writes: Set<number>[];
  /** Per address: how many times it ran. */
  runs: number[];
  /** What an instruction touched outside its declared roles. */
  wrong: string[];
}

/** Attributes register accesses to the instruction running (`at` is called before each). */
class Tracker {
  #probe: Probed | null = null;
  #pc = -1;
  #written = new Set<number>();
  #allowed: { reads: Set<number>; writes: Set<number> }[] = [];

  watch(probe: Probed, allowed: { reads: Set<number>; writes: Set<number> }[]): void {
    this.#probe = probe;
    this.#allowed = allowed;
    this.#pc = -1;
  }

  at(pc: number): void {
    this.#pc = pc;
    this.#written.clear();
    if (pc >= 0) this.#probe!.runs[pc]++;
  }

  read(r: number): void {
    const pc = this.#pc;
    if (pc < 0 || this.#written.has(r)) return;
    this.#probe!.reads[pc].add(r);
    if (!this.#allowed[pc].reads.has(r)) this.#wrong(pc, `reads r${r}`);
  }

  write(r: number): void {
    const pc = this.#pc;
    if (pc < 0) return;
    this.#written.add(r);
    this.#probe!.writes[pc].add(r);
    if (!this.#allowed[pc].writes.has(r)) this.#wrong(pc, `writes r${r}`);
  }

  #wrong(pc: number, what: string): void {
    const p = this.#probe!;
    const line = `${p.sql}\n  ${pc} ${OPCODES[p.p.code[pc].op].name} ${what}`;
    if (!p.wrong.includes(line)) p.wrong.push(line);
  }
}

/** Makes register `r` report its reads and writes (in place: the locals are the same object). */
function instrument(reg: Reg, r: number, tracker: Tracker): void {
  let v = reg.v, c = reg.c;
  Object.defineProperty(reg, "v", {
    get: () => (tracker.read(r), v),
    set: (x) => (tracker.write(r), v = x),
  });
  Object.defineProperty(reg, "c", {
    get: () => (tracker.read(r), c),
    set: (x) => (tracker.write(r), c = x),
  });
}

/**
 * A program translated as the JS backend does, with `W.at(pc)` before each instruction's
 * statements: what an instruction touches is what happens between two of them (a fused
 * text comparison runs its column and constant loads inside the comparison's statements).
 */
class ProbeProgram implements Program {
  readonly #probe: Probed;
  readonly #tracker: Tracker;
  readonly #source: string;
  readonly #constants: unknown[];
  readonly #allowed: { reads: Set<number>; writes: Set<number> }[];

  constructor(probe: Probed, tracker: Tracker) {
    this.#probe = probe;
    this.#tracker = tracker;
    const p = probe.p;
    let numbers: BlockNumbers | null = null;
    const t = translate(p, {
      numbered: (n) => numbers = n,
      row: (pc) => `S.pc = ${numbers!.blockOf.get(pc + 1)}; return true;`,
      halt: () => "return false;",
      entry: () => [`function run() {`, `  let pc = S.pc;`],
      result: () => `return { run, R, opened: OPENED };`,
      before: (pc) => `W.at(${pc});`,
    });
    this.#source = t.source;
    this.#constants = t.constants;
    const roles = p.code.map((ins) => operandRoles(ins, p));
    const allowed = roles.map((r) => ({ reads: new Set(r.reads), writes: new Set(r.writes) }));
    const starts = blockStarts(p.code);
    const fusedLoads = [
      ...[...textCompareFusions(p, starts, true)].map(([at, f]) => [at, [f.column, f.constant]]),
      ...[...columnCallFusions(p, starts)].map(([at, f]) => [at, [f.column, ...f.constants]]),
    ] as [number, number[]][];
    // A sort's first-key test runs the key's reader (and a call's loads) inside it.
    const calls = columnCallFusions(p, starts);
    for (const [at, writer] of sortKeyTests(p, starts, calls)) {
      const call = calls.get(writer);
      fusedLoads.push([at, [writer, ...call ? [call.column, ...call.constants] : []]]);
    }
    for (const [at, loads] of fusedLoads) {
      for (const load of loads) for (const r of roles[load].writes) allowed[at].writes.add(r);
    }
    this.#allowed = allowed;
  }

  start(params: readonly Reg[]): Execution {
    const p = this.#probe.p, tracker = this.#tracker;
    const factory = factoryFor<{ run(): boolean; R: Reg[]; opened: BtreeCursor[] }>(
      this.#source,
    );
    const instance = factory(
      this.#constants,
      RUNTIME,
      p.file,
      p.encoding,
      copiedRegs(params, p.nParams),
      newFunctionContext(p.encoding),
      tracker,
    );
    instance.R.forEach((reg, r) => instrument(reg, r, tracker));
    const probe = this.#probe, allowed = this.#allowed;
    return {
      row: instance.R.slice(p.resultStart, p.resultStart + p.resultCount),
      step() {
        // The caller reads a row's registers before the next step: ResultRow's reads.
        tracker.watch(probe, allowed);
        return instance.run();
      },
      close: () => closeCursors(instance.opened),
    };
  }

  explainRows() {
    return explainRows(this.#probe.p);
  }

  explainText(): string {
    return explainText(this.#probe.p);
  }
}

/** Compiles and runs every corpus statement through {@link ProbeProgram}s. */
function probeCorpus(): Probed[] {
  const probed: Probed[] = [];
  const tracker = new Tracker();
  let sql = "";
  const backend: Backend = {
    name: "js",
    compile(plan: Plan, file: DatabaseFile): Program {
      // As the JS backend compiles (the first key of a LIMITed sort tested alone too).
      const p = compilePlan(plan, file);
      const probe: Probed = {
        sql,
        p,
        reads: p.code.map(() => new Set()),
        writes: p.code.map(() => new Set()),
        runs: p.code.map(() => 0),
        wrong: [],
      };
      probed.push(probe);
      return new ProbeProgram(probe, tracker);
    },
  };
  withCorpusDb((path) => {
    const db = new Database(path, { backend });
    try {
      for (sql of OPCODE_CORPUS) {
        const n = (sql.match(/\?/g) ?? []).length;
        db.prepare(sql).all(...OPCODE_CORPUS_PARAMS.slice(0, n));
      }
    } finally {
      db.close();
    }
  });
  return probed;
}

const PROBED = probeCorpus();

/** `name` of the instruction at `pc` of `probe`, for messages. */
function where(probe: Probed, pc: number): string {
  return `${probe.sql}\n  ${pc} ${OPCODES[probe.p.code[pc].op].name}`;
}

Deno.test("opcode roles: every opcode declares its roles", () => {
  for (const [op, spec] of Object.entries(OPCODES)) {
    assert.equal(typeof spec.roles, "object", `${spec.name} (${op}) has no roles`);
    if (spec.roles.opens) assert.ok(spec.roles.slots?.length, `${spec.name} opens no slot`);
  }
});

Deno.test("opcode roles: the corpus uses every opcode the compiler emits", () => {
  const seen = new Set(PROBED.flatMap((x) => x.p.code.map((ins) => ins.op)));
  const missing = Object.keys(OPCODES).map(Number).filter((op) =>
    !seen.has(op) && !NOT_PRODUCED.has(op)
  );
  assert.deepEqual(missing.map((op) => OPCODES[op as Op].name), []);
  for (const op of NOT_PRODUCED) assert.ok(!seen.has(op), `${OPCODES[op].name} is produced`);
});

Deno.test("opcode roles: within the program's registers, cursors and slots", () => {
  for (const x of PROBED) {
    const { p } = x;
    p.code.forEach((ins, pc) => {
      const roles = operandRoles(ins, p);
      for (const r of [...roles.reads, ...roles.writes]) {
        assert.ok(r >= 0 && r < p.nRegs, `${where(x, pc)}: r${r} of ${p.nRegs}`);
      }
      for (const c of roles.cursors) assert.ok(c >= 0 && c < p.nCursors, `${where(x, pc)}: c${c}`);
      for (const s of roles.slots) assert.ok(s >= 0 && s < p.nSlots, `${where(x, pc)}: s${s}`);
    });
  }
});

/** What the JS template of `pc` names: registers, cursors, slots, views' first registers. */
function named(p: CompiledProgram, pc: number) {
  const views: number[] = [];
  const t: TemplateContext = {
    pc,
    jump: () => ";",
    halt: () => ";",
    row: () => ";",
    view: (start, n) => {
      // A view of a width known only at run time (a slot's) is left to the run-time check.
      if (/^\d+$/.test(n) && n !== "0") views.push(start);
      return "V";
    },
    flag: () => "F",
    k: (i) => `k${i}`,
    entry: (i) => p.pool[i],
    slotEntry: (slot) => roleContext(p).slotEntry(slot),
    aggState: (slot, i) => `s${slot}.current.states[${i}]`,
  };
  const text = TEMPLATES[p.code[pc].op](p.code[pc], t);
  const numbers = (re: RegExp) => [...text.matchAll(re)].map((m) => Number(m[1]));
  return {
    regs: [...numbers(/\br(\d+)\b/g), ...views],
    cursors: numbers(/\bc(\d+)\b/g),
    slots: numbers(/\bs(\d+)\b/g),
  };
}

Deno.test("opcode roles: the JS templates name only declared registers, cursors and slots", () => {
  const bad: string[] = [];
  for (const x of PROBED) {
    x.p.code.forEach((ins, pc) => {
      const roles: OperandRoles = operandRoles(ins, x.p);
      const got = named(x.p, pc);
      const declared = new Set([...roles.reads, ...roles.writes]);
      for (const r of got.regs) if (!declared.has(r)) bad.push(`${where(x, pc)}: r${r}`);
      for (const c of got.cursors) {
        if (!roles.cursors.includes(c)) bad.push(`${where(x, pc)}: c${c}`);
      }
      for (const s of got.slots) if (!roles.slots.includes(s)) bad.push(`${where(x, pc)}: s${s}`);
    });
  }
  assert.deepEqual(bad.slice(0, 10), []);
});

Deno.test("opcode roles: running, instructions touch only the registers they declare", () => {
  const wrong = PROBED.flatMap((x) => x.wrong);
  assert.deepEqual(wrong.slice(0, 10), []);
  const ran = PROBED.reduce((n, x) => n + x.runs.reduce((a, b) => a + b, 0), 0);
  // (Loads fused into the instruction that uses them do not run on their own.)
  assert.ok(ran > 90_000, `only ${ran} instructions ran`);
});

Deno.test("opcode roles: running, instructions touch what they declare (on some run)", () => {
  const loose: string[] = [];
  for (const x of PROBED) {
    // A fused text comparison's or call's operands are written by the loads fused into it.
    const starts = blockStarts(x.p.code);
    const fused = new Set([
      ...textCompareFusions(x.p, starts, true).keys(),
      ...columnCallFusions(x.p, starts).keys(),
      // (A first-key test compares the key's bytes, and reads its register only if not.)
      ...sortKeyTests(x.p, starts, columnCallFusions(x.p, starts)).keys(),
    ]);
    x.p.code.forEach((ins, pc) => {
      if (x.runs[pc] === 0 || SOME_PATHS.has(ins.op) || fused.has(pc)) return;
      const roles = operandRoles(ins, x.p);
      const untouched = [
        ...roles.reads.filter((r) => !x.reads[pc].has(r)).map((r) => `reads r${r}`),
        ...roles.writes.filter((r) => !x.writes[pc].has(r)).map((r) => `writes r${r}`),
      ];
      if (untouched.length > 0) loose.push(`${where(x, pc)}: never ${untouched.join(", ")}`);
    });
  }
  assert.deepEqual(loose, []);
});

Deno.test("opcode roles: every register read is written somewhere (registerAccess)", () => {
  for (const x of PROBED) {
    const { readers, writers } = registerAccess(x.p);
    readers.forEach((pcs, r) => {
      if (pcs.length > 0) {
        assert.ok(writers[r].length > 0, `${x.sql}: r${r} read at ${pcs}, never written`);
      }
    });
    // The same facts as the instructions' own roles.
    x.p.code.forEach((ins, pc) => {
      const roles = operandRoles(ins, x.p);
      for (const r of roles.reads) assert.ok(readers[r].includes(pc));
      for (const r of roles.writes) assert.ok(writers[r].includes(pc));
    });
  }
});
