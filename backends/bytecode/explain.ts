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
import type { CompiledProgram } from "./program.ts";

/** EXPLAIN's rows for a program. */
export function explainRows(p: CompiledProgram): SqlValue[][] {
  return p.code.map((insn, addr) => {
    const op = OPCODES[insn.op];
    const p4: SqlValue = op.p4 === "count"
      ? insn.p4
      : op.p4 !== "none" && insn.p4 >= 0
      ? (p.pool[insn.p4] as { explain?: string } | undefined)?.explain ?? null
      : null;
    const text = op.synopsis.replace(
      /P([1-5])/g,
      (_, n: "1" | "2" | "3" | "4" | "5") => n === "4" ? String(p4 ?? "") : String(insn[`p${n}`]),
    );
    const comment = [text, insn.comment].filter((x) => x !== "").join(" ");
    return [addr, op.name, insn.p1, insn.p2, insn.p3, p4, insn.p5, comment];
  });
}

/** The program as an aligned listing. */
export function explainText(p: CompiledProgram): string {
  const rows = explainRows(p).map((r) => r.map((v) => (v === null ? "" : String(v))));
  const header = EXPLAIN_COLUMNS;
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  // (The last column's padding goes with the trailing spaces.)
  const line = (r: string[]) => r.map((v, i) => v.padEnd(widths[i])).join("  ").trimEnd();
  return [header, widths.map((w) => "-".repeat(w)), ...rows].map(line).join("\n");
}
