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

/**
 * Each table lists `[fewest arguments, most arguments, names]`: the names (separated by
 * spaces) of the functions taking that many arguments.
 */
type ArityTable = readonly [number, number, string][];

const scalars: ArityTable = [
  [1, 1, "abs hex json json_error_position json_quote jsonb length likely lower octet_length"],
  [1, 1, "quote sign soundex sqlite_compileoption_get sqlite_compileoption_used subtype"],
  [1, 1, "typeof unicode unistr unistr_quote unlikely upper zeroblob"],
  [2, 2, "-> ->> glob ifnull instr json_patch jsonb_patch likelihood nullif sqlite_log timediff"],
  [3, 3, "replace"],
  [1, 2, "json_array_length json_pretty json_type json_valid ltrim round rtrim trim unhex"],
  [2, 3, "like substr substring"],
  [0, ANY, "char date datetime format json_array json_array_insert json_extract json_insert"],
  [0, ANY, "json_object json_remove json_replace json_set jsonb_array jsonb_array_insert"],
  [0, ANY, "jsonb_extract jsonb_insert jsonb_object jsonb_remove jsonb_replace jsonb_set"],
  [0, ANY, "julianday printf strftime time unixepoch"],
  [1, ANY, "concat"],
  [2, ANY, "coalesce concat_ws if iif max min"],
];

/** Functions whose result can change between calls or depends on the connection. */
const volatiles: ArityTable = [
  [0, 0, "changes current_date current_time current_timestamp last_insert_rowid random"],
  [0, 0, "sqlite_source_id sqlite_version total_changes"],
  [1, 1, "randomblob"],
  [1, 2, "load_extension"],
];

/** Aggregates; every built-in aggregate may also be used as a window function. */
const aggregates: ArityTable = [
  [0, 1, "count"],
  [1, 1, "avg json_group_array jsonb_group_array max min sum total"],
  [1, 2, "group_concat"],
  [2, 2, "json_group_object jsonb_group_object string_agg"],
];

/** Window-only functions (they need OVER). */
const windows: ArityTable = [
  [0, 0, "cume_dist dense_rank percent_rank rank row_number"],
  [1, 1, "first_value last_value ntile"],
  [1, 3, "lag lead"],
  [2, 2, "nth_value"],
];

/** SQLITE_ENABLE_MATH_FUNCTIONS. */
const math: ArityTable = [
  [0, 0, "pi"],
  [1, 1, "acos acosh asin asinh atan atanh ceil ceiling cos cosh degrees exp floor ln log10"],
  [1, 1, "log2 radians sin sinh sqrt tan tanh trunc"],
  [1, 2, "log"],
  [2, 2, "atan2 mod pow power"],
];

/** The definitions a table lists, each with `kind`, volatility and feature set. */
function defsOf(
  table: ArityTable,
  kind: FunctionKind,
  volatile = false,
  optional: "math" | null = null,
): FunctionDef[] {
  return table.flatMap(([minArgs, maxArgs, names]) =>
    names.split(" ").map((name) =>
      Object.freeze({ name, kind, minArgs, maxArgs, optional, volatile })
    )
  );
}

function buildCatalog(): Map<string, readonly FunctionDef[]> {
  const all: FunctionDef[] = [
    ...defsOf(scalars, "scalar"),
    ...defsOf(volatiles, "scalar", true),
    ...defsOf(aggregates, "aggregate"),
    ...defsOf(windows, "window"),
    ...defsOf(math, "scalar", false, "math"),
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
