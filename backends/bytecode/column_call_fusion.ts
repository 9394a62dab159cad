/**
 * Calls of a function on a column and constants that the generated code makes on the
 * record's bytes when the field is TEXT (UTF-8 files only), so the column is never decoded
 * whole; anything else in the field (a number, NULL, a blob, a short record, a NULL row)
 * runs the instructions as they are. The arguments are registers of the call's own
 * (compile_expr.ts), loaded by the instructions right before it:
 *
 * - `x LIKE 'literal'`, an ASCII literal with `%` at neither, one or both ends:
 *   `String8 → a; Column → a+1; Function like(a, a+1)`, tested by `likeLiteralBytes`;
 * - `date(x)`, `time(x)`, `datetime(x)`: `Column → a; Function(a)`, and `strftime('fmt', x)`
 *   with a format that only copies fields: `String8 → a; Column → a+1; Function(a, a+1)`,
 *   by `dateFromBytes` (a canonical `YYYY-MM-DD HH:MM:SS` naming a real instant; any other
 *   text calls the function);
 * - `substr(x, start[, count])` with integer constants `start` ≥ 1 and `count` ≥ 0:
 *   `Column → a; Integer|Int64 → a+1[; … → a+2]; Function substr`, by `substrBytes`,
 *   which decodes only the characters it returns;
 * - `length(x)`: `Column → a; Function length(a)`, by `lengthBytes`, which counts the
 *   characters without decoding them;
 * - `lower(x)`, `upper(x)`: `Column → a; Function(a)`, by `foldedAscii` (an ASCII text of
 *   at most 64 bytes, folded and interned as it is decoded; any other text calls the
 *   function);
 * - the step of a built-in `min(x)` or `max(x)` under BINARY (no DISTINCT, ORDER BY or
 *   JSON subtype): `Column → a; AggStep(a)`, by `stepMinMaxText`, which compares the bytes
 *   with the best's and decodes only a new best.
 *
 * Two need only whether the field is NULL, which its serial type says (whatever its
 * class; a field past the record's end, which reads as the column's default, runs the
 * instructions as they are):
 * - `x IS [NOT] NULL`: `Column → a; Null → b; Is(a, b)` (either order);
 * - the step of a built-in `count(x)` (no DISTINCT or ORDER BY): `Column → a; AggStep(a)`,
 *   by `countField`.
 *
 * Each core routine is held to the function it stands for over edge values
 * (tests/like_literal_test.ts, tests/substr_bytes_test.ts, tests/date_bytes_test.ts,
 * tests/js_fast_paths_test.ts).
 */
import { cText, utf8Length } from "../../core/functions/scalar/coerce.ts";
import {
  LIKE_PATTERN_LIMIT,
  likeFn,
  literalLike,
  type LiteralLikeBytes,
  literalLikeBytes,
} from "../../core/functions/scalar/like.ts";
import { lengthFn, lowerFn, substrFn, upperFn } from "../../core/functions/scalar/text.ts";
import {
  dateFn,
  datetimeFn,
  strftimeFn,
  timeFn,
} from "../../core/functions/scalar/date_functions.ts";
import {
  DATE_LAYOUT,
  type DateLayout,
  DATETIME_LAYOUT,
  strftimeLayout,
  TIME_LAYOUT,
} from "../../core/functions/scalar/date_bytes.ts";
import { aggregateFunction } from "../../core/functions/aggregate/registry.ts";
import { MAX, MIN } from "../../core/functions/aggregate/min_max.ts";
import { COUNT } from "../../core/functions/aggregate/count.ts";
import { collationFor } from "../../core/value/collation.ts";
import { Affinity, TextEncoding } from "../../core/value/types.ts";
import { textsAsStrings } from "../../core/exec/in_list.ts";
import { encodeText } from "../../core/format/text.ts";
import {
  type AggEntry,
  type ConstEntry,
  type FunctionEntry,
  FunctionSubtype,
  type InListEntry,
} from "./descriptors.ts";
import { roleContext } from "./operand_roles.ts";
import { columnAndLoad } from "./text_compare_fusion.ts";
import { Op } from "./opcodes.ts";
import type { CompiledProgram, Insn } from "./program.ts";

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

