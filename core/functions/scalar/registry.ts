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
  currentDateFn,
  currentTimeFn,
  currentTimestampFn,
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
import { coalesceFn, iifFn, maxFn, minFn, nullifFn, passThroughFn, typeofFn } from "./null.ts";
import { absFn, randomFn, roundFn, signFn } from "./numeric.ts";
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

function entry(impl: ScalarImpl): ScalarFunction {
  return Object.freeze({ impl });
}

/** Scalar functions by lower-case name. */
export const SCALAR_FUNCTIONS: ReadonlyMap<string, ScalarFunction> = new Map([
  ["abs", entry(absFn)],
  ["changes", entry(zeroFn)],
  ["char", entry(charFn)],
  ["coalesce", entry(coalesceFn)],
  ["concat", entry(concatFn)],
  ["concat_ws", entry(concatWsFn)],
  ["current_date", entry(currentDateFn)],
  ["current_time", entry(currentTimeFn)],
  ["current_timestamp", entry(currentTimestampFn)],
  ["date", entry(dateFn)],
  ["datetime", entry(datetimeFn)],
  ["format", entry(printfFn)],
  ["glob", entry(globFn)],
  ["hex", entry(hexFn)],
  ["if", entry(iifFn)],
  ["ifnull", entry(coalesceFn)],
  ["iif", entry(iifFn)],
  ["instr", entry(instrFn)],
  ["julianday", entry(juliandayFn)],
  ["last_insert_rowid", entry(zeroFn)],
  ["length", entry(lengthFn)],
  ["like", entry(likeFn)],
  ["likelihood", entry(passThroughFn)],
  ["likely", entry(passThroughFn)],
  ["load_extension", entry(loadExtensionFn)],
  ["lower", entry(lowerFn)],
  ["ltrim", entry(ltrimFn)],
  ["max", entry(maxFn)],
  ["min", entry(minFn)],
  ["nullif", entry(nullifFn)],
  ["octet_length", entry(octetLengthFn)],
  ["printf", entry(printfFn)],
  ["quote", entry(quoteFn)],
  ["random", entry(randomFn)],
  ["randomblob", entry(randomblobFn)],
  ["replace", entry(replaceFn)],
  ["round", entry(roundFn)],
  ["rtrim", entry(rtrimFn)],
  ["sign", entry(signFn)],
  ["soundex", entry(soundexFn)],
  ["sqlite_compileoption_get", entry(compileOptionGetFn)],
  ["sqlite_compileoption_used", entry(compileOptionUsedFn)],
  ["sqlite_log", entry(sqliteLogFn)],
  ["sqlite_source_id", entry(sqliteSourceIdFn)],
  ["sqlite_version", entry(sqliteVersionFn)],
  ["strftime", entry(strftimeFn)],
  ["substr", entry(substrFn)],
  ["substring", entry(substrFn)],
  ["subtype", entry(subtypeFn)],
  ["time", entry(timeFn)],
  ["timediff", entry(timediffFn)],
  ["total_changes", entry(zeroFn)],
  ["trim", entry(trimFn)],
  ["typeof", entry(typeofFn)],
  ["unhex", entry(unhexFn)],
  ["unicode", entry(unicodeFn)],
  ["unistr", entry(unistrFn)],
  ["unistr_quote", entry(unistrQuoteFn)],
  ["unixepoch", entry(unixepochFn)],
  ["unlikely", entry(passThroughFn)],
  ["upper", entry(upperFn)],
  ["zeroblob", entry(zeroblobFn)],
  ...JSON_SCALARS.map(([name, impl]) => [name, entry(impl)] as const),
  // Math functions: the binder admits them only with the mathFunctions option.
  ...MATH_FUNCTIONS.map(([name, impl]) => [name, entry(impl)] as const),
]);

/** The scalar function called `name` (any case), or undefined. */
export function scalarFunction(name: string): ScalarFunction | undefined {
  return SCALAR_FUNCTIONS.get(name.toLowerCase());
}
