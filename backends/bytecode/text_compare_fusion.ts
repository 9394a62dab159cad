/**
 * A column tested against a TEXT constant under BINARY, where the comparison's affinity
 * leaves text as it is (TEXT or BLOB): the instructions `Column → a; String8 → b; Eq a b`
 * (either order, operands marked temporaries by the compiler) become one test of the
 * record's bytes against the constant's UTF-8 bytes, so the column is never decoded into a
 * string. Anything else in the field (a number, NULL, a short record, a NULL row) runs the
 * three instructions as they are. Only for UTF-8 files: there decoding is lossless
 * (ill-formed bytes decode to escapes that encode back), so two texts are equal exactly
 * when their bytes are, and BINARY orders them as their bytes (core/value/collation.ts),
 * as SQLite's memcmp does. `=`/`!=` always; `<`, `<=`, `>`, `>=` when asked for.
 */
import { encodeText } from "../../core/format/text.ts";
import { Affinity, StorageClass, TextEncoding } from "../../core/value/types.ts";
import type { CompareEntry, ConstEntry } from "./descriptors.ts";
import { Op } from "./opcodes.ts";
import type { CompiledProgram } from "./program.ts";

/** One fused test: the compare's address and what it reads. */
export interface TextCompareFusion {
  column: number;
  constant: number;
  /** The constant's bytes in the file's encoding. */
  bytes: Uint8Array;
}

/**
 * The fusions of program `p` by compare address (`starts`: addresses that begin blocks);
 * with `ordering`, of `<`, `<=`, `>` and `>=` too.
 */
export function textCompareFusions(
  p: CompiledProgram,
  starts: ReadonlySet<number>,
  ordering = false,
): Map<number, TextCompareFusion> {
  const last = ordering ? Op.Ge : Op.Ne;
  const out = new Map<number, TextCompareFusion>();
  if (p.encoding !== TextEncoding.Utf8) return out;
  p.code.forEach((ins, j) => {
    if (ins.op < Op.Eq || ins.op > last || ins.p5 !== 1) return;
    const k = p.pool[ins.p4] as CompareEntry;
    if (k.coll.name !== "BINARY" || (k.aff !== Affinity.Text && k.aff !== Affinity.Blob)) return;
    const loads = columnAndLoad(p, starts, j, Op.String8);
    if (!loads) return;
    const [column, constant] = loads;
    const value = p.pool[p.code[constant].p4] as ConstEntry;
    if (value.c !== StorageClass.Text || typeof value.v !== "string") return;
    out.set(j, { column, constant, bytes: encodeText(value.v, p.encoding) });
  });
  return out;
}

/**
 * The two instructions straight before the two-operand instruction at `j` when they are a
 * Column and an `op` (in either order) loading its two operands, P1 and P2, one each, and
 * all three run in one block (neither `j` nor `j - 1` starts one): their addresses, the
 * Column's first; else null.
 */
export function columnAndLoad(
  p: CompiledProgram,
  starts: ReadonlySet<number>,
  j: number,
  op: Op,
): [column: number, load: number] | null {
  const ins = p.code[j];
  if (j < 2 || starts.has(j) || starts.has(j - 1)) return null;
  const pair = [j - 2, j - 1];
  const column = pair.find((at) => p.code[at].op === Op.Column);
  const load = pair.find((at) => p.code[at].op === op);
  if (column === undefined || load === undefined) return null;
  const a = p.code[column].p3, b = p.code[load].p2;
  if (a === b || !((a === ins.p1 && b === ins.p2) || (a === ins.p2 && b === ins.p1))) return null;
  return [column, load];
}