/** date(), time(), datetime() or strftime() as a layout of the canonical text's bytes. */
export interface DateCall {
  kind: "date";
  layout: DateLayout;
}

/** length(). */
export interface LengthCall {
  kind: "length";
}

/** lower() (`upper` false) or upper(). */
export interface CaseCall {
  kind: "case";
  upper: boolean;
}

/** A min() or max() step (`sign` 1 for max, -1 for min). */
export interface MinMaxCall {
  kind: "minMax";
  sign: 1 | -1;
}

/** `x IS NULL` (`not` false) or `x IS NOT NULL`. */
export interface NullTestCall {
  kind: "nullTest";
  not: boolean;
}

/** A count(x) step. */
export interface CountCall {
  kind: "count";
}

/**
 * `column IN (constants)` (an InList whose operand is a field and whose items are all TEXT
 * constants under BINARY where the affinity leaves text as it is, or all INTEGER constants
 * where it leaves numbers as they are): tested on the field's bytes (core/exec/in_list.ts
 * inListBytes) or on a small INTEGER it holds; anything else in the field runs the loads
 * and the InList as they are.
 */
export interface InCall {
  kind: "in";
  not: boolean;
  /** The TEXT items' UTF-8 bytes, or null. */
  bytes: Uint8Array[] | null;
  /** The INTEGER items (safe integers), or null. */
  ints: number[] | null;
}

/** One fused call: the column load, the constant loads, and what the call computes. */
export interface ColumnCallFusion {
  column: number;
  constants: number[];
  call:
    | LikeCall
    | SubstrCall
    | LengthCall
    | CaseCall
    | DateCall
    | MinMaxCall
    | NullTestCall
    | CountCall
    | InCall;
}

/** The layouts of the date functions of one argument. */
const DATE_LAYOUTS = new Map<unknown, DateLayout>([
  [dateFn, DATE_LAYOUT],
  [timeFn, TIME_LAYOUT],
  [datetimeFn, DATETIME_LAYOUT],
]);

/** substr's count when none is given: more characters than any text holds. */
const ALL = 2 ** 31 - 1;

/** Affinities under which an INTEGER operand meets INTEGER items as numbers, unconverted. */
const NUMERIC_IN = new Set([Affinity.Integer, Affinity.Numeric, Affinity.Real, Affinity.Blob]);

