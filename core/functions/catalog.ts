/**
 * The catalog of SQLite's built-in SQL functions: names, allowed argument counts and
 * kind (scalar, aggregate, window), read from the registries of the implementations; the
 * binder only needs to know whether a call is valid and what role it plays.
 *
 * The list is SQLite 3.53's `pragma_function_list` for built-in functions (as node:sqlite
 * ships it), plus the math functions SQLite adds with SQLITE_ENABLE_MATH_FUNCTIONS (which
 * node:sqlite leaves out; see {@link FunctionDef.optional}).
 */
import type { UserFunction } from "./user/table.ts";
import { SCALARS } from "./scalar/registry.ts";
import { ANY } from "./arg_counts.ts";
import { MATH_FUNCTIONS } from "./scalar/math.ts";
import { AGGREGATE_FUNCTIONS } from "./aggregate/registry.ts";
import { WINDOW_ONLY } from "./window/registry.ts";
import { asciiLower } from "../value/ascii_case.ts";
import { pushTo } from "../util/multimap.ts";

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

/** A frozen definition. */
function def(
  name: string,
  kind: FunctionKind,
  minArgs: number,
  maxArgs: number,
  volatile = false,
  optional: "math" | null = null,
): FunctionDef {
  return Object.freeze({ name, kind, minArgs, maxArgs, optional, volatile });
}

/**
 * The catalog, derived from the implementations: the scalar registry (with its math
 * functions, SQLITE_ENABLE_MATH_FUNCTIONS), the aggregates (every built-in aggregate may
 * also be used as a window function), and the window-only functions.
 */
function buildCatalog(): Map<string, readonly FunctionDef[]> {
  const all: FunctionDef[] = [
    ...SCALARS.map(([name, min, max, , volatile]) => def(name, "scalar", min, max, volatile)),
    ...MATH_FUNCTIONS.map(([name, min, max]) => def(name, "scalar", min, max, false, "math")),
    ...[...AGGREGATE_FUNCTIONS.values()].map((f) => def(f.name, "aggregate", f.minArgs, f.maxArgs)),
    ...WINDOW_ONLY.map((f) => def(f.name, "window", f.minArgs, f.maxArgs)),
    // The window-only functions that are not aggregate objects.
    def("lag", "window", 1, 3),
    def("lead", "window", 1, 3),
  ];
  const byName = new Map<string, FunctionDef[]>();
  for (const f of all) pushTo(byName, f.name, f);
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

/** The overload of `list` taking `nArgs`, an exact count winning over a variadic one. */
function bestOverload(list: readonly FunctionDef[], nArgs: number): FunctionDef | undefined {
  let best: FunctionDef | undefined;
  for (const f of list) {
    const accepts = nArgs >= f.minArgs && (f.maxArgs === ANY || nArgs <= f.maxArgs);
    if (!accepts) continue;
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
  const key = asciiLower(name);
  // SQLite's sqlite3FindFunction: the connection's functions first; the built-ins only
  // when none of them takes this many arguments.
  const user = options.user?.overloads(key);
  const mine = user ? bestOverload(user, nArgs) : undefined;
  if (mine) return mine;
  // An optional function only with its set turned on (math is the one set).
  const list = FUNCTIONS.get(key)?.filter((f) =>
    f.optional === null || options.mathFunctions === true
  );
  const best = list ? bestOverload(list, nArgs) : undefined;
  if (best) return best;
  return list?.length || user?.length ? "wrongArgs" : undefined;
}

/**
 * The name of built-in `f`, or "" for a function the connection registered: what code
 * that treats some built-ins specially (likely, iif, min/max, count(*)) compares, so a
 * user's function of the same name is never mistaken for the built-in.
 */
export function builtinName(f: FunctionDef): string {
  return !f.user ? f.name : "";
}
