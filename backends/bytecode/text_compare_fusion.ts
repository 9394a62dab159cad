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
import type { CompareEntry, ConstEntry, InListEntry } from "./descriptors.ts";
import { textsAsStrings } from "../../core/exec/in_list.ts";
import { registerAccess } from "./operand_roles.ts";
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
    if (ins.op < Op.Eq || ins.op > last || ins.p5 !== 1 || j < 2) return;
    if (starts.has(j) || starts.has(j - 1)) return;
    const k = p.pool[ins.p4] as CompareEntry;
    if (k.coll.name !== "BINARY" || (k.aff !== Affinity.Text && k.aff !== Affinity.Blob)) return;
    const pair = [j - 2, j - 1];
    const column = pair.find((at) => p.code[at].op === Op.Column);
    const constant = pair.find((at) => p.code[at].op === Op.String8);
    if (column === undefined || constant === undefined) return;
    const a = p.code[column].p3, b = p.code[constant].p2;
    if (a === b || !((a === ins.p1 && b === ins.p2) || (a === ins.p2 && b === ins.p1))) return;
    const value = p.pool[p.code[constant].p4] as ConstEntry;
    if (value.c !== StorageClass.Text || typeof value.v !== "string") return;
    out.set(j, { column, constant, bytes: encodeText(value.v, p.encoding) });
  });
  return out;
}

/** One fused IN test: the InList's column load, its constants' loads and their values. */
export interface InListFusion {
  column: number;
  constants: number[];
  /** TEXT constants: their bytes in the file's encoding (UTF-8), in list order. */
  bytes: Uint8Array[] | null;
  /** INTEGER constants (safe integers): their values. */
  ints: number[] | null;
}

/** The longest list of constants an IN test is fused with. */
const FUSED_LIST_MAX = 32;

/** Affinities under which an INTEGER operand meets INTEGER items as numbers, unconverted. */
const NUMERIC_IN = new Set([Affinity.Integer, Affinity.Numeric, Affinity.Real, Affinity.Blob]);

/**
 * `column IN (constants)`: the instructions `Column → x; load → y1 … load → yn; InList x
 * y1@n` become one test of the record's field, never decoded into a register: TEXT
 * constants under BINARY, where the affinity leaves text as it is, against the field's
 * bytes (core/exec/in_list.ts inListBytes), as {@link textCompareFusions} does for `=`
 * (UTF-8 files only); INTEGER constants, where the affinity leaves numbers as they are,
 * against a field holding a small INTEGER (anything else in the field runs the loads and
 * the InList as they are). The loads must be the InList's alone (no other instruction
 * reads their registers), and no jump may land among them.
 */
export function inListFusions(
  p: CompiledProgram,
  starts: ReadonlySet<number>,
): Map<number, InListFusion> {
  const out = new Map<number, InListFusion>();
  let readers: readonly (readonly number[])[] | null = null;
  p.code.forEach((ins, j) => {
    if (ins.op !== Op.InList) return;
    const k = p.pool[ins.p4] as InListEntry, n = k.n, column = j - n - 1;
    if (n < 1 || n > FUSED_LIST_MAX || column < 0) return;
    const text = textsAsStrings(k.aff, k.coll) && p.encoding === TextEncoding.Utf8;
    if (!text && !NUMERIC_IN.has(k.aff)) return;
    const load = p.code[column];
    if (load.op !== Op.Column || load.p3 !== ins.p1) return;
    const constants: number[] = [], bytes: Uint8Array[] = [], ints: number[] = [];
    for (let i = 0; i < n; i++) {
      const at = column + 1 + i, c = p.code[at];
      if (c.p2 !== ins.p2 + i) return;
      if (text && c.op === Op.String8) {
        const value = p.pool[c.p4] as ConstEntry;
        if (value.c !== StorageClass.Text || typeof value.v !== "string") return;
        bytes.push(encodeText(value.v, p.encoding));
      } else if (!text && (c.op === Op.Int64 || c.op === Op.Integer)) {
        const v = c.op === Op.Integer ? c.p1 : (p.pool[c.p4] as ConstEntry).v;
        if (typeof v !== "number" || !Number.isSafeInteger(v)) return;
        ints.push(v);
      } else return;
      constants.push(at);
    }
    for (let at = column + 1; at <= j; at++) if (starts.has(at)) return;
    readers ??= registerAccess(p).readers;
    const regs = [ins.p1, ...Array.from({ length: n }, (_, i) => ins.p2 + i)];
    if (!regs.every((r) => readers![r].length === 1 && readers![r][0] === j)) return;
    out.set(j, { column, constants, bytes: text ? bytes : null, ints: text ? null : ints });
  });
  return out;
}