/** The fused calls of program `p` by the call's address (`starts`: addresses that begin blocks). */
export function columnCallFusions(
  p: CompiledProgram,
  starts: ReadonlySet<number>,
): Map<number, ColumnCallFusion> {
  const out = new Map<number, ColumnCallFusion>();
  // The calls made on text bytes read UTF-8 only.
  const utf8 = p.encoding === TextEncoding.Utf8;
  p.code.forEach((ins, j) => {
    if (ins.op === Op.Is) {
      const loads = columnAndLoad(p, starts, j, Op.Null);
      // The Null sets one register (P2 to P3).
      if (!loads || p.code[loads[1]].p3 !== p.code[loads[1]].p2) return;
      const [column, nul] = loads;
      out.set(j, { column, constants: [nul], call: { kind: "nullTest", not: ins.p5 === 1 } });
      return;
    }
    if (ins.op === Op.AggStep) {
      const call = aggregateStep(p, ins);
      const col = p.code[j - 1];
      if (call?.kind === "minMax" && !utf8) return;
      if (call && !starts.has(j) && col?.op === Op.Column && col.p3 === ins.p2) {
        out.set(j, { column: j - 1, constants: [], call });
      }
      return;
    }
    // An InList reads its operand and items from registers of its own (compile_expr.ts
    // `inList`), loaded straight before it like a call's arguments.
    const list = ins.op === Op.InList ? p.pool[ins.p4] as InListEntry : null;
    const n = list ? list.n + 1 : ins.p5;
    if ((ins.op !== Op.Function && !list) || n < 1 || j < n || !utf8) return;
    // The argument loads run straight before the call.
    for (let at = j - n + 1; at <= j; at++) if (starts.has(at)) return;
    const entry = p.pool[ins.p4] as FunctionEntry, impl = entry.impl, first = j - n;
    /** Whether argument `k` is loaded by the column read the fusion takes. */
    const column = (k: number) =>
      p.code[first + k].op === Op.Column && p.code[first + k].p3 === ins.p1 + k;
    /** Argument `k`'s value when a constant loads it (String8, Integer, Int64), else undefined. */
    const constant = (k: number) => {
      const c = p.code[first + k];
      if (c.p2 !== ins.p1 + k) return undefined;
      if (c.op === Op.Integer) return c.p1;
      const v = p.pool[c.p4] as ConstEntry;
      return c.op === Op.String8 || c.op === Op.Int64 ? v.v : undefined;
    };
    let call: ColumnCallFusion["call"] | null = null;
    if (list) {
      const items = Array.from({ length: n - 1 }, (_, k) => constant(k + 1));
      const text = textsAsStrings(list.aff, list.coll);
      if (!column(0)) return;
      if (text && items.every((v) => typeof v === "string")) {
        const bytes = items.map((v) => encodeText(v as string, TextEncoding.Utf8));
        call = { kind: "in", not: list.not, bytes, ints: null };
      } else if (!text && NUMERIC_IN.has(list.aff) && items.every(Number.isSafeInteger)) {
        call = { kind: "in", not: list.not, bytes: null, ints: items as number[] };
      }
    } else if (impl === likeFn && n === 2 && column(1)) {
      const pattern = constant(0);
      // Longer patterns are an error the call itself reports.
      const shape = typeof pattern === "string" && utf8Length(pattern) <= LIKE_PATTERN_LIMIT &&
        literalLike(cText(pattern));
      if (shape) call = { kind: "like", pattern: literalLikeBytes(shape) };
    } else if (impl === strftimeFn && n === 2 && column(1)) {
      const format = constant(0);
      const layout = typeof format === "string" && strftimeLayout(format);
      if (layout) call = { kind: "date", layout };
    } else if (DATE_LAYOUTS.has(impl) && n === 1 && column(0)) {
      call = { kind: "date", layout: DATE_LAYOUTS.get(impl)! };
    } else if (impl === lengthFn && n === 1 && column(0)) {
      call = { kind: "length" };
    } else if (
      (impl === lowerFn || impl === upperFn) && n === 1 && column(0) &&
      entry.subtype === FunctionSubtype.None
    ) {
      call = { kind: "case", upper: impl === upperFn };
    } else if (impl === substrFn && n > 1 && column(0)) {
      const start = constant(1), count = n === 3 ? constant(2) : ALL;
      // Small whole numbers only: they are written into the generated source.
      const whole = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) <= ALL;
      if (whole(start) && whole(count) && start >= 1 && count >= 0) {
        call = { kind: "substr", start, count };
      }
    }
    if (!call) return;
    const loads = Array.from({ length: n }, (_, k) => first + k);
    const at = loads.find((x) => p.code[x].op === Op.Column)!;
    out.set(j, { column: at, constants: loads.filter((x) => x !== at), call });
  });
  return out;
}

/** The step `ins` (AggStep) as a fusable min()/max() or count() call, or null. */
function aggregateStep(p: CompiledProgram, ins: Insn): MinMaxCall | CountCall | null {
  const spec = (roleContext(p).slotEntry(ins.p1) as AggEntry).calls[ins.p3];
  if (spec.fn || spec.argc !== 1 || spec.distinct || spec.orderBy.length) return null;
  const fn = aggregateFunction(spec.name, 1);
  if (fn === COUNT) return { kind: "count" };
  if (spec.keepsJsonSubtype || collationFor(spec.collation, p.encoding)?.name !== "BINARY") {
    return null;
  }
  return fn === MAX
    ? { kind: "minMax", sign: 1 }
    : fn === MIN
    ? { kind: "minMax", sign: -1 }
    : null;
}
