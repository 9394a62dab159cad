/**
 * What litejit says about its build: `sqlite_source_id()` and the compile options of
 * `sqlite_compileoption_used()` / `sqlite_compileoption_get()`.
 *
 * The options claimed are the SQLite build settings litejit's behaviour matches: column
 * metadata in `columns()`, SQLite's default limits on text length, function arguments and
 * parameters, and soundex(). Options of features litejit lacks (FTS, R-Tree, ...) are not
 * claimed, and neither is ENABLE_MATH_FUNCTIONS, which is a per-connection choice here.
 */
import type { FunctionContext } from "../context.ts";
import { type Reg, setInt, setNull, setText } from "../../value/reg.ts";
import { Max } from "../../sql/parse_support.ts";
import { cText, int64Of, textOf, toInt32 } from "./coerce.ts";
import { isIdChar } from "../../sql/lexer.ts";
import { MAX_TEXT_LENGTH } from "./limits.ts";
import { EMULATED_SQLITE_SOURCE_ID, EMULATED_SQLITE_VERSION } from "./version.ts";
import { asciiUpper } from "../../value/ascii_case.ts";

/** The compile options litejit claims, sorted as SQLite lists them (without "SQLITE_"). */
export const COMPILE_OPTIONS: readonly string[] = [
  `COMPILER=litejit-${EMULATED_SQLITE_VERSION}`,
  "ENABLE_COLUMN_METADATA",
  `MAX_FUNCTION_ARG=${Max.FUNCTION_ARG}`,
  `MAX_LENGTH=${MAX_TEXT_LENGTH}`,
  `MAX_VARIABLE_NUMBER=${Max.VARIABLE_NUMBER}`,
  "SOUNDEX",
];

/** sqlite_source_id(). */
export function sqliteSourceIdFn(_args: readonly Reg[], out: Reg, _ctx: FunctionContext): void {
  setText(out, EMULATED_SQLITE_SOURCE_ID);
}

/**
 * sqlite3_compileoption_used: `name` (an optional "SQLITE_" prefix dropped, ASCII case
 * ignored) is a whole option or the part of one before its `=`.
 */
export function compileOptionUsed(name: string): boolean {
  let n = name;
  if (asciiUpper(n.slice(0, 7)) === "SQLITE_") n = n.slice(7);
  const upper = asciiUpper(n);
  return COMPILE_OPTIONS.some((opt) =>
    asciiUpper(opt).startsWith(upper) &&
    (opt.length === upper.length || !isIdChar(opt.charCodeAt(upper.length)))
  );
}

/** sqlite_compileoption_used(X): 1 or 0; NULL for NULL. */
export function compileOptionUsedFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const t = textOf(args[0], ctx.encoding);
  if (t === null) setNull(out);
  else setInt(out, compileOptionUsed(cText(t)) ? 1 : 0);
}

/** sqlite_compileoption_get(N): the N-th option (NULL reads as 0), NULL out of range. */
export function compileOptionGetFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  // sqlite3_value_int: the 64-bit value cut to its low 32 bits.
  const n = toInt32(int64Of(args[0], ctx.encoding));
  if (n >= 0 && n < COMPILE_OPTIONS.length) setText(out, COMPILE_OPTIONS[n]);
  else setNull(out);
}
