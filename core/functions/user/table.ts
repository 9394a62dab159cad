/**
 * The functions one connection registered (`Database.function` / `Database.aggregate`):
 * overloads by name and argument count, each a {@link FunctionDef} whose `user` field
 * holds the implementation. The binder looks a call up here before the built-ins
 * (SQLite's rule: a connection's function beats a built-in of the same name), and the
 * definition travels by reference into the plan, so backends never look it up by name.
 */
import { argumentTypeError, booleanArgument, SqliteError } from "../../errors.ts";
import type { FunctionDef } from "../catalog.ts";
import type { ScalarImpl } from "../scalar/registry.ts";
import type { AggregateFunction } from "../aggregate/types.ts";
import { type UserAggregateCallbacks, userAggregateImpl, userScalarImpl } from "./implement.ts";
import { asciiLower } from "../../value/ascii_case.ts";
import { utf8Bytes } from "../../format/text.ts";

/** What a registered function runs, carried by its {@link FunctionDef}. */
export interface UserFunction {
  /** The scalar implementation (kind "scalar"), else null. */
  readonly scalar: ScalarImpl | null;
  /** The aggregate implementation (kind "aggregate"), else null. */
  readonly aggregate: AggregateFunction | null;
  /** SQLITE_DIRECTONLY: not callable from a view's SELECT. */
  readonly directOnly: boolean;
}

/** Options shared by scalar and aggregate registrations. */
export interface UserFunctionOptions {
  /** Same result for the same arguments (SQLITE_DETERMINISTIC); default false. */
  deterministic?: boolean;
  /** Any number of arguments, whatever the function's `length`; default false. */
  varargs?: boolean;
  /** Not usable inside views (SQLITE_DIRECTONLY); default false. */
  directOnly?: boolean;
  /** INTEGER arguments as `bigint` (better-sqlite3's name); default false. */
  safeIntegers?: boolean;
  /** INTEGER arguments as `bigint` (node:sqlite's name); default false. */
  useBigIntArguments?: boolean;
}

/** SQLite's limit on a function's declared argument count (SQLITE_MAX_FUNCTION_ARG). */
const MAX_ARGS = 127;

function flag(options: UserFunctionOptions, key: keyof UserFunctionOptions): boolean {
  const v = options[key];
  return v !== undefined && booleanArgument(v, `options.${key}`);
}

function checkName(name: unknown): string {
  if (typeof name !== "string") throw argumentTypeError("name", "a string");
  if (!name.length || utf8Bytes(name).length > 255) {
    throw new SqliteError("SQLITE_MISUSE", "bad parameter or other API misuse");
  }
  return name;
}

function checkOptions<O>(options: O): O {
  if (typeof options !== "object" || !options) {
    throw argumentTypeError("options", "an object");
  }
  return options;
}

function checkFunction(fn: unknown, what: string): (...args: never[]) => unknown {
  if (typeof fn !== "function") throw argumentTypeError(what, "a function");
  return fn as (...args: never[]) => unknown;
}

/** Lower case for ASCII letters only, as SQLite folds function names. */
export { asciiLower as functionKey };

/** Per-connection registered functions. */
export class UserFunctionTable {
  readonly #byName = new Map<string, FunctionDef[]>();
  #version = 0;

  /** Bumped by every registration: statements compiled before are stale. */
  get version(): number {
    return this.#version;
  }

  /** The overloads registered under `key` (lower case), if any. */
  overloads(key: string): readonly FunctionDef[] | undefined {
    return this.#byName.get(key);
  }

  /** Registers a scalar function (the arguments of `Database.function`). */
  defineScalar(name: unknown, options: UserFunctionOptions, fn: unknown): void {
    const checked = checkName(name);
    const f = checkFunction(fn, "function");
    this.#define(checked, "scalar", checkOptions(options ?? {}), f.length, (bigints) => ({
      scalar: userScalarImpl(f, bigints),
      aggregate: null,
    }));
  }

  /** Registers an aggregate (the arguments of `Database.aggregate`). */
  defineAggregate(name: unknown, options: UserAggregateCallbacks & UserFunctionOptions): void {
    const checked = checkName(name);
    checkOptions(options);
    const step = checkFunction(options.step, "options.step");
    if (options.result) checkFunction(options.result, "options.result");
    if (options.inverse) checkFunction(options.inverse, "options.inverse");
    const callbacks = {
      start: options.start,
      step: options.step,
      result: options.result,
      inverse: options.inverse,
    };
    const length = Math.max(0, step.length - 1);
    this.#define(checked, "aggregate", options, length, (bigints, argc) => ({
      scalar: null,
      aggregate: userAggregateImpl(asciiLower(checked), callbacks, argc, bigints),
    }));
  }

  /**
   * Reads the flags of `options` (argument count `length` unless `varargs`), builds the
   * implementation and registers it.
   */
  #define(
    name: string,
    kind: "scalar" | "aggregate",
    options: UserFunctionOptions,
    length: number,
    implement: (bigints: boolean, argc: number) => Omit<UserFunction, "directOnly">,
  ): void {
    const bigints = flag(options, "safeIntegers") || flag(options, "useBigIntArguments");
    const argc = flag(options, "varargs") ? -1 : length;
    const user: UserFunction = {
      ...implement(bigints, argc),
      directOnly: flag(options, "directOnly"),
    };
    const volatile = !flag(options, "deterministic");
    if (argc > MAX_ARGS) {
      throw new SqliteError("SQLITE_MISUSE", "bad parameter or other API misuse");
    }
    const key = asciiLower(name);
    const def: FunctionDef = Object.freeze({
      name: key,
      kind,
      minArgs: argc < 0 ? 0 : argc,
      maxArgs: argc,
      optional: null,
      volatile,
      user,
    });
    // Registering the same name and argument count again replaces it (SQLite's rule,
    // whatever the kind); other counts stay as further overloads.
    const list = (this.#byName.get(key) ?? []).filter((d) => d.maxArgs !== argc);
    list.push(def);
    this.#byName.set(key, list);
    this.#version++;
  }
}
