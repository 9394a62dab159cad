/**
 * SQLite's JSON subtype ('J', 74) for registers.
 *
 * A JSON function's TEXT result carries a subtype that tells another JSON function "this
 * is JSON, embed it as is" (`json_array(json('[1]'))` is `[[1]]`, while
 * `json_array('[1]')` is `["[1]"]`). A `Reg` has no room for it, so the mark lives beside
 * the register: a weak map from the register object to the exact string value marked.
 * The mark counts only while the register still holds that same string, so most other
 * writes to the register (a column read, a copy of another value) drop it by themselves.
 * A write of an equal string does not: where one register receives both marked and
 * unmarked values (a CASE's branches, a JSON function that returns plain TEXT for some
 * rows), the writer clears the mark first ({@link clearJsonSubtype}).
 *
 * Why a side table rather than a field on `Reg`: registers are the hot path of every
 * backend and of core/value, and many writers set `v`/`c` directly; a third field would
 * have to be cleared by all of them. Only JSON-aware paths pay for the weak map.
 *
 * Where SQLite keeps the subtype (checked against node:sqlite 3.53): a register copy
 * (OP_Copy/OP_SCopy without the clear flag: a scalar subquery's result, an aggregate's
 * result, a CASE / coalesce / ifnull / iif branch), a function returning one of its
 * arguments (nullif, scalar min/max, likely/unlikely/likelihood), unary plus, CAST of
 * TEXT to TEXT, the min()/max() aggregates (their best value keeps it), json_each /
 * json_tree's `value` column, and the column of a flattened subquery or CTE when that
 * column is a bare column reference. Where it drops it: anything stored in a record
 * (sorter, GROUP BY keys and bare columns, DISTINCT, UNION, materialized or co-routine
 * subqueries, window inputs), and a flattened subquery's column that is an expression
 * (SQLite's OP_ClrSubtype after the substituted expression).
 */
import type { Reg } from "../../value/reg.ts";
import { setText } from "../../value/reg.ts";
import { StorageClass } from "../../value/types.ts";

const marks = new WeakMap<Reg, string>();

/** Sets `out` to the TEXT `s` with the JSON subtype. */
export function setJsonText(out: Reg, s: string): void {
  setText(out, s);
  marks.set(out, s);
}

/** Whether `r` holds TEXT carrying the JSON subtype. */
export function hasJsonSubtype(r: Reg): boolean {
  return r.c === StorageClass.Text && marks.get(r) === r.v;
}

/**
 * Gives `to` the JSON subtype of `from`, or none when `from` has none (call after copying
 * the value): what a backend does where SQLite keeps the subtype across a register copy
 * (OP_Copy/SCopy of a function or aggregate result, a table-valued function's `value`
 * column, a no-op CAST to TEXT).
 */
export function copyJsonSubtype(to: Reg, from: Reg): void {
  if (hasJsonSubtype(from)) marks.set(to, from.v as string);
  else marks.delete(to);
}

/** Drops any JSON subtype of `r` (SQLite's OP_ClrSubtype). */
export function clearJsonSubtype(r: Reg): void {
  marks.delete(r);
}

/**
 * After a function returned one of its arguments unchanged (nullif, scalar min/max, the
 * likelihood hints): `out` takes the JSON subtype of the first argument holding the same
 * value, as SQLite's `sqlite3_result_value` copies the argument with its subtype.
 */
export function passJsonSubtype(args: readonly Reg[], out: Reg): void {
  if (out.c === StorageClass.Text) {
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      if (a.c === StorageClass.Text && a.v === out.v) {
        copyJsonSubtype(out, a);
        return;
      }
    }
  }
  marks.delete(out);
}

/** Marks `r` (already holding TEXT) as JSON. */
export function markJson(r: Reg): void {
  if (r.c === StorageClass.Text) marks.set(r, r.v as string);
}
