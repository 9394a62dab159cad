/**
 * The catalog of SQLite's built-in SQL functions: names, allowed argument counts and
 * kind (scalar, aggregate, window). Implementations live elsewhere; the binder only needs
 * to know whether a call is valid and what role it plays.
 *
 * The list is SQLite 3.53's `pragma_function_list` for built-in functions (as node:sqlite
 * ships it), plus the math functions SQLite adds with SQLITE_ENABLE_MATH_FUNCTIONS (which
 * node:sqlite leaves out; see {@link FunctionDef.optional}).
 */
import type { UserFunction } from "./user/table.ts";

/** What a function is: a scalar function, an aggregate, or a window-only function. */
export type FunctionKind = "scalar" | "aggregate" | "window";

/** One overload of a built-in function. */
export interface FunctionDef {
  /** Lower-case name. */
  readonly name: string;
  readonly kind: FunctionKind;
  /** Fewest arguments accepted. */
  readonly minArgs: number;
  /** Most arguments accepted; -1 for no limit. */
  readonly maxArgs: number;
  /**
   * Part of an optional feature set, absent from builds without it: `"math"` is
   * SQLITE_ENABLE_MATH_FUNCTIONS. null for functions every build has.
   */
  readonly optional: "math" | null;
  /** Non-deterministic or connection-dependent (`random()`, `changes()`, ...). */
  readonly volatile: boolean;
  /**
   * For a function the connection registered (`Database.function` / `.aggregate`): its
   * implementation. Absent for built-ins; code that treats a built-in specially by name
   * (likely, iif, min/max, count(*)...) must check that this is absent.
   */
  readonly user?: UserFunction;
}

const ANY = -1;

function def(
  name: string,
  kind: FunctionKind,
  minArgs: number,
  maxArgs = minArgs,
  volatile = false,
  optional: "math" | null = null,
): FunctionDef {
  return Object.freeze({ name, kind, minArgs, maxArgs, optional, volatile });
}

const scalars: [string, number, number][] = [
  ["->", 2, 2],
  ["->>", 2, 2],
  ["abs", 1, 1],
  ["char", 0, ANY],
  ["coalesce", 2, ANY],
  ["concat", 1, ANY],
  ["concat_ws", 2, ANY],
  ["date", 0, ANY],
  ["datetime", 0, ANY],
  ["format", 0, ANY],
  ["glob", 2, 2],
  ["hex", 1, 1],
  ["if", 2, ANY],
  ["ifnull", 2, 2],
  ["iif", 2, ANY],
  ["instr", 2, 2],
  ["json", 1, 1],
  ["json_array", 0, ANY],
  ["json_array_insert", 0, ANY],
  ["json_array_length", 1, 2],
  ["json_error_position", 1, 1],
  ["json_extract", 0, ANY],
  ["json_insert", 0, ANY],
  ["json_object", 0, ANY],
  ["json_patch", 2, 2],
  ["json_pretty", 1, 2],
  ["json_quote", 1, 1],
  ["json_remove", 0, ANY],
  ["json_replace", 0, ANY],
  ["json_set", 0, ANY],
  ["json_type", 1, 2],
  ["json_valid", 1, 2],
  ["jsonb", 1, 1],
  ["jsonb_array", 0, ANY],
  ["jsonb_array_insert", 0, ANY],
  ["jsonb_extract", 0, ANY],
  ["jsonb_insert", 0, ANY],
  ["jsonb_object", 0, ANY],
  ["jsonb_patch", 2, 2],
  ["jsonb_remove", 0, ANY],
  ["jsonb_replace", 0, ANY],
  ["jsonb_set", 0, ANY],
  ["julianday", 0, ANY],
  ["length", 1, 1],
  ["like", 2, 3],
  ["likelihood", 2, 2],
  ["likely", 1, 1],
  ["lower", 1, 1],
  ["ltrim", 1, 2],
  ["max", 2, ANY],
  ["min", 2, ANY],
  ["nullif", 2, 2],
  ["octet_length", 1, 1],
  ["printf", 0, ANY],
  ["quote", 1, 1],
  ["replace", 3, 3],
  ["round", 1, 2],
  ["rtrim", 1, 2],
  ["sign", 1, 1],
  ["soundex", 1, 1],
  ["sqlite_compileoption_get", 1, 1],
  ["sqlite_compileoption_used", 1, 1],
  ["sqlite_log", 2, 2],
  ["strftime", 0, ANY],
  ["substr", 2, 3],
  ["substring", 2, 3],
  ["subtype", 1, 1],
  ["time", 0, ANY],
  ["timediff", 2, 2],
  ["trim", 1, 2],
  ["typeof", 1, 1],
  ["unhex", 1, 2],
  ["unicode", 1, 1],
  ["unistr", 1, 1],
  ["unistr_quote", 1, 1],
  ["unixepoch", 0, ANY],
  ["unlikely", 1, 1],
  ["upper", 1, 1],
  ["zeroblob", 1, 1],
];

/** Functions whose result can change between calls or depends on the connection. */
const volatiles: [string, number, number][] = [
  ["changes", 0, 0],
  ["current_date", 0, 0],
  ["current_time", 0, 0],
  ["current_timestamp", 0, 0],
  ["last_insert_rowid", 0, 0],
  ["load_extension", 1, 2],
  ["random", 0, 0],
  ["randomblob", 1, 1],
  ["sqlite_source_id", 0, 0],
  ["sqlite_version", 0, 0],
  ["total_changes", 0, 0],
];

