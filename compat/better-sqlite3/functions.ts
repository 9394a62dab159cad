/**
 * better-sqlite3's `function` and `aggregate` over litejit's `Database.function` and
 * `Database.aggregate` (which follow node:sqlite). What better-sqlite3 does differently is
 * applied here: a `step` or `inverse` that returns `undefined` keeps the accumulator, and
 * `safeIntegers` defaults to the database's `defaultSafeIntegers` setting.
 */
import type { AggregateOptions, Database as LiteDatabase, UserFunctionOptions } from "../../mod.ts";
import type { Connection } from "./connection.ts";

/** better-sqlite3's options of `db.function` (and of `db.aggregate`, with its callbacks). */
export type FunctionOptions = Pick<
  UserFunctionOptions,
  "deterministic" | "varargs" | "directOnly" | "safeIntegers"
>;

// deno-lint-ignore no-explicit-any
type Callback = (...args: any[]) => unknown;

/** Registers a scalar function on `lite`, with the connection's integer default. */
export function registerFunction(
  lite: LiteDatabase,
  connection: Connection,
  name: string,
  optionsOrFn: FunctionOptions | Callback,
  fn?: Callback,
): void {
  if (typeof optionsOrFn === "function") {
    lite.function(name, withIntegerDefault({}, connection), optionsOrFn);
  } else {
    lite.function(name, withIntegerDefault(optionsOrFn ?? {}, connection), fn as Callback);
  }
}

/** Registers an aggregate on `lite`; `step`/`inverse` returning undefined keep the accumulator. */
export function registerAggregate(
  lite: LiteDatabase,
  connection: Connection,
  name: string,
  options: AggregateOptions,
): void {
  if (typeof options !== "object" || options === null) {
    throw new TypeError("Expected second argument to be an options object");
  }
  lite.aggregate(name, {
    ...withIntegerDefault(options, connection),
    step: keepOnUndefined(options.step),
    inverse: options.inverse == null ? undefined : keepOnUndefined(options.inverse),
  });
}

function withIntegerDefault<T extends FunctionOptions>(options: T, c: Connection): T {
  if (typeof options !== "object" || options === null) {
    throw new TypeError("Expected second argument to be an options object");
  }
  return { ...options, safeIntegers: options.safeIntegers ?? c.safeIntegers };
}

/**
 * `callback` such that an `undefined` result leaves the accumulator as it was. The
 * wrapper keeps `callback.length`, which sets the function's argument count.
 */
function keepOnUndefined(callback: Callback): Callback {
  if (typeof callback !== "function") return callback;
  const wrapped = (accumulator: unknown, ...args: unknown[]) => {
    const next = callback(accumulator, ...args);
    return next === undefined ? accumulator : next;
  };
  Object.defineProperty(wrapped, "length", { value: callback.length });
  return wrapped;
}
