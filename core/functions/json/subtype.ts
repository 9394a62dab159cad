/**
 * SQLite's JSON subtype ('J', 74) for registers.
 *
 * A JSON function's TEXT result carries a subtype that tells another JSON function "this
 * is JSON, embed it as is" (`json_array(json('[1]'))` is `[[1]]`, while
 * `json_array('[1]')` is `["[1]"]`). A `Reg` has no room for it, so the mark lives beside
 * the register: a weak map from the register object to the exact string value marked.
 * The mark counts only while the register still holds that same string, so any other
 * write to the register (a column read, a copy of another value) drops it by itself.
 *
 * What the backend must preserve: a JSON function's result register passed straight to
 * another function as an argument (the interpreter evaluates nested calls into the
 * argument registers, which keeps the mark). What it must drop: SQLite drops the subtype
 * at every subquery / CTE / view boundary, even a flattened one (`SELECT json_array(j)
 * FROM (SELECT json('[1]') j)` is `["[1]"]`), and values read from tables never have
 * one. Copying a value into another register drops the mark here, which matches those
 * boundaries; a planner that substitutes a subquery's expression in place of its column
 * would keep it (and differ from SQLite).
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
 * Copies the JSON subtype of `from` onto `to` (call after copying the value): what a
 * backend does where SQLite keeps the subtype across a register copy (OP_Copy/SCopy of a
 * function or aggregate result, a table-valued function's `value` column, a no-op CAST
 * to TEXT).
 */
export function copyJsonSubtype(to: Reg, from: Reg): void {
  if (hasJsonSubtype(from)) marks.set(to, from.v as string);
}

/** Marks `r` (already holding TEXT) as JSON. */
export function markJson(r: Reg): void {
  if (r.c === StorageClass.Text) marks.set(r, r.v as string);
}