/** Aggregates; every built-in aggregate may also be used as a window function. */
const aggregates: [string, number, number][] = [
  ["avg", 1, 1],
  ["count", 0, 1],
  ["group_concat", 1, 2],
  ["json_group_array", 1, 1],
  ["json_group_object", 2, 2],
  ["jsonb_group_array", 1, 1],
  ["jsonb_group_object", 2, 2],
  ["max", 1, 1],
  ["min", 1, 1],
  ["string_agg", 2, 2],
  ["sum", 1, 1],
  ["total", 1, 1],
];

/** Window-only functions (they need OVER). */
const windows: [string, number, number][] = [
  ["cume_dist", 0, 0],
  ["dense_rank", 0, 0],
  ["first_value", 1, 1],
  ["lag", 1, 3],
  ["last_value", 1, 1],
  ["lead", 1, 3],
  ["nth_value", 2, 2],
  ["ntile", 1, 1],
  ["percent_rank", 0, 0],
  ["rank", 0, 0],
  ["row_number", 0, 0],
];

/** SQLITE_ENABLE_MATH_FUNCTIONS. */
const math: [string, number, number][] = [
  ["acos", 1, 1],
  ["acosh", 1, 1],
  ["asin", 1, 1],
  ["asinh", 1, 1],
  ["atan", 1, 1],
  ["atan2", 2, 2],
  ["atanh", 1, 1],
  ["ceil", 1, 1],
  ["ceiling", 1, 1],
  ["cos", 1, 1],
  ["cosh", 1, 1],
  ["degrees", 1, 1],
  ["exp", 1, 1],
  ["floor", 1, 1],
  ["ln", 1, 1],
  ["log", 1, 2],
  ["log10", 1, 1],
  ["log2", 1, 1],
  ["mod", 2, 2],
  ["pi", 0, 0],
  ["pow", 2, 2],
  ["power", 2, 2],
  ["radians", 1, 1],
  ["sin", 1, 1],
  ["sinh", 1, 1],
  ["sqrt", 1, 1],
  ["tan", 1, 1],
  ["tanh", 1, 1],
  ["trunc", 1, 1],
];

function buildCatalog(): Map<string, readonly FunctionDef[]> {
  const all: FunctionDef[] = [
    ...scalars.map(([n, lo, hi]) => def(n, "scalar", lo, hi)),
    ...volatiles.map(([n, lo, hi]) => def(n, "scalar", lo, hi, true)),
    ...aggregates.map(([n, lo, hi]) => def(n, "aggregate", lo, hi)),
    ...windows.map(([n, lo, hi]) => def(n, "window", lo, hi)),
    ...math.map(([n, lo, hi]) => def(n, "scalar", lo, hi, false, "math")),
  ];
  const byName = new Map<string, FunctionDef[]>();
  for (const f of all) {
    const list = byName.get(f.name);
    if (list) list.push(f);
    else byName.set(f.name, [f]);
  }
  return byName;
}

/** Every built-in function, by lower-case name; a name may have several overloads. */
export const FUNCTIONS: ReadonlyMap<string, readonly FunctionDef[]> = buildCatalog();

/** Which optional function sets are available (all off matches node:sqlite). */
export interface FunctionOptions {
  mathFunctions?: boolean;
  /** The connection's registered functions, searched before the built-ins. */
  user?: { overloads(key: string): readonly FunctionDef[] | undefined } | null;
}

function available(f: FunctionDef, options: FunctionOptions): boolean {
  return f.optional === null || (f.optional === "math" && options.mathFunctions === true);
}

function accepts(f: FunctionDef, nArgs: number): boolean {
  return nArgs >= f.minArgs && (f.maxArgs === ANY || nArgs <= f.maxArgs);
}

/** The overload of `list` taking `nArgs`, an exact count winning over a variadic one. */
function bestOverload(list: readonly FunctionDef[], nArgs: number): FunctionDef | undefined {
  let best: FunctionDef | undefined;
  for (const f of list) {
    if (!accepts(f, nArgs)) continue;
    if (!best || (f.minArgs === f.maxArgs && best.minArgs !== best.maxArgs)) best = f;
  }
  return best;
}

/**
 * The overload of `name` (any case) taking `nArgs` arguments: `undefined` when no such
 * function exists, `"wrongArgs"` when it exists but not with that many arguments. An
 * overload accepting exactly that count wins over a variadic one (`max(x)` is the
 * aggregate, `max(x, y)` the scalar), as in SQLite's sqlite3FindFunction.
 */
export function findFunction(
  name: string,
  nArgs: number,
  options: FunctionOptions = {},
): FunctionDef | "wrongArgs" | undefined {
  const key = name.replace(/[A-Z]+/g, (s) => s.toLowerCase());
  // SQLite's sqlite3FindFunction: the connection's functions first; the built-ins only
  // when none of them takes this many arguments.
  const user = options.user?.overloads(key);
  const mine = user ? bestOverload(user, nArgs) : undefined;
  if (mine) return mine;
  const list = FUNCTIONS.get(key)?.filter((f) => available(f, options));
  const best = list ? bestOverload(list, nArgs) : undefined;
  if (best) return best;
  return (list && list.length > 0) || (user && user.length > 0) ? "wrongArgs" : undefined;
}

/**
 * The name of built-in `f`, or "" for a function the connection registered: what code
 * that treats some built-ins specially (likely, iif, min/max, count(*)) compares, so a
 * user's function of the same name is never mistaken for the built-in.
 */
export function builtinName(f: FunctionDef): string {
  return f.user === undefined ? f.name : "";
}
