/**
 * EXPLAIN: the program as SQLite lists it — `addr, opcode, p1, p2, p3, p4, p5, comment` —
 * with P4 rendered from the constant pool and the comment from the opcode's synopsis
 * (operands substituted) or the compiler's note. As in SQLite (vdbeaux.c
 * sqlite3VdbeDisplayComment), P4 in a synopsis stands for P4 as the p4 column shows it:
 * `String8 … r[2]='Brazil'`, not the constant's index in the pool.
 */
import type { SqlValue } from "../../core/value/types.ts";
import { EXPLAIN_COLUMNS } from "../../core/backend.ts";
import { OPCODES } from "./opcodes.ts";
import type { CompiledProgram, Insn } from "./program.ts";

function p4Text(p: CompiledProgram, insn: Insn): SqlValue {
  const kind = OPCODES[insn.op].p4;
  if (kind === "none") return null;
  if (kind === "count") return insn.p4;
  if (insn.p4 < 0) return null;
  const entry = p.pool[insn.p4] as { explain?: string } | undefined;
  return entry?.explain ?? null;
}

function comment(insn: Insn, p4: SqlValue): string {
  const text = OPCODES[insn.op].synopsis.replace(
    /P([1-5])/g,
    (_, n: "1" | "2" | "3" | "4" | "5") => n === "4" ? String(p4 ?? "") : String(insn[`p${n}`]),
  );
  if (insn.comment === "") return text;
  return text === "" ? insn.comment : `${text} ${insn.comment}`;
}

/** EXPLAIN's rows for a program. */
export function explainRows(p: CompiledProgram): SqlValue[][] {
  return p.code.map((insn, addr) => {
    const p4 = p4Text(p, insn);
    return [addr, OPCODES[insn.op].name, insn.p1, insn.p2, insn.p3, p4, insn.p5, comment(insn, p4)];
  });
}

/** The program as an aligned listing. */
export function explainText(p: CompiledProgram): string {
  const rows = explainRows(p).map((r) => r.map((v) => (v === null ? "" : String(v))));
  const header = EXPLAIN_COLUMNS;
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r: string[]) =>
    r.map((v, i) => (i === r.length - 1 ? v : v.padEnd(widths[i]))).join("  ").trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join(
    "\n",
  );
}
