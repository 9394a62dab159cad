/**
 * better-sqlite3's `function` and `aggregate` over litejit's `Database.function` and
 * `Database.aggregate` (which follow node:sqlite). What better-sqlite3 does differently is
 * applied here, around the user's callbacks:
 * - its argument checks and messages, in its order, before the connection's state is
 *   checked (open, not busy, no open iterator);
 * - the argument count: the function's `length` (an integer from 0 to 100), for an
 *   aggregate the larger of `step`'s and `inverse`'s less the accumulator; `varargs`
 *   takes any number;
 * - `start` absent is null, but a `start` given as `undefined` stays undefined; a `step`
 *   or `inverse` that returns `undefined` keeps the accumulator;
 * - BLOB arguments are Buffers; `safeIntegers` defaults to the database's
 *   `defaultSafeIntegers` setting when the function is registered;
 * - a result that is not a number, bigint, string, Buffer (any ArrayBuffer view), null or
 *   undefined is a TypeError "User-defined function NAME() returned an invalid value", a
 *   bigint outside 64 bits a RangeError "... returned a bigint that was too big".
 */
import { Buffer } from "node:buffer";
import {
  type Database as LiteDatabase,
  SqliteError as LiteSqliteError,
  type UserFunctionOptions,
} from "../../mod.ts";
import { type Connection, idleConnection, requireNoIterators } from "./connection.ts";
import { misuse, SqliteError } from "./errors.ts";
import { INT64_MAX, INT64_MIN } from "../../core/value/types.ts";

/** better-sqlite3's options of `db.function` (and of `db.aggregate`, with its callbacks). */
export type FunctionOptions = Pick<
  UserFunctionOptions,
  "deterministic" | "varargs" | "directOnly" | "safeIntegers"
>;

// deno-lint-ignore no-explicit-any
type Callback = (...args: any[]) => unknown;

/** better-sqlite3's limit on a user function's argument count. */
const MAX_ARGS = 100;

/** `db.function(name, [options], fn)`, checked as better-sqlite3 checks it. */
export function defineFunction(
  c: Connection,
  name: unknown,
  options: unknown,
  fn: unknown,
): void {
  if (options == null) options = {};
  if (typeof options === "function") {
    fn = options;
    options = {};
  }
  if (typeof name !== "string") misuse("Expected first argument to be a string");
  if (typeof fn !== "function") misuse("Expected last argument to be a function");
  if (typeof options !== "object") misuse("Expected second argument to be an options object");
  if (!name) misuse("User-defined function name cannot be an empty string");
  const flags = flagOptions(options as Record<string, unknown>, c);
  let argc = -1;
  if (!flags.varargs) {
    argc = argumentCount(fn as Callback);
    if (argc > MAX_ARGS) throw tooManyArguments();
  }
  const lite = registering(c);
  const call = fn as Callback;
  const check = resultCheck(name);
  const scalar = (...args: unknown[]) => check(call(...withBuffers(args)));
  refusedName(() => lite.function(name, flags, withLength(scalar, Math.max(argc, 0))));
}

/** `db.aggregate(name, options)`, checked as better-sqlite3 checks it. */
export function defineAggregate(c: Connection, name: unknown, options: unknown): void {
  if (typeof name !== "string") misuse("Expected first argument to be a string");
  if (typeof options !== "object" || options === null) {
    misuse("Expected second argument to be an options object");
  }
  if (!name) misuse("User-defined function name cannot be an empty string");
  const o = options as Record<string, unknown>;
  const start = "start" in o ? o.start : null;
  const step = functionOption(o, "step", true)!;
  const inverse = functionOption(o, "inverse", false);
  const result = functionOption(o, "result", false);
  const flags = flagOptions(o, c);
  let argc = -1;
  if (!flags.varargs) {
    argc = Math.max(argumentCount(step), inverse ? argumentCount(inverse) : 0);
    if (argc > 0) argc -= 1;
    if (argc > MAX_ARGS) throw tooManyArguments();
  }
  const lite = registering(c);
  const check = resultCheck(name);
  refusedName(() =>
    lite.aggregate(name, {
      ...flags,
      start: typeof start === "function" ? () => start() : () => start,
      step: withLength(accumulate(step), Math.max(argc, 0) + 1),
      inverse: inverse ? accumulate(inverse) : undefined,
      result: (acc: unknown) => check(result ? result(acc) : acc),
    })
  );
}

