/**
 * The scalar functions litejit implements, by lower-case name. Every backend calls
 * these (the planner may inline coalesce, ifnull, iif and the likelihood hints, but the
 * implementations here define what they mean). Argument counts are checked by the
 * binder against `core/functions/catalog.ts`, so an implementation may assume a valid
 * count.
 */
import type { FunctionContext } from "../context.ts";
import type { Reg } from "../../value/reg.ts";
import {
  dateFn,
  datetimeFn,
  juliandayFn,
  strftimeFn,
  timediffFn,
  timeFn,
  unixepochFn,
} from "./date_functions.ts";
import { hexFn, quoteFn, randomblobFn, unhexFn, zeroblobFn } from "./blob.ts";
import { globFn, likeFn } from "./like.ts";
import { printfFn } from "./printf.ts";
import {
  charFn,
  concatFn,
  concatWsFn,
  instrFn,
  lengthFn,
  lowerFn,
  ltrimFn,
  octetLengthFn,
  replaceFn,
  rtrimFn,
  substrFn,
  trimFn,
  unicodeFn,
  upperFn,
} from "./text.ts";
import { sqliteVersionFn } from "./version.ts";
import { MATH_FUNCTIONS } from "./math.ts";
import {
  loadExtensionFn,
  soundexFn,
  sqliteLogFn,
  subtypeFn,
  unistrFn,
  unistrQuoteFn,
  zeroFn,
} from "./misc.ts";
import { compileOptionGetFn, compileOptionUsedFn, sqliteSourceIdFn } from "./misc_build.ts";
import { JSON_SCALARS } from "../json/scalar.ts";
import { ANY } from "../arg_counts.ts";
import { absFn, randomFn, roundFn, signFn } from "./numeric.ts";
import { coalesceFn, iifFn, maxFn, minFn, nullifFn, passThroughFn, typeofFn } from "./null.ts";

/**
 * A scalar function: reads `args`, writes its result into `out` (which may be one of
 * the argument registers only if the implementation has finished reading it; callers
 * should pass a distinct register). Errors are thrown as `SqliteError`.
 */
export type ScalarImpl = (args: readonly Reg[], out: Reg, ctx: FunctionContext) => void;

/** One entry of the registry. */
export interface ScalarFunction {
  /** The implementation. */
  readonly impl: ScalarImpl;
}

/**
 * A built-in scalar function as the binder's catalog (core/functions/catalog.ts) lists it:
 * lower-case name, fewest and most arguments (-1 for no limit), implementation, and
 * whether it is volatile (its result can change between calls or depends on the
 * connection: `random()`, `changes()`, ...).
 */
export type ScalarEntry = readonly [
  name: string,
  minArgs: number,
  maxArgs: number,
  impl: ScalarImpl,
  volatile?: boolean,
];
const VOLATILE = true;

/** The built-in scalar functions, except the optional math functions. */
export const SCALARS: readonly ScalarEntry[] = [
  ["abs", 1, 1, absFn],
  ["changes", 0, 0, zeroFn, VOLATILE],
  ["char", 0, ANY, charFn],
  ["coalesce", 2, ANY, coalesceFn],
  ["concat", 1, ANY, concatFn],
  ["concat_ws", 2, ANY, concatWsFn],
  // date('now'), time('now') and datetime('now'): those of no arguments.
  ["current_date", 0, 0, dateFn, VOLATILE],
  ["current_time", 0, 0, timeFn, VOLATILE],
  ["current_timestamp", 0, 0, datetimeFn, VOLATILE],
  ["date", 0, ANY, dateFn],
  ["datetime", 0, ANY, datetimeFn],
  ["format", 0, ANY, printfFn],
  ["glob", 2, 2, globFn],
  ["hex", 1, 1, hexFn],
  ["if", 2, ANY, iifFn],
  ["ifnull", 2, 2, coalesceFn],
  ["iif", 2, ANY, iifFn],
  ["instr", 2, 2, instrFn],
  ["julianday", 0, ANY, juliandayFn],
  ["last_insert_rowid", 0, 0, zeroFn, VOLATILE],
  ["length", 1, 1, lengthFn],
  ["like", 2, 3, likeFn],
  ["likelihood", 2, 2, passThroughFn],
  ["likely", 1, 1, passThroughFn],
  ["load_extension", 1, 2, loadExtensionFn, VOLATILE],
  ["lower", 1, 1, lowerFn],
  ["ltrim", 1, 2, ltrimFn],
  ["max", 2, ANY, maxFn],
  ["min", 2, ANY, minFn],
  ["nullif", 2, 2, nullifFn],
  ["octet_length", 1, 1, octetLengthFn],
  ["printf", 0, ANY, printfFn],
  ["quote", 1, 1, quoteFn],
  ["random", 0, 0, randomFn, VOLATILE],
  ["randomblob", 1, 1, randomblobFn, VOLATILE],
  ["replace", 3, 3, replaceFn],
  ["round", 1, 2, roundFn],
  ["rtrim", 1, 2, rtrimFn],
  ["sign", 1, 1, signFn],
  ["soundex", 1, 1, soundexFn],
  ["sqlite_compileoption_get", 1, 1, compileOptionGetFn],
  ["sqlite_compileoption_used", 1, 1, compileOptionUsedFn],
  ["sqlite_log", 2, 2, sqliteLogFn],
  ["sqlite_source_id", 0, 0, sqliteSourceIdFn, VOLATILE],
  ["sqlite_version", 0, 0, sqliteVersionFn, VOLATILE],
  ["strftime", 0, ANY, strftimeFn],
  ["substr", 2, 3, substrFn],
  ["substring", 2, 3, substrFn],
  ["subtype", 1, 1, subtypeFn],
  ["time", 0, ANY, timeFn],
  ["timediff", 2, 2, timediffFn],
  ["total_changes", 0, 0, zeroFn, VOLATILE],
  ["trim", 1, 2, trimFn],
  ["typeof", 1, 1, typeofFn],
  ["unhex", 1, 2, unhexFn],
  ["unicode", 1, 1, unicodeFn],
  ["unistr", 1, 1, unistrFn],
  ["unistr_quote", 1, 1, unistrQuoteFn],
  ["unixepoch", 0, ANY, unixepochFn],
  ["unlikely", 1, 1, passThroughFn],
  ["upper", 1, 1, upperFn],
  ["zeroblob", 1, 1, zeroblobFn],
  ...JSON_SCALARS,
];

/** Scalar functions by lower-case name. */
export const SCALAR_FUNCTIONS: ReadonlyMap<string, ScalarFunction> = new Map(
  // Math functions: the binder admits them only with the mathFunctions option.
  [...SCALARS, ...MATH_FUNCTIONS].map(([name, , , impl]) => [name, Object.freeze({ impl })]),
);

/** The scalar function called `name` (any case), or undefined. */
export function scalarFunction(name: string): ScalarFunction | undefined {
  return SCALAR_FUNCTIONS.get(name.toLowerCase());
}
