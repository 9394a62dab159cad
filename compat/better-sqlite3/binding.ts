/**
 * better-sqlite3's parameter binding rules, turned into the arguments litejit's Statement
 * takes (node:sqlite's rules), so the two libraries' rules never mix:
 *
 * - Each argument is an array (its elements bind anonymous parameters in order), a plain
 *   object (prototype Object.prototype or null: its own keys bind named parameters, key
 *   `x` feeding `:x`, `@x`, `$x`, and `?5` key `"5"`; at most one such object), or a value
 *   for the next anonymous parameter. Another object (a class instance, `Object.create`,
 *   a function) is "Named parameters can only be passed within plain objects" when the
 *   statement has named parameters, else a value that cannot be bound.
 * - A value's type is checked before its slot: a value that cannot be bound is a
 *   TypeError even where no slot is left for it.
 * - Anonymous parameters are the slots SQLite gives no name: `?` (and the gaps `?3` leaves).
 * - Every slot must get a value: "Too few parameter values were provided" /
 *   "Too many parameter values were provided" (RangeError), `Missing named parameter "x"`
 *   (RangeError), and "Missing named parameters" (TypeError) when no object was given.
 * - Values: number (bound as a double), bigint (64-bit), string, a Buffer or other
 *   ArrayBufferView (its bytes are copied when bound, as SQLite's SQLITE_TRANSIENT does:
 *   changing the buffer afterwards changes nothing), null or undefined (NULL). Anything
 *   else, booleans included, is a TypeError.
 */
import type { BindValue, NamedParameters } from "../../mod.ts";

const BIND_TYPE_ERROR = "SQLite3 can only bind numbers, strings, bigints, buffers, and null";
const MIN_INT64 = -(2n ** 63n);
const MAX_INT64 = 2n ** 63n - 1n;

/** What litejit's `Statement.all(...)` and friends take: named values first, then `?`s. */
export type LiteArguments = [NamedParameters, ...BindValue[]] | BindValue[];

/** A statement's parameter layout, computed once per statement. */
export class ParameterLayout {
  /** Slot names without their prefix (`"x"` for `:x`, `"5"` for `?5`), null when anonymous. */
  readonly #keys: (string | null)[];
  /** Whether litejit binds the slot by name (`:x`, `@x`, `$x`) rather than by position. */
  readonly #byName: boolean[];
  readonly #exactNames: (string | null)[];
  readonly #hasNamed: boolean;
  /** Whether any slot has a name (`?NNN` included): better-sqlite3's bind map. */
  readonly #hasNames: boolean;

  /** `names` as SQLite names the slots (see sql_parameters.ts). */
  constructor(names: readonly (string | null)[]) {
    this.#exactNames = names.slice();
    this.#keys = names.map((n) => (n === null ? null : n.slice(1)));
    this.#byName = names.map((n) => n !== null && n[0] !== "?");
    this.#hasNamed = this.#byName.includes(true);
    this.#hasNames = names.some((n) => n !== null);
  }

  /** Number of parameter slots. */
  get count(): number {
    return this.#keys.length;
  }

  /** Binds `args` with better-sqlite3's rules; returns the value of each slot. */
  slotValues(args: readonly unknown[]): BindValue[] {
    const keys = this.#keys;
    const values: BindValue[] = new Array(keys.length);
    let anon = 0;
    let count = 0;
    let boundObject = false;
    const bindAnonymous = (value: unknown) => {
      // A value that cannot be bound is reported before a slot too many.
      const checked = checkedValue(value);
      while (anon < keys.length && keys[anon] !== null) anon++;
      if (anon >= keys.length) throw new RangeError("Too many parameter values were provided");
      values[anon++] = checked;
      count++;
    };
    for (const arg of args) {
      if (Array.isArray(arg)) {
        for (const element of arg) bindAnonymous(element);
      } else if (isPlainObject(arg)) {
        if (boundObject) {
          throw new TypeError("You cannot specify named parameters in two different objects");
        }
        boundObject = true;
        count += this.#bindObject(arg, values);
      } else if (this.#hasNames && isOtherObject(arg)) {
        throw new TypeError("Named parameters can only be passed within plain objects");
      } else {
        bindAnonymous(arg);
      }
    }
    if (count < keys.length) {
      if (!boundObject && this.#hasNames) {
        throw new TypeError("Missing named parameters");
      }
      throw new RangeError("Too few parameter values were provided");
    }
    return values;
  }

  #bindObject(object: Record<string, unknown>, values: BindValue[]): number {
    let count = 0;
    this.#keys.forEach((key, i) => {
      if (key === null) return;
      if (!Object.hasOwn(object, key)) throw new RangeError(`Missing named parameter "${key}"`);
      values[i] = checkedValue(object[key]);
      count++;
    });
    return count;
  }

  /** litejit's arguments for slot values from {@link slotValues}. */
  liteArguments(values: readonly BindValue[]): LiteArguments {
    const positional: BindValue[] = [];
    if (!this.#hasNamed) {
      for (const v of values) positional.push(v);
      return positional;
    }
    const named: NamedParameters = {};
    values.forEach((v, i) => {
      if (this.#byName[i]) named[this.#exactNames[i]!] = v;
      else positional.push(v);
    });
    return [named, ...positional];
  }
}

/**
 * An object (or function) that is neither plain nor a buffer: with named parameters in the
 * statement, better-sqlite3 takes it for a mistaken parameters object before its value.
 */
function isOtherObject(value: unknown): boolean {
  return typeof value === "function" ||
    (typeof value === "object" && value !== null && !ArrayBuffer.isView(value));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || ArrayBuffer.isView(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function checkedValue(value: unknown): BindValue {
  switch (typeof value) {
    case "number":
    case "string":
      return value;
    case "bigint":
      if (value < MIN_INT64 || value > MAX_INT64) {
        throw new RangeError("The bound string, buffer, or bigint is too big");
      }
      return value;
    case "undefined":
      return null;
    case "object":
      if (value === null) return value;
      if (ArrayBuffer.isView(value)) {
        return new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice();
      }
  }
  throw new TypeError(BIND_TYPE_ERROR);
}