/**
 * Runs a registration. SQLite refuses a name longer than 255 bytes with SQLITE_MISUSE
 * without setting the connection's error, and better-sqlite3 reports the connection's
 * error: "not an error" (SQLITE_OK) when the last call before succeeded.
 */
function refusedName(register: () => unknown): void {
  try {
    register();
  } catch (e) {
    if (e instanceof LiteSqliteError && e.code === "SQLITE_MISUSE") {
      throw new SqliteError("not an error", "SQLITE_OK");
    }
    throw e;
  }
}

/** The connection, if a function may be registered now. */
function registering(c: Connection): LiteDatabase {
  const lite = idleConnection(c);
  requireNoIterators(c, false);
  return lite;
}

/** The boolean options, checked in better-sqlite3's order; `safeIntegers` defaulted. */
function flagOptions(o: Record<string, unknown>, c: Connection): Required<FunctionOptions> {
  const safeIntegers = "safeIntegers" in o ? booleanOption(o, "safeIntegers") : c.safeIntegers;
  const deterministic = booleanOption(o, "deterministic");
  const directOnly = booleanOption(o, "directOnly");
  const varargs = booleanOption(o, "varargs");
  return { safeIntegers, deterministic, directOnly, varargs };
}

/** Option `key` (own or inherited), which must be a boolean when present. */
function booleanOption(o: Record<string, unknown>, key: string): boolean {
  if (!(key in o)) return false;
  const value = o[key];
  if (typeof value !== "boolean") misuse(`Expected the "${key}" option to be a boolean`);
  return value;
}

/** Callback option `key`: a function, or null when absent (null or undefined). */
function functionOption(o: Record<string, unknown>, key: string, required: boolean) {
  const value = key in o ? o[key] : null;
  if (typeof value === "function") return value as Callback;
  if (value != null) misuse(`Expected the "${key}" option to be a function`);
  if (required) misuse(`Missing required option "${key}"`);
  return null;
}

/** `fn.length`, which must be a non-negative integer. */
function argumentCount(fn: Callback): number {
  const n: unknown = fn.length;
  if (!Number.isInteger(n) || (n as number) < 0) {
    misuse("Expected function.length to be a positive integer");
  }
  return n as number;
}

function tooManyArguments(): RangeError {
  return new RangeError(`User-defined functions cannot have more than ${MAX_ARGS} arguments`);
}

/** `f` with `length` n: litejit takes a function's argument count from it. */
function withLength(f: Callback, n: number): Callback {
  return Object.defineProperty(f, "length", { value: n });
}

/** `step` or `inverse` as litejit calls it: BLOBs as Buffers, `undefined` keeps the accumulator. */
function accumulate(callback: Callback): Callback {
  return (acc: unknown, ...args: unknown[]) => {
    const next = callback(acc, ...withBuffers(args));
    return next === undefined ? acc : next;
  };
}

/** The arguments with each BLOB (a fresh Uint8Array) as a Buffer over the same bytes. */
function withBuffers(args: unknown[]): unknown[] {
  for (let i = 0; i < args.length; i++) {
    const v = args[i];
    if (v instanceof Uint8Array) args[i] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  }
  return args;
}

/** Checks a result of function `name` as better-sqlite3 converts it; returns it. */
function resultCheck(name: string): (value: unknown) => unknown {
  return (value) => {
    switch (typeof value) {
      case "number":
      case "string":
      case "undefined":
        return value;
      case "bigint":
        if (value >= INT64_MIN && value <= INT64_MAX) return value;
        throw new RangeError(`User-defined function ${name}() returned a bigint that was too big`);
    }
    if (value === null || ArrayBuffer.isView(value)) return value;
    throw new TypeError(`User-defined function ${name}() returned an invalid value`);
  };
}
