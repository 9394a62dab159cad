/**
 * Calls of a function on a column and constants that the generated code makes on the
 * record's bytes when the field is TEXT (UTF-8 files only), so the column is never decoded
 * whole; anything else in the field (a number, NULL, a blob, a short record, a NULL row)
 * runs the instructions as they are. The arguments are registers of the call's own
 * (compile_expr.ts), loaded by the instructions right before it:
 *
 * - `x LIKE 'literal'`, an ASCII literal with `%` at neither, one or both ends:
 *   `String8 → a; Column → a+1; Function like(a, a+1)`, tested by `likeLiteralBytes`;
 * - `substr(x, start[, count])` with integer constants `start` ≥ 1 and `count` ≥ 0:
 *   `Column → a; Integer|Int64 → a+1[; … → a+2]; Function substr`, by `substrBytes`,
 *   which decodes only the characters it returns.
 *
 * Each core routine is held to the function it stands for over edge values
 * (tests/like_literal_test.ts, tests/substr_bytes_test.ts).
 */
import { cText, utf8Length } from "../../core/functions/scalar/coerce.ts";
import {
  LIKE_PATTERN_LIMIT,
  likeFn,
  literalLike,
  type LiteralLikeBytes,
  literalLikeBytes,
} from "../../core/functions/scalar/like.ts";
import { substrFn } from "../../core/functions/scalar/text.ts";
import { StorageClass, TextEncoding } from "../../core/value/types.ts";
import type { ConstEntry, FunctionEntry } from "./descriptors.ts";
import { Op } from "./opcodes.ts";
import type { CompiledProgram } from "./program.ts";

/** A LIKE against a literal pattern, made ready for `likeLiteralBytes`. */
export interface LikeCall {
  kind: "like";
  pattern: LiteralLikeBytes;
}

/** substr with constant positions. */
export interface SubstrCall {
  kind: "substr";
  start: number;
  count: number;
}

/** One fused call: the column load, the constant loads, and what the call computes. */
export interface ColumnCallFusion {
  column: number;
  constants: number[];
  call: LikeCall | SubstrCall;
}

/** substr's count when none is given: more characters than any text holds. */
const ALL = 2 ** 31 - 1;

/** The fused calls of program `p` by the call's address (`starts`: addresses that begin blocks). */
export function columnCallFusions(
  p: CompiledProgram,
  starts: ReadonlySet<number>,
): Map<number, ColumnCallFusion> {
  const out = new Map<number, ColumnCallFusion>();
  if (p.encoding !== TextEncoding.Utf8) return out;
  p.code.forEach((ins, j) => {
    if (ins.op !== Op.Function || ins.p5 < 2 || j < ins.p5) return;
    // The argument loads run straight before the call.
    for (let at = j - ins.p5 + 1; at <= j; at++) if (starts.has(at)) return;
    const impl = (p.pool[ins.p4] as FunctionEntry).impl;
    const load = (k: number) => p.code[j - ins.p5 + k];
    const a = ins.p1;
    if (impl === likeFn && ins.p5 === 2) {
      const [k, col] = [load(0), load(1)];
      if (k.op !== Op.String8 || k.p2 !== a || col.op !== Op.Column || col.p3 !== a + 1) return;
      const value = p.pool[k.p4] as ConstEntry;
      if (value.c !== StorageClass.Text || typeof value.v !== "string") return;
      // Longer patterns are an error the call itself reports.
      if (utf8Length(value.v) > LIKE_PATTERN_LIMIT) return;
      const shape = literalLike(cText(value.v));
      if (!shape) return;
      out.set(j, {
        column: j - 1,
        constants: [j - 2],
        call: { kind: "like", pattern: literalLikeBytes(shape) },
      });
    } else if (impl === substrFn && (ins.p5 === 2 || ins.p5 === 3)) {
      const col = load(0);
      if (col.op !== Op.Column || col.p3 !== a) return;
      const ints: number[] = [];
      for (let k = 1; k < ins.p5; k++) {
        const c = load(k);
        if (c.p2 !== a + k) return;
        const v = c.op === Op.Integer
          ? c.p1
          : c.op === Op.Int64 && (p.pool[c.p4] as ConstEntry).c === StorageClass.Integer
          ? (p.pool[c.p4] as ConstEntry).v
          : null;
        // Small whole numbers only: they are written into the generated source.
        if (typeof v !== "number" || !Number.isSafeInteger(v) || Math.abs(v) > ALL) return;
        ints.push(v);
      }
      const [start, count = ALL] = ints;
      if (start < 1 || count < 0) return;
      out.set(j, {
        column: j - ins.p5,
        constants: ints.map((_, k) => j - ins.p5 + 1 + k),
        call: { kind: "substr", start, count },
      });
    }
  });
  return out;
}
