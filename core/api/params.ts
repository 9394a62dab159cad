/**
 * Binding JavaScript arguments to a statement's parameters, with node:sqlite's rules
 * (checked against node:sqlite / SQLite 3.53):
 *
 * - If the first argument is an object that is not a typed array or DataView (a plain
 *   object, a class instance, even a Date or an ArrayBuffer), its enumerable keys (own and
 *   inherited, as `for...in` sees them) bind named parameters: a key with a prefix (`:a`,
 *   `@a`, `$a`, `?1`) names the parameter exactly; a bare key `a` matches the one
 *   parameter whose name minus its prefix is `a` (`?1` is bare `1`). An unknown key is
 *   `SQLITE_RANGE` "Unknown named parameter 'a'".
 * - The other arguments bind positionally, in order, skipping parameters named `:x`,
 *   `@x`, `$x` (so `?` and `?NNN` slots take them); one past the last parameter is
 *   `SQLITE_RANGE` "column index out of range".
 * - Parameters given no value are NULL.
 *
 * Values: `null` → NULL; `number` → REAL (node:sqlite binds every number as a double; NaN
 * becomes NULL); `bigint` → INTEGER (outside the 64-bit range: TypeError "BigInt value is
 * too large to bind"); `string` → TEXT; a typed array or DataView → BLOB of its bytes;
 * anything else (`undefined`, booleans, objects, symbols) → TypeError "Provided value
 * cannot be bound to SQLite parameter N."
 */
import { SqliteError } from "../errors.ts";
import { newReg, type Reg, setBlob, setInt, setNull, setReal, setText } from "../value/reg.ts";
import { INT64_MAX, INT64_MIN, normalizeInt } from "../value/types.ts";

/** A statement's parameter slots and how names reach them. */
export class ParameterBinder {
  /** One register per parameter slot (slot i holds parameter i + 1). */
  declare readonly regs: Reg[];
  /** Parameter names by index (index 0 unused), null for `?`/unnamed slots. */
  readonly #names: readonly (string | null)[];
  /** Exact name (with prefix) → index. */
  readonly #byName = new Map<string, number>();
  /** Name without its prefix → index, or -1 when two different names share it. */
  readonly #byBareName = new Map<string, number>();

  /** `names` as the parser lists them: index 0 unused, then one entry per slot. */
  constructor(names: readonly (string | null)[]) {
    this.#names = names;
    const count = Math.max(0, names.length - 1);
    this.regs = Array.from({ length: count }, newReg);
    for (let i = 1; i < names.length; i++) {
      const name = names[i];
      if (name === null) continue;
      this.#byName.set(name, i);
      const bare = name.slice(1);
      const seen = this.#byBareName.get(bare);
      this.#byBareName.set(bare, seen === undefined || seen === i ? i : -1);
    }
  }

  /** Fills {@link regs} from the arguments of `all(...)`, `get(...)` and the like. */
  bind(args: readonly unknown[]): readonly Reg[] {
    const regs = this.regs;
    for (let i = 0; i < regs.length; i++) setNull(regs[i]);
    let first = 0;
    const a0 = args[0];
    if (typeof a0 === "object" && a0 && !ArrayBuffer.isView(a0)) {
      const values = a0 as Record<string, unknown>;
      for (const key in values) {
        let index: number | undefined;
        if (key.length && PREFIXES.includes(key[0])) {
          index = this.#byName.get(key);
        } else {
          index = this.#byBareName.get(key);
          if (index === -1) {
            const clash = this.#names.filter((n) => n !== null && n.slice(1) === key);
            throw new SqliteError(
              "SQLITE_ERROR",
              `Cannot create bare named parameter '${key}' because of conflicting names ` +
                `'${clash[0]}' and '${clash[1]}'.`,
            );
          }
        }
        if (index === undefined) {
          throw new SqliteError("SQLITE_RANGE", `Unknown named parameter '${key}'`);
        }
        bindValue(regs[index - 1], values[key], index);
      }
      first = 1;
    }
    let index = 1;
    for (let i = first; i < args.length; i++) {
      // Positional values skip the slots named `:x`, `@x` or `$x` (not `?` or `?NNN`).
      while (index < this.#names.length && (this.#names[index] ?? "?")[0] !== "?") index++;
      if (index > regs.length) throw new SqliteError("SQLITE_RANGE", "column index out of range");
      bindValue(regs[index - 1], args[i], index);
      index++;
    }
    return regs;
  }
}

const PREFIXES = ":@$?";

/** Converts one JS value as node:sqlite binds it (see the module comment). */
export function bindValue(out: Reg, value: unknown, index: number): void {
  switch (typeof value) {
    case "number":
      setReal(out, value);
      return;
    case "string":
      // node:sqlite binds the UTF-8 of the string: a lone surrogate becomes U+FFFD.
      setText(out, value.isWellFormed() ? value : value.toWellFormed());
      return;
    case "bigint":
      if (value < INT64_MIN || value > INT64_MAX) {
        throw new TypeError("BigInt value is too large to bind");
      }
      setInt(out, normalizeInt(value));
      return;
    case "object":
      if (!value) {
        setNull(out);
        return;
      }
      if (ArrayBuffer.isView(value)) {
        setBlob(out, new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
        return;
      }
  }
  throw new TypeError(`Provided value cannot be bound to SQLite parameter ${index}.`);
}
